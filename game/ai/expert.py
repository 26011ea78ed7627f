"""Expert: the hard player's plays, weighed against what the opponents could answer.

It plays hard's knobs with its own changes per rule set (``game.ai.sage``): in classic it denies
earlier than hard (once an opponent holds 9 tiles or fewer and it cannot go out, it draws, feeding
that opponent nothing; hard: 5), in Rummibug it denies outright where hard weighs.  In heads-up
classic against hard the denial, not the look-ahead, is what wins (docs/ai.md, "Expert").

Once an opponent is close to going out (the ``sage_from`` knob: 9 tiles or fewer; 0: never) the
expert lists a few candidate moves: hard's own choice, the most numbered tiles the finder allows,
and a draw (where drawing is allowed).  It
then deals the tiles it cannot see (the pool and the other racks: every tile that is not
on its rack nor on the table, shared out by the rack sizes it sees) into a fixed number of
sampled worlds.  In each world and for each candidate it lets every melded opponent
answer with the most tiles the finder allows on the table the candidate leaves, and then
looks at its own next turn on the table that answer leaves.  A candidate is worth

    tiles it places + KEEP x tiles of sets it still holds on its rack
    - OPP x the tiles an opponent then places - OUT x the chance an opponent goes out
    + NEXT x the tiles it places on its own next turn

averaged over the worlds; it leaves hard's choice only for a candidate worth ``MARGIN``
more.  With the rule set's ``lookahead`` knob above 0 (off by default, not yet measured) it
instead weighs a few candidate turns, once an opponent holds ``sage_from`` tiles or fewer, by
short rollouts of every seat on sampled worlds (``look_ahead``; ``game.ai.lookahead``).
Weighing every turn that way lost 15 of 16 games to hard in classic (docs/ai-tuning.md).  Only its own ``PlayerView`` is read; the worlds come from a
random generator seeded by the player's seed, so a seed gives the same move.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..rules.board import Board
from ..rules.tiles import is_joker
from .levels import register_player
from .layout import sets_of
from .players import PROFILES, HardPlayer, _Turn
from .sage import sage_strategy
from .strategy import Strategy
from .solver import SolverError, solve, solve_initial
from . import lookahead, weigh

PROFILES["expert"] = {
    "name": "Sage",
    "blurb": "Like Hard; blocks sooner, weighs your replies.",
}


class ExpertPlayer(HardPlayer):
    level = "expert"
    worlds = 5  # sampled deals of the unseen tiles per decision
    MARGIN = 1.0  # another candidate must beat hard's own choice by this much
    reply_nodes = 800  # the finder's work per sampled answer (about 20 ms on this machine, the same on any)
    KEEP = 0.6
    OPP = 0.8
    OUT = 12.0
    NEXT = 0.4

    @staticmethod
    def knobs(turn: _Turn) -> Strategy:
        """Hard's knobs with Sage's own changes for the rule set (``game.ai.sage``)."""
        return sage_strategy(turn.variant)

    def plan(self, turn: _Turn) -> Board | None:
        k = self.knobs(turn)
        if k.lookahead and turn.closest_opponent() <= k.sage_from:
            return self.look_ahead(turn, k)
        hard_board = super().plan(turn)
        if hard_board is None or self._placed(turn, hard_board) == len(turn.rack):
            return hard_board  # going out, or a draw (denial, or nothing to play): nothing to weigh
        opponents = [i for i in turn.opponents() if turn.view.melded[i] and turn.view.rack_sizes[i] > 0]
        if not opponents or turn.closest_opponent() > k.sage_from:
            return hard_board
        cands: list[Board | None] = [hard_board]
        turn.tried.clear()  # the finder's best again, even where hard already looked at it
        # the most tiles, but with hard's joker policy: jokers kept for going out are worth more
        # than the tile they would place now (a greedy candidate spending them lost games)
        naturals = [t for t in turn.rack if not is_joker(t)]
        greedy = turn.first_legal(turn.arrangements(naturals, use_jokers=False)) if naturals else None
        cands.append(greedy)
        if turn.view.pool_size > 0 and not turn.draw_rule() and not turn.variant.lower_score_wins \
                and not self.points_race(turn):
            cands.append(None)  # a draw that feeds the opponents nothing
        unique = _unique(cands)
        if len(unique) == 1:
            return unique[0]
        worlds = self._worlds(turn, opponents)
        base = self._value(turn, unique[0], worlds, opponents)
        best = (base + self.MARGIN, unique[0])
        for board in unique[1:]:
            value = self._value(turn, board, worlds, opponents)
            if value > best[0] + 1e-9:
                best = (value, board)
        return best[1]

    def look_ahead(self, turn: _Turn, k: Strategy) -> Board | None:
        """With the ``lookahead`` knob on: hard's choice, the most tiles the finder places (with and
        without rack jokers), the most without breaking up table sets, and a draw where one is
        allowed, weighed by rollouts on ``k.lookahead`` sampled worlds (``game.ai.lookahead``)."""
        hard_board = super().plan(turn)
        if hard_board is not None and self._placed(turn, hard_board) == len(turn.rack):
            return hard_board  # going out: nothing to weigh
        cands: list[Board | None] = [hard_board]
        naturals = [t for t in turn.rack if not is_joker(t)]
        for rack, opts in ((turn.rack, {}), (naturals, {"use_jokers": False}), (turn.rack, {"max_disturbed": 0})):
            turn.tried.clear()  # the finder's answers again, even where hard already looked at them
            board = turn.first_legal(turn.arrangements(rack, **opts)) if rack else None
            if board is not None:
                cands.append(board)
        if weigh.can_draw(turn):
            cands.append(None)
        unique = _unique(cands)
        if len(unique) == 1:
            return unique[0]
        return lookahead.choose(turn.view, unique, k.lookahead, k.lookahead_plies, random.Random(self.rng.random()))

    # -- the worlds ---------------------------------------------------------------------------
    def _worlds(self, turn: _Turn, opponents: Sequence[int]) -> list[dict[int, list[int]]]:
        return weigh.sample_racks(turn, opponents, self.worlds, random.Random(self.rng.random()))

    @staticmethod
    def _placed(turn: _Turn, board: Board | None) -> int:
        if board is None:
            return 0
        return sum(1 for t in board.tiles() if t in turn.rack_set)

    def _value(self, turn: _Turn, board: Board | None, worlds, opponents) -> float:
        placed = self._placed(turn, board)
        table = turn.sets if board is None else sets_of(board)
        on_table = set() if board is None else set(board.tiles())
        rest = [t for t in turn.rack if t not in on_table]
        kept = 0
        if rest:
            try:
                res = solve_initial(rest, 1, node_budget=self.reply_nodes)
                kept = res.tiles_placed if res else 0
            except SolverError:
                kept = 0
        value = placed + self.KEEP * kept - (1.0 if board is None else 0.0)
        total = 0.0
        for deal in worlds:
            after = table
            for i in opponents:
                rack = deal[i]
                if not rack:
                    continue
                try:
                    res = solve(after, rack, node_budget=self.reply_nodes)
                except SolverError:
                    continue
                total -= self.OPP * res.tiles_placed
                if res.tiles_placed == len(rack):
                    total -= self.OUT
                if res.tiles_placed:
                    after = res.sets
            if rest and self.NEXT:
                try:
                    mine = solve(after, rest, node_budget=self.reply_nodes)
                    total += self.NEXT * mine.tiles_placed
                except SolverError:
                    pass
        return value + total / max(1, len(worlds))


def _unique(boards: Sequence[Board | None]) -> list[Board | None]:
    """``boards`` without repeats (None, a draw, counts once), in their order."""
    out: list[Board | None] = []
    keys = set()
    for b in boards:
        key = None if b is None else frozenset(b.cells.items())
        if key not in keys:
            keys.add(key)
            out.append(b)
    return out


register_player("expert", lambda seed: ExpertPlayer(seed))
