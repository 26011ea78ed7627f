"""The play screen.

The scene holds no rules: it turns mouse and keys into intents on the
``Session`` and draws what the session and the rules core say.  Animation is
view state: each tile has a sprite that slides to wherever the session puts
the tile; events from the session (a play, a draw, a timeout, a round's end)
add playback delays, flips, bursts and sounds.
"""

from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable

import pygame

from ...rules.tiles import format_tiles
from ...rules.turn import Problem
from ...session import HUMAN, RACK, TABLE, Session
from .. import faces, playlayout, rest, theme, variant_ui
from ..anim import Effects, Motion, Sprite
from ..app import Scene, log_error
from ..tileart import ASPECT, shadow_margin
from ..worker import HINT
from . import attract
from .common import DialogScene

MIN_THINK = 0.65  # seconds a computer appears to think (at normal animation speed)
TOAST_TIME = 3.2


@dataclass
class Toast:
    text: str
    colour: tuple
    until: float
    big: bool = False


@dataclass
class Ghost:
    """A tile back flying between the pool and a hidden rack (no tile identity)."""

    start: tuple[float, float]
    end: tuple[float, float]
    w: int
    delay: float
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.duration


@dataclass
class Drag:
    tiles: list[int]
    grab: tuple[float, float]  # pointer offset from the first tile's top-left
    pos: tuple[float, float]  # pointer position
    lead: int = 0  # index of the tile under the pointer


@dataclass
class Press:
    tile: int | None
    pos: tuple[int, int]
    area: str | None
    cell: tuple[int, int] | None
    button: str | None = None


@dataclass
class Highlight:
    cells: tuple
    colour: tuple
    until: float
    label: str = ""


@dataclass
class Pending:
    """How a tile's next move should look (set when an event arrives)."""

    start: tuple[float, float] | None = None
    delay: float = 0.0
    duration: float | None = None
    hidden: bool = False
    flip: bool = False
    start_scale: float = 1.0
    ease: str = "out_cubic"


BUTTON_LABELS = {
    "runs": ("Runs", "S"),
    "groups": ("Groups", "G"),
    "hint": ("Hint", "H"),
    "undo": ("Undo", "Z"),
    "reset": ("Reset", "R"),
}


