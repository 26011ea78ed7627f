"""Game flow: dealing, who starts, turns, round end, scoring, game end.

``apply(state, action)`` is the one way to change a game (see ``actions``): it never
raises on bad input, returns a ``TurnResult`` whose ``problems`` explain a refusal
(the state is then untouched) or whose ``events`` say what happened, and appends each
accepted action to ``state.actions``, so ``replay`` rebuilds a game from its deal.
Rule sets hook into it (``Variant``); they never end a turn themselves.
``play``, ``draw``, ``timeout``, ``end_turn_with_draft``, ``next_round`` and
``finish_round`` are shorthands for ``apply`` with one kind of action.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

from . import actions as act
from . import events as ev_
from .board import Board
from .state import HUMAN, GameState, Phase, PlayerState, new_secret
from .reasons import Reason
from .tiles import ALL_TILE_IDS, format_tiles, is_joker, number_of, rack_value
from .turn import Analysis, Problem, TurnStart, analyse, invalid_set
from .registry import find_variant
from .view import PlayerView, view  # noqa: F401  (view is part of the engine's interface)


@dataclass
class TurnResult:
    ok: bool
    problems: list[Problem] = field(default_factory=list)
    events: list[ev_.Event] = field(default_factory=list)

    @property
    def codes(self) -> list[Reason]:
        """The refusal's reason codes (for checks and developers' messages; ``game.play.reasons``
        words the problems for a player)."""
        return [p.code for p in self.problems]

    @property
    def played(self) -> bool:
        """A play is among the turn's events (not only a draw or a penalty)."""
        return any(isinstance(ev, ev_.Played) for ev in self.events)


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str = HUMAN


def new_game(
    variant: str,
    seats: Sequence[SeatSpec | str | tuple[str, str]],
    seed: int | None = None,
    options: dict | None = None,
    secret: str | None = None,
) -> GameState:
    """Create a game and deal its first round.  ``seats`` are names, (name, kind)
    pairs or ``SeatSpec``s; raises ``ValueError`` with a clear message on bad set-up.
    ``secret`` keys the computer players' seeds (``GameState.player_seed``); by default a
    fresh random one, never derived from the deal."""
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
        secret=secret if secret is not None else new_secret(),
    )
    state.extra = state.variant.init_extra(state)
    start_round(state)
    return state


def _spec(s: SeatSpec | str | tuple[str, str]) -> SeatSpec:
    if isinstance(s, SeatSpec):
        return s
    if isinstance(s, str):
        return SeatSpec(s, HUMAN)
    return SeatSpec(str(s[0]), str(s[1]))


def opening_draw(rng: random.Random, n: int, lowest: bool) -> tuple[int, list[int]]:
    """Each seat draws a tile; the highest (or lowest) number starts.  A drawn joker is
    put back and replaced; ties are settled by redrawing among the tied seats.
    Returns (starting seat, each seat's first numbered tile, shown on screen)."""

    def draw_numbers(seats: list[int]) -> dict[int, int]:
        bag = [t for t in ALL_TILE_IDS if not is_joker(t)]
        rng.shuffle(bag)
        return {seat: bag[i] for i, seat in enumerate(seats)}

    first_round = draw_numbers(list(range(n)))
    current = first_round
    while True:
        key = {s: number_of(t) for s, t in current.items()}
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
    state.phase = Phase.PLAY
    state.round_end_reason = ""
    state.round_winner = None
    variant.start_round_extra(state)
    state.log(ev_.RoundStarted(state.round, first))


def turn_start(state: GameState) -> TurnStart:
    p = state.player
    return TurnStart(state.board.copy(), list(p.rack), p.melded, state.drawn, state.extra)


def _is_cell(cell: object) -> bool:
    return (isinstance(cell, tuple) and len(cell) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in cell))


def board_problems(state: GameState, board: object) -> list[Problem]:
    """What makes ``board`` no table at all for the player to move: not a layout, cells
    that are not (row, column) pairs, things that are not tiles, a tile twice, or tiles
    that are neither on the table nor on the player's rack.  Such a draft is refused
    outright (never a penalty, never an exception)."""
    return _layout_problems(state.board, state.player.rack, board)


def _layout_problems(table: Board, rack: Sequence[int], board: object) -> list[Problem]:
    if not isinstance(board, Board) or not isinstance(board.cells, dict):
        return [Problem(Reason.NOT_A_LAYOUT)]
    cells = list(board.cells.items())
    if not all(_is_cell(c) for c, _ in cells):
        return [Problem(Reason.NOT_A_CELL)]
    tiles = [t for _, t in cells]
    if not all(isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= 105 for t in tiles):
        return [Problem(Reason.NOT_A_TILE)]
    if len(set(tiles)) != len(tiles):
        return [Problem(Reason.TILE_TWICE)]
    mine = set(table.tiles()) | set(rack)
    foreign = [t for t in tiles if t not in mine]
    if foreign:
        return [Problem(Reason.NOT_YOURS, tiles=tuple(foreign))]
    return []


