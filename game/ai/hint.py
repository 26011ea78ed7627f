"""Hints for the play screen: the moves the finder would suggest to the current player.

``hints(view)`` is the ladder the play screen shows one step at a time: first the smallest
play that puts down at least one tile (of those, the one that breaks up the fewest table
sets), then bigger and bigger plays, the last placing the most tiles (``hint``'s play).

``hint(view, time_budget=0.3)`` returns ``{"board": Board, "tiles": [rack tile ids to play]}``,
or None when there is no legal play (then drawing is the move).  It places as many tiles as the
finder can; among such plays it prefers one that breaks up no table set, then one, then two (a
hint a person can follow in a few steps), and the board is laid out so that as few tiles as
possible move.  It has been checked by the rules core.  Crossword rule sets
(Rummi200kub) ask ``game.ai.crossword.hint``.
"""

from __future__ import annotations

from itertools import combinations

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


MEANS_MAX = 6  # new sets of an initial meld tried in every combination (2**6 - 1 at most)


def hints(view, time_budget: float = 0.3) -> list[dict]:
    """The hint ladder: ``[{"board", "tiles", "broken"}, ...]``, each placing more tiles than the
    one before (``broken``: table sets broken up), the first the smallest play (fewest tiles,
    then fewest sets broken), the last the most tiles.  Empty when there is no legal play.
    Every board has been checked by the rules core."""
    if not view.variant.flat_table:
        one = crossword.hint(view)
        return [dict(one, tiles=sorted(one["tiles"]), broken=0)] if one else []
    player = GreedyMaxPlayer()
    turn = _Turn(view, max(0.02, float(time_budget)))
    before = set(view.board.tiles())
    found: dict[tuple, object] = {}

    def consider(sets) -> None:
        key = tuple(sorted(tuple(sorted(int(t) for t in st)) for st in sets))
        if key in found or not any(t in turn.rack_set for st in sets for t in st):
            return
        board = turn.board_for(sets)
        found[key] = board if turn.legal(board) else None

    def parts_of(board) -> None:
        """Each set the play makes or changes, alone (the table's other sets as they were)."""
        lines = [list(ln.tiles) for ln in board.lines()]
        changed = [ln for ln in lines if any(t in turn.rack_set for t in ln)]
        if not turn.melded:
            for n in range(1, min(len(changed), MEANS_MAX) + 1):
                for pick in combinations(changed, n):
                    consider(turn.sets + [list(p) for p in pick])
            return
        def alone(picked) -> list[list[int]]:
            inside = [set(ln) for ln in picked]
            return [list(st) for st in turn.sets if not any(set(st) <= i for i in inside)] + [list(ln) for ln in picked]
        for line in changed:
            consider(alone([line]))
        by_size = sorted(changed, key=lambda ln: sum(1 for t in ln if t in turn.rack_set))
        for n in range(2, len(by_size)):  # the smallest changes first, one more each time
            consider(alone(by_size[:n]))

    best = player.plan(turn) if turn.melded else player.plan_initial(turn)
    if best is None:
        return []
    plays = [best]
    if turn.melded:
        for k in GENTLE:
            gentle = turn.first_legal(turn.arrangements(turn.rack, max_disturbed=k))
            if gentle is not None:
                plays.append(gentle)
    for board in plays:
        found[tuple(sorted(tuple(sorted(ln.tiles)) for ln in board.lines()))] = board
        parts_of(board)
    options = []
    for board in found.values():
        if board is None:
            continue
        tiles = sorted(t for t in board.tiles() if t not in before)
        options.append((len(tiles), broken_sets(turn.sets, board), len(options), board, tiles))
    options.sort(key=lambda o: o[:3])
    ladder: list[dict] = []
    for n, broken, _k, board, tiles in options:
        if not ladder or n > len(ladder[-1]["tiles"]):
            ladder.append({"board": board, "tiles": tiles, "broken": broken})
    return ladder


def broken_sets(table_sets, board) -> int:
    """How many of the table's sets the play breaks up (a set extended, or kept whole inside a
    bigger one, is not broken)."""
    lines = [set(ln.tiles) for ln in board.lines()]
    return sum(1 for st in table_sets if not any(set(st) <= ln for ln in lines))
