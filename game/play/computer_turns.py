"""Computer turns as the session asks for them: ``ai_request()`` hands out the JSON-able view a
computer player needs (so the screen can think in another process) and ``apply_ai()`` applies the
answer after checking it; ``run_ai_sync()`` does both at once (tests, the attract mode, benchmarks).

``ComputerTurns`` is one part of ``game.play.session.Session``.  Pure Python: no pygame here.
"""

from __future__ import annotations

from .computer import apply_computer_action, report_error
from .thinking import compute_ai_action
from .wire import view_from_dict, view_to_dict
from ..rules import actions as act
from ..rules import engine
from ..rules.board import Board
from ..rules.state import GameState
from ..rules.turn import Problem

Outcome = engine.TurnResult


class ComputerTurns:
    """The computer-turn driver (mixed into ``Session``, which sets these fields)."""

    state: GameState
    viewer: int
    illegal_ai_moves: int
    _ai_token: int
    _ai_pending: int | None

    @property
    def computer_to_move(self) -> bool:  # the session's
        raise NotImplementedError

    @property
    def my_turn(self) -> bool:  # the session's
        raise NotImplementedError

    def kind(self, seat: int) -> str:  # the session's
        raise NotImplementedError

    def _turn_done(self, seat: int, events: list[dict], before: Board) -> Outcome:  # the session's
        raise NotImplementedError

    def ai_seed(self, seat: int) -> int:
        """A fresh seed per turn (``GameState.player_seed``), so a resumed game plays on exactly as before."""
        return self.state.player_seed(seat)

    def ai_request(self) -> tuple[int, str, int, dict] | None:
        """``(token, level, seed, view_dict)`` when a computer seat must move and no
        request is out; the answer goes to ``apply_ai(token, action)``."""
        if not self.computer_to_move or self._ai_pending is not None:
            return None
        self._ai_token += 1
        self._ai_pending = self._ai_token
        seat = self.state.current
        view = engine.view(self.state, seat)
        return (self._ai_token, self.kind(seat), self.ai_seed(seat), view_to_dict(view))

    @property
    def ai_thinking(self) -> bool:
        return self._ai_pending is not None

    def cancel_ai(self) -> None:
        self._ai_pending = None

    def apply_ai(self, token: int, answer: dict) -> Outcome:
        """Apply a computer player's answer (its action's JSON form, ``actions.to_json``).  A move
        the rules refuse (or an answer that is no action) is replaced by a draw, counted illegal."""
        if token != self._ai_pending or not self.computer_to_move:
            return Outcome(False, [Problem("stale computer move")])
        self._ai_pending = None
        seat = self.state.current
        before = self.state.board.copy()
        turn = apply_computer_action(self.state, answer)
        self.illegal_ai_moves += turn.illegal
        return self._turn_done(seat, turn.result.events, before)

    def run_ai_sync(self, cache: dict | None = None) -> Outcome | None:
        """Compute and apply the current computer move in this thread."""
        req = self.ai_request()
        if req is None:
            return None
        token, level, seed, view_d = req
        try:
            action = compute_ai_action(level, seed, view_from_dict(view_d), cache)
        except Exception as exc:  # a computer player's bug: logged on game.ai, the game goes on with a draw
            report_error(f"computer player {level!r}", exc)
            action = act.Draw()
        return self.apply_ai(token, act.to_json(action))

    def hint_view(self) -> dict | None:
        if not self.my_turn:
            return None
        return view_to_dict(engine.view(self.state, self.viewer))
