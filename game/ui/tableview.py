"""The flat table seen through a camera: zoom and scroll, as on the Rummi200kub board
(``boardview``, whose camera this reuses), on a table of rows of ``grid_width`` cells.

- **Fit** (the default; the Fit button or ``Home``/``0``): the table's 19 columns across the
  felt and the rows it had as the turn began (``draft.rows_at_turn_start``), as before there
  was a camera.  The tile size is taken again only between turns, or when Fit is pressed
  (then every row the table has now fits).
- **Zoom**: the mouse wheel (around the pointer), ``+``/``-`` or the buttons in the status
  band; never out further than the whole table.
- **Scroll**: drag empty felt with the left button, or anywhere with the right or middle
  button; Shift or Ctrl with the arrow keys; tiles held at an edge of the felt scroll it that
  way; the keyboard cursor is followed.
- **Following**: when a play (the player's, or a computer's played out step by step) needs
  more rows than the view shows, the view keeps the tile size and scrolls to what changes;
  between turns it fits again (unless the player zoomed or scrolled it themselves).

The buttons sit in the status band, left of the action buttons: they never cover a tile.
"""

from __future__ import annotations

import math

import pygame

from ..play.events import TurnBegan
from . import variant_ui
from .boardview import MAX_ZOOM, TIPS, BoardView, felt_clip, felt_inner
from .playlayout import ROW_GAP, Grid
from .tileart import ASPECT

ROW_RATIO = ASPECT * (1 + ROW_GAP)  # a row's pitch over a column's on the flat table
EDGE_SCROLL = 6.0  # cells a second the table scrolls under tiles held at its edge
EDGE_WAIT = 0.3  # seconds they are held there first
TABLE_TIPS = {**TIPS, "centre": "Fit the whole table (Home)"}


def applies(variant) -> bool:
    return variant.flat_table


def fit_pitch(inner: pygame.Rect, cols: int, rows: int) -> float:
    """The cell pitch (pixels) that shows ``cols`` columns and ``rows`` rows in ``inner``."""
    return min(inner.w / max(1, cols), inner.h / (max(1, rows) * ROW_RATIO))


def tile_width(pitch: float) -> int:
    return max(8, int(pitch * 0.94))


def fit_view(inner: pygame.Rect, cols: int, fit_rows: int) -> tuple[float, float, float]:
    """The fit view's camera (pitch, centre column, centre row) for a table of ``cols`` columns
    whose ``fit_rows`` first rows must show: the rows from the top, as many as the felt holds at
    that size (``2 * centre row`` of them), centred across."""
    px = fit_pitch(inner, cols, fit_rows)
    shown = max(fit_rows, int(inner.h / (px * ROW_RATIO) + 1e-6))
    return px, cols / 2, shown / 2


def screen_fit(lay, fit_rows: int) -> tuple[int, int]:
    """(tile width, rows in view) of the fit view of ``fit_rows`` rows in a play-screen layout
    ``lay`` (computed with the rows the table needs), as ``TableView`` shows it: what ``python -m
    game.bench table`` measures."""
    px, _cx, cy = fit_view(felt_inner(lay.table, lay.s), lay.grid.cols, fit_rows)
    return tile_width(px), round(2 * cy)


