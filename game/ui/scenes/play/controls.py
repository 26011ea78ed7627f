"""Mouse and keys on the play screen: picking tiles up, drops, clicks, the keyboard cursor, the buttons."""

from __future__ import annotations

import math

import pygame

from ....play import reasons
from ....play.events import Refused
from ....play.session import RACK, TABLE
from ... import keymap, theme
from ...tileart import ASPECT
from .. import attract
from ..common import DialogScene
from .records import Drag, Pending, Press


class PlayInput:
    """Mouse and keys on the play screen: picking tiles up, drops, clicks, the keyboard cursor, the buttons."""

    # -- input --------------------------------------------------------------------------------------
    def input_locked(self) -> bool:
        return self.time < self.busy_until or self.round_end_at is not None or self.results_at is not None

    def can_edit_table(self) -> bool:
        return self.session.my_turn and not self.input_locked()

    def hit_tile(self, pos) -> tuple[int, str] | None:
        """The tile under the pointer (the top-most drawn; a table that scrolls shows its tiles
        only inside the felt)."""
        lay = self.layout()
        clip = lay.extra.get("table_clip")
        for area, grid, places in ((RACK, lay.rack_grid, self.session.rack.slots.items()),
                                   (TABLE, lay.grid, ((t, c) for c, t in self.session.table().cells.items()))):
            if area == TABLE and clip is not None and not clip.collidepoint(pos):
                continue
            for t, _cell in places:
                sp = self.sprites.get(t)
                if sp is None:
                    continue
                w = sp.w  # a plugin may show a tile at another size
                h = w * ASPECT
                x, y = sp.pos
                if x <= pos[0] < x + w and y <= pos[1] < y + h:
                    return t, area
        return None

    def area_at(self, pos) -> tuple[str, tuple[int, int]] | None:
        lay = self.layout()
        if lay.rack.collidepoint(pos):
            cell = lay.rack_grid.cell_at(pos, clamp=True)
            return (RACK, cell) if cell else None
        if lay.table.collidepoint(pos):
            cell = lay.grid.cell_at(pos, clamp=True)
            return (TABLE, cell) if cell else None
        return None

    def button_at(self, pos) -> str | None:
        lay = self.layout()
        if lay.menu.collidepoint(pos):
            return "menu"
        for name, r in lay.buttons.items():
            if r.collidepoint(pos):
                return name
        return None

    def button_enabled(self, name: str) -> bool:
        sess = self.session
        if name == "menu":
            return True
        if name in ("runs", "groups"):
            return bool(sess.rack.slots)
        mine = sess.my_turn and not self.input_locked()
        if name == "undo":
            return mine and sess.can_undo
        if name == "reset":
            return mine and (sess.draft_moved or bool(sess.held_table_tiles()))
        if name == "hint":
            return mine and self.hint_mode() != "off"
        if name == "end":
            return mine
        return False

    def press_button(self, name: str) -> None:
        if not self.button_enabled(name):
            return
        self.app.sound.play("click")
        {"menu": self.open_pause, "runs": lambda: self.sort("runs"), "groups": lambda: self.sort("groups"),
         "undo": self.undo, "reset": self.reset, "hint": self.ask_hint, "end": self.end_or_draw}[name]()

    def sort(self, how: str) -> None:
        self.session.rack.sort(how)
        self.app.sound.play("deal")

    def undo(self) -> None:
        if self.session.undo():
            self.app.sound.play("deal")

    def reset(self) -> None:
        if self.session.reset():
            self.selection = []
            self.app.sound.play("deal")

    def end_or_draw(self) -> None:
        """Space / the big button: draw when nothing changed, else end the turn; the rules
        core's preview says when to ask first (a penalty, a hand-limit warning)."""
        sess = self.session
        if not sess.my_turn or self.input_locked():
            return
        changed = sess.draft_changed or bool(sess.held_table_tiles())
        go = self.do_end_turn if changed else self.do_draw
        pv = sess.preview()
        if pv is not None and pv.outcome == "penalty" and pv.warn and self.app.settings.get("warn_invalid_end", True):
            self.app.push(DialogScene(self.app, "The table is not valid", reasons.preview_words(pv),
                                      [("End turn anyway", "danger", go), ("Keep playing", "secondary", None)],
                                      tone=theme.WARN, focus=1))
            return
        if pv is not None and pv.outcome in ("play", "draw") and pv.warnings:
            self.app.push(DialogScene(self.app, "Before you end your turn", reasons.cautions(pv.warnings),
                                      [("End turn anyway", "danger", go), ("Keep playing", "secondary", None)],
                                      tone=theme.WARN, focus=1))
            return
        go()

    def do_end_turn(self) -> None:
        out = self.session.end_turn()
        self.drag = None
        if out.ok:
            self.selection = []
            self.app.sound.play("place")
        events = self.session.poll_events()
        for ev in events:
            self.on_event(ev)
        if not out.ok and not any(isinstance(ev, Refused) for ev in events):
            self.toast("Not yet: " + (reasons.say_all(out.problems) or "that play is not valid"), theme.BAD, 4.5)
            self.app.sound.play("invalid")

    def do_draw(self) -> None:
        out = self.session.draw()
        if not out.ok and not self.plugin.draw_refused(out):
            self.toast(reasons.say_all(out.problems) or "You cannot draw now", theme.BAD, 4.0)
            self.app.sound.play("invalid")
        self.selection = []
        for ev in self.session.poll_events():
            self.on_event(ev)

    def open_pause(self) -> None:
        self.drag = None
        self.press = None
        self.app.open("pause", self)

    def move_tiles(self, tiles: list[int], area: str, cell, lead: int = 0, whole: bool = False) -> bool:
        """Put ``tiles`` down with the first at ``cell`` (tile ``lead`` under the pointer: on a
        flat table its cell decides which set they join); ``whole`` moves a table set as it is."""
        sess = self.session
        if area == TABLE and not self.can_edit_table():
            self.toast("Wait for your turn to change the table" if not sess.my_turn else "One moment…", theme.INK_DIM)
            return False
        res = sess.move(tiles, area, cell, vertical=area == TABLE and self.vertical_placing(), lead=lead, whole_set=whole)
        if res.ok:
            self.app.sound.play("place")
            return True
        self.toast(res.message, theme.BAD)
        self.app.sound.play("invalid")
        return False

    def ordered(self, tiles: list[int]) -> list[int]:
        """Tiles in reading order: table tiles first (row, column), then the rack's."""
        sess = self.session
        where = {t: c for c, t in sess.table().cells.items()}

        def key(t):
            if t in where:
                return (0, where[t])
            return (1, sess.rack.slots.get(t, (9, 99)))
        return sorted(tiles, key=key)

    def movable(self, tile: int, area: str) -> bool:
        return area == RACK or self.can_edit_table()

    def handle(self, ev) -> None:
        if self.session.demo and attract.leaves_demo(ev):  # any key or click ends the attract mode
            attract.leave_demo(self.app, self)
            return
        if self.opening is not None and self.opening.handle(ev):  # the opening draw, shown as a round starts
            return
        if self.turnshow.handle(ev):  # skip a turn being played out, the turn log, the hint's bar
            return
        if self.plugin.handle(ev):
            return
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            self.kb_mode = False
            if self.press is not None and self.drag is None and self.press.tile is not None:
                if math.hypot(ev.pos[0] - self.press.pos[0], ev.pos[1] - self.press.pos[1]) > 6:
                    self.begin_drag()
            if self.drag is not None:
                self.drag.pos = ev.pos
            return
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button == 3:
                self.selection = []
                return
            if ev.button != 1:
                return
            btn = self.button_at(ev.pos)
            if btn is not None:
                self.pressed_button = btn
                return
            hit = self.hit_tile(ev.pos)
            if hit is not None and self.movable(*hit):
                self.press = Press(hit[0], ev.pos, hit[1], None)
            else:
                spot = self.area_at(ev.pos)
                self.press = Press(None, ev.pos, spot[0] if spot else None, spot[1] if spot else None)
            return
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.mouse = ev.pos
            if self.pressed_button is not None:
                btn, self.pressed_button = self.pressed_button, None
                if self.button_at(ev.pos) == btn:
                    self.press_button(btn)
                return
            if self.drag is not None:
                self.drop(ev.pos)
            elif self.press is not None:
                self.click(self.press)
            self.press = None
            return
        if ev.type == pygame.MOUSEWHEEL:
            return
        if ev.type == pygame.KEYDOWN:
            self.key(ev)

    def begin_drag(self) -> None:
        p = self.press
        tile = p.tile
        if tile in self.selection:
            tiles = self.ordered(self.selection)
            if not self.can_edit_table() and any(self.session.where(t) and self.session.where(t)[0] == TABLE for t in tiles):
                tiles = [tile]
        else:
            tiles = [tile]
            self.selection = []
        sp = self.sprites.get(tiles[0])
        lead = self.sprites.get(tile)
        if sp is None or lead is None:
            return
        # keep the grabbed tile under the pointer: offset measured from the lead tile
        idx = tiles.index(tile)
        w = lead.w
        grab = (p.pos[0] - lead.pos[0] + idx * w * 1.02, p.pos[1] - lead.pos[1])
        self.drag = Drag(tiles, grab, p.pos, idx)
        self.app.sound.play("click")

    def drag_positions(self) -> list[tuple[float, float, int]]:
        d = self.drag
        lay = self.layout()
        spot = self.area_at(d.pos)
        grid = lay.grid if spot and spot[0] == TABLE else lay.rack_grid
        w = grid.tile_w
        x0 = d.pos[0] - d.grab[0]
        y0 = d.pos[1] - d.grab[1]
        if grid is lay.grid and self.vertical_placing():
            # a column: the grabbed tile stays under the pointer
            lead = self.sprites.get(d.tiles[d.lead]) if d.lead < len(d.tiles) else None
            lead_w = lead.w if lead is not None else w
            x0 += d.lead * lead_w * 1.02
            y0 -= d.lead * grid.py
        if grid is lay.grid and not self.session.variant.flat_table and len(d.tiles) > 1:
            # shown where they would land: stepping over the tiles a set is laid across
            r, c = spot[1]  # the grabbed tile's cell is the one under the pointer (as the drop has it)
            first = (r - d.lead, c) if self.vertical_placing() else (r, c - d.lead)
            cells = self.drop_cells(d.tiles, TABLE, first)
            return [(x0 + (c - first[1]) * grid.px, y0 + (r - first[0]) * grid.py, w) for r, c in cells]
        return [(x0 + i * grid.px, y0, w) for i in range(len(d.tiles))]

    def vertical_placing(self) -> bool:
        """Tiles put on a crossword board go down a column (the V toggle)."""
        return self.place_vertical and not self.session.variant.flat_table

    def drop_cells(self, tiles: list[int], area: str, cell) -> list[tuple[int, int]]:
        """Where ``tiles`` land when the first is put at ``cell`` (a crossword board skips
        the tiles already there, so a set can be laid across another)."""
        if area == TABLE and not self.session.variant.flat_table:
            return self.session.crossword_cells(tiles, cell, self.vertical_placing())
        if area == TABLE and self.drag is not None:  # where the draft editing puts them (sorted, joined)
            d = self.drag
            return self.session.preview_move(tiles, cell, d.lead, d.whole)
        r, c = cell
        return [(r, c + i) for i in range(len(tiles))]

    def drop_target(self) -> tuple[str, tuple[int, int]] | None:
        if self.drag is None:
            return None
        spot = self.area_at(self.drag.pos)
        if spot is None:
            return None
        lay = self.layout()
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
        if spot[0] == TABLE and self.session.variant.flat_table:
            c = max(0, min(self.session.grid_width - len(d.tiles), c))
        return (spot[0], (r, c))

    def drop(self, pos) -> None:
        d = self.drag
        target = self.drop_target()
        positions = self.drag_positions()
        self.drag = None
        for t, (x, y, _w) in zip(d.tiles, positions):
            sp = self.sprites.get(t)
            if sp is not None:
                sp.pos = (x, y)
        onto = self.session.table().get(target[1]) if target is not None and target[0] == TABLE and not d.whole else None
        if onto is not None and onto not in d.tiles and self.plugin.drop_onto(d.tiles, onto):
            moved = False  # the plugin asks first (a joker's place): the tile waits at home
        else:
            moved = target is not None and self.move_tiles(d.tiles, *target, lead=d.lead, whole=d.whole)
        for t in d.tiles:  # settle into the new place, or slide back home
            self.pending[t] = Pending(duration=0.16, ease="out_back") if moved else Pending(duration=0.25)
        if moved:
            self.selection = []
        self.sync_sprites()

    def click(self, p: Press) -> None:
        sess = self.session
        if p.tile is not None:
            if p.tile in self.selection:
                self.selection.remove(p.tile)
            else:
                self.selection.append(p.tile)
            self.app.sound.play("click")
            return
        if p.area is not None and self.selection:
            if p.area == TABLE and not self.can_edit_table():
                self.toast("Wait for your turn to change the table", theme.INK_DIM)
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
        self.kb_since = self.time  # the keyboard cursor pulses for a moment, then holds still
        match keymap.intent(ev, "play"):
            case "pause":
                self.open_pause()
            case "end_turn":
                self.end_or_draw()
            case "undo":
                self.undo()
            case "reset":
                self.reset()
            case "hint":
                self.ask_hint()
            case "sort_runs":
                self.sort("runs")
            case "sort_groups":
                self.sort("groups")
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
        lay = self.layout()
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
        self.app.sound.play("click", 0.4)

    def select_at_cursor(self, insert: bool = False) -> None:
        """Enter: pick up the tile under the cursor, or put the selected tiles there (Shift+Enter:
        ``insert``, before the tile there)."""
        sess = self.session
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
            self.app.sound.play("click")

    def clamp_cursor(self) -> None:
        lay = self.layout()
        area, (r, c) = self.cursor
        grid = lay.grid if area == TABLE else lay.rack_grid
        r = max(grid.row0, min(grid.row0 + grid.rows - 1, r))
        c = max(grid.col0, min(grid.col0 + grid.cols - 1, c))
        self.cursor = (area, (r, c))
