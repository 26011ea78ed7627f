"""Which lessons the player has finished, kept in the data folder (``tutorial.json``).

Written with the crash-safe helpers of ``game.storage.persistence``; a damaged file is set
aside and the progress starts again (never an exception in front of the player).
"""

from __future__ import annotations

from typing import Any

from ..storage import persistence

FILE = "tutorial.json"
FORMAT = "tile-rush-tutorial"


def _path():
    return persistence.data_dir() / FILE


def _check(obj: Any) -> dict:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise ValueError("not a tutorial progress file")
    done = obj.get("done")
    if not isinstance(done, list) or not all(isinstance(k, str) and 0 < len(k) <= 80 for k in done):
        raise ValueError("the list of finished lessons is damaged")
    return {"format": FORMAT, "done": sorted(set(done))}


def load() -> set[str]:
    """Keys ("track/lesson") of the finished lessons; empty when there is no file yet."""
    return load_with_reason()[0]


def load_with_reason() -> tuple[set[str], str]:
    """(the finished lessons, "") or (nothing, the sentence saying why the file could not be read:
    e.g. no permission; the file is then left as it is and not written over)."""
    try:
        got = persistence.load_with_backup(_path(), _check)
    except OSError:
        return set(), ""
    if got.unreadable:
        return set(), (f"Your progress ({FILE}) could not be read ({got.unreadable}), so finished lessons are "
                       "not shown or remembered.")
    return (set(got.value["done"]) if got.ok else set()), ""


def exists() -> bool:
    """The player has opened the tutorial's progress before (a first-time player has not)."""
    try:
        path = _path()
    except OSError:
        return False
    return path.exists() or persistence.backup_path(path).exists()


def mark_done(key: str) -> bool:
    """Remember that a lesson was finished.  False when the file could not be written (a file
    that exists but cannot be read is never written over)."""
    try:
        with persistence.files_lock():  # read, add, write: a lesson finished in another process is kept
            got = persistence.load_with_backup(_path(), _check)
            if got.unreadable:
                return False
            done = set(got.value["done"]) if got.ok else set()
            done.add(key)
            persistence.atomic_write_json(_path(), {"format": FORMAT, "done": sorted(done)})
    except OSError:
        return False
    return True


def touch() -> None:
    """Create the progress file (the tutorial was offered), keeping what is in it."""
    try:
        with persistence.files_lock():
            if not exists():
                persistence.atomic_write_json(_path(), {"format": FORMAT, "done": []})
    except OSError:
        pass
