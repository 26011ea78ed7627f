"""The meld finder's branch and bound (see ``game/ai/solver.py`` for the method).

``Position`` (``game/ai/search_position.py``) is the question by step: step ``i = (number - 1) * 4
+ colour`` decides how many copies of that face are used (``T[i]`` table copies must be, ``R[i]``
rack copies may be), how many of them go to groups and how many jokers stand in runs of that
colour; after the fourth colour of a number the group tiles (and any jokers) must split into valid
groups.

``Search(position)`` runs the search: its ``bound`` (``game/ai/search_bound.py``) prunes, and
``step(node)`` expands one decision, every child with the bound on what it can still reach; the
depth-first search (``_dfs``) uses the same expansion (``_kids``) on plain arguments.  A memo of
the best score with which each (step, state) was reached cuts off repeated sub-searches, so when
the search finishes its answer is optimal.  ``search(...)`` runs it and replays the decisions of
the best path with physical tiles (``game/ai/search_replay.py``).
"""

from __future__ import annotations

import time
from typing import NamedTuple, Sequence

from .search_bound import Bound
from .search_position import STEP_FACES, Kept, Position
from .search_replay import placed_counts, replay
from .search_tables import CAP, FEAS_CANON, GV_CANON, LSTATES, N_L, NEG, W_POINT, W_TILE, best_split, completable, runstep

__all__ = ["STEP_FACES", "Answer", "Decision", "Kept", "Node", "Position", "Search", "run_search", "search"]

