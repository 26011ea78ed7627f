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

from ..rules.board import Board, Cell, Line
from ..rules.melds import arrange, check_line
from ..rules.tiles import face_key

from ..rules.board import GRID_WIDTH as DEFAULT_WIDTH


def _fits(board: Board, start: Cell, length: int, width: int | None) -> bool:
    r, c = start
    if width is not None and (c < 0 or c + length > width):
        return False
    cells = board.cells
    for x in range(c - 1, c + length + 1):
        if (r, x) in cells:
            return False
    return True


def layout(old: Board, sets: Iterable[Sequence[int]], width: int | None = DEFAULT_WIDTH, rows: int | None = None) -> Board:
    """A board holding ``sets`` (each laid out left to right in table order),
    keeping every tile that does not need to move where it was.  A set already in a
    valid table order keeps it (so a joker keeps the tile it stands for); a set made of
    exactly the tiles of a set on ``old`` keeps that set's order and cells."""
    new = Board()
    rest: list[tuple[int, list[int]]] = []
    for idx, tiles, same in _unchanged(old, sets):
        if same is not None:
            new.place_line(same.cells[0], tiles)  # unchanged: its cells, its order
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


def _unchanged(old: Board, sets: Iterable[Sequence[int]]) -> list[tuple[int, list[int], Line | None]]:
    """Each set with the line of ``old`` it leaves unchanged (None for a changed or new set).
    Copies of a face are interchangeable (the referee reads a play that way), so a set showing
    the faces of an old set is that set unchanged: its tiles come back in the old set's order.
    A set of exactly an old set's tiles is matched first."""
    lines = old.lines()
    free = list(range(len(lines)))
    sets = [[int(t) for t in s] for s in sets]
    found: dict[int, int] = {}
    # what is compared, worked out once a line and once a set: the tiles, and the faces in order
    line_tiles = [(len(ln.tiles), set(ln.tiles)) for ln in lines]
    line_faces = [sorted(map(face_key, ln.tiles)) for ln in lines]
    for exact in (True, False):
        for idx, tiles in enumerate(sets):
            if idx in found:
                continue
            mine = set(tiles)
            if len(mine) != len(tiles):
                continue
            n = len(tiles)
            faces = None if exact else sorted(map(face_key, tiles))
            for k in free:
                if line_tiles[k][0] != n:
                    continue
                if (line_tiles[k][1] == mine) if exact else (line_faces[k] == faces):
                    found[idx] = k
                    free.remove(k)
                    break
    out: list[tuple[int, list[int], Line | None]] = []
    for idx, tiles in enumerate(sets):
        k = found.get(idx)
        if k is None:
            out.append((idx, tiles, None))
            continue
        ln = lines[k]
        left = list(tiles)
        order = []
        for t in ln.tiles:  # the old order, each place taken by the same tile or a copy of its face
            u = t if t in left else next(u for u in left if face_key(u) == face_key(t))
            left.remove(u)
            order.append(u)
        out.append((idx, order, ln))
    return out


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
