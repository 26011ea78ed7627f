"""Where everything on the play screen goes, for one window size.

Pure geometry: the header, the opponents' seats around the table, the table's
grid (28 columns, as many rows as the table needs, scaled to fit), the rack
(two rows of slots), the player's own panel and the action buttons.  The
layout is recomputed only when its inputs change.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import theme
from .tileart import ASPECT

BUTTONS = ("runs", "groups", "hint", "undo", "reset", "end")
ROW_GAP = 0.16  # the flat table's rows: a gap of this much of a tile's height between them


@dataclass
class SeatBox:
    seat: int
    where: str  # "left", "top", "right", "bottom"
    rect: pygame.Rect
    face_center: tuple[int, int]
    face_size: int
    anchor: tuple[int, int]  # where this seat's tiles come from / go to


@dataclass
class Grid:
    """A grid of cells on screen: cell (r, c) has its top-left at
    ``(x0 + (c - col0) * px, y0 + (r - row0) * py)``."""

    x0: float
    y0: float
    px: float
    py: float
    tile_w: int
    cols: int
    rows: int
    row0: int = 0
    col0: int = 0

    def cell_pos(self, cell) -> tuple[float, float]:
        r, c = cell
        return (self.x0 + (c - self.col0) * self.px, self.y0 + (r - self.row0) * self.py)

    def cell_rect(self, cell) -> pygame.Rect:
        x, y = self.cell_pos(cell)
        return pygame.Rect(int(x), int(y), self.tile_w, int(round(self.tile_w * ASPECT)))

    def cell_at(self, pos, clamp: bool = False) -> tuple[int, int] | None:
        """The cell whose tile-sized box holds ``pos`` (None outside the grid)."""
        x, y = pos
        c = int((x - self.x0) // self.px) + self.col0
        r = int((y - self.y0) // self.py) + self.row0
        if clamp:
            r = max(self.row0, min(self.row0 + self.rows - 1, r))
            c = max(self.col0, min(self.col0 + self.cols - 1, c))
        if not (self.row0 <= r < self.row0 + self.rows and self.col0 <= c < self.col0 + self.cols):
            return None
        return (r, c)

    def nearest_cell(self, top_left) -> tuple[int, int]:
        """The cell a tile dropped with its top-left at ``top_left`` snaps to."""
        x, y = top_left
        c = int(round((x - self.x0) / self.px)) + self.col0
        r = int(round((y - self.y0) / self.py)) + self.row0
        return (r, c)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(int(self.x0), int(self.y0), int(self.px * self.cols), int(self.py * self.rows))


@dataclass
class PlayLayout:
    size: tuple[int, int]
    s: float
    header: pygame.Rect
    table: pygame.Rect
    grid: Grid
    status: pygame.Rect
    bottom: pygame.Rect
    me: SeatBox
    seats: dict[int, SeatBox]
    rack: pygame.Rect
    rack_grid: Grid
    buttons: dict[str, pygame.Rect]
    pool: pygame.Rect
    menu: pygame.Rect
    info: list[pygame.Rect] = field(default_factory=list)  # where the rule set's status lines go
    extra: dict = field(default_factory=dict)


def seat_places(n: int, viewer: int, direction: int) -> dict[int, str]:
    """Where each opponent sits, in the order they play after the viewer
    (clockwise from the bottom: left, top, right)."""
    order = [(viewer + k * direction) % n for k in range(1, n)]
    spots = {1: ["top"], 2: ["left", "right"], 3: ["left", "top", "right"]}.get(n - 1, ["left", "top", "right"])
    if direction < 0:
        spots = list(reversed(spots))
    return {seat: spot for seat, spot in zip(order, spots)}


def compute(size: tuple[int, int], n_players: int, viewer: int, direction: int, grid_cols: int,
            rows_needed: int, rack_cols: int, bounds: tuple[int, int, int, int] | None = None,
            info_band: bool = False) -> PlayLayout:
    """``bounds`` = (row0, col0, rows, cols) for a board that grows in every direction."""
    w, h = size
    s = theme.scale_for(size)
    m = max(6, int(10 * s))
    places = seat_places(n_players, viewer, direction)
    has_left = "left" in places.values()
    has_right = "right" in places.values()
    has_top = "top" in places.values()

    header = pygame.Rect(0, 0, w, int(46 * s))
    bottom_h = int(min(190 * s, h * 0.27))
    bottom = pygame.Rect(0, h - bottom_h, w, bottom_h)
    status = pygame.Rect(0, bottom.y - int(34 * s), w, int(34 * s))
    side_w = int(132 * s)
    top_h = int(98 * s) if has_top else int(86 * s) if info_band else 0
    tx0 = (side_w + m * 2) if has_left else m * 2
    tx1 = w - ((side_w + m * 2) if has_right else m * 2)
    ty0 = header.bottom + top_h + m
    ty1 = status.y - int(4 * s)
    table = pygame.Rect(tx0, ty0, max(60, tx1 - tx0), max(60, ty1 - ty0))

    # the grid inside the felt
    rim = max(6, int(12 * s))
    inner = table.inflate(-rim * 2 - int(8 * s), -rim * 2 - int(8 * s))
    if bounds is not None:
        row0, col0, rows, cols = bounds
    else:
        row0, col0, cols = 0, 0, grid_cols
        rows = 0
    px = inner.w / cols
    row_gap = 0.0 if bounds is not None else ROW_GAP
    py = px * ASPECT * (1 + row_gap)
    fit_rows = max(1, int(inner.h // py))
    if bounds is None:
        rows = max(fit_rows, rows_needed)
    if rows * py > inner.h:
        py = inner.h / rows
        px = py / (ASPECT * (1 + row_gap))
    tile_w = max(8, int(px * 0.94))
    gw, gh = px * cols, py * rows
    gx = inner.x + (inner.w - gw) / 2 + (px - tile_w) / 2
    gy = inner.y + (inner.h - gh) / 2 + (py - tile_w * ASPECT) / 2
    grid = Grid(gx, gy, px, py, tile_w, cols, rows, row0, col0)

    # opponents
    seats: dict[int, SeatBox] = {}
    for seat, spot in places.items():
        if spot == "top":
            pw = int(min(380 * s, w * 0.4))
            r = pygame.Rect(w // 2 - pw // 2, header.bottom + int(6 * s), pw, top_h - int(10 * s))
            fs = int(r.h * 0.78)
            fc = (r.x + int(14 * s) + fs // 2, r.centery)
            anchor = (r.centerx, r.bottom)
        else:
            r = pygame.Rect(m if spot == "left" else w - side_w - m, ty0, side_w, min(int(250 * s), table.h))
            r.centery = table.centery
            fs = int(min(r.w * 0.62, 84 * s))
            fc = (r.centerx, r.y + int(14 * s) + fs // 2)
            anchor = (r.right, r.centery) if spot == "left" else (r.x, r.centery)
        seats[seat] = SeatBox(seat, spot, r, fc, fs, anchor)

    # the bottom: my panel, the rack, the buttons
    me_w = int(170 * s)
    me_rect = pygame.Rect(m, bottom.y + int(8 * s), me_w, bottom.h - int(16 * s))
    fs = int(min(me_rect.h * 0.46, 56 * s))  # room beside the ring for the name and "Score -123" (hud.me_score)
    me = SeatBox(viewer, "bottom", me_rect, (me_rect.x + int(18 * s) + fs // 2, me_rect.y + int(18 * s) + fs // 2), fs,
                 (w // 2, bottom.y))
    btn_w = int(min(300 * s, w * 0.26))
    bx = w - btn_w - m
    by = bottom.y + int(10 * s)
    bh_total = bottom.h - int(20 * s)
    gap = int(8 * s)
    row_h = (bh_total - 2 * gap) // 3
    third = (btn_w - 2 * gap) // 3
    half = (btn_w - gap) // 2
    buttons = {
        "runs": pygame.Rect(bx, by, third, row_h),
        "groups": pygame.Rect(bx + third + gap, by, third, row_h),
        "hint": pygame.Rect(bx + 2 * (third + gap), by, third, row_h),
        "undo": pygame.Rect(bx, by + row_h + gap, half, row_h),
        "reset": pygame.Rect(bx + half + gap, by + row_h + gap, half, row_h),
        "end": pygame.Rect(bx, by + 2 * (row_h + gap), btn_w, row_h),
    }
    rx0 = me_rect.right + m
    rx1 = bx - m
    rack = pygame.Rect(rx0, bottom.y + int(8 * s), max(40, rx1 - rx0), bottom.h - int(16 * s))
    pad = max(6, int(12 * s))
    cols = max(1, rack_cols)
    slot_py = (rack.h - pad * 2) / 2
    slot_px = (rack.w - pad * 2) / cols
    rtw = int(min(slot_px * 0.95, slot_py * 0.9 / ASPECT))
    slot_px = max(slot_px if rtw < slot_px * 0.9 else rtw / 0.95, rtw + 1)
    used_w = slot_px * cols
    rgx = rack.x + (rack.w - used_w) / 2 + (slot_px - rtw) / 2
    slot_py = max(rtw * ASPECT * 1.06, slot_py)
    rgy = rack.y + (rack.h - slot_py * 2) / 2 + (slot_py - rtw * ASPECT) / 2
    rack_grid = Grid(rgx, rgy, slot_px, slot_py, rtw, cols, 2)

    info: list[pygame.Rect] = []
    if info_band:
        band = pygame.Rect(m, header.bottom + int(6 * s), w - 2 * m, top_h - int(10 * s))
        top_box = next((b.rect for b in seats.values() if b.where == "top"), None)
        if top_box is not None:
            left = pygame.Rect(band.x, band.y, top_box.x - band.x - m, band.h)
            right = pygame.Rect(top_box.right + m, band.y, band.right - top_box.right - m, band.h)
        else:
            half = (band.w - m) // 2
            left = pygame.Rect(band.x, band.y, half, band.h)
            right = pygame.Rect(band.x + half + m, band.y, band.w - half - m, band.h)
        info = [r for r in (left, right) if r.w > 80 * s]

    pool = pygame.Rect(0, 0, int(150 * s), int(34 * s))
    menu = pygame.Rect(0, 0, int(96 * s), int(34 * s))
    menu.midright = (w - m, header.centery)
    pool.midright = (menu.x - m, header.centery)
    return PlayLayout(size, s, header, table, grid, status, bottom, me, seats, rack, rack_grid, buttons, pool, menu, info)
