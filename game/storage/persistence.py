"""Files on disk: where they live, and crash-safe JSON writing.

Everything lives in the platformdirs user data folder, or in ``$RUMMIKUB_HOME``
when that is set (portable use, tests).  Writes go to a temporary file in the
same folder, are flushed and fsynced, and then replace the old file with
``os.replace``; the previous good file is kept as ``NAME.bak``.

Pure Python apart from platformdirs (imported lazily); no pygame here.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, Iterator, TypeVar

from . import locks

APP_NAME = "TileRush"
ENV_HOME = "RUMMIKUB_HOME"

_read_only = ""  # why this process must write nothing (another copy of the game holds the data folder)


def set_read_only(reason: str) -> None:
    """From now on this process writes no file in any way (``atomic_write_bytes`` raises
    ``ReadOnlyError``, nothing is kept aside, restored or removed).  ``""`` lifts it (tests)."""
    global _read_only
    _read_only = reason


def read_only_reason() -> str:
    return _read_only


def files_lock(timeout: float = locks.FILES_TIMEOUT):
    """The data folder's short lock (``locks.files``), held around every read-modify-write of a
    shared file; a read-only copy, or a data folder not made yet, takes none (and creates nothing)."""
    folder = None
    if not _read_only:
        try:
            home = data_dir(create=False)
            folder = home if home.is_dir() else None
        except OSError:
            folder = None
    return locks.files(folder, timeout)


class ReadOnlyError(PermissionError):
    """A write refused because this copy of the game is read-only."""


def check_writable() -> None:
    """Raise ``ReadOnlyError`` in a read-only copy (for what removes or renames files)."""
    if _read_only:
        raise ReadOnlyError(errno.EROFS, _read_only)


def data_dir(create: bool = True) -> Path:
    """The folder for saves, settings and statistics (created on demand; ``create=False``
    for what only reads, such as ``python -m game.saves check``)."""
    home = os.environ.get(ENV_HOME)
    if home:
        path = Path(home).expanduser()
    else:
        import platformdirs

        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    if create:
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
    A file that exists but cannot be read (no permission) is never written over: ``PermissionError``.
    The whole write holds the data folder's short lock (``locks.files``); a read-only copy of the
    game writes nothing (``ReadOnlyError``).
    """
    check_writable()
    path = Path(path)
    with files_lock():
        refused = unreadable_reason(path)
        if refused:
            raise PermissionError(errno.EACCES, f"{path.name} could not be read ({refused}), so it was not written over")
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