LAG_ROUNDS = 6  # subgradient rounds when a pass of the search proves its target out of reach
TIGHTEN_AFTER = 600  # ... once the search has spent this many nodes (below that, searching on is cheaper)
_POW35 = (1, N_L, N_L * N_L, N_L * N_L * N_L)
_POW3 = (1, 3, 9, 27)
_STEPS = tuple((i // 4 + 1, i % 4, _POW35[i % 4]) for i in range(52))  # number, colour, its place in the packed runs


class Decision(NamedTuple):
    """One step's choice: copies used, of them to groups, jokers in runs of that colour, jokers
    in groups (decided with the last colour of a number), short runs absorbed by kept runs."""

    used: int
    to_groups: int
    run_jokers: int
    group_jokers: int
    absorbed_ones: int
    absorbed_twos: int


class Node(NamedTuple):
    """A state between two steps: the runs in progress of each colour (indices into the run
    states), jokers used, group tiles chosen so far at this number (base 3 by colour), initial
    meld points so far (capped at the minimum), the score so far and the relaxation's
    Lagrangian credit of this number's group tiles."""

    step: int = 0
    runs: tuple = (0, 0, 0, 0)
    jokers: int = 0
    groups: int = 0
    meld: int = 0
    score: int = 0
    credit: int = 0

    def run_lengths(self) -> tuple:
        """The runs in progress of each colour as lengths (3 = three or more)."""
        return tuple(LSTATES[x] for x in self.runs)


class Child(NamedTuple):
    decision: Decision
    node: Node
    bound: int  # upper bound on the final score through this child (``best_score`` units)


class _Timeout(Exception):
    pass


class _NodeCap(Exception):
    pass


class Search:
    """Branch and bound over a ``Position``: ``run()`` searches (until ``deadline``, a
    ``time.perf_counter`` value, if given) and leaves the best arrangement's decisions in
    ``best_path`` and its score in ``best_score``; ``step(node)`` expands one decision on its
    own.  ``minimum``: the initial meld's points (sets from the rack only), 0 for none."""

    def __init__(self, pos: Position, minimum: int = 0, deadline: float | None = None,
                 node_budget: int | None = None) -> None:
        self.pos = pos
        self.bound = Bound(pos)
        self.deadline = deadline
        self.node_budget = node_budget  # a limit on work instead of time: the same answer on any machine
        self.meld_cap = minimum
        # most meld points still obtainable from step i on
        self.meld_suffix = [0] * 53
        if minimum:
            for i in range(51, -1, -1):
                self.meld_suffix[i] = self.meld_suffix[i + 1] + (i // 4 + 1) * (pos.T[i] + pos.R[i])
        self.opt_memo: dict[int, list] = {}
        self.comp_cache: dict[int, bool] = {}
        self.memo: dict[int, int] = {}
        self.canon_ok = [not pos.kept_groups[n] for n in range(14)]
        self.dec: list = [None] * 52
        self.jgdec: list = [0] * 14
        self.best_score = -1
        self.floor = -1  # the search looks only for arrangements scoring above this
        self.best_path: tuple | None = None
        self.nodes = 0
        self.node_cap = 1 << 62 if node_budget is None else max(1, int(node_budget))
        self.check_at = self.node_cap if deadline is None else min(256, self.node_cap)
        b = self.bound
        # what the expansion reads at every node, unpacked into locals there
        self._hot = (pos.JTOT, self.opt_memo, b.UBL, self.memo, pos.capnat, self.canon_ok, b.egain,
                     self.comp_cache, self.meld_suffix, pos.wj)

    # -- the step ---------------------------------------------------------------------------------

    def options(self, i: int, lidx: int) -> list:
        """Every choice at a step for the exact search (those the relaxation finds hopeless
        dropped): (runs after, used, to groups, jokers in runs, absorbed 1s, absorbed 2s, gain,
        meld points, the bound's vector after, then what the expansion adds to the bound
        with all the jokers left unspent - the gain, the group tiles' Lagrangian credit below
        the last colour, less the run jokers -, the group tiles in base 3).  The search keeps
        them by the jokers left (``opt_memo``: the options that use no more, in this order)."""
        key = i * N_L + lidx
        got = self.opt_memo.get(key)
        if got is not None:
            return got[-1]  # all of them (as many jokers as there are)
        pos, bound = self.pos, self.bound
        U, JTOT, wj = bound.U, pos.JTOT, pos.wj
        t, r, gm = pos.T[i], pos.R[i], pos.gmax[i]
        src, snk = pos.sources[i], pos.sinks[i]
        cp = pos.capn[i]
        n, c = divmod(i, 4)
        n += 1
        w = pos.wstep[i]
        eg = bound.egain[i] if c < 3 else 0
        UBL, i4n, pc = bound.UBL, (i + 4) * N_L, _POW3[c]
        by_jl: list = [[] for _ in range(JTOT + 1)]  # by the jokers left: the options that use no more
        ways: dict = {}  # run tiles -> (runs after, absorbed 1s, absorbed 2s, the bound's vector after)
        for u in range(t + r, t - 1, -1):
            gain = (u - t) * w
            for g in range(min(u, gm) + 1):
                ge, gp = gain + g * eg, g * pc
                for jr in range(JTOT + 1):
                    a = u - g + jr
                    got = ways.get(a)
                    if got is None:
                        got = []
                        for nl, x1, x2 in runstep(lidx, src, snk, a):
                            nl = CAP[nl][cp]
                            sub = UBL[i4n + nl] or bound.vector(i + 4, nl)
                            if sub[U] != NEG:
                                got.append((nl, x1, x2, sub))
                        ways[a] = got
                    if got:
                        gj, mp, lists = gain + jr * wj, n * (u + jr), by_jl[jr:]
                        for nl, x1, x2, sub in got:
                            o = (nl, u, g, jr, x1, x2, gj, mp, sub, ge, gp)
                            for lst in lists:
                                lst.append(o)
        out = by_jl[JTOT]
        self.opt_memo[key] = by_jl
        return out

    def completable(self, n: int, c: int, gv: int, jl: int) -> bool:
        """Can a partial choice of group tiles at number ``n`` (colours up to ``c``) still be
        completed with at most ``jl`` jokers?"""
        key = ((n * 4 + c) * 81 + gv) * 3 + jl
        base = (n - 1) * 4
        gmax = self.pos.gmax
        ok = completable(tuple(gmax[base + cc] for cc in range(c + 1, 4)), c, gv, jl, self.pos.ksig[n])
        self.comp_cache[key] = ok
        return ok

    def _kids(self, i: int, Ls: list, lpack: int, jused: int, gv: int, meld: int, kacc: int, cut: int = NEG * 4) -> list:
        """The children of a node at step ``i``, best bound first: tuples (-bound, jokers,
        index, option, group jokers, runs packed, group tiles, meld, memo key, credit, runs of
        this colour) with ``option`` from ``options``; the bound is on the gain from this
        step on (the search's units).  ``Ls`` is left as it was.  Children whose bound is at
        most ``cut`` (the search would prune them) are not worked out: one last entry with
        option None stands for them all, with the highest of their bounds."""
        (JTOT, opt_memo, UBL, memo, capnat, canon_ok, egain, comp_cache, meld_suffix, wj) = self._hot
        meld_cap = self.meld_cap
        mc1 = meld_cap + 1
        bound = self.bound
        n, c, p = _STEPS[i]
        lidx = Ls[c]
        jl = JTOT - jused
        got = opt_memo.get(i * N_L + lidx)
        if got is None:
            self.options(i, lidx)
            got = opt_memo[i * N_L + lidx]
        opts = got[jl]
        kids = []
        if cut < NEG // 2:
            cut = NEG // 2 - 1  # bounds below NEG // 2 are "infeasible": always dropped
        pruned = NEG
        mget = memo.get
        i1 = i + 1
        cn = capnat[i]
        base = jl * wj
        # memo keys: (((runs packed * 52 + step) * 3 + jokers used) * 106 + group key) * mc1 + meld
        k3 = 106 * mc1
        k1 = 156 * k3
        ckbase = (lpack * 52 + i1) * 3 * k3 + jused * k3
        # the other colours' bound (from the next number on for the colours before this one): cached
        # by their runs in progress, all packed in lpack but this colour's
        okey = ((lpack - lidx * p) * 52 + i) * 5 + 2 * jl
        O = bound.others_cache.get(okey)
        if O is None:
            O = bound.others_cache[okey] = bound.others(i, c, Ls, 2 * jl) if jl else (self._others0(i, c, Ls),)
        O0 = O[0]
        if c < 3:
            base += kacc
            gk_ok = canon_ok[n]
            eg = egain[i]
            if jl == 0:
                for o in opts:
                    fb = o[9] + o[8][0] + O0 + base
                    if fb <= cut:
                        if fb > pruned:
                            pruned = fb
                        continue
                    gv2 = gv + o[10]
                    if gv2:
                        ok = comp_cache.get(((n * 4 + c) * 81 + gv2) * 3)
                        if ok is None:
                            ok = self.completable(n, c, gv2, 0)
                        if not ok:
                            continue
                    if meld_cap:
                        m2 = meld + o[7]
                        if m2 > meld_cap:
                            m2 = meld_cap
                        if m2 + meld_suffix[i1] < meld_cap:
                            continue
                    else:
                        m2 = 0
                    nlc = CAP[o[0]][cn if 0 <= cn <= 6 else (0 if cn < 0 else 6)]
                    lp2 = lpack + (nlc - lidx) * p
                    ck = ckbase + (nlc - lidx) * p * k1 + (GV_CANON[gv2] if gk_ok else 25 + gv2) * mc1 + m2
                    known = mget(ck)
                    if known is not None and o[6] + known < fb:
                        fb = o[6] + known
                    kids.append((-fb, 0, len(kids), o, 0, lp2, gv2, m2, ck, kacc + o[2] * eg, nlc))
            else:  # one or two jokers left (the set has two): the best split written out
                O1, O2 = O[1], O[2]
                if jl == 2:
                    O3, O4 = O[3], O[4]
                for o in opts:
                    jr = o[3]
                    j2 = jl - jr
                    sub = o[8]
                    if j2 == 0:
                        rest = sub[0] + O0
                    elif j2 == 1:
                        rest = max(sub[0] + O2, sub[1] + O1, sub[2] + O0)
                    else:
                        rest = max(sub[0] + O4, sub[1] + O3, sub[2] + O2, sub[3] + O1, sub[4] + O0)
                    fb = o[9] + rest + base
                    if fb <= cut:
                        if fb > pruned:
                            pruned = fb
                        continue
                    gv2 = gv + o[10]
                    if gv2:
                        ok = comp_cache.get(((n * 4 + c) * 81 + gv2) * 3 + j2)
                        if ok is None:
                            ok = self.completable(n, c, gv2, j2)
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
                    nlc = CAP[o[0]][cp if 0 <= cp <= 6 else (0 if cp < 0 else 6)]
                    lp2 = lpack + (nlc - lidx) * p
                    ck = ckbase + (nlc - lidx) * p * k1 + jr * k3 + (GV_CANON[gv2] if gk_ok else 25 + gv2) * mc1 + m2
                    known = mget(ck)
                    if known is not None and o[6] + known < fb:
                        fb = o[6] + known
                    kids.append((-fb, jr, len(kids), o, 0, lp2, gv2, m2, ck, kacc + o[2] * eg, nlc))
        else:
            ok_n = canon_ok[n]
            for o in opts:
                jr = o[3]
                j2 = jl - jr
                gv2 = gv + o[10]
                nl = o[0]
                gc = GV_CANON[gv2]
                for jg in range(j2 + 1):
                    if ok_n:
                        if not FEAS_CANON[gc][jg]:
                            continue
                    elif self.pos.feas_kept(n, gv2, jg) is None:
                        continue
                    m3 = 0
                    if meld_cap:
                        m3 = meld + o[7] + n * jg
                        if m3 > meld_cap:
                            m3 = meld_cap
                        if m3 + meld_suffix[i1] + 13 * (j2 - jg) < meld_cap:
                            continue
                    j3 = j2 - jg
                    # the four colours from the next number on, j3 jokers left: the best split
                    # between this colour's vector and the others' (``combine`` of all four)
                    sub = o[8]
                    if j3 == 0:
                        fb = o[9] + sub[0] + O0 + base
                    elif j3 == 1:
                        fb = o[9] + max(sub[0] + O[2], sub[1] + O[1], sub[2] + O0) + base
                    else:
                        fb = o[9] + best_split(sub, O, 2 * j3) + base
                    if fb <= cut:
                        if fb > pruned:
                            pruned = fb
                        continue
                    cp = cn + j3
                    nlc = CAP[nl][cp if 0 <= cp <= 6 else (0 if cp < 0 else 6)]
                    lp2 = lpack + (nlc - lidx) * p
                    ck = ckbase + (nlc - lidx) * p * k1 + (jr + jg) * k3 + m3
                    known = mget(ck)
                    if known is not None and o[6] + jg * wj + known < fb:
                        fb = o[6] + jg * wj + known
                    kids.append((-fb, jr + jg, len(kids), o, jg, lp2, 0, m3, ck, 0, nlc))
        if pruned > NEG // 2:
            kids.append((-pruned, 0, len(kids), None, 0, 0, 0, 0, 0, 0, 0))
        kids.sort()
        return kids

    def _others0(self, i: int, c: int, Ls: list) -> int:
        """The other colours' joker-free bound at a node of step ``i`` (colour ``c``)."""
        UBL, bound = self.bound.UBL, self.bound
        total = 0
        for cc in range(4):
            if cc != c:
                x = (i - c + cc + (4 if cc < c else 0)) * N_L + Ls[cc]
                total += (UBL[x] or bound.vector(x // N_L, x % N_L))[0]
        return total

    def start(self) -> Node:
        return Node()

    def step(self, node: Node) -> list[Child]:
        """Expand one decision (the face of ``node.step``): every child the search would visit,
        best bound first."""
        i, c = node.step, node.step % 4
        Ls = list(node.runs)
        lpack = sum(x * p for x, p in zip(node.runs, _POW35))
        out = []
        for nfb, _j, _k, o, jg, _lp2, gv2, m2, _ck, ka2, nl in self._kids(
                i, Ls, lpack, node.jokers, node.groups, node.meld, node.credit):
            _nl, u, g, jr, x1, x2, gain = o[:7]
            add = gain + jg * self.pos.wj
            runs = node.runs[:c] + (nl,) + node.runs[c + 1:]
            child = Node(i + 1, runs, node.jokers + jr + jg, gv2, m2, node.score + add, ka2)
            out.append(Child(Decision(u, g, jr, jg, x1, x2), child, node.score - nfb - self.pos.const))
        return out

    # -- the depth-first search -------------------------------------------------------------------

    def _checkpoint(self) -> None:
        if self.nodes >= self.node_cap:
            raise _NodeCap
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout
        self.check_at = min(self.node_cap, self.nodes + 256 if self.deadline is not None else 1 << 62)

    def _dfs(self, i: int, Ls: list, lpack: int, jused: int, gv: int, meld: int, score: int, key: int, kacc: int) -> int:
        """Search below a node; returns an upper bound on the gain still obtainable from it
        (exact where the search went all the way), and records it in the memo."""
        pos = self.pos
        if i == 52:
            if jused < pos.JT or meld < self.meld_cap:
                return NEG
            final = score - pos.const
            if final > self.best_score:
                self.best_score = final
                # the decisions (used, to groups, jokers in runs, absorbed 1s and 2s) from the options
                self.best_path = ([o if o is None else o[1:6] for o in self.dec], list(self.jgdec))
                if final > self.floor:
                    self.floor = final
            return 0
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._checkpoint()
        const = pos.const
        kids = self._kids(i, Ls, lpack, jused, gv, meld, kacc, self.floor - score + const)
        memo = self.memo
        if not kids:
            memo[key] = NEG
            return NEG
        n, c, _p = _STEPS[i]
        lidx = Ls[c]
        wj = pos.wj
        dec, jgdec = self.dec, self.jgdec
        mget = memo.get
        i1 = i + 1
        top = NEG
        for nfb, _j, _k, o, jg, lp2, gv2, m2, ck, ka2, nl in kids:
            fb = -nfb
            if score + fb - const <= self.floor:
                if fb > top:
                    top = fb
                break
            Ls[c] = nl
            dec[i] = o
            jgdec[n] = jg
            add = o[6] + jg * wj
            sc = score + add
            known = mget(ck)
            if known is not None and sc + known - const <= self.floor:
                r = known
            else:
                r = self._dfs(i1, Ls, lp2, jused + o[3] + jg, gv2, m2, sc, ck, ka2)
            if add + r > top:
                top = add + r
        Ls[c] = lidx
        memo[key] = top
        return top

    def run(self) -> bool:
        """Search to the end (or the deadline); the best path found is in ``best_path``.
        Returns whether it is proved optimal."""
        pos, bound = self.pos, self.bound
        wj, const, U = pos.wj, pos.const, bound.U
        start_L = [0, 0, 0, 0]
        root = bound.root_value()
        optimal = True
        # Threshold search: first look only for arrangements as good as the bound's tile count
        # (or points, for that objective); when there is none, the bound backed up from the
        # search gives the next, lower target.  The memo of bounds carries over.
        level = W_TILE if pos.objective != "points" else W_POINT
        best = root + U // 2 * wj - const
        limited = self.deadline is not None or self.node_budget is not None
        full_cap = self.node_cap
        if root > NEG // 2 and limited:
            # Anytime: a short dive for a first arrangement before the threshold search.
            self.node_cap = min(300, full_cap)
            self.check_at = min(self.check_at, self.node_cap)
            try:
                self._dfs(0, start_L, 0, 0, 0, 0, 0, 0, 0)
            except (_NodeCap, _Timeout):
                pass
            self.node_cap = full_cap
            self.check_at = self.nodes + 1
            start_L = [0, 0, 0, 0]  # an interrupted search leaves its path behind
        if root > NEG // 2:
            # When a pass proves its target out of reach, the relaxation was loose there: tighten
            # it once with Lagrange multipliers on the group-partner constraints.
            tightened = False
            try:
                while best > self.best_score:
                    tau = max(best // level * level, self.best_score + 1)
                    self.floor = max(self.best_score, tau - 1)
                    got = self._dfs(0, start_L, 0, 0, 0, 0, 0, 0, 0)
                    if self.best_score >= tau or got < NEG // 2:
                        break
                    best = min(best, got - const)
                    if best >= tau:  # cannot happen (nothing reached tau): guard against looping
                        best = tau - 1
                    if not tightened and LAG_ROUNDS and self.nodes >= TIGHTEN_AFTER:
                        tightened = True
                        got = bound.tighten(LAG_ROUNDS, best - U // 2 * wj + const)
                        self.opt_memo.clear()  # its vectors are the bound's old ones
                        if got is not None:
                            best = min(best, got + U // 2 * wj - const)
            except (_Timeout, _NodeCap):
                optimal = False
        return optimal


class Answer(NamedTuple):
    """A finished search's best path through its position, not yet replayed with tiles."""

    pos: Position
    path: tuple  # (decisions by step, jokers in groups by number): ``Search.best_path``

    def counts(self) -> tuple[int, int]:
        """(rack tiles placed, their points): what ``replay`` places, without building the sets."""
        return placed_counts(self.pos, *self.path)

    def replay(self) -> tuple[list[list[int]], list[int], int]:
        """(sets, placed rack tiles, meld points): ``search_replay.replay``."""
        return replay(self.pos, *self.path)


def run_search(
    table_free: Sequence[int],
    rack: Sequence[int],
    kept: list[Kept],
    objective: str,
    minimum: int,
    deadline: float | None,
    use_rack_jokers: bool,
    tie_weights: Sequence[int] | None = None,
    node_budget: int | None = None,
    need_all: bool = False,
) -> tuple[Answer | None, bool, int]:
    """Run the branch and bound (the arguments as for ``search``).  Returns (its answer, None when
    no arrangement satisfies the constraints; optimal; nodes).  ``need_all`` (objective "tiles"):
    only whether every rack tile can be placed matters, so when the bound alone says they cannot,
    no search is made (and None, True, 0 comes back)."""
    pos = Position(table_free, rack, kept, objective, use_rack_jokers, tie_weights)
    s = Search(pos, minimum, deadline, node_budget)
    if need_all and objective == "tiles" and s.bound.upper() < len(rack) * W_TILE:
        return None, True, 0  # every placed tile scores at least W_TILE
    optimal = s.run()
    return (None if s.best_path is None else Answer(pos, s.best_path)), optimal, s.nodes


def search(
    table_free: Sequence[int],
    rack: Sequence[int],
    kept: list[Kept],
    objective: str,
    minimum: int,
    deadline: float | None,
    use_rack_jokers: bool,
    tie_weights: Sequence[int] | None = None,
    node_budget: int | None = None,
) -> tuple[list[list[int]] | None, list[int], bool, int, int]:
    """Run the branch and bound (``run_search``) and build its answer's sets.  Returns (sets,
    placed rack tiles, optimal, meld points, nodes); sets is None when no arrangement satisfies
    the constraints."""
    answer, optimal, nodes = run_search(table_free, rack, kept, objective, minimum, deadline, use_rack_jokers,
                                        tie_weights, node_budget)
    if answer is None:
        return None, [], optimal, 0, nodes
    sets, placed, meld_points = answer.replay()
    return sets, placed, optimal, meld_points, nodes
