"""The computer opponents a player can pick: easy, medium, hard, and the greedy-max baseline.

Every player sees only its own seat's ``PlayerView`` and checks each move it proposes with the
rules core (``game.rules.engine.check_view``) before returning it; when a move is refused it first
tries equivalent layouts of the same sets (``relayout``: jokers in every place they can stand), then
falls back to other arrangements, the most tiles first, and finally draws.  The exact meld finder (``solver``) does the searching; the
levels differ in how much of it they use and in strategy:

* **easy** plays sets from its rack and simple extensions of table sets, never breaks a set up,
  overlooks some of its tiles each turn (the way a hurried person does) and plays jokers reluctantly;
* **medium** is greedy: the most tiles it can place with extensions and breaking up at most one
  table set per turn;
* **hard** uses the whole finder plus strategy: it keeps complete sets from its rack in reserve to
  play on turns when it would otherwise have to draw, keeps its jokers until they matter, plays a
  small initial meld, and switches to going out as fast as possible when an opponent is close to
  going out or the pool is running dry (its knobs per rule set: ``game.ai.strategy``);
* **greedy-max** (a baseline) places the most tiles the finder allows, every turn.

These play the flat table; on the crossword board (Rummi200kub) each level is the crossword
player with its profile (``game.ai.crossword``; the registry in ``game.ai.levels`` picks).
"""

from __future__ import annotations

import random
import time
from typing import Iterable, Iterator, Sequence

from ..rules import actions as act
from ..rules.board import Board
from ..rules.melds import check_line, check_set
from ..rules.engine import check_view
from ..rules.tiles import colour_index, copies, face_at, face_key, is_joker, number_of, rack_value
from ..rules.variants.base import Variant
from .levels import register_player
from .layout import layout, sets_of
from .refusals import JokerRefusals, cored_tables
from .relayout import table_readings, variants
from .retries import settled
from .solver import Result, SolverError, solve, solve_initial
from .strategy import Strategy, strategy_for
from . import weigh

PROFILES: dict[str, dict] = {
    "easy": {
        "name": "Pip",
        "blurb": "Lays what it spots; misses some chances.",
    },
    "medium": {
        "name": "Mara",
        "blurb": "Plays a lot, breaking up one set at most.",
    },
    "hard": {
        "name": "Vex",
        "blurb": "Rearranges the table, holds tiles back.",
    },
    "greedy-max": {
        "name": "Grabbit",
        "blurb": "Lays the most tiles it can; no tactics.",
    },
    "basic": {
        "name": "Basic",
        "blurb": "Lays sets from its rack, adds single tiles.",
    },
}


# hard-v1: the hard crossword player as it was before its claims became a race to 200, kept for
# comparisons in the simulator on the crossword board only (game/ai/crossword.py; frozen by
# tests/test_crossword_frozen.py)
PROFILES["hard-v1"] = dict(PROFILES["hard"], name="Vex (first edition)")


def profile(level: str) -> dict:
    """Display name and blurb for a level (its portrait is art: ``game/ui/portraits.py``)."""
    return PROFILES.get(level, {"name": level.title(), "blurb": ""})


# ---------------------------------------------------------------------------------------------


