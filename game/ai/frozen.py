"""Frozen levels kept for comparison in the simulator: ``hard-v1`` is the hard player as it
was before the crossword player learnt to rearrange (and before hard's think time was
capped at 0.18 s): the same flat-table play with a 0.7 s budget, and the crossword player
that never moves a table tile."""

from __future__ import annotations

from .levels import register_player
from .players import PROFILES, HardPlayer

PROFILES["hard-v1"] = dict(PROFILES["hard"], name="Vex (first edition)")


class HardV1Player(HardPlayer):
    level = "hard-v1"
    budget = 0.7


register_player("hard-v1", lambda seed: HardV1Player(seed))
