"""Finished games the disk refused (a full disk): nothing that matters is lost.

At a game's end the session saves the final position (its turn hooks), then runs its
game-over hooks in order: the replay, then the statistics, which clear the autosave once
they are on disk.  Every one of them can be run again safely (a replay and a result are
kept once per ``game_id``).  When the disk refuses one:

- the game waits here, in memory, and ``retry()`` runs what is left again (the app calls it
  every few seconds, before a new game's first save, and when it closes) until all of it
  is on disk;
- if even the final position could not be saved, the autosave still holds the game in
  progress from an earlier turn: it is renamed aside (``shelf.set_aside_stale``), so a
  finished game never comes back as a game in progress (nor is it put in its rule set's
  slot as one when the next game is saved); the final position is written into the
  autosave when space comes back, unless a newer game holds the autosave by then, and the
  copy set aside is removed once the game's replay is on disk (``drop_set_aside``);
- but first the room the game keeps in the data folder for this (``storage.reserve``, written at
  start when the disk has room) is given back and the writes are tried again at once: on a disk
  that filled up during the game the finished game then reaches the disk straight away, and
  quitting loses nothing (the player is told that the disk is full);
- the player is told once that saving failed, and once that it works again
  (``take_notice``).

Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session

RETRY_EVERY = 5.0  # seconds between tries while a finished game waits

FAILED = ("Your finished game could not be saved ({why}). It is kept, and saved as soon as there is room "
          "again (its result and replay too); keep Tile Rush open until then.")
WORKS_AGAIN = "Saving works again: your finished game, its result and its replay are saved."
ROOM_USED = ("Your finished game, its result and its replay were saved in the room Tile Rush keeps for a "
             "full disk. Free some space on the disk, or the next games may not be saved.")
QUIT_TITLE = "Your finished game is not saved yet"
QUIT_WAITING = ("The disk is still full. If you quit now, the game's result and replay are lost. Free some space "
                "on the disk and keep Tile Rush open: it saves them by itself within seconds.")
TITLES = {WORKS_AGAIN: "Saved", ROOM_USED: "Saved, but the disk is full"}  # a notice's dialog title


class _Waiting:
    def __init__(self, session: "Session", final_saved: bool) -> None:
        self.session = session
        self.final_saved = final_saved
        self.why = ""  # what the disk said the last time


def _plain(why: str) -> str:
    """"not saved: No space left on device" -> "no space left on device"."""
    why = why.strip().rstrip(".").removeprefix("not saved: ")
    return why[:1].lower() + why[1:]


_waiting: list[_Waiting] = []
_notice = ""
_told_failing = False
_retrying = False


def finish(session: "Session", final_saved: bool = True) -> bool:
    """The finished game's writes (the final position when ``final_saved`` is False, then the
    game-over hooks); True when all reached the disk, else the game waits for ``retry``."""
    item = _Waiting(session, final_saved)
    if _run(item) or _run_in_kept_room(item):
        return True
    if not final_saved:
        from ..storage.saves import shelf

        shelf.set_aside_stale(session.game_id)
    _waiting.append(item)
    _failing(item.why)
    return False


def _run(item: _Waiting) -> bool:
    session = item.session
    try:
        if not item.final_saved:
            for hook in session.saver.turn_hooks:
                hook(session)
            item.final_saved = True
        for hook in session.saver.game_over_hooks:
            hook(session)
    except Exception as exc:  # a full disk, a folder gone: the game waits (said to the player once)
        session.saver.error = f"could not save the game ({exc})"
        item.why = _plain(str(exc))
        return False
    session.saver.error = ""
    return True


def _run_in_kept_room(item: _Waiting) -> bool:
    """The disk refused ``item``: give back the room kept for this and try once more."""
    global _notice
    from ..storage import reserve

    if not reserve.release() or not _run(item):
        return False
    _notice = ROOM_USED
    return True


def _failing(why: str) -> None:
    global _notice, _told_failing
    if not _told_failing:
        _told_failing = True
        _notice = FAILED.format(why=why or "the disk refused it")


def waiting() -> int:
    """How many finished games wait for the disk."""
    return len(_waiting)


def retry() -> bool:
    """Try again to write every waiting game; True when none is left waiting."""
    global _notice, _told_failing, _retrying
    if not _waiting or _retrying:  # (a waiting game's own final save comes through here too)
        return not _waiting
    _retrying = True
    try:
        for item in list(_waiting):
            if not (_run(item) or _run_in_kept_room(item)):
                return False  # the disk still refuses: the others would fail too
            _waiting.remove(item)
    finally:
        _retrying = False
    from ..storage import reserve

    reserve.ensure()  # there is room again: keep some for the next finished game
    drop_set_aside()  # the earlier turns set aside for these games are now superseded by them
    if _told_failing:
        _told_failing = False
        if _notice != ROOM_USED:  # (saved in the kept room: the disk is still full, say that)
            _notice = WORKS_AGAIN
    return True


def drop_set_aside() -> list:
    """Remove the autosave copies set aside for finished games (``shelf.set_aside_stale``) whose
    game is now on disk whole (its replay kept); the others stay.  Returns the files removed."""
    from ..replay import store
    from ..storage.saves import shelf

    return shelf.drop_set_aside(store.kept)


def autosave_taken(session: "Session") -> None:
    """A newer game now holds the autosave: a waiting game's final position no longer goes there
    (it would push the newer game aside); its replay and result are still written."""
    for item in _waiting:
        if item.session is not session:
            item.final_saved = True


def take_notice() -> str:
    """What the player should be told about saving (failed, or works again), once; then ""."""
    global _notice
    out, _notice = _notice, ""
    return out


def forget() -> None:
    """Drop every waiting game and notice (tests; a process that starts afresh)."""
    global _notice, _told_failing
    _waiting.clear()
    _notice, _told_failing = "", False