class PlayScene(Scene):
    name = "play"

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.plugin = None  # set last (a plugin may look at the scene)
        self.place_vertical = False  # crossword boards: tiles put down in a column (V)
        self.sprites: dict[int, Sprite] = {}
        self.pending: dict[int, Pending] = {}
        self.ghosts: list[Ghost] = []
        self.effects = Effects()
        self.toasts: list[Toast] = []
        self.highlights: list[Highlight] = []
        self.selection: list[int] = []
        self.hint_tiles: list[int] = []
        self.hint_until = 0.0
        self.hint_token = 0
        self.drag: Drag | None = None
        self.press: Press | None = None
        self.mouse = (0, 0)
        self.cursor: tuple[str, tuple[int, int]] = (RACK, (0, 0))
        self.kb_mode = False
        self.kb_since = -99.0
        self.time = 0.0
        self.busy_until = 0.0
        self.scheduled: list[tuple[float, Callable[[], None]]] = []
        self.think_started = 0.0
        self.ai_answer: tuple[int, object] | None = None
        self.ai_token = 0
        self.round_end_at: float | None = None
        self.results_at: float | None = None
        self.banner: tuple[str, str, tuple, float, float] | None = None  # title, sub, colour, start, until
        self.shake = 0.0
        self.last_tick_second = None
        self.pressed_button: str | None = None
        self._layout: playlayout.PlayLayout | None = None
        self._layout_key = None
        self._static: pygame.Surface | None = None
        self._static_key = None
        self._sync_sig = None
        self._layout_memo = None
        self.hold_ai = False  # the benchmark keeps the computer thinking forever
        self.auto_next = session.demo  # attract mode moves on by itself
        self.closed = False
        self.shown_save_error = ""
        from .. import variant_ui

        self.plugin = variant_ui.plugin_for(self)

    # -- life cycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.session.begin()  # saves a fresh deal; counts a finished game loaded from a save
        self.app.tiles.warm(self.layout().grid.tile_w)
        self.app.tiles.warm(self.layout().rack_grid.tile_w)
        self.sync_sprites(snap=True)
        self.deal_animation()
        for ev in self.session.poll_events():
            if ev.get("type") == "turn":
                self.on_event(ev)
        if self.session.phase != "play":
            self.round_end_at = self.time

    def leave(self) -> None:
        self.session.cancel_ai()
        self.closed = True

    def closing(self) -> None:
        """The window is closing: save the game as it stood at the start of this turn."""
        if self.session.phase == "play" or self.session.phase == "round_over":
            for hook in self.session.turn_hooks:
                try:
                    hook(self.session)
                except Exception as exc:
                    log_error("autosave on close", exc)

    def next_frame(self) -> float | None:
        return rest.play_next_frame(self)  # frames only while something moves (game/ui/rest.py)

    def minimised(self) -> None:
        if not self.session.demo:
            self.open_pause()  # the turn clock stops while the window is minimised

    def resized(self, size) -> None:
        self._layout_key = None
        self.sync_sprites(snap=True)

    # -- layout -------------------------------------------------------------------------------------
    def layout(self) -> playlayout.PlayLayout:
        sess = self.session
        cam = variant_ui.call(self.plugin, "layout_key")  # a board view's pan and zoom
        memo = (sess.version, self.app.size, self.drag is None, self._layout_key is None, cam)
        if memo == self._layout_memo and self._layout is not None:
            return self._layout
        board = sess.table()
        rows_needed = 0
        bounds = None
        if sess.variant.crossword:
            b = board.bounds() if len(board) else (0, 0, -1, -1)
            sb = sess.state.board.bounds() if len(sess.state.board) else b
            r0 = min(b[0], sb[0]) - 2 if len(board) else -3
            c0 = min(b[1], sb[1]) - 2 if len(board) else -6
            r1 = max(b[2], sb[2]) + 2 if len(board) else 3
            c1 = max(b[3], sb[3]) + 2 if len(board) else 6
            rows, cols = max(8, r1 - r0 + 1), max(16, c1 - c0 + 1)
            bounds = (r0, c0, rows, cols)
        else:
            rows_needed = max([r for r, _ in board.cells] + [r for r, _ in sess.state.board.cells] + [-1]) + 2
            if self.drag is not None and self._layout is not None:
                rows_needed = max(rows_needed, self._layout.grid.rows)
        info_band = bool(self.status_lines())
        key = (self.app.size, len(sess.players), sess.viewer, sess.variant.direction, sess.grid_width, rows_needed,
               sess.rack_cols, bounds, info_band, cam)
        if key != self._layout_key:
            self._layout = playlayout.compute(self.app.size, len(sess.players), sess.viewer, sess.variant.direction,
                                              sess.grid_width, rows_needed, sess.rack_cols, bounds, info_band)
            variant_ui.call(self.plugin, "adjust_layout", self._layout)  # e.g. a camera over the grid
            self._layout_key = key
        self._layout_memo = (sess.version, self.app.size, self.drag is None, False, cam)
        return self._layout

    def status_lines(self) -> list[str]:
        """The rule set's status lines (cached per change of the game)."""
        v = self.session.version
        if getattr(self, "_status_cache", (None,))[0] != v:
            self._status_cache = (v, self.session.status_lines())
        return self._status_cache[1]

    def seat_box(self, seat: int) -> playlayout.SeatBox:
        lay = self.layout()
        if seat == self.session.viewer:
            return lay.me
        return lay.seats.get(seat, lay.me)

    # -- tiles and sprites ----------------------------------------------------------------------------
    def speed(self) -> float:
        return self.app.anim_speed

    def dur(self, seconds: float) -> float:
        sp = self.speed()
        return 0.0 if sp <= 0 else seconds / sp

    def targets(self) -> dict[int, tuple[float, float, int]]:
        lay = self.layout()
        out: dict[int, tuple[float, float, int]] = {}
        g = lay.grid
        for cell, t in self.session.table().cells.items():
            x, y = g.cell_pos(cell)
            out[t] = (x, y, g.tile_w)
        rg = lay.rack_grid
        for t, cell in self.session.rack_slots.items():
            x, y = rg.cell_pos(cell)
            out[t] = (x, y, rg.tile_w)
        variant_ui.call(self.plugin, "adjust_targets", out, lay)  # e.g. a holding area
        return out

    def sync_sprites(self, snap: bool = False) -> None:
        self.layout()
        sig = (self.session.version, self._layout_key, tuple(self.drag.tiles) if self.drag else ())
        if not snap and not self.pending and sig == self._sync_sig:
            return
        self._sync_sig = sig
        targets = self.targets()
        dragging = set(self.drag.tiles) if self.drag else set()
        for t in [t for t in self.sprites if t not in targets]:
            del self.sprites[t]
        for t, (x, y, w) in targets.items():
            sp = self.sprites.get(t)
            pend = self.pending.pop(t, None)
            if sp is None:
                sp = Sprite(t, (x, y), (x, y))
                sp.w = w
                self.sprites[t] = sp
                if pend is not None and pend.start is not None and not snap:
                    sp.pos = pend.start
                    sp.retarget((x, y), self._motion(pend, pend.start, (x, y), w, w))
                continue
            if t in dragging:
                sp.target = (x, y)
                sp.w = w
                continue
            old_w = getattr(sp, "w", w)
            if snap:
                sp.retarget((x, y), None)
                sp.w = w
            elif (x, y) != sp.target or w != old_w or pend is not None:
                start = pend.start if pend is not None and pend.start is not None else sp.pos
                cur_w = old_w * sp.scale()
                sp.retarget((x, y), self._motion(pend or Pending(), start, (x, y), cur_w, w))
                sp.w = w

    def _motion(self, pend: Pending, start, end, from_w: float, to_w: float) -> Motion | None:
        if self.speed() <= 0:
            return None
        dist = math.hypot(end[0] - start[0], end[1] - start[1])
        duration = pend.duration if pend.duration is not None else min(0.45, 0.14 + dist / 2600)
        scale0 = pend.start_scale if pend.start_scale != 1.0 else (from_w / to_w if to_w else 1.0)
        return Motion(start=start, duration=self.dur(duration), delay=self.dur(pend.delay), ease=pend.ease,
                      hidden_until_start=pend.hidden, start_scale=scale0, flip=pend.flip)

    def deal_animation(self) -> None:
        """Tiles fly from the pool to the rack, turning over; the others get backs."""
        if self.speed() <= 0 or self.session.phase != "play":
            return
        lay = self.layout()
        pool = lay.pool.center
        order = self.session.rack_tiles()
        for i, t in enumerate(order):
            sp = self.sprites.get(t)
            if sp is None:
                continue
            sp.pos = pool
            sp.motion = Motion(start=pool, duration=self.dur(0.42), delay=self.dur(0.15 + i * 0.05), ease="out_cubic",
                               hidden_until_start=True, start_scale=0.5, flip=True)
        for seat, box in lay.seats.items():
            n = len(self.session.players[seat].rack)
            for k in range(min(n, 14)):
                self.ghosts.append(Ghost(pool, box.face_center, lay.grid.tile_w, self.dur(0.1 + k * 0.05 + seat * 0.02), self.dur(0.4)))
        self.busy_until = max(self.busy_until, self.time + self.dur(0.6 + len(order) * 0.05))
        self.app.sound.play("deal")

    # -- events from the session ---------------------------------------------------------------------
    def name_of(self, seat: int) -> str:
        return "You" if seat == self.session.viewer and self.session.is_human(seat) else self.session.players[seat].name

    def toast(self, text: str, colour=theme.INK, seconds: float = TOAST_TIME, big: bool = False) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-3:]
        self.toasts.append(Toast(text, colour, self.time + seconds, big))

    def show_banner(self, title: str, sub: str, colour, seconds: float = 2.4) -> None:
        self.banner = (title, sub, colour, self.time, self.time + max(0.8, seconds))

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        self.scheduled.append((self.time + delay, fn))

    def on_event(self, ev: dict) -> None:
        kind = ev.get("type")
        sess = self.session
        seat = ev.get("seat", sess.state.current)
        variant_ui.call(self.plugin, "on_event", ev)  # a rule set's own events (claims), or to follow a play
        if kind == "turn":
            self.last_tick_second = None
            if ev.get("human") and seat == sess.viewer:
                self.selection = []
                self.hint_tiles = []
                self.schedule(max(0.0, self.busy_until - self.time), lambda: self.app.sound.play("turn"))
                if not getattr(self.app, "shown_controls_tip", False):
                    self.app.shown_controls_tip = True
                    tip = variant_ui.call(self.plugin, "controls_tip") or (
                        "Drag tiles onto the table (or click tiles, then a cell)  ·  Space: draw or end turn  ·  "
                        "H: hint  ·  Esc: menu")
                    self.schedule(max(0.0, self.busy_until - self.time), lambda: self.toast(tip, theme.ACCENT, 9.0))
        elif kind == "play":
            self.on_play(ev)
        elif kind == "draw":
            if seat != sess.viewer:
                self.ghost_to_seat(seat, 1)
            self.app.sound.play("draw")
            if ev.get("timeout"):
                pass
            elif seat != sess.viewer:
                self.toast(f"{self.name_of(seat)} draws a tile", theme.INK_DIM, 1.8)
        elif kind == "rack_new":
            lay = self.layout()
            for i, t in enumerate(ev.get("tiles", [])):
                self.pending[t] = Pending(start=lay.pool.center, delay=0.05 + i * 0.08, duration=0.5, flip=True,
                                          start_scale=0.6, hidden=True)
        elif kind == "pass":
            who = "You pass" if seat == sess.viewer and sess.is_human(seat) else f"{self.name_of(seat)} passes"
            self.toast(f"{who}: the pool is empty", theme.INK_DIM)
        elif kind == "penalty":
            n = len(ev.get("tiles", []))
            who = self.name_of(seat)
            text = ev.get("message") if seat == sess.viewer and sess.is_human(seat) else ev.get("summary")
            if not text:
                text = f"{who} {'take' if who == 'You' else 'takes'} {n} tile{'s' if n != 1 else ''}: {ev.get('reason', '')}"
            self.show_banner("Penalty", text, theme.WARN, 4.0)
            self.app.sound.play("invalid")
            if seat != sess.viewer:
                self.ghost_to_seat(seat, n)
        elif kind == "timeout":
            who = self.name_of(seat)
            msg = ev.get("message", "")
            self.show_banner("Time's up!", msg if seat == sess.viewer else f"{who}: {msg}", theme.BAD, 3.0)
            self.app.sound.play("invalid")
            self.drag = None
            self.press = None
        elif kind == "refused":
            probs = ev.get("problems", [])
            self.toast("Not yet: " + (probs[0] if probs else "that play is not valid"), theme.BAD, 4.5)
            self.app.sound.play("invalid")
            self.shake = 0.35
        elif kind == "round_end":
            self.round_end_at = max(self.time, self.busy_until) + self.dur(0.3)
        elif kind == "round_start":
            self.sync_sprites(snap=True)
            self.deal_animation()
        else:
            msg = ev.get("message")
            if msg:
                self.toast(str(msg), theme.WARN if "penalty" in str(kind) else theme.GOLD, 4.5)

    def ghost_to_seat(self, seat: int, n: int) -> None:
        if self.speed() <= 0:
            return
        lay = self.layout()
        box = self.seat_box(seat)
        for k in range(max(0, n)):
            self.ghosts.append(Ghost(lay.pool.center, box.face_center, lay.grid.tile_w, self.dur(k * 0.12), self.dur(0.45)))

    def on_play(self, ev: dict) -> None:
        sess = self.session
        seat = ev["seat"]
        before, after = ev["before"], ev["after"]
        old_where = before.where()
        changed = [t for c, t in sorted(after.cells.items()) if old_where.get(t) != c]
        lines = [ln for ln in after.lines(vertical=sess.variant.crossword) if any(t in changed for t in ln.tiles)]
        points = int(ev.get("points", 0))
        if seat == sess.viewer and sess.is_human(seat):
            self.land_effects(lines, points, seat)
            return
        # the computer's move, played out tile by tile from its seat
        box = self.seat_box(seat)
        step = 0.16
        order: list[int] = []
        for ln in lines:
            order += [t for t in ln.tiles if t in changed]
        order += [t for t in changed if t not in order]
        lay = self.layout()
        for i, t in enumerate(order):
            if t in old_where:
                self.pending[t] = Pending(delay=i * step, duration=0.36, ease="in_out_cubic")
            else:
                self.pending[t] = Pending(start=(box.face_center[0] - lay.grid.tile_w / 2, box.face_center[1] - lay.grid.tile_w * 0.6),
                                          delay=i * step, duration=0.42, hidden=True, start_scale=0.55, ease="out_cubic")
        total = self.dur(len(order) * step + 0.45)
        self.busy_until = max(self.busy_until, self.time + total + self.dur(0.35))
        self.schedule(total, lambda: self.land_effects(lines, points, seat))

    def land_effects(self, lines, points: int, seat: int) -> None:
        if self.closed:
            return
        lay = self.layout()
        g = lay.grid
        hold = 2.2 if seat != self.session.viewer else 1.2
        for ln in lines:
            self.highlights.append(Highlight(tuple(ln.cells), theme.GOLD, self.time + max(0.6, self.dur(hold))))
            first = g.cell_rect(ln.cells[0])
            last = g.cell_rect(ln.cells[-1])
            cx, cy = (first.centerx + last.centerx) / 2, (first.centery + last.centery) / 2
            if self.speed() > 0:
                self.effects.burst(cx, cy, theme.GOLD, n=14, speed=240 * lay.s, size=4 * lay.s)
            for t in ln.tiles:
                sp = self.sprites.get(t)
                if sp is not None and self.speed() > 0:
                    sp.pop = sp.pop_len = self.dur(0.3)
        if lines and points and self.speed() > 0:
            r = g.cell_rect(lines[0].cells[0])
            self.effects.float_text(f"+{points}", r.centerx + g.tile_w, r.y, theme.GOLD, 40 * lay.s)
        if lines:
            self.app.sound.play("pop")

    # -- per frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        sess = self.session
        for ev in sess.poll_events():
            self.on_event(ev)
        if self.scheduled:
            due = [fn for at, fn in self.scheduled if at <= self.time]
            self.scheduled = [(at, fn) for at, fn in self.scheduled if at > self.time]
            for fn in due:
                fn()
        # the clock runs once the previous move has been shown
        if self.time >= self.busy_until and sess.phase == "play" and not self.hold_ai:
            before = sess.timer_left
            outcome = sess.tick(dt)
            if outcome is None and sess.turn_time > 0 and sess.is_human(sess.state.current):
                sec = int(math.ceil(sess.timer_left))
                if sec <= 10 and sec != self.last_tick_second and before > sess.timer_left:
                    self.last_tick_second = sec
                    self.app.sound.play("tick")
            for ev in sess.poll_events():
                self.on_event(ev)
        self.run_computer()
        self.sync_sprites()
        sp_dt = dt
        landed = 0
        for sp in self.sprites.values():
            if sp.update(sp_dt):
                landed += 1
        if landed and self.time < self.busy_until:
            self.app.sound.play("place", 0.6)
        for gh in self.ghosts:
            gh.age += dt
        self.ghosts = [g for g in self.ghosts if not g.done]
        self.effects.update(dt)
        self.toasts = [t for t in self.toasts if t.until > self.time]
        self.highlights = [h for h in self.highlights if h.until > self.time]
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.banner and self.banner[4] <= self.time:
            self.banner = None
        if self.hint_tiles and self.time > self.hint_until:
            self.hint_tiles = []
        self.selection = [t for t in self.selection if t in self.sprites]
        if sess.save_error != self.shown_save_error:
            self.shown_save_error = sess.save_error
            if sess.save_error:
                self.toast(sess.save_error[0].upper() + sess.save_error[1:], theme.BAD, 6.0)
        variant_ui.call(self.plugin, "update", dt)
        self.round_flow()

    def poll_worker(self) -> None:
        worker = self.app._worker
        if worker is None or not worker.pending:
            return
        for token, action, _err in worker.poll():
            if token == self.ai_token:
                self.ai_answer = (token, action)
            elif token == self.hint_token:
                self._hint_answer(action)

    def run_computer(self) -> None:
        sess = self.session
        self.poll_worker()
        if sess.phase != "play" or not sess.computer_to_move:
            return
        if not sess.ai_thinking:
            if self.time < self.busy_until:
                return
            req = sess.ai_request()
            if req is None:
                return
            token, level, seed, view_d = req
            self.ai_token = token
            self.ai_answer = None
            self.think_started = self.time
            self.app.worker.submit(token, level, seed, view_d)
            return
        if self.hold_ai:
            # the benchmark keeps the computer thinking: ask again, never apply
            if self.ai_answer is not None and self.time - self.think_started >= 0.25:
                self.think_started = self.time
                self.ai_answer = None
                self.ai_token += 1_000_000
                self.app.worker.submit(self.ai_token, sess.kind(sess.state.current), 0, self._bench_view())
            return
        if self.ai_answer is not None and self.time - self.think_started >= self.dur(MIN_THINK):
            token, action = self.ai_answer
            self.ai_answer = None
            sess.apply_ai(token, action)
            for ev in sess.poll_events():
                self.on_event(ev)

    def _bench_view(self):
        from ...rules import engine
        from ...session import view_to_dict

        return view_to_dict(engine.view(self.session.state, self.session.state.current))

    def round_flow(self) -> None:
        if self.round_end_at is not None and self.time >= self.round_end_at:
            self.round_end_at = None
            self.celebrate()
        if self.results_at is not None and self.time >= self.results_at:
            self.results_at = None
            self.show_results()

    def celebrate(self) -> None:
        sess = self.session
        st = sess.state
        winner = st.round_winner
        reason = st.round_end_reason
        lay = self.layout()
        if reason == "out" and winner is not None:
            who = self.name_of(winner)
            title = "You go out!" if who == "You" else f"{who} goes out!"
            colour = theme.GOLD if who == "You" else theme.ACCENT
        else:
            title = "Round over"
            who = self.name_of(winner) if winner is not None else ""
            colour = theme.ACCENT
        sub = {"out": "The rack is empty.", "blocked": "The pool is empty and nobody can play.",
               "pool": "The pool is empty."}.get(reason, "")
        if winner is not None and reason != "out":
            sub += f" {who} {'win' if who == 'You' else 'wins'} the round."
        custom = variant_ui.call(self.plugin, "end_banner", reason, winner)  # (title, sub, colour)
        if custom:
            title, sub, colour = custom
        self.show_banner(title, sub.strip(), colour, 2.6)
        if self.speed() > 0:
            self.effects.confetti(lay.size[0], n=160 if winner == sess.viewer else 90, size=8 * lay.s)
        self.app.sound.play("win")
        self.results_at = self.time + self.dur(2.4)

    def show_results(self) -> None:
        from .results import GameOverScene, RoundResultsScene

        if self.app.top is not self:
            self.results_at = self.time + 0.1
            return
        if self.session.phase == "game_over":
            self.app.push(GameOverScene(self.app, self))
        elif self.session.phase == "round_over":
            self.app.push(RoundResultsScene(self.app, self))

    def next_round(self) -> None:
        if self.session.next_round():
            for ev in self.session.poll_events():
                self.on_event(ev)

    # -- hints --------------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        sess = self.session
        if not sess.my_turn or self.input_locked():
            return
        view = sess.hint_view()
        if view is None:
            return
        self.hint_token -= 1
        self.app.worker.submit(self.hint_token, HINT, 0, view)
        self.toast("Looking for a play…", theme.INK_DIM, 1.5)

    def _hint_answer(self, action) -> None:
        from ...session import action_from_wire

        sess = self.session
        if not sess.my_turn:
            return
        action = action_from_wire(action)
        tiles: list[int] = []
        text = ""
        if isinstance(action, dict):
            if action.get("type") == "play" and action.get("board") is not None:
                start = sess.state.board.tile_set()
                rack = set(sess.state.players[sess.viewer].rack)
                board = action["board"]
                tiles = [t for t in board.tiles() if t not in start and t in rack]
                lines = [ln for ln in board.lines(vertical=sess.variant.crossword) if any(t in tiles for t in ln.tiles)]
                text = "  +  ".join(format_tiles(ln.tiles) for ln in lines)
        if tiles and not text:
            text = format_tiles(sorted(tiles, key=lambda t: (t >= 104, t)))
        self.toasts = [t for t in self.toasts if not t.text.startswith("Looking for a play")]
        if tiles:
            self.hint_tiles = tiles
            self.hint_until = self.time + 8.0
            self.toast("Hint: try " + text, theme.GOLD, 6.0)
        else:
            move = "drawing a tile" if sess.state.pool else "passing"
            self.toast(f"No play found: {move} is fine this turn", theme.GOLD, 4.5)
        self.app.sound.play("pop")

    # -- input --------------------------------------------------------------------------------------
    def input_locked(self) -> bool:
        return self.time < self.busy_until or self.round_end_at is not None or self.results_at is not None

    def can_edit_table(self) -> bool:
        return self.session.my_turn and not self.input_locked()

    def hit_tile(self, pos) -> tuple[int, str] | None:
        """The tile under the pointer (the top-most drawn)."""
        lay = self.layout()
        for area, grid, places in ((RACK, lay.rack_grid, self.session.rack_slots.items()),
                                   (TABLE, lay.grid, ((t, c) for c, t in self.session.table().cells.items()))):
            for t, _cell in places:
                sp = self.sprites.get(t)
                if sp is None:
                    continue
                w = getattr(sp, "w", grid.tile_w)  # a plugin may show a tile at another size
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
            return bool(sess.rack_slots)
        mine = sess.my_turn and not self.input_locked()
        if name == "undo":
            return mine and sess.can_undo
        if name == "reset":
            return mine and (sess.draft_changed or bool(sess.held_table_tiles()))
        if name in ("hint", "end"):
            return mine
        return False

    def press_button(self, name: str) -> None:
        if not self.button_enabled(name):
            return
        self.app.sound.play("click")
        {"menu": self.open_pause, "runs": lambda: self.sort("runs"), "groups": lambda: self.sort("groups"),
         "undo": self.undo, "reset": self.reset, "hint": self.ask_hint, "end": self.end_or_draw}[name]()

    def sort(self, how: str) -> None:
        self.session.sort_rack(how)
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
            self.app.push(DialogScene(self.app, "The table is not valid", pv.message,
                                      [("End turn anyway", "danger", go), ("Keep playing", "secondary", None)],
                                      tone=theme.WARN))
            return
        if pv is not None and pv.outcome in ("play", "draw") and pv.warnings:
            self.app.push(DialogScene(self.app, "Before you end your turn", " ".join(pv.warnings),
                                      [("End turn anyway", "danger", go), ("Keep playing", "secondary", None)],
                                      tone=theme.WARN))
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
        if not out.ok and not any(ev.get("type") == "refused" for ev in events):
            self.toast("Not yet: " + (out.message or "that play is not valid"), theme.BAD, 4.5)
            self.app.sound.play("invalid")

    def do_draw(self) -> None:
        out = self.session.draw()
        if not out.ok and not variant_ui.call(self.plugin, "draw_refused", out):
            self.toast(out.message or "You cannot draw now", theme.BAD, 4.0)
            self.app.sound.play("invalid")
        self.selection = []
        for ev in self.session.poll_events():
            self.on_event(ev)

    def open_pause(self) -> None:
        from .pause import PauseScene

        self.drag = None
        self.press = None
        self.app.push(PauseScene(self.app, self))

    def move_tiles(self, tiles: list[int], area: str, cell) -> bool:
        sess = self.session
        if area == TABLE and not self.can_edit_table():
            self.toast("Wait for your turn to change the table" if not sess.my_turn else "One moment…", theme.INK_DIM)
            return False
        res = sess.move(tiles, area, cell, vertical=area == TABLE and self.vertical_placing())
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
            return (1, sess.rack_slots.get(t, (9, 99)))
        return sorted(tiles, key=key)

    def movable(self, tile: int, area: str) -> bool:
        return area == RACK or self.can_edit_table()

    def handle(self, ev) -> None:
        if self.session.demo and attract.leaves_demo(ev):  # any key or click ends the attract mode
            attract.leave_demo(self.app, self)
            return
        if self.plugin is not None and variant_ui.call(self.plugin, "handle", ev):
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
        w = getattr(lead, "w", 40)
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
            lead_w = getattr(self.sprites.get(d.tiles[d.lead]), "w", w) if d.lead < len(d.tiles) else w
            x0 += d.lead * lead_w * 1.02
            y0 -= d.lead * grid.py
        if grid is lay.grid and self.session.variant.crossword and len(d.tiles) > 1:
            # shown where they would land: stepping over the tiles a set is laid across
            first = grid.nearest_cell((x0, y0))
            cells = self.drop_cells(d.tiles, TABLE, first)
            return [(x0 + (c - first[1]) * grid.px, y0 + (r - first[0]) * grid.py, w) for r, c in cells]
        return [(x0 + i * grid.px, y0, w) for i in range(len(d.tiles))]

    def vertical_placing(self) -> bool:
        """Tiles put on a crossword board go down a column (the V toggle)."""
        return self.place_vertical and bool(self.session.variant.crossword)

    def drop_cells(self, tiles: list[int], area: str, cell) -> list[tuple[int, int]]:
        """Where ``tiles`` land when the first is put at ``cell`` (a crossword board skips
        the tiles already there, so a set can be laid across another)."""
        if area == TABLE and self.session.variant.crossword:
            return self.session.crossword_cells(tiles, cell, self.vertical_placing())
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
        x0, y0, _w = self.drag_positions()[0]
        cell = grid.nearest_cell((x0, y0))
        r = max(grid.row0, min(grid.row0 + grid.rows - 1, cell[0]))
        c = max(grid.col0, min(grid.col0 + grid.cols - 1, cell[1]))
        if spot[0] == TABLE and not self.session.variant.crossword:
            c = max(0, min(self.session.grid_width - len(self.drag.tiles), c))
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
        moved = target is not None and self.move_tiles(d.tiles, *target)
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
            if p.area == TABLE and not sess.variant.crossword:
                cell = (cell[0], max(0, min(sess.grid_width - len(tiles), cell[1])))
            if self.move_tiles(tiles, p.area, cell):
                self.selection = []
            return
        self.selection = []

    # keyboard: arrows move the cursor, Enter picks up / puts down
    def key(self, ev) -> None:
        k = ev.key
        sess = self.session
        self.kb_since = self.time  # the keyboard cursor pulses for a moment, then holds still
        if k in (pygame.K_ESCAPE, pygame.K_p):
            self.open_pause()
            return
        if k == pygame.K_SPACE:
            self.end_or_draw()
            return
        if k == pygame.K_z:
            self.undo()
            return
        if k == pygame.K_r:
            self.reset()
            return
        if k == pygame.K_h:
            self.ask_hint()
            return
        if k == pygame.K_s:
            self.sort("runs")
            return
        if k == pygame.K_g:
            self.sort("groups")
            return
        if k in (pygame.K_x, pygame.K_BACKSPACE, pygame.K_DELETE):
            self.selection = []
            return
        lay = self.layout()
        area, (r, c) = self.cursor
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            if not self.kb_mode:
                self.kb_mode = True
                self.clamp_cursor()
                return
            grid = lay.grid if area == TABLE else lay.rack_grid
            if k == pygame.K_LEFT:
                c -= 1
            elif k == pygame.K_RIGHT:
                c += 1
            elif k == pygame.K_TAB:
                area = RACK if area == TABLE else TABLE
                grid = lay.grid if area == TABLE else lay.rack_grid
                r = grid.row0 + (grid.rows - 1 if area == TABLE else 0)
            elif k == pygame.K_UP:
                if area == RACK and r == 0:
                    area, grid = TABLE, lay.grid
                    r = grid.row0 + grid.rows - 1
                    c = int(round(c * grid.cols / max(1, lay.rack_grid.cols)))
                else:
                    r -= 1
            elif k == pygame.K_DOWN:
                if area == TABLE and r >= grid.row0 + grid.rows - 1:
                    area, grid = RACK, lay.rack_grid
                    c = int(round(c * grid.cols / max(1, lay.grid.cols)))
                    r = 0
                else:
                    r += 1
            r = max(grid.row0, min(grid.row0 + grid.rows - 1, r))
            c = max(grid.col0, min(grid.col0 + grid.cols - 1, c))
            self.cursor = (area, (r, c))
            self.app.sound.play("click", 0.4)
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.kb_mode = True
            self.clamp_cursor()
            area, cell = self.cursor
            tile = sess.table().get(cell) if area == TABLE else next((t for t, cl in sess.rack_slots.items() if cl == cell), None)
            insert = bool(ev.mod & pygame.KMOD_SHIFT)
            if self.selection and (tile is None or insert):
                tiles = self.ordered(self.selection)
                if area == TABLE and not sess.variant.crossword:
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

    # -- drawing ----------------------------------------------------------------------------------
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

    def draw(self, surf: pygame.Surface) -> None:
        lay = self.layout()
        s = lay.s
        sess = self.session
        ox = int(math.sin(self.shake * 60) * 8 * s * (self.shake / 0.35)) if self.shake > 0 else 0
        surf.blit(self.static_layer(lay), (0, 0))
        self.draw_seats(surf, lay)
        analysis = sess.analysis() if sess.my_turn else None
        self.draw_table_marks(surf, lay, analysis)
        variant_ui.call(self.plugin, "draw_under_tiles", surf, lay)
        self.draw_tiles(surf, lay, ox)
        self.draw_tile_marks(surf, lay, analysis)
        variant_ui.call(self.plugin, "draw_over_tiles", surf, lay)
        self.draw_ghosts(surf, lay)
        self.draw_drag(surf, lay)
        self.draw_effects(surf, lay)
        self.draw_header(surf, lay)
        self.draw_me(surf, lay, analysis)
        self.draw_buttons(surf, lay)
        self.draw_status(surf, lay, analysis)
        self.draw_info(surf, lay)
        variant_ui.call(self.plugin, "draw_hud", surf, lay)
        self.draw_banner(surf, lay)
        self.draw_tooltip(surf, lay, analysis)
        if sess.demo:
            attract.draw_badge(surf, self, lay)

    def draw_header(self, surf, lay) -> None:
        s = lay.s
        sess = self.session
        h = lay.header
        bar = pygame.Surface(h.size, pygame.SRCALPHA)
        bar.fill((6, 12, 24, 170))
        surf.blit(bar, h.topleft)
        pygame.draw.line(surf, (60, 84, 118), (0, h.bottom - 1), (h.right, h.bottom - 1))
        logo = theme.text("TILE RUSH", 28 * s, theme.GOLD)
        x = int(14 * s)
        surf.blit(logo, (x, h.centery - logo.get_height() // 2))
        x += logo.get_width() + int(14 * s)
        info = theme.fit_text(self.header_text(), 22 * s, max(40, lay.pool.x - x - int(16 * s)), theme.INK_DIM)
        surf.blit(info, (x, h.centery - info.get_height() // 2))
        x += info.get_width() + int(20 * s)
        # pool
        p = lay.pool
        back = self.app.tiles.back(int(p.h * 0.6))
        for k in range(3):
            surf.blit(back, (p.x + int(6 * s) + k * int(4 * s), p.centery - back.get_height() // 2 - k * int(2 * s)))
        n = len(sess.state.pool)
        pt = theme.text(f"Pool {n}", 22 * s, theme.INK if n else theme.BAD)
        surf.blit(pt, (p.x + int(6 * s) + back.get_width() + int(14 * s), p.centery - pt.get_height() // 2))
        m = lay.menu
        hover = m.collidepoint(self.mouse)
        from ..widgets import button_surface

        surf.blit(button_surface(m.size, "ghost", "hover" if hover else "normal", int(m.h * 0.3)), m.topleft)
        for i in range(3):
            y = m.centery - int(7 * s) + i * int(7 * s)
            pygame.draw.line(surf, theme.INK, (m.x + int(12 * s), y), (m.x + int(28 * s), y), max(2, int(2 * s)))
        mt = theme.text("Menu", 20 * s, theme.INK)
        surf.blit(mt, (m.x + int(36 * s), m.centery - mt.get_height() // 2))

    def header_text(self) -> str:
        """Rule set, round (of how many) and the points target where the rule set has one."""
        sess = self.session
        v = sess.variant
        rounds = sess.state.options.get("rounds")
        text = f"{v.title}  ·  Round {sess.state.round}" + (f" of {rounds}" if rounds else "")
        try:
            target = v.score_target()
        except Exception:
            target = None
        if target:
            text += f"  ·  Target {target} points"
        return text

    def info_px(self, lay) -> float:
        return 20 * lay.s

    def info_rows(self, lay) -> list[list[tuple[str, bool]]]:
        """The status lines wrapped into the info panels (shared out evenly between them):
        per panel, rows of (text, starts a line)."""
        s = lay.s
        lines = self.status_lines()
        if not lines or not lay.info:
            return []
        px = self.info_px(lay)
        row_h = theme.font(px, False).get_linesize()
        groups = [[(w, i == 0) for i, w in enumerate(theme.wrap_lines(ln, px, lay.info[0].w - int(34 * s), bold=False))]
                  for ln in lines]
        total = sum(len(g) for g in groups)
        panels: list[list[tuple[str, bool]]] = [[] for _ in lay.info]
        k = 0
        for g in groups:
            share = math.ceil(total / len(panels))
            if k < len(panels) - 1 and panels[k] and len(panels[k]) + len(g) > share:
                k += 1
            panels[k] += g
        out = []
        for rect, rows in zip(lay.info, panels):
            fit = max(1, (rect.h - int(10 * s)) // row_h)
            if len(rows) > fit:
                rows = rows[:fit]
                rows[-1] = (rows[-1][0].rstrip(".;,") + "…", rows[-1][1])
            out.append(rows)
        return out

    def draw_info(self, surf, lay) -> None:
        if variant_ui.call(self.plugin, "draw_info", surf, lay):
            return  # the rule set shows its own panels there
        s = lay.s
        panels = self.info_rows(lay)
        px = self.info_px(lay)
        row_h = theme.font(px, False).get_linesize()
        for rect, rows in zip(lay.info, panels):
            if not rows:
                continue
            theme.draw_panel(surf, rect, radius=int(12 * s), alpha=190, shadow=int(6 * s))
            y = rect.y + (rect.h - row_h * len(rows)) // 2
            for text, first in rows:
                if first:
                    pygame.draw.circle(surf, theme.GOLD, (rect.x + int(14 * s), y + row_h // 2), max(2, int(3 * s)))
                img = theme.text(text, px, theme.INK if first else theme.INK_DIM, bold=False)
                surf.blit(img, (rect.x + int(24 * s), y + (row_h - img.get_height()) // 2))
                y += row_h

    def ring_colour(self, frac: float):
        if frac > 0.5:
            return theme.mix((250, 210, 70), theme.GOOD, (frac - 0.5) * 2)
        return theme.mix(theme.BAD, (250, 210, 70), frac * 2)

    def draw_ring_for(self, surf, box, active: bool, s: float) -> None:
        sess = self.session
        cx, cy = box.face_center
        r = box.face_size / 2 + 7 * s
        if not active:
            return
        if sess.turn_time > 0:
            frac = sess.timer_left / sess.turn_time
            col = self.ring_colour(frac)
            thick = 6 * s
            if sess.timer_left <= 10 and sess.timer_left > 0:
                pulse = 0.5 + 0.5 * math.cos((sess.timer_left % 1.0) * math.pi * 2)
                thick = (6 + 3 * pulse) * s
            theme.draw_ring(surf, (cx, cy), r + thick / 2, thick, frac, col)
            if sess.timer_left <= 10:
                secs = theme.text(str(int(math.ceil(sess.timer_left))), 22 * s, col)
                theme.blit_center(surf, secs, (cx + r * 0.75, cy + r * 0.78))
        else:
            theme.draw_ring(surf, (cx, cy), r + 3 * s, 4 * s, 1.0, theme.mix(theme.GOLD_DARK, theme.GOLD, 0.7), track=None)

    def draw_seats(self, surf, lay) -> None:
        s = lay.s
        sess = self.session
        st = sess.state
        for seat, box in lay.seats.items():
            p = st.players[seat]
            active = st.current == seat and st.phase == "play"
            r = box.rect
            theme.draw_panel(surf, r, radius=int(14 * s), edge=theme.GOLD if active else theme.PANEL_EDGE,
                             fill=(20, 34, 56) if active else theme.PANEL)
            bob = math.sin(self.time * 6) * 2 * s if active and sess.ai_thinking else 0
            img = faces.player_face(p.kind, seat, box.face_size)
            fc = (box.face_center[0], box.face_center[1] + bob)
            surf.blit(img, (fc[0] - box.face_size // 2, fc[1] - box.face_size // 2))
            self.draw_ring_for(surf, playlayout.SeatBox(seat, box.where, r, (int(fc[0]), int(fc[1])), box.face_size, box.anchor), active, s)
            if box.where == "top":
                tx = box.face_center[0] + box.face_size // 2 + int(18 * s)
                name = theme.fit_text(p.name, 24 * s, r.right - tx - int(10 * s), theme.INK)
                surf.blit(name, (tx, r.y + int(10 * s)))
                lvl = theme.text(level_text(p.kind), 17 * s, theme.INK_DIM, bold=False)
                surf.blit(lvl, (tx + name.get_width() + int(8 * s), r.y + int(14 * s)))
                y2 = r.y + int(40 * s)
                self.draw_count(surf, (tx, y2), len(p.rack), s)
                sc = theme.text(f"Score {p.score}", 19 * s, theme.GOLD)
                surf.blit(sc, (r.right - sc.get_width() - int(12 * s), y2 + int(2 * s)))
                extra_y = r.bottom - int(24 * s)
                self.draw_seat_extra(surf, seat, (tx, extra_y), r.right - tx - int(10 * s), s)
            else:
                y = box.face_center[1] + box.face_size // 2 + int(8 * s)
                name = theme.fit_text(p.name, 23 * s, r.w - int(12 * s), theme.INK)
                theme.blit_center(surf, name, (r.centerx, y + name.get_height() // 2))
                y += name.get_height() + int(1 * s)
                lvl = theme.text(level_text(p.kind), 16 * s, theme.INK_DIM, bold=False)
                theme.blit_center(surf, lvl, (r.centerx, y + lvl.get_height() // 2))
                y += lvl.get_height() + int(8 * s)
                self.draw_count(surf, (r.x + int(14 * s), y), len(p.rack), s)
                y += int(30 * s)
                sc = theme.text(f"Score {p.score}", 19 * s, theme.GOLD)
                theme.blit_center(surf, sc, (r.centerx, y + sc.get_height() // 2))
                y += sc.get_height() + int(6 * s)
                self.draw_seat_extra(surf, seat, (r.x + int(10 * s), y), r.w - int(20 * s), s)
            if active and sess.ai_thinking:
                self.draw_thinking(surf, box, s)

    def draw_seat_extra(self, surf, seat, pos, width, s) -> None:
        if variant_ui.call(self.plugin, "draw_seat_extra", surf, seat, pos, width, s):
            return
        p = self.session.state.players[seat]
        if not p.melded and self.session.variant.initial_meld_points():
            t = theme.fit_text("not melded yet", 16 * s, width, theme.INK_FAINT, bold=False)
            surf.blit(t, pos)

    def draw_count(self, surf, pos, n: int, s: float) -> None:
        x, y = pos
        back = self.app.tiles.back(int(14 * s))
        for k in range(min(n, 5)):
            surf.blit(back, (x + k * int(5 * s), y))
        t = theme.text(f"{n} tile{'s' if n != 1 else ''}", 20 * s, theme.INK)
        surf.blit(t, (x + int(5 * s) * min(n, 5) + back.get_width() + int(6 * s), y + back.get_height() // 2 - t.get_height() // 2))

    def draw_thinking(self, surf, box, s: float) -> None:
        cx, cy = box.face_center
        bw, bh = int(58 * s), int(30 * s)
        bx = cx + box.face_size // 2 - int(6 * s)
        by = cy - box.face_size // 2 - int(8 * s)
        if box.where == "right":
            bx = cx - box.face_size // 2 - bw + int(6 * s)
        if box.where == "bottom":  # above my panel, clear of the name
            bx = cx - bw // 2
            by = box.rect.y - bh - int(6 * s)
        bubble = pygame.Rect(bx, by, bw, bh)
        pygame.draw.rect(surf, theme.CREAM, bubble, border_radius=bh // 2)
        pygame.draw.rect(surf, theme.GOLD_DARK, bubble, width=2, border_radius=bh // 2)
        for i in range(3):
            ph = (self.time * 3 - i * 0.35) % 1.0
            lift = math.sin(ph * math.pi) * 4 * s if ph < 1 else 0
            pygame.draw.circle(surf, (60, 60, 70), (bubble.x + int(15 * s) + i * int(14 * s), bubble.centery - int(lift)), max(2, int(4 * s)))

    def draw_me(self, surf, lay, analysis) -> None:
        s = lay.s
        sess = self.session
        st = sess.state
        box = lay.me
        me = st.players[sess.viewer]
        active = st.current == sess.viewer and st.phase == "play"
        theme.draw_panel(surf, box.rect, radius=int(14 * s), edge=theme.GOLD if active else theme.PANEL_EDGE,
                         fill=(20, 34, 56) if active else theme.PANEL)
        img = faces.player_face(me.kind, sess.viewer, box.face_size)
        surf.blit(img, (box.face_center[0] - box.face_size // 2, box.face_center[1] - box.face_size // 2))
        self.draw_ring_for(surf, box, active, s)
        if active and sess.ai_thinking:
            self.draw_thinking(surf, box, s)
        x = box.face_center[0] + box.face_size // 2 + int(12 * s)
        name = theme.fit_text(me.name, 22 * s, box.rect.right - x - int(8 * s), theme.INK)
        surf.blit(name, (x, box.rect.y + int(14 * s)))
        sc = theme.text(f"Score {me.score}", 18 * s, theme.GOLD)
        surf.blit(sc, (x, box.rect.y + int(40 * s)))
        y = box.face_center[1] + box.face_size // 2 + int(12 * s)
        lx = box.rect.x + int(12 * s)
        width = box.rect.w - int(24 * s)
        need = sess.variant.initial_meld_points(st)
        if not me.melded and need:
            pts = analysis.initial_points() if analysis is not None else 0
            lab = theme.text("Initial meld", 17 * s, theme.INK_DIM, bold=False)
            surf.blit(lab, (lx, y))
            val = theme.text(f"{pts} / {need}", 22 * s, theme.GOOD if pts >= need else theme.GOLD)
            surf.blit(val, (box.rect.right - int(12 * s) - val.get_width(), y - int(2 * s)))
            bar = pygame.Rect(lx, y + int(22 * s), width, max(4, int(7 * s)))
            pygame.draw.rect(surf, (10, 16, 28), bar, border_radius=4)
            fill = bar.copy()
            fill.w = int(bar.w * min(1.0, pts / need))
            if fill.w > 0:
                pygame.draw.rect(surf, theme.GOOD if pts >= need else theme.GOLD, fill, border_radius=4)
        else:
            whose = "your" if sess.is_human(sess.viewer) else "the"  # the attract mode shows a computer's rack
            t = theme.text(f"{len(me.rack)} tiles on {whose} rack", 17 * s, theme.INK_DIM, bold=False)
            surf.blit(t, (lx, y))
            if me.melded:
                t2 = theme.text("Melded", 18 * s, theme.GOOD)
                surf.blit(t2, (lx, y + int(22 * s)))

    def draw_table_marks(self, surf, lay, analysis) -> None:
        """Under the tiles: drop preview, changed-line glows, invalid-line tints."""
        g = lay.grid
        s = lay.s
        target = self.drop_target()
        if target is not None and self.drag is not None:
            area, cell = target
            grid = g if area == TABLE else lay.rack_grid
            cells = self.drop_cells(self.drag.tiles, area, cell)
            occupied = False
            if area == TABLE:
                occupied = any(self.session.table().get(cl) not in (None, *self.drag.tiles) for cl in cells)
            col = theme.WARN if occupied else theme.GOOD
            with self.table_clip(surf, lay, area == TABLE):
                for cl in cells:
                    cr = grid.cell_rect(cl)
                    pygame.draw.rect(surf, col, cr.inflate(4, 4), width=max(2, int(3 * s)), border_radius=max(3, cr.w // 6))
        if analysis is not None and self.session.draft_changed:
            with self.table_clip(surf, lay):
                for prob in self.shown_problems(analysis):
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
        return {t for t in self.session.table().cells.values() if t in self.sprites and not self.sprites[t].moving}

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

    def face_id(self, key: int) -> int:
        """The tile picture for a sprite key (the same number in a real game)."""
        return key

    def draw_tiles(self, surf, lay, ox: int) -> None:
        tiles = self.app.tiles
        dragging = set(self.drag.tiles) if self.drag else set()
        clipped = self.on_table_still(lay)
        still = []
        still_table = []
        moving = []
        for t, sp in self.sprites.items():
            if t in dragging or not sp.visible:
                continue
            if sp.moving or sp.pop > 0:
                moving.append(sp)
            else:
                x, y = sp.pos
                (still_table if t in clipped else still).append((tiles.face(self.face_id(t), sp.w), (int(x) + ox, int(y))))
        with self.table_clip(surf, lay):
            surf.fblits(still_table)
        surf.fblits(still)
        for sp in sorted(moving, key=lambda sp: sp.motion.elapsed if sp.motion else 0):
            self.blit_sprite(surf, sp, ox)

    def blit_sprite(self, surf, sp: Sprite, ox: int = 0) -> None:
        tiles = self.app.tiles
        w = sp.w
        sc = sp.scale()
        dw = max(8, int(round(w * sc / 2)) * 2)
        img = tiles.back(dw) if sp.showing_back() else tiles.scaled(self.face_id(sp.tile), w, dw)
        squash = sp.flip_squash()
        if squash < 0.999:
            img = pygame.transform.scale(img, (max(2, int(img.get_width() * squash)), img.get_height()))
        x, y = sp.pos
        cx = x + w / 2
        cy = y + w * ASPECT / 2
        surf.blit(img, (int(cx - img.get_width() / 2 + shadow_margin(dw) / 2) + ox, int(cy - (dw * ASPECT) / 2)))

    def draw_tile_marks(self, surf, lay, analysis) -> None:
        sess = self.session
        s = lay.s
        with self.table_clip(surf, lay):
            self.draw_line_marks(surf, lay, analysis)
        # selection, hints, the drawn tile, table tiles held on the rack
        held = set(sess.held_table_tiles()) if sess.draft is not None else set()
        drawn = sess.state.last_drawn.get(sess.viewer)
        dragging = set(self.drag.tiles) if self.drag else set()
        clipped = self.on_table_still(lay)
        for t, sp in self.sprites.items():
            if t in dragging or not sp.visible:
                continue
            with self.table_clip(surf, lay, t in clipped):
                self.draw_sprite_marks(surf, t, sp, held, drawn, s)
        # the keyboard cursor: white corner brackets and a pointer, unlike the selection glow
        if self.kb_mode:
            area, cell = self.cursor
            grid = lay.grid if area == TABLE else lay.rack_grid
            cr = grid.cell_rect(cell).inflate(int(10 * s), int(10 * s))
            a = rest.settling_pulse(self.time, self.kb_since, 6)
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
        sess = self.session
        s = lay.s
        g = lay.grid
        for hl in self.highlights:
            fade = min(1.0, (hl.until - self.time) / 0.5)
            for rect in self.cell_runs(g, hl.cells):
                col = theme.mix(theme.FELT_DARK, hl.colour, fade)
                pygame.draw.rect(surf, col, rect, width=max(2, int(3 * s)), border_radius=max(4, int(g.tile_w * 0.2)))
        if analysis is not None and sess.draft_changed:
            for prob in self.shown_problems(analysis):
                for rect in self.cell_runs(g, prob.cells):
                    pygame.draw.rect(surf, theme.BAD, rect, width=max(2, int(3 * s)), border_radius=max(4, int(g.tile_w * 0.2)))
                    badge = theme.text("!", 18 * s, (255, 255, 255))
                    br = pygame.Rect(0, 0, int(18 * s), int(18 * s))
                    br.center = (rect.right - 2, rect.y + 2)
                    pygame.draw.circle(surf, theme.BAD, br.center, br.w // 2)
                    theme.blit_center(surf, badge, br.center)

    def draw_sprite_marks(self, surf, t: int, sp: Sprite, held: set, drawn, s: float) -> None:
        """Selection, hint, held-table-tile and new-tile marks on one tile."""
        tiles = self.app.tiles
        w = sp.w
        x, y = sp.pos
        if t in self.selection:
            glow = tiles.glow(w, theme.ACCENT, max(2, int(3 * s)))
            pad = (glow.get_width() - w) // 2
            surf.blit(glow, (int(x) - pad, int(y) - pad))
        elif t in self.hint_tiles:
            a = 0.5 + 0.5 * math.sin(self.time * 5)
            glow = tiles.glow(w, theme.mix(theme.GOLD_DARK, theme.GOLD, a), max(2, int(3 * s)))
            pad = (glow.get_width() - w) // 2
            surf.blit(glow, (int(x) - pad, int(y) - pad))
        if t in held:
            pygame.draw.rect(surf, (190, 120, 255), (int(x) - 2, int(y) - 2, w + 4, int(w * ASPECT) + 4), width=max(2, int(3 * s)),
                             border_radius=max(3, w // 5))
        if t == drawn and t in self.session.rack_slots and not sp.moving:
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

    def draw_ghosts(self, surf, lay) -> None:
        if not self.ghosts:
            return
        from ..anim import out_cubic

        for gh in self.ghosts:
            if gh.age < gh.delay:
                continue
            t = out_cubic(min(1.0, (gh.age - gh.delay) / max(1e-6, gh.duration)))
            x = gh.start[0] + (gh.end[0] - gh.start[0]) * t
            y = gh.start[1] + (gh.end[1] - gh.start[1]) * t
            w = max(8, int(gh.w * (1 - 0.4 * t)) // 2 * 2)
            img = self.app.tiles.back(w)
            surf.blit(img, (int(x - w / 2), int(y - w * ASPECT / 2)))

    def draw_drag(self, surf, lay) -> None:
        if self.drag is None:
            return
        tiles = self.app.tiles
        for t, (x, y, w) in zip(self.drag.tiles, self.drag_positions()):
            dw = int(w * 1.08) // 2 * 2
            img = tiles.scaled(self.face_id(t), w, dw)
            shadow = pygame.Surface((dw, int(dw * ASPECT)), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(3, dw // 6))
            surf.blit(shadow, (int(x) + int(6 * lay.s), int(y) + int(9 * lay.s)))
            surf.blit(img, (int(x) - (dw - w) // 2, int(y) - int(4 * lay.s)))

    def draw_effects(self, surf, lay) -> None:
        fx = self.effects
        if fx.particles:
            batch = []
            for p in fx.particles:
                fade = 1 - p.age / p.life
                if p.shape == "spark":
                    img = particle_image("spark", p.colour, max(1, int(p.size * fade)), 0)
                    batch.append((img, (int(p.x) - img.get_width() // 2, int(p.y) - img.get_height() // 2)))
                else:
                    hgt = int(p.size * 0.5 * abs(math.cos(p.angle))) + 1
                    batch.append((particle_image("rect", p.colour, int(p.size), hgt), (int(p.x), int(p.y))))
            surf.fblits(batch)
        for ft in fx.texts:
            k = ft.age / ft.life
            img = theme.shadow_text(ft.text, ft.size, ft.colour)
            if k > 0.6:
                img = img.copy()
                img.set_alpha(int(255 * (1 - (k - 0.6) / 0.4)))
            theme.blit_center(surf, img, (ft.x, ft.y - ft.rise * k * lay.s))

    def draw_buttons(self, surf, lay) -> None:
        from ..widgets import button_surface

        s = lay.s
        sess = self.session
        for name, rect in lay.buttons.items():
            enabled = self.button_enabled(name)
            hover = rect.collidepoint(self.mouse) and enabled
            down = hover and self.pressed_button == name
            if name == "end":
                label = "End turn" if (sess.draft_changed or sess.held_table_tiles()) else "Draw tile" if sess.state.pool else "Pass"
                if not sess.my_turn:
                    label = "Watching" if sess.demo else "Waiting…"
                style = "primary" if enabled and sess.draft_changed else ("good" if enabled else "secondary")
                hint = "Space"
            else:
                label, hint = BUTTON_LABELS[name]
                style = "secondary"
            state = "disabled" if not enabled else "down" if down else "hover" if hover else "normal"
            body = button_surface(rect.size, style, state, max(6, int(rect.h * 0.28)))
            surf.blit(body, rect.topleft)
            colour = {"primary": (40, 24, 6), "good": (10, 30, 10)}.get(style, theme.INK) if enabled else (150, 156, 168)
            dy = max(2, rect.h // 12) if state == "down" else 0
            px = min(rect.h * 0.44, 24 * s)
            lt = theme.fit_text(label, px, rect.w - int(34 * s), colour)
            theme.blit_center(surf, lt, (rect.centerx - (int(8 * s) if rect.w > 110 * s else 0), rect.centery + dy))
            if rect.w > 110 * s:
                ht = theme.text(hint, px * 0.6, theme.mix(colour, (128, 128, 128), 0.4))
                surf.blit(ht, (rect.right - ht.get_width() - int(8 * s), rect.centery - ht.get_height() // 2 + dy))

    def status_text(self, analysis) -> tuple[str, tuple]:
        sess = self.session
        st = sess.state
        if st.phase != "play":
            return ("Round over", theme.GOLD)
        cur = st.current
        if self.input_locked() and st.turn == 0 and not len(st.board) and self.time < self.busy_until:
            return ("Dealing…", theme.INK_DIM)
        if sess.my_turn:
            if self.input_locked():
                return ("Your turn is next…", theme.INK_DIM)
            if not sess.draft_changed:
                fallback = "draw a tile" if st.pool else "pass (the pool is empty)"
                if st.players[cur].melded:
                    return (f"Your turn: add tiles to the table, or {fallback}", theme.GOLD)
                need = sess.variant.initial_meld_points(st)
                return (f"Your turn: lay sets worth {need} or more from your rack, or {fallback}", theme.GOLD)
            if analysis is not None and analysis.ok:
                return ("That works. Press End turn (Space) when you are done", theme.GOOD)
            if not any(p.cells for p in self.shown_problems(analysis)):
                return ("Your turn: not finished yet (see the note), or Reset (R)", theme.WARN)
            return ("Your turn: fix the outlined sets, or Reset (R)", theme.WARN)
        name = st.players[cur].name
        if sess.ai_thinking and self.time >= self.busy_until:
            return (f"{name} is thinking…", theme.INK_DIM)
        return (f"{name}'s turn", theme.INK_DIM)

    def shown_problems(self, analysis) -> list:
        """The rules core's problems as the screen shows them: the one about table tiles taken
        onto the rack (the holding area) has no cells, as those cells may hold other tiles now."""
        if analysis is None:
            return []
        sess = self.session
        held = sess.held_table_tiles() if sess.draft is not None else []
        if not held:
            return list(analysis.problems)
        start = sess.state.board.where()
        cells = {start[t] for t in held if t in start}
        return [Problem(p.message) if p.cells and len(p.cells) == len(cells) and set(p.cells) == cells else p
                for p in analysis.problems]

    def draw_status(self, surf, lay, analysis) -> None:
        s = lay.s
        r = lay.status
        text, colour = self.status_text(analysis)
        t = theme.fit_text(text, 22 * s, int(r.w * 0.5), colour)
        surf.blit(t, (lay.rack.x, r.centery - t.get_height() // 2))
        # the first problem without cells (e.g. the initial meld) on the right
        msg = ""
        if analysis is not None and self.session.draft_changed:
            shown = self.shown_problems(analysis)
            loose = [p.message for p in shown if not p.cells]
            if loose:
                msg = loose[0]
            elif shown:
                msg = "point at a red outline to see what is wrong"
        mcol = theme.WARN
        note = variant_ui.call(self.plugin, "status_note", analysis) if self.session.my_turn else None
        if note:
            msg, mcol = note
        right = variant_ui.call(self.plugin, "status_right", lay) or lay.buttons["end"].right
        if msg:
            mt = theme.fit_text(msg[0].upper() + msg[1:], 20 * s, int(right - lay.rack.x - t.get_width() - 60 * s), mcol)
            pill = pygame.Rect(0, 0, mt.get_width() + int(24 * s), int(28 * s))
            pill.midright = (right, r.centery)
            pill.x = max(pill.x, lay.rack.x + t.get_width() + int(20 * s))
            bg = theme.panel(pill.size, radius=pill.h // 2, fill=(8, 14, 26), alpha=220, shadow=0, edge=mcol)
            surf.blit(bg, pill.topleft)
            surf.blit(mt, (pill.x + int(12 * s), pill.centery - mt.get_height() // 2))
        self.draw_toasts(surf, lay)

    def draw_toasts(self, surf, lay) -> None:
        """Short news ("Mia draws a tile") stacked at the bottom of the table.  They sit over
        the table's bottom rows, so they step aside (fade to a ghost) while tiles are dragged
        or the pointer is over one: nothing on the table is ever hidden when it matters."""
        s = lay.s
        y = lay.table.bottom - int(16 * s) - int(variant_ui.call(self.plugin, "toast_lift", lay) or 0)
        for toast in reversed(self.toasts[-3:]):
            left = toast.until - self.time
            img = theme.fit_text(toast.text, 21 * s, int(lay.table.w * 0.8), toast.colour)
            pill = pygame.Rect(0, 0, img.get_width() + int(30 * s), img.get_height() + int(14 * s))
            pill.midbottom = (lay.table.centerx, y)
            body = pygame.Surface(pill.size, pygame.SRCALPHA)
            body.blit(theme.panel(pill.size, radius=pill.h // 2, fill=(6, 12, 22), alpha=240, shadow=0, edge=toast.colour), (0, 0))
            body.blit(img, (int(15 * s), int(7 * s)))
            alpha = 255
            if left < 0.3:
                alpha = int(255 * max(0.0, left) / 0.3)
            if self.drag is not None or pill.inflate(int(24 * s), int(24 * s)).collidepoint(self.mouse):
                alpha = min(alpha, 60)
            if alpha < 255:
                body.set_alpha(alpha)
            surf.blit(body, pill.topleft)
            y -= pill.h + int(6 * s)

    def draw_banner(self, surf, lay) -> None:
        if self.banner is None:
            return
        title, sub, colour, start, until = self.banner
        s = lay.s
        k = min(1.0, (self.time - start) / 0.25)
        out = max(0.0, min(1.0, (until - self.time) / 0.3))
        a = min(k, out)
        w = int(min(lay.size[0] * 0.7, 720 * s))
        h = int(130 * s if sub else 96 * s)
        r = pygame.Rect(0, 0, w, h)
        r.center = lay.table.center
        r.y -= int((1 - k) * 30 * s)
        body = pygame.Surface(r.size, pygame.SRCALPHA)
        body.blit(theme.panel(r.size, radius=int(20 * s), fill=(8, 14, 28), alpha=235, edge=colour, shadow=0), (0, 0))
        tt = theme.shadow_text(title, 54 * s, colour)
        theme.blit_center(body, tt, (w // 2, int(46 * s)))
        if sub:
            st = theme.text(sub, 22 * s, theme.INK, bold=False, wrap=w - int(40 * s), align="center")
            body.blit(st, (w // 2 - st.get_width() // 2, int(82 * s)))
        body.set_alpha(int(255 * a))
        surf.blit(body, r.topleft)

    def hovered_problem(self, lay, analysis) -> str:
        if analysis is None or not self.session.draft_changed:
            return ""
        for prob in self.shown_problems(analysis):
            for rect in self.cell_runs(lay.grid, prob.cells):
                if rect.collidepoint(self.mouse):
                    return prob.message
        return ""

    def draw_tooltip(self, surf, lay, analysis) -> None:
        s = lay.s
        text = self.hovered_problem(lay, analysis)
        colour = theme.BAD
        if not text and any(r.collidepoint(self.mouse) for r in lay.info):
            text, colour = "  ·  ".join(self.status_lines()), theme.INK
        if not text and self.drag is None:
            btn = self.button_at(self.mouse)
            tips = {"runs": "Sort your rack by colour, then number (S)", "groups": "Sort your rack by number, then colour (G)",
                    "hint": "Show a play from your rack (H)", "undo": "Undo your last move (Z)",
                    "reset": "Put every tile back where it was at the start of the turn (R)",
                    "end": "End your turn, or draw a tile if you changed nothing (Space)", "menu": "Pause (Esc)"}
            if btn:
                text, colour = tips.get(btn, ""), theme.INK
        if not text:
            return
        img = theme.text(text, 19 * s, colour if colour != theme.BAD else (255, 220, 220))
        box = pygame.Rect(0, 0, img.get_width() + int(20 * s), img.get_height() + int(12 * s))
        box.bottomleft = (self.mouse[0] + int(14 * s), self.mouse[1] - int(8 * s))
        box.clamp_ip(pygame.Rect(0, 0, *lay.size))
        bg = theme.panel(box.size, radius=int(8 * s), fill=(40, 10, 16) if colour == theme.BAD else (10, 18, 32), alpha=240, shadow=0,
                         edge=colour)
        surf.blit(bg, box.topleft)
        surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))


_particles: dict[tuple, pygame.Surface] = {}


def particle_image(shape: str, colour, a: int, b: int) -> pygame.Surface:
    """Small cached pictures for sparks (a glowing dot of radius ``a``) and confetti (``a`` x ``b``)."""
    key = (shape, colour, a, b)
    img = _particles.get(key)
    if img is None:
        if shape == "spark":
            img = pygame.Surface((a * 2 + 2, a * 2 + 2), pygame.SRCALPHA)
            pygame.draw.circle(img, theme.mix(colour, (255, 255, 255), 0.3), (a + 1, a + 1), a)
        else:
            img = pygame.Surface((max(1, a), max(1, b)))
            img.fill(colour)
        if len(_particles) > 2000:
            _particles.clear()
        _particles[key] = img
    return img


def level_text(kind: str) -> str:
    if kind == HUMAN:
        return "you"
    from .setup import level_label

    return level_label(kind)
