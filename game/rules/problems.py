"""What makes a ``GameState`` impossible: ``GameState.problems()`` (python-chess's ``Board.status()``).

``GameState.from_dict`` already checks types, the rule set and its options, the random
generator state's shape and that every tile is accounted for exactly once.  These are the
checks beyond it that a game from outside (a save, a replay, a tournament's table) must
pass before the game trusts it: counters and scores in range, seats and tiles that exist,
a round in play without a result, a legal table, tidy history and event lists, a random
generator that can still deal, and the rule set's own bookkeeping
(``Variant.state_problems``).

A problem is a code with plain data (seats are 0-based indices), never a sentence: the
storage layer (``game/storage/saves/validate.py``) turns them into words.

Pure Python: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState

MAX_ABS_SCORE = 10_000_000
MAX_ROUND = 10_000
MAX_TURNS = 10_000_000
MAX_CELL = 10_000
MAX_EVENTS = 1_000
MAX_HISTORY = MAX_ROUND
MAX_SEED = 2**63
MAX_REASON = 40
MAX_INVALID_SETS = 3  # invalid sets reported at most


class Code(StrEnum):
    """What is wrong.  A ``str``: it is saved and compared as its plain value."""

    SCORE = "score"  # seat, score
    ROUNDS_WON = "rounds_won"  # seat, rounds_won, round
    SEED = "seed"
    ROUND = "round"  # round
    TURNS = "turns"  # turn, total
    PASSES = "passes"  # passes
    DRAWN_TILE = "drawn_tile"  # the tile drawn this turn is not on the mover's rack
    LAST_DRAWN = "last_drawn"
    OPENING_DRAW = "opening_draw"
    RESULT_IN_PLAY = "result_in_play"
    EMPTY_RACK_IN_PLAY = "empty_rack_in_play"  # seat
    NO_END_REASON = "no_end_reason"
    HISTORY_ROUNDS = "history_rounds"  # round, rounds
    RNG_ALL_ZERO = "rng_all_zero"
    CELL_FAR_OFF = "cell_far_off"  # row, col
    INVALID_SET = "invalid_set"  # tiles, reason
    NOT_CONNECTED = "not_connected"
    HISTORY_NOT_OBJECT = "history_not_object"
    HISTORY_TOO_LONG = "history_too_long"  # rounds, round
    HISTORY_ROUND = "history_round"  # entry (0-based)
    HISTORY_WINNER = "history_winner"  # entry
    HISTORY_FIELD = "history_field"  # entry, field
    EVENTS_TOO_MANY = "events_too_many"  # count
    EVENT_TURN = "event_turn"  # kind
    EVENT_SEAT = "event_seat"  # kind
    EVENT_TILES = "event_tiles"  # kind
    RULES_CHECK_FAILED = "rules_check_failed"  # error: the rule set's own check raised (a bug)
    # the rule sets' own (``Variant.state_problems``)
    PENALTY_TALLY = "penalty_tally"  # seat, field ("round_penalty" or "penalties")
    PENALTY_ROUND_ABOVE_GAME = "penalty_round_above_game"  # seat
    HISTORY_PENALTIES = "history_penalties"  # entry
    CLAIMS_NOT_OBJECT = "claims_not_object"
    CLAIM_RECORD = "claim_record"  # claim (0-based; None: the list itself), fault
    CLAIM_TOKENS = "claim_tokens"  # seat, field ("tokens" or "locks")
    CLAIMED_SCORES = "claimed_scores"
    EXACT_WINNER = "exact_winner"


@dataclass(frozen=True)
class StateProblem:
    """One thing wrong with a state: a ``Code`` and plain JSON data about it."""

    code: Code
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"code": str(self.code), **self.data}


def _tile(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 105


def _int(v: Any) -> bool:
    return type(v) is int


def state_problems(state: "GameState") -> list[StateProblem]:
    """Everything beyond ``from_dict`` wrong with ``state`` (empty when it is a game that can go
    on); the rule set's own checks run only on a state that passes the general ones."""
    P = StateProblem
    out: list[StateProblem] = []
    n = len(state.players)
    for i, p in enumerate(state.players):
        if abs(p.score) > MAX_ABS_SCORE:
            out.append(P(Code.SCORE, {"seat": i, "score": p.score}))
        if not 0 <= p.rounds_won <= state.round:
            out.append(P(Code.ROUNDS_WON, {"seat": i, "rounds_won": p.rounds_won, "round": state.round}))

    if not abs(state.seed) < MAX_SEED:
        out.append(P(Code.SEED))
    if state.round > MAX_ROUND:
        out.append(P(Code.ROUND, {"round": state.round}))
    if not 0 <= state.turn <= state.total_turns <= MAX_TURNS:
        out.append(P(Code.TURNS, {"turn": state.turn, "total": state.total_turns}))
    if not 0 <= state.passes <= max(state.total_turns, 0):
        out.append(P(Code.PASSES, {"passes": state.passes}))

    if state.drawn is not None and (not _tile(state.drawn) or state.drawn not in state.player.rack):
        out.append(P(Code.DRAWN_TILE))
    if any(seat not in range(n) or not _tile(t) for seat, t in state.last_drawn.items()):
        out.append(P(Code.LAST_DRAWN))
    if state.opening_draw and (len(state.opening_draw) != n or not all(_tile(t) for t in state.opening_draw)):
        out.append(P(Code.OPENING_DRAW))

    if state.phase == "play":
        if state.round_winner is not None or state.round_end_reason:
            out.append(P(Code.RESULT_IN_PLAY))
        empty = [i for i, p in enumerate(state.players) if not p.rack]
        if empty:  # the engine ends a round the moment a rack is emptied
            out.append(P(Code.EMPTY_RACK_IN_PLAY, {"seat": empty[0]}))
    elif not state.round_end_reason or len(state.round_end_reason) > MAX_REASON:
        out.append(P(Code.NO_END_REASON))
    if state.round < 1:
        out.append(P(Code.ROUND, {"round": state.round}))
    elif len(state.history) <= state.round and len(state.history) not in (
        (state.round - 1,) if state.phase == "play" else (state.round - 1, state.round)
    ):  # (more rounds than this one: history_problems says so)
        out.append(P(Code.HISTORY_ROUNDS, {"round": state.round, "rounds": len(state.history)}))
    _version, internal, _gauss = state.rng.getstate()
    if not any(internal[:624]):  # every later deal would be the same
        out.append(P(Code.RNG_ALL_ZERO))

    out.extend(board_problems(state))
    out.extend(history_problems(state))
    out.extend(event_problems(state))
    if not out:
        try:
            out.extend(state.variant.state_problems(state))
        except Exception as exc:  # a rule set's check must not crash loading: the state is refused
            out.append(P(Code.RULES_CHECK_FAILED, {"error": type(exc).__name__}))
    return out