class _Turn:
    """What a player knows at the start of its turn, and helpers to try moves."""

    def __init__(self, view, budget: float) -> None:
        """``budget``: seconds of wall clock, a safety net only (see ``ComputerPlayer.budget``)."""
        self.view = view
        self.variant: Variant = view.variant
        self.rack = [int(t) for t in view.rack]
        self.rack_set = set(self.rack)
        self.board = view.board
        self.sets = sets_of(view.board)
        self.melded = bool(view.me_melded)
        self.width = self.variant.grid_width
        self.deadline = time.perf_counter() + budget
        self.joker_sets = [i for i, s in enumerate(self.sets) if any(is_joker(t) for t in s)]
        self.tried: set = set()
        self.cache: dict = {}
        self.readings: dict | None = None  # table joker -> faces it stands for (worked out when needed)
        self.refused: list[list[list[int]]] = []  # arrangements no layout made legal (read by the benchmark)
        self.refusals = JokerRefusals(view, self.rack_set)

    layouts = 48  # equivalent layouts tried for an arrangement the referee refuses as laid out
    sure_layouts = 16  # ... of which these are tried even past the safety deadline

    # -- time --------------------------------------------------------------------------------
    def left(self) -> float:
        """Seconds until the safety deadline.  Every question to the finder gets all of it, so
        the finder answers to the end (exact, and the same on a fast or a busy machine) unless
        a position is pathological: the deadline is far above what a turn takes."""
        return max(0.01, self.deadline - time.perf_counter())

    # -- facts about the game -------------------------------------------------------------------
    def opponents(self) -> list[int]:
        return [i for i in range(len(self.view.rack_sizes)) if i != self.view.seat]

    def closest_opponent(self) -> int:
        return min((self.view.rack_sizes[i] for i in self.opponents()), default=99)

    def draw_rule(self) -> bool:
        """Does this rule set restrict drawing (e.g. a 'meld if you can' rule)?"""
        return type(self.variant).draw_problems is not Variant.draw_problems

    def must_meld(self) -> bool:
        """Is the rack big enough that the rule set refuses a draw while a play exists?"""
        limit = self.variant.must_meld_at
        return limit is not None and len(self.rack) >= limit

    def rack_pressure(self, margin: int) -> bool:
        """Is the rack within ``margin`` tiles of a size the rule set punishes: a must-meld
        size, or (after this turn's draw) a hand limit that costs points?"""
        limit = self.variant.must_meld_at
        if limit is not None and len(self.rack) + margin >= limit:
            return True
        hand = self.variant.hand_limit_at(self.view.turn, len(self.view.rack_sizes))
        return hand is not None and len(self.rack) + 1 + margin > hand

    # -- building and checking moves ------------------------------------------------------------
    def board_for(self, sets: Sequence[Sequence[int]]) -> Board:
        return layout(self.board, sets, self.width)

    def legal(self, board: Board) -> bool:
        return not check_view(self.view, board).problems

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
        board = self.legal_board(sets)
        if board is not None:
            return board
        if not any(is_joker(t) for s in sets for t in s):
            self.refused.append([list(s) for s in sets])
            return None  # only the jokers' places can change a verdict on the same sets
        fixed = self.repair_jokers(sets)
        if fixed is not None:
            board = self.legal_board(fixed)
            if board is not None:
                return board
        if self.readings is None:
            self.readings = table_readings(self.board)
        for k, other in enumerate(variants(sets, self.readings, limit=self.layouts)):
            if k >= self.sure_layouts and time.perf_counter() > self.deadline:
                break  # past the safety deadline (after the likeliest layouts): the fallbacks are cheaper
            board = self.legal_board(other)
            if board is not None:
                return board
        self.refused.append([list(s) for s in sets])
        return None

    def legal_board(self, sets: Sequence[Sequence[int]]) -> Board | None:
        """The board for ``sets`` if the referee accepts it (not laid out when the joker rules
        refuse it however it is laid out: ``refusals``)."""
        if self.refusals.sure(sets):
            return None
        board = self.board_for(sets)
        return board if self.legal(board) else None

    def repair_jokers(self, sets: Sequence[Sequence[int]]) -> list[list[int]] | None:
        """A table joker moved into a set without any rack tile breaks the freed-joker rule of
        most rule sets.  Swap it with a numbered tile of its face from a set holding rack tiles
        (both sets stay valid; the joker then lies beside rack tiles).  None if nothing changed."""
        table_jokers = [t for t in self.board.tiles() if is_joker(t)]
        if not any(j in s and not any(t in self.rack_set for t in s) for j in table_jokers for s in sets):
            return None  # every table joker lies beside rack tiles already (or is missing)
        sets = [list(ln.tiles) for ln in self.board_for(sets).lines()]
        changed = False
        for j in table_jokers:
            home = next((s for s in sets if j in s), None)
            if home is None or any(t in self.rack_set for t in home):
                continue
            meld = check_line(home)
            if not meld:
                continue
            roles = set(meld.roles[home.index(j)])
            done = False
            for other in sets:
                if other is home or not any(t in self.rack_set for t in other):
                    continue
                for k, x in enumerate(other):
                    if is_joker(x) or face_key(x) not in roles:
                        continue
                    a = [x if t == j else t for t in home]
                    b = list(other)
                    b[k] = j
                    if check_line(a) and check_line(b):
                        home[:] = a
                        other[:] = b
                        changed = done = True
                        break
                if done:
                    break
        return sets if changed else None

    # -- the finder, with the variant's rules -----------------------------------------------------
    def initial_meld(self, rack: Iterable[int], use_jokers: bool = True) -> Result | None:
        try:
            return solve_initial(list(rack), self.variant.initial_meld_points(), time_budget=self.left(),
                                 use_rack_jokers=use_jokers)
        except SolverError:
            return None

    def arrangements(self, rack: Iterable[int], max_disturbed: int | None = None, use_jokers: bool = True,
                     objective: str = "tiles", weights: tuple | None = None,
                     first_nodes: int | None = None) -> Iterator[list[list[int]]]:
        """Whole-table arrangements placing tiles of ``rack``, best first, each simpler than the
        last: the finder's best (with the sets of jokers the rack cannot win back kept together,
        ``JokerRefusals.locked``); with the table's joker sets kept together (joker rules); without
        rack jokers (hand-joker rules); extensions only; new sets from the rack only.
        ``first_nodes``: a limit on the finder's work for its first answer while a joker it may
        move lies on the table (the answers with joker sets kept together stay exact)."""
        rack = [t for t in rack]
        if not rack:
            return
        jokers_in_rack = any(is_joker(t) for t in rack)
        # joker sets the rack cannot win a joker from (where the rule set's knobs say so)
        locked = self.refusals.locked(self.sets, rack) if strategy_for(self.variant).lock_jokers else ()
        tries = [dict(max_disturbed=max_disturbed, keep=locked, use_rack_jokers=use_jokers,
                      node_budget=first_nodes if len(locked) < len(self.joker_sets) else None)]
        if len(self.joker_sets) > 1:  # free one joker set at a time (a freed joker needs rack tiles with it)
            for free in self.joker_sets:
                keep = tuple(k for k in self.joker_sets if k != free)
                tries.append(dict(max_disturbed=max_disturbed, keep=keep, use_rack_jokers=use_jokers))
        if self.joker_sets:
            tries.append(dict(max_disturbed=max_disturbed, keep=tuple(self.joker_sets), use_rack_jokers=use_jokers))
        if jokers_in_rack and use_jokers:
            tries.append(dict(max_disturbed=max_disturbed, keep=tuple(self.joker_sets), use_rack_jokers=False))
        if max_disturbed != 0:
            tries.append(dict(max_disturbed=0, keep=(), use_rack_jokers=False))
        if jokers_in_rack and use_jokers and self.joker_sets:
            tries.append(dict(max_disturbed=max_disturbed, keep=(), use_rack_jokers=False))
        if locked and max_disturbed is None:
            first = self.cored(rack, objective, weights, locked, use_jokers)
        else:
            first = self.solve(rack, objective, tie_weights=weights, **tries[0])
        if first is not None and first.tiles_placed:
            yield first.sets
        elif first is not None and first.optimal:
            # Proved: nothing of the rack can be laid.  Every answer below is the same question
            # with more constraints (and the rack-only sets too), so none would lay anything.
            return
        # The finder's best was refused: the others, the most tiles first (their order above
        # only breaks ties), so a constraint that costs nothing is never passed over.
        # Each of them asks the first question with more constraints, so when the first answer
        # is proved the most tiles, none places more: one that places as many comes first of
        # those not yet worked out, and is offered at once (the same order, fewer searches).
        # Each retry asks a question with more constraints than some before it (``retries.narrower``), so
        # it places no more tiles than their exact answers: a retry's answer is offered as soon
        # as no retry still to work out could place more (or as many, coming before it).  Only
        # for the exact finder (``max_disturbed`` None) and the tiles objective.
        exact = objective == "tiles" and max_disturbed is None
        done: list = [(tries[0], first.tiles_placed if first is not None and first.optimal and not locked else None)]
        rest = []
        for k, opts in enumerate(tries[1:]):
            res = self.solve(rack, objective, tie_weights=weights, **opts)
            done.append((opts, res.tiles_placed if res is not None and res.optimal else None))
            if res is not None and res.tiles_placed:
                rest.append((-res.tiles_placed, k, res.sets))
            if exact:
                while rest:
                    best = min(rest, key=lambda r: r[:2])
                    if not all(settled(best, j, opts_j, done) for j, opts_j in enumerate(tries[1:]) if j > k):
                        break
                    rest.remove(best)
                    yield best[2]
        for _, _, sets in sorted(rest, key=lambda r: r[:2]):
            yield sets
        new = self.rack_only_sets([t for t in rack if not is_joker(t)])
        if new:
            yield self.sets + new

    def cored(self, rack: list[int], objective: str, weights: tuple | None, locked: tuple[int, ...],
              use_jokers: bool) -> Result | None:
        """The answer placing the most tiles with each locked joker kept beside two of its partners,
        one question for each choice of windows (``refusals.cored_tables``)."""
        best = None
        for table, keep in cored_tables(self.sets, locked):
            res = self.solve(rack, objective, table=table, max_disturbed=None, keep=keep,
                             use_rack_jokers=use_jokers, tie_weights=weights)
            if res is not None and (best is None or res.tiles_placed > best.tiles_placed):
                best = res
        return best

    def solve(self, rack: list[int], objective: str, table: list[list[int]] | None = None, **opts) -> Result | None:
        """The finder on the whole table, or on ``table`` (the same tiles cut into other sets);
        remembered for the rest of the turn."""
        key = (tuple(sorted(rack)), objective, opts["max_disturbed"], tuple(opts["keep"]), opts["use_rack_jokers"],
               opts.get("tie_weights"), opts.get("node_budget"), None if table is None else tuple(map(tuple, table)))
        if key not in self.cache:
            try:
                self.cache[key] = solve(self.sets if table is None else table, rack, objective=objective,
                                        time_budget=self.left(), **opts)
            except SolverError:
                self.cache[key] = None
        return self.cache[key]

    def isolation_weights(self) -> tuple:
        """Per face: how hard a tile of that face would be to place later (0..30), judged from
        the partners it has on the rack and how many of its neighbours are still unseen."""
        mine = [0] * 52
        seen = [0] * 52
        for t in self.rack:
            if not is_joker(t):
                mine[face_key(t)] += 1
                seen[face_key(t)] += 1
        for t in self.board.tiles():
            if not is_joker(t):
                seen[face_key(t)] += 1
        out = []
        for f in range(52):
            first = copies(f)[0]
            c, n = colour_index(first), number_of(first) - 1
            pot = 0.0
            for d, wt in ((1, 2.0), (2, 1.0)):
                for m in (n - d, n + d):
                    if 0 <= m < 13:
                        g = face_at(c, m + 1)
                        pot += wt * (mine[g] > 0) + 0.25 * wt * max(0, 2 - seen[g])
            for c2 in range(4):
                if c2 != c:
                    g = face_at(c2, n + 1)
                    pot += 1.5 * (mine[g] > 0) + 0.4 * max(0, 2 - seen[g])
            out.append(max(0, min(30, int(round(30 - 3 * pot)))))
        return tuple(out)

    def rack_only_sets(self, rack: Iterable[int]) -> list[list[int]]:
        try:
            res = solve_initial(list(rack), 1, time_budget=self.left())
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


