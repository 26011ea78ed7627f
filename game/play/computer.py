"""One computer turn, the same everywhere: the play screen (``Session.apply_ai``), the
simulator, the attract mode and the tournament's simulated tables.

A computer player is asked for its action from its own seat's view only; the action
goes through ``engine.apply``.  When the referee refuses it, the turn falls back, in
this order, to the play the rule set wants instead of a draw (a must-meld rule or a
hand limit), a draw, and last to ``Forfeit`` (the failed-play penalty where the rule
set has one, else a pass).  A refused action is counted as illegal.

Pure Python: no pygame here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..rules import actions as act
from ..rules import engine
from ..rules.state import GameState


@dataclass
class ComputerTurn:
    result: engine.TurnResult  # what the turn did (always ok: the turn ended)
    illegal: bool  # the player's own action was refused
    think_ms: float = 0.0
    think_cpu_ms: float = 0.0  # processor time of the choice (what a quiet machine would take)


def apply_computer_action(state: GameState, action: Any) -> ComputerTurn:
    """Apply a computer player's chosen action for the seat to move, with the fallbacks."""
    result = engine.apply(state, action)
    if result.ok:
        return ComputerTurn(result, False)
    view = engine.view(state, state.current)
    instead = state.variant.play_instead_of_draw(view)
    for fallback in ([act.Play(instead)] if instead is not None else []) + [act.Draw(), act.Forfeit()]:
        result = engine.apply(state, fallback)
        if result.ok:
            return ComputerTurn(result, True)
    raise RuntimeError(f"no action ends the turn: {result.message}")  # Forfeit is always accepted in play


def computer_turn(state: GameState, player: Any) -> ComputerTurn:
    """Ask ``player`` (an object with ``choose(view)``) for the current seat's move and apply it."""
    t0, c0 = time.perf_counter(), time.thread_time()
    action = player.choose(engine.view(state, state.current))
    think_ms = (time.perf_counter() - t0) * 1000
    cpu_ms = (time.thread_time() - c0) * 1000
    turn = apply_computer_action(state, action)
    turn.think_ms = think_ms
    turn.think_cpu_ms = cpu_ms
    return turn
