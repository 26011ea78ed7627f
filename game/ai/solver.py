"""The exact meld finder.

Question: given the tiles on the table and a rack, rearrange the whole table
(every table tile stays, in valid sets) and add the most rack tiles; among
those arrangements, the most points (face values of the placed numbered rack
tiles).  Variants of the question the players need:

* ``objective="points"``: the most points first, then the most tiles;
* ``solve_initial``: the initial meld, from the rack only (table untouched),
  sets worth at least N points (a joker worth the tile it stands for);
* ``keep``: table sets that must stay together (they may still be extended
  at their ends, or a group of three completed), ``pinned``: sets that stay
  exactly as they are, and ``max_disturbed``: at most that many table sets may
  be broken up (the others are kept, extendable) - for weaker players and for
  layouts a person can follow;
* ``time_budget``: stop after that many seconds with the best arrangement
  found so far; ``Result.optimal`` says whether optimality was proved.

Method: a dynamic programme over the numbers 1..13 in the style of van Rijn,
Takes & Vis (2015), turned into a depth-first branch and bound.  Between two
numbers the state is, for each colour, the multiset of the lengths of the runs
in progress (1, 2 or "3 or more"), plus the jokers used so far.  A number is
processed colour by colour: for each colour we decide how many copies of that
face are used (table copies must be, rack copies may be), how many of them go
to groups and how many jokers stand in runs of that colour; after the fourth
colour the tiles put aside for groups (and any jokers) must split into valid
groups.  Two observations keep the search small:

* runs are extended greedily: starting a new run while a run of three or more
  of the same colour ends just below would be the same as extending it (two
  touching runs of one colour join into one valid run), so a tile only starts
  a run when every run in progress has been extended;
* an upper bound from a relaxation that treats each colour on its own
  (groups allowed wherever enough other tiles of that number exist) prunes
  every branch that cannot beat the best arrangement found so far, and also
  detects early every run that can no longer reach three tiles.

A memo of the best score with which each (step, state) was reached cuts off
repeated sub-searches, so the search is exact: when it finishes the answer is
optimal.  The decisions of the best path are then replayed with physical tiles
to build the actual sets (table copies first, so every table tile is used).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import product
from typing import Iterable, Sequence

from ..rules.melds import check_line, check_set
from ..rules.tiles import format_tiles, numbers_value

NEG = -(1 << 40)  # "infeasible" in the bound arithmetic (stays an int)
W_TILE = 4096  # weight of one placed tile in the "tiles" objective (> any sum of points)
W_POINT = 256  # weight of one point in the "points" objective (> any number of tiles)
MAX_TIE_WEIGHT = 30  # caller's tie weights per tile: 30 * 106 < W_TILE keeps "most tiles" first
LAG_ROUNDS = 6  # subgradient rounds when a pass of the search proves its target out of reach
LAG_THETA = 2.0  # first step size, in tiles (or points) per unit of squared violation


class SolverError(ValueError):
    """Bad input to the finder: duplicate tiles, unknown ids, invalid kept sets."""


@dataclass
class Result:
    """An arrangement of the whole table.

    ``sets`` lists every set (tile ids, runs in ascending order), ``placed`` the
    rack tiles it uses.  ``optimal`` is True when the search proved that no
    arrangement scores better under the asked objective and constraints.
    """

    sets: list[list[int]]
    tiles_placed: int
    value_placed: int
    placed: list[int]
    optimal: bool
    meld_points: int = 0  # value of the sets made only of rack tiles (the initial-meld count)
    nodes: int = 0
    seconds: float = 0.0
    disturbed: int = 0  # table sets broken up (when the table was given as sets)
    extra: dict = field(default_factory=dict)

    def notation(self) -> str:
        return " | ".join(format_tiles(s) for s in self.sets)


# ---------------------------------------------------------------------------------------------
# Runs in progress: a sorted tuple of lengths (1, 2, 3 = three or more), indexed.

_LSTATES: list[tuple[int, ...]] = []
_LINDEX: dict[tuple[int, ...], int] = {}


def _lidx(lengths: Iterable[int]) -> int:
    key = tuple(sorted(lengths))
    i = _LINDEX.get(key)
    if i is None:
        i = len(_LSTATES)
        _LSTATES.append(key)
        _LINDEX[key] = i
    return i


for _size in range(5):
    for _combo in product((1, 2, 3), repeat=_size):
        _lidx(_combo)
N_L = len(_LSTATES)  # 35 states of at most 4 runs: the only ones between numbers
_SHORTS = [sum(1 for x in s if x < 3) for s in _LSTATES]

_RUNSTEP: dict[tuple[int, int, int, int], tuple[tuple[int, int, int], ...]] = {}


def _runstep(lidx: int, sources: int, sinks: int, a: int) -> tuple[tuple[int, int, int], ...]:
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
    runs = _LSTATES[lidx]
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
    runs = _LSTATES[lidx]
    shorts = [x for x in runs if x < 3]
    threes = len(runs) - len(shorts)
    keep = min(threes, max(0, cap - len(shorts)))
    return _lidx(shorts + [3] * keep) if keep < threes else lidx


_CAP = [[_capped(l, k) for k in range(7)] for l in range(N_L)]

_NEXT_CACHE: dict[tuple[int, int, int, int], tuple] = {}


def _next_states(lidx: int, sources: int, sinks: int, cap: int = 6) -> tuple:
    """For a = 0..4 run tiles, the distinct states the runs in progress can become."""
    key = (lidx, sources, sinks, cap)
    got = _NEXT_CACHE.get(key)
    if got is None:
        row = _CAP
        got = tuple(tuple(sorted({row[nl][cap] for nl, _x1, _x2 in _runstep(lidx, sources, sinks, a)})) for a in range(5))
        _NEXT_CACHE[key] = got
    return got


# ---------------------------------------------------------------------------------------------
# Groups at one number: can naturals (count per colour) plus jokers split into valid groups?


def _group_count(counts: Sequence[int], jokers: int) -> int | None:
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
            _FEAS[(_ones, _twos, _j)] = _group_count([1] * _ones + [2] * _twos, _j) is not None
_GV_COUNTS = [tuple((v // 3**c) % 3 for c in range(4)) for v in range(81)]
_GV_CANON = [sum(1 for x in cs if x == 1) * 5 + sum(1 for x in cs if x == 2) for cs in _GV_COUNTS]
_FEAS_CANON = [[_FEAS.get((k // 5, k % 5, j), False) for j in range(3)] for k in range(25)]


def _split_groups(naturals_by_colour: list[list[int]], jokers: list[int]) -> list[list[int]]:
    """Partition naturals (one list per colour) and jokers into valid groups."""
    counts = [len(x) for x in naturals_by_colour]
    groups_n = _group_count(counts, len(jokers))
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



def _maxplus(a: Sequence[int], b: Sequence[int], k: int) -> tuple:
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


def _best_split(a: Sequence[int], b: Sequence[int], k: int) -> int:
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
        return _FEAS_CANON[_GV_CANON[gv]][jokers]
    return _feas_kept(sig, gv, jokers) is not None


_FEAS_KEPT: dict[tuple, list | None] = {}


def _feas_kept(sig: tuple, gv: int, jg: int):
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


def _gmax(avail: tuple, jokers: int, sig: tuple = ()) -> tuple:
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


def _completable(rest_max: tuple, c: int, gv: int, jl: int, sig: tuple) -> bool:
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
_RELAX_CACHE: dict[tuple, tuple] = {}
_TILE_WAYS = ((0, 2), (1, 1), (4, 0))  # (half-jokers charged, natural partners needed) per group tile


def _group_choices(others: tuple) -> tuple:
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


# ---------------------------------------------------------------------------------------------
# Kept sets


@dataclass
class _Kept:
    tiles: list[int]  # in table order
    kind: str
    colour: int = -1  # runs
    lo: int = 0  # runs: lowest number, groups: the number
    hi: int = 0
    colours: frozenset = frozenset()  # groups: colours of the numbered tiles
    room: int = 0  # groups: tiles it can still take (0 or 1)
    index: int = -1  # position in the caller's table sets
    below: list[int] = field(default_factory=list)  # tiles added below (runs) / to it (groups)
    above: list[int] = field(default_factory=list)

    def result(self) -> list[int]:
        if self.kind == "run":
            return self.below + self.tiles + self.above
        return self.tiles + self.below


def _kept_of(tiles: Sequence[int], index: int) -> _Kept:
    tiles = [int(t) for t in tiles]
    meld = check_line(tiles)
    if not meld:
        meld = check_set(tiles)
        if not meld:
            raise SolverError(f"kept set {format_tiles(tiles)} is not a valid set: {meld.reason}")
        if meld.kind == "run":
            order = sorted(range(len(tiles)), key=lambda k: meld.roles[k][0])
            tiles = [tiles[k] for k in order]
            meld = check_line(tiles)
    if meld.kind == "run":
        faces = [r[0] for r in meld.roles]
        return _Kept(tiles, "run", colour=faces[0] // 13, lo=faces[0] % 13 + 1, hi=faces[-1] % 13 + 1, index=index)
    number = next(t >> 1 for t in tiles if t < 104) % 13 + 1
    colours = frozenset((t >> 1) // 13 for t in tiles if t < 104)
    return _Kept(tiles, "group", lo=number, hi=number, colours=colours, room=4 - len(tiles), index=index)


# ---------------------------------------------------------------------------------------------
# The search


class _Timeout(Exception):
    pass


class _NodeCap(Exception):
    pass


def _search(
    table_free: Sequence[int],
    rack: Sequence[int],
    kept: list[_Kept],
    objective: str,
    minimum: int,
    deadline: float | None,
    use_rack_jokers: bool,
    tie_weights: Sequence[int] | None = None,
) -> tuple[list[list[int]] | None, list[int], bool, int, int]:
    """Run the branch and bound.  Returns (sets, placed rack tiles, optimal, meld points, nodes);
    sets is None when no arrangement satisfies the constraints."""
    tcopies: list[list[int]] = [[] for _ in range(52)]
    rcopies: list[list[int]] = [[] for _ in range(52)]
    tjokers = [t for t in table_free if t >= 104]
    rjokers = [t for t in rack if t >= 104] if use_rack_jokers else []
    for t in table_free:
        if t < 104:
            tcopies[t >> 1].append(t)
    for t in rack:
        if t < 104:
            rcopies[t >> 1].append(t)
    JT, JR = len(tjokers), len(rjokers)
    JTOT = JT + JR
    if objective == "points":
        wnat = [0] + [n * W_POINT + 1 for n in range(1, 14)]
        wj = 1
    else:
        wnat = [0] + [W_TILE + n for n in range(1, 14)]
        wj = W_TILE

    # per step i = (n-1)*4 + c
    T = [0] * 52
    R = [0] * 52
    for i in range(52):
        n0, c = divmod(i, 4)
        f = c * 13 + n0
        T[i] = len(tcopies[f])
        R[i] = len(rcopies[f])

    # gain of one rack tile at each step: a tile, plus its points (or the caller's tie weights)
    wstep = [wnat[i // 4 + 1] for i in range(52)]
    if tie_weights is not None and objective != "points":
        for i in range(52):
            n0, c = divmod(i, 4)
            wstep[i] = W_TILE + max(0, min(MAX_TIE_WEIGHT, int(tie_weights[c * 13 + n0])))

    sources = [0] * 52
    sinks = [0] * 52
    kept_groups: list[list[_Kept]] = [[] for _ in range(14)]
    for k in kept:
        if k.kind == "run":
            if k.hi < 13:
                sources[k.hi * 4 + k.colour] += 1  # step of number hi+1
            if k.lo > 1:
                sinks[(k.lo - 1) * 4 + k.colour] += 1  # step of number lo
        elif k.room:
            kept_groups[k.lo].append(k)

    # Most tiles of a colour that can come at the next number (runs beyond that can only end).
    capn = [min(6, T[i + 4] + R[i + 4] + JTOT) if i + 4 < 52 else 0 for i in range(52)]
    capnat = [T[i + 4] + R[i + 4] if i + 4 < 52 else -9 for i in range(52)]

    # Group feasibility with kept groups that may take one more tile (module-level cache).
    ksig = [tuple(sorted(tuple(sorted(k.colours)) for k in kept_groups[n])) for n in range(14)]

    def feas_kept(n: int, gv: int, jg: int):
        return _feas_kept(ksig[n], gv, jg)

    # Largest number of copies of each colour that could go to groups at each number, and
    # what the relaxation charges for it in half-jokers (see _group_charges).
    gmax = [0] * 52
    gchoice: list = [None] * 52
    for n in range(1, 14):
        base = (n - 1) * 4
        avail = tuple(min(2, T[base + c] + R[base + c]) for c in range(4))
        if kept_groups[n]:
            best = _gmax(avail, JTOT, ksig[n])
            for c in range(4):
                gmax[base + c] = best[c]
                gchoice[base + c] = (((0, 0),),) * 3  # kept groups make partners free: charge nothing
        else:
            gm = _gmax(avail, JTOT)
            for c in range(4):
                gmax[base + c] = gm[c]
                others = tuple(sorted(avail[:c] + avail[c + 1:]))
                gchoice[base + c] = _group_choices(others)

    # Per-colour relaxation.  ubv(i, L)[k] = most natural gain of the colour of step i from its
    # number on, given its runs in progress L, spending at most k half-jokers: a joker in one
    # of its runs costs 2, a joker in a group is shared out among the group's numbered tiles
    # (each pays the least the tiles available at that number allow).  Other colours' tiles
    # count as free partners in groups.  NEG = infeasible.  The colours then share out the
    # jokers left (combine), which makes the whole an upper bound.
    U = 2 * JTOT
    U1 = U + 1
    relax: list = [None] * 52
    relax0: list = [None] * 52
    mu = [0] * 52  # Lagrange multipliers of the partner constraints, by step (number, colour)
    egain = [0] * 52  # what a group tile of that colour earns: the others' multipliers

    def build_relax() -> None:
        if any(mu):
            for i in range(52):
                base = i - i % 4
                egain[i] = mu[base] + mu[base + 1] + mu[base + 2] + mu[base + 3] - mu[i]
        else:
            for i in range(52):
                egain[i] = 0
        for i in range(52):
            t, r = T[i], R[i]
            w = wstep[i]
            gch = gchoice[i]
            e, m = egain[i], mu[i]
            ckey = (t, r, w, gmax[i], gch, JTOT, e, m)
            got = _RELAX_CACHE.get(ckey)
            if got is not None:
                relax[i], relax0[i] = got
                continue
            by_a: dict[int, list] = {}
            for b in range(min(2, t + r) + 1):
                for g in range(gmax[i] + 1):
                    u = b + g
                    if u < t or u > t + r:
                        continue
                    base_gain = (u - t) * w + g * e
                    for gunits, need in gch[g]:
                        for jr in range(JTOT + 1):
                            units = 2 * jr + gunits
                            if units > U:
                                continue
                            by_a.setdefault(b + jr, []).append((units, base_gain - m * need, g, need))
            items = []
            for a, lst in sorted(by_a.items()):
                lst.sort(key=lambda x: (x[0], -x[1]))
                front = []
                for entry in lst:
                    if not front or entry[1] > front[-1][1]:
                        front.append(entry)
                items.append((a, tuple(front)))
            relax[i] = tuple(items)
            # without jokers: the best gain for each number of run tiles
            relax0[i] = tuple((a, front[0][1]) for a, front in items if front[0][0] == 0)
            if len(_RELAX_CACHE) > 20000:
                _RELAX_CACHE.clear()
            _RELAX_CACHE[ckey] = (relax[i], relax0[i])

    build_relax()

    end_ok = tuple([0] * U1)
    end_bad = tuple([NEG] * U1)
    UBL: list = [None] * (56 * N_L)  # ubv by i * N_L + L; past the last number: all runs must have ended
    for i in range(52, 56):
        for lidx in range(N_L):
            UBL[i * N_L + lidx] = end_ok if _SHORTS[lidx] == 0 else end_bad

    def ubv(i: int, lidx: int) -> tuple:
        key = i * N_L + lidx
        v = UBL[key]
        if v is not None:
            return v
        nexts = _next_states(lidx, sources[i], sinks[i], capn[i])
        i4n = (i + 4) * N_L
        if U == 0:
            best0 = NEG
            for a, gain in relax0[i]:
                for nl in nexts[a]:
                    sub = UBL[i4n + nl] or ubv(i + 4, nl)
                    val = gain + sub[0]
                    if val > best0:
                        best0 = val
            v = (best0 if best0 > NEG // 2 else NEG,)
            UBL[key] = v
            return v
        best = [NEG] * U1
        for a, pareto in relax[i]:
            for nl in nexts[a]:
                sub = UBL[i4n + nl] or ubv(i + 4, nl)
                if sub[U] == NEG:
                    continue
                for units, gain, _g, _need in pareto:
                    for k in range(units, U1):
                        val = gain + sub[k - units]
                        if val > best[k]:
                            best[k] = val
        v = tuple(best)
        UBL[key] = v
        return v

    opt_memo: dict[int, list] = {}

    def options(i: int, lidx: int) -> list:
        """Every choice at a step for the exact search (those the relaxation finds hopeless dropped)."""
        key = i * N_L + lidx
        got = opt_memo.get(key)
        if got is not None:
            return got
        out = []
        t, r, gm = T[i], R[i], gmax[i]
        src, snk = sources[i], sinks[i]
        cp = capn[i]
        n = i // 4 + 1
        w = wstep[i]
        for u in range(t + r, t - 1, -1):
            gain = (u - t) * w
            for g in range(min(u, gm) + 1):
                for jr in range(JTOT + 1):
                    a = u - g + jr
                    for nl, x1, x2 in _runstep(lidx, src, snk, a):
                        nl = _CAP[nl][cp]
                        sub = ubv(i + 4, nl)
                        if sub[U] == NEG:
                            continue
                        out.append((nl, u, g, jr, x1, x2, gain + jr * wj, n * (u + jr), sub))
        opt_memo[key] = out
        return out

    def combine(vecs: list, k: int) -> tuple:
        """Max-plus combination of monotone vectors: best total spending at most j units, j = 0..k."""
        acc = vecs[0]
        for v in vecs[1:]:
            acc = _maxplus(acc, v, k)
        return acc[: k + 1]

    comb_cache: dict[int, list] = {}

    def others_bound(i: int, c: int, Ls: list, k: int) -> list:
        """combine() of the colours other than c at a node of step i (cached)."""
        ks = [((i - c + cc + (4 if cc < c else 0)) * N_L + Ls[cc]) for cc in range(4) if cc != c]
        key = ((ks[0] * 1960 + ks[1]) * 1960 + ks[2]) * 5 + k
        got = comb_cache.get(key)
        if got is None:
            got = combine([UBL[x] or ubv(x // N_L, x % N_L) for x in ks], k)
            comb_cache[key] = got
        return got

    # Can a partial choice of group tiles at number n (colours up to c) still be completed?
    comp_cache: dict[int, bool] = {}

    def completable(n: int, c: int, gv: int, jl: int) -> bool:
        key = ((n * 4 + c) * 81 + gv) * 3 + jl
        base = (n - 1) * 4
        ok = _completable(tuple(gmax[base + cc] for cc in range(c + 1, 4)), c, gv, jl, ksig[n])
        comp_cache[key] = ok
        return ok

    # Meld-points reachability (initial meld): most points still obtainable from step i on.
    meld_suffix = [0] * 53
    for i in range(51, -1, -1):
        meld_suffix[i] = meld_suffix[i + 1] + (i // 4 + 1) * (T[i] + R[i])
    meld_cap = minimum

    best_score = -1
    floor_ = -1  # the search looks only for arrangements scoring above this
    best_path: list | None = None
    nodes = 0
    memo: dict[int, int] = {}
    dec: list = [None] * 52
    jgdec: list = [0] * 14
    canon_ok = [not kept_groups[n] for n in range(14)]
    pow35 = (1, N_L, N_L * N_L, N_L * N_L * N_L)
    pow3 = (1, 3, 9, 27)
    const = JT * wj
    mc1 = meld_cap + 1

    check_at = 1 << 62 if deadline is None else 256
    node_cap = 1 << 62

    def checkpoint() -> None:
        nonlocal check_at
        if nodes >= node_cap:
            raise _NodeCap
        if deadline is not None and time.perf_counter() > deadline:
            raise _Timeout
        check_at = min(node_cap, nodes + 256 if deadline is not None else 1 << 62)

    def dfs(i: int, Ls: list, lpack: int, jused: int, gv: int, meld: int, score: int, key: int, kacc: int) -> int:
        """Search below a node; returns an upper bound on the gain still obtainable from it
        (exact where the search went all the way), and records it in the memo."""
        nonlocal best_score, best_path, nodes, floor_
        if i == 52:
            if jused < JT or meld < meld_cap:
                return NEG
            final = score - const
            if final > best_score:
                best_score = final
                best_path = (list(dec), list(jgdec))
                if final > floor_:
                    floor_ = final
            return 0
        nodes += 1
        if nodes >= check_at:
            checkpoint()
        n0, c = divmod(i, 4)
        n = n0 + 1
        lidx = Ls[c]
        jl = JTOT - jused
        opts = opt_memo.get(i * N_L + lidx) or options(i, lidx)
        if JTOT:
            O = others_bound(i, c, Ls, 2 * jl)
        else:
            O0 = 0
            for cc in range(4):
                if cc != c:
                    x = (i - c + cc + (4 if cc < c else 0)) * N_L + Ls[cc]
                    O0 += (UBL[x] or ubv(x // N_L, x % N_L))[0]
            O = (O0,)
        p = pow35[c]
        kids = []
        mget = memo.get
        i1 = i + 1
        cn = capnat[i]
        if c < 3:
            gk_ok = canon_ok[n]
            eg = egain[i]
            for o in opts:
                jr = o[3]
                if jr > jl:
                    continue
                j2 = jl - jr
                sub = o[8]
                rest = sub[0] + O[0] if j2 == 0 else _best_split(sub, O, 2 * j2)
                g = o[2]
                fb = o[6] + rest + j2 * wj + kacc + g * eg
                if fb < NEG // 2:
                    continue
                gv2 = gv + g * pow3[c]
                if g or gv:
                    ok = comp_cache.get(((n * 4 + c) * 81 + gv2) * 3 + j2)
                    if ok is None:
                        ok = completable(n, c, gv2, j2)
                    if not ok:
                        continue
                if meld_cap:
                    m2 = meld + o[7]
                    if m2 > meld_cap:
                        m2 = meld_cap
                    if m2 + meld_suffix[i1] + 13 * j2 < meld_cap:
                        continue
                else:
                    m2 = 0
                cp = cn + j2
                nlc = _CAP[o[0]][cp if 0 <= cp <= 6 else (0 if cp < 0 else 6)]
                lp2 = lpack + (nlc - lidx) * p
                gkey = _GV_CANON[gv2] if gk_ok else 25 + gv2
                ck = (((lp2 * 52 + i1) * 3 + jused + jr) * 106 + gkey) * mc1 + m2
                known = mget(ck)
                if known is not None and o[6] + known < fb:
                    fb = o[6] + known
                kids.append((-fb, jr, len(kids), o, 0, lp2, gv2, m2, ck, kacc + g * eg, nlc))
        else:
            for o in opts:
                jr = o[3]
                if jr > jl:
                    continue
                j2 = jl - jr
                gv2 = gv + o[2] * 27
                nl = o[0]
                Ls[3] = nl
                allv = None
                for jg in range(j2 + 1):
                    if canon_ok[n]:
                        if not _FEAS_CANON[_GV_CANON[gv2]][jg]:
                            continue
                    elif feas_kept(n, gv2, jg) is None:
                        continue
                    m3 = 0
                    if meld_cap:
                        m3 = meld + o[7] + n * jg
                        if m3 > meld_cap:
                            m3 = meld_cap
                        if m3 + meld_suffix[i1] + 13 * (j2 - jg) < meld_cap:
                            continue
                    if allv is None:
                        vs = [UBL[(i1 + cc) * N_L + Ls[cc]] or ubv(i1 + cc, Ls[cc]) for cc in range(4)]
                        if j2 == 0:
                            allv = (vs[0][0] + vs[1][0] + vs[2][0] + vs[3][0],)
                        else:
                            allv = combine(vs, 2 * j2)
                    j3 = j2 - jg
                    fb = o[6] + jg * wj + allv[2 * j3] + j3 * wj
                    if fb < NEG // 2:
                        continue
                    cp = cn + j2 - jg
                    nlc = _CAP[nl][cp if 0 <= cp <= 6 else (0 if cp < 0 else 6)]
                    lp2 = lpack + (nlc - lidx) * p
                    ck = (((lp2 * 52 + i1) * 3 + jused + jr + jg) * 106 + 0) * mc1 + m3
                    known = mget(ck)
                    if known is not None and o[6] + jg * wj + known < fb:
                        fb = o[6] + jg * wj + known
                    kids.append((-fb, jr + jg, len(kids), o, jg, lp2, 0, m3, ck, 0, nlc))
            Ls[3] = lidx
        if not kids:
            memo[key] = NEG
            return NEG
        kids.sort()
        top = NEG
        for nfb, _j, _k, o, jg, lp2, gv2, m2, ck, ka2, nl in kids:
            fb = -nfb
            if score + fb - const <= floor_:
                if fb > top:
                    top = fb
                break
            _nl, u, g, jr, x1, x2, gain = o[:7]
            Ls[c] = nl
            dec[i] = (u, g, jr, x1, x2)
            jgdec[n] = jg
            add = gain + jg * wj
            sc = score + add
            known = mget(ck)
            if known is not None and sc + known - const <= floor_:
                r = known
            else:
                r = dfs(i1, Ls, lp2, jused + jr + jg, gv2, m2, sc, ck, ka2)
            if add + r > top:
                top = add + r
        Ls[c] = lidx
        memo[key] = top
        return top

    def root_value() -> int:
        return combine([UBL[c * N_L] or ubv(c, 0) for c in range(4)], U)[U]

    def refresh() -> None:
        for x in range(52 * N_L):
            UBL[x] = None
        opt_memo.clear()
        comb_cache.clear()
        build_relax()

    def trace() -> tuple[list, list]:
        """Group tiles and partners needed along the relaxation's best choices from the root."""
        vecs = [UBL[c * N_L] or ubv(c, 0) for c in range(4)]
        best, split = NEG * 8, (0, 0, 0, 0)
        for k0 in range(U1):
            for k1 in range(U1 - k0):
                for k2 in range(U1 - k0 - k1):
                    k3 = U - k0 - k1 - k2
                    v = vecs[0][k0] + vecs[1][k1] + vecs[2][k2] + vecs[3][k3]
                    if v > best:
                        best, split = v, (k0, k1, k2, k3)
        ys, needs = [0] * 52, [0] * 52
        for c in range(4):
            k, lidx, i = split[c], 0, c
            while i < 52:
                target = UBL[i * N_L + lidx][k]
                done = False
                for a, front in relax[i]:
                    for nl in _next_states(lidx, sources[i], sinks[i], capn[i])[a]:
                        sub = UBL[(i + 4) * N_L + nl] or ubv(i + 4, nl)
                        for units, gain, g, need in front:
                            if units <= k and gain + sub[k - units] == target:
                                ys[i], needs[i] = g, need
                                k -= units
                                lidx = nl
                                done = True
                                break
                        if done:
                            break
                    if done:
                        break
                if not done:
                    break
                i += 4
        return ys, needs

    def lagrange(rounds: int, limit: int) -> int | None:
        """Try to lower the relaxation's bound below ``limit`` (root value, search units) with a
        few subgradient steps on the group-partner constraints.  Keeps the best multipliers when
        they beat the limit (returns that root value); otherwise restores the plain relaxation
        (its search order tends to be better) and returns None."""
        nonlocal mu
        best_val = root_value()
        best_mu = list(mu)
        theta = LAG_THETA
        level_ = W_TILE if objective != "points" else W_POINT
        for rnd in range(rounds):
            ys, needs = trace()
            slack = [0] * 52
            for i in range(52):
                base = i - i % 4
                slack[i] = sum(ys[base + cc] for cc in range(4)) - ys[i] - needs[i]
            grad = [s_ if (s_ < 0 or mu[i] > 0) else 0 for i, s_ in enumerate(slack)]
            norm = sum(x * x for x in grad)
            if norm == 0:
                break
            step = theta * level_ / norm
            mu = [max(0, int(round(mu[i] - step * slack[i]))) for i in range(52)]
            refresh()
            val = root_value()
            if val < best_val:
                best_val, best_mu = val, list(mu)
            else:
                theta /= 2
            if rnd >= 2 and best_val >= limit + (rnd - 1) * level_:
                break  # too far above the limit to get there in time
        if best_val >= limit:
            best_mu = [0] * 52
        if mu != best_mu:
            mu = best_mu
            refresh()
        return best_val if best_val < limit else None

    start_L = [0, 0, 0, 0]
    root = combine([ubv(c, 0) for c in range(4)], U)[U]
    optimal = True
    # Threshold search: first look only for arrangements as good as the bound's tile count
    # (or points, for that objective); when there is none, the bound backed up from the
    # search gives the next, lower target.  The memo of bounds carries over.
    level = W_TILE if objective != "points" else W_POINT
    bound = root + U // 2 * wj - const
    if root > NEG // 2 and deadline is not None:
        # Anytime: a short dive for a first arrangement before the threshold search.
        node_cap = 300
        check_at = min(check_at, node_cap)
        try:
            dfs(0, start_L, 0, 0, 0, 0, 0, 0, 0)
        except (_NodeCap, _Timeout):
            pass
        node_cap = 1 << 62
        check_at = nodes + 1
        start_L = [0, 0, 0, 0]  # an interrupted search leaves its path behind
    if root > NEG // 2:
        # When a pass proves its target out of reach, the relaxation was loose there: tighten
        # it once with Lagrange multipliers on the group-partner constraints (see lagrange).
        tightened = False
        try:
            while bound > best_score:
                tau = max(bound // level * level, best_score + 1)
                floor_ = max(best_score, tau - 1)
                got = dfs(0, start_L, 0, 0, 0, 0, 0, 0, 0)
                if best_score >= tau or got < NEG // 2:
                    break
                bound = min(bound, got - const)
                if bound >= tau:  # cannot happen (nothing reached tau): guard against looping
                    bound = tau - 1
                if not tightened and LAG_ROUNDS:
                    tightened = True
                    got = lagrange(LAG_ROUNDS, bound - U // 2 * wj + const)
                    if got is not None:
                        bound = min(bound, got + U // 2 * wj - const)
        except _Timeout:
            optimal = False
    if best_path is None:
        return None, [], optimal, 0, nodes

    # ---- replay the best path with physical tiles ----
    decs, jgs = best_path
    jpool = list(tjokers) + list(rjokers)
    runs: list[list[list]] = [[] for _ in range(4)]  # per colour: [tiles, length, kept-or-None]
    done: list[list[int]] = []
    group_nat: list[list[int]] = [[] for _ in range(4)]
    kept_runs_src: dict[int, list[_Kept]] = {}
    kept_runs_sink: dict[int, list[_Kept]] = {}
    for k in kept:
        k.below, k.above = [], []
        if k.kind == "run":
            if k.hi < 13:
                kept_runs_src.setdefault(k.hi * 4 + k.colour, []).append(k)
            if k.lo > 1:
                kept_runs_sink.setdefault((k.lo - 1) * 4 + k.colour, []).append(k)
    for i in range(52):
        n0, c = divmod(i, 4)
        n = n0 + 1
        u, g, jr, x1, x2 = decs[i]
        f = c * 13 + n0
        nat = tcopies[f] + rcopies[f][: u - T[i]]
        to_group = nat[len(nat) - g:] if g else []
        to_run = nat[: len(nat) - g] + [jpool.pop(0) for _ in range(jr)]
        group_nat[c] = to_group
        cur = runs[c]
        for k in kept_runs_src.get(i, []):
            cur.append([None, 3, k])  # the kept run continues upward through k.above
        sinks_here = list(kept_runs_sink.get(i, []))
        # absorb short runs into kept runs starting here
        for want_len, count in ((1, x1), (2, x2)):
            for _ in range(count):
                r = next(r for r in cur if r[1] == want_len and r[2] is None)
                cur.remove(r)
                k = sinks_here.pop(0)
                k.below = r[0] + k.below
        shorts = [r for r in cur if r[1] < 3]
        longs = [r for r in cur if r[1] >= 3]
        new_cur = []
        pos = 0
        for r in shorts:
            _append(r, to_run[pos])
            pos += 1
            new_cur.append(r)
        for r in longs:
            if pos < len(to_run):
                _append(r, to_run[pos])
                pos += 1
                new_cur.append(r)
            else:
                _finish(r, done)
        while pos < len(to_run):
            new_cur.append([[to_run[pos]], 1, None])
            pos += 1
        runs[c] = new_cur
        if c == 3:
            jg = jgs[n]
            jk = [jpool.pop(0) for _ in range(jg)]
            nat_by_c = [list(x) for x in group_nat]
            if kept_groups[n]:
                gv = sum(len(nat_by_c[cc]) * 3**cc for cc in range(4))
                assign = feas_kept(n, gv, jg)
                for k, a in zip(kept_groups[n], assign):
                    k.below = []
                    if a == "J":
                        k.below = [jk.pop()]
                    elif a is not None:
                        k.below = [nat_by_c[a].pop()]
            done.extend(_split_groups(nat_by_c, jk))
            group_nat = [[] for _ in range(4)]
    for c in range(4):
        for r in runs[c]:
            _finish(r, done)
    sets = done + [k.result() for k in kept]
    rack_set = set(rack)
    placed = [t for s in sets for t in s if t in rack_set]
    meld_points = sum(check_line(s).value for s in done if all(t in rack_set for t in s))
    return sets, placed, optimal, meld_points, nodes


def _append(run: list, tile: int) -> None:
    if run[2] is not None:
        run[2].above.append(tile)
    else:
        run[0].append(tile)
    run[1] = min(3, run[1] + 1)


def _finish(run: list, done: list) -> None:
    if run[2] is None:
        done.append(run[0])


# ---------------------------------------------------------------------------------------------
# Public API


def _validate_ids(table: Sequence[int], rack: Sequence[int]) -> None:
    seen: set[int] = set()
    for where, tiles in (("table", table), ("rack", rack)):
        for t in tiles:
            if isinstance(t, bool) or not isinstance(t, int) or not 0 <= int(t) <= 105:
                raise SolverError(f"unknown tile {t!r} on the {where}")
            if int(t) in seen:
                raise SolverError(f"tile {format_tiles([t])} (id {int(t)}) given twice")
            seen.add(int(t))


def _flatten(table) -> tuple[list[int], list[list[int]] | None]:
    table = list(table)
    if table and isinstance(table[0], (list, tuple)):
        sets = [[int(t) for t in s] for s in table]
        return [t for s in sets for t in s], sets
    return [int(t) for t in table], None


def solve(
    table,
    rack: Sequence[int],
    *,
    objective: str = "tiles",
    time_budget: float | None = None,
    keep: Iterable[int] = (),
    pinned: Iterable[int] = (),
    max_disturbed: int | None = None,
    use_rack_jokers: bool = True,
    tie_weights: Sequence[int] | None = None,
) -> Result:
    """Rearrange the whole table and add the most rack tiles (see the module doc).

    ``table`` is a flat list of tile ids or a list of sets (lists of ids); ``keep``,
    ``pinned`` and ``max_disturbed`` refer to the sets by index and need the sets.
    With ``max_disturbed`` the sets to break are chosen greedily (one at a time,
    the one that helps most), so that result is exact only for 0.  ``tie_weights``
    (52 ints 0..30, by face) replace the points as the tie-break among arrangements
    placing the most tiles (a strategy's preference for which tiles to place).
    """
    t0 = time.perf_counter()
    flat, sets = _flatten(table)
    rack = [int(t) for t in rack]
    _validate_ids(flat, rack)
    if objective not in ("tiles", "points"):
        raise SolverError(f"unknown objective {objective!r} (tiles or points)")
    keep = set(keep)
    pinned = set(pinned)
    if (keep or pinned or max_disturbed is not None) and sets is None:
        raise SolverError("keep, pinned and max_disturbed need the table as a list of sets")
    deadline = None if time_budget is None else t0 + time_budget
    if tie_weights is not None and len(tie_weights) != 52:
        raise SolverError("tie_weights needs one weight per face (52)")
    if max_disturbed is not None:
        return _solve_limited(sets, rack, objective, keep, pinned, max_disturbed, deadline, use_rack_jokers, t0, tie_weights)
    return _solve_once(flat, sets, rack, objective, keep, pinned, deadline, use_rack_jokers, t0, tie_weights)


def _solve_once(flat, sets, rack, objective, keep, pinned, deadline, use_rack_jokers, t0, tie_weights=None) -> Result:
    kept: list[_Kept] = []
    fixed: list[list[int]] = []
    free: list[int] = flat
    if sets is not None and (keep or pinned):
        free = []
        for idx, s in enumerate(sets):
            if idx in pinned:
                fixed.append(list(s))
            elif idx in keep:
                kept.append(_kept_of(s, idx))
            else:
                free.extend(s)
    out_sets, placed, optimal, _meld, nodes = _search(free, rack, kept, objective, 0, deadline, use_rack_jokers, tie_weights)
    if out_sets is None:
        # Timed out before any arrangement was found: keep the table as it is.
        if sets is not None:
            out_sets, placed = [list(s) for s in sets if s], []
            fixed = []
        else:
            out_sets, placed, _o, _m, n2 = _search(free, [], kept, objective, 0, None, use_rack_jokers)
            nodes += n2
            if out_sets is None:
                raise SolverError("the table tiles do not form valid sets")
        optimal = False
    all_sets = out_sets + fixed
    disturbed = _count_disturbed(sets, all_sets) if sets is not None else 0
    return Result(
        sets=all_sets,
        tiles_placed=len(placed),
        value_placed=numbers_value(placed),
        placed=placed,
        optimal=optimal,
        nodes=nodes,
        seconds=time.perf_counter() - t0,
        disturbed=disturbed,
    )


def _count_disturbed(old_sets: list[list[int]], new_sets: list[list[int]]) -> int:
    """Old sets whose tiles no longer lie together in one new set."""
    home = {}
    for k, s in enumerate(new_sets):
        for t in s:
            home[t] = k
    return sum(1 for s in old_sets if s and len({home.get(t, -1) for t in s}) > 1)


def _score(res: Result, objective: str) -> tuple:
    if objective == "points":
        return (res.value_placed, res.tiles_placed)
    return (res.tiles_placed, res.value_placed)


def _solve_limited(sets, rack, objective, keep, pinned, max_disturbed, deadline, use_rack_jokers, t0, tie_weights=None) -> Result:
    """At most ``max_disturbed`` table sets broken up: start with every set kept (extensions
    only), then free the set that helps most, one at a time."""
    movable = [i for i, s in enumerate(sets) if s and i not in pinned and i not in keep]
    broken: set[int] = set()
    flat = [t for s in sets for t in s]
    best = _solve_once(flat, sets, rack, objective, set(movable) | keep, pinned, deadline, use_rack_jokers, t0, tie_weights)
    optimal = best.optimal and max_disturbed == 0
    nodes = best.nodes
    for _ in range(max_disturbed):
        candidate = None
        for i in movable:
            if i in broken:
                continue
            if deadline is not None and time.perf_counter() > deadline:
                optimal = False
                break
            keep_now = (set(movable) - broken - {i}) | keep
            res = _solve_once(flat, sets, rack, objective, keep_now, pinned, deadline, use_rack_jokers, t0, tie_weights)
            nodes += res.nodes
            if candidate is None or _score(res, objective) > _score(candidate[1], objective):
                candidate = (i, res)
        if candidate is None or _score(candidate[1], objective) <= _score(best, objective):
            break
        broken.add(candidate[0])
        best = candidate[1]
    best.optimal = optimal
    best.nodes = nodes
    best.seconds = time.perf_counter() - t0
    return best


def solve_initial(
    rack: Sequence[int],
    minimum: int,
    *,
    objective: str = "tiles",
    time_budget: float | None = None,
    use_rack_jokers: bool = True,
) -> Result | None:
    """The initial meld: new sets from the rack only worth at least ``minimum`` points
    (a joker counts as the tile it stands for).  Most tiles, then most points (or the
    reverse with ``objective="points"``).  None when no such meld exists (or none was
    found within the budget: then ``optimal`` could not be claimed either way)."""
    t0 = time.perf_counter()
    rack = [int(t) for t in rack]
    _validate_ids([], rack)
    if objective not in ("tiles", "points"):
        raise SolverError(f"unknown objective {objective!r} (tiles or points)")
    deadline = None if time_budget is None else t0 + time_budget
    sets, placed, optimal, meld, nodes = _search([], rack, [], objective, max(1, int(minimum)), deadline, use_rack_jokers)
    if sets is None:
        return None
    return Result(
        sets=sets,
        tiles_placed=len(placed),
        value_placed=numbers_value(placed),
        placed=placed,
        optimal=optimal,
        meld_points=meld,
        nodes=nodes,
        seconds=time.perf_counter() - t0,
    )


def check_result(table, rack: Sequence[int], result: Result) -> list[str]:
    """Problems with an arrangement (empty when fine): every set valid, every table
    tile present exactly once, the other tiles from the rack."""
    flat, _sets = _flatten(table)
    problems = []
    seen: set[int] = set()
    for s in result.sets:
        meld = check_set(s)
        if not meld:
            problems.append(f"{format_tiles(s)}: {meld.reason}")
        for t in s:
            if t in seen:
                problems.append(f"tile {t} used twice")
            seen.add(t)
    missing = set(flat) - seen
    if missing:
        problems.append(f"table tiles missing: {format_tiles(sorted(missing))}")
    extra = seen - set(flat) - set(rack)
    if extra:
        problems.append(f"tiles from nowhere: {format_tiles(sorted(extra))}")
    if sorted(result.placed) != sorted(seen - set(flat)):
        problems.append("placed list does not match the arrangement")
    return problems