def _play(board: Board | None) -> act.Play | act.Draw:
    return act.Play(board) if board is not None else act.Draw()


# ---------------------------------------------------------------------------------------------


class ComputerPlayer:
    """Shared shape of the levels: ``choose(view) -> Action``.  An exception is not caught
    here: the one who asked decides (``game.play.computer``: a draw in a person's game, a
    counted error in the simulator and a failure in the tests)."""

    level = ""
    # Seconds of wall clock a turn may take, at most: a safety net, not a think-time setting.  A
    # turn takes a few milliseconds of processor time, rarely more than 150, so on any machine
    # short of many times slower than this one the deadline is never reached and the move
    # depends only on the position and the seed (never on the machine's speed or load).
    budget = 1.5

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.last_turn: _Turn | None = None  # the last decision's working (the benchmarks read it)

    @property
    def name(self) -> str:
        return profile(self.level)["name"]

    def choose(self, view) -> act.Play | act.Draw:
        turn = _Turn(view, self.budget)
        self.last_turn = turn
        board = self.plan(turn) if turn.melded else self.plan_initial(turn)
        if board is None:
            # the rule set may want a play rather than a draw (a must-play rule, a hand limit)
            board = turn.variant.play_instead_of_draw(view)
        return _play(board)

    # -- to override --------------------------------------------------------------------------
    def plan_initial(self, turn: _Turn) -> Board | None:
        res = turn.initial_meld(turn.rack)
        if res is None:
            return None
        board = turn.meld_board(res.sets)
        if board is None and any(is_joker(t) for t in res.placed):
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

    def plan(self, turn: _Turn) -> Board | None:
        return turn.first_legal(turn.arrangements(turn.rack, max_disturbed=1))


