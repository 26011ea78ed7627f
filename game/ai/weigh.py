"""Weighing a play against what it risks, once an opponent is close to going out.

A tile laid on the table is a tile an opponent can use to finish; a tile kept on the rack
counts against its holder when someone else goes out (a joker 30 points).  The hard player's
fixed denial rule ("draw whenever an opponent holds five tiles or fewer") wins rounds but,
where the points left on a rack score, costs more than it saves.  ``choose`` weighs instead:

* the candidates: hard's own play, the most tiles with the rack's jokers spent, and a draw
  (where the rule set lets it draw);
* for each, the chance that a close opponent goes out on the table it leaves, estimated from
  sampled deals of the tiles this seat cannot see (``sample_racks``: the pool and the other
  racks, shared out by the rack sizes it sees; nothing else of another seat is read);
* its cost: that chance times the points it leaves on the rack (a draw adds an average
  tile), plus, for the turns the opponent does not go out, ``delay`` points for every
  numbered tile it places fewer than the best candidate (the tempo a draw gives away).

The cheapest candidate is played (ties: hard's own).  The deals come from a generator
seeded by the player's seed, so a seed gives the same move.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Sequence

from ..rules.board import Board
from ..rules.tiles import is_joker, rack_value
from .layout import sets_of
from .solver import SolverError, solve

if TYPE_CHECKING:
    from .players import _Turn
    from .strategy import Strategy

ALL_TILES = 106
DRAWN_TILE_POINTS = 7  # what a drawn tile adds to the rack on average (numbers 1..13, two jokers)
REPLY_NODES = 800  # the finder's work per sampled answer: a limit on work, the same on any machine


def sample_racks(turn: "_Turn", opponents: Sequence[int], n: int, rng: random.Random,
                 stuck: bool = False) -> list[dict[int, list[int]]]:
    """``n`` deals of the tiles the seat cannot see (not on its rack nor on the table) to
    ``opponents``, each getting as many as its rack holds.  With ``stuck`` a deal is kept only
    where every opponent could lay at most one of its tiles on the table as it stands (the one
    it may just have drawn): an opponent that plays what it can keeps only what does not fit.
    At most ``4 n`` deals are tried; short of ``n`` kept, the last ones tried fill up."""
    seen = set(turn.rack) | set(turn.board.tiles())
    unseen = [t for t in range(ALL_TILES) if t not in seen]
    out: list[dict[int, list[int]]] = []
    spare: list[dict[int, list[int]]] = []
    for _ in range(4 * n if stuck else n):
        if len(out) == n:
            break
        rng.shuffle(unseen)
        deal: dict[int, list[int]] = {}
        k = 0
        for i in opponents:
            size = min(turn.view.rack_sizes[i], len(unseen) - k)
            deal[i] = sorted(unseen[k:k + size])
            k += size
        if not stuck or all(_fits(turn.sets, rack) <= 1 for rack in deal.values()):
            out.append(deal)
        else:
            spare.append(deal)
    return out + spare[len(spare) - (n - len(out)):] if len(out) < n and spare else out


def _fits(sets: Sequence[Sequence[int]], rack: list[int]) -> int:
    if len(rack) <= 1:
        return len(rack)
    try:
        return solve(sets, rack, node_budget=REPLY_NODES).tiles_placed
    except SolverError:
        return 0


def out_chance(sets: Sequence[Sequence[int]], deals: Sequence[dict[int, list[int]]]) -> float:
    """The share of ``deals`` in which some opponent could lay its whole rack on ``sets``."""
    if not deals:
        return 0.0
    outs = 0
    for deal in deals:
        for rack in deal.values():
            if not rack:
                continue
            try:
                res = solve(sets, rack, node_budget=REPLY_NODES)
            except SolverError:
                continue
            if res.tiles_placed == len(rack):
                outs += 1
                break
    return outs / len(deals)


def close_opponents(turn: "_Turn", within: int) -> list[int]:
    """The melded opponents holding ``within`` tiles or fewer (they could go out next)."""
    return [i for i in turn.opponents() if turn.view.melded[i] and 0 < turn.view.rack_sizes[i] <= within]


def can_draw(turn: "_Turn") -> bool:
    """May this seat draw without a rule set's penalty or refusal?"""
    return turn.view.pool_size > 0 and not turn.must_meld() and not turn.rack_pressure(0)


def choose(turn: "_Turn", own: Board | None, spend_jokers: Board | None, knobs: "Strategy",
           rng: random.Random) -> Board | None:
    """The cheapest of hard's own play ``own``, the play ``spend_jokers`` (the most tiles with
    the rack's jokers) and a draw (None), as the module doc weighs them."""
    opponents = close_opponents(turn, knobs.weigh)
    cands: list[Board | None] = [own]
    if knobs.weigh_jokers and spend_jokers is not None and _key(spend_jokers) != _key(own):
        cands.append(spend_jokers)
    if own is not None and can_draw(turn):
        cands.append(None)
    if not opponents or len(cands) == 1:
        return own
    deals = sample_racks(turn, opponents, knobs.weigh_worlds, random.Random(rng.random()), stuck=knobs.weigh_stuck)
    placed = [_placed(turn, b) for b in cands]
    most = max(sum(1 for t in p if not is_joker(t)) for p in placed)
    r0 = rack_value(turn.rack)
    best: tuple[float, Board | None] | None = None
    for board, tiles in zip(cands, placed):
        sets = turn.sets if board is None else sets_of(board)
        chance = out_chance(sets, deals)
        left = r0 - rack_value(tiles) + (DRAWN_TILE_POINTS if board is None else 0)
        numbered = sum(1 for t in tiles if not is_joker(t))
        cost = chance * left + (1 - chance) * knobs.delay * (most - numbered)
        if best is None or cost < best[0] - 1e-9:
            best = (cost, board)
    assert best is not None
    return best[1]


def _placed(turn: "_Turn", board: Board | None) -> list[int]:
    if board is None:
        return []
    return [t for t in board.tiles() if t in turn.rack_set]


def _key(board: Board | None):
    return None if board is None else frozenset(board.cells.items())

