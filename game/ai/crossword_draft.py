"""What the crossword players (Rummi200kub, ``game/ai/crossword.py``) share: the levels'
profiles, the context of one decision, drafts of a play, and the lines a new set through a
tile may take (groups and runs of the tiles in hand, on free cells of the board)."""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations
from typing import Iterable, Iterator

from ..rules import claims as cl
from ..rules.board import Board, Cell
from ..rules.tiles import face_at, face_key, is_joker

LEVELS = ("basic", "easy", "medium", "hard", "hard-v1", "greedy-max")
H = (0, 1)
V = (1, 0)


@dataclass(frozen=True)
class Profile:
    beam: int  # drafts kept per depth of the play search (1 = greedy)
    depth: int  # most steps in one play
    combos: bool  # a tile added to a set with a new set through it
    joker_swaps: bool
    max_jokers: int  # jokers from the rack in one new line
    miss: float  # chance to overlook a candidate step or claim
    deny: str  # "", "simple" or "full"
    claim_over_play: float | None  # heads-up only: a claim this good is taken even when a play exists
    hijack: bool  # considers hijacks and locks at all
    keep_jokers: bool  # holds jokers back unless they are needed
    min_per_token: float  # poorest value per token it will claim early
    token_price: float = 0.0  # tokens are charged at this share of the points per token still needed
    rearrange: bool = False  # moves table tiles into new lines with rack tiles (crossword_moves)
    claims: str = "standard"  # whose claim decisions: "standard" (crossword_claims; the frozen hard-v1's
    # too, so tests/test_crossword_frozen.py keeps them as they were) or "race" (crossword_race)
    # Sage's look-ahead (crossword_sage; "race" claims only): 0 = off, else the worlds sampled per turn
    lookahead: int = 0
    la_plies: int = 1  # turns of hard's policy played after each candidate before the position is scored
    la_margin: float = 0.05  # how much better (mean value, -1..1) a candidate must be than hard's turn
    la_claims: int = 4  # the best claims (by race_utility) weighed as candidates
    la_beam: int = 2  # the play search of the replies in a look-ahead (drafts kept per step, steps)
    la_depth: int = 8
    la_budget: int = 48  # most replies played in one look-ahead (worlds x candidates x plies): a work budget
    la_from: int = 0  # looks ahead only once some seat holds this many points (the race's end is tactical)
    la_heur: float = 1.0  # the weight of the estimate for positions that are not decided (0: only wins and losses count)
    # Sage's play shaping (crossword_shape; "race" claims only): 0 = off (hard's play: the most tiles)
    shape: int = 0
    shape_cands: int = 10  # the plays weighed (the search's first that are legal)
    shape_tile: float = 4.0  # the value of a tile placed
    shape_opp: float = 1.0  # the weight of what the rival's best claim gains from the play
    exchange: int = 0  # 1: the turn is checked by a search of the claim exchange (crossword_exchange)
    exchange_budget: int = 3000  # most finish scans of that search in one turn (a work budget)
    shape_claim: float = 0.0  # a claim beats the shaped play above claim_over_play less this x what the play hands the rival


# Knobs whose values are words: the words each one takes (for ``strategy.with_knobs``).
CHOICES = {"deny": ("", "simple", "full"), "claims": ("standard", "race")}

PROFILES: dict[str, Profile] = {
    "basic": Profile(1, 8, False, False, 1, 0.0, "", None, False, True, 3.5),
    "easy": Profile(1, 4, False, False, 1, 0.3, "", None, False, True, 3.0),
    "medium": Profile(2, 10, True, True, 1, 0.0, "simple", None, True, True, 4.0, token_price=0.9),
    "hard": Profile(4, 12, True, True, 1, 0.0, "full", 24.0, True, True, 4.5, token_price=0.9, rearrange=True,
                    claims="race"),
    "hard-v1": Profile(4, 12, True, True, 1, 0.0, "full", 24.0, True, True, 4.5, token_price=0.9),
    "greedy-max": Profile(4, 14, True, True, 2, 0.0, "", None, True, False, 2.0),
}


# -- the context of one decision ---------------------------------------------------------------------------


class Ctx:
    def __init__(self, view, level: str, rng: random.Random | None, prof: Profile | None = None) -> None:
        self.view = view
        self.level = level if level in PROFILES else "basic"
        self.prof = prof or PROFILES[self.level]
        self.variant = view.variant
        self.seat = view.seat
        self.rack = list(view.rack)
        self.melded = bool(view.me_melded)
        self.board = view.board.copy()
        self.table_cells = set(self.board.cells)
        self.rng = rng or random.Random(hash_seed(view))
        self.has_claims = self.variant.has_claims
        if self.has_claims:
            self.rules = self.variant.claim_rules()
            self.pos = cl.Position.from_view(view)
            self.frozen = self.rules.frozen
        else:
            self.rules = cl.ClaimRules()
            self.pos = None
            self.frozen = False
        self.claimed: dict[tuple, int] = {}  # (vertical, cells) -> holder
        if self.pos is not None:
            for rec in self.pos.claims:
                self.claimed[(bool(rec["vertical"]), tuple(tuple(c) for c in rec["cells"]))] = cl.holder(rec)
        self.may_extend_initial = bool(self.variant.options.get("initial_may_extend", False))
        self.target = self.variant.score_target() or cl.TARGET
        self._snapshot: list | None = None
        self._searches: dict = {}  # Planner.search's drafts by (initial,) once per decision (it is run twice)


