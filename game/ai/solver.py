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
* ``node_budget``: stop after that many search nodes with the best arrangement found so far
  (``optimal`` False): a limit on work, so the answer is the same on a fast or a busy machine.
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

Where it lives: this module is the public face (``solve``, ``solve_initial``,
``check_result``); the search is ``game/ai/search.py`` (``Search``: the step and the
depth-first search) on a ``Position`` (``game/ai/search_position.py``), its upper bound
``game/ai/search_bound.py``, the tables both read ``game/ai/search_tables.py`` and the replay
with physical tiles ``game/ai/search_replay.py``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ..rules.melds import check_line, check_set
from ..rules.tiles import format_tiles, numbers_value
from .search import Kept, run_search, search


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
# Kept sets


def _kept_of(tiles: Sequence[int], index: int) -> Kept:
    """A table set that stays together, read for the search (a run in ascending order)."""
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
        return Kept(tiles, "run", colour=faces[0] // 13, lo=faces[0] % 13 + 1, hi=faces[-1] % 13 + 1, index=index)
    number = next(t >> 1 for t in tiles if t < 104) % 13 + 1
    colours = frozenset((t >> 1) // 13 for t in tiles if t < 104)
    return Kept(tiles, "group", lo=number, hi=number, colours=colours, room=4 - len(tiles), index=index)


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
    node_budget: int | None = None,
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
        return _solve_limited(sets, rack, objective, keep, pinned, max_disturbed, deadline, use_rack_jokers, t0,
                              tie_weights, node_budget)
    return _solve_once(flat, sets, rack, objective, keep, pinned, deadline, use_rack_jokers, t0, tie_weights, node_budget)


def _solve_once(flat, sets, rack, objective, keep, pinned, deadline, use_rack_jokers, t0, tie_weights=None,
                node_budget=None, replayed=True) -> Result:
    """One search.  With ``replayed`` False the sets are not built yet (``sets`` and ``placed``
    empty, the counts right): ``_replayed`` builds them for the answer kept."""
    kept: list[Kept] = []
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
    answer, optimal, nodes = run_search(free, rack, kept, objective, 0, deadline, use_rack_jokers, tie_weights,
                                        node_budget)
    if answer is not None and not replayed:
        tiles, value = answer.counts()
        return Result(sets=[], tiles_placed=tiles, value_placed=value, placed=[], optimal=optimal, nodes=nodes,
                      seconds=time.perf_counter() - t0, extra={"replay": (answer, fixed, sets)})
    out_sets, placed = None, []
    if answer is not None:
        out_sets, placed, _meld = answer.replay()
    if out_sets is None:
        # Timed out before any arrangement was found: keep the table as it is.
        if sets is not None:
            out_sets, placed = [list(s) for s in sets if s], []
            fixed = []
        else:
            out_sets, placed, _o, _m, n2 = search(free, [], kept, objective, 0, None, use_rack_jokers)
            nodes += n2
            if out_sets is None:
                raise SolverError("the table tiles do not form valid sets")
        optimal = False
    return _built(out_sets, fixed, sets, placed, optimal, nodes, t0)


def _built(out_sets, fixed, sets, placed, optimal, nodes, t0) -> Result:
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


def _replayed(res: Result, t0: float) -> Result:
    """``res`` with its sets built (as ``_solve_once`` builds them), if they were left for later."""
    if "replay" not in res.extra:
        return res
    answer, fixed, sets = res.extra["replay"]
    out_sets, placed, _meld = answer.replay()
    return _built(out_sets, fixed, sets, placed, res.optimal, res.nodes, t0)


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


def _solve_limited(sets, rack, objective, keep, pinned, max_disturbed, deadline, use_rack_jokers, t0, tie_weights=None,
                   node_budget=None) -> Result:
    """At most ``max_disturbed`` table sets broken up: start with every set kept (extensions
    only), then free the set that helps most, one at a time."""
    movable = [i for i, s in enumerate(sets) if s and i not in pinned and i not in keep]
    broken: set[int] = set()
    flat = [t for s in sets for t in s]
    # the sets of the answers passed over are never built (``replayed``)
    best = _solve_once(flat, sets, rack, objective, set(movable) | keep, pinned, deadline, use_rack_jokers, t0, tie_weights,
                       node_budget, replayed=False)
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
            res = _solve_once(flat, sets, rack, objective, keep_now, pinned, deadline, use_rack_jokers, t0, tie_weights,
                              node_budget, replayed=False)
            nodes += res.nodes
            if candidate is None or _score(res, objective) > _score(candidate[1], objective):
                candidate = (i, res)
        if candidate is None or _score(candidate[1], objective) <= _score(best, objective):
            break
        broken.add(candidate[0])
        best = candidate[1]
    best = _replayed(best, t0)
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
    node_budget: int | None = None,
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
    sets, placed, optimal, meld, nodes = search([], rack, [], objective, max(1, int(minimum)), deadline, use_rack_jokers,
                                                node_budget=node_budget)
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


def places_all(table, rack: Sequence[int], *, node_budget: int | None = None) -> bool:
    """Whether ``solve(table, rack, node_budget=node_budget)`` places every tile of ``rack`` (the
    same verdict), without searching when the bound already proves some tile cannot be placed."""
    flat, _sets = _flatten(table)
    rack = [int(t) for t in rack]
    _validate_ids(flat, rack)
    answer, _optimal, _nodes = run_search(flat, rack, [], "tiles", 0, None, True, None, node_budget, need_all=True)
    return bool(rack) and answer is not None and answer.counts()[0] == len(rack)


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
