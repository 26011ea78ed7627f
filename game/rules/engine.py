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
        ev["points"] = state.variant.initial_play_points(analysis)
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


def penalise_failed_play(
    state: GameState, reason: str = "", returned: Iterable[int] = (), problems: Iterable[str] = ()
) -> TurnResult:
    """Golden Games rule 10: a failed manipulation is undone (the table and rack are
    simply not changed) and the player draws the variant's penalty tiles.

    ``returned`` (the tiles the player had put down and takes back) and ``problems``
    (what was wrong) only go into the event, whose ``message`` explains the penalty
    to the player who took it and ``summary`` to everyone else."""
    if state.phase != "play":
        return _refuse("the round is over")
    seat = state.current
    count = state.variant.failed_play_penalty
    got = draw_tiles(state, seat, count)
    if got:
        state.last_drawn[seat] = got[-1]
    elif not state.pool:
        state.passes += 1
    reason = reason or "incomplete sets left on the table"
    back = sorted(int(t) for t in returned)
    message, summary = _penalty_texts(state.players[seat].name, reason, len(back), count, len(got))
    ev = {
        "type": "penalty",
        "seat": seat,
        "tiles": got,
        "penalty": count,
        "returned": back,
        "problems": [str(p) for p in problems],
        "reason": reason,
        "message": message,
        "summary": summary,
    }
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "penalty"))


def _penalty_texts(name: str, reason: str, back: int, count: int, got: int) -> tuple[str, str]:
    first = reason[:1].upper() + reason[1:]
    undo = "The table is put back as it was"
    undo_you = undo + (f", the {back} tile{'s' if back != 1 else ''} you played go{'es' if back == 1 else ''} back to your rack" if back else "")
    undo_them = undo + (f" and {back} tile{'s' if back != 1 else ''} go{'es' if back == 1 else ''} back to {name}'s rack" if back else "")
    if got == count:
        draw_you, draw_them = f"you draw {count} penalty tiles", f"{name} draws {count} penalty tiles"
    elif got:
        draw_you = f"you draw the last {got} tile{'s' if got != 1 else ''} of the pool as a penalty"
        draw_them = f"{name} draws the last {got} tile{'s' if got != 1 else ''} of the pool as a penalty"
    else:
        draw_you = draw_them = "the pool is empty, so there are no penalty tiles to draw"
    return f"{first}. {undo_you}, and {draw_you}.", f"{name}: {reason}. {undo_them}, and {draw_them}."


def failed_manipulation(analysis: Analysis) -> list[Problem]:
    """The problems that make a draft a failed manipulation (rule 10 of the Golden Games:
    incomplete or invalid sets and runs left on the table).  Other problems (initial meld
    too small, joker rules, no tile played) are refused without a penalty."""
    return [
        Problem(f"{format_tiles(ln.tiles)}: {m.reason}", ln.cells)
        for ln, m in zip(analysis.lines, analysis.melds)
        if not m
    ]


@dataclass(frozen=True)
class EndTurnPreview:
    """What ending the turn with a draft would do, without doing it (for the play screen).

    ``outcome`` is "draw" (nothing changed on the table), "play" (legal), "penalty" (the
    failed-play penalty would apply) or "refused" (the draft is illegal; nothing happens).
    ``warn`` says the screen should ask before a penalty (the variant's
    ``warn_before_penalty`` option; on where the variant has no such option).
    ``warnings`` are the variant's ``end_turn_warnings`` for a draw or a legal play
    (e.g. Relaxed Rummibug's hand-limit penalty); when there are any, ``warn`` is set."""

    outcome: str
    problems: tuple[Problem, ...]
    message: str
    warn: bool = False
    warnings: tuple[str, ...] = ()


def preview_end_turn(state: GameState, board: Board) -> EndTurnPreview:
    if state.phase != "play":
        return EndTurnPreview("refused", (Problem("the round is over"),), "The round is over.")
    if not isinstance(board, Board):
        return EndTurnPreview("refused", (Problem("a play must be a table layout"),), "A play must be a table layout.")
    variant = state.variant
    rack = state.player.rack
    if board == state.board:
        refusal = variant.draw_problems(state)
        if refusal:
            return EndTurnPreview("refused", tuple(refusal), "; ".join(p.message for p in refusal))
        after = len(rack) + (1 if state.pool else 0)
        notes = tuple(variant.end_turn_warnings(state, state.current, after))
        return EndTurnPreview("draw", (), " ".join(("Nothing was played: you draw a tile.",) + notes), bool(notes), notes)
    analysis = check_play(state, board)
    if not analysis.problems:
        played = set(analysis.played)
        notes = tuple(variant.end_turn_warnings(state, state.current, [t for t in rack if t not in played]))
        return EndTurnPreview("play", (), " ".join(notes), bool(notes), notes)
    count = state.variant.failed_play_penalty
    if count and failed_manipulation(analysis):
        warn = bool(state.options.get("warn_before_penalty", True))
        msg = (f"Incomplete sets are left on the table. If you end your turn now, the table is put back, "
               f"your tiles return to your rack and you draw {count} penalty tiles.")
        return EndTurnPreview("penalty", tuple(analysis.problems), msg, warn)
    return EndTurnPreview("refused", tuple(analysis.problems), "; ".join(p.message for p in analysis.problems))


def end_turn_with_draft(state: GameState, board: Board) -> TurnResult:
    """End the turn with a draft: play it if legal; otherwise the variant's failed-play
    penalty applies where it has one and the draft leaves incomplete sets on the table
    (``failed_manipulation``), else the play is refused and nothing changes."""
    if board == state.board:
        return draw(state)
    result = play(state, board)
    if result.ok or not state.variant.failed_play_penalty or not isinstance(board, Board) or state.phase != "play":
        return result
    analysis = check_play(state, board)
    if not failed_manipulation(analysis):
        return result
    return penalise_failed_play(
        state, "incomplete sets were left on the table", analysis.played, [p.message for p in result.problems]
    )


def timeout(state: GameState, draft: Board | None = None) -> TurnResult:
    """The turn timer ran out: the draft is undone and the player draws (the failed-play
    penalty instead, where the variant has one and the draft left incomplete sets)."""
    if state.phase != "play":
        return _refuse("the round is over")
    if isinstance(draft, Board) and draft != state.board and state.variant.failed_play_penalty:
        analysis = check_play(state, draft)
        if analysis.problems and failed_manipulation(analysis):
            return penalise_failed_play(
                state, "time ran out with incomplete sets on the table", analysis.played,
                [p.message for p in analysis.problems],
            )
    seat = state.current
    state.log({"type": "timeout", "seat": seat})
    if state.pool:
        t = state.pool.pop()
        state.players[seat].rack.append(t)
        state.last_drawn[seat] = t
        ev = {"type": "draw", "seat": seat, "tile": t, "timeout": True,
              "message": "Time is up: your tiles go back and you draw a tile."}
    else:
        state.passes += 1
        ev = {"type": "pass", "seat": seat, "timeout": True,
              "message": "Time is up: your tiles go back; the pool is empty, so you pass."}
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
    for k, v in variant.round_record(state, reason, winner).items():
        entry.setdefault(k, v)
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
