"""Where the click controls put tiles (pure: no pygame, no state changes).

The Rummibug sheet's controls (add a new set, add tiles to a set, split a run,
swap a joker) each end in one ``Session.place`` intent; this module works out
the cells.  Whether a set is valid is always the rules core's answer
(``check_line``, ``check_set``, ``arrange``): the plans only prefer places
where the core says the set stays valid.
"""

from __future__ import annotations

from itertools import permutations
from typing import Iterable, Sequence

from ..rules.board import Board, Cell, Line
from ..rules.melds import arrange, check_line, check_set
from ..rules.tiles import colour_index, is_joker, number_of

MAX_SPLIT_TILES = 6  # more tiles than this are not shared out between both ends of a set


def natural_key(t: int) -> tuple[int, int, int]:
    """Jokers last, then by number, then colour."""
    return (1 if is_joker(t) else 0, number_of(t), colour_index(t))


def set_order(tiles: Sequence[int]) -> list[int]:
    """The order a new set goes on the table: the core's arrangement when the tiles form a
    valid set, else by number (jokers last)."""
    tiles = [int(t) for t in tiles]
    if check_set(tiles):
        return list(arrange(tiles))
    return sorted(tiles, key=natural_key)


def _orders(side: Sequence[int]) -> list[list[int]]:
    """Orders worth trying for tiles going to one end of a set."""
    side = sorted(side, key=natural_key)
    if len(side) <= 1:
        return [list(side)]
    if len(side) <= 4 and any(is_joker(t) for t in side):
        seen, out = set(), []
        for p in permutations(side):
            if p not in seen:
                seen.add(p)
                out.append(list(p))
        return out
    return [side, side[::-1]]


def extended_orders(line: Sequence[int], adding: Sequence[int]) -> list[tuple[list[int], int]]:
    """Candidate tables orders for ``line`` with ``adding`` tiles added, the existing tiles kept
    together and in order: ``(order, how many new tiles go before the old ones)``, the
    preferred first (everything at the right end, then at the left, then shared out)."""
    line, adding = list(line), list(adding)
    out: list[tuple[list[int], int]] = []
    seen: set[tuple[int, ...]] = set()

    def add(order: list[int], k: int) -> None:
        key = tuple(order)
        if key not in seen:
            seen.add(key)
            out.append((order, k))

    for right in _orders(adding):
        add(line + right, 0)
    for left in _orders(adding):
        add(left + line, len(left))
    n = len(adding)
    if 1 < n <= MAX_SPLIT_TILES:
        for mask in range(1, 2 ** n - 1):
            left = [t for i, t in enumerate(adding) if mask >> i & 1]
            right = [t for i, t in enumerate(adding) if not mask >> i & 1]
            for lo in _orders(left):
                for ro in _orders(right):
                    add(lo + line + ro, len(lo))
    return out


def add_order(line: Sequence[int], adding: Sequence[int]) -> tuple[list[int], int, bool]:
    """The order of a set with tiles added: ``(order, tiles before the old ones, valid)``.
    The first candidate the core accepts; else the core's own arrangement of all the tiles
    (when that is valid, the old tiles may be moved apart); else everything at the right end."""
    line, adding = [int(t) for t in line], [int(t) for t in adding]
    for order, k in extended_orders(line, adding):
        if check_line(order):
            return order, k, True
    both = line + adding
    if check_set(both):
        order = list(arrange(both))
        first = min(order.index(t) for t in line)
        return order, first, True
    return line + sorted(adding, key=natural_key), 0, False


def _free(board: Board, cell: Cell, moving: set[int]) -> bool:
    t = board.get(cell)
    return t is None or t in moving


def fits(board: Board, row: int, start: int, length: int, width: int, moving: set[int],
         avoid: set[Cell] = frozenset()) -> bool:
    """``length`` tiles fit at ``(row, start)`` as a line of their own (an empty cell or the
    table's edge on each side), counting cells of ``moving`` tiles as free."""
    if start < 0 or start + length > width or row < 0:
        return False
    for c in range(start - 1, start + length + 1):
        if 0 <= c < width and not _free(board, (row, c), moving):
            return False
    return not any((row, c) in avoid for c in range(start, start + length))


def free_start(board: Board, length: int, width: int, moving: Iterable[int] = (), avoid: Iterable[Cell] = ()) -> Cell:
    """A place for a new line of ``length`` tiles (reading order), with the ``moving`` tiles
    treated as gone."""
    moving = set(moving)
    rest = Board({c: t for c, t in board.cells.items() if t not in moving})
    return rest.free_slot(length, width, avoid=avoid)


def near_start(board: Board, row: int, want: int, length: int, width: int, moving: set[int],
               avoid: set[Cell] = frozenset()) -> int | None:
    """The start column in ``row`` nearest ``want`` where the line fits (None when none does)."""
    starts = sorted(range(0, max(0, width - length) + 1), key=lambda s: (abs(s - want), s))
    return next((s for s in starts if fits(board, row, s, length, width, moving, avoid)), None)


