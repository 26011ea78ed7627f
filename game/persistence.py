"""Files on disk: where they live, and crash-safe JSON writing.

Everything lives in the platformdirs user data folder, or in ``$RUMMIKUB_HOME``
when that is set (portable use, tests).  Writes go to a temporary file in the
same folder, are flushed and fsynced, and then replace the old file with
``os.replace``; the previous good file is kept as ``NAME.bak``.

Pure Python apart from platformdirs (imported lazily); no pygame here.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

APP_NAME = "TileRush"
ENV_HOME = "RUMMIKUB_HOME"


def data_dir() -> Path:
    """The folder for saves, settings and statistics (created on demand)."""
    home = os.environ.get(ENV_HOME)
    if home:
        path = Path(home).expanduser()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def atomic_write_json(path: Path, obj: Any, keep_backup: bool = True) -> None:
    """Write ``obj`` as JSON so that a crash at any moment leaves either the old
    file or the new one (and, with ``keep_backup``, the previous good one as .bak)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(obj, separators=(",", ":"), sort_keys=True).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.exists():
            # Hard-link the current file as the backup first, so at every instant a
            # complete file exists under at least one of the two names.
            bak = backup_path(path)
            tmp_bak = bak.with_name(bak.name + ".tmp")
            try:
                if tmp_bak.exists():
                    tmp_bak.unlink()
                os.link(path, tmp_bak)
                os.replace(tmp_bak, bak)
            except OSError:
                pass
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_json(path: Path) -> tuple[Any, str]:
    """(object, "") or (None, reason).  Never raises for a bad or missing file."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        return None, "no such file"
    except OSError as exc:
        return None, f"cannot read the file ({exc.strerror or exc})"
    if len(raw) > 20_000_000:
        return None, "the file is far too large to be a save"
    try:
        return json.loads(raw.decode("utf-8")), ""
    except (UnicodeDecodeError, ValueError) as exc:
        return None, f"not valid JSON ({exc})"
    except RecursionError:
        return None, "not valid JSON (nested too deeply)"


# -- settings -----------------------------------------------------------------------------------

SETTINGS_FILE = "settings.json"
DEFAULT_SETTINGS: dict[str, Any] = {
    "volume": 0.7,  # 0..1
    "muted": False,
    "animation_speed": 1.0,  # 0 = off, 0.5 slow, 1 normal, 2 fast
    "window_size": [1280, 800],
    "fullscreen": False,
    "colorblind": False,
    "warn_invalid_end": True,  # Golden Games: warn before ending a turn that would be penalised
    "player_name": "You",
}


def _clean_settings(raw: Any) -> dict[str, Any]:
    out = dict(DEFAULT_SETTINGS)
    if not isinstance(raw, dict):
        return out
    for key, default in DEFAULT_SETTINGS.items():
        v = raw.get(key)
        if v is None:
            continue
        if isinstance(default, bool):
            if isinstance(v, bool):
                out[key] = v
        elif isinstance(default, float):
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                out[key] = float(min(max(v, 0.0), 4.0 if key == "animation_speed" else 1.0))
        elif isinstance(default, list):
            if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and 320 <= x <= 10000 for x in v):
                out[key] = list(v)
        elif isinstance(default, str):
            if isinstance(v, str) and 0 < len(v) <= 24:
                out[key] = v
    return out


def load_settings() -> dict[str, Any]:
    """Settings with every field checked; a damaged file falls back to the backup, then defaults."""
    path = data_dir() / SETTINGS_FILE
    raw, _ = read_json(path)
    if raw is None:
        raw, _ = read_json(backup_path(path))
    return _clean_settings(raw)


def save_settings(settings: dict[str, Any]) -> None:
    atomic_write_json(data_dir() / SETTINGS_FILE, _clean_settings(settings))
