"""Room kept in the data folder for a finished game, for when the disk is full.

A finished game's last writes (its final position, its replay, its result in the statistics)
must reach the disk even when the disk filled up during the game, or they would live only in
memory and be lost when the player quits.  So the game keeps ``space.reserve`` in the data folder:
``SIZE`` bytes of random data (random, so a compressing file system cannot shrink it), written when
the game starts and only when the disk has plenty of room (``MIN_FREE``), so keeping it never
fills a disk.  When the disk refuses a finished game, ``release()`` removes it and the writes are
tried again at once (``game.play.unsaved``); the next start writes it again when there is room.

It is the game's own file: never read, only ever written whole or removed, and only when it is
an ordinary file (a pipe or a folder of that name is left alone).  A read-only copy of the game
(another copy holds the data folder) neither writes nor removes it.  Nothing here raises.
Pure Python: no pygame here.
"""

from __future__ import annotations

import logging
import os
import shutil
import stat
from pathlib import Path

from . import persistence

RESERVE_FILE = "space.reserve"
SIZE = 512 * 1024  # a long game's final save, its replay and the statistics need well under half of it
MIN_FREE = 8 * SIZE  # the reserve is written only when the disk has at least this much room

log = logging.getLogger(__name__)


def path() -> Path:
    return persistence.data_dir(create=False) / RESERVE_FILE


def _ordinary_size(p: Path) -> int | None:
    """The size of ``p`` when it is an ordinary file (not followed through a link), else None."""
    try:
        st = os.lstat(p)
    except OSError:
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def held() -> bool:
    """Is the whole reserve in place?"""
    try:
        return _ordinary_size(path()) == SIZE
    except OSError:
        return False


def ensure() -> bool:
    """Write the reserve when it is missing or short and the disk has room for it (``MIN_FREE``);
    True when it is in place afterwards.  Called when the game starts and when saving works again."""
    if persistence.read_only_reason():
        return False
    try:
        folder = persistence.data_dir(create=False)
        if not folder.is_dir():
            return False
        p = folder / RESERVE_FILE
        if os.path.lexists(p):
            size = _ordinary_size(p)
            if size == SIZE:
                return True
            if size is None:
                return False  # a pipe, a link or a folder of that name: not ours, left alone
        if shutil.disk_usage(folder).free < MIN_FREE:
            return False
        with persistence.files_lock():
            _write(p)
    except OSError as exc:
        log.info("no room kept for a finished game (%s)", exc)
        return False
    return held()


def _write(p: Path) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    fd = os.open(p, flags | getattr(os, "O_BINARY", 0), 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return
        written = 0
        while written < SIZE:
            written += os.write(fd, os.urandom(min(64 * 1024, SIZE - written)))
    except OSError:
        os.close(fd)
        fd = -1
        _remove(p)  # a part of the reserve would only take room the saves need
        raise
    finally:
        if fd >= 0:
            os.close(fd)


def _remove(p: Path) -> bool:
    if _ordinary_size(p) is None:
        return False
    try:
        os.unlink(p)
    except OSError:
        return False
    return True


def release() -> bool:
    """Remove the reserve to make room for a finished game; True when there was one to remove."""
    if persistence.read_only_reason():
        return False
    try:
        p = path()
        with persistence.files_lock():
            return _remove(p)
    except OSError as exc:
        log.info("the room kept for a finished game could not be given back (%s)", exc)
        return False