def push_fit(board: Board, row: int, start: int, length: int, width: int, moving: set[int],
             avoid: set[Cell] = frozenset()) -> dict[int, Cell] | None:
    """Room for ``length`` tiles at ``(row, start)`` made by pushing the tiles after them in
    the row to the right (as far as needed, keeping the gaps between sets): the pushed
    tiles' new cells, or None when the left neighbour touches or the row is too short."""
    if start < 0 or start + length > width:
        return None
    if any((row, c) in avoid for c in range(start, start + length)):
        return None
    if start > 0 and not _free(board, (row, start - 1), moving):
        return None
    after = sorted((c, t) for (r, c), t in board.cells.items() if r == row and c >= start and t not in moving)
    out: dict[int, Cell] = {}
    prev_old = prev_new = None
    for c, t in after:
        if prev_old is None:
            need = start + length + 1  # an empty cell after the new line
        elif c == prev_old + 1:
            need = prev_new + 1  # touching tiles stay together
        else:
            need = prev_new + 2  # separate sets stay apart
        nc = max(c, need)
        if nc >= width or (row, nc) in avoid:
            return None
        if nc != c:
            out[t] = (row, nc)
        prev_old, prev_new = c, nc
    return out


def line_cells(start: Cell, length: int) -> list[Cell]:
    return [(start[0], start[1] + i) for i in range(length)]


def plan_new_set(board: Board, tiles: Sequence[int], width: int, avoid: Iterable[Cell] = ()) -> tuple[dict[int, Cell], bool]:
    """``({tile: cell}, valid)`` for the tiles laid as a new set in a free place."""
    order = set_order(tiles)
    start = free_start(board, len(order), width, moving=order, avoid=avoid)
    return dict(zip(order, line_cells(start, len(order)))), bool(check_line(order))


def plan_add(board: Board, line: Line, adding: Sequence[int], width: int, avoid: Iterable[Cell] = ()) -> tuple[dict[int, Cell], bool]:
    """``({tile: cell}, valid)`` for ``adding`` joined to the set ``line``: in the order the core
    accepts (when there is one), where the set is when there is room around it, else moved to
    the nearest place in its row, else to a free place."""
    adding = [int(t) for t in adding if int(t) not in line.tiles]
    order, k, ok = add_order(line.tiles, adding)
    moving = set(order)
    avoid = set(avoid)
    row, c0 = line.cells[0]
    return _settle(board, order, row, max(0, c0 - k), width, moving, avoid), ok


def _settle(board: Board, order: list[int], row: int, want: int, width: int, moving: set[int], avoid: set[Cell]) -> dict[int, Cell]:
    """Cells for a line wanted at ``(row, want)``: there when it fits, else there with the sets
    after it pushed right, else the nearest place in the row, else a free place."""
    n = len(order)
    if fits(board, row, want, n, width, moving, avoid):
        return dict(zip(order, line_cells((row, want), n)))
    pushed = push_fit(board, row, want, n, width, moving, avoid)
    if pushed is not None:
        return {**pushed, **dict(zip(order, line_cells((row, want), n)))}
    start = near_start(board, row, want, n, width, moving, avoid)
    cell = (row, start) if start is not None else free_start(board, n, width, moving, avoid)
    return dict(zip(order, line_cells(cell, n)))


def plan_split(board: Board, line: Line, gap: int, width: int, avoid: Iterable[Cell] = ()) -> dict[int, Cell] | None:
    """Cut ``line`` before its tile ``gap`` (1 .. len-1): the right part moves one cell right,
    or the left part one cell left, or the right part moves right pushing the sets after it,
    or (no room in the row) it goes to a free place.  None when ``gap`` does not cut the line."""
    n = len(line.tiles)
    if not 1 <= gap < n:
        return None
    avoid = set(avoid)
    left, right = list(line.tiles[:gap]), list(line.tiles[gap:])
    row, c0 = line.cells[0]
    rstart = c0 + gap
    if fits(board, row, rstart + 1, len(right), width, set(right), avoid):
        return dict(zip(right, line_cells((row, rstart + 1), len(right))))
    if fits(board, row, c0 - 1, len(left), width, set(left), avoid):
        return dict(zip(left, line_cells((row, c0 - 1), len(left))))
    return _settle(board, right, row, rstart + 1, width, set(right), avoid)


def gap_for(line: Line, centres_x: Sequence[float], x: float) -> int:
    """The cut nearest the pointer at ``x`` over a line whose tiles' centres are ``centres_x``:
    the number of tiles left of the cut (0 or len when the pointer is past an end tile's middle)."""
    return sum(1 for cx in centres_x if cx < x)


def can_stand_in(line: Line, index: int, tile: int) -> bool:
    """The core's word on whether ``tile`` may take the place of the joker at ``index``."""
    tiles = list(line.tiles)
    if not 0 <= index < len(tiles) or not is_joker(tiles[index]) or is_joker(tile):
        return False
    tiles[index] = int(tile)
    return bool(check_line(tiles))
