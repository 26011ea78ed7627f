"""Set-up used by the README's two commands: a private virtual environment in
``.venv`` next to this file, created on first use and refreshed whenever the
dependencies in ``pyproject.toml`` change.  Needs only Python 3.11+."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"


def _venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def requirements(extras: tuple[str, ...] = ()) -> list[str]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    reqs = list(meta["dependencies"])
    for extra in extras:
        reqs += meta.get("optional-dependencies", {}).get(extra, [])
    return reqs


def ensure(extras: tuple[str, ...] = ()) -> Path:
    """Return the venv's interpreter, creating the venv / installing packages as needed."""
    reqs = requirements(extras)
    stamp = VENV / f".installed-{'-'.join(extras) or 'base'}"
    digest = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    py = _venv_python()
    if not py.exists():
        print("First run: creating a private Python environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    if not stamp.exists() or stamp.read_text() != digest:
        print(f"Installing {', '.join(reqs)} ...", flush=True)
        cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", *reqs]
        if subprocess.call(cmd) != 0:
            sys.exit("Could not install the game's packages (is the network reachable?).")
        stamp.write_text(digest)
    return py


def in_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def reexec(extras: tuple[str, ...], argv: list[str]) -> None:
    """Run ``argv`` with the venv's interpreter, replacing this process where possible."""
    py = ensure(extras)
    os.environ["TILE_RUSH_BOOTSTRAPPED"] = "1"
    if os.name == "nt":
        sys.exit(subprocess.call([str(py), *argv]))
    os.execv(str(py), [str(py), *argv])