def unreadable_reason(path: Path) -> str:
    """Why an existing ordinary file cannot be read (no permission), else "" (also for a missing
    file, a pipe or a folder: those are replaced by name, never written into)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return ""
    except PermissionError as exc:
        return (exc.strerror or "permission denied").lower()
    except OSError:
        return ""
    os.close(fd)
    return ""


_crash_saving = 0  # > 0 while the game saves after an error (see ``crash_saving``)


@contextlib.contextmanager
def crash_saving() -> Iterator[None]:
    """Saves made inside this block (the game saving what it can after an error) keep the
    backup as it is: the game that failed may be what caused the error, and it must never
    push the last good save out of ``NAME.bak``."""
    global _crash_saving
    _crash_saving += 1
    try:
        yield
    finally:
        _crash_saving -= 1


def in_crash_save() -> bool:
    return _crash_saving > 0


def _make_backup(path: Path) -> None:
    bak = backup_path(path)
    tmp_bak = bak.with_name(bak.name + ".tmp")
    try:
        if tmp_bak.exists():
            tmp_bak.unlink()
        try:
            os.link(path, tmp_bak)
        except OSError:  # no hard links here (FAT USB stick, some network drives): copy instead
            raw, _reason = read_bytes(path)  # through the special-file guard: a pipe is not waited on
            if raw is None:
                return
            with open(tmp_bak, "wb") as dst:
                dst.write(raw)
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


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            shown = key[:40].encode("unicode_escape").decode("ascii")
            raise ValueError(f"the key {shown!r} appears twice in one object")
        out[key] = value
    return out


def parse_json(raw: bytes) -> tuple[Any, str]:
    """(object, "") or (None, reason).  Strict: UTF-8, no NaN/Infinity, no overflowing
    floats, no key twice in one object (which copy would count is anybody's guess)."""
    if len(raw) > MAX_FILE_BYTES:
        return None, TOO_LARGE
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None, "not a text file (the bytes are not UTF-8)"
    if not text.strip():
        return None, "the file is empty"
    try:
        return json.loads(text, parse_constant=_no_constants, parse_float=_finite_float,
                          object_pairs_hook=_no_duplicate_keys), ""
    except ValueError as exc:  # JSONDecodeError, our number checks, too many digits
        return None, f"not valid JSON ({exc})"
    except RecursionError:
        return None, "not valid JSON (nested too deeply)"


CANNOT_READ = "cannot read the file"


def plain_reason(reason: str) -> str:
    """The reason alone, for "X could not be read (...)": "cannot read the file (Permission denied)" gives
    "permission denied"."""
    if reason.startswith(CANNOT_READ + " (") and reason.endswith(")"):
        return reason[len(CANNOT_READ) + 2:-1].lower()
    if reason == NOT_A_FILE:
        return "it is not an ordinary file but a pipe, a device or a folder"
    return reason


NOT_A_FILE = "not an ordinary file (a pipe, a device or a folder), so it was not read"


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> tuple[bytes | None, str]:
    """(bytes, "") or (None, reason).  Reads only an ordinary file, never more than
    ``limit`` bytes, and never waits: the file is opened without blocking (a pipe
    named like a save must not hang the game) and checked with ``fstat`` before a
    byte is read; a link to a device such as /dev/zero is refused the same way."""
    try:
        path = Path(path)
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None, "no such file"
    except IsADirectoryError:
        return None, "that is a folder, not a file"
    except (OSError, ValueError) as exc:
        return None, f"{CANNOT_READ} ({getattr(exc, 'strerror', None) or exc})"
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            return None, "that is a folder, not a file"
        if not stat.S_ISREG(info.st_mode):
            return None, NOT_A_FILE
        if info.st_size > limit:
            return None, TOO_LARGE
        chunks, got = [], 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:  # it grew while we read
            return None, TOO_LARGE
        return b"".join(chunks), ""
    except OSError as exc:
        return None, f"{CANNOT_READ} ({exc.strerror or exc})"
    finally:
        os.close(fd)


def read_json(path: Path) -> tuple[Any, str]:
    """(object, "") or (None, reason).  Never raises for a bad or missing file."""
    raw, reason = read_bytes(path)
    if raw is None:
        return None, reason
    return parse_json(raw)


# -- damaged files and stray temporaries ------------------------------------------------------


def quarantine(path: Path, now: float | None = None) -> Path | None:
    """Keep a damaged file aside as ``NAME.damaged-YYYYMMDD-HHMMSS`` (never deleted).
    Returns the new path, or None when the file could not be moved (or this copy is read-only)."""
    if _read_only:
        return None
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
    if _read_only:
        return 0
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


class LeaveInPlace(ValueError):
    """A refusal that is not damage (a file from a newer version of the game): the
    file stays where it is, under its own name, and its backup is not used in its
    place (the backup would be written over it)."""


@dataclass
class Recovered(Generic[T]):
    """What ``load_with_backup`` found: a value, where it came from and what went wrong."""

    value: T | None
    source: str  # "file", "backup" or "none"
    problems: list[str] = field(default_factory=list)  # one sentence per refused file
    damaged: list[Path] = field(default_factory=list)  # where refused files were kept aside
    missing: bool = False  # neither the file nor its backup exists
    newer: bool = False  # the file was written by a newer version: left as it is, not replaced
    unreadable: str = ""  # why the file could not be read (permission, a pipe): left as it is, backup not used

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
    for anything found on disk.

    A file that exists but cannot be read (no permission, a pipe) is not damage: it is left
    where it is and its older backup is neither used nor put in its place (``unreadable`` says
    why); the caller runs on defaults, and ``atomic_write_bytes`` will not write over it.
    The whole of it holds the data folder's short lock (it may keep aside and restore files)."""
    with files_lock():
        return _load_with_backup(Path(path), check, restore)


def _load_with_backup(path: Path, check: Callable[[Any], T], restore: bool) -> Recovered[T]:
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
                except LeaveInPlace as exc:
                    out.problems.append(str(exc))
                    out.newer = True
                    return out
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
        unreadable = raw is None and reason != TOO_LARGE  # permissions, a folder, a pipe: not damage, leave it
        if unreadable and source == "file":
            out.unreadable = plain_reason(reason)
            return out  # never the older backup in its place
        if not unreadable:
            kept = quarantine(candidate)
            if kept is not None:
                out.damaged.append(kept)
    out.missing = not seen_any
    return out
