"""The board view for crossword boards (Rummi200kub): one board that grows in every
direction, seen through a camera that pans and zooms.

- **Fit** (the default, and what **Centre** returns to): the whole board and a margin of
  empty cells around it fit the felt, never larger than the rack's tiles and never so
  small that the numbers cannot be read (then the middle of the board is shown).
- **Zoom**: the mouse wheel (around the pointer), ``+``/``-`` or the toolbar's buttons.
- **Pan**: drag the felt with the right or middle button, or with the left button on an
  empty spot; Shift or Ctrl with the arrow keys; the keyboard cursor is followed.
- **Across / Down** (``V``): whether tiles put down together go along a row or down a
  column (a set laid across another steps over the tile it crosses).

The grid that the play screen uses covers the board with two empty cells around it
(negative rows and columns are fine) and whatever else is in view; the cell marks show
the board's part.  The camera is view state only: nothing here touches the game.
"""

from __future__ import annotations

import math

import pygame

from ..play.events import SessionEvent, TurnBegan
from ..play.session import TABLE
from ..rules import events as ev_
from ..rules import claims as cl
from . import keymap, theme, variant_ui
from .playlayout import Grid
from .tileart import ASPECT

ZOOM_STEP = 1.2
MIN_READABLE = 13  # smallest tile width (at scale 1) the fit view uses (10 pixels at least)
MIN_ZOOM = 12  # smallest tile width (at scale 1) zooming out reaches
MAX_ZOOM = 84  # largest tile width (at scale 1)
MIN_FIT_ROWS = 7  # the fit view of a small board shows at least this many rows and columns
MIN_FIT_COLS = 14
PAN_WAYS = {"pan_left": (-1, 0), "pan_right": (1, 0), "pan_up": (0, -1), "pan_down": (0, 1)}  # keymap intents
TIPS = {
    "zoom_out": "Zoom out (-, mouse wheel)",
    "zoom_in": "Zoom in (+, mouse wheel)",
    "centre": "Show the whole board, centred (Home)",
    "orient": "Tiles put down together go along a row or down a column (V)",
}


def applies(variant) -> bool:
    return not variant.flat_table


def felt_inner(table: pygame.Rect, s: float) -> pygame.Rect:
    """The part of the felt the grid fits into (as ``playlayout.compute`` has it)."""
    rim = max(6, int(12 * s))
    return table.inflate(-rim * 2 - int(8 * s), -rim * 2 - int(8 * s))


def felt_clip(table: pygame.Rect, s: float) -> pygame.Rect:
    """Where tiles on the board may be drawn: inside the wooden rim."""
    rim = max(6, int(12 * s))
    return table.inflate(-rim * 2 + int(4 * s), -rim * 2 + int(4 * s))


