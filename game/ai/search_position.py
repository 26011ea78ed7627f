"""What the meld finder's search works on (``game/ai/search.py``): ``Kept``, a table set that
stays together, and ``Position``, the question counted by step (step ``i = (number - 1) * 4 +
colour``), with the weights of the objective and the limits the search and its bound read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..rules.tiles import face_key, is_joker
from .search_tables import MAX_TIE_WEIGHT, W_POINT, W_TILE, feas_kept, group_choices, group_max, step_face

STEP_FACES = tuple(step_face(i) for i in range(52))
_LIMITS: dict[tuple, tuple] = {}  # (copies per colour at a number, jokers) -> (group_max, group_choices per colour)


@dataclass
class Kept:
    """A table set that stays together (it may still be extended at its ends, or a group of
    three completed)."""

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


class Position:
    """The tiles the search works on, counted by step, and the weights of the objective.

    ``table_free``: table tiles that may be rearranged (all must stay); ``kept``: table sets that
    stay together; ``tie_weights`` (52, by face) replace the points as the tie-break of the
    "tiles" objective.  Scores: ``W_TILE`` per placed rack tile plus its points ("tiles"), or
    ``W_POINT`` per point plus one per tile ("points").
    """

    def __init__(
        self,
        table_free: Sequence[int],
        rack: Sequence[int],
        kept: Sequence[Kept] = (),
        objective: str = "tiles",
        use_rack_jokers: bool = True,
        tie_weights: Sequence[int] | None = None,
    ) -> None:
        self.rack = list(rack)
        self.kept = list(kept)
        self.objective = objective
        self.tcopies: list[list[int]] = [[] for _ in range(52)]
        self.rcopies: list[list[int]] = [[] for _ in range(52)]
        self.tjokers = [t for t in table_free if is_joker(t)]
        self.rjokers = [t for t in rack if is_joker(t)] if use_rack_jokers else []
        for t in table_free:
            if not is_joker(t):
                self.tcopies[face_key(t)].append(t)
        for t in rack:
            if not is_joker(t):
                self.rcopies[face_key(t)].append(t)
        self.JT = len(self.tjokers)
        self.JTOT = self.JT + len(self.rjokers)
        if objective == "points":
            wnat = [0] + [n * W_POINT + 1 for n in range(1, 14)]
            self.wj = 1
        else:
            wnat = [0] + [W_TILE + n for n in range(1, 14)]
            self.wj = W_TILE
        self.const = self.JT * self.wj  # table jokers are no gain
        tc, rc = self.tcopies, self.rcopies
        self.T = [len(tc[f]) for f in STEP_FACES]
        self.R = [len(rc[f]) for f in STEP_FACES]
        # gain of one rack tile at each step: a tile, plus its points (or the caller's tie weights)
        self.wstep = [wnat[i // 4 + 1] for i in range(52)]
        if tie_weights is not None and objective != "points":
            for i in range(52):
                self.wstep[i] = W_TILE + max(0, min(MAX_TIE_WEIGHT, int(tie_weights[step_face(i)])))
        self._kept_ends()
        T, R, JTOT = self.T, self.R, self.JTOT
        # Most tiles of a colour that can come at the next number (runs beyond that can only end).
        self.capn = [min(6, T[i + 4] + R[i + 4] + JTOT) if i + 4 < 52 else 0 for i in range(52)]
        self.capnat = [T[i + 4] + R[i + 4] if i + 4 < 52 else -9 for i in range(52)]
        self._group_limits()

    def _kept_ends(self) -> None:
        """Kept runs ending just below a step (``sources``) or starting at its number (``sinks``),
        and kept groups of three that may take one more tile, by number."""
        self.sources = [0] * 52
        self.sinks = [0] * 52
        self.kept_groups: list[list[Kept]] = [[] for _ in range(14)]
        for k in self.kept:
            if k.kind == "run":
                if k.hi < 13:
                    self.sources[k.hi * 4 + k.colour] += 1  # step of number hi+1
                if k.lo > 1:
                    self.sinks[(k.lo - 1) * 4 + k.colour] += 1  # step of number lo
            elif k.room:
                self.kept_groups[k.lo].append(k)
        # the colours of the kept groups at each number (group feasibility is cached by them)
        self.ksig = [tuple(sorted(tuple(sorted(k.colours)) for k in self.kept_groups[n])) for n in range(14)]

    def _group_limits(self) -> None:
        """Largest number of copies of each colour that could go to groups at each number, and
        what the relaxation charges for it in half-jokers (see ``group_choices``)."""
        T, R = self.T, self.R
        self.gmax = [0] * 52
        self.gchoice: list = [None] * 52
        for n in range(1, 14):
            base = (n - 1) * 4
            avail = tuple(min(2, T[base + c] + R[base + c]) for c in range(4))
            if self.kept_groups[n]:
                best = group_max(avail, self.JTOT, self.ksig[n])
                for c in range(4):
                    self.gmax[base + c] = best[c]
                    self.gchoice[base + c] = (((0, 0),),) * 3  # kept groups make partners free: charge nothing
            else:
                key = (avail, self.JTOT)
                got = _LIMITS.get(key)
                if got is None:
                    gm = group_max(avail, self.JTOT)
                    got = _LIMITS[key] = (gm, tuple(group_choices(tuple(sorted(avail[:c] + avail[c + 1:]))) for c in range(4)))
                self.gmax[base:base + 4] = got[0]
                self.gchoice[base:base + 4] = got[1]

    def feas_kept(self, n: int, gv: int, jg: int):
        """What the kept groups at number ``n`` take when group tiles ``gv`` and ``jg`` jokers
        are placed (None when they cannot be)."""
        return feas_kept(self.ksig[n], gv, jg)
