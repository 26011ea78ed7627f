"""A hint for the play screen: the move the finder would make for the current player.

``hint(view, time_budget=0.3)`` returns ``{"board": Board, "tiles": [rack tile ids to play]}``,
or None when there is no legal play (then drawing is the move).  The board is laid out so that
as few tiles as possible move, and it has been checked by the rules core.  Crossword rule sets
ask ``game.ai.crossword.hint`` when that module provides one.
"""

from __future__ import annotations

import importlib
import time

from .players import GreedyMaxPlayer, _Turn


def hint(view, time_budget: float = 0.3) -> dict | None:
    if view.variant.crossword:
        try:
            module = importlib.import_module(".crossword", __package__)
        except ImportError:
            return None
        fn = getattr(module, "hint", None)
        return fn(view, time_budget) if fn else None
    player = GreedyMaxPlayer()
    turn = _Turn(view, max(0.02, float(time_budget)))
    board = player.plan(turn) if turn.melded else player.plan_initial(turn)
    if board is None:
        return None
    before = set(view.board.tiles())
    tiles = [t for t in board.tiles() if t not in before]
    return {"board": board, "tiles": sorted(tiles)}
