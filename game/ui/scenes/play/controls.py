"""The input part: mouse and keys on the play screen (picking tiles up, drops, clicks, the
keyboard cursor, the buttons).  It owns the drag, the press, the pointer, the keyboard cursor
and the selection; the others read them through its methods and properties."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....play.session import RACK, TABLE
from ... import keymap, theme
from ...tileart import ASPECT
from .part import Part
from .records import Drag, Pending, Press

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene


class Controls(Part):
    """Mouse and keys on the play screen: picking tiles up, drops, clicks, the keyboard cursor, the buttons."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.stage = scene.stage
        self.selection: list[int] = []
        self.drag: Drag | None = None
        self.press: Press | None = None
        self.mouse = (0, 0)
        self.cursor: tuple[str, tuple[int, int]] = (RACK, (0, 0))
        self.kb_mode = False
        self.kb_since = -99.0
        self.place_vertical = False  # crossword boards: tiles put down in a column (V)

    # -- what other parts may ask ---------------------------------------------------------------------
    def dragged_tiles(self) -> list[int]:
        """The tiles being dragged (none when nothing is)."""
        return list(self.drag.tiles) if self.drag is not None else []

    def point_at(self, area: str, cell: tuple[int, int]) -> None:
        """The keyboard cursor shown on ``cell`` of ``area`` (as arrows would put it there)."""
        self.kb_mode = True
        self.cursor = (area, cell)

    def pulsing(self, seconds: float) -> bool:
        """The keyboard cursor is shown and still pulses (it holds still ``seconds`` after a key)."""
        return self.kb_mode and self.stage.time - self.kb_since < seconds

    def clear_selection(self) -> None:
        self.selection = []

    def select(self, tiles) -> None:
        """These tiles selected (as clicks would select them)."""
        self.selection = list(tiles)

    def cancel_press(self) -> None:
        """The button press in progress is not a click (a drag of the felt, a set's bar took it)."""
        self.press = None

    def carry(self, drag: Drag) -> None:
        """The pointer carries ``drag`` (a whole set picked up by its bar): nothing else is held."""
        self.selection = []
        self.press = None
        self.drag = drag

    def let_go(self) -> None:
        """Nothing held, pressed or selected (a turn shown again takes the table)."""
        self.drag = None
        self.press = None
        self.selection = []

    def toggle_vertical(self) -> bool:
        """Crossword boards: tiles put down together go down a column instead of along a row (V)."""
        self.place_vertical = not self.place_vertical
        return self.place_vertical

    def drop_drag(self) -> None:
        """The tiles dragged are let go where they came from (a turn ended)."""
        self.drag = None

    def cancel_drag(self) -> None:
        """Whatever the pointer held is let go (a timeout, a menu opened)."""
        self.drag = None
        self.press = None


    def update(self, dt: float) -> None:
        self.selection = [t for t in self.selection if t in self.stage.sprites]

    def draw_lifted(self, surf, lay) -> None:
        self.draw_drag(surf, lay)

    def draw_drag(self, surf, lay) -> None:
        if self.drag is None:
            return
        tiles = self.scene.app.tiles
        for t, (x, y, w) in zip(self.drag.tiles, self.drag_positions()):
            dw = int(w * 1.08) // 2 * 2
            img = tiles.scaled(self.scene.face_id(t), w, dw)
            shadow = pygame.Surface((dw, int(dw * ASPECT)), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(3, dw // 6))
            surf.blit(shadow, (int(x) + int(6 * lay.s), int(y) + int(9 * lay.s)))
            surf.blit(img, (int(x) - (dw - w) // 2, int(y) - int(4 * lay.s)))

    # -- input --------------------------------------------------------------------------------------
    def hit_tile(self, pos) -> tuple[int, str] | None:
        """The tile under the pointer (the top-most drawn; a table that scrolls shows its tiles
        only inside the felt)."""
        lay = self.scene.layout()
        clip = lay.extra.get("table_clip")
        for area, grid, places in ((RACK, lay.rack_grid, self.scene.session.rack.slots.items()),
                                   (TABLE, lay.grid, ((t, c) for c, t in self.scene.session.table().cells.items()))):
            if area == TABLE and clip is not None and not clip.collidepoint(pos):
                continue
            for t, _cell in places:
                sp = self.stage.sprites.get(t)
                if sp is None:
                    continue
                w = sp.w  # a plugin may show a tile at another size
                h = w * ASPECT
                x, y = sp.pos
                if x <= pos[0] < x + w and y <= pos[1] < y + h:
                    return t, area
        return None

    def area_at(self, pos) -> tuple[str, tuple[int, int]] | None:
        lay = self.scene.layout()
        if lay.rack.collidepoint(pos):
            cell = lay.rack_grid.cell_at(pos, clamp=True)
            return (RACK, cell) if cell else None
        if lay.table.collidepoint(pos):
            cell = lay.grid.cell_at(pos, clamp=True)
            return (TABLE, cell) if cell else None
        return None

    def move_tiles(self, tiles: list[int], area: str, cell, lead: int = 0, whole: bool = False) -> bool:
        """Put ``tiles`` down with the first at ``cell`` (tile ``lead`` under the pointer: on a
        flat table its cell decides which set they join); ``whole`` moves a table set as it is."""
        sess = self.scene.session
        if area == TABLE and not self.scene.can_edit_table():
            self.scene.playback.toast("Wait for your turn to change the table" if not sess.my_turn else "One moment…", theme.INK_DIM)
            return False
        res = sess.move(tiles, area, cell, vertical=area == TABLE and self.vertical_placing(), lead=lead, whole_set=whole)
        if res.ok:
            self.scene.app.sound.play("place")
            return True
        self.scene.playback.toast(res.message, theme.BAD)
        self.scene.app.sound.play("invalid")
        return False

    def ordered(self, tiles: list[int]) -> list[int]:
        """Tiles in reading order: table tiles first (row, column), then the rack's."""
        sess = self.scene.session
        where = {t: c for c, t in sess.table().cells.items()}

        def key(t):
            if t in where:
                return (0, where[t])
            return (1, sess.rack.slots.get(t, (9, 99)))
        return sorted(tiles, key=key)

    def movable(self, tile: int, area: str) -> bool:
        return area == RACK or self.scene.can_edit_table()

    def handle(self, ev) -> bool:
        """Mouse and keys that no part in front took: always consumed."""
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.kb_mode = False
            if self.press is not None and self.drag is None and self.press.tile is not None:
                if math.hypot(ev.pos[0] - self.press.pos[0], ev.pos[1] - self.press.pos[1]) > 6:
                    self.begin_drag()
            if self.drag is not None:
                self.drag.pos = ev.pos
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button == 3:
                self.selection = []
                return True
            if ev.button != 1:
                return True
            if self.scene.hud.press_at(ev.pos):
                return True
            hit = self.hit_tile(ev.pos)
            if hit is not None and self.movable(*hit):
                self.press = Press(hit[0], ev.pos, hit[1], None)
            else:
                spot = self.area_at(ev.pos)
                self.press = Press(None, ev.pos, spot[0] if spot else None, spot[1] if spot else None)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.mouse = ev.pos
            if self.scene.hud.release_at(ev.pos):
                return True
            if self.drag is not None:
                self.drop(ev.pos)
            elif self.press is not None:
                self.click(self.press)
            self.press = None
            return True
        if ev.type == pygame.MOUSEWHEEL:
            return True
        if ev.type == pygame.KEYDOWN:
            self.scene.key(ev)
        return True

    def begin_drag(self) -> None:
        p = self.press
        tile = p.tile
        if tile in self.selection:
            tiles = self.ordered(self.selection)
            if not self.scene.can_edit_table() and any(self.scene.session.where(t) and self.scene.session.where(t)[0] == TABLE for t in tiles):
                tiles = [tile]
        else:
            tiles = [tile]
            self.selection = []
        sp = self.stage.sprites.get(tiles[0])
        lead = self.stage.sprites.get(tile)
        if sp is None or lead is None:
            return
        # keep the grabbed tile under the pointer: offset measured from the lead tile
        idx = tiles.index(tile)
        w = lead.w
        grab = (p.pos[0] - lead.pos[0] + idx * w * 1.02, p.pos[1] - lead.pos[1])
        self.drag = Drag(tiles, grab, p.pos, idx)
        self.scene.app.sound.play("click")

    def drag_positions(self) -> list[tuple[float, float, int]]:
        d = self.drag
        lay = self.scene.layout()
        spot = self.area_at(d.pos)
        grid = lay.grid if spot and spot[0] == TABLE else lay.rack_grid
        w = grid.tile_w
        x0 = d.pos[0] - d.grab[0]
        y0 = d.pos[1] - d.grab[1]
        if grid is lay.grid and self.vertical_placing():
            # a column: the grabbed tile stays under the pointer
            lead = self.stage.sprites.get(d.tiles[d.lead]) if d.lead < len(d.tiles) else None
            lead_w = lead.w if lead is not None else w
            x0 += d.lead * lead_w * 1.02
            y0 -= d.lead * grid.py
        if grid is lay.grid and not self.scene.session.variant.flat_table and len(d.tiles) > 1:
            # shown where they would land: stepping over the tiles a set is laid across
            r, c = spot[1]  # the grabbed tile's cell is the one under the pointer (as the drop has it)
            first = (r - d.lead, c) if self.vertical_placing() else (r, c - d.lead)
            cells = self.drop_cells(d.tiles, TABLE, first)
            return [(x0 + (c - first[1]) * grid.px, y0 + (r - first[0]) * grid.py, w) for r, c in cells]
        return [(x0 + i * grid.px, y0, w) for i in range(len(d.tiles))]

    def vertical_placing(self) -> bool:
        """Tiles put on a crossword board go down a column (the V toggle)."""
        return self.place_vertical and not self.scene.session.variant.flat_table

    def drop_cells(self, tiles: list[int], area: str, cell) -> list[tuple[int, int]]:
        """Where ``tiles`` land when the first is put at ``cell`` (a crossword board skips
        the tiles already there, so a set can be laid across another)."""
        if area == TABLE and not self.scene.session.variant.flat_table:
            return self.scene.session.crossword_cells(tiles, cell, self.vertical_placing())
        if area == TABLE and self.drag is not None:  # where the draft editing puts them (sorted, joined)
            d = self.drag
            return self.scene.session.preview_move(tiles, cell, d.lead, d.whole)
        r, c = cell
        return [(r, c + i) for i in range(len(tiles))]

    def drop_target(self) -> tuple[str, tuple[int, int]] | None:
        if self.drag is None:
            return None
        spot = self.area_at(self.drag.pos)
        if spot is None:
            return None
        lay = self.scene.layout()
        grid = lay.grid if spot[0] == TABLE else lay.rack_grid
        d = self.drag
        if spot[0] == TABLE and not d.whole:
            # the tile under the pointer goes to the cell under the pointer
            r, c = spot[1]
            return (TABLE, (r - d.lead, c) if self.vertical_placing() else (r, c - d.lead))
        x0, y0, _w = self.drag_positions()[0]
        cell = grid.nearest_cell((x0, y0))
        r = max(grid.row0, min(grid.row0 + grid.rows - 1, cell[0]))
        c = max(grid.col0, min(grid.col0 + grid.cols - 1, cell[1]))
        if spot[0] == TABLE and self.scene.session.variant.flat_table:
            c = max(0, min(self.scene.session.grid_width - len(d.tiles), c))
        return (spot[0], (r, c))

    def drop(self, pos) -> None:
        d = self.drag
        target = self.drop_target()
        positions = self.drag_positions()
        self.drag = None
        for t, (x, y, _w) in zip(d.tiles, positions):
            sp = self.stage.sprites.get(t)
            if sp is not None:
                sp.pos = (x, y)
        onto = self.scene.session.table().get(target[1]) if target is not None and target[0] == TABLE and not d.whole else None
        if onto is not None and onto not in d.tiles and self.scene.plugin.drop_onto(d.tiles, onto):
            moved = False  # the plugin asks first (a joker's place): the tile waits at home
        else:
            moved = target is not None and self.move_tiles(d.tiles, *target, lead=d.lead, whole=d.whole)
        for t in d.tiles:  # settle into the new place, or slide back home
            self.stage.pending[t] = Pending(duration=0.16, ease="out_back") if moved else Pending(duration=0.25)
        if moved:
            self.selection = []
        self.scene.playback.sync_sprites()

    def click(self, p: Press) -> None:
        sess = self.scene.session
        if p.tile is not None:
            if p.tile in self.selection:
                self.selection.remove(p.tile)
            else:
                self.selection.append(p.tile)
            self.scene.app.sound.play("click")
            return
        if p.area is not None and self.selection:
            if p.area == TABLE and not self.scene.can_edit_table():
                self.scene.playback.toast("Wait for your turn to change the table", theme.INK_DIM)
                return
            tiles = self.ordered(self.selection)
            cell = p.cell
            if p.area == TABLE and sess.variant.flat_table:
                cell = (cell[0], max(0, min(sess.grid_width - len(tiles), cell[1])))
            if self.move_tiles(tiles, p.area, cell):
                self.selection = []
            return
        self.selection = []

    # keyboard (``game.ui.keymap``): arrows move the cursor, Enter picks up / puts down
    def key(self, ev) -> None:
        """A key (the scene's ``key`` hook by default comes here)."""
        self.kb_since = self.stage.time  # the keyboard cursor pulses for a moment, then holds still
        match keymap.intent(ev, "play"):
            case "pause":
                self.scene.open_pause()
            case "end_turn":
                self.scene.end_or_draw()
            case "undo":
                self.scene.undo()
            case "reset":
                self.scene.reset()
            case "hint":
                self.scene.ask_hint()
            case "sort_runs":
                self.scene.sort("runs")
            case "sort_groups":
                self.scene.sort("groups")
            case "deselect":
                self.selection = []
            case "left" | "right" | "up" | "down" | "switch_area" as way:
                self.move_cursor(way)
            case "select" | "insert" as how:
                self.select_at_cursor(insert=how == "insert")

    def move_cursor(self, way: str) -> None:
        """An arrow (or Tab, ``switch_area``) moves the keyboard cursor; the first shows it."""
        if not self.kb_mode:
            self.kb_mode = True
            self.clamp_cursor()
            return
        lay = self.scene.layout()
        area, (r, c) = self.cursor
        grid = lay.grid if area == TABLE else lay.rack_grid
        match way:
            case "left":
                c -= 1
            case "right":
                c += 1
            case "switch_area":
                area = RACK if area == TABLE else TABLE
                grid = lay.grid if area == TABLE else lay.rack_grid
                r = grid.row0 + (grid.rows - 1 if area == TABLE else 0)
            case "up" if area == RACK and r == 0:
                area, grid = TABLE, lay.grid
                r = grid.row0 + grid.rows - 1
                c = int(round(c * grid.cols / max(1, lay.rack_grid.cols)))
            case "up":
                r -= 1
            case "down" if area == TABLE and r >= grid.row0 + grid.rows - 1:
                area, grid = RACK, lay.rack_grid
                c = int(round(c * grid.cols / max(1, lay.grid.cols)))
                r = 0
            case "down":
                r += 1
        r = max(grid.row0, min(grid.row0 + grid.rows - 1, r))
        c = max(grid.col0, min(grid.col0 + grid.cols - 1, c))
        self.cursor = (area, (r, c))
        self.scene.app.sound.play("click", 0.4)

    def select_at_cursor(self, insert: bool = False) -> None:
        """Enter: pick up the tile under the cursor, or put the selected tiles there (Shift+Enter:
        ``insert``, before the tile there)."""
        sess = self.scene.session
        self.kb_mode = True
        self.clamp_cursor()
        area, cell = self.cursor
        tile = sess.table().get(cell) if area == TABLE else next((t for t, cl in sess.rack.slots.items() if cl == cell), None)
        table_tiles = set(sess.table().tiles())
        onto_set = (area == TABLE and tile is not None and bool(self.selection) and sess.variant.flat_table
                    and not any(t in table_tiles for t in self.selection))
        if self.selection and (tile is None or insert or onto_set):
            # on empty space: a new set; on a table tile with rack tiles chosen: they join
            # that tile's set in their places, as a drop on it does
            tiles = self.ordered(self.selection)
            if area == TABLE and sess.variant.flat_table and not onto_set:
                cell = (cell[0], max(0, min(sess.grid_width - len(tiles), cell[1])))
            if self.move_tiles(tiles, area, cell):
                self.selection = []
            return
        if tile is not None and self.movable(tile, area):
            if tile in self.selection:
                self.selection.remove(tile)
            else:
                self.selection.append(tile)
            self.scene.app.sound.play("click")

    def clamp_cursor(self) -> None:
        lay = self.scene.layout()
        area, (r, c) = self.cursor
        grid = lay.grid if area == TABLE else lay.rack_grid
        r = max(grid.row0, min(grid.row0 + grid.rows - 1, r))
        c = max(grid.col0, min(grid.col0 + grid.cols - 1, c))
        self.cursor = (area, (r, c))
