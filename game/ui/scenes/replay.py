"""Replay: a finished game (or the one in progress, up to now) turn by turn, forward and back.

The table and your rack after each move, the turn log in words beside them, and on your own
turns the finder's verdict: where it could place more tiles ("3 more tiles: show") and, on
request, its arrangement on the table with those tiles marked.  The finder runs in a
background thread, your turns first from where you are looking, so stepping never waits.
"""

from __future__ import annotations

import threading

import pygame

from ...play import reasons
from ...play.narrate import Narrator
from ...replay import store, timeline
from ...rules.state import HUMAN, GameState
from ...rules.tiles import colour_index, is_joker, rack_value
from .. import keymap, theme
from ..tileart import tile_height
from ..widgets import Button
from .common import BackdropScene, DialogScene
from ..errorlog import log_error

BUDGET = 0.8  # seconds the finder may spend on one turn


class Analyst:
    """Runs ``timeline.analyse`` over the player's turns in a background thread."""

    def __init__(self, frames: list[timeline.Frame]) -> None:
        self.frames = frames
        self.todo = [i for i, f in enumerate(frames) if f.before is not None]
        self.results: dict[int, timeline.Missed | None] = {}
        self.focus = 0
        self.stop = False
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self.run, daemon=True)
        if self.todo:
            self.thread.start()

    def run(self) -> None:
        while not self.stop:
            with self.lock:
                left = [i for i in self.todo if i not in self.results]
                if not left:
                    return
                ahead = [i for i in left if i >= self.focus]
                i = ahead[0] if ahead else left[0]
            got = timeline.analyse(self.frames[i], BUDGET)
            with self.lock:
                self.results[i] = got

    def done(self, i: int) -> bool:
        with self.lock:
            return i in self.results

    def get(self, i: int) -> timeline.Missed | None:
        with self.lock:
            return self.results.get(i)

    def wait(self, i: int) -> timeline.Missed | None:
        """The verdict on frame ``i`` now (computed here if the thread has not reached it)."""
        if not self.done(i):
            got = timeline.analyse(self.frames[i], BUDGET)
            with self.lock:
                self.results.setdefault(i, got)
        return self.get(i)