def check_play(state: GameState, board: object) -> Analysis:
    """Analyse the current player's draft without changing anything."""
    start = turn_start(state)
    problems = board_problems(state, board)
    if problems:
        return Analysis(start, Board(), [], [], [], problems)
    return analyse(state.variant, start, board)


def check_view(seat_view: PlayerView, board: object) -> Analysis:
    """The same check as ``check_play``, from a seat's own view (the computer players
    check their candidate plays with it)."""
    start = TurnStart(seat_view.board.copy(), list(seat_view.rack), seat_view.me_melded, None, seat_view.extra)
    problems = _layout_problems(seat_view.board, seat_view.rack, board)
    if problems:
        return Analysis(start, Board(), [], [], [], problems)
    return analyse(seat_view.variant, start, board)


def _refuse(code: Reason, detail: str = "") -> TurnResult:
    return TurnResult(False, [Problem(code, detail=detail)])


def apply(state: GameState, action: object) -> TurnResult:
    """Apply any action (a typed value from ``actions`` or its JSON form) to the game.
    Refusals leave the state untouched; accepted actions are logged in ``state.actions``."""
    try:
        action = act.from_json(action)
    except act.ActionError as exc:
        return _refuse(Reason.BAD_ACTION, str(exc))
    before = state.board.copy()
    if isinstance(action, act.NextRound):
        if state.phase != Phase.ROUND_OVER:
            return _refuse(Reason.NEXT_ROUND_EARLY)
        state.round += 1
        start_round(state)
        result = TurnResult(True, [], [state.events[-1]])
    elif state.phase != Phase.PLAY:
        return _refuse(Reason.ROUND_OVER)
    elif isinstance(action, act.EndRound):
        result = TurnResult(True, [], [_finish_round(state, action.reason)])
    else:
        if isinstance(action, act.Timeout) and board_problems(state, action.board):
            action = act.Timeout(None)  # the clock ends the turn whatever the draft holds
        result = _TURNS[type(action)](state, action)
    if result.ok:
        state.actions.append(act.to_log(action, before))
    return result


def _play(state: GameState, action: act.Play) -> TurnResult:
    analysis = check_play(state, action.board)
    if analysis.problems:
        return TurnResult(False, analysis.problems)
    return _commit_play(state, analysis)


def _commit_play(state: GameState, analysis: Analysis, timeout: bool = False) -> TurnResult:
    seat = state.current
    p = state.player
    played = set(analysis.played)
    p.rack = [t for t in p.rack if t not in played]
    state.board = analysis.board.copy()
    was_melded = p.melded
    p.melded = True
    state.passes = 0
    points = None if was_melded else state.variant.initial_play_points(analysis)
    ev = ev_.Played(seat, tuple(sorted(played)), not was_melded, points, timeout)
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "play"))


def _draw(state: GameState, action: act.Draw) -> TurnResult:
    problems = state.variant.draw_problems(state)
    if problems:
        return TurnResult(False, problems)
    return _take_tile(state, "draw")


def _take_tile(state: GameState, how: str, timeout: bool = False) -> TurnResult:
    """The player to move draws a tile, or passes when the pool is empty; the turn ends."""
    seat = state.current
    if state.pool:
        t = state.pool.pop()
        state.players[seat].rack.append(t)
        state.last_drawn[seat] = t
        ev: ev_.Event = ev_.Drew(seat, t, timeout)
    else:
        state.passes += 1
        ev = ev_.Passed(seat, timeout)
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, how))


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


def _penalise(state: GameState, reason: ev_.PenaltyReason, returned: Iterable[int] = (),
              problems: Iterable[Problem] = ()) -> TurnResult:
    """Golden Games rule 10: a failed manipulation is undone (the table and rack are
    simply not changed) and the player draws the variant's penalty tiles.

    ``returned`` (the tiles the player had put down and takes back) and the codes of
    ``problems`` (what was wrong) only go into the event (``game.play.narrate`` tells it in words)."""
    seat = state.current
    count = state.variant.failed_play_penalty
    got = draw_tiles(state, seat, count)
    if got:
        state.last_drawn[seat] = got[-1]
    elif not state.pool:
        state.passes += 1
    back = tuple(sorted(int(t) for t in returned))
    ev = ev_.Penalised(seat, tuple(got), count, back, tuple(str(p.code) for p in problems), reason)
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "penalty"))


