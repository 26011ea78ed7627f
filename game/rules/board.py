"""The table: a grid of cells, as on a real table.

A meld is a maximal line of touching tiles.  Every rule set reads horizontal
lines; the crossword board of Rummi200kub also reads vertical lines of two or
more tiles and asks that all tiles form one connected group.  One model serves
both: ``Board.lines(vertical=...)`` and ``Board.is_connected()``.

Cells are ``(row, col)`` pairs of integers with no fixed bounds (negative rows
are allowed, so the crossword board can grow in every direction).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from .melds import Meld, check_line
from .tiles import format_tiles

Cell = tuple[int, int]
GRID_WIDTH = 19  # cells in a row of a flat table (a long run and a group side by side)


@dataclass(frozen=True)
class Line:
    """A maximal horizontal (``dr=0``) or vertical (``dc=0``) line of tiles."""

    cells: tuple[Cell, ...]
    tiles: tuple[int, ...]
    vertical: bool

    @property
    def start(self) -> Cell:
        return self.cells[0]

    def check(self) -> Meld:
        return check_line(self.tiles)

    def __repr__(self) -> str:
        way = "v" if self.vertical else "h"
        return f"Line({way}@{self.start}: {format_tiles(self.tiles)})"


class Board:
    """A sparse grid of tiles.  Mutable, cheap to copy."""

    __slots__ = ("cells",)

    def __init__(self, cells: dict[Cell, int] | None = None) -> None:
        self.cells: dict[Cell, int] = dict(cells or {})

    # -- basic access -------------------------------------------------------------
    def copy(self) -> "Board":
        return Board(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.cells == other.cells

    def __repr__(self) -> str:
        return f"Board({len(self.cells)} tiles: {self.render()!r})"

    def tiles(self) -> list[int]:
        return list(self.cells.values())

    def tile_set(self) -> set[int]:
        return set(self.cells.values())

    def where(self) -> dict[int, Cell]:
        return {t: c for c, t in self.cells.items()}

    def get(self, cell: Cell) -> int | None:
        return self.cells.get(cell)

    def place(self, cell: Cell, tile_id: int) -> None:
        self.cells[cell] = int(tile_id)

    def remove(self, cell: Cell) -> int | None:
        return self.cells.pop(cell, None)

    def bounds(self) -> tuple[int, int, int, int]:
        """(min_row, min_col, max_row, max_col); (0, 0, -1, -1) when empty."""
        if not self.cells:
            return (0, 0, -1, -1)
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return (min(rows), min(cols), max(rows), max(cols))

    # -- lines ---------------------------------------------------------------------
    def _scan(self, vertical: bool) -> Iterator[Line]:
        cells = self.cells
        for (r, c) in sorted(cells, key=(lambda rc: (rc[1], rc[0])) if vertical else None):
            dr, dc = (1, 0) if vertical else (0, 1)
            if (r - dr, c - dc) in cells:
                continue  # not the start of a line
            run = []
            rr, cc = r, c
            while (rr, cc) in cells:
                run.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            yield Line(tuple(run), tuple(cells[x] for x in run), vertical)

    def lines(self, vertical: bool = False) -> list[Line]:
        """Maximal horizontal lines (each tile in exactly one); with ``vertical``,
        also every vertical line of two or more tiles (crossword reading)."""
        out = list(self._scan(False))
        if vertical:
            horizontal_single = {ln.cells[0] for ln in out if len(ln.cells) == 1}
            for ln in self._scan(True):
                if len(ln.cells) >= 2:
                    out.append(ln)
            # A lone tile in its row that is part of a vertical line is not a line of its own.
            vert_cells = {c for ln in out if ln.vertical for c in ln.cells}
            out = [ln for ln in out if ln.vertical or not (ln.cells[0] in horizontal_single and ln.cells[0] in vert_cells)]
        return out

    def is_connected(self) -> bool:
        if not self.cells:
            return True
        start = next(iter(self.cells))
        seen = {start}
        stack = [start]
        while stack:
            r, c = stack.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in self.cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == len(self.cells)

    def line_of(self, cell: Cell, vertical: bool = False) -> Line | None:
        for ln in self.lines(vertical):
            if cell in ln.cells:
                return ln
        return None

    # -- layout helpers --------------------------------------------------------------
    def free_slot(self, length: int, width: int, rows: int | None = None, avoid: Iterable[Cell] = ()) -> Cell | None:
        """First position (reading order) where ``length`` tiles fit in a row of a
        ``width``-column grid with an empty cell on each side (so they form their own line)."""
        blocked = set(self.cells) | set(avoid)
        max_row = rows if rows is not None else (self.bounds()[2] + 2 if self.cells else 1)
        for r in range(0, max(max_row, 1)):
            c = 0
            while c + length <= width:
                span = [(r, c + i) for i in range(-1, length + 1)]
                if not any(cell in blocked for cell in span):
                    return (r, c)
                c += 1
        return None if rows is not None else (max_row, 0)

    def place_line(self, start: Cell, tiles: Sequence[int]) -> None:
        r, c = start
        for i, t in enumerate(tiles):
            self.cells[(r, c + i)] = int(t)

    @classmethod
    def from_sets(cls, sets: Iterable[Sequence[int]], width: int = GRID_WIDTH) -> "Board":
        """Lay sets out in reading order, one empty cell between neighbours."""
        board = cls()
        for s in sets:
            slot = board.free_slot(len(s), width)
            assert slot is not None
            board.place_line(slot, s)
        return board

    def render(self) -> str:
        """Sets in notation separated by ' | ' (reading order)."""
        return " | ".join(format_tiles(ln.tiles) for ln in self.lines())

    # -- serialisation -------------------------------------------------------------
    def to_list(self) -> list[list[int]]:
        return [[r, c, t] for (r, c), t in sorted(self.cells.items())]

    @classmethod
    def from_list(cls, data: Iterable[Sequence[int]]) -> "Board":
        return cls({(int(r), int(c)): int(t) for r, c, t in data})