class ReplayScene(BackdropScene):
    name = "replay"
    drift_count = 0

    def __init__(self, app, state: GameState, viewer: int = 0, title: str = "") -> None:
        super().__init__(app)
        self.state = state
        self.viewer = viewer
        self.title = title or f"{state.variant.title}, {len(state.players)} players"
        self.error = ""
        try:
            narrator = Narrator([p.name for p in state.players], viewer, reads_columns=state.variant.reads_columns)
            self.frames = timeline.build(state, viewer, tell=narrator.tell)
        except timeline.ReplayError as exc:
            self.frames = []
            self.error = str(exc) + (f" {reasons.cap(reasons.say_all(exc.problems))}." if exc.problems else "")
        self.index = 0
        self.showing = False  # the finder's table instead of the game's
        self.analyst = Analyst(self.frames)
        self.names = ["You" if i == viewer else p.name for i, p in enumerate(state.players)]
        self.first = Button("|<", lambda: self.go(0), key_hint="Home")
        self.prev = Button("< Back", lambda: self.go(self.index - 1), key_hint="Left")
        self.next = Button("Next >", lambda: self.go(self.index + 1), style="primary", key_hint="Right")
        self.last = Button(">|", lambda: self.go(len(self.frames) - 1), key_hint="End")
        self.show = Button("", self.toggle_show, style="good", key_hint="S")
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")
        self.group.widgets = [self.first, self.prev, self.next, self.last, self.show, self.back_button]
        self.group.focus = 2
        self.log_rows: list[tuple[pygame.Rect, int]] = []

    # -- moving through the game ---------------------------------------------------------------
    def go(self, i: int) -> None:
        if not self.frames:
            return
        self.index = max(0, min(len(self.frames) - 1, i))
        self.showing = False
        self.analyst.focus = self.index

    def missed(self) -> timeline.Missed | None:
        if not self.frames or self.frames[self.index].before is None:
            return None
        return self.analyst.get(self.index)

    def toggle_show(self) -> None:
        if self.missed() is not None:
            self.showing = not self.showing

    def leave(self) -> None:
        self.analyst.stop = True

    def handle(self, ev) -> None:
        steps = {"previous": -1, "next": 1, "back_10": -10, "forward_10": 10}
        match keymap.intent(ev, "replay"):
            case str(way) if way in steps:
                self.go(self.index + steps[way])
                return
            case "first":
                self.go(0)
                return
            case "last":
                self.go(len(self.frames) - 1)
                return
            case "show_best_play":
                self.toggle_show()
                return
        if ev.type == pygame.MOUSEWHEEL:
            self.go(self.index - ev.y)
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for rect, i in self.log_rows:
                if rect.collidepoint(ev.pos):
                    self.go(i)
                    return
        super().handle(ev)

    def update(self, dt) -> None:
        super().update(dt)
        missed = self.missed()
        self.show.visible = missed is not None
        self.show.enabled = missed is not None
        if missed is not None:
            self.show.label = "Show the game's table" if self.showing else f"{missed.more} more tile{'s' if missed.more != 1 else ''}: show"
        self.prev.enabled = self.first.enabled = self.index > 0
        self.next.enabled = self.last.enabled = self.index < len(self.frames) - 1

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        m = int(14 * s)
        bh = int(44 * s)
        y = h - bh - m
        self.log_rect = pygame.Rect(int(w * 0.68) + m, int(64 * s), w - int(w * 0.68) - 2 * m, y - int(64 * s) - m)
        self.table_rect = pygame.Rect(m, int(64 * s), int(w * 0.68) - m, int((y - int(64 * s) - m) * 0.72))
        self.rack_rect = pygame.Rect(m, self.table_rect.bottom + m, self.table_rect.w, y - self.table_rect.bottom - 2 * m)
        small = int(84 * s)
        x = m
        for b, bw in ((self.first, small), (self.prev, int(150 * s)), (self.next, int(150 * s)), (self.last, small)):
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + int(8 * s)
        self.show.rect = pygame.Rect(x + int(12 * s), y, int(260 * s), bh)
        self.back_button.rect = pygame.Rect(w - m - int(150 * s), y, int(150 * s), bh)

    def draw(self, surf) -> None:
        self.ensure_layout()
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        head = theme.fit_text(f"Replay: {self.title}", 28 * s, int(w * 0.6), theme.GOLD)
        surf.blit(head, (int(14 * s), int(16 * s)))
        if self.error or not self.frames:
            msg = self.error or "This game has no moves to show."
            for k, line in enumerate(theme.wrap_lines(msg, 24 * s, int(w * 0.7))):
                t = theme.text(line, 24 * s, theme.INK)
                theme.blit_center(surf, t, (w // 2, int(h * 0.4) + k * t.get_height()))
            self.group.draw(surf, s)
            return
        f = self.frames[self.index]
        where = f"Move {self.index} of {len(self.frames) - 1}  ·  round {f.round}"
        t = theme.text(where, 20 * s, theme.INK_DIM, bold=False)
        surf.blit(t, (w - t.get_width() - int(14 * s), int(20 * s)))
        self.draw_table(surf, s, f)
        self.draw_rack(surf, s, f)
        self.draw_log(surf, s)
        self.group.draw(surf, s)

    def draw_table(self, surf, s, f: timeline.Frame) -> None:
        r = self.table_rect
        surf.blit(theme.felt(r.size, int(16 * s)), r.topleft)
        missed = self.missed() if self.showing else None
        board = missed.board if missed is not None else f.board
        mark = set(missed.tiles) if missed is not None else set(f.placed)
        colour = theme.GOOD if missed is not None else theme.GOLD
        cells = board.cells
        if cells:
            r0, c0, r1, c1 = board.bounds()
            if self.state.variant.flat_table:
                r0, c0, c1 = 0, 0, max(c1, 15)  # from the left edge, at least 16 columns
            rows, cols = r1 - r0 + 1, c1 - c0 + 1
            pad = int(16 * s)
            tw = int(min((r.w - 2 * pad) / cols * 0.94, (r.h - 2 * pad) / (rows * 1.32 * 1.12), 56 * s))
            tw = max(10, tw)
            px = tw / 0.94
            py = tile_height(tw) * 1.12
            gx = r.x + (r.w - px * cols) / 2
            gy = r.y + pad
            for (row, col), t in cells.items():
                x = int(gx + (col - c0) * px)
                y = int(gy + (row - r0) * py)
                if t in mark:
                    g = self.app.tiles.glow(tw, colour, max(2, int(3 * s)))
                    surf.blit(g, (x - (g.get_width() - tw) // 2, y - (g.get_height() - tile_height(tw)) // 2))
                surf.blit(self.app.tiles.face(t, tw), (x, y))
        if missed is not None:
            note = f"The best play found: {missed.more} more of your tiles placed (outlined green)."
        elif f.placed and f.seat is not None:
            who = "you put" if f.seat == self.viewer else f"{self.names[f.seat]} puts"
            note = f"Outlined: the tiles {who} down."
        else:
            note = ""
        if note:
            t = theme.fit_text(note, theme.readable(18 * s), r.w - int(30 * s), theme.INK, bold=False)
            surf.blit(t, (r.x + int(16 * s), r.bottom - t.get_height() - int(10 * s)))

    def draw_rack(self, surf, s, f: timeline.Frame) -> None:
        r = self.rack_rect
        theme.draw_panel(surf, r, radius=int(12 * s))
        pad = int(10 * s)
        rack = sorted(f.racks[self.viewer], key=lambda t: (is_joker(t), colour_index(t), t))
        if f.before is not None and self.showing and self.missed() is not None:
            rack = [t for t in sorted(f.before.rack, key=lambda t: (is_joker(t), colour_index(t), t))
                    if t not in set(self.missed().tiles)]
        others = "   ".join(f"{self.names[i]}: {_tiles(len(rk))}, score {f.scores[i]}"
                           for i, rk in enumerate(f.racks) if i != self.viewer)
        label = theme.fit_text(f"Your rack: {_tiles(len(rack))} worth {rack_value(rack)} points, "
                               f"score {f.scores[self.viewer]}   {others}", theme.readable(17 * s),
                               r.w - 2 * pad, theme.INK_DIM, bold=False)
        surf.blit(label, (r.x + pad, r.y + pad // 2))
        top = r.y + pad // 2 + label.get_height() + int(4 * s)
        avail_h = r.bottom - top - pad // 2
        per_row = max(1, (len(rack) + 1) // 2) if len(rack) > 16 else max(1, len(rack))
        rows = 2 if len(rack) > 16 else 1
        tw = int(min((r.w - 2 * pad) / max(per_row, 14) * 0.94, avail_h / rows / 1.36, 48 * s))
        tw = max(10, tw)
        for k, t in enumerate(rack):
            x = r.x + pad + (k % per_row) * int(tw / 0.94)
            y = top + (k // per_row) * int(tile_height(tw) * 1.05)
            surf.blit(self.app.tiles.face(t, tw), (x, y))

    def draw_log(self, surf, s) -> None:
        r = self.log_rect
        theme.draw_panel(surf, r, radius=int(12 * s))
        pad = int(10 * s)
        t = theme.text("Turn log", 20 * s, theme.GOLD)
        surf.blit(t, (r.x + pad, r.y + pad))
        y0 = r.y + pad + t.get_height() + int(6 * s)
        px = max(13.0, 17 * s)
        line_h = int(theme.font(px, bold=False).get_linesize())
        width = r.w - 2 * pad
        # the rows around the current move, the current one highlighted
        rows: list[tuple[int, str, tuple]] = []
        for i, f in enumerate(self.frames):
            for k, line in enumerate(f.lines):
                rows.append((i, line, theme.INK if f.seat == self.viewer else theme.INK_DIM))
            if f.before is not None:
                m = self.analyst.get(i)
                if m is not None:
                    rows.append((i, f"   {m.more} more tile{'s' if m.more != 1 else ''} could have gone down", theme.GOLD))
                elif not self.analyst.done(i):
                    rows.append((i, "   (checking…)", theme.INK_FAINT))
        wrapped: list[tuple[int, str, tuple]] = []
        for i, line, colour in rows:
            for part in theme.wrap_lines(line, px, width - int(8 * s)):
                wrapped.append((i, part, colour))
        fit = max(1, (r.bottom - pad - y0) // line_h)
        cur = next((k for k, row in enumerate(wrapped) if row[0] == self.index), 0)
        start = max(0, min(len(wrapped) - fit, cur - fit // 2))
        self.log_rows = []
        y = y0
        for i, part, colour in wrapped[start:start + fit]:
            row = pygame.Rect(r.x + pad // 2, y, r.w - pad, line_h)
            if i == self.index:
                theme.blend_rect(surf, (246, 196, 70, 50), row, border_radius=int(4 * s))
            t = theme.text(part, px, colour, bold=False)
            surf.blit(t, (r.x + pad, y))
            self.log_rows.append((row, i))
            y += line_h


class ReplayListScene(BackdropScene):
    """The kept games, newest first, and the game in progress."""

    name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries: list[store.Entry] = []
        current = in_progress()
        if current is not None:
            self.entries.append(current)
        self.entries += store.entries()
        self.page = 0
        self.per_page = 8
        self.rebuild()

    def rebuild(self) -> None:
        shown = self.entries[self.page * self.per_page:(self.page + 1) * self.per_page]
        self.rows = []
        for e in shown:
            label = f"{e.when}  {e.title}: {e.note}" if e.when else f"{e.title}: {e.note}"
            self.rows.append(Button(label, self._opener(e), style="secondary" if e.ok else "ghost", enabled=True))
        pages = max(1, (len(self.entries) + self.per_page - 1) // self.per_page)
        self.older = Button("Older", lambda: self.turn(1), enabled=self.page + 1 < pages)
        self.newer = Button("Newer", lambda: self.turn(-1), enabled=self.page > 0)
        self.back_button = Button("Back", self.back, style="primary", key_hint="Esc")
        self.group.widgets = self.rows + [self.newer, self.older, self.back_button]
        self.group.focus = 0 if self.rows else len(self.group.widgets) - 1
        self._layout_size = None

    def turn(self, d: int) -> None:
        self.page += d
        self.rebuild()

    def _opener(self, e: store.Entry):
        def open_entry():
            if not e.ok:
                self.app.push(DialogScene(self.app, "Cannot replay this game", e.note[:1].upper() + e.note[1:] + ".",
                                          [("OK", "primary", None)]))
                return
            self.app.push(ReplayScene(self.app, e.state, e.viewer, e.title))
        return open_entry

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw = int(min(900 * s, w - 60 * s))
        bh, gap = int(44 * s), int(8 * s)
        top = int(120 * s)
        for i, b in enumerate(self.rows):
            b.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh)
        y = h - int(70 * s)
        self.newer.rect = pygame.Rect(w // 2 - bw // 2, y, int(150 * s), bh)
        self.older.rect = pygame.Rect(self.newer.rect.right + gap, y, int(150 * s), bh)
        self.back_button.rect = pygame.Rect(w // 2 + bw // 2 - int(150 * s), y, int(150 * s), bh)

    def draw(self, surf) -> None:
        self.ensure_layout()
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        theme.blit_center(surf, theme.shadow_text("Replays", 44 * s, theme.GOLD), (w // 2, int(54 * s)))
        sub = (f"The last {store.KEEP} finished games are kept. Pick one to step through it turn by turn."
               if self.entries else "No games to replay yet: finished games appear here.")
        theme.blit_center(surf, theme.fit_text(sub, 19 * s, w - int(60 * s), theme.INK_DIM, bold=False), (w // 2, int(96 * s)))
        self.group.draw(surf, s)


def in_progress() -> store.Entry | None:
    """The autosaved game in progress, as a replay entry (None when there is none)."""
    from ...storage.saves import session_bridge

    try:
        if not session_bridge.has_autosave():
            return None
        doc, _reason = session_bridge.load_autosave()
    except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
        log_error("opening the autosave for its replay", exc)
        return None
    if doc is None:
        return None
    e = store.entry_from(doc)
    if e.state is None:
        return None
    e.viewer = next((i for i, p in enumerate(e.state.players) if p.kind == HUMAN), 0)
    if e.state.replayable:
        e.note = f"the game in progress, up to now (round {e.state.round}, {e.state.total_turns} turns)"
    e.when = ""
    return e


def _tiles(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"
