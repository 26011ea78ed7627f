"""A hint for the play screen: the move the finder would make for the current player.

``hint(view, time_budget=0.3)`` returns ``{"board": Board, "tiles": [rack tile ids to play]}``,
or None when there is no legal play (then drawing is the move).  The board is laid out so that
as few tiles as possible move, and it has been checked by the rules core.  Crossword rule sets
(Rummi200kub) ask ``game.ai.crossword.hint``.
"""

from __future__ import annotations

from . import crossword
from .players import GreedyMaxPlayer, _Turn


def hint(view, time_budget: float = 0.3) -> dict | None:
    if view.variant.crossword:
        return crossword.hint(view)
    player = GreedyMaxPlayer()
    turn = _Turn(view, max(0.02, float(time_budget)))
    board = player.plan(turn) if turn.melded else player.plan_initial(turn)
    if board is None:
        return None
    before = set(view.board.tiles())
    tiles = [t for t in board.tiles() if t not in before]
    return {"board": board, "tiles": sorted(tiles)}