def board_problems(state: "GameState") -> list[StateProblem]:
    """Cells in range; between turns of a round in play, every line a valid set (and, on a
    crossword board, one connected group).  A finished round's table is kept as it was left,
    so only its cells are checked."""
    out: list[StateProblem] = []
    for (r, c) in state.board.cells:
        if abs(r) > MAX_CELL or abs(c) > MAX_CELL:
            return [StateProblem(Code.CELL_FAR_OFF, {"row": r, "col": c})]
    if state.phase != "play":
        return out
    variant = state.variant
    for line in state.board.lines(vertical=variant.crossword):
        meld = line.check()
        if not meld:
            out.append(StateProblem(Code.INVALID_SET, {"tiles": list(line.tiles), "reason": str(meld.reason)}))
            if len(out) >= MAX_INVALID_SETS:
                break
    if variant.crossword and not state.board.is_connected():
        out.append(StateProblem(Code.NOT_CONNECTED))
    return out


def history_problems(state: "GameState") -> list[StateProblem]:
    """The score history (the score table reads it): the first thing wrong, if anything."""
    n = len(state.players)
    if not all(isinstance(entry, dict) for entry in state.history):
        return [StateProblem(Code.HISTORY_NOT_OBJECT)]
    if len(state.history) > min(state.round, MAX_HISTORY):
        return [StateProblem(Code.HISTORY_TOO_LONG, {"rounds": len(state.history), "round": state.round})]
    for k, entry in enumerate(state.history):
        rnd = entry.get("round")
        if not _int(rnd) or not 1 <= rnd <= state.round:
            return [StateProblem(Code.HISTORY_ROUND, {"entry": k})]
        winner = entry.get("winner")
        if winner is not None and (not _int(winner) or not 0 <= winner < n):
            return [StateProblem(Code.HISTORY_WINNER, {"entry": k})]
        for key in ("deltas", "rack_values", "scores"):
            if key in entry:
                v = entry[key]
                if not isinstance(v, list) or len(v) != n or not all(_int(x) and abs(x) <= MAX_ABS_SCORE for x in v):
                    return [StateProblem(Code.HISTORY_FIELD, {"entry": k, "field": key})]
        if "racks" in entry:
            v = entry["racks"]
            if not isinstance(v, list) or len(v) != n or not all(isinstance(x, str) and len(x) <= 600 for x in v):
                return [StateProblem(Code.HISTORY_FIELD, {"entry": k, "field": "racks"})]
    return []


def event_problems(state: "GameState") -> list[StateProblem]:
    """The event list (the play screen reads it): the first thing wrong, if anything."""
    n = len(state.players)
    if len(state.events) > MAX_EVENTS:
        return [StateProblem(Code.EVENTS_TOO_MANY, {"count": len(state.events)})]
    for ev in state.events:
        turn = 0 if ev.turn is None else ev.turn
        if not 0 <= turn <= state.total_turns:
            return [StateProblem(Code.EVENT_TURN, {"kind": ev.type})]
        if not all(0 <= seat < n for seat in ev.seats()):
            return [StateProblem(Code.EVENT_SEAT, {"kind": ev.type})]
        if not all(_tile(t) for t in ev.tiles_named()):
            return [StateProblem(Code.EVENT_TILES, {"kind": ev.type})]
    return []