def failed_manipulation(analysis: Analysis) -> list[Problem]:
    """The problems that make a draft a failed manipulation (rule 10 of the Golden Games:
    incomplete or invalid sets and runs left on the table).  Other problems (initial meld
    too small, joker rules, no tile played) are refused without a penalty."""
    return [invalid_set(ln, m) for ln, m in zip(analysis.lines, analysis.melds) if not m]


@dataclass(frozen=True)
class EndTurnPreview:
    """What ending the turn with a draft would do, without doing it (for the play screen).

    ``outcome`` is "draw" (nothing changed on the table), "play" (legal), "penalty" (the
    failed-play penalty would apply: ``penalty`` tiles) or "refused" (the draft is illegal;
    nothing happens; ``problems`` say why).  ``warn`` says the screen should ask before a
    penalty (the variant's ``warn_before_penalty`` option; on where the variant has no such
    option).  ``warnings`` are the variant's ``end_turn_warnings`` for a draw or a legal play
    (e.g. Relaxed Rummibug's hand-limit penalty); when there are any, ``warn`` is set.
    Codes and data only: ``game.play.reasons.preview_words`` says it to the player."""

    outcome: str
    problems: tuple[Problem, ...]
    warn: bool = False
    warnings: tuple[Problem, ...] = ()
    penalty: int = 0


def _penalty_applies(state: GameState, analysis: Analysis) -> bool:
    """The failed-play penalty applies to a refused draft: the rule set has one, the draft
    is a table of the player's own tiles, and it leaves incomplete or invalid sets."""
    return bool(state.variant.failed_play_penalty and analysis.lines and failed_manipulation(analysis))


def preview_end_turn(state: GameState, board: object) -> EndTurnPreview:
    if state.phase != Phase.PLAY:
        return EndTurnPreview("refused", (Problem(Reason.ROUND_OVER),))
    structural = board_problems(state, board)
    if structural:
        return EndTurnPreview("refused", tuple(structural))
    variant = state.variant
    rack = state.player.rack
    if board == state.board:
        refusal = variant.draw_problems(state)
        if refusal:
            return EndTurnPreview("refused", tuple(refusal))
        after = len(rack) + (1 if state.pool else 0)
        notes = tuple(variant.end_turn_warnings(state, state.current, after))
        return EndTurnPreview("draw", (), bool(notes), notes)
    analysis = check_play(state, board)
    if not analysis.problems:
        played = set(analysis.played)
        notes = tuple(variant.end_turn_warnings(state, state.current, [t for t in rack if t not in played]))
        return EndTurnPreview("play", (), bool(notes), notes)
    if _penalty_applies(state, analysis):
        warn = bool(state.options.get("warn_before_penalty", True))
        return EndTurnPreview("penalty", tuple(analysis.problems), warn, penalty=variant.failed_play_penalty)
    return EndTurnPreview("refused", tuple(analysis.problems))


def _end_turn_with_draft(state: GameState, action: act.EndTurn) -> TurnResult:
    """End the turn with a draft: play it if legal; otherwise the variant's failed-play
    penalty applies where it has one and the draft leaves incomplete sets on the table
    (``failed_manipulation``), else the play is refused and nothing changes."""
    if action.board == state.board:
        return _draw(state, act.Draw())
    analysis = check_play(state, action.board)
    if not analysis.problems:
        return _commit_play(state, analysis)
    if not _penalty_applies(state, analysis):
        return TurnResult(False, analysis.problems)
    return _penalise(state, ev_.PenaltyReason.INCOMPLETE_SETS, analysis.played, analysis.problems)


def _timeout(state: GameState, action: act.Timeout) -> TurnResult:
    """The turn timer ran out.  A finished play (a legal draft) is played where the rule
    set says so (``timeout_plays_finished_table``); a draft leaving incomplete sets takes
    the failed-play penalty where the rule set has one; otherwise the draft is undone
    and the player draws."""
    draft = action.board
    variant = state.variant
    if draft is not None and draft != state.board:
        analysis = check_play(state, draft)
        if not analysis.problems and variant.timeout_plays_finished_table:
            return _commit_play(state, analysis, timeout=True)
        if analysis.problems and _penalty_applies(state, analysis):
            return _penalise(state, ev_.PenaltyReason.TIME_RAN_OUT, analysis.played, analysis.problems)
    state.log(ev_.TimedOut(state.current))
    return _take_tile(state, "timeout", timeout=True)


def _claim(state: GameState, action: act.Claim) -> TurnResult:
    seat = state.current
    problems, events = state.variant.claim_turn(state, action)
    if problems:
        return TurnResult(False, problems)
    for ev in events:
        state.log(ev)
    return TurnResult(True, [], events + _end_turn(state, seat, "claim"))


