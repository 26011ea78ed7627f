"""A session's computer turns, as the session asks for them: ``request()`` hands out the JSON-able
view a computer player needs (so the screen can think in another process) and ``apply()`` applies
the answer after checking it; ``run_sync()`` does both at once (tests, the attract mode, benchmarks).

``ComputerTurns`` is a part the session owns (``session.computer``); it sees the session only
through ``ComputerHost`` and hands every finished turn back through the ``finish`` it was given.
Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import Callable, Protocol

from .computer import apply_computer_action, report_error
from .thinking import compute_ai_action
from .wire import view_from_dict, view_to_dict
from ..rules import actions as act
from ..rules import engine
from ..rules.board import Board
from ..rules.state import GameState
from ..rules.reasons import Reason
from ..rules.turn import Problem

Outcome = engine.TurnResult

# How a finished computer turn goes back to the session: (seat, the engine's events, the table before).
FinishTurn = Callable[[int, list, Board], Outcome]


class ComputerHost(Protocol):
    """What the computer turns read of their session."""

    state: GameState

    @property
    def computer_to_move(self) -> bool: ...

    def kind(self, seat: int) -> str: ...


class ComputerTurns:
    """The computer seats' turns of one session: one request out at a time, answers checked."""

    def __init__(self, host: ComputerHost, finish: FinishTurn) -> None:
        self.host = host
        self.finish = finish
        self.illegal_moves = 0  # answers the rules refused (each replaced by a draw)
        self._token = 0
        self._pending: int | None = None

    def seed(self, seat: int) -> int:
        """A fresh seed per turn (``GameState.player_seed``), so a resumed game plays on exactly as before."""
        return self.host.state.player_seed(seat)

    def request(self) -> tuple[int, str, int, dict] | None:
        """``(token, level, seed, view_dict)`` when a computer seat must move and no
        request is out; the answer goes to ``apply(token, action)``."""
        if not self.host.computer_to_move or self._pending is not None:
            return None
        self._token += 1
        self._pending = self._token
        state = self.host.state
        seat = state.current
        view = engine.view(state, seat)
        return (self._token, self.host.kind(seat), self.seed(seat), view_to_dict(view))

    @property
    def thinking(self) -> bool:
        """A request is out and not answered yet."""
        return self._pending is not None

    def cancel(self) -> None:
        """Forget the request that is out (its answer will be stale)."""
        self._pending = None

    def apply(self, token: int, answer: dict) -> Outcome:
        """Apply a computer player's answer (its action's JSON form, ``actions.to_json``).  A move
        the rules refuse (or an answer that is no action) is replaced by a draw, counted illegal."""
        if token != self._pending or not self.host.computer_to_move:
            return Outcome(False, [Problem(Reason.STALE_COMPUTER_MOVE)])
        self._pending = None
        state = self.host.state
        seat = state.current
        before = state.board.copy()
        turn = apply_computer_action(state, answer)
        self.illegal_moves += turn.illegal
        return self.finish(seat, turn.result.events, before)

    def run_sync(self, cache: dict | None = None) -> Outcome | None:
        """Compute and apply the current computer move in this thread."""
        req = self.request()
        if req is None:
            return None
        token, level, seed, view_d = req
        try:
            action = compute_ai_action(level, seed, view_from_dict(view_d), cache)
        except Exception as exc:  # a computer player's bug: logged on game.ai, the game goes on with a draw
            report_error(f"computer player {level!r}", exc)
            action = act.Draw()
        return self.apply(token, act.to_json(action))