def hash_seed(view) -> int:
    """A deterministic seed from what the seat sees (no Python hash randomisation)."""
    h = 1469598103934665603
    for v in (view.seat, view.turn, view.pool_size, *view.rack, *sorted(view.board.cells.values())):
        h = ((h ^ (int(v) + 7)) * 1099511628211) & 0xFFFFFFFFFFFF
    return h


# -- drafts and lines through a tile -----------------------------------------------------------------------------------


@dataclass
class Draft:
    board: Board
    avail: list[int]  # tiles still in hand (rack tiles not placed, plus freed jokers)
    placed: list[int] = field(default_factory=list)  # rack tiles placed
    freed: list[int] = field(default_factory=list)  # jokers taken from the table and not yet placed
    steps: int = 0

    def key(self) -> frozenset:
        return frozenset(self.board.cells.items())


def index_avail(avail: Iterable[int]) -> tuple[dict[int, list[int]], list[int]]:
    """The tiles in hand by face, and the jokers (sorted)."""
    by_face: dict[int, list[int]] = defaultdict(list)
    jokers = []
    for t in avail:
        if is_joker(t):
            jokers.append(t)
        else:
            by_face[face_key(t)].append(t)
    return by_face, sorted(jokers)


def shift(a: Cell, d: tuple[int, int], k: int = 1) -> Cell:
    """The cell ``k`` steps from ``a`` in direction ``d``."""
    return (a[0] + d[0] * k, a[1] + d[1] * k)


def perp(d: tuple[int, int]) -> tuple[int, int]:
    """The direction at right angles to ``d``."""
    return V if d == H else H


def group_members(number: int, anchor_colour: int, by_face, jokers, max_j: int) -> Iterator[list[int]]:
    """Other tiles of a group through a tile of ``number`` (0-based) in ``anchor_colour``."""
    faces = [face_at(c, number + 1) for c in range(4) if c != anchor_colour]
    others = [by_face[f][0] for f in faces if by_face.get(f)]
    for k in range(len(others), -1, -1):
        for j in range(0, min(max_j, len(jokers)) + 1):
            if not 2 <= k + j <= 3:
                continue
            for combo in combinations(others, k):
                yield list(combo) + jokers[:j]


def run_lines(colour: int, number: int, by_face, jokers, max_j: int) -> Iterator[tuple[list[int | None], int]]:
    """Runs through a tile of (colour, number 0-based): (tiles in order with None at the anchor, anchor index)."""
    def tile_at(n: int):
        f = face_at(colour, n + 1)
        return by_face[f][0] if by_face.get(f) else None

    # Walk down and up collecting what is available; a joker may fill at most max_j holes in total.
    downs: list[tuple[int, list, int]] = [(number, [], 0)]  # (lowest number, tiles below anchor in order, jokers)
    lo = number
    tiles: list = []
    used = 0
    while lo - 1 >= 0:
        t = tile_at(lo - 1)
        if t is None:
            if used >= min(max_j, len(jokers)):
                break
            t = jokers[used]
            used += 1
        lo -= 1
        tiles = [t] + tiles
        downs.append((lo, list(tiles), used))
    for lo_n, below, j_below in downs:
        hi = number
        above: list = []
        used_up = j_below
        ups = [(number, [], j_below)]
        while hi + 1 <= 12:
            t = tile_at(hi + 1)
            if t is None:
                if used_up >= min(max_j, len(jokers)):
                    break
                t = jokers[used_up]
                used_up += 1
            hi += 1
            above = above + [t]
            ups.append((hi, list(above), used_up))
        for hi_n, up, _ in ups:
            if hi_n - lo_n + 1 >= 3:
                yield below + [None] + up, len(below)


def free_line(board: Board, cells: list[Cell], anchors: set[Cell], d: tuple[int, int]) -> bool:
    """Can a new line occupy ``cells`` (``anchors`` already hold its tiles) without touching anything else?"""
    p = perp(d)
    if shift(cells[0], d, -1) in board.cells or shift(cells[-1], d, 1) in board.cells:
        return False
    for c in cells:
        if c in anchors:
            continue
        if c in board.cells or shift(c, p, 1) in board.cells or shift(c, p, -1) in board.cells:
            return False
    return True
