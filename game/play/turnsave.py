"""The turn in progress, kept in a save (pure: no pygame here).

A ``Session`` saves the ``GameState`` as it stood at the start of the turn plus its
own data; this module adds the person's unfinished turn to that data, so Continue
puts every tile back where the player left it: the draft table, the rack order and
the table tiles held on the rack.  The time left on the turn clock is the session's
``timer_remaining``.

``snapshot(session)`` gives ``{"round", "turn", "seat", "board", "rack", "rack_cols"}``
(or None when there is nothing to keep); ``restore(session, data)`` puts it back when
it belongs to exactly this turn and moves only the player's own tiles, and otherwise
leaves the turn at its start (an older save, or one edited by hand, still loads).
"""

from __future__ import annotations

from typing import Any

from .rack import MAX_RACK_COLS, RACK_ROWS
from ..rules.board import Board

FIELD = "turn_in_progress"
MAX_CELL = 10_000  # a crossword board grows, but never this far
KEEP_EVERY = 10.0  # seconds of play between writes of an unfinished turn (see ``Keeper``)


class Keeper:
    """When to write the person's unfinished turn to the autosave while they play it.

    Quitting, closing the window, the pause menu and a crash save the turn at once; a process
    killed outright (power cut, SIGKILL) saves nothing, so the session also writes the turn
    every ``KEEP_EVERY`` seconds of play when the draft or the rack changed, or when the turn
    clock runs (so it comes back with the time that was left).  At most those seconds of a
    turn are lost.  The clock is the session's ``elapsed``: a paused game writes nothing."""

    def __init__(self) -> None:
        self.at = 0.0  # ``session.elapsed`` at the last write (or at the start of the turn)
        self.version = -1  # ``session.version`` then

    def started(self, session: Any) -> None:
        """A turn began: its start was just saved with the turn before."""
        self.at, self.version = session.elapsed, session.version

    def due(self, session: Any) -> bool:
        """True (and noted as written) when the unfinished turn should be written now."""
        if not session.my_turn or session.elapsed - self.at < KEEP_EVERY:
            return False
        if session.version == self.version and session.turn_time <= 0:
            return False  # nothing moved and no clock runs: the save on disk is still right
        self.at, self.version = session.elapsed, session.version
        return True


def snapshot(session: Any) -> dict | None:
    """The person's unfinished turn, or None (not their turn, or nothing moved)."""
    if session.draft is None or not session.my_turn:
        return None
    if not session.draft_changed and not session.rack.moved:
        return None
    st = session.state
    return {
        "round": st.round,
        "turn": st.total_turns,
        "seat": st.current,
        "board": session.draft.to_list(),
        "rack": [[t, r, c] for t, (r, c) in sorted(session.rack.slots.items())],
        "rack_cols": session.rack.cols,
    }


def _is_int(v: Any) -> bool:
    return type(v) is int


def _problem(session: Any, data: Any) -> tuple[str, Board | None, dict]:
    """("", draft, rack slots) when ``data`` is this turn's draft, else (reason, None, {})."""
    if not isinstance(data, dict):
        return "not an object", None, {}
    st = session.state
    if not session.my_turn or session.draft is None:
        return "it is not the person's turn", None, {}
    if (data.get("round"), data.get("turn"), data.get("seat")) != (st.round, st.total_turns, st.current):
        return "it belongs to another turn", None, {}
    board_raw, rack_raw = data.get("board"), data.get("rack")
    if not isinstance(board_raw, list) or not isinstance(rack_raw, list):
        return "the table or the rack is missing", None, {}
    cells: dict = {}
    for item in board_raw:
        if not (isinstance(item, list) and len(item) == 3 and all(_is_int(v) for v in item)):
            return "a table cell is damaged", None, {}
        r, c, t = item
        if abs(r) > MAX_CELL or abs(c) > MAX_CELL or (r, c) in cells:
            return "a table cell is out of range", None, {}
        if session.variant.flat_table and (r < 0 or not 0 <= c < session.grid_width):
            return "a tile lies off the table", None, {}
        cells[(r, c)] = t
    slots: dict = {}
    used = set()
    for item in rack_raw:
        if not (isinstance(item, list) and len(item) == 3 and all(_is_int(v) for v in item)):
            return "a rack place is damaged", None, {}
        t, r, c = item
        if not (0 <= r < RACK_ROWS and 0 <= c < MAX_RACK_COLS) or (r, c) in used or t in slots:
            return "a rack place is out of range", None, {}
        slots[t] = (r, c)
        used.add((r, c))
    on_table = list(cells.values())
    mine = set(st.players[session.viewer].rack)
    start = st.board.tile_set()
    every = on_table + list(slots)
    if len(set(every)) != len(every) or set(every) != mine | start:
        return "the tiles do not match the game", None, {}
    return "", Board(cells), slots


def restore(session: Any, data: Any) -> bool:
    """Put a saved unfinished turn back into ``session``; False (turn left at its start) when
    ``data`` is missing or does not fit this game exactly."""
    if data is None:
        return False
    reason, draft, slots = _problem(session, data)
    if reason:
        return False
    cols = data.get("rack_cols")
    session.resume_turn(draft, slots, cols if _is_int(cols) and cols <= 60 else 0)
    return True
