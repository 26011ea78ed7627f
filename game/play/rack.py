"""The person's rack as the play screen shows it: which slot (row, column) each tile sits in.

``RackLayout`` is one part of ``game.play.session.Session``: it keeps ``rack_slots`` in step with the
viewer's rack in the game state, finds free slots, sorts, and pushes tiles aside on a drop.
Pure Python: no pygame here.
"""

from __future__ import annotations

import math

from . import draft as draft_edit
from ..rules.board import Board, Cell
from ..rules.state import GameState
from ..rules.tiles import colour_index, sort_key_groups, sort_key_runs

RACK_ROWS = 2
RACK_MIN_COLS = 16


class RackLayout:
    """The rack slots of the session's viewer (mixed into ``Session``, which sets these fields)."""

    state: GameState
    viewer: int
    rack_cols: int
    rack_slots: dict[int, Cell]
    draft: Board | None
    _turn_rack: dict[int, Cell]
    version: int

    def _push_undo(self) -> None:  # the session's undo stack
        raise NotImplementedError

    def _restore_rack(self, slots: dict, cols: int | None) -> None:
        rack = set(self.state.players[self.viewer].rack)
        self.rack_cols = max(RACK_MIN_COLS, cols or RACK_MIN_COLS)
        used = set()
        for t, (r, c) in slots.items():
            if t in rack and 0 <= r < RACK_ROWS and 0 <= c < 200 and (r, c) not in used:
                self.rack_slots[t] = (r, c)
                used.add((r, c))
                self.rack_cols = max(self.rack_cols, c + 1)

    def saved_slots(self) -> dict[int, Cell]:
        """Rack positions to save: during a turn, those from the turn's start."""
        return dict(self._turn_rack) if self.draft is not None else dict(self.rack_slots)

    def _needed_cols(self, n: int) -> int:
        return max(RACK_MIN_COLS, math.ceil((n + 2) / RACK_ROWS))

    def _free_rack_slot(self, after: Cell | None = None) -> Cell:
        used = set(self.rack_slots.values())
        order = [(r, c) for r in range(RACK_ROWS) for c in range(self.rack_cols)]
        start = 0
        if after is not None and after in order:
            start = order.index(after) + 1
        for cell in order[start:] + order[:start]:
            if cell not in used:
                return cell
        self.rack_cols += 1
        return self._free_rack_slot(after)

    def _sync_rack(self, initial: bool = False) -> list[int]:
        """Make the rack slots match the viewer's rack; returns tiles newly added."""
        rack = list(self.state.players[self.viewer].rack)
        present = set(rack)
        for t in [t for t in self.rack_slots if t not in present]:
            del self.rack_slots[t]
        new = [t for t in rack if t not in self.rack_slots]
        self.rack_cols = max(self.rack_cols, self._needed_cols(len(rack)))
        if initial or (new and not self.rack_slots):
            self.rack_slots = {}
            self.rack_cols = self._needed_cols(len(rack))
            self._fill_sorted(rack, sort_key_runs)
            return new
        last = max(self.rack_slots.values(), default=None)
        for t in new:
            cell = self._free_rack_slot(last)
            self.rack_slots[t] = cell
            last = cell
        return new

    def _fill_sorted(self, tiles: list[int], key) -> None:
        tiles = sorted(tiles, key=key)
        self.rack_cols = max(self.rack_cols, self._needed_cols(len(tiles)))
        if key is sort_key_runs:
            rows = self._colour_rows(tiles)
            if rows is not None:
                for r, row in enumerate(rows):
                    for c, t in enumerate(row):
                        if t is not None:
                            self.rack_slots[t] = (r, c)
                return
        per_row = math.ceil(len(tiles) / RACK_ROWS) if tiles else 0
        for i, t in enumerate(tiles):
            self.rack_slots[t] = (i // per_row, i % per_row) if per_row else (0, 0)

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
                if max(widths) > self.rack_cols:
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

    def rack_tiles(self) -> list[int]:
        """Tiles on the viewer's rack as displayed (in slot order)."""
        return sorted(self.rack_slots, key=lambda t: self.rack_slots[t])

    def sort_rack(self, how: str) -> None:
        """Sort by ``runs`` (colour, then number) or ``groups`` (number, then colour)."""
        key = sort_key_groups if how == "groups" else sort_key_runs
        if self.draft is not None:
            self._push_undo()
        tiles = list(self.rack_slots)
        self.rack_slots = {}
        self._fill_sorted(tiles, key)
        self.version += 1

    def _place_rack(self, tiles: list[int], r: int, c: int) -> bool:
        row = {cc: t for t, (rr, cc) in self.rack_slots.items() if rr == r}
        pushed = draft_edit.push_row(row, c, len(tiles), keep_gaps=False, limit=None)
        for t in row.values():
            del self.rack_slots[t]
        for i, t in enumerate(tiles):
            pushed[c + i] = t
        spill = []
        for cc, t in sorted(pushed.items()):
            if cc >= self.rack_cols:
                spill.append(t)
            else:
                self.rack_slots[t] = (r, cc)
        for t in spill:
            self.rack_slots[t] = self._free_rack_slot()
        return True
