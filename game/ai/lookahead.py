"""Sage's look-ahead: candidate turns weighed by short rollouts on sampled worlds.

Off unless the rule set's ``Strategy.lookahead`` is above 0 (the simulator's ``--knob
lookahead=N``): the default game does not change until its strength has been measured
(docs/ai-tuning.md, "Sage's look-ahead by rollouts").

For each of ``lookahead`` worlds (``sampled.sample_state``: the unseen tiles dealt into the other
racks and the pool, consistent with the seat's view and nothing else; *stuck* deals, as
``weigh``'s: each other rack holds at most one tile that fits the table as it stands), every candidate turn is
played on a copy of the world and followed by ``lookahead_plies`` turns of every seat with the
rollout's cheap policy (``sampled.reply``: the most tiles within a node budget, else a draw).
A world's ending is worth, from the seat that looks,

    (the closest other rack's tiles - its own tiles) - POINTS x its own rack points
    + OUT if it went out, - OUT if another seat did

averaged over the worlds; a candidate refused in a world (a draw the rule set forbids there)
is not weighed.  Hard's own choice keeps its place unless another beats it by ``MARGIN``.  The
work is counted in worlds, plies and finder nodes, never in seconds.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..rules.board import Board
from ..rules.view import PlayerView
from .layout import sets_of
from .sampled import Outcome, rollout, sample_state
from . import weigh

POINTS = 0.1  # a rack point, in tiles (a tie-break in classic; the score where points count)
OUT = 10.0  # going out (or another seat going out), in tiles
MARGIN = 0.5  # another candidate must beat hard's own choice by this much


def worth(outcome: Outcome) -> float:
    """A rollout's ending from the looking seat (the module doc's formula)."""
    lead = min(outcome.other_tiles, default=0) - outcome.tiles
    value = lead - POINTS * outcome.points
    if outcome.out is not None:
        value += OUT if outcome.tiles == 0 else -OUT
    return value


def weigh_candidates(view: PlayerView, candidates: Sequence[Board | None], worlds: int, plies: int,
                     rng: random.Random) -> list[float | None]:
    """Each candidate's mean worth over ``worlds`` sampled worlds (None: refused in every world)."""
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    fitting = weigh.extending_faces(sets_of(view.board))
    for _ in range(worlds):
        deal = stuck_deal(view, fitting, rng)
        for k, board in enumerate(candidates):
            outcome = rollout(sample_state(view, random.Random(deal)), view.seat, board, plies)
            if outcome is not None:
                totals[k] += worth(outcome)
                counts[k] += 1
    return [t / c if c else None for t, c in zip(totals, counts)]


def stuck_deal(view: PlayerView, fitting: frozenset[int], rng: random.Random) -> int:
    """The seed of a world (the same world for every candidate, dealt afresh for each) in which
    every other seat could lay at most one of its tiles on the table as it stands, by simple
    moves (``weigh``'s stuck deals: a seat that plays what it can keeps what does not fit);
    after ``weigh.STUCK_TRIES`` deals tried, the last one."""
    for _ in range(weigh.STUCK_TRIES):
        deal = rng.randrange(2**62)
        world = sample_state(view, random.Random(deal))
        if all(weigh._loose(fitting, p.rack) <= 1 for i, p in enumerate(world.players) if i != view.seat):
            break
    return deal


def choose(view: PlayerView, candidates: Sequence[Board | None], worlds: int, plies: int,
           rng: random.Random) -> Board | None:
    """The candidate worth the most (``candidates[0]``, hard's own choice, wins unless another
    beats it by ``MARGIN``; a candidate refused in every world is never chosen over it)."""
    values = weigh_candidates(view, candidates, worlds, plies, rng)
    best, best_value = candidates[0], (values[0] if values[0] is not None else float("-inf")) + MARGIN
    for board, value in zip(candidates[1:], values[1:]):
        if value is not None and value > best_value + 1e-9:
            best, best_value = board, value
    return best
