"""The meld finder's answer as physical sets: the decisions of the search's best path replayed
with tiles (table copies first, so every table tile is used).

Runs in progress are kept per colour as ``[tiles, length (3 = three or more), kept run or None]``;
a kept run that continues upward takes its new tiles in ``above``, one that starts at a number
may absorb a short run below it (``below``).  Group tiles and jokers of a number are split into
groups after its last colour, completing kept groups of three first where the search chose to.
"""

from __future__ import annotations

from ..rules.melds import check_line
from .search_tables import split_groups, step_face


def replay(pos, decs: list, jgs: list) -> tuple[list[list[int]], list[int], int]:
    """The sets of the path ``decs`` (per step: used, to groups, jokers in runs, short runs of
    length 1 and 2 absorbed) and ``jgs`` (per number: jokers in groups) through ``pos`` (a
    ``search.Position``).  Returns (every set, rack tiles placed, points of the sets made of
    rack tiles only); the kept sets get their additions in ``below`` and ``above``."""
    jpool = list(pos.tjokers) + list(pos.rjokers)
    runs: list[list[list]] = [[] for _ in range(4)]  # per colour: [tiles, length, kept-or-None]
    done: list[list[int]] = []
    group_nat: list[list[int]] = [[] for _ in range(4)]
    kept_runs_src: dict[int, list] = {}
    kept_runs_sink: dict[int, list] = {}
    for k in pos.kept:
        k.below, k.above = [], []
        if k.kind == "run":
            if k.hi < 13:
                kept_runs_src.setdefault(k.hi * 4 + k.colour, []).append(k)
            if k.lo > 1:
                kept_runs_sink.setdefault((k.lo - 1) * 4 + k.colour, []).append(k)
    for i in range(52):
        c = i % 4
        n = i // 4 + 1
        u, g, jr, x1, x2 = decs[i]
        f = step_face(i)
        nat = pos.tcopies[f] + pos.rcopies[f][: u - pos.T[i]]
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
        pos_ = 0
        for r in shorts:
            _append(r, to_run[pos_])
            pos_ += 1
            new_cur.append(r)
        for r in longs:
            if pos_ < len(to_run):
                _append(r, to_run[pos_])
                pos_ += 1
                new_cur.append(r)
            else:
                _finish(r, done)
        while pos_ < len(to_run):
            new_cur.append([[to_run[pos_]], 1, None])
            pos_ += 1
        runs[c] = new_cur
        if c == 3:
            jg = jgs[n]
            jk = [jpool.pop(0) for _ in range(jg)]
            nat_by_c = [list(x) for x in group_nat]
            if pos.kept_groups[n]:
                gv = sum(len(nat_by_c[cc]) * 3**cc for cc in range(4))
                assign = pos.feas_kept(n, gv, jg)
                # the assignment follows the kept groups in the order of their signature (``ksig``)
                for k, a in zip(sorted(pos.kept_groups[n], key=lambda k: tuple(sorted(k.colours))), assign):
                    k.below = []
                    if a == "J":
                        k.below = [jk.pop()]
                    elif a is not None:
                        k.below = [nat_by_c[a].pop()]
            done.extend(split_groups(nat_by_c, jk))
            group_nat = [[] for _ in range(4)]
    for c in range(4):
        for r in runs[c]:
            _finish(r, done)
    sets = done + [k.result() for k in pos.kept]
    rack_set = set(pos.rack)
    placed = [t for s in sets for t in s if t in rack_set]
    meld_points = sum(check_line(s).value for s in done if all(t in rack_set for t in s))
    return sets, placed, meld_points


def placed_counts(pos, decs: list, jgs: list) -> tuple[int, int]:
    """(rack tiles placed, their points) on the path ``decs``, ``jgs`` (as for ``replay``): the
    rack copies each step uses beyond the table's, and the jokers used beyond the table's."""
    tiles = value = 0
    jokers = 0
    for i in range(52):
        u, _g, jr, _x1, _x2 = decs[i]
        extra = u - pos.T[i]
        tiles += extra
        value += extra * (i // 4 + 1)
        jokers += jr
    jokers += sum(jgs)
    return tiles + max(0, jokers - len(pos.tjokers)), value


def _append(run: list, tile: int) -> None:
    if run[2] is not None:
        run[2].above.append(tile)
    else:
        run[0].append(tile)
    run[1] = min(3, run[1] + 1)


def _finish(run: list, done: list) -> None:
    if run[2] is None:
        done.append(run[0])
