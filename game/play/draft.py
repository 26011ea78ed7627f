"""Editing the draft of a flat table: where tiles go when the player puts them down
(pure: no pygame, no game state; every function returns a new ``Board``).

A flat table is rows of ``width`` cells; a set is a maximal line of touching tiles
in a row, so two sets must never touch.  The rules here keep it that way:

- tiles put on a set (the pointer over one of its tiles), or at one of its ends,
  join that set in their place: a run by number, a group by colour;
- tiles put on empty space start a new set there, sorted;
- tiles filling the gap between two sets exactly join both when that makes a set;
- whatever the change, an empty cell stays between two sets: the sets after the
  changed one are pushed right, and sets that no longer fit in the row move to the
  first row below with room for them (a new row when none has: the table never runs
  out of room), so nothing else moves;
- a whole set can be moved as it is (``move_set``): it never joins another.

``pinned`` tiles (the table as it was, before a player's initial meld in rule sets
where the table may not be touched then) are not pushed aside for a new set: the
new set goes to the nearest free place instead.

The rack's pushing (``push_row``) and where tiles go on Rummi200kub's crossword board
(``crossword_cells``) live here too: every way the session edits a draft.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..rules.board import Board, Cell, Line
from ..rules.melds import arrange, check_line, check_set
from ..rules.tiles import colour_index, face_colour, face_key, face_number, is_joker, number_of

@dataclass
class Block:
    """A set in a row: its first column and its tiles, left to right."""

    start: int
    tiles: list[int]

    @property
    def end(self) -> int:
        return self.start + len(self.tiles) - 1


# -- orders -------------------------------------------------------------------------------------


def natural_key(t: int) -> tuple[int, int, int]:
    """Jokers last, then by number, then by colour."""
    return (1 if is_joker(t) else 0, number_of(t), colour_index(t))


def set_order(tiles: Sequence[int]) -> list[int]:
    """Tiles put down together: the core's arrangement when they form a set (a run by
    number with its jokers in place, a group by colour), else by number then colour."""
    tiles = [int(t) for t in tiles]
    if check_set(tiles):
        return list(arrange(tiles))
    return sorted(tiles, key=natural_key)


def joined_order(old: Sequence[int], adding: Sequence[int]) -> list[int]:
    """A set with tiles added, each in its place.  When the tiles make a set: a run keeps
    its old tiles in order with the new ones at the end they belong to (or the core's
    arrangement when they go in the middle), a group is ordered by colour.  When they do
    not (yet), the new tiles go in among the old ones by number and colour, and the old
    tiles keep their order (so a joker stays where it stood)."""
    old, adding = [int(t) for t in old], sorted((int(t) for t in adding), key=natural_key)
    every = old + adding
    meld = check_set(every)
    if meld:
        if meld.kind == "run":
            for order in (old + adding, adding + old):
                if check_line(order):
                    return order
        return list(arrange(every))
    out = list(old)
    for t in adding:
        if is_joker(t):
            out.append(t)
            continue
        i = next((i for i, u in enumerate(out) if not is_joker(u) and natural_key(u) > natural_key(t)), len(out))
        out.insert(i, t)
    return out


def could_be_set(tiles: Sequence[int]) -> bool:
    """Tiles that are a set, or a part of one that more tiles could complete: one colour
    and different numbers (a run), or one number and different colours (a group)."""
    tiles = [int(t) for t in tiles]
    if len(tiles) > 13:
        return False
    faces = [face_key(t) for t in tiles if not is_joker(t)]
    if len(set(faces)) != len(faces):
        return False
    colours = {face_colour(f) for f in faces}
    numbers = {face_number(f) for f in faces}
    return len(colours) <= 1 or (len(numbers) <= 1 and len(tiles) <= 4)


# -- rows ---------------------------------------------------------------------------------------


def _lift(board: Board, tiles: Iterable[int]) -> Board:
    gone = set(tiles)
    return Board({c: t for c, t in board.cells.items() if t not in gone})


def _row_blocks(board: Board, row: int) -> list[Block]:
    return [Block(ln.cells[0][1], list(ln.tiles)) for ln in board.lines() if ln.cells[0][0] == row]


def _write_row(board: Board, row: int, blocks: list[Block]) -> None:
    for cell in [c for c in board.cells if c[0] == row]:
        del board.cells[cell]
    for b in blocks:
        for i, t in enumerate(b.tiles):
            board.cells[(row, b.start + i)] = t


def _push_right(blocks: list[Block], cursor: int, width: int) -> tuple[list[Block], list[Block]]:
    """Blocks (in order) moved right as far as needed to start at ``cursor`` or later with a
    gap between them: ``(placed, overflow)``, the overflow being those past the row's end."""
    placed: list[Block] = []
    rest = list(blocks)
    while rest:
        b = rest[0]
        start = max(b.start, cursor)
        if start + len(b.tiles) > width:
            break
        placed.append(Block(start, b.tiles))
        cursor = start + len(b.tiles) + 1
        rest.pop(0)
    return placed, rest


