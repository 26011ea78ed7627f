"""``pip install .`` gives a working ``tile-rush`` command: the wheel is built with the project's
own build backend (pip, with build isolation: the backend comes from the configured package
index), installed offline into a fresh virtual environment (``--no-deps --no-index``: the game's
own files only; ``--help`` needs no third-party package) and run.

Skipped only where a virtual environment cannot be made at all (a Python built without
``venv``/``ensurepip``, as some Linux distributions ship it): then there is nothing to install
into.  Any other failure (the build, the install, the command) fails the test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _run(cmd: list, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=600, **kw)


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("venv") / "fresh"
    made = _run([sys.executable, "-m", "venv", where])
    if made.returncode != 0:
        pytest.skip(f"no virtual environment can be made here (python -m venv: {made.stderr.strip()[-300:]})")
    return where


def test_the_wheel_installs_and_tile_rush_help_runs(fresh_venv, tmp_path):
    src = tmp_path / "src"  # a copy: the build leaves nothing in the source tree
    shutil.copytree(ROOT / "game", src / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "assets", src / "assets")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    dist = tmp_path / "dist"
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", dist, src])
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheels = list(dist.glob("tile_rush-*.whl"))
    assert len(wheels) == 1, wheels
    py = fresh_venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    installed = _run([py, "-m", "pip", "install", "--no-deps", "--no-index", wheels[0]])
    assert installed.returncode == 0, installed.stderr[-2000:]
    script = fresh_venv / ("Scripts" if os.name == "nt" else "bin") / "tile-rush"
    assert script.exists()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    shown = _run([script, "--help"], cwd=tmp_path, env=env)  # away from the source tree: the installed game
    assert shown.returncode == 0, shown.stderr
    assert "usage:" in shown.stdout and "--variant" in shown.stdout
    # the typeface comes with the wheel, where the installed game looks for it
    font = fresh_venv / "share" / "tile-rush" / "fonts" / "DejaVuSans-Bold.ttf"
    assert font.read_bytes() == (ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf").read_bytes()
    found = _run([py, "-c", "import sys; sys.modules['pygame'] = type(sys)('pygame'); "
                            "from game.ui.theme import FONT_FILE; print(FONT_FILE)"], cwd=tmp_path, env=env)
    assert found.returncode == 0 and Path(found.stdout.strip()) == font, found.stderr[-1500:]
    bad = _run([script, "--no-such-flag"], cwd=tmp_path, env=env)
    assert bad.returncode == 2 and "unrecognized arguments" in bad.stderr and "Traceback" not in bad.stderr
