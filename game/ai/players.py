"""The computer opponents a player can pick: easy, medium, hard, and the greedy-max baseline.

Every player sees only its own seat's ``PlayerView`` and checks each move it proposes with the
rules core (``game.rules.turn.analyse``) before returning it; when a move is refused it falls back
to a simpler one, and finally draws.  The exact meld finder (``solver``) does the searching; the
levels differ in how much of it they use and in strategy:

* **easy** plays sets from its rack and simple extensions of table sets, never breaks a set up,
  overlooks some of its tiles each turn (the way a hurried person does) and plays jokers reluctantly;
* **medium** is greedy: the most tiles it can place with extensions and breaking up at most one
  table set per turn;
* **hard** uses the whole finder plus strategy: it keeps complete sets from its rack in reserve to
  play on turns when it would otherwise have to draw, keeps its jokers until they matter, plays a
  small initial meld, and switches to going out as fast as possible when an opponent is close to
  going out or the pool is running dry;
* **greedy-max** (a baseline) places the most tiles the finder allows, every turn.

Crossword rule sets (Rummi200kub) are played by ``game.ai.crossword`` when that module exists.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Iterable, Iterator, Sequence

from ..rules.board import Board
from ..rules.melds import check_set
from ..rules.turn import TurnStart, analyse
from ..rules.variants.base import Variant
from . import register_player
from .layout import DEFAULT_WIDTH, layout, sets_of
from .solver import Result, SolverError, solve, solve_initial

PROFILES: dict[str, dict] = {
    "easy": {
        "name": "Pip",
        "blurb": "Plays what it spots on its rack. Misses things now and then.",
        "face": {"skin": "#f6d2b0", "hair": "#e8a33d", "eyes": "round", "brows": "raised", "mouth": "grin",
                 "cheeks": "#f4a3a3", "accent": "#7bc96f", "expression": "cheerful"},
    },
    "medium": {
        "name": "Mara",
        "blurb": "Greedy: plays as much as it can with simple moves on the table.",
        "face": {"skin": "#d9a77c", "hair": "#4a2f1d", "eyes": "almond", "brows": "flat", "mouth": "smile",
                 "cheeks": None, "accent": "#4f8fd9", "expression": "focused"},
    },
    "hard": {
        "name": "Vex",
        "blurb": "Rearranges the whole table, holds tiles back and strikes when you are close.",
        "face": {"skin": "#b98a67", "hair": "#1b1b24", "eyes": "narrow", "brows": "angled", "mouth": "smirk",
                 "cheeks": None, "accent": "#c0392b", "expression": "sly", "glasses": True},
    },
    "greedy-max": {
        "name": "Grabbit",
        "blurb": "Baseline: every turn places the most tiles the finder allows.",
        "face": {"skin": "#9fd3c7", "hair": "#2d6a4f", "eyes": "wide", "brows": "raised", "mouth": "open",
                 "cheeks": None, "accent": "#f4d35e", "expression": "eager"},
    },
}


def profile(level: str) -> dict:
    """Display name and face parameters for a level (a plain dict a renderer can draw)."""
    return PROFILES.get(level, {"name": level.title(), "blurb": "", "face": {}})


# ---------------------------------------------------------------------------------------------


class _Turn:
    """What a player knows at the start of its turn, and helpers to try moves."""

    def __init__(self, view, budget: float) -> None:
        self.view = view
        self.variant: Variant = view.variant
        self.rack = [int(t) for t in view.rack]
        self.rack_set = set(self.rack)
        self.board = view.board
        self.sets = sets_of(view.board)
        self.melded = bool(view.me_melded)
        self.start = TurnStart(view.board.copy(), list(self.rack), self.melded, None, view.extra)
        self.width = getattr(self.variant, "grid_width", DEFAULT_WIDTH)
        self.deadline = time.perf_counter() + budget
        self.joker_sets = [i for i, s in enumerate(self.sets) if any(t >= 104 for t in s)]
        self.tried: set = set()
        self.cache: dict = {}

    # -- time --------------------------------------------------------------------------------
    def left(self, share: float = 1.0) -> float:
        return max(0.01, (self.deadline - time.perf_counter()) * share)

    # -- facts about the game -------------------------------------------------------------------
    def opponents(self) -> list[int]:
        return [i for i in range(len(self.view.rack_sizes)) if i != self.view.seat]

    def closest_opponent(self) -> int:
        return min((self.view.rack_sizes[i] for i in self.opponents()), default=99)

    def draw_rule(self) -> bool:
        """Does this rule set restrict drawing (e.g. a 'meld if you can' rule)?"""
        return type(self.variant).draw_problems is not Variant.draw_problems

    # -- building and checking moves ------------------------------------------------------------
    def board_for(self, sets: Sequence[Sequence[int]]) -> Board:
        return layout(self.board, sets, self.width)

    def legal(self, board: Board) -> bool:
        return not analyse(self.variant, self.start, board).problems

    def try_sets(self, sets: Sequence[Sequence[int]] | None) -> Board | None:
        """The board for a whole-table arrangement, if it plays something and is legal."""
        if not sets:
            return None
        placed = [t for s in sets for t in s if t in self.rack_set]
        if not placed:
            return None
        key = tuple(sorted(tuple(sorted(s)) for s in sets))
        if key in self.tried:
            return None
        self.tried.add(key)
        board = self.board_for(sets)
        return board if self.legal(board) else None

    # -- the finder, with the variant's rules -----------------------------------------------------
    def initial_meld(self, rack: Iterable[int], use_jokers: bool = True) -> Result | None:
        try:
            return solve_initial(list(rack), self.variant.initial_meld_points(), time_budget=self.left(0.5),
                                 use_rack_jokers=use_jokers)
        except SolverError:
            return None

    def arrangements(self, rack: Iterable[int], max_disturbed: int | None = None, use_jokers: bool = True,
                     objective: str = "tiles") -> Iterator[list[list[int]]]:
        """Whole-table arrangements placing tiles of ``rack``, best first, each simpler than the
        last: the finder's best; with the table's joker sets kept together (joker rules); without
        rack jokers (hand-joker rules); extensions only; new sets from the rack only."""
        rack = [t for t in rack]
        if not rack:
            return
        jokers_in_rack = any(t >= 104 for t in rack)
        tries = [dict(max_disturbed=max_disturbed, keep=(), use_rack_jokers=use_jokers)]
        if self.joker_sets:
            tries.append(dict(max_disturbed=max_disturbed, keep=tuple(self.joker_sets), use_rack_jokers=use_jokers))
        if jokers_in_rack and use_jokers:
            tries.append(dict(max_disturbed=max_disturbed, keep=tuple(self.joker_sets), use_rack_jokers=False))
        if max_disturbed != 0:
            tries.append(dict(max_disturbed=0, keep=(), use_rack_jokers=False))
        for k, opts in enumerate(tries):
            res = self.solve(rack, objective, 0.5 if k == 0 else 0.3, **opts)
            if res is not None and res.tiles_placed:
                yield res.sets
        new = self.rack_only_sets([t for t in rack if t < 104])
        if new:
            yield self.sets + new

    def solve(self, rack: list[int], objective: str, share: float, **opts) -> Result | None:
        """The finder on the whole table (remembered for the rest of the turn)."""
        key = (tuple(sorted(rack)), objective, opts["max_disturbed"], tuple(opts["keep"]), opts["use_rack_jokers"])
        if key not in self.cache:
            try:
                self.cache[key] = solve(self.sets, rack, objective=objective, time_budget=self.left(share), **opts)
            except SolverError:
                self.cache[key] = None
        return self.cache[key]

    def rack_only_sets(self, rack: Iterable[int]) -> list[list[int]]:
        try:
            res = solve_initial(list(rack), 1, time_budget=self.left(0.3))
        except SolverError:
            return []
        return res.sets if res else []

    def first_legal(self, candidates: Iterable[Sequence[Sequence[int]] | None]) -> Board | None:
        for sets in candidates:
            board = self.try_sets(sets)
            if board is not None:
                return board
        return None

    def meld_board(self, meld_sets: Sequence[Sequence[int]]) -> Board | None:
        return self.try_sets(self.sets + [list(s) for s in meld_sets])


def _play(board: Board | None) -> dict:
    return {"type": "play", "board": board} if board is not None else {"type": "draw"}


# ---------------------------------------------------------------------------------------------


class ComputerPlayer:
    """Shared shape of the levels: ``choose(view) -> action``."""

    level = ""
    budget = 0.6  # seconds of thinking per turn, at most (roughly)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.last_error: str | None = None

    @property
    def name(self) -> str:
        return profile(self.level)["name"]

    @property
    def face(self) -> dict:
        return profile(self.level)["face"]

    def choose(self, view) -> dict:
        try:
            if view.variant.crossword:
                return self.crossword(view)
            turn = _Turn(view, self.budget)
            board = self.plan(turn) if turn.melded else self.plan_initial(turn)
            return _play(board)
        except Exception as exc:  # a computer player must never crash a game: it draws instead
            self.last_error = f"{type(exc).__name__}: {exc}"
            return {"type": "draw"}

    def crossword(self, view) -> dict:
        try:
            module = importlib.import_module(".crossword", __package__)
        except ImportError:
            return {"type": "draw"}
        return module.choose(view, self.level)

    # -- to override --------------------------------------------------------------------------
    def plan_initial(self, turn: _Turn) -> Board | None:
        res = turn.initial_meld(turn.rack)
        if res is None:
            return None
        board = turn.meld_board(res.sets)
        if board is None and any(t >= 104 for t in res.placed):
            res = turn.initial_meld(turn.rack, use_jokers=False)
            board = turn.meld_board(res.sets) if res else None
        return board

    def plan(self, turn: _Turn) -> Board | None:
        return turn.first_legal(turn.arrangements(turn.rack))


class GreedyMaxPlayer(ComputerPlayer):
    """Baseline: every turn, the most tiles the finder allows (ties: most points)."""

    level = "greedy-max"


class MediumPlayer(ComputerPlayer):
    """Greedy with simple moves: extensions, new sets and breaking up one table set."""

    level = "medium"
    budget = 0.5

    def plan(self, turn: _Turn) -> Board | None:
        return turn.first_legal(turn.arrangements(turn.rack, max_disturbed=1))


class EasyPlayer(ComputerPlayer):
    """Sets from its rack and simple extensions; overlooks some tiles; shy with jokers."""

    level = "easy"
    budget = 0.3
    notice = 0.75  # chance of noticing each tile on a turn
    joker_shyness = 0.6  # chance of keeping a joker out of its plans
    daydream = 0.08  # chance of simply drawing

    def _noticed(self, turn: _Turn) -> list[int]:
        seen = [t for t in turn.rack if (t >= 104 and self.rng.random() >= self.joker_shyness)
                or (t < 104 and self.rng.random() < self.notice)]
        return seen

    def plan_initial(self, turn: _Turn) -> Board | None:
        if self.rng.random() < self.daydream:
            return None
        res = turn.initial_meld(self._noticed(turn))
        return turn.meld_board(res.sets) if res else None

    def plan(self, turn: _Turn) -> Board | None:
        if self.rng.random() < self.daydream:
            return None
        seen = self._noticed(turn)
        return turn.first_legal(turn.arrangements(seen, max_disturbed=0))


class HardPlayer(ComputerPlayer):
    """The finder plus strategy (see the module doc)."""

    level = "hard"
    budget = 0.7
    close = 5  # an opponent with this many tiles or fewer may go out soon: play everything
    low_pool = 4  # with this few tiles left in the pool, play everything too
    small_meld = True  # open with the fewest tiles that reach the threshold
    hold = True  # keep complete rack sets in reserve for turns with nothing else to play
    joker_naturals = 2  # a joker is played when it brings at least this many numbered tiles
    reserve_first = "small"  # which reserve set to play when needed: "small" or "big"
    hold_mode = "subtract"  # "subtract": hold the rack-only sets of the best play; "split": hold first, then play

    def urgent(self, turn: _Turn) -> bool:
        return turn.closest_opponent() <= self.close or turn.view.pool_size <= self.low_pool or turn.draw_rule()

    def plan_initial(self, turn: _Turn) -> Board | None:
        need = turn.variant.initial_meld_points()
        full = turn.initial_meld([t for t in turn.rack if t < 104])  # keep the jokers if possible
        if full is None:
            full = turn.initial_meld(turn.rack)
            if full is None:
                return None
        if not self.small_meld or self.urgent(turn) or len(full.placed) == len(turn.rack):
            return turn.meld_board(full.sets) or super().plan_initial(turn)
        # a small meld: the fewest tiles reaching the threshold, the rest stays in reserve
        small = _smallest_meld(full.sets, need)
        return turn.meld_board(small) or turn.meld_board(full.sets) or super().plan_initial(turn)

    def plan(self, turn: _Turn) -> Board | None:
        rack = turn.rack
        best = next(turn.arrangements(rack), None)  # what greedy-max would play
        if best is not None:
            placed = sum(1 for s in best for t in s if t in turn.rack_set)
            if placed == len(rack):  # going out
                board = turn.try_sets(best)
                if board is not None:
                    return board
        if self.urgent(turn) or not self.hold:
            if best is not None and not self.urgent(turn):
                placed = [t for s in best for t in s if t in turn.rack_set]
                if any(t >= 104 for t in placed) and sum(1 for t in placed if t < 104) < self.joker_naturals:
                    return turn.first_legal(turn.arrangements([t for t in rack if t < 104], use_jokers=False))
            return turn.first_legal(_chain([best], turn.arrangements(rack)))
        naturals = [t for t in rack if t < 104]
        if self.hold_mode == "subtract":
            board = self.subtract_plan(turn, naturals)
            if board is not None:
                return board
            if best is not None:
                placed = [t for s in best for t in s if t in turn.rack_set]
                if sum(1 for t in placed if t < 104) >= self.joker_naturals:
                    return turn.first_legal(_chain([best], turn.arrangements(rack)))
            return None
        reserve = turn.rack_only_sets(naturals)
        held = {t for s in reserve for t in s}
        free = [t for t in naturals if t not in held]
        # 1. table plays with the tiles outside the reserve (they may not be possible later)
        board = turn.first_legal(turn.arrangements(free, use_jokers=False)) if free else None
        if board is not None:
            return board
        # 2. otherwise one reserve set, rather than drawing
        if reserve:
            big = self.reserve_first == "big"
            for s in sorted(reserve, key=lambda s: ((-len(s) if big else len(s)), -check_set(s).value)):
                board = turn.meld_board([s])
                if board is not None:
                    return board
        # 3. the natural tiles with the table (a rearrangement may use reserve tiles too)
        board = turn.first_legal(turn.arrangements(naturals, use_jokers=False))
        if board is not None:
            return board
        # 4. a joker only when it brings at least two more tiles with it
        if best is not None:
            placed = [t for s in best for t in s if t in turn.rack_set]
            if sum(1 for t in placed if t < 104) >= self.joker_naturals:
                return turn.first_legal(_chain([best], turn.arrangements(rack)))
        return None


    def subtract_plan(self, turn: _Turn, naturals: list[int]) -> Board | None:
        """The best play without rack jokers, keeping back the sets made only of rack tiles
        (they can be played on any later turn); when nothing else is left, the smallest of them."""
        for sets in turn.arrangements(naturals, use_jokers=False):
            own = [s for s in sets if all(t in turn.rack_set for t in s)]
            mixed = [s for s in sets if not all(t in turn.rack_set for t in s)]
            if len(own) < len(sets) and any(t in turn.rack_set for s in mixed for t in s):
                board = turn.try_sets(mixed)
                if board is not None:
                    return board
            big = self.reserve_first == "big"
            for s in sorted(own, key=lambda s: ((-len(s) if big else len(s)), -check_set(s).value)):
                board = turn.try_sets(mixed + [s])
                if board is not None:
                    return board
            board = turn.try_sets(sets)
            if board is not None:
                return board
        return None


def _chain(*iterables):
    for it in iterables:
        yield from it


def _smallest_meld(sets: Sequence[Sequence[int]], need: int) -> list[list[int]]:
    """The subset of sets worth at least ``need`` with the fewest tiles (ties: most points)."""
    sets = [list(s) for s in sets]
    vals = [check_set(s).value for s in sets]
    best = None
    n = len(sets)
    for mask in range(1, 1 << n):
        chosen = [k for k in range(n) if mask >> k & 1]
        total = sum(vals[k] for k in chosen)
        if total < need:
            continue
        key = (sum(len(sets[k]) for k in chosen), -total)
        if best is None or key < best[0]:
            best = (key, chosen)
    if best is None:
        return sets
    return [sets[k] for k in best[1]]


register_player("easy", lambda seed: EasyPlayer(seed))
register_player("medium", lambda seed: MediumPlayer(seed))
register_player("hard", lambda seed: HardPlayer(seed))
register_player("greedy-max", lambda seed: GreedyMaxPlayer(seed))