def _send_down(board: Board, row: int, blocks: list[Block], width: int) -> None:
    """Sets that no longer fit in ``row`` go, in order, to the first free place below it
    (the first row with room, else a new row): nothing else moves."""
    for b in blocks:
        last = max((r for r, _ in board.cells), default=row)
        for r in range(row + 1, last + 2):
            c = next((c for c in range(0, width - len(b.tiles) + 1) if _fits_alone(board, r, c, len(b.tiles), width)), None)
            if c is not None:
                board.place_line((r, c), b.tiles)
                break


def _place_block(board: Board, row: int, block: Block, width: int) -> Board:
    """``board`` with ``block`` laid in ``row`` at its start (the cells it covers must be
    free of its own tiles already): sets before it stay (it moves right of one it would
    touch), sets after it are pushed right, and what does not fit flows to the next rows."""
    out = board.copy()
    blocks = _row_blocks(out, row)
    n = len(block.tiles)
    left = [b for b in blocks if b.start < block.start]
    right = [b for b in blocks if b.start >= block.start]
    start = max(0, block.start)
    if left:
        start = max(start, max(b.end for b in left) + 2)
    if start + n > width:  # no room at the row's end: the sets before it move left if they can
        start = max(0, width - n)
        limit = start - 2
        moved: list[Block] = []
        for b in reversed(left):
            end = min(b.end, limit)
            s = end - len(b.tiles) + 1
            moved.insert(0, Block(s, b.tiles))
            limit = s - 2
        if moved and moved[0].start < 0:  # the row is full: the set goes to the next row with room
            _send_down(out, row, [Block(0, block.tiles)], width)
            return out
        left = moved
    placed, over = _push_right(right, start + n + 1, width)
    _write_row(out, row, left + [Block(start, list(block.tiles))] + placed)
    if over:
        _send_down(out, row, over, width)
    return out


def _fits_alone(board: Board, row: int, start: int, n: int, width: int) -> bool:
    if start < 0 or start + n > width or row < 0:
        return False
    return not any((row, c) in board.cells for c in range(start - 1, start + n + 1))


def _free_place(board: Board, row: int, want: int, n: int, width: int) -> Cell:
    """The free place nearest ``(row, want)`` for a set of ``n`` tiles that touches nothing:
    in that row, else the rows below, else a new row."""
    last = max((r for r, _ in board.cells), default=-1)
    for r in list(range(row, last + 2)) + list(range(row - 1, -1, -1)):
        starts = sorted(range(0, max(0, width - n) + 1), key=lambda s: (abs(s - want), s))
        for s in starts:
            if _fits_alone(board, r, s, n, width):
                return (r, s)
    return (max(last + 2, row), 0)


def _moved(before: Board, after: Board, tiles: Iterable[int]) -> bool:
    where = after.where()
    old = before.where()
    return any(where.get(t) != old.get(t) for t in tiles)


# -- what the player does -----------------------------------------------------------------------


def _lines_in_row(board: Board, row: int) -> list[Line]:
    return sorted((ln for ln in board.lines() if ln.cells[0][0] == row), key=lambda ln: ln.cells[0][1])


def _target(rest: Board, tiles: list[int], row: int, start: int, probe: Cell, width: int):
    """What a drop means: ``("join", line)``, ``("bridge", (left, right))`` or ``("new", None)``."""
    lines = _lines_in_row(rest, row)
    n = len(tiles)
    on = next((ln for ln in lines if probe in ln.cells), None)
    if on is not None and len(on.tiles) + n <= width:
        return "join", on
    touching = [ln for ln in lines if ln.cells[0][1] <= start + n and ln.cells[-1][1] >= start - 1]
    if len(touching) == 2:
        a, b = touching
        if a.cells[-1][1] == start - 1 and b.cells[0][1] == start + n and len(a.tiles) + n + len(b.tiles) <= width:
            if check_line(list(a.tiles) + set_order(tiles) + list(b.tiles)):
                return "bridge", (a, b)
    best = None
    for ln in touching:
        if len(ln.tiles) + n > width:
            continue
        together = list(ln.tiles) + tiles
        rank = 2 if check_set(together) else 1 if could_be_set(together) else 0
        if rank == 0:
            continue
        first, last = ln.cells[0][1], ln.cells[-1][1]
        dist = 0 if first <= probe[1] <= last else min(abs(probe[1] - first), abs(probe[1] - last))
        key = (-rank, dist, first)
        if best is None or key < best[0]:
            best = (key, ln)
    if best is not None:
        return "join", best[1]
    return "new", None


