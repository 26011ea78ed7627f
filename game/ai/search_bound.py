"""The upper bound of the meld finder's search: a relaxation that treats each colour on its own.

``Bound(position).vector(i, L)[k]`` is the most natural gain the colour of step ``i`` can still
make from its number on, given its runs in progress ``L``, spending at most ``k`` half-jokers: a
joker in one of its runs costs 2, a joker in a group is shared out among the group's numbered
tiles (each pays the least the tiles available at that number allow).  Other colours' tiles count
as free partners in groups.  ``NEG`` = infeasible (a run that can no longer reach three tiles).
The colours then share out the jokers left (``combine``), which makes the whole an upper bound:
``Bound.upper()`` is never below the score of any arrangement.

When a pass of the search proves its target out of reach, the relaxation was loose there;
``tighten`` prices the group-partner constraints with Lagrange multipliers (a few subgradient
steps) to lower it.
"""

from __future__ import annotations

import itertools
from typing import Sequence

from .search_tables import N_L, NEG, SHORTS, W_POINT, W_TILE, maxplus, next_states

LAG_THETA = 2.0  # first step size, in tiles (or points) per unit of squared violation

_RELAX_CACHE: dict[tuple, tuple] = {}
# ``vector(i, L)`` depends only on the colour's tables from step ``i`` on (the "suffix"): each
# suffix gets an id (``_SUFFIX_IDS``, ids never reused), and the vectors are kept by id across
# refreshes (the subgradient rounds change only some numbers) and across positions (a game's turns
# ask about much the same tiles).
_SUFFIX_IDS: dict[tuple, int] = {}
_SUFFIX_VECTORS: dict[int, tuple] = {}
_SUFFIX_LIMIT = 60000
_next_suffix = itertools.count()  # next() is atomic: ids stay unique with finders in two threads


def _suffix_id(key: tuple) -> int:
    got = _SUFFIX_IDS.get(key)
    if got is None:
        if len(_SUFFIX_VECTORS) > _SUFFIX_LIMIT or len(_SUFFIX_IDS) > _SUFFIX_LIMIT:
            _SUFFIX_IDS.clear()
            _SUFFIX_VECTORS.clear()
        got = _SUFFIX_IDS[key] = next(_next_suffix)
    return got


_END_ROWS: dict[int, list] = {}
_NO_VECTORS = [None] * (52 * N_L)  # the vectors before any is worked out
_NEXT_PAIRS: dict[tuple, tuple] = {}  # (runs, sources, sinks, cap) -> (a, states) for each a with any


def _end_rows(U: int) -> list:
    """The bound's vectors past the last number (4 steps): 0 when every run has ended, else NEG."""
    got = _END_ROWS.get(U)
    if got is None:
        end_ok = tuple([0] * (U + 1))
        end_bad = tuple([NEG] * (U + 1))
        got = _END_ROWS[U] = [end_ok if SHORTS[lidx] == 0 else end_bad for _i in range(4) for lidx in range(N_L)]
    return got


def combine(vecs: Sequence[Sequence[int]], k: int) -> tuple:
    """Max-plus combination of monotone vectors: best total spending at most j units, j = 0..k."""
    acc = vecs[0]
    for v in vecs[1:]:
        acc = maxplus(acc, v, k)
    return acc[: k + 1]


