"""Put an arrangement of sets on the grid moving as few tiles as possible.

A set whose tiles the turn does not change keeps its cells (and its order).  A set
that changed keeps its old tiles in place when the new ones fit beside them, else
takes the free cells nearest beside it in its row, else moves alone to the nearest
free space that fits.  New sets go to the first free space that fits, in reading
order (the table grows by a row when none has room).  A person (and the animation)
then sees only what really changed.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..rules.board import Board, Cell
from ..rules.melds import arrange, check_line

from ..rules.board import GRID_WIDTH as DEFAULT_WIDTH


def _fits(board: Board, start: Cell, length: int, width: int | None) -> bool:
    r, c = start
    if width is not None and (c < 0 or c + length > width):
        return False
    span = [(r, c + i) for i in range(-1, length + 1)]
    return not any(cell in board.cells for cell in span)


def layout(old: Board, sets: Iterable[Sequence[int]], width: int | None = DEFAULT_WIDTH, rows: int | None = None) -> Board:
    """A board holding ``sets`` (each laid out left to right in table order),
    keeping every tile that does not need to move where it was.  A set already in a
    valid table order keeps it (so a joker keeps the tile it stands for); a set made of
    exactly the tiles of a set on ``old`` keeps that set's order and cells."""
    old_lines = {frozenset(ln.tiles): ln for ln in old.lines()}
    new = Board()
    rest: list[tuple[int, list[int]]] = []
    for idx, s in enumerate(sets):
        tiles = [int(t) for t in s]
        same = old_lines.get(frozenset(tiles)) if len(set(tiles)) == len(tiles) else None
        if same is not None and len(same.tiles) == len(tiles):
            new.place_line(same.cells[0], list(same.tiles))  # unchanged: its cells, its order
        else:
            rest.append((idx, tiles if check_line(tiles) else list(arrange(tiles))))
    where = old.where()
    w = width or DEFAULT_WIDTH
    pending: list[tuple[int, list[int]]] = []
    # Score each changed set by how many tiles would stay put if anchored on an old tile.
    anchored: list[tuple[int, int, list[int], Cell]] = []
    for idx, tiles in rest:
        best: tuple[int, Cell] | None = None
        for i, t in enumerate(tiles):
            cell = where.get(t)
            if cell is None:
                continue
            start = (cell[0], cell[1] - i)
            stay = sum(1 for k, u in enumerate(tiles) if where.get(u) == (start[0], start[1] + k))
            if best is None or stay > best[0]:
                best = (stay, start)
        if best is None:
            pending.append((idx, tiles))
        else:
            anchored.append((best[0], idx, tiles, best[1]))
    for _stay, _idx, tiles, start in sorted(anchored, key=lambda a: (-a[0], a[1])):
        new.place_line(_nearest(new, start, len(tiles), w), tiles)
    for _, tiles in sorted(pending):
        slot = _free(new, len(tiles), w, old)
        new.place_line(slot, tiles)
    return new


def _nearest(board: Board, start: Cell, length: int, width: int) -> Cell:
    """Where a changed set anchored at ``start`` goes: there when it fits, else the free
    cells beside it in its row (the nearest first), else the nearest free space that fits
    (rows nearer first, then columns nearer), a new row when no row has room."""
    row, col = start
    starts = sorted(range(0, max(0, width - length) + 1), key=lambda c: (abs(c - col), c))
    for c in starts:
        if _fits(board, (row, c), length, width):
            return (row, c)
    last = max((r for r, _ in board.cells), default=row)
    rows = sorted((r for r in range(0, max(last, row) + 2) if r != row), key=lambda r: (abs(r - row), r))
    for r in rows:
        for c in starts:
            if _fits(board, (r, c), length, width):
                return (r, c)
    return (max(last, row) + 2, 0)  # a set longer than the grid is wide: alone on a new row


def _free(board: Board, length: int, width: int, old: Board) -> Cell:
    """First free slot in reading order, preferring cells that were empty before (less visual
    churn).  A slot is free when the set and a cell either side of it are empty."""
    taken = _columns_by_row(board)
    was = _columns_by_row(old)
    last = max(list(taken) + list(was), default=-1) + 1  # every row below is empty
    for avoid_old in (True, False):
        for r in range(0, last + 1):
            c = _first_start(taken.get(r, ()), was.get(r, ()) if avoid_old else (), length, width)
            if c is not None:
                return (r, c)
    return (last + 1, 0)  # a set longer than the grid is wide: alone on a new row


def _columns_by_row(board: Board) -> dict[int, set[int]]:
    rows: dict[int, set[int]] = {}
    for r, c in board.cells:
        rows.setdefault(r, set()).add(c)
    return rows


def _first_start(taken, avoid, length: int, width: int) -> int | None:
    """The first column where ``length`` tiles fit in a row: no taken cell on them or right
    beside them, none of ``avoid`` under them."""
    for c in range(0, width - length + 1):
        if any(x in taken for x in range(c - 1, c + length + 1)):
            continue
        if avoid and any(x in avoid for x in range(c, c + length)):
            continue
        return c
    return None


def sets_of(board: Board) -> list[list[int]]:
    return [list(ln.tiles) for ln in board.lines()]
