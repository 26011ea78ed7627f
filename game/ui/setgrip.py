"""Moving a whole set on a flat table (every rule set but Rummi200kub).

Each set on the table wears a grip: a short bar over its tiles.  Dragging the grip
moves the set as it is (the session's ``move`` with ``whole_set``: it keeps its order,
never joins another set, and the sets where it lands move aside).  With the keyboard,
**M** over a table tile picks up its set; the arrows move the cursor and Enter puts the
set down there (Esc or M again puts it back).
"""

from __future__ import annotations

import pygame

from ..play.session import TABLE
from . import keymap, theme, variant_ui
from .tileart import ASPECT


def applies(variant) -> bool:
    return variant.flat_table


class SetGrip(variant_ui.Plugin):
    """A play-screen plugin (see ``variant_ui``)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.carry: list[int] = []  # a set picked up with the keyboard
        self.mouse = (0, 0)
        self._grips_key: tuple | None = None
        self._grips: list = []
        self._bars: dict[tuple[int, int, bool], pygame.Surface] = {}

    @property
    def session(self):
        return self.scene.session

    # -- geometry ------------------------------------------------------------------------------------
    def grip_rect(self, lay, line) -> pygame.Rect:
        """The bar over a set's tiles: across its middle, in the space above the tiles."""
        g = lay.grid
        x0, y0 = g.cell_pos(line.cells[0])
        x1, _ = g.cell_pos(line.cells[-1])
        gap = max(0.0, g.py - g.tile_w * ASPECT)
        h = max(6, int(min(gap * 0.9, g.tile_w * 0.2)))
        w = max(int(g.tile_w * 0.9), int((x1 - x0 + g.tile_w) * 0.5))
        cx = (x0 + x1 + g.tile_w) / 2
        return pygame.Rect(int(cx - w / 2), int(y0 - h - max(1, gap * 0.05)), w, h)

    def grips(self, lay) -> list[tuple[pygame.Rect, object]]:
        sc = self.scene
        if not sc.can_edit_table():
            return []
        key = (self.session.version, id(lay), lay.grid.x0, lay.grid.y0, lay.grid.px, tuple(sc.drag.tiles) if sc.drag else ())
        if key != self._grips_key:
            self._grips_key, self._grips = key, self._find_grips(lay)
        return self._grips

    def _find_grips(self, lay) -> list[tuple[pygame.Rect, object]]:
        sc = self.scene
        dragging = set(sc.drag.tiles) if sc.drag is not None else set()
        pinned = set(self.session.pinned_tiles())  # before the initial meld the table stays as it is
        clip = lay.extra.get("table_clip")  # a table that scrolls: only the grips on the felt
        out = []
        for line in self.session.table().lines():
            if dragging & set(line.tiles) or pinned & set(line.tiles):
                continue
            rect = self.grip_rect(lay, line)
            if clip is None or clip.contains(rect):
                out.append((rect, line))
        return out

    def grip_at(self, pos):
        for rect, line in self.grips(self.scene.layout()):
            if rect.inflate(4, 4).collidepoint(pos):
                return line
        return None

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        sc = self.scene
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and sc.drag is None:
            self.mouse = ev.pos
            line = self.grip_at(ev.pos)
            if line is None:
                return False
            self.pick_up_by_mouse(line, ev.pos)
            return True
        if ev.type == pygame.KEYDOWN:
            return self.key(ev)
        return False

    def pick_up_by_mouse(self, line, pos) -> None:
        from .scenes.play.records import Drag

        sc = self.scene
        first = sc.sprites.get(line.tiles[0])
        if first is None:
            return
        self.carry = []
        grab = (pos[0] - first.pos[0], pos[1] - first.pos[1])
        sc.controls.carry(Drag(list(line.tiles), grab, pos, 0, whole=True))
        sc.app.sound.play("click")

    def key(self, ev) -> bool:
        sc = self.scene
        intent = keymap.intent(ev, "set_grip")
        if self.carry and not sc.can_edit_table():
            self.carry = []
        if intent == "move_set":
            if self.carry:
                self.drop_carry(cancel=True)
                return True
            area, cell = sc.cursor
            line = self.session.table().line_of(cell) if area == TABLE and sc.kb_mode else None
            if line is not None and set(line.tiles) & set(self.session.pinned_tiles()):
                sc.toast("Before your initial meld the sets on the table stay where they are", theme.INK_DIM)
                return True
            if line is None or not sc.can_edit_table():
                sc.toast("Move the cursor (arrow keys) onto a set on the table first, then M to move it", theme.INK_DIM)
                return True
            self.carry = list(line.tiles)
            sc.controls.select(line.tiles)
            sc.app.sound.play("click")
            sc.toast("Arrows: choose where the set goes, Enter: put it there, Esc: keep it where it was", theme.ACCENT, 4.0)
            return True
        if self.carry and intent in ("cancel", "place"):
            self.drop_carry(cancel=intent == "cancel")
            return True
        return False

    def drop_carry(self, cancel: bool = False) -> None:
        sc = self.scene
        tiles, self.carry = self.carry, []
        sc.controls.clear_selection()
        if cancel or not tiles:
            return
        area, cell = sc.cursor
        if area != TABLE:
            sc.toast("A set from the table goes back onto the table: move the cursor there", theme.INK_DIM)
            return
        sc.move_tiles(tiles, TABLE, cell, whole=True)

    def update(self, dt: float) -> None:
        if self.carry and (not self.scene.can_edit_table() or any(t not in self.session.table().tile_set() for t in self.carry)):
            self.carry = []

    # -- drawing -------------------------------------------------------------------------------------
    def draw_over_tiles(self, surf, lay) -> None:
        sc = self.scene
        grips = self.grips(lay)
        if not grips:
            return
        hover = self.grip_at(self.mouse) if sc.drag is None else None
        batch = []
        for rect, line in grips:
            lit = bool(hover is not None and hover.cells == line.cells or (self.carry and self.carry[0] in line.tiles))
            batch.append((self.bar_image(rect.w, rect.h, lit), rect.topleft))
        surf.fblits(batch)
        if hover is not None and sc.drag is None:
            self.tip(surf, lay, "Drag to move the whole set (M with the keyboard)")
        if self.carry:
            self.draw_carry_target(surf, lay)

    def bar_image(self, w: int, h: int, lit: bool) -> pygame.Surface:
        key = (w, h, lit)
        bar = self._bars.get(key)
        if bar is None:
            if len(self._bars) > 200:
                self._bars.clear()
            colour = theme.GOLD if lit else (228, 232, 240)
            bar = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(bar, (*colour, 235 if lit else 120), bar.get_rect(), border_radius=h // 2)
            dots = max(2, min(5, w // max(6, h * 2)))
            for i in range(dots):
                x = w / 2 + (i - (dots - 1) / 2) * h * 1.1
                pygame.draw.circle(bar, (40, 44, 56, 200), (int(x), h // 2), max(1, h // 5))
            self._bars[key] = bar
        return bar

    def draw_carry_target(self, surf, lay) -> None:
        sc = self.scene
        area, cell = sc.cursor
        if area != TABLE:
            return
        cells = self.session.preview_move(self.carry, cell, 0, True)
        g = lay.grid
        for cl in cells:
            r = g.cell_rect(cl)
            pygame.draw.rect(surf, theme.GOLD, r.inflate(4, 4), width=max(2, int(3 * lay.s)), border_radius=max(3, r.w // 6))

    def tip(self, surf, lay, text: str) -> None:
        s = lay.s
        img = theme.text(text, theme.readable(18 * s), theme.INK)
        box = pygame.Rect(0, 0, img.get_width() + int(20 * s), img.get_height() + int(12 * s))
        box.midbottom = (self.mouse[0], self.mouse[1] - int(14 * s))
        box.clamp_ip(pygame.Rect(0, 0, *lay.size))
        surf.blit(theme.panel(box.size, radius=int(8 * s), fill=(10, 18, 32), alpha=240, shadow=0, edge=theme.INK), box.topleft)
        surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))


variant_ui.register_general(SetGrip, applies)