class Bound:
    """The per-colour relaxation of a ``Position`` (see the module doc).

    ``vectors`` (UBL) holds ``vector(i, L)`` by ``i * N_L + L`` once worked out (None before);
    ``relax[i]`` lists, for each number of run tiles at step ``i``, the Pareto front of (half-jokers
    spent, gain, group tiles, partners needed); ``relax0[i]`` the joker-free best gain for each.
    """

    def __init__(self, pos) -> None:
        self.pos = pos
        self.U = 2 * pos.JTOT  # half-jokers in all
        self.relax: list = [None] * 52
        self.relax0: list = [None] * 52
        # the same by number of run tiles (0..4, None for none): (half-jokers, gain) pairs / the gain
        self.relax_a: list = [None] * 52
        self.relax0_a: list = [None] * 52
        self.mu = [0] * 52  # Lagrange multipliers of the partner constraints, by step (number, colour)
        self.egain = [0] * 52  # what a group tile of that colour earns: the others' multipliers
        self.others_cache: dict[int, tuple] = {}  # the search's own key for ``others`` (see ``Search._kids``)
        self.suffix = [0] * 52  # the id of each step's suffix, times N_L (see ``_SUFFIX_IDS``)
        self._build_relax()
        # past the last number: all runs must have ended
        self.UBL: list = _NO_VECTORS + _end_rows(self.U)

    # -- the per-colour tables ------------------------------------------------------------------

    def _build_relax(self) -> None:
        pos, mu, egain = self.pos, self.mu, self.egain
        relax, relax0 = self.relax, self.relax0
        JTOT, U = pos.JTOT, self.U
        keys: list = [None] * 52
        if any(mu):
            for i in range(52):
                base = i - i % 4
                egain[i] = mu[base] + mu[base + 1] + mu[base + 2] + mu[base + 3] - mu[i]
        else:
            for i in range(52):
                egain[i] = 0
        for i in range(52):
            t, r = pos.T[i], pos.R[i]
            w = pos.wstep[i]
            gch = pos.gchoice[i]
            gm = pos.gmax[i]
            e, m = egain[i], mu[i]
            ckey = keys[i] = (t, r, w, gm, gch, JTOT, e, m)
            got = _RELAX_CACHE.get(ckey)
            if got is not None:
                relax[i], relax0[i], self.relax_a[i], self.relax0_a[i] = got
                continue
            by_a: dict[int, list] = {}
            for b in range(min(2, t + r) + 1):
                for g in range(gm + 1):
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
            by_a: list = [None] * max(5, len(items) and items[-1][0] + 1)  # next_states covers a = 0..4
            by_a0: list = [None] * len(by_a)
            for a, front in items:
                by_a[a] = tuple((units, gain) for units, gain, _g, _need in front)
            for a, gain in relax0[i]:
                by_a0[a] = gain
            self.relax_a[i], self.relax0_a[i] = by_a, by_a0
            if len(_RELAX_CACHE) > 20000:
                _RELAX_CACHE.clear()
            _RELAX_CACHE[ckey] = (relax[i], relax0[i], by_a, by_a0)
        for i in range(51, -1, -1):
            keys[i] = (keys[i], pos.sources[i], pos.sinks[i], pos.capn[i], self.suffix[i + 4] if i + 4 < 52 else -1)
            self.suffix[i] = _suffix_id(keys[i]) * N_L

    def refresh(self) -> None:
        """Work the tables out again (after the multipliers changed)."""
        self.UBL[: 52 * N_L] = _NO_VECTORS
        self.others_cache.clear()
        self._build_relax()

    # -- the bound ------------------------------------------------------------------------------

    def vector(self, i: int, lidx: int) -> tuple:
        """Most natural gain of the colour of step ``i`` from its number on, with runs in progress
        ``lidx``, spending at most k half-jokers, k = 0..U (see the module doc)."""
        UBL = self.UBL
        key = i * N_L + lidx
        v = UBL[key]
        if v is not None:
            return v
        skey = self.suffix[i] + lidx
        v = _SUFFIX_VECTORS.get(skey)
        if v is not None:
            UBL[key] = v
            return v
        pos = self.pos
        U = self.U
        nkey = (lidx, pos.sources[i], pos.sinks[i], pos.capn[i])
        pairs = _NEXT_PAIRS.get(nkey)
        if pairs is None:
            pairs = _NEXT_PAIRS[nkey] = tuple((a, nls) for a, nls in enumerate(next_states(*nkey)) if nls)
        i4n = (i + 4) * N_L
        if U == 0:
            best0 = NEG
            by_a = self.relax0_a[i]
            for a, nls in pairs:
                gain = by_a[a]
                if gain is None:
                    continue
                for nl in nls:
                    sub = UBL[i4n + nl] or self.vector(i + 4, nl)
                    val = gain + sub[0]
                    if val > best0:
                        best0 = val
            v = (best0 if best0 > NEG // 2 else NEG,)
            UBL[key] = _SUFFIX_VECTORS[skey] = v
            return v
        by_a = self.relax_a[i]
        if U == 4:  # two jokers, the usual case: the same as below, unrolled
            v = self._vector4(pairs, by_a, i4n, i + 4)
            UBL[key] = _SUFFIX_VECTORS[skey] = v
            return v
        U1 = U + 1
        best = [NEG] * U1
        for a, nls in pairs:
            pareto = by_a[a]
            if pareto is None:
                continue
            for nl in nls:
                sub = UBL[i4n + nl] or self.vector(i + 4, nl)
                if sub[U] == NEG:
                    continue
                for units, gain in pareto:
                    for k in range(units, U1):
                        val = gain + sub[k - units]
                        if val > best[k]:
                            best[k] = val
        v = tuple(best)
        UBL[key] = _SUFFIX_VECTORS[skey] = v
        return v

    def _vector4(self, pairs: tuple, by_a: list, i4n: int, i4: int) -> tuple:
        """``vector`` for U = 4 (see there), its loop over the half-jokers spent unrolled."""
        UBL = self.UBL
        b0 = b1 = b2 = b3 = b4 = NEG
        for a, nls in pairs:
            pareto = by_a[a]
            if pareto is None:
                continue
            for nl in nls:
                s0, s1, s2, s3, s4 = UBL[i4n + nl] or self.vector(i4, nl)
                if s4 == NEG:
                    continue
                for units, gain in pareto:
                    if units == 0:
                        if gain + s0 > b0:
                            b0 = gain + s0
                        if gain + s1 > b1:
                            b1 = gain + s1
                        if gain + s2 > b2:
                            b2 = gain + s2
                        if gain + s3 > b3:
                            b3 = gain + s3
                        if gain + s4 > b4:
                            b4 = gain + s4
                    elif units == 1:
                        if gain + s0 > b1:
                            b1 = gain + s0
                        if gain + s1 > b2:
                            b2 = gain + s1
                        if gain + s2 > b3:
                            b3 = gain + s2
                        if gain + s3 > b4:
                            b4 = gain + s3
                    elif units == 2:
                        if gain + s0 > b2:
                            b2 = gain + s0
                        if gain + s1 > b3:
                            b3 = gain + s1
                        if gain + s2 > b4:
                            b4 = gain + s2
                    elif units == 3:
                        if gain + s0 > b3:
                            b3 = gain + s0
                        if gain + s1 > b4:
                            b4 = gain + s1
                    elif units == 4:
                        if gain + s0 > b4:
                            b4 = gain + s0
        return (b0, b1, b2, b3, b4)

    def others(self, i: int, c: int, Ls: Sequence[int], k: int) -> tuple:
        """``combine`` of the colours other than ``c`` at a node of step ``i`` whose colours have
        runs in progress ``Ls`` (the search caches it, see ``Search._kids``); ``k`` is 2 or 4."""
        UBL = self.UBL
        vs = []
        for cc in range(4):
            if cc != c:
                x = (i - c + cc + (4 if cc < c else 0)) * N_L + Ls[cc]
                vs.append(UBL[x] or self.vector(x // N_L, x % N_L))
        return maxplus(maxplus(vs[0], vs[1], k), vs[2], k)

    def root_value(self) -> int:
        """The bound at the start (before the first number), in the search's units: natural
        gain only, every joker spent."""
        return combine([self.UBL[c * N_L] or self.vector(c, 0) for c in range(4)], self.U)[self.U]

    def upper(self) -> int:
        """Upper bound on the score of any arrangement (the search's ``best_score`` units:
        every rack joker placed)."""
        pos = self.pos
        return self.root_value() + self.U // 2 * pos.wj - pos.const

    # -- tightening ------------------------------------------------------------------------------

    def trace(self) -> tuple[list, list]:
        """Group tiles and partners needed along the relaxation's best choices from the root."""
        pos, UBL, U = self.pos, self.UBL, self.U
        U1 = U + 1
        vecs = [UBL[c * N_L] or self.vector(c, 0) for c in range(4)]
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
                for a, front in self.relax[i]:
                    for nl in next_states(lidx, pos.sources[i], pos.sinks[i], pos.capn[i])[a]:
                        sub = UBL[(i + 4) * N_L + nl] or self.vector(i + 4, nl)
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

    def tighten(self, rounds: int, limit: int) -> int | None:
        """Try to lower the bound below ``limit`` (root value, search units) with a few
        subgradient steps on the group-partner constraints.  Keeps the best multipliers found
        (any multipliers give an upper bound, and the lowest prunes most); returns their root
        value when it is below the limit, else None."""
        best_val = self.root_value()
        best_mu = list(self.mu)
        theta = LAG_THETA
        level_ = W_TILE if self.pos.objective != "points" else W_POINT
        for rnd in range(rounds):
            ys, needs = self.trace()
            mu = self.mu
            slack = [0] * 52
            for i in range(52):
                base = i - i % 4
                slack[i] = sum(ys[base + cc] for cc in range(4)) - ys[i] - needs[i]
            grad = [s_ if (s_ < 0 or mu[i] > 0) else 0 for i, s_ in enumerate(slack)]
            norm = sum(x * x for x in grad)
            if norm == 0:
                break
            step = theta * level_ / norm
            self._set_mu([max(0, int(round(mu[i] - step * slack[i]))) for i in range(52)])
            val = self.root_value()
            if val < best_val:
                best_val, best_mu = val, list(self.mu)
            else:
                theta /= 2
            if rnd >= 2 and best_val >= limit + (rnd - 1) * level_:
                break  # too far above the limit to get there in time
        if self.mu != best_mu:
            self._set_mu(best_mu)
        return best_val if best_val < limit else None

    def _set_mu(self, mu: list) -> None:
        self.mu[:] = mu
        self.refresh()
