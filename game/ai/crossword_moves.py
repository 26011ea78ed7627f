"""Rearranging steps for the crossword planner (Rummi200kub): a table tile moved into a
new line with rack tiles.

A tile may leave a line of four or more at either end (the rest stays a valid set), or
from the middle of a long line that splits into two valid sets, when no other line
crosses its cell and the board stays connected.  The lifted tile must then go, this very
step, into a new line laid across another tile of the board together with at least one
rack tile: the move places tiles that could not be placed without it.  A lifted tile
rides in the draft's ``freed`` list, as a freed joker does, so a draft that still holds
one is never a finished play.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterator

from ..rules.melds import check_line
from ..rules.tiles import colour_index, is_joker, number_of
from .crossword_draft import H, V, Draft, index_avail, shift

if TYPE_CHECKING:  # pragma: no cover
    from .crossword_plan import Planner


LIMIT = 24  # rearranging steps offered per draft


def _partners(a: int, t: int) -> bool:
    """Could a new line through tile ``a`` hold tile ``t`` (same number, or same colour
    within two numbers)?"""
    na, nt = number_of(a), number_of(t)
    if na == nt:
        return colour_index(a) != colour_index(t)
    return colour_index(a) == colour_index(t) and 1 <= abs(na - nt) <= 2


def lift_steps(planner: "Planner", draft: Draft) -> Iterator[Draft]:
    ctx = planner.ctx
    board = draft.board
    lines = board.lines(vertical=True)
    crossing = Counter(c for ln in lines for c in ln.cells)
    rack_left = [t for t in draft.avail if t not in draft.freed]
    if not rack_left:
        return
    made = 0
    for ln in lines:
        n = len(ln.cells)
        if n < 4 or not planner._may_extend(ln):
            continue
        spots = [0, n - 1] + [i for i in range(3, n - 3)]
        for i in spots:
            cell, t = ln.cells[i], ln.tiles[i]
            if is_joker(t) or crossing[cell] > 1 or cell not in ctx.table_cells:
                continue
            if not any(is_joker(r) or _partners(r, t) for r in rack_left):
                continue  # no rack tile could share a new line with it
            anchors = [(c2, a) for c2, a in board.cells.items() if c2 != cell and not is_joker(a) and _partners(a, t)]
            if not anchors:
                continue
            parts = [p for p in (ln.tiles[:i], ln.tiles[i + 1:]) if p]
            if not all(len(p) >= 3 and check_line(p) for p in parts):
                continue
            nb = board.copy()
            nb.remove(cell)
            if not nb.is_connected():
                continue
            lifted = Draft(nb, draft.avail + [t], list(draft.placed), draft.freed + [t], draft.steps)
            by_face, jokers = index_avail(lifted.avail)
            for c2, anchor in anchors:
                for d in (H, V):
                    if shift(c2, d, -1) in nb.cells or shift(c2, d, 1) in nb.cells:
                        continue
                    for child in planner._cross(lifted, c2, anchor, d, by_face, jokers, planner.prof.max_jokers):
                        if t not in child.freed and len(child.placed) > len(draft.placed):
                            yield child
                            made += 1
                            if made >= LIMIT:
                                return
