"""Weighing a play against a draw, once an opponent is close to going out.

A tile laid on the table is a tile an opponent can use to finish; a tile kept on the rack
counts against its holder when someone else goes out (a joker 30 points).  The hard player's
fixed denial rule ("draw whenever an opponent holds five tiles or fewer") wins rounds but,
where the points left on a rack score, costs more than it saves.  ``choose`` weighs instead:

* the candidates: hard's own play, and a draw (where the rule set lets it draw);
* for each, the chance that a close opponent goes out on the table it leaves, estimated from
  sampled deals of the tiles this seat cannot see (``sample_racks``: the pool and the other
  racks, shared out by the rack sizes it sees; nothing else of another seat is read).  The
  deals are *stuck*: an opponent that plays what it can keeps only what does not fit the
  table it left, so a deal is kept only where the opponent could lay at most one tile on the
  table as it stands (the one it may just have drawn);
* its cost: that chance times the points it leaves on the rack (a draw adds an average
  tile), plus, for the turns the opponent does not go out, ``delay`` points for every
  numbered tile it places fewer than the play (the tempo a draw gives away).

The cheaper candidate is played (ties: the play).  The deals come from a generator seeded by
the player's seed, so a seed gives the same move.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Sequence

from ..rules.board import Board
from ..rules.melds import check_set
from ..rules.tiles import JOKER_FACE, copies, face_at, face_key, is_joker, rack_value
from .layout import sets_of
from .relayout import joiners
from .solver import SolverError, places_all

if TYPE_CHECKING:
    from .players import _Turn
    from .strategy import Strategy

ALL_TILES = 106
DRAWN_TILE_POINTS = 7  # what a drawn tile adds to the rack on average (numbers 1..13, two jokers)
REPLY_NODES = 300  # the finder's work per sampled answer: a limit on work, the same on any machine
STUCK_TRIES = 4  # deals tried per deal kept, at most, when the opponents keep only what does not fit


def sample_racks(turn: "_Turn", opponents: Sequence[int], n: int, rng: random.Random,
                 stuck: bool = False) -> list[dict[int, list[int]]]:
    """``n`` deals of the tiles the seat cannot see (not on its rack nor on the table) to
    ``opponents``, each getting as many as its rack holds.  With ``stuck`` a deal is kept only
    where every opponent could lay at most one of its tiles on the table as it stands (the one
    it may just have drawn): an opponent that plays what it can keeps only what does not fit.
    What fits is judged by the simple moves (a tile that extends a table set, three rack tiles
    that make a set), so the check costs no search.
    At most ``STUCK_TRIES n`` deals are tried; short of ``n`` kept, the last ones tried fill up."""
    seen = set(turn.rack) | set(turn.board.tiles())
    unseen = [t for t in range(ALL_TILES) if t not in seen]
    fitting = extending_faces(turn.sets) if stuck else frozenset()
    out: list[dict[int, list[int]]] = []
    spare: list[dict[int, list[int]]] = []
    for _ in range(STUCK_TRIES * n if stuck else n):
        if len(out) == n:
            break
        rng.shuffle(unseen)
        deal: dict[int, list[int]] = {}
        k = 0
        for i in opponents:
            size = min(turn.view.rack_sizes[i], len(unseen) - k)
            deal[i] = sorted(unseen[k:k + size])
            k += size
        if not stuck or all(_loose(fitting, rack) <= 1 for rack in deal.values()):
            out.append(deal)
        else:
            spare.append(deal)
    missing = n - len(out)
    return out + spare[-missing:] if missing else out


def extending_faces(sets: Sequence[Sequence[int]]) -> frozenset[int]:
    """The faces (``face_key``; the jokers' too) of which one tile makes some set of ``sets``
    one longer and still valid."""
    out: set[int] = set()
    for s in sets:
        out.update(_extending(tuple(s)))
    return frozenset(out)


@lru_cache(maxsize=1 << 14)
def _extending(s: tuple[int, ...]) -> frozenset[int]:
    """The faces of which one tile makes the set ``s`` one longer and still valid (a table's
    sets stay from turn to turn: remembered)."""
    out = set()
    for face in _candidates(s):
        tile = next((t for t in copies(face) if t not in s), None)
        if tile is not None and check_set(s + (tile,)):
            out.add(face)
    return frozenset(out)


def _candidates(s: tuple[int, ...]) -> list[int]:
    """The faces that may make ``s`` one longer: those a numbered tile joining it may show
    (``relayout.joiners``), and the joker."""
    kin = joiners(s)
    if kin is None:
        return list(range(JOKER_FACE + 1))
    colours, numbers = kin
    out = {face_at(c, n) for c in colours for n in range(1, 14)} | {face_at(c, n) for c in range(4) for n in numbers}
    return sorted(out) + [JOKER_FACE]


def _loose(fitting: frozenset[int], rack: list[int]) -> int:
    """How many tiles of ``rack`` the simple moves lay: single tiles extending a table set, and
    the tiles of sets made of three rack tiles."""
    laid = {t for t in rack if face_key(t) in fitting}
    if len(rack) >= 3:
        for trio in combinations(rack, 3):
            if not laid.issuperset(trio) and check_set(list(trio)):
                laid.update(trio)
    return len(laid)


def out_chance(sets: Sequence[Sequence[int]], deals: Sequence[dict[int, list[int]]]) -> float:
    """The share of ``deals`` in which some opponent could lay its whole rack on ``sets``."""
    if not deals:
        return 0.0
    return sum(1 for deal in deals if goes_out(sets, deal)) / len(deals)


def goes_out(sets: Sequence[Sequence[int]], deal: dict[int, list[int]]) -> bool:
    """Could some opponent of ``deal`` lay its whole rack on ``sets``?"""
    return any(rack and _lays_all(sets, rack) for rack in deal.values())


def _lays_all(sets: Sequence[Sequence[int]], rack: list[int]) -> bool:
    """Does the finder, within ``REPLY_NODES``, lay the whole of ``rack`` on ``sets``?"""
    try:
        return places_all(sets, rack, node_budget=REPLY_NODES)
    except SolverError:
        return False


def close_opponents(turn: "_Turn", within: int) -> list[int]:
    """The melded opponents holding ``within`` tiles or fewer (they could go out next)."""
    return [i for i in turn.opponents() if turn.view.melded[i] and 0 < turn.view.rack_sizes[i] <= within]


def can_draw(turn: "_Turn") -> bool:
    """May this seat draw without a rule set's penalty or refusal?"""
    return turn.view.pool_size > 0 and not turn.must_meld() and not turn.rack_pressure(0)


def choose(turn: "_Turn", own: Board | None, knobs: "Strategy", rng: random.Random) -> Board | None:
    """Hard's own play ``own`` or a draw (None), whichever costs less as the module doc weighs them."""
    opponents = close_opponents(turn, knobs.weigh)
    if own is None or not opponents or not can_draw(turn):
        return own
    deals = sample_racks(turn, opponents, knobs.weigh_worlds, random.Random(rng.random()), stuck=True)
    placed = [t for t in own.tiles() if t in turn.rack_set]
    numbered = sum(1 for t in placed if not is_joker(t))
    left = rack_value(turn.rack)
    # the deals hold what did not fit the table as it stands: on it only a lone tile can still finish
    lone = [{i: r for i, r in d.items() if len(r) == 1} for d in deals]
    chance_draw = out_chance(turn.sets, lone)
    cost_draw = chance_draw * (left + DRAWN_TILE_POINTS) + (1 - chance_draw) * knobs.delay * numbered
    sets, after = sets_of(own), left - rack_value(placed)
    hits, n = 0, len(deals)
    for k, deal in enumerate(deals):
        # the play's cost is out_chance(sets, deals) * after, between hits / n * after and (hits +
        # the deals left) / n * after: once the choice is known either way, the other deals are not
        # looked at (the same choice, fewer searches)
        if cost_draw < hits / n * after - 1e-9:
            return None
        if cost_draw >= (hits + n - k) / n * after - 1e-9:
            return own
        hits += goes_out(sets, deal)
    cost_play = hits / n * after if n else 0.0
    return None if cost_draw < cost_play - 1e-9 else own
