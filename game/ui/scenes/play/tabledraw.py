"""The table part: the static layer (felt, grid marks, the rack's wood), the tiles and their
sprites, and the marks on sets (drop preview, invalid lines, the selection, the keyboard cursor)."""

from __future__ import annotations

import math
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pygame

from ....play.session import TABLE
from ... import idle_frames, playlayout, theme
from ...anim import Sprite
from ...tileart import ASPECT, shadow_margin
from .part import Part

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene


class TableView(Part):
    """Drawing the table; owns the static layer's cache."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.stage = scene.stage
        self._static: pygame.Surface | None = None
        self._static_key = None

    def draw_back(self, surf, lay) -> None:
        surf.blit(self.static_layer(lay), (0, 0))

    def draw_under(self, surf, lay) -> None:
        self.draw_table_marks(surf, lay, self.scene.analysis())

    def draw_tiles(self, surf, lay) -> None:
        self.draw_sprites(surf, lay, self.scene.playback.shake_offset(lay.s))
        self.draw_tile_marks(surf, lay, self.scene.analysis())

    def static_layer(self, lay: playlayout.PlayLayout) -> pygame.Surface:
        """Background, felt, grid marks and the rack's wood: drawn once per layout."""
        own_grid = bool(lay.extra.get("own_grid"))  # a board view that pans draws its own cell marks
        grid_key = None if own_grid else (lay.grid.x0, lay.grid.y0, lay.grid.px, lay.grid.py, lay.grid.rows, lay.grid.cols)
        key = (lay.size, lay.table.topleft, lay.table.size, grid_key, lay.rack.topleft, lay.rack.size, lay.rack_grid.cols,
               lay.rack_grid.px)
        if key == self._static_key and self._static is not None:
            return self._static
        s = lay.s
        surf = theme.background(lay.size).copy()
        surf.blit(theme.felt(lay.table.size, int(22 * s)), lay.table.topleft)
        g = lay.grid
        h = int(g.tile_w * ASPECT)
        if not own_grid:
            marks = pygame.Surface(lay.size, pygame.SRCALPHA)
            dot = max(1, int(1.6 * s))
            for r in range(g.row0, g.row0 + g.rows):
                for c in range(g.col0, g.col0 + g.cols):
                    x, y = g.cell_pos((r, c))
                    pygame.draw.rect(marks, (255, 255, 255, 14), (int(x), int(y), g.tile_w, h), border_radius=max(2, g.tile_w // 7))
            for c in range(0, g.cols, 1):
                x, _ = g.cell_pos((g.row0, g.col0 + c))
                pygame.draw.circle(marks, (255, 255, 255, 22), (int(x + g.tile_w / 2), int(g.y0 - 4 * s)), dot)
            surf.blit(marks, (0, 0))
        # the rack: a wooden shelf with two grooves
        rk = lay.rack
        wood = pygame.Surface(rk.size, pygame.SRCALPHA)
        grad = theme.vertical_gradient(rk.size, (128, 84, 48), (84, 52, 28))
        mask = pygame.Surface(rk.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(14 * s))
        wood.blit(grad, (0, 0))
        grain = pygame.Surface(rk.size, pygame.SRCALPHA)
        import random as _random

        rnd = _random.Random(4)
        for _ in range(max(8, rk.h // 3)):
            y = rnd.uniform(0, rk.h)
            amp = rnd.uniform(1, 4) * s
            col = (255, 226, 180, rnd.randrange(6, 16)) if rnd.random() < 0.5 else (40, 20, 8, rnd.randrange(10, 24))
            pts = [(x, y + amp * math.sin(x / (40 + rnd.uniform(0, 60)) + rnd.uniform(0, 6))) for x in range(0, rk.w + 20, 20)]
            pygame.draw.lines(grain, col, False, pts, max(1, int(rnd.uniform(1, 2.5) * s)))
        wood.blit(grain, (0, 0))
        wood.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        theme.draw_panel(surf, rk, radius=int(14 * s), fill=(0, 0, 0), alpha=0, edge=None, shadow=int(10 * s))
        surf.blit(wood, rk.topleft)
        pygame.draw.rect(surf, (150, 104, 62), rk, width=2, border_radius=int(14 * s))
        rg = lay.rack_grid
        rh = int(rg.tile_w * ASPECT)
        for row in range(2):
            x0, y0 = rg.cell_pos((row, 0))
            groove = pygame.Rect(rk.x + int(8 * s), int(y0 + rh + 1), rk.w - int(16 * s), max(3, int(6 * s)))
            pygame.draw.rect(surf, (48, 28, 14), groove, border_radius=3)
            pygame.draw.line(surf, (160, 112, 70), (groove.x, groove.bottom), (groove.right, groove.bottom))
        self._static_key = key
        self._static = surf
        return surf

    def draw_table_marks(self, surf, lay, analysis) -> None:
        """Under the tiles: drop preview, changed-line glows, invalid-line tints."""
        g = lay.grid
        s = lay.s
        target = self.scene.controls.drop_target()
        dragged = self.scene.controls.dragged_tiles()
        if target is not None and dragged:
            area, cell = target
            grid = g if area == TABLE else lay.rack_grid
            cells = self.scene.controls.drop_cells(dragged, area, cell)
            occupied = False
            if area == TABLE:
                occupied = any(self.scene.session.table().get(cl) not in (None, *dragged) for cl in cells)
            col = theme.WARN if occupied else theme.GOOD
            with self.table_clip(surf, lay, area == TABLE):
                for cl in cells:
                    cr = grid.cell_rect(cl)
                    pygame.draw.rect(surf, col, cr.inflate(4, 4), width=max(2, int(3 * s)), border_radius=max(3, cr.w // 6))
        if analysis is not None and self.scene.session.draft_changed:
            with self.table_clip(surf, lay):
                for prob in self.scene.shown_problems(analysis):
                    if prob.cells:
                        for rect in self.cell_runs(g, prob.cells):
                            tint = pygame.Surface(rect.size, pygame.SRCALPHA)
                            tint.fill((255, 60, 60, 50))
                            surf.blit(tint, rect.topleft)

    @contextmanager
    def table_clip(self, surf, lay, on: bool = True):
        """Drawing limited to the felt, where the layout asks for it (a board that pans)."""
        clip = lay.extra.get("table_clip") if on else None
        if clip is None:
            yield
            return
        prev = surf.get_clip()
        surf.set_clip(clip.clip(prev))
        try:
            yield
        finally:
            surf.set_clip(prev)

    def on_table_still(self, lay) -> set[int]:
        """Tiles resting on a board that pans (drawn inside the felt only)."""
        if lay.extra.get("table_clip") is None:
            return set()
        return {t for t in self.scene.session.table().cells.values() if t in self.stage.sprites and not self.stage.sprites[t].moving}

    def cell_runs(self, g, cells) -> list[pygame.Rect]:
        """Rectangles around runs of touching cells (one per line; a column of cells, as a
        crossword board's vertical set, is one tall rectangle)."""
        h = int(g.tile_w * ASPECT)
        pad = max(3, int(g.tile_w * 0.12))
        cells = list(cells)
        cols = {c for _r, c in cells}
        rws = sorted(r for r, _c in cells)
        if len(cells) > 1 and len(cols) == 1 and rws == list(range(rws[0], rws[0] + len(rws))):
            c = cols.pop()
            x0, y0 = g.cell_pos((rws[0], c))
            _x1, y1 = g.cell_pos((rws[-1], c))
            return [pygame.Rect(int(x0) - pad, int(y0) - pad, g.tile_w + pad * 2, int(y1 - y0) + h + pad * 2)]
        rows: dict[int, list[int]] = {}
        for r, c in cells:
            rows.setdefault(r, []).append(c)
        out = []
        for r, cs in rows.items():
            cs = sorted(set(cs))
            start = prev = cs[0]
            for c in cs[1:] + [None]:
                if c is not None and c == prev + 1:
                    prev = c
                    continue
                x0, y0 = g.cell_pos((r, start))
                x1, _ = g.cell_pos((r, prev))
                out.append(pygame.Rect(int(x0) - pad, int(y0) - pad, int(x1 - x0) + g.tile_w + pad * 2, h + pad * 2))
                if c is not None:
                    start = prev = c
        return out

    def draw_sprites(self, surf, lay, ox: int) -> None:
        tiles = self.scene.app.tiles
        dragging = set(self.scene.controls.dragged_tiles())
        clipped = self.on_table_still(lay)
        still = []
        still_table = []
        moving = []
        for t, sp in self.stage.sprites.items():
            if t in dragging or not sp.visible:
                continue
            if sp.moving or sp.pop > 0:
                moving.append(sp)
            else:
                x, y = sp.pos
                (still_table if t in clipped else still).append((tiles.face(self.scene.face_id(t), sp.w), (int(x) + ox, int(y))))
        with self.table_clip(surf, lay):
            surf.fblits(still_table)
        surf.fblits(still)
        for sp in sorted(moving, key=lambda sp: sp.motion.elapsed if sp.motion else 0):
            self.blit_sprite(surf, sp, ox)

    def blit_sprite(self, surf, sp: Sprite, ox: int = 0) -> None:
        tiles = self.scene.app.tiles
        w = sp.w
        sc = sp.scale()
        dw = max(8, int(round(w * sc / 2)) * 2)
        img = tiles.back(dw) if sp.showing_back() else tiles.scaled(self.scene.face_id(sp.tile), w, dw)
        squash = sp.flip_squash()
        if squash < 0.999:
            img = pygame.transform.scale(img, (max(2, int(img.get_width() * squash)), img.get_height()))
        x, y = sp.pos
        cx = x + w / 2
        cy = y + w * ASPECT / 2
        surf.blit(img, (int(cx - img.get_width() / 2 + shadow_margin(dw) / 2) + ox, int(cy - (dw * ASPECT) / 2)))

    def draw_tile_marks(self, surf, lay, analysis) -> None:
        sess = self.scene.session
        s = lay.s
        with self.table_clip(surf, lay):
            self.draw_line_marks(surf, lay, analysis)
        # selection, hints, the drawn tile, table tiles held on the rack
        held = set(sess.held_table_tiles()) if sess.draft is not None else set()
        drawn = sess.state.last_drawn.get(sess.viewer)
        dragging = set(self.scene.controls.dragged_tiles())
        clipped = self.on_table_still(lay)
        for t, sp in self.stage.sprites.items():
            if t in dragging or not sp.visible:
                continue
            with self.table_clip(surf, lay, t in clipped):
                self.draw_sprite_marks(surf, t, sp, held, drawn, s)
        # the keyboard cursor: white corner brackets and a pointer, unlike the selection glow
        keys = self.scene.controls
        if keys.kb_mode:
            area, cell = keys.cursor
            grid = lay.grid if area == TABLE else lay.rack_grid
            cr = grid.cell_rect(cell).inflate(int(10 * s), int(10 * s))
            a = idle_frames.settling_pulse(self.stage.time, keys.kb_since, 6)
            col = theme.mix((255, 255, 255), theme.GOLD, a * 0.6)
            arm = max(5, cr.w // 3)
            wdt = max(2, int(3 * s))
            with self.table_clip(surf, lay, area == TABLE):
                for (x, y, dx, dy) in ((cr.left, cr.top, 1, 1), (cr.right - 1, cr.top, -1, 1),
                                       (cr.left, cr.bottom - 1, 1, -1), (cr.right - 1, cr.bottom - 1, -1, -1)):
                    pygame.draw.line(surf, col, (x, y), (x + dx * arm, y), wdt)
                    pygame.draw.line(surf, col, (x, y), (x, y + dy * arm), wdt)
                tip = (cr.centerx, cr.top - int(3 * s))
                size = max(4, int(7 * s))
                pygame.draw.polygon(surf, col, [(tip[0] - size, tip[1] - size), (tip[0] + size, tip[1] - size), tip])

    def draw_line_marks(self, surf, lay, analysis) -> None:
        """Outlines: the lines the last play changed (gold), invalid lines (red)."""
        sess = self.scene.session
        s = lay.s
        g = lay.grid
        for hl in self.scene.playback.highlights:
            fade = min(1.0, (hl.until - self.stage.time) / 0.5)
            for rect in self.cell_runs(g, hl.cells):
                col = theme.mix(theme.FELT_DARK, hl.colour, fade)
                pygame.draw.rect(surf, col, rect, width=max(2, int(3 * s)), border_radius=max(4, int(g.tile_w * 0.2)))
        if analysis is not None and sess.draft_changed:
            for prob in self.scene.shown_problems(analysis):
                for rect in self.cell_runs(g, prob.cells):
                    pygame.draw.rect(surf, theme.BAD, rect, width=max(2, int(3 * s)), border_radius=max(4, int(g.tile_w * 0.2)))
                    badge = theme.text("!", 18 * s, (255, 255, 255))
                    br = pygame.Rect(0, 0, int(18 * s), int(18 * s))
                    br.center = (rect.right - 2, rect.y + 2)
                    pygame.draw.circle(surf, theme.BAD, br.center, br.w // 2)
                    theme.blit_center(surf, badge, br.center)

    def draw_sprite_marks(self, surf, t: int, sp: Sprite, held: set, drawn, s: float) -> None:
        """Selection, hint, held-table-tile and new-tile marks on one tile."""
        tiles = self.scene.app.tiles
        w = sp.w
        x, y = sp.pos
        if t in self.scene.controls.selection:
            glow = tiles.glow(w, theme.ACCENT, max(2, int(3 * s)))
            pad = (glow.get_width() - w) // 2
            surf.blit(glow, (int(x) - pad, int(y) - pad))
        elif (a := self.scene.hint.glow(t)) is not None:
            glow = tiles.glow(w, theme.mix(theme.GOLD_DARK, theme.GOLD, a), max(2, int(3 * s)))
            pad = (glow.get_width() - w) // 2
            surf.blit(glow, (int(x) - pad, int(y) - pad))
        if t in held:
            pygame.draw.rect(surf, (190, 120, 255), (int(x) - 2, int(y) - 2, w + 4, int(w * ASPECT) + 4), width=max(2, int(3 * s)),
                             border_radius=max(3, w // 5))
        if t == drawn and t in self.scene.session.rack.slots and not sp.moving:
            self.draw_new_badge(surf, (x + w, y), s)

    def draw_new_badge(self, surf, top_right, s) -> None:
        x, y = top_right
        r = max(5, int(9 * s))
        c = (int(x - r * 0.6), int(y + r * 0.6))
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.45
            pts.append((c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr))
        pygame.draw.polygon(surf, theme.GOLD, pts)
        pygame.draw.polygon(surf, theme.GOLD_DARK, pts, width=1)
