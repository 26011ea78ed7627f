"""The click controls of the Rummibug sheet, on our play screen (every rule set
with a flat table; the crossword table of Rummi200kub works differently).

- select tiles, then **New set** (N): they go to a free place on the table as a
  set of their own, in the order the rules core arranges them;
- select tiles, then click a tile of a table set (or A over it with the keyboard
  cursor): they join that set, at the end where the core says it stays valid;
- click a table tile with nothing selected (or T): it is taken into the holding
  area (shown over the table's bottom row), to be used this turn;
- select one tile and click a joker it may stand for: the screen asks whether to
  replace the joker (which then goes to the holding area) or add the tile to the set;
- **Split** (C), then click between two tiles of a set: the set is cut there.

Shift- or Ctrl-click on a table tile selects it instead (to move several table
tiles at once); dragging works as before.  Every change is one
``Session.place`` intent (one undo step); where tiles go is planned in
``clickplan`` from the rules core's verdicts, and whether the turn is legal is
the core's decision when it ends.
"""

from __future__ import annotations

import math

import pygame

from ..play import reasons
from ..play.session import TABLE
from ..rules.tiles import is_joker, set_words, tile_words, tiles_in_words
from . import clickplan, keymap, theme, variant_ui
from .tileart import ASPECT
from .errorlog import log_error

HOLD_TEXT = "Holding · must be used this turn"
TIPS = {
    "new": "Put the selected tiles on the table as a new set (N)",
    "split": "Split a set: click this, then click between two of its tiles (C)",
}


def applies(variant) -> bool:
    return variant.flat_table


