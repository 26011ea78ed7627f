"""Game flow: dealing, who starts, turns, round end, scoring, game end.

Functions take a ``GameState`` and change it only through legal steps.  The
checked entry points (``play``, ``draw``, ``penalise_failed_play``,
``timeout``) never raise on bad player input: they return a ``TurnResult``
whose ``problems`` explain a refusal, and leave the state untouched then.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from .board import Board
from .state import GameState, PlayerState
from .tiles import ALL_TILE_IDS, format_tiles, rack_value
from .turn import Analysis, Problem, TurnStart, analyse
from .variants import find_variant


@dataclass
class TurnResult:
    ok: bool
    problems: list[Problem] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)

    @property
    def message(self) -> str:
        return "; ".join(p.message for p in self.problems)


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str = "human"


def new_game(
    variant: str,
    seats: Sequence[SeatSpec | str | tuple[str, str]],
    seed: int | None = None,
    options: dict | None = None,
) -> GameState:
    """Create a game and deal its first round.  ``seats`` are names, (name, kind)
    pairs or ``SeatSpec``s; raises ``ValueError`` with a clear message on bad set-up."""
    vcls = find_variant(variant)
    specs = [_spec(s) for s in seats]
    if not vcls.min_players <= len(specs) <= vcls.max_players:
        raise ValueError(f"{vcls.title} is for {vcls.min_players} to {vcls.max_players} players, not {len(specs)}")
    opts = vcls.coerce_options(options or {})
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    state = GameState(
        variant_key=vcls.key,
        options=opts,
        players=[PlayerState(s.name, s.kind) for s in specs],
        seed=int(seed),
        rng=random.Random(int(seed)),
    )
    state.extra = state.variant.init_extra(state)
    start_round(state)
    return state


def _spec(s: SeatSpec | str | tuple[str, str]) -> SeatSpec:
    if isinstance(s, SeatSpec):
        return s
    if isinstance(s, str):
        return SeatSpec(s, "human")
    return SeatSpec(str(s[0]), str(s[1]))


def opening_draw(rng: random.Random, n: int, lowest: bool) -> tuple[int, list[int]]:
    """Each seat draws a tile; the highest (or lowest) number starts.  A drawn joker is
    put back and replaced; ties are settled by redrawing among the tied seats.
    Returns (starting seat, each seat's first numbered tile, shown on screen)."""

    def draw_numbers(seats: list[int]) -> dict[int, int]:
        bag = [t for t in ALL_TILE_IDS if t < 104]
        rng.shuffle(bag)
        return {seat: bag[i] for i, seat in enumerate(seats)}

    first_round = draw_numbers(list(range(n)))
    current = first_round
    while True:
        key = {s: (t >> 1) % 13 for s, t in current.items()}
        best = (min if lowest else max)(key.values())
        tied = [s for s in current if key[s] == best]
        if len(tied) == 1:
            return tied[0], [first_round[i] for i in range(n)]
        current = draw_numbers(tied)


def start_round(state: GameState) -> None:
    variant = state.variant
    n = len(state.players)
    first, shown = opening_draw(state.rng, n, variant.start_rule == "lowest")
    state.opening_draw = shown
    pool = list(ALL_TILE_IDS)
    state.rng.shuffle(pool)
    count = variant.deal_count(n)
    for p in state.players:
        p.rack = [pool.pop() for _ in range(count)]
        p.melded = False
    state.pool = pool
    state.board = Board()
    state.current = first
    state.dealer_first = first
    state.turn = 0
    state.passes = 0
    state.drawn = None
    state.last_drawn = {}
    state.phase = "play"
    state.round_end_reason = ""
    state.round_winner = None
    variant.start_round_extra(state)
    state.log({"type": "round_start", "round": state.round, "first": first})


def turn_start(state: GameState) -> TurnStart:
    p = state.player
    return TurnStart(state.board.copy(), list(p.rack), p.melded, state.drawn, state.extra)


def check_play(state: GameState, board: Board) -> Analysis:
    """Analyse the current player's draft without changing anything."""
    return analyse(state.variant, turn_start(state), board)


def _refuse(*messages: str) -> TurnResult:
    return TurnResult(False, [Problem(m) for m in messages])


def play(state: GameState, board: Board) -> TurnResult:
    """The current player ends their turn with ``board`` as the new table."""
    if state.phase != "play":
        return _refuse("the round is over")
    if not isinstance(board, Board):
        return _refuse("a play must be a table layout")
    analysis = check_play(state, board)
    if analysis.problems:
        return TurnResult(False, analysis.problems)
    seat = state.current
    p = state.player
    played = set(analysis.played)
    p.rack = [t for t in p.rack if t not in played]
    state.board = board.copy()
    was_melded = p.melded
    p.melded = True
    state.passes = 0
    ev = {"type": "play", "seat": seat, "tiles": sorted(played), "initial": not was_melded}
    if not was_melded:
        ev["points"] = analysis.initial_points()
    state.log(ev)
    events = [ev]
    events += _end_turn(state, seat, "play")
    return TurnResult(True, [], events)


def draw(state: GameState) -> TurnResult:
    """The current player draws a tile (or passes when the pool is empty)."""
    if state.phase != "play":
        return _refuse("the round is over")
    problems = state.variant.draw_problems(state)
    if problems:
        return TurnResult(False, problems)
    seat = state.current
    p = state.player
    if state.pool:
        t = state.pool.pop()
        p.rack.append(t)
        state.last_drawn[seat] = t
        ev = {"type": "draw", "seat": seat, "tile": t}
    else:
        state.passes += 1
        ev = {"type": "pass", "seat": seat}
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "draw"))


