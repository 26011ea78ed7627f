"""Tables the meld finder's search reads (``game/ai/search.py``), built once per process.

* Runs in progress of one colour between two numbers: a sorted tuple of lengths (1, 2, 3 = three
  or more), indexed (``LSTATES``); how ``a`` run tiles of one face continue them (``runstep``) and
  the distinct states they can become (``next_states``), with runs of three or more that can only
  end there dropped (``CAP``).
* Groups at one number: whether tiles (counts per colour, base 3 in ``gv``) plus jokers split into
  valid groups, with or without kept groups of three to complete (``FEAS_CANON``, ``feas_kept``),
  the most copies of each colour that can go to groups (``group_max``), whether a partial choice
  can still be completed (``completable``), what the relaxation charges a group tile
  (``group_choices``), and the split of tiles into physical groups (``split_groups``).
* Max-plus combination of the relaxation's per-colour vectors (``maxplus``, ``best_split``).
"""

from __future__ import annotations

from itertools import product
from typing import Iterable, Sequence

NEG = -(1 << 40)  # "infeasible" in the bound arithmetic (stays an int)
W_TILE = 4096  # weight of one placed tile in the "tiles" objective (> any sum of points)
W_POINT = 256  # weight of one point in the "points" objective (> any number of tiles)
MAX_TIE_WEIGHT = 30  # caller's tie weights per tile: 30 * 106 < W_TILE keeps "most tiles" first


def step_face(i: int) -> int:
    """The face decided at step ``i`` of the search (number by number, the four colours each)."""
    n0, c = divmod(i, 4)
    return c * 13 + n0


# ---------------------------------------------------------------------------------------------
# Runs in progress: a sorted tuple of lengths (1, 2, 3 = three or more), indexed.

LSTATES: list[tuple[int, ...]] = []
_LINDEX: dict[tuple[int, ...], int] = {}


def _lidx(lengths: Iterable[int]) -> int:
    key = tuple(sorted(lengths))
    i = _LINDEX.get(key)
    if i is None:
        i = len(LSTATES)
        LSTATES.append(key)
        _LINDEX[key] = i
    return i


for _size in range(5):
    for _combo in product((1, 2, 3), repeat=_size):
        _lidx(_combo)
N_L = len(LSTATES)  # 35 states of at most 4 runs: the only ones between numbers
SHORTS = [sum(1 for x in s if x < 3) for s in LSTATES]

_RUNSTEP: dict[tuple[int, int, int, int], tuple[tuple[int, int, int], ...]] = {}


def runstep(lidx: int, sources: int, sinks: int, a: int) -> tuple[tuple[int, int, int], ...]:
    """Ways ``a`` run tiles of one face continue the runs in progress.

    ``sources`` kept runs ending just below join the runs in progress (as runs of
    three or more); ``sinks`` kept runs starting at this number may absorb a short
    run (it then becomes their lower extension).  Returns (new state, short runs of
    length 1 absorbed, of length 2 absorbed) for each way.
    """
    key = (lidx, sources, sinks, a)
    got = _RUNSTEP.get(key)
    if got is not None:
        return got
    runs = LSTATES[lidx]
    ones = runs.count(1)
    twos = runs.count(2)
    threes = runs.count(3) + sources
    out = []
    for x1 in range(min(ones, sinks) + 1):
        for x2 in range(min(twos, sinks - x1) + 1):
            s1, s2 = ones - x1, twos - x2
            if a < s1 + s2:
                continue
            extra = a - s1 - s2
            e3 = min(extra, threes)
            starts = extra - e3
            new = (2,) * s1 + (3,) * (s2 + e3) + (1,) * starts
            if len(new) > 4:
                continue
            out.append((_lidx(new), x1, x2))
    got = tuple(out)
    _RUNSTEP[key] = got
    return got


def _capped(lidx: int, cap: int) -> int:
    """The same runs in progress, keeping only as many runs of three or more as could still be
    continued when at most ``cap`` tiles of that colour can come at the next number (the others
    can only end there, so they do not change what is possible later)."""
    runs = LSTATES[lidx]
    shorts = [x for x in runs if x < 3]
    threes = len(runs) - len(shorts)
    keep = min(threes, max(0, cap - len(shorts)))
    return _lidx(shorts + [3] * keep) if keep < threes else lidx


CAP = [[_capped(l, k) for k in range(7)] for l in range(N_L)]