class ClickControls(variant_ui.Plugin):
    """A play-screen plugin (see ``variant_ui``)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.split_mode = False
        self.pressed: str | None = None
        self.mouse = (0, 0)
        self.hold_order: list[int] = []

    # -- shortcuts --------------------------------------------------------------------------------
    @property
    def session(self):
        return self.scene.session

    def held(self) -> list[int]:
        """Table tiles taken this turn, in the order they were taken."""
        sess = self.session
        if sess.draft is None:
            self.hold_order = []
            return []
        now = sess.held_table_tiles()
        self.hold_order = [t for t in self.hold_order if t in now] + [t for t in now if t not in self.hold_order]
        return list(self.hold_order)

    def toast(self, text: str, colour=theme.INK, seconds: float = 3.5) -> None:
        self.scene.toast(text, colour, seconds)

    def sound(self, name: str) -> None:
        self.scene.app.sound.play(name)

    # -- geometry ----------------------------------------------------------------------------------
    def buttons(self, lay) -> dict[str, pygame.Rect]:
        """Two buttons in the status band, over the column of action buttons."""
        s = lay.s
        x0 = lay.buttons["runs"].x
        x1 = lay.buttons["end"].right
        gap = int(8 * s)
        h = max(20, lay.status.h - int(2 * s))
        y = lay.status.centery - h // 2
        w_new = int((x1 - x0 - gap) * 0.56)
        return {"new": pygame.Rect(x0, y, w_new, h), "split": pygame.Rect(x0 + w_new + gap, y, x1 - x0 - gap - w_new, h)}

    def button_at(self, pos) -> str | None:
        for name, r in self.buttons(self.scene.layout()).items():
            if r.collidepoint(pos):
                return name
        return None

    def enabled(self, name: str) -> bool:
        sc = self.scene
        if not sc.can_edit_table():
            return False
        if name == "new":
            return bool(sc.selection)
        if name == "split":
            return not self.table_closed() and any(len(ln.tiles) > 1 for ln in self.session.table().lines())
        return False

    def table_closed(self) -> bool:
        """Before the initial meld the table's sets stay as they are (every sheet but the Golden
        Games): splitting one could only be refused at End turn."""
        sess = self.session
        return not sess.state.players[sess.viewer].melded and sess.variant.initial_table_untouched

    def tray_row(self, lay) -> int:
        g = lay.grid
        return g.row0 + g.rows - 1

    def tray_slots(self, lay, n: int) -> list[tuple[float, float]]:
        """Where held tiles sit: the table's bottom row (always empty: the grid keeps a spare row)."""
        g = lay.grid
        row = self.tray_row(lay)
        return [g.cell_pos((row, g.col0 + i)) for i in range(n)]

    def tray_rect(self, lay, n: int) -> pygame.Rect | None:
        if n <= 0:
            return None
        g = lay.grid
        s = lay.s
        pad = max(4, int(g.tile_w * 0.18))
        x0, y0 = self.tray_slots(lay, 1)[0]
        label_w = theme.font(self.label_px(lay), True).size(HOLD_TEXT)[0]
        w = int(n * g.px + label_w + pad * 3 + 12 * s)
        h = int(g.tile_w * ASPECT) + pad * 2
        r = pygame.Rect(int(x0) - pad, int(y0) - pad, w, h)
        return r.clip(lay.table) if r.right > lay.table.right else r

    def label_px(self, lay) -> float:
        return max(14.0, min(21 * lay.s, lay.grid.tile_w * 0.55))

    def avoid(self, lay) -> set:
        """Table cells under the holding area (new sets are not put there)."""
        n = len(self.held())
        if not n:
            return set()
        g = lay.grid
        r = self.tray_rect(lay, n + 1)
        row = self.tray_row(lay)
        return {(row, c) for c in range(g.col0, g.col0 + g.cols) if g.cell_rect((row, c)).colliderect(r)}

    # -- plugin hooks ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.split_mode and not self.session.my_turn:  # the turn ended (or the time ran out)
            self.split_mode = False

    def adjust_targets(self, targets: dict, lay) -> None:
        held = self.held()
        if not held:
            return
        w = lay.grid.tile_w
        for t, (x, y) in zip(held, self.tray_slots(lay, len(held))):
            targets[t] = (x, y, w)

    def toast_lift(self, lay) -> int:
        """Toasts rise above the holding area while it shows."""
        r = self.tray_rect(lay, len(self.held()))
        return 0 if r is None else max(0, lay.table.bottom - r.y)

    def controls_tip(self) -> str:
        return "Select tiles, then New set or click a table set  ·  click a table tile to take it  ·  Space: draw or end turn"

    def status_right(self, lay) -> int:
        return min(r.x for r in self.buttons(lay).values()) - int(10 * lay.s)

    def status_note(self, analysis):
        if self.split_mode:
            return ("Split: click between two tiles of a set (Esc cancels)", theme.ACCENT)
        held = self.held()
        if held:
            return (f"Use {tiles_in_words(held)} in a set this turn", theme.WARN)
        return None

    def draw_refused(self, outcome) -> bool:
        """A refused draw: explain it in a dialog (Rummibug's 35-tile rule names a play)."""
        sc = self.scene
        sess = self.session
        msg = reasons.say_all(outcome.problems) or "you cannot draw now"
        msg = msg[0].upper() + msg[1:]
        tiles = self.forced_tiles()
        title = "You must meld" if tiles else "You cannot draw now"
        limit = sess.variant.must_meld_at
        if tiles and limit:
            msg += f". With {limit} or more tiles you may draw only when you cannot meld. Show me marks the tiles on your rack."
        elif not msg.endswith("."):
            msg += "."

        def show() -> None:
            sc.hint.point_at(tiles, 10.0)

        choices = ([("Show me", "primary", show)] if tiles else []) + [("OK", "secondary", None)]
        sc.app.open("dialog", title, msg, choices, tone=theme.WARN)
        sc.app.sound.play("invalid")
        return True

    def forced_tiles(self) -> list[int]:
        """Rack tiles of the play a must-meld rule sees (for "Show me")."""
        sess = self.session
        fn = sess.variant.forced_play
        st = sess.state
        me = st.players[sess.viewer]
        try:
            play = fn(st.board, me.rack, me.melded, st.drawn)
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("asking the rule set which play it forces", exc)
            return []
        if play is None:
            return []
        start = st.board.tile_set()
        return [t for t in play.tiles() if t not in start]

    # -- input -------------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        sc = self.scene
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button == 3 and self.split_mode:
                self.split_mode = False
                return True
            if ev.button != 1:
                return False
            btn = self.button_at(ev.pos)
            if btn is not None:
                self.pressed = btn
                return True
            if self.split_mode:
                if sc.layout().table.collidepoint(ev.pos) and sc.can_edit_table():
                    return True
                self.split_mode = False
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.mouse = ev.pos
            if self.pressed is not None:
                btn, self.pressed = self.pressed, None
                if self.button_at(ev.pos) == btn:
                    self.press(btn)
                return True
            if self.split_mode and sc.layout().table.collidepoint(ev.pos) and sc.can_edit_table():
                self.split_at(ev.pos)
                return True
            p = sc.press
            if sc.drag is None and p is not None and p.tile is not None and p.area == TABLE:
                if pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_META):
                    return False  # select it, as before
                sc.controls.cancel_press()
                self.table_click(p.tile, ev.pos)
                return True
            return False
        if ev.type == pygame.KEYDOWN:
            return self.key(ev)
        return False

    def key(self, ev) -> bool:
        """The click controls' keys (``game.ui.keymap``, "click_controls"); True when used."""
        match keymap.intent(ev, "click_controls"):
            case "cancel" if self.split_mode:
                self.split_mode = False
            case "new_set":
                self.press("new")
            case "split":
                self.press("split")
            case "add_to_set" | "take_tile" as what:
                self.at_cursor(what)
            case "confirm" if self.split_mode:
                self.at_cursor(None)
            case _:
                return False
        return True

    def at_cursor(self, what: str | None) -> None:
        """A, T (or Enter while splitting) on the table tile under the keyboard cursor."""
        sc = self.scene
        area, cell = sc.cursor
        tile = self.session.table().get(cell) if area == TABLE else None
        if not sc.kb_mode or tile is None:
            self.toast("Move the cursor (arrow keys) onto a table tile first", theme.INK_DIM)
        elif self.split_mode:
            self.split_before(cell)
        elif what == "take_tile":
            self.take(tile)
        elif not sc.selection:
            self.toast("Select tiles first (Enter), then press A over a set to add them", theme.INK_DIM)
        else:
            self.table_click(tile, None)

    def press(self, name: str) -> None:
        sc = self.scene
        if not sc.can_edit_table():
            self.toast("Wait for your turn to change the table" if not self.session.my_turn else "One moment…", theme.INK_DIM)
            return
        if name == "new":
            self.new_set()
        elif name == "split":
            if not self.enabled("split"):
                self.toast("Before your initial meld the sets on the table stay as they are" if self.table_closed()
                           else "There is no set on the table to split", theme.INK_DIM)
                return
            self.split_mode = not self.split_mode
            self.sound("click")

    # -- the actions -------------------------------------------------------------------------------
    def _place(self, table: dict | None = None, to_rack=()) -> bool:
        res = self.session.place(table or {}, to_rack)
        if not res.ok:
            self.toast(res.message[0].upper() + res.message[1:], theme.BAD)
            self.sound("invalid")
            return False
        self.sound("place")
        return True

    def new_set(self) -> None:
        sc = self.scene
        sess = self.session
        if not sc.selection:
            self.toast("Select tiles first (click them), then New set", theme.INK_DIM)
            return
        tiles = sc.ordered(sc.selection)
        lay = sc.layout()
        plan, ok = clickplan.plan_new_set(sess.table(), tiles, sess.grid_width, self.avoid(lay))
        if self._place(plan):
            sc.controls.clear_selection()
            if not ok and len(tiles) >= 1:
                self.toast(f"{set_words(clickplan.set_order(tiles))} is not a set yet: add to it or fix it before you end the turn",
                           theme.WARN)

    def take(self, tile: int) -> None:
        sc = self.scene
        if self._place({}, [tile]):
            if tile in sc.selection:
                sc.selection.remove(tile)

    def add_to(self, tiles: list[int], line) -> None:
        """The tiles join ``line`` in their places (the same draft editing as a drop on it)."""
        sc = self.scene
        _order, _k, ok = clickplan.add_order(line.tiles, tiles)
        if sc.move_tiles(tiles, TABLE, line.cells[0]):
            sc.controls.clear_selection()
            if not ok:
                self.toast(f"{set_words(tiles)} does not fit {set_words(line.tiles)}: the set is outlined until you fix it",
                           theme.WARN)

    def table_click(self, tile: int, pos) -> None:
        sc = self.scene
        sess = self.session
        if not sc.can_edit_table():
            self.toast("Wait for your turn to change the table" if not sess.my_turn else "One moment…", theme.INK_DIM)
            return
        if tile in sc.selection:
            sc.selection.remove(tile)
            self.sound("click")
            return
        board = sess.table()
        cell = board.where().get(tile)
        line = board.line_of(cell) if cell is not None else None
        if line is None:
            return
        chosen = [t for t in sc.ordered(sc.selection) if t not in line.tiles]
        if not chosen:
            if sc.selection:  # tiles of this set are selected: select this one too
                sc.selection.append(tile)
                self.sound("click")
                return
            self.take(tile)
            return
        idx = line.tiles.index(tile)
        if is_joker(tile) and len(chosen) == 1 and clickplan.can_stand_in(line, idx, chosen[0]):
            self.ask_joker(chosen[0], tile, line)
            return
        self.add_to(chosen, line)

    def drop_onto(self, tiles: list[int], onto: int) -> bool | None:
        """One tile dropped on a table joker it can stand in for: asked as a click there is
        (replace the joker, or add the tile to the set), never joined into the set unasked (the
        joker would move inside its own set, which the rules refuse)."""
        if len(tiles) != 1 or not is_joker(onto) or not self.scene.can_edit_table():
            return None
        board = self.session.table()
        cell = board.where().get(onto)
        line = board.line_of(cell) if cell is not None else None
        if line is None or tiles[0] in line.tiles or not clickplan.can_stand_in(line, line.tiles.index(onto), tiles[0]):
            return None
        self.ask_joker(tiles[0], onto, line)
        return True

    def ask_joker(self, tile: int, joker: int, line) -> None:
        sc = self.scene
        name = tile_words(tile)
        cell = line.cells[line.tiles.index(joker)]

        def replace() -> None:
            if self._place({tile: cell}, [joker]):
                sc.controls.clear_selection()

        def add() -> None:
            fresh = self.session.table().line_of(cell)
            if fresh is not None:
                self.add_to([tile], fresh)

        sc.app.open(
            "dialog", "Replace the joker?",
            f"{'Your' if tile in self.session.rack.slots else 'The'} {name} can take the joker's place in "
            f"{set_words(line.tiles)}. Replace the joker (it then waits in the "
            f"holding area and must be used this turn), or add the {name} to the set?",
            [("Replace the joker", "primary", replace), ("Add to the set", "secondary", add), ("Cancel", "ghost", None)],
            tone=theme.GOLD)

    def line_at(self, pos):
        """The table set under the pointer (or between two of its tiles) and its tiles' centres."""
        sc = self.scene
        lay = sc.layout()
        g = lay.grid
        board = self.session.table()
        cell = g.cell_at(pos)
        if cell is None:
            return None, []
        for ln in board.lines():
            if ln.cells[0][0] != cell[0]:
                continue
            first, last = g.cell_rect(ln.cells[0]), g.cell_rect(ln.cells[-1])
            if first.x - g.px * 0.25 <= pos[0] <= last.right + g.px * 0.25:
                return ln, [g.cell_rect(c).centerx for c in ln.cells]
        return None, []

    def split_at(self, pos) -> None:
        line, centres = self.line_at(pos)
        gap = clickplan.gap_for(line, centres, pos[0]) if line is not None else 0
        if line is None or not 1 <= gap < len(line.tiles):
            self.toast("Click between two tiles of a set to cut it there", theme.INK_DIM)
            return
        self.do_split(line, gap)

    def split_before(self, cell) -> None:
        line = self.session.table().line_of(cell)
        gap = line.cells.index(cell) if line is not None else 0
        if line is None or not 1 <= gap < len(line.tiles):
            self.toast("Put the cursor on the tile that should start the second part", theme.INK_DIM)
            return
        self.do_split(line, gap)

    def do_split(self, line, gap: int) -> None:
        sess = self.session
        plan = clickplan.plan_split(sess.table(), line, gap, sess.grid_width, self.avoid(self.scene.layout()))
        if plan and self._place(plan):
            self.split_mode = False

    # -- drawing -----------------------------------------------------------------------------------
    def draw_under_tiles(self, surf, lay) -> None:
        held = self.held()
        r = self.tray_rect(lay, len(held))
        if r is None:
            return
        s = lay.s
        pulse = 0.5 + 0.5 * math.sin(self.scene.time * 3.0)
        edge = theme.mix(theme.WARN, theme.GOLD, pulse)
        theme.draw_panel(surf, r, radius=max(6, int(10 * s)), fill=(52, 30, 70), alpha=235, edge=edge, shadow=int(6 * s))
        g = lay.grid
        x = r.x + int(len(held) * g.px) + max(4, int(g.tile_w * 0.18)) * 2
        img = theme.fit_text(HOLD_TEXT, self.label_px(lay), r.right - x - int(6 * s), theme.WARN)
        surf.blit(img, (x, r.centery - img.get_height() // 2))

    def draw_over_tiles(self, surf, lay) -> None:
        if not self.split_mode or not lay.table.collidepoint(self.mouse):
            return
        line, centres = self.line_at(self.mouse)
        if line is None:
            return
        gap = clickplan.gap_for(line, centres, self.mouse[0])
        if not 1 <= gap < len(line.tiles):
            return
        g = lay.grid
        a, b = g.cell_rect(line.cells[gap - 1]), g.cell_rect(line.cells[gap])
        x = (a.right + b.x) // 2
        s = lay.s
        w = max(3, int(4 * s))
        pygame.draw.line(surf, theme.WARN, (x, a.y - int(8 * s)), (x, a.bottom + int(8 * s)), w)
        for dy in (a.y - int(8 * s), a.bottom + int(8 * s)):
            pygame.draw.circle(surf, theme.WARN, (x, dy), max(3, int(5 * s)))

    def draw_hud(self, surf, lay) -> None:
        from .widgets import button_surface

        s = lay.s
        labels = {"new": ("New set", "N"), "split": ("Split", "C")}
        for name, rect in self.buttons(lay).items():
            on = self.enabled(name)
            active = name == "split" and self.split_mode
            hover = on and rect.collidepoint(self.mouse)
            state = "disabled" if not on else "down" if hover and self.pressed == name else "hover" if hover else "normal"
            style = "primary" if active else "secondary"
            surf.blit(button_surface(rect.size, style, state, max(5, int(rect.h * 0.3))), rect.topleft)
            label, keyname = labels[name]
            colour = ((40, 24, 6) if active else theme.INK) if on else (150, 156, 168)
            px = min(rect.h * 0.8, 21 * s)
            lt = theme.fit_text(label, px, rect.w - int(30 * s), colour)
            theme.blit_center(surf, lt, (rect.centerx - int(6 * s), rect.centery))
            kt = theme.text(keyname, theme.readable(px * 0.7), theme.mix(colour, (128, 128, 128), 0.4))
            surf.blit(kt, (rect.right - kt.get_width() - int(7 * s), rect.centery - kt.get_height() // 2))
        name = self.button_at(self.mouse) if self.scene.drag is None else None
        if name:
            closed = name == "split" and self.table_closed()
            self.tooltip(surf, lay, "Split opens after your initial meld (C)" if closed else TIPS[name])

    def tooltip(self, surf, lay, text: str) -> None:
        s = lay.s
        img = theme.text(text, 19 * s, theme.INK)
        box = pygame.Rect(0, 0, img.get_width() + int(20 * s), img.get_height() + int(12 * s))
        box.bottomright = (self.mouse[0], self.mouse[1] - int(10 * s))
        box.clamp_ip(pygame.Rect(0, 0, *lay.size))
        bg = theme.panel(box.size, radius=int(8 * s), fill=(10, 18, 32), alpha=240, shadow=0, edge=theme.INK)
        surf.blit(bg, box.topleft)
        surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))


variant_ui.register_general(ClickControls, applies)


class HandLimitMeter(variant_ui.Plugin):
    """Rule sets with a hand limit (Relaxed Rummibug): the rack count against the limit,
    in the player's panel, red once above it (ending the turn there costs points)."""

    def __init__(self, scene) -> None:
        self.scene = scene

    def reading(self) -> tuple[int, int] | None:
        """(tiles on the rack as the turn stands, the hand limit now), None between rounds."""
        sess = self.scene.session
        st = sess.state
        if st.phase != "play":
            return None
        limit = sess.variant.hand_limit(st)
        return None if limit is None else (len(sess.rack.slots), limit)

    def draw_hud(self, surf, lay) -> None:
        sess = self.scene.session
        got = self.reading()
        if got is None:
            return
        n, limit = got
        s = lay.s
        box = lay.me.rect
        over = n > limit
        colour = theme.BAD if over else theme.WARN if n >= limit - 2 else theme.GOOD
        y = box.bottom - int(26 * s)
        lx = box.x + int(12 * s)
        label = f"Hand limit (−{sess.variant.hand_limit_penalty} above)" if over else "Hand limit"
        lt = theme.fit_text(label, theme.readable(16 * s), box.w - int(80 * s), theme.BAD if over else theme.INK_DIM, bold=over)
        surf.blit(lt, (lx, y))
        vt = theme.text(f"{n} / {limit}", 20 * s, colour)
        surf.blit(vt, (box.right - int(12 * s) - vt.get_width(), y - int(2 * s)))


def has_hand_limit(variant) -> bool:
    return variant.hand_limit_penalty > 0


variant_ui.register_general(HandLimitMeter, has_hand_limit)