def draw_tiles(state: GameState, seat: int, count: int) -> list[int]:
    """Move up to ``count`` tiles from the pool to a seat's rack (penalties)."""
    got = []
    for _ in range(count):
        if not state.pool:
            break
        t = state.pool.pop()
        state.players[seat].rack.append(t)
        got.append(t)
    return got


def penalise_failed_play(state: GameState, reason: str = "") -> TurnResult:
    """Golden Games rule 10: a failed manipulation is undone (the table and rack are
    simply not changed) and the player draws the variant's penalty tiles."""
    if state.phase != "play":
        return _refuse("the round is over")
    seat = state.current
    count = state.variant.failed_play_penalty
    got = draw_tiles(state, seat, count)
    if got:
        state.last_drawn[seat] = got[-1]
    elif not state.pool:
        state.passes += 1
    ev = {"type": "penalty", "seat": seat, "tiles": got, "reason": reason or "incomplete sets left on the table"}
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "penalty"))


def end_turn_with_draft(state: GameState, board: Board) -> TurnResult:
    """End the turn with a draft: play it if legal; otherwise the variant's failed-play
    penalty applies where it has one, else the play is refused and nothing changes."""
    if board == state.board:
        return draw(state)
    result = play(state, board)
    if result.ok or not state.variant.failed_play_penalty:
        return result
    return penalise_failed_play(state, "; ".join(p.message for p in result.problems))


def timeout(state: GameState, draft: Board | None = None) -> TurnResult:
    """The turn timer ran out: the draft is undone and the player draws (the failed-play
    penalty instead, where the variant has one and the draft had changed the table)."""
    if state.phase != "play":
        return _refuse("the round is over")
    if draft is not None and draft != state.board and state.variant.failed_play_penalty:
        if check_play(state, draft).problems:
            return penalise_failed_play(state, "time ran out with incomplete sets on the table")
    seat = state.current
    state.log({"type": "timeout", "seat": seat})
    if state.pool:
        t = state.pool.pop()
        state.players[seat].rack.append(t)
        state.last_drawn[seat] = t
        ev = {"type": "draw", "seat": seat, "tile": t, "timeout": True}
    else:
        state.passes += 1
        ev = {"type": "pass", "seat": seat, "timeout": True}
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "timeout"))


def _end_turn(state: GameState, seat: int, action: str) -> list[dict]:
    events = list(state.variant.after_turn(state, seat, action))
    for ev in events:
        state.log(ev)
    state.turn += 1
    state.total_turns += 1
    state.drawn = None
    n = len(state.players)
    reason = state.variant.round_end(state, seat)
    if reason is None:
        if not state.players[seat].rack:
            reason = "out"
        elif not state.pool and state.variant.pool_end == "exhausted":
            reason = "pool"
        elif not state.pool and state.passes >= n:
            reason = "blocked"
    if reason:
        events.append(finish_round(state, reason))
    else:
        state.current = (seat + state.variant.direction) % n
    return events


def finish_round(state: GameState, reason: str) -> dict:
    variant = state.variant
    winner = variant.round_winner(state, reason)
    deltas = variant.score_round(state, reason, winner)
    for p, d in zip(state.players, deltas):
        p.score += d
    if winner is not None:
        state.players[winner].rounds_won += 1
    state.round_end_reason = reason
    state.round_winner = winner
    entry = {
        "round": state.round,
        "reason": reason,
        "winner": winner,
        "deltas": deltas,
        "racks": [format_tiles(p.rack) for p in state.players],
        "rack_values": [rack_value(p.rack) for p in state.players],
        "scores": [p.score for p in state.players],
    }
    state.history.append(entry)
    state.phase = "game_over" if variant.game_over(state) else "round_over"
    ev = {"type": "round_end", **entry}
    state.log(ev)
    return ev


def next_round(state: GameState) -> None:
    if state.phase != "round_over":
        raise ValueError("the next round starts only after a round has ended")
    state.round += 1
    start_round(state)


def ranking(state: GameState) -> list[int]:
    return state.variant.ranking(state)


# -- what one seat may see ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerView:
    """The position as seen from one seat: its own rack, never another's, never the pool order."""

    seat: int
    variant_key: str
    options: dict
    rack: tuple[int, ...]
    board: Board
    melded: tuple[bool, ...]
    rack_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    pool_size: int
    current: int
    round: int
    turn: int
    extra: dict
    player_extra: tuple[dict, ...]
    history: tuple[dict, ...]

    @property
    def variant(self):
        return find_variant(self.variant_key)(self.options)

    @property
    def me_melded(self) -> bool:
        return self.melded[self.seat]


def view(state: GameState, seat: int) -> PlayerView:
    import copy

    return PlayerView(
        seat=seat,
        variant_key=state.variant_key,
        options=dict(state.options),
        rack=tuple(state.players[seat].rack),
        board=state.board.copy(),
        melded=tuple(p.melded for p in state.players),
        rack_sizes=tuple(len(p.rack) for p in state.players),
        scores=tuple(p.score for p in state.players),
        pool_size=len(state.pool),
        current=state.current,
        round=state.round,
        turn=state.turn,
        extra=copy.deepcopy(state.extra),
        player_extra=tuple(copy.deepcopy(p.extra) for p in state.players),
        history=tuple(copy.deepcopy(state.history)),
    )


def seats_in_order(state: GameState) -> Iterable[int]:
    n = len(state.players)
    return [(state.current + k * state.variant.direction) % n for k in range(n)]