def _forfeit(state: GameState, action: act.Forfeit) -> TurnResult:
    """No legal move is left to a player: the failed-play penalty where the rule set has
    one, else the turn passes."""
    if state.variant.failed_play_penalty:
        return _penalise(state, ev_.PenaltyReason.NO_LEGAL_MOVE)
    seat = state.current
    state.passes += 1
    ev = ev_.Passed(seat)
    state.log(ev)
    return TurnResult(True, [], [ev] + _end_turn(state, seat, "pass"))


_TURNS = {
    act.Play: _play,
    act.EndTurn: _end_turn_with_draft,
    act.Draw: _draw,
    act.Timeout: _timeout,
    act.Claim: _claim,
    act.Forfeit: _forfeit,
}


# -- shorthands for one kind of action -----------------------------------------------------------


def play(state: GameState, board: object) -> TurnResult:
    """``apply(state, Play(board))``: the current player ends the turn with ``board`` as the table."""
    return apply(state, act.Play(board))


def draw(state: GameState) -> TurnResult:
    """``apply(state, Draw())``: draw a tile (or pass when the pool is empty)."""
    return apply(state, act.Draw())


def end_turn_with_draft(state: GameState, board: object) -> TurnResult:
    """``apply(state, EndTurn(board))``."""
    return apply(state, act.EndTurn(board))


def timeout(state: GameState, draft: object = None) -> TurnResult:
    """``apply(state, Timeout(draft))``."""
    return apply(state, act.Timeout(draft))


def next_round(state: GameState) -> None:
    """``apply(state, NextRound())``; raises ``ValueError`` before the round has ended."""
    result = apply(state, act.NextRound())
    if not result.ok:
        raise ValueError(f"the next round cannot start: {', '.join(result.codes)}")


def finish_round(state: GameState, reason: str) -> ev_.RoundEnded:
    """``apply(state, EndRound(reason))``: end the round now; returns its round-end event."""
    result = apply(state, act.EndRound(reason))
    if not result.ok:
        raise ValueError(f"the round cannot end: {', '.join(result.codes)}")
    return result.events[-1]


# -- ending turns and rounds ----------------------------------------------------------------------


def _end_turn(state: GameState, seat: int, action: str) -> list[ev_.Event]:
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
        events.append(_finish_round(state, reason))
    else:
        state.current = (seat + state.variant.direction) % n
    return events


def _finish_round(state: GameState, reason: str) -> ev_.RoundEnded:
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
    state.phase = Phase.GAME_OVER if variant.game_over(state) else Phase.ROUND_OVER
    ev = ev_.RoundEnded(state.round, reason, winner, tuple(deltas), tuple(entry["racks"]), tuple(entry["rack_values"]),
                        tuple(entry["scores"]), tuple((k, ev_.frozen(v)) for k, v in entry.items() if k not in _ROUND_FIELDS))
    state.log(ev)
    return ev


_ROUND_FIELDS = ("round", "reason", "winner", "deltas", "racks", "rack_values", "scores")


def ranking(state: GameState) -> list[int]:
    return state.variant.ranking(state)


# -- replay -------------------------------------------------------------------------------------------


def deal_again(state: GameState) -> GameState:
    """A fresh game with ``state``'s deal (seats, seed, options, secret), before any action.
    Raises ``ValueError`` when the game has no complete log to replay on it."""
    if not state.replayable:
        raise ValueError("this game was saved by an older version and has no complete action log")
    seats = [(p.name, p.kind) for p in state.players]
    return new_game(state.variant_key, seats, seed=state.seed, options=state.options, secret=state.secret)


def replay_steps(game: GameState, entries: list) -> Iterator[tuple[Board, int, TurnResult]]:
    """Apply logged actions to ``game`` (from ``deal_again``) one by one, yielding after each the
    table before it, the round it was played in and its ``TurnResult``.  Raises ``ValueError``
    when an entry is damaged or does not apply."""
    for k, entry in enumerate(entries):
        try:
            action = act.from_log(entry, game.board)
        except act.ActionError as exc:
            raise ValueError(f"action {k + 1} of the log is damaged: {exc}") from None
        before, round_no = game.board.copy(), game.round
        result = apply(game, action)
        if not result.ok:
            raise ValueError(f"action {k + 1} of the log does not apply: {', '.join(result.codes)}")
        yield before, round_no, result


def replay(state: GameState, upto: int | None = None) -> GameState:
    """The game rebuilt from its deal and its first ``upto`` logged actions (all by default).
    Raises ``ValueError`` when the game has no complete log or an entry does not apply."""
    game = deal_again(state)
    for _ in replay_steps(game, state.actions[:upto]):
        pass
    return game
