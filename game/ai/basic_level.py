"""Level 'basic': the simple flat-table player (``game/ai/basic.py``), and on crossword rule
sets (Rummi200kub) the crossword player with the basic profile (``game/ai/crossword.py``).
Neither of the two knows the other: this level picks by the rule set."""

from __future__ import annotations

from .basic import BasicPlayer


class BasicLevel:
    """``choose(view) -> action`` for level 'basic' (one random generator for both boards)."""

    name = "basic"

    def __init__(self, seed: int = 0) -> None:
        self.flat = BasicPlayer(seed)
        self.rng = self.flat.rng

    def choose(self, view) -> dict:
        if view.variant.crossword:
            from .crossword import choose as crossword_choose

            return crossword_choose(view, "basic", self.rng)
        return self.flat.choose(view)