class EasyPlayer(ComputerPlayer):
    """Sets from its rack and simple extensions; overlooks some tiles; shy with jokers."""

    level = "easy"
    notice = 0.5  # chance of noticing each tile on a turn
    joker_shyness = 0.6  # chance of keeping a joker out of its plans
    daydream = 0.15  # chance of simply drawing

    def _noticed(self, turn: _Turn) -> list[int]:
        seen = [t for t in turn.rack if (is_joker(t) and self.rng.random() >= self.joker_shyness)
                or (not is_joker(t) and self.rng.random() < self.notice)]
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
    """The finder plus strategy (see the module doc).  The knobs are per rule set, in
    ``game.ai.strategy.STRATEGIES``."""

    level = "hard"

    @staticmethod
    def knobs(turn: _Turn) -> Strategy:
        return strategy_for(turn.variant)

    def denying(self, turn: _Turn) -> bool:
        """Feed nothing to an opponent about to go out: every tile laid gives them more to work
        with.  Not when the pool is empty (a draw would be a pass), not where the rule set
        refuses the draw (a must-meld rack), only where the rule set's knobs deny at all, and,
        where rack points score, only while the rack holds few of them."""
        k = self.knobs(turn)
        return (bool(k.deny) and not k.weigh and turn.closest_opponent() <= k.deny and turn.view.pool_size > 0 and not turn.must_meld()
                and (k.deny_points is None or rack_value(turn.rack) <= k.deny_points))

    @staticmethod
    def points_race(turn: _Turn) -> bool:
        """A race to a points target (Rummy Q): every point left on a rack when a round ends
        goes to the winner, so nothing is kept back (sets, jokers) and nothing is denied."""
        return turn.variant.score_target() is not None

    def urgent(self, turn: _Turn) -> bool:
        k = self.knobs(turn)
        return (k.always_urgent or turn.closest_opponent() <= k.close or turn.view.pool_size <= k.low_pool
                or turn.rack_pressure(k.rack_margin))

    def plan_initial(self, turn: _Turn) -> Board | None:
        need = turn.variant.initial_meld_points()
        full = turn.initial_meld([t for t in turn.rack if not is_joker(t)])  # keep the jokers if possible
        if full is None:
            full = turn.initial_meld(turn.rack)
            if full is None:
                return None
        if not self.knobs(turn).small_meld or self.urgent(turn) or len(full.placed) == len(turn.rack):
            return turn.meld_board(full.sets) or super().plan_initial(turn)
        small = _smallest_meld(full.sets, need)  # the rest stays in reserve
        return turn.meld_board(small) or turn.meld_board(full.sets) or super().plan_initial(turn)

    def plan(self, turn: _Turn) -> Board | None:
        """Hard's own play; once an opponent is close (where the knobs say so) weighed against a
        draw (``game.ai.weigh``)."""
        board = self.own_play(turn)
        k = self.knobs(turn)
        if not k.weigh or board is None or set(turn.rack) <= set(board.tiles()):
            return board  # nothing to weigh, a draw already, or going out
        return weigh.choose(turn, board, k, self.rng)

    def own_play(self, turn: _Turn) -> Board | None:
        k = self.knobs(turn)
        rack = turn.rack
        urgent = self.urgent(turn)
        tie = k.urgent_tie if urgent else k.tie
        weights = turn.isolation_weights() if tie == "isolation" else None
        # 1. go out whenever possible
        nodes = k.joker_nodes if turn.variant.joker_exact_replacement else None
        best = next(turn.arrangements(rack, weights=weights, first_nodes=nodes), None)
        if best is not None and sum(1 for s in best for t in s if t in turn.rack_set) == len(rack):
            board = turn.try_sets(best)
            if board is not None:
                return board
        if self.denying(turn):
            return None
        naturals = [t for t in rack if not is_joker(t)]
        jokers_now = (len(naturals) == len(rack) or k.joker_use == "free" or (urgent and k.joker_use == "urgent"))
        tiles = rack if jokers_now else naturals
        plays = turn.arrangements(tiles, use_jokers=jokers_now, weights=weights, first_nodes=nodes)
        if urgent or not k.hold:
            return turn.first_legal(plays)
        # 2. keep back the sets made only of rack tiles; play the rest
        for sets in plays:
            own = [x for x in sets if all(t in turn.rack_set for t in x)]
            mixed = [x for x in sets if not all(t in turn.rack_set for t in x)]
            mixed += _over_cap(own, rack, mixed, k.hold_points)
            own = [x for x in own if x not in mixed]
            board = turn.try_sets(mixed)
            if board is not None:
                return board
            # 3. nothing else to play: one kept set rather than a draw
            big = k.reserve_first == "big"
            for x in sorted(own, key=lambda x: ((-len(x) if big else len(x)), -check_set(x).value)):
                board = turn.try_sets(mixed + [x])
                if board is not None:
                    return board
            board = turn.try_sets(sets)
            if board is not None:
                return board
        return None


def _over_cap(own: list[list[int]], rack: Sequence[int], played: list[list[int]], cap: int | None) -> list[list[int]]:
    """The kept sets to play after all so that the points left on the rack stay within
    ``cap`` (the highest-valued sets first); none when there is no cap."""
    if cap is None:
        return []
    gone = {t for x in played for t in x}
    left = rack_value([t for t in rack if t not in gone])
    out = []
    for x in sorted(own, key=lambda x: -rack_value(x)):
        if left <= cap:
            break
        out.append(x)
        left -= rack_value(x)
    return out


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
