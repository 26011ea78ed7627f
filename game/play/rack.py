"""The person's rack as the play screen shows it: which slot (row, column) each tile sits in.

``Rack`` is a part ``game.play.session.Session`` owns (``session.rack``): it keeps its ``slots``
in step with the viewer's rack in the game state (``sync``), finds free slots, sorts, pushes
tiles aside on a drop, and remembers the slots as the person's turn began.  A sort is the
person's own edit: the rack tells its owner first (``on_edit``), which keeps an undo step.
Pure Python: no pygame here.
"""

from __future__ import annotations

import math
from typing import Callable, Iterable

from . import draft as draft_edit
from ..rules.board import Cell
from ..rules.tiles import colour_index, sort_key_groups, sort_key_runs

RACK_ROWS = 2
RACK_MIN_COLS = 16
MAX_RACK_COLS = 200  # a saved slot further right than this is damaged


class Rack:
    """The rack slots of the session's viewer: ``slots`` maps each tile to its (row, column), ``cols``
    is how wide the rack is, ``turn_start`` the slots as the person's turn began (None outside it)."""

    def __init__(self, on_edit: Callable[[], None] = lambda: None) -> None:
        self.cols = RACK_MIN_COLS
        self.slots: dict[int, Cell] = {}
        self.turn_start: dict[int, Cell] | None = None
        self._on_edit = on_edit  # called before the person rearranges the rack (``sort``)

    def restore(self, tiles: Iterable[int], slots: dict, cols: int | None) -> None:
        """Saved slots for the tiles of ``tiles`` (the viewer's rack); damaged or foreign ones are skipped."""
        rack = set(tiles)
        self.cols = max(RACK_MIN_COLS, cols or RACK_MIN_COLS)
        used = set()
        for t, (r, c) in slots.items():
            if t in rack and 0 <= r < RACK_ROWS and 0 <= c < MAX_RACK_COLS and (r, c) not in used:
                self.slots[t] = (r, c)
                used.add((r, c))
                self.cols = max(self.cols, c + 1)

    def arrange(self, slots: dict[int, Cell], cols: int = 0) -> None:
        """Put the tiles in exactly these slots (an undo, a turn put back, a saved turn), the rack
        at least ``cols`` wide and wide enough for them."""
        self.slots = dict(slots)
        needed = max((c for _, c in self.slots.values()), default=-1) + 1
        self.cols = max(self.cols, needed, cols)

    # -- the person's turn ----------------------------------------------------------------------
    def begin_turn(self, active: bool) -> None:
        """A turn began: the person's own (``active``: its slots are remembered) or another's."""
        self.turn_start = dict(self.slots) if active else None

    def back_to_turn_start(self) -> None:
        """Every tile back in its slot from the start of the turn (tiles gained since are not placed)."""
        self.slots = dict(self.turn_start or {})

    @property
    def moved(self) -> bool:
        """A tile is in another slot than when the person's turn began."""
        return self.turn_start is not None and self.slots != self.turn_start

    def saved(self) -> dict[int, Cell]:
        """Rack positions to save: during the person's turn, those from the turn's start."""
        return dict(self.turn_start if self.turn_start is not None else self.slots)

    # -- tiles in and out ---------------------------------------------------------------------------
    def take(self, tiles: Iterable[int]) -> None:
        """These tiles leave the rack (those not on it are ignored)."""
        for t in tiles:
            self.slots.pop(t, None)

    def put(self, tile: int, cell: Cell) -> None:
        """One tile into this slot (the caller knows it is free)."""
        self.slots[tile] = cell

    def add(self, tiles: Iterable[int]) -> None:
        """Tiles not on the rack yet go into free slots, one after another after the last tile."""
        last = max(self.slots.values(), default=None)
        for t in tiles:
            if t not in self.slots:
                last = self.slots[t] = self.free_slot(last)

    def _needed_cols(self, n: int) -> int:
        return max(RACK_MIN_COLS, math.ceil((n + 2) / RACK_ROWS))

    def free_slot(self, after: Cell | None = None) -> Cell:
        """The first free slot after ``after`` (reading row by row, round to the start); the rack
        grows a column when it is full."""
        used = set(self.slots.values())
        order = [(r, c) for r in range(RACK_ROWS) for c in range(self.cols)]
        start = 0
        if after is not None and after in order:
            start = order.index(after) + 1
        for cell in order[start:] + order[:start]:
            if cell not in used:
                return cell
        self.cols += 1
        return self.free_slot(after)

    def sync(self, tiles: Iterable[int], initial: bool = False) -> list[int]:
        """Make the slots match ``tiles`` (the viewer's rack in the game state); returns tiles newly
        added.  ``initial`` (a new deal) lays the whole rack out sorted by runs."""
        rack = list(tiles)
        present = set(rack)
        for t in [t for t in self.slots if t not in present]:
            del self.slots[t]
        new = [t for t in rack if t not in self.slots]
        self.cols = max(self.cols, self._needed_cols(len(rack)))
        if initial or (new and not self.slots):
            self.slots = {}
            self.cols = self._needed_cols(len(rack))
            self._fill_sorted(rack, sort_key_runs)
            return new
        self.add(new)
        return new

    def _fill_sorted(self, tiles: list[int], key) -> None:
        tiles = sorted(tiles, key=key)
        self.cols = max(self.cols, self._needed_cols(len(tiles)))
        if key is sort_key_runs:
            rows = self._colour_rows(tiles)
            if rows is not None:
                for r, row in enumerate(rows):
                    for c, t in enumerate(row):
                        if t is not None:
                            self.slots[t] = (r, c)
                return
        per_row = math.ceil(len(tiles) / RACK_ROWS) if tiles else 0
        for i, t in enumerate(tiles):
            self.slots[t] = (i // per_row, i % per_row) if per_row else (0, 0)

    def _colour_rows(self, tiles: list[int]) -> list[list[int | None]] | None:
        """Tiles sorted by runs laid out so each colour (and the jokers) stays on one row, an
        empty slot between colours where there is room, the rows as even as they can be;
        None when the colours cannot all keep to one row."""
        blocks: list[list[int]] = []
        for t in tiles:
            if blocks and colour_index(blocks[-1][-1]) == colour_index(t):
                blocks[-1].append(t)
            else:
                blocks.append([t])
        best = None
        for k in range(len(blocks) + 1):
            parts = [blocks[:k], blocks[k:]]
            for gap in (1, 0):
                widths = [sum(len(b) for b in p) + gap * max(0, len(p) - 1) for p in parts]
                if max(widths) > self.cols:
                    continue
                score = (-gap, abs(widths[0] - widths[1]), -widths[0])
                if best is None or score < best[0]:
                    best = (score, parts, gap)
        if best is None:
            return None
        _, parts, gap = best
        rows: list[list[int | None]] = []
        for p in parts:
            row: list[int | None] = []
            for i, b in enumerate(p):
                row += ([None] * gap if i else []) + list(b)
            rows.append(row)
        return rows

    def tiles(self) -> list[int]:
        """Tiles on the rack as displayed (in slot order)."""
        return sorted(self.slots, key=lambda t: self.slots[t])

    def sort(self, how: str) -> None:
        """Sort by ``runs`` (colour, then number) or ``groups`` (number, then colour)."""
        key = sort_key_groups if how == "groups" else sort_key_runs
        self._on_edit()
        tiles = list(self.slots)
        self.slots = {}
        self._fill_sorted(tiles, key)

    def place(self, tiles: list[int], r: int, c: int) -> None:
        """Put ``tiles`` side by side from slot (r, c), pushing the row's tiles aside; those pushed
        past the end go to free slots."""
        row = {cc: t for t, (rr, cc) in self.slots.items() if rr == r}
        pushed = draft_edit.push_row(row, c, len(tiles), keep_gaps=False, limit=None)
        for t in row.values():
            del self.slots[t]
        for i, t in enumerate(tiles):
            pushed[c + i] = t
        spill = []
        for cc, t in sorted(pushed.items()):
            if cc >= self.cols:
                spill.append(t)
            else:
                self.slots[t] = (r, cc)
        for t in spill:
            self.slots[t] = self.free_slot()
