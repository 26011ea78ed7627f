"""Where the claims are on screen: the box of a tile on the board, the rectangle of a set, the
board set under the pointer.  A part with no state of its own."""

from __future__ import annotations

import pygame

from .. import variant_ui
from ..boardview import BoardView
from ..tileart import ASPECT
from .data import ClaimsData


class ClaimsPlaces:
    """The claims' geometry over the board view's camera."""

    def __init__(self, scene, data: ClaimsData) -> None:
        self.scene = scene
        self.data = data

    def tile_box(self, cell, tile: int | None, lay) -> tuple[float, float, int] | None:
        """Where the tile on ``cell`` is drawn now: (x, y, w); None when it is not on the board."""
        sp = self.scene.sprites.get(tile) if tile is not None else None
        if sp is not None and tile in self.data.table_tiles():
            return (sp.pos[0], sp.pos[1], sp.w)
        if tile is None:
            g = lay.grid
            x, y = g.cell_pos(tuple(cell))
            return (x, y, g.tile_w)
        return None

    def set_rect(self, cells, tiles, lay, pad: float = 0.12) -> pygame.Rect | None:
        boxes = [self.tile_box(c, t, lay) for c, t in zip(cells, tiles)]
        boxes = [b for b in boxes if b is not None]
        if not boxes:
            return None
        w = boxes[0][2]
        p = max(3, int(w * pad))
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[0] + b[2] for b in boxes)
        y1 = max(b[1] + b[2] * ASPECT for b in boxes)
        return pygame.Rect(int(x0) - p, int(y0) - p, int(x1 - x0) + 2 * p, int(y1 - y0) + 2 * p)

    def seat_box(self, lay, seat: int):
        """The panel of ``seat`` (the viewer's own below the rack, an opponent's round the table)."""
        if seat == self.data.session.viewer:
            return lay.me
        return lay.seats.get(seat, lay.me)

    def board_view(self) -> BoardView | None:
        """The board's camera and toolbar (the part of the screen's plugin that is a ``BoardView``)."""
        return variant_ui.find(self.scene.plugin, BoardView)

    def line_at(self, pos, focused: str | None = None):
        """The board set under ``pos`` (where two cross: the ``focused`` set's key, else one
        that can be claimed, else the first)."""
        lay = self.scene.layout()
        clip = lay.extra.get("table_clip") or lay.table
        if not clip.collidepoint(pos):
            return None
        board = self.board_view()
        if board is not None and board.button_at(pos) is not None:
            return None  # the board's toolbar is over it
        cell = lay.grid.cell_at(pos)
        if cell is None or self.data.session.state.board.get(cell) is None:
            return None
        here = [ln for ln in self.data.board_sets() if cell in ln.cells]
        if not here:
            return None
        keys = {self.data.key_of(ln): ln for ln in here}
        if focused in keys:
            return keys[focused]
        for o in self.data.options():
            if o["key"] in keys:
                return keys[o["key"]]
        return here[0]
