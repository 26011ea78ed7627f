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
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

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


def dump_json(obj: Any) -> bytes:
    """The canonical bytes we write: compact, sorted keys, ASCII, no NaN or infinity."""
    return json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=True, allow_nan=False).encode("ascii")


def atomic_write_json(path: Path, obj: Any, keep_backup: bool = True) -> None:
    """Write ``obj`` as JSON so that a crash at any moment leaves either the old
    file or the new one (and, with ``keep_backup``, the previous good one as .bak)."""
    atomic_write_bytes(path, dump_json(obj), keep_backup)


def atomic_write_bytes(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Crash-safe replacement of ``path`` by ``data``.

    1. ``data`` goes to a temporary file in the same folder, flushed and fsynced;
    2. with ``keep_backup`` the current file becomes ``NAME.bak`` (hard-linked, or
       copied and fsynced where the file system has no hard links), so at every
       instant a complete file exists under at least one of the two names;
    3. ``os.replace`` puts the new file in place atomically; the folder is fsynced.

    A kill at any moment leaves the old file or the new one under ``path`` (plus,
    at worst, a stray temporary file that ``clean_stale_temps`` removes later).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_backup and path.exists():
            _make_backup(path)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _make_backup(path: Path) -> None:
    bak = backup_path(path)
    tmp_bak = bak.with_name(bak.name + ".tmp")
    try:
        if tmp_bak.exists():
            tmp_bak.unlink()
        try:
            os.link(path, tmp_bak)
        except OSError:  # no hard links here (FAT USB stick, some network drives): copy instead
            with open(path, "rb") as src, open(tmp_bak, "wb") as dst:
                shutil.copyfileobj(src, dst)
                dst.flush()
                os.fsync(dst.fileno())
        os.replace(tmp_bak, bak)
    except OSError:
        pass  # the backup is a bonus; the new file is still written atomically


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


MAX_FILE_BYTES = 20_000_000
TOO_LARGE = "the file is far too large to be a save"


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number a save may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def parse_json(raw: bytes) -> tuple[Any, str]:
    """(object, "") or (None, reason).  Strict: UTF-8, no NaN/Infinity, no overflowing floats."""
    if len(raw) > MAX_FILE_BYTES:
        return None, TOO_LARGE
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None, "not a text file (the bytes are not UTF-8)"
    if not text.strip():
        return None, "the file is empty"
    try:
        return json.loads(text, parse_constant=_no_constants, parse_float=_finite_float), ""
    except ValueError as exc:  # JSONDecodeError, our number checks, too many digits
        return None, f"not valid JSON ({exc})"
    except RecursionError:
        return None, "not valid JSON (nested too deeply)"


def read_bytes(path: Path) -> tuple[bytes | None, str]:
    try:
        path = Path(path)
        if path.stat().st_size > MAX_FILE_BYTES:
            return None, TOO_LARGE
        return path.read_bytes(), ""
    except FileNotFoundError:
        return None, "no such file"
    except IsADirectoryError:
        return None, "that is a folder, not a file"
    except OSError as exc:
        return None, f"cannot read the file ({exc.strerror or exc})"


def read_json(path: Path) -> tuple[Any, str]:
    """(object, "") or (None, reason).  Never raises for a bad or missing file."""
    raw, reason = read_bytes(path)
    if raw is None:
        return None, reason
    return parse_json(raw)


# -- damaged files and stray temporaries ------------------------------------------------------


def quarantine(path: Path, now: float | None = None) -> Path | None:
    """Keep a damaged file aside as ``NAME.damaged-YYYYMMDD-HHMMSS`` (never deleted).
    Returns the new path, or None when the file could not be moved."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 2
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    try:
        os.replace(path, target)
    except OSError:
        return None
    _fsync_dir(path.parent)
    return target


def clean_stale_temps(folder: Path, older_than: float = 120.0) -> int:
    """Remove temporary files a killed writer left behind (only old ones, so a
    write in progress in another process is never disturbed).  Returns how many."""
    removed = 0
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    limit = time.time() - older_than
    for entry in entries:
        name = entry.name
        stray = (name.startswith(".") and name.endswith(".tmp")) or name.endswith(".bak.tmp")
        if not stray:
            continue
        try:
            if entry.is_file() and entry.stat().st_mtime < limit:
                entry.unlink()
                removed += 1
        except OSError:
            pass
    return removed


T = TypeVar("T")


@dataclass
class Recovered(Generic[T]):
    """What ``load_with_backup`` found: a value, where it came from and what went wrong."""

    value: T | None
    source: str  # "file", "backup" or "none"
    problems: list[str] = field(default_factory=list)  # one sentence per refused file
    damaged: list[Path] = field(default_factory=list)  # where refused files were kept aside
    missing: bool = False  # neither the file nor its backup exists

    @property
    def ok(self) -> bool:
        return self.value is not None

    @property
    def recovered_from_backup(self) -> bool:
        return self.source == "backup"


def load_with_backup(path: Path, check: Callable[[Any], T], restore: bool = True) -> Recovered[T]:
    """Load ``path`` through ``check`` (which returns the value or raises ``ValueError``
    with a reason), falling back to ``NAME.bak``.  A refused file is kept aside under a
    new name; with ``restore`` a good backup is copied back to ``path``.  Never raises
    for anything found on disk."""
    path = Path(path)
    out: Recovered[T] = Recovered(None, "none")
    seen_any = False
    for source, candidate in (("file", path), ("backup", backup_path(path))):
        raw, reason = read_bytes(candidate)
        if raw is None and reason == "no such file":
            continue
        seen_any = True
        value = None
        if raw is not None:
            obj, reason = parse_json(raw)
            if reason == "":
                try:
                    value = check(obj)
                except ValueError as exc:
                    reason = str(exc) or "the file is damaged"
        if value is not None:
            out.value, out.source = value, source
            if source == "backup" and restore:
                try:
                    atomic_write_bytes(path, raw, keep_backup=False)
                except OSError:
                    pass
            return out
        label = "the file" if source == "file" else "its backup"
        out.problems.append(f"{label} {candidate.name}: {reason}")
        unreadable = raw is None and reason != TOO_LARGE  # permissions, a folder: not damage, leave it
        if not unreadable:
            kept = quarantine(candidate)
            if kept is not None:
                out.damaged.append(kept)
    out.missing = not seen_any
    return out


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
            if isinstance(v, str) and 0 < len(v.strip()) <= 24 and v.isprintable():
                out[key] = v.strip()
    return out


def _settings_check(raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ValueError("settings must be a JSON object")
    return _clean_settings(raw)


def load_settings() -> dict[str, Any]:
    """Settings with every field checked: a bad field falls back to its default; a
    damaged file is kept aside and the backup used, else the defaults.  Never raises."""
    try:
        got = load_with_backup(data_dir() / SETTINGS_FILE, _settings_check)
    except OSError:
        return dict(DEFAULT_SETTINGS)
    return got.value if got.value is not None else dict(DEFAULT_SETTINGS)


def save_settings(settings: dict[str, Any]) -> bool:
    """Write the settings crash-safe; False (nothing lost, old file kept) when the disk refuses."""
    try:
        atomic_write_json(data_dir() / SETTINGS_FILE, _clean_settings(settings))
    except OSError:
        return False
    return True


# -- the bridge for the play screens ---------------------------------------------------------------
# ``game.session.Session.to_dict()`` gives {"state": GameState.to_dict(), ...its own fields (timer, rack
# arrangement, demo flag)}.  These four functions store such a dict in the autosave slot through
# ``game.saves`` (same format, checks, backup and recovery as every save); see docs/saves.md.


def _split_session(session: dict) -> tuple[Any, dict]:
    if not isinstance(session, dict):
        raise TypeError("a session must be a dict")
    if "state" in session:
        return session["state"], {k: v for k, v in session.items() if k != "state"}
    return session, {}  # a bare GameState dict


def autosave(session: dict) -> Any:
    """Save a ``Session.to_dict()`` in the autosave slot (a demo session in the ``demo`` slot, so
    the attract mode never overwrites the player's game).  Returns the ``SaveResult``; raises
    ``OSError`` with a readable message when nothing could be saved (the old save is kept), so a
    turn hook can show it."""
    from . import saves
    from .saves import shelf

    state, rest = _split_session(session)
    if rest.get("demo") is True:
        result = saves.save_game(saves.DEMO_SLOT, state, rest)
    else:  # an unfinished other game found in the autosave is kept in its rule set's slot first
        result = shelf.save_current(state, rest)
    if not result.ok:
        raise OSError(result.message)
    return result


def has_autosave() -> bool:
    from . import saves

    return saves.autosave_exists()


def autosave_path() -> Path:
    from . import saves

    return saves.slot_path("autosave")


def load_autosave() -> tuple[dict | None, str]:
    """(session dict, message) for Continue.  The message is empty, or explains a recovery from the
    backup (show it); on failure the dict is None and the message says why.  Never raises."""
    from . import saves

    got = saves.load_game("autosave")
    if not got.ok:
        return None, got.message
    return {**got.session, "state": got.state.to_dict()}, got.message
