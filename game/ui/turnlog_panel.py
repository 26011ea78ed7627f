"""The turn log on the play screen: a button in the header that opens a panel of
recent turns of every player, newest first (the mouse wheel goes back), in words with
small tile pictures.  The panel
has "Show last turn" (the last computer turn played out again), the speed of computer
turns (slow, normal, fast, instant) and a close button; a click on a play in the list
shows that turn again.  L opens and closes it.  The list is drawn once per change."""

from __future__ import annotations

import pygame

from ..rules.state import HUMAN
from . import keymap, portrait_art, theme
from .tileart import ASPECT

TURN_SPEEDS = [("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"), ("instant", "Instant")]  # the speed button's steps


def _covered(r: pygame.Rect, area: list[pygame.Rect]) -> int:
    return sum(c.w * c.h for c in (r.clip(a) for a in area))


class TurnLogPanel:
    def __init__(self, show) -> None:
        self.show = show
        self._body: pygame.Surface | None = None
        self._body_key = None
        self._rows: list[tuple[pygame.Rect, object]] = []  # entry rects (panel coordinates) for clicks
        self.first = 0  # newest entries scrolled past (the mouse wheel)
        self._seen = 0

    @property
    def scene(self):
        return self.show.scene

    @property
    def open(self) -> bool:
        return self.scene.app.turn_log_open

    @open.setter
    def open(self, value: bool) -> None:
        self.scene.app.turn_log_open = bool(value)

    # -- geometry ---------------------------------------------------------------------------------
    def tab_rect(self, lay) -> pygame.Rect:
        s = lay.s
        r = pygame.Rect(0, 0, int(116 * s), int(lay.header.h * 0.66))
        r.midright = (lay.pool.x - int(18 * s), lay.header.centery)
        return r

    def rect(self, lay) -> pygame.Rect:
        """At the table's right; while an old turn is shown again, on whichever side covers
        less of the sets that turn changed (the log moves aside from what it replays; where
        both sides would cover some, ``stepped_aside`` keeps it out of sight meanwhile)."""
        s = lay.s
        t = lay.table
        w = int(min(380 * s, t.w * 0.44))
        top = int(8 * s) + (int(44 * s) if lay.extra.get("felt_controls") else 0)  # below a board view's controls
        h = t.h - top - int(84 * s)
        right = pygame.Rect(t.right - w - int(8 * s), t.y + top, w, max(int(120 * s), h))
        shown = self.replayed_area(lay)
        if not shown:
            return right
        left = right.copy()
        left.x = t.x + int(8 * s)

        return left if _covered(left, shown) < _covered(right, shown) else right

    def stepped_aside(self, lay) -> bool:
        """The open log is out of sight while a turn shown again lies under it on either side."""
        shown = self.replayed_area(lay)
        return bool(shown) and _covered(self.rect(lay), shown) > 0

    def replayed_area(self, lay) -> list[pygame.Rect]:
        """The cells of the sets a turn shown again changes, on the screen (none otherwise)."""
        if not self.show.replaying:
            return []
        pb = self.show.pb
        g = lay.grid
        cells = {c for st in pb.steps for line in st.lines for c in line}
        cells |= {c for c in set(pb.before.cells) | set(pb.after.cells) if pb.before.cells.get(c) != pb.after.cells.get(c)}
        return [g.cell_rect(cell) for cell in cells]

    def buttons(self, lay) -> dict[str, pygame.Rect]:
        s = lay.s
        r = self.rect(lay)
        h = int(30 * s)
        y = r.y + int(42 * s)
        close = pygame.Rect(r.right - int(36 * s), r.y + int(8 * s), int(28 * s), int(28 * s))
        half = (r.w - int(30 * s)) // 2
        replay = pygame.Rect(r.x + int(10 * s), y, half, h)
        speed = pygame.Rect(replay.right + int(10 * s), y, half, h)
        return {"close": close, "replay": replay, "speed": speed}

    # -- input ------------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        if self.open and self.stepped_aside(self.scene.layout()):
            return False  # out of sight for a moment: not there for the pointer either
        sc = self.scene
        if not sc.has_turn_log:
            return False
        if keymap.intent(ev, "turn_log") == "turn_log":
            self.open = not self.open
            sc.app.sound.play("click")
            return True
        if ev.type == pygame.MOUSEWHEEL and self.open and self.rect(sc.layout()).collidepoint(sc.mouse):
            self.first = max(0, min(len(self.show.log.entries) - 1, self.first - int(ev.y)))
            return True
        if ev.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or getattr(ev, "button", 1) != 1:
            return False
        lay = sc.layout()
        if not self.open:
            if self.tab_rect(lay).collidepoint(ev.pos):
                if ev.type == pygame.MOUSEBUTTONUP:
                    self.open = True
                    sc.app.sound.play("click")
                return True
            return False
        r = self.rect(lay)
        if not r.collidepoint(ev.pos):
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            return True
        for name, b in self.buttons(lay).items():
            if b.collidepoint(ev.pos):
                self.press(name)
                return True
        for rr, entry in self.entry_rects(lay):
            if rr.collidepoint(ev.pos) and entry.replayable:
                if self.show.replay(entry):
                    sc.app.sound.play("click")
                return True
        return True

    def press(self, name: str) -> None:
        sc = self.scene
        sc.app.sound.play("click")
        if name == "close":
            self.open = False
        elif name == "replay":
            if not self.show.replay_last():
                sc.toast("No computer turn to show yet this round", theme.INK_DIM, 2.5)
        elif name == "speed":
            keys = [k for k, _ in TURN_SPEEDS]
            self.show.set_speed(keys[(keys.index(self.show.speed) + 1) % len(keys)])

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surf, lay) -> None:
        s = lay.s
        sc = self.scene
        if not sc.has_turn_log:
            return
        mouse = sc.mouse
        if not self.open:
            tab = self.tab_rect(lay)
            hover = tab.collidepoint(mouse)
            theme.draw_panel(surf, tab, radius=tab.h // 2, fill=(10, 18, 32), alpha=225 if hover else 190,
                             edge=theme.GOLD if hover else theme.PANEL_EDGE, shadow=0)
            t = theme.text("Turns  (L)", theme.readable(17 * s), theme.INK if hover else theme.INK_DIM)
            theme.blit_center(surf, t, tab.center)
            return
        if self.stepped_aside(lay):
            return
        r = self.rect(lay)
        theme.draw_panel(surf, r, radius=int(14 * s), fill=(8, 14, 28), alpha=238, edge=theme.PANEL_EDGE, shadow=int(8 * s))
        title = theme.text("Turns", 22 * s, theme.GOLD)
        surf.blit(title, (r.x + int(12 * s), r.y + int(10 * s)))
        labels = {"close": "×", "replay": "Show last turn", "speed": "Turn speed: " + dict(TURN_SPEEDS)[self.show.speed]}
        for name, b in self.buttons(lay).items():
            hover = b.collidepoint(mouse)
            theme.draw_panel(surf, b, radius=b.h // 2, fill=(28, 44, 70) if hover else (18, 30, 50), alpha=255,
                             edge=theme.GOLD if hover else theme.PANEL_EDGE, shadow=0)
            lt = theme.fit_text(labels[name], theme.readable((24 if name == "close" else 16) * s), b.w - int(10 * s), theme.INK)
            theme.blit_center(surf, lt, b.center)
        top = self.body_top(lay)
        body = self.body(lay, r.w, r.h - top - int(8 * s))
        surf.blit(body, (r.x, r.y + top))
        for shown, entry in self.entry_rects(lay):
            if entry.replayable and shown.collidepoint(mouse):
                pygame.draw.rect(surf, theme.GOLD, shown, width=max(1, int(2 * s)), border_radius=int(8 * s))

    def body_top(self, lay) -> int:
        """Where the list begins below the panel's top (under its title and buttons)."""
        return int(80 * lay.s)

    def entry_rects(self, lay) -> list[tuple[pygame.Rect, object]]:
        """Each listed entry's rectangle on the screen, as last drawn: what a click picks."""
        r = self.rect(lay)
        top = self.body_top(lay)
        return [(rr.move(r.x, r.y + top), entry) for rr, entry in self._rows]

    def body(self, lay, w: int, h: int) -> pygame.Surface:
        """The list of turns, newest first, as far as it fits (cached per new entry)."""
        s = lay.s
        log = self.show.log
        if log.version != self._seen:  # a new turn: back to the newest
            self._seen, self.first = log.version, 0
        key = (log.version, w, h, s, self.scene.session.state.round, self.first)
        if key == self._body_key and self._body is not None:
            return self._body
        surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
        rows: list[tuple[pygame.Rect, object]] = []
        y = 0
        pad = int(10 * s)
        fs = int(28 * s)
        px = theme.readable(17 * s)
        line_h = theme.font(px, False).get_linesize()
        tw = max(10, int(22 * s))
        th = int(tw * ASPECT)
        tiles = self.scene.app.tiles
        players = self.scene.session.players
        entries = [e for e in reversed(log.entries)][self.first:]
        if not entries:
            t = theme.text("No turns yet.", px, theme.INK_DIM, bold=False)
            surf.blit(t, (pad, 0))
        for e in entries:
            text_x = pad + fs + int(8 * s)
            text_w = w - text_x - pad
            wrapped = [ln for line in e.lines for ln in theme.wrap_lines(line, px, text_w)]
            per_row = max(1, text_w // (tw + 2))
            tile_rows = (len(e.tiles) + per_row - 1) // per_row
            need = max(fs, len(wrapped) * line_h + tile_rows * (th + 3)) + int(10 * s)
            if y + need > h:
                break
            if e.round != self.scene.session.state.round:
                surf.fill((255, 255, 255, 10), (pad // 2, y, w - pad, need - int(4 * s)))
            seat = players[e.seat] if 0 <= e.seat < len(players) else None
            face = portrait_art.player_face(seat.kind, seat.name, fs) if seat else portrait_art.player_face(HUMAN, e.name, fs)
            surf.blit(face, (pad, y + int(2 * s)))  # the face the seat has at the table
            ty = y + int(3 * s)
            for ln in wrapped:
                img = theme.text(ln, px, theme.INK if e.kind == "play" else theme.INK_DIM, bold=False)
                surf.blit(img, (text_x, ty))
                ty += line_h
            for k, t in enumerate(e.tiles):
                surf.blit(tiles.face(t, tw), (text_x + (k % per_row) * (tw + 2), ty + (k // per_row) * (th + 3)))
            rows.append((pygame.Rect(pad // 2, y - int(2 * s), w - pad, need - int(2 * s)), e))
            y += need
            pygame.draw.line(surf, (60, 80, 110), (pad, y - int(5 * s)), (w - pad, y - int(5 * s)))
        self._rows = rows
        self._body, self._body_key = surf, key
        return surf