_NEXT_CACHE: dict[tuple[int, int, int, int], tuple] = {}


def next_states(lidx: int, sources: int, sinks: int, cap: int = 6) -> tuple:
    """For a = 0..4 run tiles, the distinct states the runs in progress can become."""
    key = (lidx, sources, sinks, cap)
    got = _NEXT_CACHE.get(key)
    if got is None:
        row = CAP
        got = tuple(tuple(sorted({row[nl][cap] for nl, _x1, _x2 in runstep(lidx, sources, sinks, a)})) for a in range(5))
        _NEXT_CACHE[key] = got
    return got


# ---------------------------------------------------------------------------------------------
# Groups at one number: can naturals (count per colour) plus jokers split into valid groups?


def group_count(counts: Sequence[int], jokers: int) -> int | None:
    """Smallest number of groups the tiles split into (0 for none), or None."""
    naturals = sum(counts)
    total = naturals + jokers
    if total == 0:
        return 0
    low = max(1, max(counts, default=0))
    for groups in range(low, naturals + 1):
        if 3 * groups <= total <= 4 * groups:
            return groups
    return None


_FEAS = {}
for _ones in range(5):
    for _twos in range(5 - _ones):
        for _j in range(3):
            _FEAS[(_ones, _twos, _j)] = group_count([1] * _ones + [2] * _twos, _j) is not None
