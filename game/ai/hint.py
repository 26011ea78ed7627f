"""A hint for the play screen: the move the finder would make for the current player.

``hint(view, time_budget=0.3)`` returns ``{"board": Board, "tiles": [rack tile ids to play]}``,
or None when there is no legal play (then drawing is the move).  It places as many tiles as the
finder can; among such plays it prefers one that breaks up no table set, then one, then two (a
hint a person can follow in a few steps), and the board is laid out so that as few tiles as
possible move.  It has been checked by the rules core.  Crossword rule sets
(Rummi200kub) ask ``game.ai.crossword.hint``.
"""

from __future__ import annotations

from . import crossword
from .levels import CROSSWORD
from .players import GreedyMaxPlayer, _Turn


GENTLE = (0, 1, 2)  # table sets a hint may break up before it takes the finder's whole-table play


def hint(view, time_budget: float = 0.3) -> dict | None:
    if view.variant.board_shape == CROSSWORD:
        return crossword.hint(view)
    player = GreedyMaxPlayer()
    turn = _Turn(view, max(0.02, float(time_budget)))
    board = player.plan(turn) if turn.melded else player.plan_initial(turn)
    if board is None:
        return None
    before = set(view.board.tiles())
    best = len(board) - len(before)
    if turn.melded:
        for k in GENTLE:  # the same number of tiles with fewer table sets broken up, if there is one
            gentle = turn.first_legal(turn.arrangements(turn.rack, max_disturbed=k))
            if gentle is not None and len(gentle) - len(before) == best:
                board = gentle
                break
    tiles = [t for t in board.tiles() if t not in before]
    return {"board": board, "tiles": sorted(tiles)}
