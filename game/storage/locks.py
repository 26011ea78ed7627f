"""Locks between processes that share one data folder (the game, ``python -m game.demo``, ``game.saves``).

Two operating-system file locks, both in the data folder (the standard library's ``fcntl.flock``
on POSIX, ``msvcrt.locking`` on Windows; no extra package).  The system drops a lock when its
process ends, however it ends, so a lock file is never stale and is never deleted.

- ``claim_instance()``: held by a running game for its whole life (``tilerush.lock``).  A second
  copy of the game started on the same data folder does not get it: it opens read-only (it writes
  no file at all, ``persistence.set_read_only``) and says that Tile Rush is already open.
- ``files()``: a short lock (``files.lock``) around every read-modify-write of a shared file
  (statistics, the replays folder, tutorial progress, settings, the autosave and the kept games,
  every crash-safe write), so a tool running beside the game never loses what the game wrote, nor
  the other way round.  Re-entrant within a process (threads wait for each other), never waits for
  ever: after ``timeout`` seconds it goes on without the lock (a stopped process must not freeze the
  game; the writes themselves stay crash-safe).

Lock files are opened like every other file: without blocking, and only when they are ordinary files
(a pipe named ``files.lock`` is not waited on; then there is no lock, as on a folder where files
cannot be created).  Pure Python: no pygame here.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
from pathlib import Path
from typing import Iterator

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

INSTANCE_FILE = "tilerush.lock"
FILES_FILE = "files.lock"
FILES_TIMEOUT = 10.0  # seconds a writer waits for another process's short lock before going on without it


def _open_lock_file(path: Path, create: bool = True) -> int | None:
    """A descriptor for ``path`` (an ordinary file, created when missing), or None."""
    flags = os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    if create:
        flags |= os.O_CREAT
    try:
        fd = os.open(path, flags, 0o644)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
    except OSError:
        os.close(fd)
        return None
    return fd


def _try_lock(fd: int) -> bool:
    """Take the lock on ``fd`` without waiting; False when another process holds it."""
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows: lock the first byte
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
        else:  # pragma: no cover - Windows
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    except OSError:
        pass


# -- one copy of the game per data folder --------------------------------------------------------------


class InstanceLock:
    """The running game's claim on its data folder, until ``release()`` or the process ends."""

    def __init__(self, folder: Path, fd: int | None) -> None:
        self.folder = folder
        self._fd = fd  # None: claimed without a lock file (none could be made there), or released

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            _held_instances.pop(self.folder, None)
            _unlock(fd)
            os.close(fd)


_held_instances: dict[Path, InstanceLock] = {}


def claim_instance(folder: Path) -> InstanceLock | None:
    """Claim the data folder for this copy of the game.  None when another process holds it
    (Tile Rush is already open there).  Claiming again in the same process returns the same
    claim.  Where no lock file can be made (a read-only folder, a pipe in its place) the claim
    is given without a lock: the game must start, as it did before there were locks."""
    folder = Path(folder)
    held = _held_instances.get(folder)
    if held is not None and held.held:
        return held
    fd = _open_lock_file(folder / INSTANCE_FILE)
    if fd is None:
        return InstanceLock(folder, None)
    if not _try_lock(fd):
        os.close(fd)
        return None
    claim = InstanceLock(folder, fd)
    _held_instances[folder] = claim
    return claim


def instance_running(folder: Path) -> bool:
    """Does another process hold the data folder's claim?  (Looks only: creates nothing.)"""
    folder = Path(folder)
    held = _held_instances.get(folder)
    if held is not None and held.held:
        return False  # this process holds it
    fd = _open_lock_file(folder / INSTANCE_FILE, create=False)
    if fd is None:
        return False
    try:
        if _try_lock(fd):
            _unlock(fd)
            return False
        return True
    finally:
        os.close(fd)


# -- the short lock around a read-modify-write ----------------------------------------------------------


_thread_lock = threading.RLock()
_depth = 0  # how deep this process is inside ``files()`` (under ``_thread_lock``)
_fd: int | None = None  # the lock file while ``_depth`` > 0


@contextlib.contextmanager
def files(folder: Path | None, timeout: float = FILES_TIMEOUT) -> Iterator[bool]:
    """Hold ``folder``'s short lock for a read-modify-write; yields True when it is held (False:
    no folder (None), no lock file possible, or another process kept it longer than ``timeout``
    seconds).  Re-entrant: an inner call joins the outer one.  The game calls it through
    ``persistence.files_lock()``, which names the data folder."""
    global _depth, _fd
    if not _thread_lock.acquire(timeout=max(0.0, timeout)):
        yield False
        return
    try:
        if _depth == 0:
            _fd = None if folder is None else _take_files_lock(Path(folder), timeout)
        _depth += 1
        try:
            yield _fd is not None
        finally:
            _depth -= 1
            if _depth == 0 and _fd is not None:
                fd, _fd = _fd, None
                _unlock(fd)
                os.close(fd)
    finally:
        _thread_lock.release()


def _take_files_lock(folder: Path, timeout: float) -> int | None:
    fd = _open_lock_file(folder / FILES_FILE)
    if fd is None:
        return None
    deadline = time.monotonic() + timeout
    pause = 0.001
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            os.close(fd)
            return None
        time.sleep(pause)
        pause = min(pause * 2, 0.02)
    return fd