def drop(board: Board, tiles: Sequence[int], cell: Cell, width: int, lead: int = 0,
         pinned: Iterable[int] = ()) -> Board:
    """The table after ``tiles`` (from the rack or from the table) are put down with the
    first at ``cell`` and tile ``lead`` under the pointer (that cell decides which set
    they join).  Never fails: there is always room."""
    tiles = [int(t) for t in dict.fromkeys(tiles)]
    if not tiles:
        return board.copy()
    rest = _lift(board, tiles)
    n = len(tiles)
    row = max(0, int(cell[0]))
    lead = max(0, min(n - 1, int(lead)))
    probe = (row, int(cell[1]) + lead)
    start = max(0, min(max(0, width - n), int(cell[1])))
    kind, what = _target(rest, tiles, row, start, probe, width)
    if kind == "bridge":
        a, b = what
        order = list(a.tiles) + set_order(tiles) + list(b.tiles)
        base = _lift(rest, list(a.tiles) + list(b.tiles))
        return _place_block(base, row, Block(a.cells[0][1], order), width)
    if kind == "join":
        line = what
        order = joined_order(line.tiles, tiles)
        before = min(order.index(t) for t in line.tiles)
        base = _lift(rest, line.tiles)
        return _place_block(base, row, Block(line.cells[0][1] - before, order), width)
    return _new_set(rest, set_order(tiles), row, start, width, pinned)


def move_set(board: Board, tiles: Sequence[int], cell: Cell, width: int, pinned: Iterable[int] = ()) -> Board:
    """The table after a whole set (``tiles`` in its order) is moved so its first tile is at
    ``cell``: it keeps its order and never joins another set; neighbours move aside."""
    tiles = [int(t) for t in dict.fromkeys(tiles)]
    if not tiles:
        return board.copy()
    rest = _lift(board, tiles)
    row = max(0, int(cell[0]))
    start = max(0, min(max(0, width - len(tiles)), int(cell[1])))
    return _new_set(rest, tiles, row, start, width, pinned)


def _new_set(rest: Board, order: list[int], row: int, start: int, width: int, pinned: Iterable[int]) -> Board:
    out = _place_block(rest, row, Block(start, order), width)
    pinned = [t for t in pinned if t in rest.cells.values()]
    if pinned and _moved(rest, out, pinned):
        r, c = _free_place(rest, row, start, len(order), width)
        out = rest.copy()
        out.place_line((r, c), order)
    return out


# -- the rack and the crossword board -----------------------------------------------------------


def push_row(row: dict[int, int], c: int, k: int, keep_gaps: bool, limit: int | None) -> dict[int, int] | None:
    """Make room for ``k`` tiles at columns ``c..c+k-1`` of a row (``{col: tile}``) by pushing
    the tiles from there on to the right, only as far as needed.  With ``keep_gaps`` a gap
    between two lines is kept (so pushing never joins two sets).  None when it does not fit."""
    out = {cc: t for cc, t in row.items() if cc < c}
    prev_cc = prev_nc = None
    for cc in sorted(x for x in row if x >= c):
        if prev_cc is None:
            need = c + k
        elif cc == prev_cc + 1 or not keep_gaps:
            need = prev_nc + 1
        else:
            need = prev_nc + 2
        nc = max(cc, need)
        if limit is not None and nc >= limit:
            return None
        out[nc] = row[cc]
        prev_cc, prev_nc = cc, nc
    return out


def changed_value(before: Board, after: Board, vertical: bool = False) -> int:
    """The value of the lines of ``after`` that are not on ``before`` as they were (a play's
    score burst)."""
    old = {ln.cells: ln.tiles for ln in before.lines(vertical=vertical)}
    total = 0
    for ln in after.lines(vertical=vertical):
        if old.get(ln.cells) != ln.tiles:
            meld = ln.check()
            total += meld.value if meld else 0
    return total


def sets_of(board: Board) -> list[tuple[int, ...]]:
    """The sets of a flat table, wherever they lie (sorted, to compare two tables)."""
    return sorted(ln.tiles for ln in board.lines())


def crossword_cells(board: Board, tiles: Sequence[int], cell: Cell, vertical: bool = False) -> list[Cell]:
    """Where ``tiles`` go on a crossword board when the first is put at ``cell``: the free
    cells from there along the row (or down the column), stepping over the tiles already on
    the board (so a set is laid across another and nothing moves).  One tile goes to ``cell``
    itself."""
    r, c = int(cell[0]), int(cell[1])
    if len(tiles) <= 1:
        return [(r, c)]
    moving = set(tiles)
    dr, dc = (1, 0) if vertical else (0, 1)
    out: list[Cell] = []
    while len(out) < len(tiles):
        t = board.get((r, c))
        if t is None or t in moving:
            out.append((r, c))
        r, c = r + dr, c + dc
    return out
