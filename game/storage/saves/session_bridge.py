"""The bridge for the play screens: a whole session in the autosave slot.

``game.play.session.Session.to_dict()`` gives {"state": GameState.to_dict(), ...its own fields (timer, rack
arrangement, demo flag)}.  These four functions store such a dict in the autosave slot through the saves
package (same format, checks, backup and recovery as every save); see docs/saves.md.

Pure Python: no pygame here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import shelf, store


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
    state, rest = _split_session(session)
    if rest.get("demo") is True:
        result = store.save_game(store.DEMO_SLOT, state, rest)
    else:  # an unfinished other game found in the autosave is kept in its rule set's slot first
        result = shelf.save_current(state, rest)
    if not result.ok:
        raise OSError(result.message)
    return result


def has_autosave() -> bool:
    return store.autosave_exists()


def autosave_path() -> Path:
    return store.slot_path("autosave")


def load_autosave() -> tuple[dict | None, str]:
    """(session dict, message) for Continue.  The message is empty, or explains a recovery from the
    backup (show it); on failure the dict is None and the message says why.  Never raises."""
    got = store.load_game("autosave")
    if not got.ok:
        return None, got.message
    return {**got.session, "state": got.state.to_dict()}, got.message
