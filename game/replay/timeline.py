"""A game rebuilt from its deal and action log, one frame per action, told in words.

``build(state, viewer)`` replays the log through ``engine.apply`` (exactly as ``engine.replay``
does) and keeps, after every action, the table, the racks, the scores and a sentence per
event.  ``analyse(frame)`` asks the finder (``game.ai.hint``, the exact meld finder behind a
table layout the rules core has checked) what the player could have placed on one of their
own turns; a turn where it finds more tiles than were played gets a ``Missed``.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..rules import actions as act
from ..rules import engine
from ..rules.board import Board
from ..rules.state import GameState, Phase
from ..rules.turn import Problem
from ..rules import events as ev_


@dataclass
class Frame:
    index: int  # actions applied so far
    round: int
    seat: int | None  # who acted (None for the deal)
    kind: str  # "deal", "play", "draw", "pass", "penalty", "timeout", "claim", "round", ...
    lines: list[str]  # what happened, in words
    board: Board
    racks: list[list[int]]
    scores: list[int]
    placed: list[int] = field(default_factory=list)  # rack tiles put on the table this turn
    before: object | None = None  # the acting seat's PlayerView at the start of the turn (own turns)
    phase: Phase = Phase.PLAY


@dataclass
class Missed:
    tiles: list[int]  # rack tiles the finder places
    board: Board  # the finder's whole table
    more: int  # how many more than were played


class ReplayError(ValueError):
    """A game that cannot be replayed, with a sentence a player can read; ``problems`` are the
    referee's reasons when a move of the log does not apply (``game.play.reasons`` words them)."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


Tell = Callable[[ev_.Event], str]  # an event in words (``game.play.narrate.Narrator.tell``)


def build(state: GameState, viewer: int = 0, upto: int | None = None, *, tell: Tell) -> list[Frame]:
    """Frames from the deal to the ``upto``-th action (all by default), each event told by
    ``tell``.  Raises ``ReplayError`` with a sentence a player can read when the game cannot
    be replayed."""
    return rebuild(state, viewer, upto, tell=tell)[0]


def rebuild(state: GameState, viewer: int = 0, upto: int | None = None, *, tell: Tell) -> tuple[list[Frame], GameState]:
    """The frames and the game as rebuilt after them (see ``build``)."""
    if not state.replayable:
        raise ReplayError("This game was saved by an older version of Tile Rush: it has no move log, "
                          "so it cannot be replayed.")
    seats = [(p.name, p.kind) for p in state.players]
    try:
        game = engine.new_game(state.variant_key, seats, seed=state.seed, options=state.options, secret=state.secret)
    except ValueError as exc:
        raise ReplayError(f"This game cannot be rebuilt ({exc}).") from None
    deal = tell(ev_.RoundStarted(1, game.current))
    frames = [_frame(game, 0, None, "deal", [deal], viewer)]
    for k, entry in enumerate(state.actions[:upto]):
        try:
            action = act.from_log(entry, game.board)
        except act.ActionError as exc:
            raise ReplayError(f"Move {k + 1} of the log is damaged ({exc}).") from None
        seat = game.current
        before_board = game.board.copy()
        before_rack = list(game.players[seat].rack)
        own = seat == viewer and game.phase == Phase.PLAY and not isinstance(action, (act.NextRound, act.EndRound))
        view = engine.view(game, seat) if own else None
        result = engine.apply(game, action)
        if not result.ok:
            raise ReplayError(f"Move {k + 1} of the log does not apply.", result.problems)
        events = [dataclasses.replace(ev, before=before_board, after=game.board.copy()) if isinstance(ev, ev_.Played)
                  else ev for ev in result.events]  # a play is told with its table, as the turn log tells it
        lines = [line for ev in events for line in [tell(ev)] if line]
        placed = [t for t in game.board.tiles() if t not in before_board.tile_set() and t in before_rack]
        kind = _kind(action, result.events)
        frames.append(_frame(game, k + 1, None if kind in ("round", "deal") else seat, kind, lines or ["(nothing happened)"],
                             viewer, placed, view))
    return frames, game


# what a turn is called after the first of these among its events
_TURN_KINDS = ((ev_.Penalised, "penalty"), (ev_.Played, "play"), (ev_.Claimed, "claim"), (ev_.Drew, "draw"),
               (ev_.Passed, "pass"), (ev_.TimedOut, "timeout"))


def _kind(action, events: list[ev_.Event]) -> str:
    if isinstance(action, act.NextRound):
        return "deal"
    if isinstance(action, act.EndRound):
        return "round"
    for cls, kind in _TURN_KINDS:
        if any(isinstance(ev, cls) for ev in events):
            return kind
    return events[0].type if events else "turn"


def _frame(game: GameState, index: int, seat, kind: str, lines: list[str], viewer: int,
           placed=(), view=None) -> Frame:
    return Frame(index, game.round, seat, kind, lines, game.board.copy(), [list(p.rack) for p in game.players],
                 [p.score for p in game.players], list(placed), view, game.phase)


def analyse(frame: Frame, time_budget: float = 1.0) -> Missed | None:
    """On one of the player's own turns: what the finder places from the same position.
    None when it places no more tiles than were played (or the turn is not the player's)."""
    view = frame.before
    if view is None or frame.kind not in ("play", "draw", "pass", "timeout", "penalty"):
        return None
    from ..ai import hint

    try:
        found = hint.hint(view, time_budget=time_budget)
    except Exception:  # the finder must never break a replay (logged: it is a bug)
        logging.getLogger(__name__).exception("the finder on a replayed turn")
        return None
    if not found:
        return None
    tiles = [int(t) for t in found["tiles"]]
    played = len(frame.placed) if frame.kind == "play" else 0
    if len(tiles) <= played:
        return None
    return Missed(tiles, found["board"], len(tiles) - played)
