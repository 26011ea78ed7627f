"""A session's saving: its save format, the game state plus what the state does not know (the timer
remaining, the seconds played, the rack arrangement, the session's flags and the person's unfinished
turn, ``game.play.turnsave``), so Continue resumes mid-turn (see docs/saves.md); and ``Saver``, the
part a session owns (``session.saver``) that decides when it is written and keeps what the disk said.

Pure Python: no pygame here.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from . import turnsave, unsaved
from .hooks import default_autosave, default_keep_replay, default_record_result
from .rack import RACK_MIN_COLS
from ..rules.board import Cell
from ..rules.state import GameState, Phase, StateError

if TYPE_CHECKING:  # pragma: no cover
    from .session import Session

SESSION_VERSION = 1

log = logging.getLogger(__name__)  # what a failed save was (errors.log in the game)

Hook = Callable[["Session"], None]


class Saver:
    """When a session is written: its ``turn_hooks`` after every turn (the autosave by default),
    now and then during the person's unfinished turn (``turnsave.Keeper``), and its
    ``game_over_hooks`` once at the end (the replay and the statistics, ``game.play.unsaved``).
    ``error`` is what the disk said when the last write failed ("" once one succeeds)."""

    def __init__(self, session: "Session", *, autosave: bool, demo: bool) -> None:
        self.session = session
        self.turn_hooks: list[Hook] = [default_autosave] if autosave else []
        self.game_over_hooks: list[Hook] = [default_keep_replay, default_record_result] if autosave and not demo else []
        self.error = ""
        self.keeper = turnsave.Keeper()
        self.finished = False  # the game-over hooks ran (or this finished game was already counted)

    def save(self) -> bool:
        """Run the turn hooks; False (and ``error`` set) when one failed: saving must never cost the
        player the game, so the failure is logged and play goes on."""
        ok = True
        for hook in list(self.turn_hooks):
            try:
                hook(self.session)
                self.error = ""
            except Exception as exc:  # a full disk, a folder gone, a hook's bug: logged, the game goes on
                log.exception("a turn hook (saving the game)")
                self.error = f"could not save the game ({exc})"
                ok = False
        return ok

    def finish(self, final_saved: bool = True) -> bool:
        """Run the game-over hooks (statistics, clearing the autosave) once, when the game is
        over; also for a finished game loaded from a save (the process was killed between the
        last save and the statistics, ``Session.begin``).  True when they ran; what the disk
        refused is written later (``game.play.unsaved``)."""
        if self.session.state.phase != Phase.GAME_OVER or self.finished:
            return False
        self.finished = True
        unsaved.finish(self.session, final_saved)
        return True

    def turn_started(self) -> None:
        """A turn began (its start was just saved with the turn before)."""
        self.keeper.started(self.session)

    def due(self) -> bool:
        """The person's unfinished turn should be written now (noted as written)."""
        return bool(self.turn_hooks) and self.keeper.due(self.session)


def to_dict(session: "Session") -> dict:
    """A session as saved: ``GameState.to_dict()`` under "state", plus what the state does not know."""
    return {
        "kind": "tile-rush-session",
        "version": SESSION_VERSION,
        "state": session.state.to_dict(),
        "seat_kinds": [p.kind for p in session.state.players],
        "timer_remaining": round(max(0.0, min(float(session.turn_time), session.timer_left)), 3),
        "elapsed": round(session.elapsed, 3),
        "hints_used": session.hints_used,
        "demo": session.demo,
        "game_id": session.game_id,
        "rack_cols": session.rack.cols,
        "rack_slots": [[t, r, c] for t, (r, c) in sorted(session.rack.saved().items())],
        turnsave.FIELD: turnsave.snapshot(session),
    }


def from_dict(cls: "type[Session]", d: Any, autosave: bool = True) -> "Session":
    """Rebuild a session of class ``cls``; raises ``StateError`` with a clear reason on a damaged dict."""
    if not isinstance(d, dict):
        raise StateError("a saved session must be a JSON object")
    if "state" not in d and "variant" in d:  # a bare GameState dict: accept it too
        d = {"state": d}
    state = GameState.from_dict(d.get("state"))
    timer = d.get("timer_remaining", d.get("timer_left"))
    if timer is not None and (isinstance(timer, bool) or not isinstance(timer, (int, float)) or not 0 <= timer <= 100000):
        raise StateError("the remaining turn time is out of range")
    elapsed = d.get("elapsed", 0.0)
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < 10**8:
        elapsed = 0.0
    slots: dict[int, Cell] = {}
    raw = d.get("rack_slots") or []
    if isinstance(raw, list):
        for item in raw:
            if isinstance(item, list) and len(item) == 3 and all(type(v) is int for v in item):
                slots[item[0]] = (item[1], item[2])
    cols = d.get("rack_cols")
    cols = cols if type(cols) is int and RACK_MIN_COLS <= cols <= 60 else None
    gid = d.get("game_id")
    if not (isinstance(gid, str) and 0 < len(gid) <= 64 and gid.isprintable()):
        gid = f"seed-{state.seed}-{state.variant_key}"  # an older save: the same game gets the same id
    demo = d.get("demo", False) is True or d.get("mode") == "demo"  # game.demo's headless saves say "mode"
    session = cls(state, timer_left=None if timer is None else float(timer), demo=demo,
                  rack_slots=slots, rack_cols=cols, autosave=autosave, game_id=gid)
    session.elapsed = float(elapsed)
    hints = d.get("hints_used", 0)
    session.hints_used = hints if type(hints) is int and 0 <= hints <= 10**6 else 0
    turnsave.restore(session, d.get(turnsave.FIELD))
    return session
