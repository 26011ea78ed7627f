"""Editing the draft of a flat table: where tiles go when the player puts them down
(pure: no pygame, no game state; every function returns a new ``Board``).

A flat table is rows of ``width`` cells; a set is a maximal line of touching tiles
in a row, so two sets must never touch.  The rules here keep it that way, and a set
the player does not change stays where it is:

- tiles put on a set (the pointer over one of its tiles), or at one of its ends,
  join that set in their place: a run by number, a group by colour;
- tiles put on empty space start a new set there, sorted;
- tiles filling the gap between two sets exactly join both when that makes a set;
- the set that changed (or the new one) stays where it was put when it touches
  nothing there, else it takes the free cells beside it, else it moves alone to the
  nearest free place (a new row below the others only when no row has room: the
  table never runs out of room); no other set moves;
- tiles taken out of a group close its gap: a group has no order (``close_groups``);
  a run is cut where its tiles were taken;
- a whole set can be moved as it is (``move_set``): it never joins another.

The rack's pushing (``push_row``) and where tiles go on Rummi200kub's crossword board
(``crossword_cells``) live here too: every way the session edits a draft.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..rules.board import Board, Cell, Line
from ..rules.melds import arrange, check_line, check_set
from ..rules.tiles import colour_index, face_colour, face_key, face_number, is_joker, number_of


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


def _group_like(tiles: Sequence[int]) -> bool:
    """A line that reads as a group (one number, two colours or more): it has no order."""
    faces = [face_key(t) for t in tiles if not is_joker(t)]
    return len({face_number(f) for f in faces}) == 1 and len({face_colour(f) for f in faces}) >= 2


def close_groups(before: Board, after: Board) -> Board:
    """``after`` with every group of ``before`` that lost tiles from its middle closed up: its
    other tiles side by side from its first cell, in their order (a group has no order, so
    taking a tile out of one leaves one group of the rest).  A run is cut where its tiles were
    taken.  Nothing else moves; a group whose cells took other tiles is left as it is."""
    out = after.copy()
    where = after.where()
    for ln in before.lines():
        if len(ln.tiles) < 3 or not _group_like(ln.tiles):
            continue
        stay = [t for t in ln.tiles if where.get(t) in ln.cells and where.get(t) == ln.cells[ln.tiles.index(t)]]
        if len(stay) == len(ln.tiles) or len(stay) < 2:
            continue
        span = set(ln.cells)
        if any(after.get(c) is not None and after.get(c) not in stay for c in span):
            continue  # something else was put in its place
        pieces = [p for p in after.lines() if set(p.cells) & span]
        if len(pieces) < 2 or any(not set(p.cells) <= span for p in pieces):
            continue  # already one line, or a piece now reaches beyond the group's cells
        for t in stay:
            del out.cells[where[t]]
        out.place_line(ln.cells[0], stay)
    return out


def lift(board: Board, tiles: Iterable[int]) -> Board:
    """``board`` without ``tiles`` (taken to the rack or elsewhere): a group they leave closes
    its gap (``close_groups``)."""
    return close_groups(board, _lift(board, tiles))


def _lift(board: Board, tiles: Iterable[int]) -> Board:
    gone = set(tiles)
    return Board({c: t for c, t in board.cells.items() if t not in gone})


def rows_at_turn_start(cells) -> int:
    """Rows a flat table shows as a turn begins (``cells``: the table's cells then): the
    rows used, and a spare row for new sets unless a row in between is empty.  The tile
    size this gives holds for the whole turn (see ``rows_in_turn``); the play screen shows
    these rows, and a set that must move goes to the nearest room among them."""
    used = {r for r, _ in cells}
    top = max(used, default=-1)
    spare = all(r in used for r in range(top + 1))
    return top + 1 + int(spare)


def rows_in_turn(base: int, cells) -> int:
    """Rows a flat table shows during a turn that began with ``base`` rows, ``cells`` being
    the table now: never fewer than at the start (tiles never grow under the player) and
    more only when the table needs them."""
    return max(base, max((r for r, _ in cells), default=-1) + 1)


def _fits_alone(board: Board, row: int, start: int, n: int, width: int) -> bool:
    if start < 0 or start + n > width or row < 0:
        return False
    return not any((row, c) in board.cells for c in range(start - 1, start + n + 1))


ROW_PITCH = 1.5  # a row is about one and a half cells high on the screen: "nearest" weighs rows so


def _free_place(board: Board, row: int, want: int, n: int, width: int, rows: int | None = None) -> Cell:
    """The free place nearest ``(row, want)`` for a set of ``n`` tiles that touches nothing:
    there when it fits, else the nearest in the ``rows`` the table shows this turn (by default
    the rows used and the spare row below them), a new row below only when none has room."""
    if _fits_alone(board, row, want, n, width):
        return (row, want)
    used = max([r for r, _ in board.cells] + [row])
    shown = used + 1 if rows is None else max(rows - 1, row)
    last = max(used, shown)
    starts = range(0, max(0, width - n) + 1)
    best = None
    for r in range(0, shown + 1):
        for s in starts:
            if _fits_alone(board, r, s, n, width):
                d = ((s - want) ** 2 + ((r - row) * ROW_PITCH) ** 2, r, s)
                if best is None or d < best:
                    best = d
    if best is not None:
        return (best[1], best[2])
    return (last + 1, max(0, min(want, width - n)))


def _put(board: Board, row: int, start: int, tiles: Sequence[int], width: int, rows: int | None) -> Board:
    """``board`` with ``tiles`` laid as one set where asked when that touches nothing, else at
    the nearest free place (``_free_place``): no other set moves."""
    out = board.copy()
    n = len(tiles)
    out.place_line(_free_place(out, row, max(0, min(start, width - n)), n, width, rows), list(tiles))
    return out


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


def drop(board: Board, tiles: Sequence[int], cell: Cell, width: int, lead: int = 0, rows: int | None = None) -> Board:
    """The table after ``tiles`` (from the rack or from the table) are put down with the
    first at ``cell`` and tile ``lead`` under the pointer (that cell decides which set
    they join); ``rows``: the rows the table shows this turn (``rows_at_turn_start``), where
    a set that must move looks for room first.  Never fails: there is always room."""
    tiles = [int(t) for t in dict.fromkeys(tiles)]
    if not tiles:
        return board.copy()
    rest = _lift(board, tiles)  # as the player sees it while the tiles are held: gaps where they were
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
        return close_groups(board, _put(base, row, a.cells[0][1], order, width, rows))
    if kind == "join":
        line = what
        closed = close_groups(board, rest)
        whole = closed.line_of(closed.where()[line.tiles[0]])
        if whole is not None and whole.tiles != line.tiles:  # a piece of a group they left: the whole group
            rest, line = closed, whole
        order = joined_order(line.tiles, tiles)
        before = min(order.index(t) for t in line.tiles)
        base = _lift(rest, line.tiles)
        return close_groups(board, _put(base, line.cells[0][0], line.cells[0][1] - before, order, width, rows))
    return close_groups(board, _put(rest, row, start, set_order(tiles), width, rows))


def move_set(board: Board, tiles: Sequence[int], cell: Cell, width: int, rows: int | None = None) -> Board:
    """The table after a whole set (``tiles`` in its order) is moved so its first tile is at
    ``cell``: it keeps its order and never joins another set; where it would touch another
    set it goes to the nearest free place instead."""
    tiles = [int(t) for t in dict.fromkeys(tiles)]
    if not tiles:
        return board.copy()
    rest = lift(board, tiles)
    row = max(0, int(cell[0]))
    start = max(0, min(max(0, width - len(tiles)), int(cell[1])))
    return _put(rest, row, start, tiles, width, rows)


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