_GV_COUNTS = [tuple((v // 3**c) % 3 for c in range(4)) for v in range(81)]
GV_CANON = [sum(1 for x in cs if x == 1) * 5 + sum(1 for x in cs if x == 2) for cs in _GV_COUNTS]
FEAS_CANON = [[_FEAS.get((k // 5, k % 5, j), False) for j in range(3)] for k in range(25)]


def split_groups(naturals_by_colour: list[list[int]], jokers: list[int]) -> list[list[int]]:
    """Partition naturals (one list per colour) and jokers into valid groups."""
    counts = [len(x) for x in naturals_by_colour]
    groups_n = group_count(counts, len(jokers))
    if groups_n is None:
        raise AssertionError("group split infeasible")  # the search only asks feasible splits
    if groups_n == 0:
        return []
    groups: list[list[int]] = [[] for _ in range(groups_n)]
    p = 0
    for c in sorted(range(4), key=lambda c: -counts[c]):
        for t in naturals_by_colour[c]:
            groups[p].append(t)
            p = (p + 1) % groups_n
    jk = list(jokers)
    for g in sorted(groups, key=len):
        while len(g) < 3 and jk:
            g.append(jk.pop())
    for g in groups:
        while len(g) < 4 and jk:
            g.append(jk.pop())
    return groups


def maxplus(a: Sequence[int], b: Sequence[int], k: int) -> tuple:
    """(a (+) b)[j] = max over x + y = j of a[x] + b[y], for j = 0..k (k is 0, 2 or 4 here)."""
    a0, b0 = a[0], b[0]
    if k == 0:
        return (a0 + b0,)
    a1, a2, b1, b2 = a[1], a[2], b[1], b[2]
    r1 = a0 + b1 if a0 + b1 > a1 + b0 else a1 + b0
    r2 = max(a0 + b2, a1 + b1, a2 + b0)
    if k == 2:
        return (a0 + b0, r1, r2)
    a3, a4, b3, b4 = a[3], a[4], b[3], b[4]
    return (
        a0 + b0,
        r1,
        r2,
        max(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
        max(a0 + b4, a1 + b3, a2 + b2, a3 + b1, a4 + b0),
    )


def best_split(a: Sequence[int], b: Sequence[int], k: int) -> int:
    """max over x + y = k of a[x] + b[y]."""
    if k == 0:
        return a[0] + b[0]
    if k == 2:
        return max(a[0] + b[2], a[1] + b[1], a[2] + b[0])
    if k == 4:
        return max(a[0] + b[4], a[1] + b[3], a[2] + b[2], a[3] + b[1], a[4] + b[0])
    return max(a[x] + b[k - x] for x in range(k + 1))


_GMAX_CACHE: dict[tuple, tuple] = {}


def _feasible(sig: tuple, gv: int, jokers: int) -> bool:
    if not sig:
        return FEAS_CANON[GV_CANON[gv]][jokers]
    return feas_kept(sig, gv, jokers) is not None


_FEAS_KEPT: dict[tuple, list | None] = {}


def feas_kept(sig: tuple, gv: int, jg: int):
    """Can group tiles (counts per colour, base-3 ``gv``) and ``jg`` jokers be placed, some of
    them completing kept groups of three (``sig``: the colours of each), the rest as new
    groups?  Returns what each kept group takes (None, "J" or a colour), or None."""
    key = (sig, gv, jg)
    if key in _FEAS_KEPT:
        return _FEAS_KEPT[key]
    counts = list(_GV_COUNTS[gv])
    found = None

    def rec(k: int, jleft: int, assign: list) -> None:
        nonlocal found
        if found is not None:
            return
        if k == len(sig):
            ones = sum(1 for x in counts if x == 1)
            twos = sum(1 for x in counts if x == 2)
            if _FEAS[(ones, twos, jleft)]:
                found = list(assign)
            return
        rec(k + 1, jleft, assign + [None])
        if jleft:
            rec(k + 1, jleft - 1, assign + ["J"])
        for c in range(4):
            if counts[c] and c not in sig[k]:
                counts[c] -= 1
                rec(k + 1, jleft, assign + [c])
                counts[c] += 1

    rec(0, jg, [])
    _FEAS_KEPT[key] = found
    return found


def group_max(avail: tuple, jokers: int, sig: tuple = ()) -> tuple:
    """Most copies of each colour that can go to groups at one number, given the copies
    available per colour, the jokers and any kept groups of three (``sig``)."""
    key = (avail, jokers, sig)
    got = _GMAX_CACHE.get(key)
    if got is not None:
        return got
    best = [0, 0, 0, 0]
    for gv in range(81):
        cs = _GV_COUNTS[gv]
        if any(cs[c] > avail[c] for c in range(4)) or all(cs[c] <= best[c] for c in range(4)):
            continue
        if any(_feasible(sig, gv, j) for j in range(jokers + 1)):
            for c in range(4):
                best[c] = max(best[c], cs[c])
    got = tuple(best)
    _GMAX_CACHE[key] = got
    return got


_COMPLETABLE: dict[tuple, bool] = {}


def completable(rest_max: tuple, c: int, gv: int, jl: int, sig: tuple) -> bool:
    """Can colours after ``c`` (at most ``rest_max`` copies each) complete the group tiles chosen
    so far (``gv``) into valid groups with at most ``jl`` jokers?"""
    key = (rest_max, c, gv, jl, sig)
    got = _COMPLETABLE.get(key)
    if got is not None:
        return got
    ok = False
    for rest in product(*[range(m + 1) for m in rest_max]):
        full = gv
        for k, x in enumerate(rest):
            full += x * 3 ** (c + 1 + k)
        if any(_feasible(sig, full, jg) for jg in range(jl + 1)):
            ok = True
            break
    _COMPLETABLE[key] = ok
    return ok


_CHOICE_CACHE: dict[tuple, tuple] = {}
_TILE_WAYS = ((0, 2), (1, 1), (4, 0))  # (half-jokers charged, natural partners needed) per group tile


def group_choices(others: tuple) -> tuple:
    """What one colour may be charged for putting 0, 1 or 2 copies into groups at a number,
    given how many copies (0-2) of each other colour exist there.

    A group tile in a group with k numbered tiles and m jokers needs k - 1 numbered partners
    (other colours' group tiles: the Lagrangian relaxation prices them) and is charged m/k
    jokers, rounded down to half-jokers.  The useful ways are: two numbered partners (0
    half-jokers), one partner and a joker shared by two (1 half-joker), or two jokers of its
    own (4 half-jokers).  Returns, for g = 0, 1, 2, the Pareto list of (half-jokers, partners).
    """
    got = _CHOICE_CACHE.get(others)
    if got is not None:
        return got
    o1 = sum(1 for x in others if x >= 1)
    o2 = sum(1 for x in others if x >= 2)

    def pareto(items):
        items = sorted(set(items))
        out = []
        for units, need in items:
            if not out or need < out[-1][1]:
                out.append((units, need))
        return tuple(out)

    one = pareto(w for w in _TILE_WAYS if w[1] <= o1)
    two = pareto(
        (a[0] + b[0], a[1] + b[1])
        for a in _TILE_WAYS
        for b in _TILE_WAYS
        if a[1] <= o1 and b[1] <= o1 and a[1] + b[1] <= o1 + o2
    )
    got = (((0, 0),), one, two)
    _CHOICE_CACHE[others] = got
    return got