class TableView(BoardView):
    """A play-screen plugin (see ``variant_ui``): the camera over a flat table."""

    row_ratio = ROW_RATIO
    tips = TABLE_TIPS
    centre_label = "Fit"
    keys = "table"  # the keymap's context: the board's keys without across / down

    def __init__(self, scene) -> None:
        super().__init__(scene)
        self.fit_all = False  # Fit pressed this turn: every row the table has now, not the turn's start
        self.own_camera = False  # the player zoomed or scrolled (kept between turns)
        self._seen: dict = {}  # the table at the last change the view looked at
        self._seen_version = None
        self._step_seen = None
        self._edge_held = 0.0  # seconds tiles have been held at an edge of the felt

    # -- the camera ----------------------------------------------------------------------------------
    def layout_key(self):
        playing = self.scene.turnshow.playing  # the extent takes a row more meanwhile
        if self.auto:
            return ("fit", self.fit_all, playing)
        return ("cam", round(self.px, 3), round(self.cx, 4), round(self.cy, 4), playing)

    def adjust_layout(self, lay) -> None:
        """The grid as the camera shows it: ``lay.grid``'s columns and rows (every row the table
        needs this turn) are the table's extent; the tile size is the fit view's of the rows the
        turn began with."""
        s = lay.s
        inner = self.inner = felt_inner(lay.table, s)
        cols, rows = lay.grid.cols, lay.grid.rows
        if self.scene.turnshow.playing:  # an empty row below the last: the steps land above the caption
            sess = self.session
            rows = max([rows] + [r + 2 for r, _ in sess.table().cells] + [r + 2 for r, _ in sess.state.board.cells])
        self.world = (0, 0, rows, cols)
        fit_rows = rows if self.fit_all else min(rows, self.scene.table_rows_base())
        self.fit = fit_view(inner, cols, fit_rows)
        fit_px = self.fit[0]
        self.min_px = min(fit_px, fit_pitch(inner, cols, rows))
        self.max_px = max(MAX_ZOOM * s / 0.94, fit_px)
        if self.auto:
            px, cx, cy = self.fit
        else:
            px, cx, cy = self.clamped(self.px, self.cx, self.cy)
        lay.grid = self.grid_for(px, cx, cy)
        lay.extra["own_grid"] = True
        lay.extra["table_clip"] = felt_clip(lay.table, s)
        lay.extra["world"] = self.world

    def clamped(self, px: float, cx: float, cy: float) -> tuple[float, float, float]:
        """The camera kept on the table: never past its edges; a table smaller than the view
        is shown from its top row, across the middle."""
        px = max(self.min_px, min(self.max_px, px))
        _r0, _c0, rows, cols = self.world
        half_c = self.inner.w / 2 / px
        half_r = self.inner.h / 2 / (px * ROW_RATIO)
        cx = cols / 2 if 2 * half_c >= cols else min(max(cx, half_c), cols - half_c)
        if 2 * half_r >= rows:
            cy = max(rows, int(2 * half_r + 1e-6)) / 2
        else:
            cy = min(max(cy, half_r), rows - half_r)
        return px, cx, cy

    def grid_for(self, px: float, cx: float, cy: float) -> Grid:
        inner = self.inner
        py = px * ROW_RATIO
        tile_w = tile_width(px)
        _r0, _c0, rows, cols = self.world
        rows = max(rows, int(cy + inner.h / 2 / py + 1e-6))  # the empty rows in view take tiles too
        x0 = inner.centerx - cx * px + (px - tile_w) / 2
        y0 = inner.centery - cy * py + (py - tile_w * ASPECT) / 2
        return Grid(x0, y0, px, py, tile_w, cols, rows, 0, 0)

    def set_camera(self, px: float, cx: float, cy: float) -> None:
        self.px, self.cx, self.cy = self.clamped(px, cx, cy)
        self.auto = False
        self.moved()

    def zoom(self, factor: float, at=None) -> None:
        self.own_camera = True
        super().zoom(factor, at)

    def pan_by(self, dx: float, dy: float) -> None:
        self.own_camera = True
        super().pan_by(dx, dy)

    def centre(self) -> None:
        """Fit: the whole table as it is now, its tiles sized for it."""
        self.auto = True
        self.fit_all = True
        self.own_camera = False
        self.moved()

    def refit(self) -> None:
        """Between turns: the fit view of the rows the new turn begins with, unless the player
        set the camera themselves (then it only stays on the table)."""
        self.fit_all = False
        if not self.own_camera:
            self.auto = True
        self.moved()

    def show_cells(self, cells, margin: float = 0.3, keep=(), zoom_out: bool = False) -> None:
        """Scroll so ``cells`` are in view, the tile size kept (as much of them as fits)."""
        super().show_cells(cells, margin, (), zoom_out=False)

    def marked(self, g: Grid) -> tuple[range, range]:
        """The table's cells in view (its columns, and every row it has or shows)."""
        vr0, vc0, vr1, vc1 = self.visible_cells()
        return (range(max(0, math.floor(vr0)), min(g.rows, math.ceil(vr1))),
                range(max(0, math.floor(vc0)), min(g.cols, math.ceil(vc1))))

    # -- following what changes ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the keyboard cursor stays in view
        sc = self.scene
        if sc.drag is not None:
            self.edge_scroll(sc.drag.pos, dt)
        else:
            self._edge_held = 0.0
        pb = sc.turnshow.pb
        if pb is not None and pb.shown is not None and (id(pb), pb.idx) != self._step_seen:
            self._step_seen = (id(pb), pb.idx)  # a computer's turn (or one from the log), step by step
            cells = [tuple(c) for cells in pb.shown.lines for c in cells]
            if cells:
                lay = sc.layout()
                over = self.inner.bottom - sc.turnshow.caption_rect(lay, pb).y  # the step's caption, at the foot
                self.show_cells(cells, margin=max(0.3, over / lay.grid.py + 0.15))
        sess = self.session
        if sess.version != self._seen_version:
            self._seen_version = sess.version
            now = dict(sess.table().cells)
            changed = [c for c, t in now.items() if self._seen.get(c) != t]
            self._seen = now
            if changed and pb is None and sc.drag is None:
                self.show_cells(changed)  # the player's move, or a play shown at once

    def edge_scroll(self, pos, dt: float) -> None:
        """Tiles held near an edge of the felt scroll the table that way (where there is more of
        it), so a drop can reach any cell of a zoomed table."""
        lay = self.scene.layout()
        clip = felt_clip(lay.table, lay.s)
        if not clip.collidepoint(pos):
            return
        band = lay.grid.tile_w * 0.6
        r0, c0, r1, c1 = self.visible_cells()
        _wr0, _wc0, rows, cols = self.world
        dx = -1 if pos[0] < clip.x + band and c0 > 0.01 else 1 if pos[0] > clip.right - band and c1 < cols - 0.01 else 0
        dy = -1 if pos[1] < clip.y + band and r0 > 0.01 else 1 if pos[1] > clip.bottom - band and r1 < rows - 0.01 else 0
        self._edge_held = self._edge_held + dt if dx or dy else 0.0
        if self._edge_held >= EDGE_WAIT:  # held there, not passing through on the way in
            px, cx, cy = self.current()
            self.own_camera = True
            self.set_camera(px, cx + dx * EDGE_SCROLL * dt, cy + dy * EDGE_SCROLL * dt)

    def on_event(self, ev) -> None:
        if isinstance(ev, TurnBegan):
            sc = self.scene
            sc.schedule(max(0.0, sc.busy_until - sc.time), self.refit)
        return None

    # -- input -----------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION and self.pan is not None and self.scene.drag is not None:
            self.pan = None  # a set picked up by its grip: the drag is the set's, not the view's
            return False
        return super().handle(ev)

    def toggle_orientation(self) -> None:
        return None  # sets on a flat table always lie along a row

    def controls_tip(self) -> str | None:
        return None  # the flat table's own tips

    # -- the buttons -----------------------------------------------------------------------------
    def buttons(self, lay) -> dict[str, pygame.Rect]:
        """-, + and Fit at the right of the status band, left of the action buttons' column
        (the click controls' buttons stand over that column): never over the table."""
        s = lay.s
        h = max(20, lay.status.h - int(4 * s))
        gap = int(6 * s)
        y = lay.status.centery - h // 2
        widths = [("zoom_out", h), ("zoom_in", h), ("centre", int(70 * s))]
        x = lay.buttons["runs"].x - int(12 * s) - sum(w for _, w in widths) - gap * (len(widths) - 1)
        out = {}
        for name, w in widths:
            out[name] = pygame.Rect(x, y, w, h)
            x += w + gap
        return out

    def status_right(self, lay) -> int:
        return min(r.x for r in self.buttons(lay).values()) - int(10 * lay.s)


variant_ui.register_general(TableView, applies)
