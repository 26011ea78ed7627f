"""One computer turn, the same everywhere: the play screen (``session.computer.apply``), the
simulator, the attract mode and the tournament's simulated tables; and ``play_out``, the one
loop that plays a game to its end with computer players (the simulator, the demo and the
tournament's simulated tables), with one turn cap (``MAX_TURNS_PER_ROUND``).

A computer player is asked for its action from its own seat's view only; the action
goes through ``engine.apply``.  When the referee refuses it, the turn falls back, in
this order, to the play the rule set wants instead of a draw (a must-meld rule or a
hand limit), a draw, and last to ``Forfeit`` (the failed-play penalty where the rule
set has one, else a pass).  A refused action is counted as illegal.

A computer player that raises is a bug, never a move: the turn goes on as a draw (with the
same fallbacks), ``ComputerTurn.error`` says what was raised and the ``game.ai`` logger gets
the traceback (``report_error``).  The play screen writes that logger to ``errors.log`` and
plays on; the simulator counts ``ai_errors`` and fails; the test suite fails on any record.

Pure Python: no pygame here.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Callable, Iterator, Literal

from ..rules import actions as act
from ..rules import engine
from ..ai.levels import Player
from ..rules.state import HUMAN, GameState, Phase


@dataclass
class ComputerTurn:
    result: engine.TurnResult  # what the turn did (always ok: the turn ended)
    illegal: bool  # the player's own action was refused
    think_ms: float = 0.0
    think_cpu_ms: float = 0.0  # processor time of the choice (what a quiet machine would take)
    error: str = ""  # what the player raised ("" when it chose a move)


AI_LOG = logging.getLogger("game.ai")


def report_error(what: str, exc: BaseException | None = None, details: str = "") -> str:
    """Log a computer player's exception on ``game.ai`` (its traceback, or ``details`` when it
    was raised in another process); returns the one-line form for counters and messages."""
    if exc is not None:
        line = f"{type(exc).__name__}: {exc}"
    else:
        line = (details.strip().splitlines() or [what])[0]
    AI_LOG.error("%s: %s", what, details or line, exc_info=exc)
    return line


def apply_computer_action(state: GameState, action: act.Action | dict) -> ComputerTurn:
    """Apply a computer player's chosen action (or its JSON form, as the worker pipe carries
    it) for the seat to move, with the fallbacks."""
    result = engine.apply(state, action)
    if result.ok:
        return ComputerTurn(result, False)
    view = engine.view(state, state.current)
    instead = state.variant.play_instead_of_draw(view)
    for fallback in ([act.Play(instead)] if instead is not None else []) + [act.Draw(), act.Forfeit()]:
        result = engine.apply(state, fallback)
        if result.ok:
            return ComputerTurn(result, True)
    raise RuntimeError(f"no action ends the turn: {result.codes}")  # Forfeit is always accepted in play


def computer_turn(state: GameState, player: Player) -> ComputerTurn:
    """Ask ``player`` for the current seat's move and apply it (a raised exception: a draw,
    reported by ``report_error``)."""
    t0, c0 = time.perf_counter(), time.thread_time()
    error = ""
    try:
        action: act.Action = player.choose(engine.view(state, state.current))
    except Exception as exc:  # a computer player's bug: logged on game.ai and counted by the caller
        error = report_error(f"computer player {state.player.kind!r} at seat {state.current}", exc)
        action = act.Draw()
    think_ms = (time.perf_counter() - t0) * 1000
    cpu_ms = (time.thread_time() - c0) * 1000
    turn = apply_computer_action(state, action)
    turn.think_ms = think_ms
    turn.think_cpu_ms = cpu_ms
    turn.error = error
    return turn


# -- a whole game -----------------------------------------------------------------------------

MAX_TURNS_PER_ROUND = 3000  # a round still going after this many turns is stuck: it ends as "stalled"

PlayerFor = Callable[[GameState], Player]


@dataclass
class PlayOutStep:
    """One step of ``play_out``: ``kind`` is "turn" (``turn`` says what the seat ``seat`` did),
    "new_round" (the next round was dealt) or "stalled" (a round past ``MAX_TURNS_PER_ROUND``
    was ended)."""

    kind: Literal["turn", "new_round", "stalled"]
    seat: int = -1
    turn: ComputerTurn | None = None


def seat_player(state: GameState, stand_in: str = "basic") -> Player:
    """The player of the seat to move: its own level (a person's seat: ``stand_in``), for the
    rule set's board, seeded per turn (``GameState.player_seed``: a resumed game plays on
    exactly as before)."""
    from ..ai import make_player

    level = state.player.kind
    return make_player(stand_in if level == HUMAN else level, state.player_seed(state.current), state.variant.board_shape)


def play_out(state: GameState, player_for: PlayerFor = seat_player) -> Iterator[PlayOutStep]:
    """Play ``state`` to its end with computer players, one step per ``next``: the simulator,
    the demo and the tournament's simulated tables all play their games through this."""
    while state.phase != Phase.GAME_OVER:
        if state.phase == Phase.ROUND_OVER:
            engine.next_round(state)
            yield PlayOutStep("new_round")
        elif state.turn > MAX_TURNS_PER_ROUND:
            engine.finish_round(state, "stalled")
            yield PlayOutStep("stalled")
        else:
            seat = state.current
            yield PlayOutStep("turn", seat, computer_turn(state, player_for(state)))