class BoardView(variant_ui.Plugin):
    """A play-screen plugin (see ``variant_ui``): the camera over a crossword board."""

    row_ratio = ASPECT  # a row's pitch over a column's (the flat table's rows have a gap, ``tableview``)
    tips = TIPS
    keys = "board"  # the keymap's context
    centre_label = "Centre"

    def __init__(self, scene) -> None:
        self.scene = scene
        self.auto = True  # fit the board (else the camera below)
        self.px = 40.0  # cell pitch in pixels (manual)
        self.cx = 0.0  # the board point at the felt's centre, in cells (manual)
        self.cy = 0.0
        self.fit: tuple[float, float, float] | None = None  # (px, cx, cy) of the fit view, last layout
        self.world = (0, 0, 1, 1)  # row0, col0, rows, cols of the board and its margin
        self.inner = pygame.Rect(0, 0, 1, 1)
        self.min_px = 12.0
        self.max_px = 80.0
        self.pan: dict | None = None  # {"button", "start", "last", "active"}
        self.pressed: str | None = None
        self.mouse = (0, 0)
        self._marks: tuple | None = None
        self._mark_img: pygame.Surface | None = None
        self._basis_key: tuple | None = None
        self._grid_key: tuple | None = None
        self._grid_img: pygame.Surface | None = None
        self._basis = (0, 0, -1, -1)  # the tiles the fit view is for (rows and columns)
        self.framed: list[tuple[int, int]] = []  # cells the fit view shows besides the tiles (see ``frame``)
        self.fit_margin = 1.0  # empty cells the fit view keeps around them
        self.min_fit = (MIN_FIT_ROWS, MIN_FIT_COLS)

    @property
    def session(self):
        return self.scene.session

    # -- the camera ----------------------------------------------------------------------------------
    def layout_key(self):
        if self.auto:
            return ("fit", self._basis)
        return ("cam", round(self.px, 3), round(self.cx, 4), round(self.cy, 4))

    def frame(self, cells, margin: float, min_rows: int, min_cols: int) -> None:
        """Make the fit view show ``cells`` too (the cells a lesson's step is about), with only
        ``margin`` empty cells around and at least ``min_rows`` by ``min_cols`` cells, so a
        small prepared board gets big tiles."""
        self.framed = [(int(r), int(c)) for r, c in cells]
        self.fit_margin = float(margin)
        self.min_fit = (int(min_rows), int(min_cols))

    def fit_bounds(self) -> tuple[int, int, int, int]:
        """The tiles the fit view shows: the board as the turn began, so the view never moves
        while the player works (it recentres between turns); Centre takes the board as it is."""
        board = self.session.state.board
        key = (len(board), board.bounds())
        if key != self._basis_key:
            self._basis_key = key
            self._basis = board.bounds()
        return self._basis

    def adjust_layout(self, lay) -> None:
        """Put the camera's grid into a freshly computed layout."""
        s = lay.s
        g = lay.grid
        self.world = (g.row0, g.col0, g.rows, g.cols)
        self.inner = felt_inner(lay.table, s)
        rack_w = lay.rack_grid.tile_w
        # fit the tiles with one empty cell around them, centred on them in both directions
        inner = self.inner
        r0, c0, r1, c1 = self.fit_bounds()
        if r1 < r0:  # no tiles yet: the middle of the board
            r0, c0, r1, c1 = 0, 0, 0, 0
        for r, c in self.framed:
            r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
        m = 2 * self.fit_margin + 1
        rows, cols = max(self.min_fit[0], r1 - r0 + m), max(self.min_fit[1], c1 - c0 + m)
        fit_px = min(inner.w / cols, inner.h / (ASPECT * rows))
        readable = max(10, MIN_READABLE * s) / 0.94
        self.max_px = max(MAX_ZOOM * s / 0.94, fit_px)
        self.min_px = min(MIN_ZOOM * s / 0.94, fit_px)
        px = max(min(fit_px, rack_w / 0.94), min(readable, self.max_px))
        self.fit = (px, (c0 + c1 + 1) / 2, (r0 + r1 + 1) / 2)
        if self.auto:
            px, cx, cy = self.fit
        else:
            px, cx, cy = self.px, self.cx, self.cy
        lay.grid = self.grid_for(px, cx, cy)
        lay.extra["own_grid"] = True
        lay.extra["felt_controls"] = True  # the toolbar in the felt's top right corner
        lay.extra["table_clip"] = felt_clip(lay.table, s)
        lay.extra["world"] = self.world

    def grid_for(self, px: float, cx: float, cy: float) -> Grid:
        inner = self.inner
        py = px * self.row_ratio
        tile_w = max(8, int(px * 0.94))
        vis_c0 = math.floor(cx - inner.w / 2 / px)
        vis_c1 = math.ceil(cx + inner.w / 2 / px)
        vis_r0 = math.floor(cy - inner.h / 2 / py)
        vis_r1 = math.ceil(cy + inner.h / 2 / py)
        r0, c0, rows, cols = self.world
        row0, col0 = min(r0, vis_r0), min(c0, vis_c0)
        row1, col1 = max(r0 + rows, vis_r1), max(c0 + cols, vis_c1)
        x0 = inner.centerx + (col0 - cx) * px + (px - tile_w) / 2
        y0 = inner.centery + (row0 - cy) * py + (py - tile_w * ASPECT) / 2
        return Grid(x0, y0, px, py, tile_w, col1 - col0, row1 - row0, row0, col0)

    def current(self) -> tuple[float, float, float]:
        if self.auto and self.fit is not None:
            return self.fit
        return (self.px, self.cx, self.cy)

    def set_camera(self, px: float, cx: float, cy: float) -> None:
        r0, c0, rows, cols = self.world
        self.px = max(self.min_px, min(self.max_px, px))
        self.cx = max(c0, min(c0 + cols, cx))
        self.cy = max(r0, min(r0 + rows, cy))
        self.auto = False
        self.moved()

    def centre(self) -> None:
        """Show every tile on the board now, centred (the fit view of the table as it is)."""
        self.auto = True
        self._basis = self.session.table().bounds()
        self.moved()

    def moved(self) -> None:
        """The camera changed: tiles at rest jump to their new places (no slide)."""
        sc = self.scene
        sc.layout()
        for t, (x, y, w) in sc.targets().items():
            sp = sc.sprites.get(t)
            if sp is None:
                continue
            if sp.motion is None:
                sp.retarget((x, y), None)
            else:
                sp.target = (x, y)
            sp.w = w

    def zoom(self, factor: float, at=None) -> None:
        """Zoom by ``factor``, keeping the board point under ``at`` (default: the centre) still."""
        px, cx, cy = self.current()
        inner = self.inner
        ax, ay = at if at is not None else inner.center
        wx = cx + (ax - inner.centerx) / px
        wy = cy + (ay - inner.centery) / (px * self.row_ratio)
        npx = max(self.min_px, min(self.max_px, px * factor))
        self.set_camera(npx, wx - (ax - inner.centerx) / npx, wy - (ay - inner.centery) / (npx * self.row_ratio))

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the view so the board follows a pointer moved by (dx, dy) pixels."""
        px, cx, cy = self.current()
        self.set_camera(px, cx - dx / px, cy - dy / (px * self.row_ratio))

    def visible_cells(self) -> tuple[float, float, float, float]:
        """(row0, col0, row1, col1) of the board part in view, in cells."""
        px, cx, cy = self.current()
        py = px * self.row_ratio
        inner = self.inner
        return (cy - inner.h / 2 / py, cx - inner.w / 2 / px, cy + inner.h / 2 / py, cx + inner.w / 2 / px)

    def show_cells(self, cells, margin: float = 0.6, keep=(), zoom_out: bool = True) -> None:
        """Pan (zooming out if needed, unless not ``zoom_out``) so all ``cells`` are in view; the fit
        view already shows them all.  The ``keep`` cells stay in view as well when they fit at the
        present zoom."""
        cells = [tuple(c) for c in cells]
        self.scene.layout()  # the fit view of the board as it is now
        if not cells or self.fit is None:
            return
        both = cells + [tuple(c) for c in keep]
        if len(both) > len(cells) and self._zoom_for(both, margin) >= self.current()[0]:
            cells = both
        r0, c0, r1, c1 = self.visible_cells()
        lo_r = min(r for r, _ in cells) - margin
        hi_r = max(r for r, _ in cells) + 1 + margin
        lo_c = min(c for _, c in cells) - margin
        hi_c = max(c for _, c in cells) + 1 + margin
        if lo_r >= r0 and hi_r <= r1 and lo_c >= c0 and hi_c <= c1:
            return
        px, cx, cy = self.current()
        inner = self.inner
        need_px = self._zoom_for(cells, margin)
        if need_px < px and zoom_out:
            px = need_px
        half_c = inner.w / 2 / px
        half_r = inner.h / 2 / (px * self.row_ratio)
        if hi_c - lo_c > 2 * half_c:
            cx = (lo_c + hi_c) / 2
        else:
            cx = min(max(cx, hi_c - half_c), lo_c + half_c)
        if hi_r - lo_r > 2 * half_r:
            cy = (lo_r + hi_r) / 2
        else:
            cy = min(max(cy, hi_r - half_r), lo_r + half_r)
        self.set_camera(px, cx, cy)

    def _zoom_for(self, cells, margin: float) -> float:
        """The largest cell pitch that shows every one of ``cells``."""
        rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 1 + 2 * margin
        cols = max(c for _, c in cells) - min(c for _, c in cells) + 1 + 2 * margin
        return min(self.inner.w / max(1.0, cols), self.inner.h / (self.row_ratio * max(1.0, rows)))

    def own_cells(self) -> list[tuple[int, int]]:
        """The cells of the viewer's own sets: every set on the board holding a tile they played,
        and every set they hold a claim on."""
        sess = self.session
        state = sess.state
        mine = {t for ev in state.events if isinstance(ev, ev_.Played) and ev.seat == sess.viewer for t in ev.tiles}
        cells: set[tuple[int, int]] = set()
        if mine:
            for ln in state.board.lines(vertical=True):
                if any(t in mine for t in ln.tiles):
                    cells.update(ln.cells)
        for rec in state.extra.get("claims", []) if isinstance(state.extra, dict) else []:
            if cl.holder(rec) == sess.viewer:
                cells.update(tuple(c) for c in rec["cells"])
        return sorted(cells)

    def keep_own_in_view(self) -> None:
        """The viewer's turn begins: their own sets come back into view if a computer's play
        took the view elsewhere."""
        sess = self.session
        if sess.my_turn and sess.state.current == sess.viewer:
            own = self.own_cells()
            self.scene.layout()
            r0, c0, r1, c1 = self.visible_cells()
            if own and not all(r0 <= r and r + 1 <= r1 and c0 <= c and c + 1 <= c1 for r, c in own):
                self.show_cells(own, margin=0.3)

    # -- plugin hooks --------------------------------------------------------------------------------
    def bring_into_view(self, cells) -> None:
        self.show_cells(cells)

    def update(self, dt: float) -> None:
        sc = self.scene
        if sc.kb_mode and sc.cursor[0] == TABLE:
            self.show_cells([sc.cursor[1]], margin=0.2)

    def on_event(self, ev: SessionEvent) -> None:
        """Another player's play or claim off screen: bring it into view."""
        sc = self.scene
        viewer = self.session.viewer
        match ev:
            case TurnBegan(seat=seat, human=True) if seat == viewer:
                sc.schedule(max(0.0, sc.busy_until - sc.time), self.keep_own_in_view)
            case ev_.Played(seat=seat, before=before, after=after) if seat != viewer and after is not None:
                old = before.where() if before is not None else {}
                cells = [c for c, t in after.cells.items() if old.get(t) != c]
                self.show_cells(cells, keep=self.own_cells())
            case ev_.Claimed(seat=seat, cells=cells) if seat != viewer and cells:
                self.show_cells(list(cells), keep=self.own_cells())
        return None

    def controls_tip(self) -> str:
        return ("Drag tiles onto the board (V: along a row or down a column)  ·  wheel: zoom  ·  "
                "right-drag: move the board  ·  Space: draw or end turn")

    # -- the toolbar ---------------------------------------------------------------------------------
    def buttons(self, lay) -> dict[str, pygame.Rect]:
        s = lay.s
        clip = felt_clip(lay.table, s)
        h = int(30 * s)
        gap = int(6 * s)
        y = clip.y + int(6 * s)
        words = max(theme.text(w, theme.readable(17 * s)).get_width() for w in ("Across", "Down"))
        orient_w = max(int(96 * s), int(h * 0.9) + int(24 * s) + words)  # the word whole, at a readable size
        widths = [("orient", orient_w), ("centre", int(82 * s)), ("zoom_out", h), ("zoom_in", h)]
        x = clip.right - int(6 * s) - sum(w for _, w in widths) - gap * (len(widths) - 1)
        out = {}
        for name, w in widths:
            out[name] = pygame.Rect(x, y, w, h)
            x += w + gap
        return out

    def button_at(self, pos) -> str | None:
        for name, r in self.buttons(self.scene.layout()).items():
            if r.collidepoint(pos):
                return name
        return None

    def press(self, name: str) -> None:
        self.scene.app.sound.play("click", 0.6)
        if name == "zoom_in":
            self.zoom(ZOOM_STEP)
        elif name == "zoom_out":
            self.zoom(1 / ZOOM_STEP)
        elif name == "centre":
            self.centre()
        elif name == "orient":
            self.toggle_orientation()

    def toggle_orientation(self) -> None:
        sc = self.scene
        vertical = sc.controls.toggle_vertical()
        sc.toast("Tiles put down together go " + ("down a column" if vertical else "along a row"), theme.ACCENT, 2.2)

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        sc = self.scene
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            p = self.pan
            if p is None:
                return False
            dx, dy = ev.pos[0] - p["last"][0], ev.pos[1] - p["last"][1]
            if not p["active"]:
                far = 10 if sc.selection else 6
                if math.hypot(ev.pos[0] - p["start"][0], ev.pos[1] - p["start"][1]) < far:
                    return p["button"] != 1
                p["active"] = True
                if p["button"] == 1:
                    sc.controls.cancel_press()  # a drag of the felt, not a click on it
                dx, dy = ev.pos[0] - p["start"][0], ev.pos[1] - p["start"][1]
            p["last"] = ev.pos
            self.pan_by(dx, dy)
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            lay = sc.layout()
            if ev.button == 1:
                btn = self.button_at(ev.pos)
                if btn is not None:
                    self.pressed = btn
                    return True
            if ev.button in (1, 2, 3) and felt_clip(lay.table, lay.s).collidepoint(ev.pos) and sc.drag is None:
                if ev.button == 1 and sc.hit_tile(ev.pos) is not None:
                    return False
                self.pan = {"button": ev.button, "start": ev.pos, "last": ev.pos, "active": False}
                return ev.button == 2
            if ev.button == 3 and sc.drag is not None:
                self.toggle_orientation()  # right-click while dragging turns the tiles
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP:
            self.mouse = ev.pos
            if ev.button == 1 and self.pressed is not None:
                btn, self.pressed = self.pressed, None
                if self.button_at(ev.pos) == btn:
                    self.press(btn)
                return True
            p = self.pan
            if p is not None and p["button"] == ev.button:
                self.pan = None
                if p["active"]:
                    return True
                if ev.button == 3:
                    sc.controls.clear_selection()  # a right click: as the play screen does
                    return True
                return ev.button == 2
            return False
        if ev.type == pygame.MOUSEWHEEL:
            lay = sc.layout()
            pos = self.mouse
            if not lay.table.collidepoint(pos):
                return False
            if getattr(ev, "x", 0):
                self.pan_by(-ev.x * 30 * lay.s, 0)
            if ev.y:
                self.zoom(ZOOM_STEP ** max(-3, min(3, ev.y)), pos)
            return True
        if ev.type == pygame.KEYDOWN:
            return self.key(ev)
        return False

    def key(self, ev) -> bool:
        """The board's keys (``game.ui.keymap``, ``self.keys``); True when used."""
        match keymap.intent(ev, self.keys):
            case "pan_left" | "pan_right" | "pan_up" | "pan_down" as way:
                dx, dy = PAN_WAYS[way]
                px, _cx, _cy = self.current()
                self.pan_by(-dx * px * 2, -dy * px * self.row_ratio * 2)
            case "zoom_in":
                self.zoom(ZOOM_STEP)
            case "zoom_out":
                self.zoom(1 / ZOOM_STEP)
            case "centre":
                self.centre()
            case "orientation":
                self.toggle_orientation()
            case _:
                return False
        return True

    # -- drawing -------------------------------------------------------------------------------------
    def mark_image(self, g: Grid) -> pygame.Surface:
        key = (g.tile_w,)
        if self._marks != key or self._mark_img is None:
            h = int(g.tile_w * ASPECT)
            img = pygame.Surface((g.tile_w, h), pygame.SRCALPHA)
            pygame.draw.rect(img, (255, 255, 255, 16), img.get_rect(), border_radius=max(2, g.tile_w // 7))
            self._marks, self._mark_img = key, img
        return self._mark_img

    def draw_under_tiles(self, surf, lay) -> None:
        """The cells in view (the board can grow in every direction), drawn once per view."""
        g = lay.grid
        clip = lay.extra.get("table_clip") or lay.table
        key = (round(g.x0, 2), round(g.y0, 2), g.px, g.tile_w, tuple(clip))
        if key != self._grid_key or self._grid_img is None:
            rows, cols = self.marked(g)
            img = self.mark_image(g)
            layer = pygame.Surface(clip.size, pygame.SRCALPHA)
            batch = []
            for r in rows:
                for c in cols:
                    x, y = g.cell_pos((r, c))
                    batch.append((img, (int(x) - clip.x, int(y) - clip.y)))
            layer.fblits(batch)
            self._grid_key, self._grid_img = key, layer.premul_alpha()  # blended faster every frame
        surf.blit(self._grid_img, clip.topleft, special_flags=pygame.BLEND_PREMULTIPLIED)

    def marked(self, g: Grid) -> tuple[range, range]:
        """The rows and columns whose cells are marked: all in view (the board grows anywhere)."""
        vr0, vc0, vr1, vc1 = self.visible_cells()
        return range(math.floor(vr0) - 1, math.ceil(vr1) + 1), range(math.floor(vc0) - 1, math.ceil(vc1) + 1)

    def draw_hud(self, surf, lay) -> None:
        from .widgets import button_surface

        s = lay.s
        sc = self.scene
        for name, rect in self.buttons(lay).items():
            hover = rect.collidepoint(self.mouse) and sc.drag is None
            active = (name == "centre" and self.auto) or (name == "orient" and sc.place_vertical)
            state = "down" if hover and self.pressed == name else "hover" if hover else "normal"
            surf.blit(button_surface(rect.size, "ghost", state, max(5, int(rect.h * 0.3))), rect.topleft)
            colour = theme.INK if not active or name == "orient" else theme.INK_DIM
            if name in ("zoom_in", "zoom_out"):
                cx, cy = rect.center
                arm = max(4, int(rect.h * 0.26))
                w = max(2, int(3 * s))
                pygame.draw.line(surf, colour, (cx - arm, cy), (cx + arm, cy), w)
                if name == "zoom_in":
                    pygame.draw.line(surf, colour, (cx, cy - arm), (cx, cy + arm), w)
            elif name == "centre":
                cx, cy = rect.x + int(rect.h * 0.5), rect.centery
                rr = max(4, int(rect.h * 0.22))
                pygame.draw.circle(surf, colour, (cx, cy), rr, width=max(1, int(2 * s)))
                pygame.draw.circle(surf, colour, (cx, cy), max(1, rr // 3))
                t = theme.fit_text(self.centre_label, theme.readable(17 * s), rect.right - cx - rr - int(8 * s), colour)
                surf.blit(t, (cx + rr + int(6 * s), cy - t.get_height() // 2))
            else:
                self.draw_orient_icon(surf, rect, sc.place_vertical, s)
                t = theme.fit_text("Down" if sc.place_vertical else "Across", theme.readable(17 * s), rect.w - int(rect.h * 0.9) - int(24 * s),
                                   theme.GOLD if sc.place_vertical else theme.INK)
                surf.blit(t, (rect.x + int(rect.h * 0.9) + int(6 * s), rect.centery - t.get_height() // 2))
                kt = theme.text("V", theme.readable(13 * s), theme.INK_FAINT)
                surf.blit(kt, (rect.right - kt.get_width() - int(7 * s), rect.centery - kt.get_height() // 2))
        name = self.button_at(self.mouse) if sc.drag is None else None
        if name:
            tip = self.tips[name]
            img = theme.text(tip, theme.readable(18 * s), theme.INK)
            box = pygame.Rect(0, 0, img.get_width() + int(20 * s), img.get_height() + int(12 * s))
            box.topright = (self.mouse[0], self.mouse[1] + int(18 * s))
            box.clamp_ip(pygame.Rect(0, 0, *lay.size))
            surf.blit(theme.panel(box.size, radius=int(8 * s), fill=(10, 18, 32), alpha=240, shadow=0, edge=theme.INK), box.topleft)
            surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))

    def draw_orient_icon(self, surf, rect, vertical: bool, s: float) -> None:
        """Three small tiles in a row, or in a column."""
        size = int(rect.h * 0.62)
        box = pygame.Rect(rect.x + int(rect.h * 0.2), rect.centery - size // 2, size, size)
        n = 3
        if vertical:
            th = max(3, size // n - 1)
            tw = max(3, int(th / ASPECT * 1.2))
            for i in range(n):
                r = pygame.Rect(box.centerx - tw // 2, box.y + i * (th + 1), tw, th)
                pygame.draw.rect(surf, theme.CREAM, r, border_radius=2)
        else:
            tw = max(3, size // n - 1)
            th = max(3, int(tw * ASPECT))
            for i in range(n):
                r = pygame.Rect(box.x + i * (tw + 1), box.centery - th // 2, tw, th)
                pygame.draw.rect(surf, theme.CREAM, r, border_radius=2)


variant_ui.register_general(BoardView, applies)
