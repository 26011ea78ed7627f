"""The fewest table sets that must be broken up to place the most rack tiles, proven.

A table set is *kept* when all its tiles still lie together in one set afterwards (it may have
been extended at an end, or a group of three completed); otherwise it is *broken*.  The finder
(``solve`` with ``keep``) answers the question "how many rack tiles can be placed when only
these table sets may be broken?".  ``fewest_breaks`` finds the fewest breakable sets that place as
many tiles as a free rearrangement of the whole table, and proves it: every choice of one set
fewer places fewer tiles (and so, since more breakable sets never place fewer, every smaller
choice does too).

The search runs from the top down (see ``_fewest_in_part``), and the work is cut by
independence, never by guessing: without jokers, tiles can only ever share a set when they touch
(same number, or same colour and numbers one apart), so the table splits into parts that touch
no other part.  A part without a rack tile never needs breaking, and each part with rack tiles is
proven on its own (its fewest breaks add up).  With a joker on the table or the rack everything
may touch, so the whole table is one part.

    fewest_breaks(sets, rack) -> Breaks
    placed_with(sets, rack, breakable) -> int   (rack tiles placed when only those sets may break)

Pure: no pygame; deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Sequence

from ..rules.tiles import TILE_COLOUR, TILE_IS_JOKER, TILE_NUMBER
from .solver import Result, SolverError, solve


@dataclass(frozen=True)
class Breaks:
    """What ``fewest_breaks`` proved.

    ``placed``: the most rack tiles any rearrangement places; ``breaks``: the fewest table sets
    broken to place that many (every choice of ``breaks - 1`` sets placed fewer); ``broken``: the
    indices of the table sets broken; ``sets``: the whole table after play (the answer);
    ``solves``: finder calls made.
    """

    placed: int
    breaks: int
    broken: tuple[int, ...]
    sets: tuple[tuple[int, ...], ...]
    solves: int


def placed_with(sets: Sequence[Sequence[int]], rack: Sequence[int], breakable: Sequence[int]) -> int:
    """Rack tiles the finder places when only the table sets at ``breakable`` may be broken."""
    keep = set(range(len(sets))) - set(breakable)
    return solve([list(s) for s in sets], list(rack), keep=keep).tiles_placed


def _touch(a: int, b: int) -> bool:
    na, nb = TILE_NUMBER[a], TILE_NUMBER[b]
    return na == nb or (TILE_COLOUR[a] == TILE_COLOUR[b] and abs(na - nb) <= 1)


def parts(sets: Sequence[Sequence[int]], rack: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """The independent parts of a position: (indices of table sets, rack tiles) for each part that
    holds a rack tile.  One part holding every set when a joker is about."""
    sets = [list(s) for s in sets]
    rack = list(rack)
    if not rack:
        return []
    if any(TILE_IS_JOKER[t] for s in sets for t in s) or any(TILE_IS_JOKER[t] for t in rack):
        return [(list(range(len(sets))), rack)]
    items: list[list[int]] = sets + [[t] for t in rack]
    parent = list(range(len(items)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            if find(i) != find(j) and any(_touch(a, b) for a in items[i] for b in items[j]):
                parent[find(i)] = find(j)
    groups: dict[int, tuple[list[int], list[int]]] = {}
    for i in range(len(items)):
        root = find(i)
        entry = groups.setdefault(root, ([], []))
        if i < len(sets):
            entry[0].append(i)
        else:
            entry[1].append(items[i][0])
    return [g for _root, g in sorted(groups.items()) if g[1]]


def broken_sets(old: Sequence[Sequence[int]], new: Sequence[Sequence[int]]) -> list[int]:
    """Indices of the ``old`` sets whose tiles no longer lie together in one ``new`` set."""
    home = {}
    for k, s in enumerate(new):
        for t in s:
            home[t] = k
    return [i for i, s in enumerate(old) if len({home.get(t, -1) for t in s}) > 1]


def _fewest_in_part(sets: list[list[int]], idx: list[int], rack: list[int], floor: int | None, first: set[int]):
    """(placed, broken indices, answer sets, solves) for one part; None when it proves to need
    fewer than ``floor`` breaks (the search stops there).

    From the top down: a rearrangement that places the most tiles breaks some sets D (the caller's
    guess ``first`` when breaking only those places every rack tile, else a free rearrangement);
    then, for k = |D| - 1, |D| - 2, ... some choice of k breakable sets is looked for that still
    places as many tiles (choices inside the last answer's broken sets first).  When no choice of
    k does, k + 1 is proven: more breakable sets never place fewer tiles, so every smaller choice
    fails too."""
    sub = [sets[i] for i in idx]
    everyone = range(len(sub))
    res: Result | None = None
    solves = 0
    guess = {k for k, i in enumerate(idx) if i in first}
    if guess:
        res = solve(sub, rack, keep=set(everyone) - guess)
        solves += 1
        if res.tiles_placed < len(rack):
            res = None  # the guess does not place everything: start from a free rearrangement
    if res is None:
        res = solve(sub, rack)
        solves += 1
    target = res.tiles_placed
    broken = broken_sets(sub, res.sets)
    if floor is not None and len(broken) < floor:
        return None
    while broken:
        k = len(broken) - 1
        inside = set(broken)
        choices = sorted(combinations(everyone, k), key=lambda ch: sum(1 for c in ch if c not in inside))
        better = None
        for choice in choices:
            got = solve(sub, rack, keep=set(everyone) - set(choice))
            solves += 1
            if got.tiles_placed == target:
                better = got
                break
        if better is None:
            break
        res = better
        broken = broken_sets(sub, res.sets)
        if floor is not None and len(broken) < floor:
            return None
    return target, tuple(idx[c] for c in broken), res.sets, solves


def fewest_breaks(sets: Sequence[Sequence[int]], rack: Sequence[int], min_breaks: int | None = None,
                  max_breaks: int | None = None, guess: Sequence[int] = ()) -> Breaks | None:
    """Prove the fewest table sets that must be broken to place the most rack tiles.

    ``sets``: the table as valid sets of tile ids; ``rack``: tile ids.  Returns ``Breaks`` with
    the whole table after play (``sets``: the answer), or None when the fewest is below
    ``min_breaks`` (the search may stop as soon as it sees that) or above ``max_breaks``.
    ``guess``: indices of sets that breaking may be enough (a generator knows what it built); it
    only saves work: the proven number is the same without it (the answer may then be another
    arrangement that breaks as many sets).
    Raises ``SolverError`` for bad input the finder sees (a tile twice, an invalid set near a rack
    tile); sets are expected valid (a part without a rack tile is not looked at).
    """
    sets = [[int(t) for t in s] for s in sets]
    rack = [int(t) for t in rack]
    answer: list[list[int]] = []
    covered: set[int] = set()
    placed = 0
    broken: list[int] = []
    solves = 0
    first = {int(i) for i in guess}
    split = parts(sets, rack)
    for idx, part_rack in split:
        got = _fewest_in_part(sets, idx, part_rack, min_breaks if len(split) == 1 else None, first)
        if got is None:
            return None
        n, brk, part_sets, calls = got
        placed += n
        broken.extend(brk)
        solves += calls
        answer.extend(part_sets)
        covered.update(idx)
    if not rack:
        solve(sets, [])  # still refuses a bad table
    if (max_breaks is not None and len(broken) > max_breaks) or (min_breaks is not None and len(broken) < min_breaks):
        return None
    answer.extend(sets[i] for i in range(len(sets)) if i not in covered)
    return Breaks(placed, len(broken), tuple(sorted(broken)), tuple(tuple(s) for s in answer), solves)


__all__ = ["Breaks", "SolverError", "broken_sets", "fewest_breaks", "parts", "placed_with"]
