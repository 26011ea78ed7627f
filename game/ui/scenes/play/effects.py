"""Turning the session's events into effects: sprites that slide, ghosts, toasts, banners, the deal."""

from __future__ import annotations

import math
from typing import Callable

from ....play import reasons
from ....play.events import NewTiles, Refused, SessionEvent, TurnBegan
from ....play.narrate import Narrator
from ....rules import events as ev_
from ....rules.points import played_from_rack
from ... import openingdraw, theme
from ...anim import Motion, Sprite
from .records import TOAST_TIME, Ghost, Highlight, Pending, Toast


class PlayEffects:
    """Turning the session's events into effects: sprites that slide, ghosts, toasts, banners, the deal."""

    def targets(self) -> dict[int, tuple[float, float, int]]:
        lay = self.layout()
        out: dict[int, tuple[float, float, int]] = {}
        g = lay.grid
        for cell, t in self.session.table().cells.items():
            x, y = g.cell_pos(cell)
            out[t] = (x, y, g.tile_w)
        rg = lay.rack_grid
        for t, cell in self.session.rack.slots.items():
            x, y = rg.cell_pos(cell)
            out[t] = (x, y, rg.tile_w)
        self.plugin.adjust_targets(out, lay)  # e.g. a holding area
        self.turnshow.adjust_targets(out, lay)  # a turn being played out
        return out

    def resync_sprites(self) -> None:
        """The next ``sync_sprites`` sets every tile's target again (the table shown changed)."""
        self._sync_sig = None

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
            old_w = sp.w
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
        order = self.session.rack.tiles()
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

    def narrator(self) -> Narrator:
        """The session's events in words: the person in the second person (``name_of``'s "You")."""
        sess = self.session
        you = sess.viewer if sess.is_human(sess.viewer) else None
        return Narrator([p.name for p in sess.players], you)

    def on_event(self, ev: SessionEvent) -> None:
        sess = self.session
        self.plugin.on_event(ev)  # a rule set's own events (claims), or to follow a play
        self.turnshow.on_event(ev)  # the turn log
        match ev:
            case TurnBegan(seat=seat, human=human):
                self.last_tick_second = None
                if human and seat == sess.viewer:
                    self.selection = []
                    self.hint_tiles = []
                    self.schedule(max(0.0, self.busy_until - self.time), lambda: self.app.sound.play("turn"))
                    if not self.app.shown_controls_tip:
                        self.app.shown_controls_tip = True
                        tip = self.plugin.controls_tip() or (
                            "Drag tiles onto the table (or click tiles, then a cell)  ·  Space: draw or end turn  ·  "
                            "H: hint  ·  Esc: menu")
                        self.schedule(max(0.0, self.busy_until - self.time), lambda: self.toast(tip, theme.ACCENT, 9.0))
            case ev_.Played():
                self.on_play(ev)
            case ev_.Drew(seat=seat, timeout=timeout):
                if seat != sess.viewer:
                    self.ghost_to_seat(seat, 1)
                self.app.sound.play("draw")
                if seat != sess.viewer and not timeout:
                    self.toast(f"{self.name_of(seat)} draws a tile", theme.INK_DIM, 1.8)
            case NewTiles(tiles=tiles):
                lay = self.layout()
                for i, t in enumerate(tiles):
                    self.pending[t] = Pending(start=lay.pool.center, delay=0.05 + i * 0.08, duration=0.5, flip=True,
                                              start_scale=0.6, hidden=True)
            case ev_.Passed():
                self.toast(self.narrator().tell(ev).rstrip("."), theme.INK_DIM)
            case ev_.Penalised(seat=seat, tiles=tiles):
                self.show_banner("Penalty", self.narrator().penalty(ev), theme.WARN, 4.0)
                self.app.sound.play("invalid")
                if seat != sess.viewer:
                    self.ghost_to_seat(seat, len(tiles))
            case ev_.TimedOut():
                self.show_banner("Time's up!", self.narrator().time_up(ev, sess.variant.timeout_consequence()),
                                 theme.BAD, 3.0)
                self.app.sound.play("invalid")
                self.drag = None
                self.press = None
            case Refused(problems=problems):
                self.toast("Not yet: " + (reasons.say(problems[0]) if problems else "that play is not valid"), theme.BAD, 4.5)
                self.app.sound.play("invalid")
                self.shake = 0.35
            case ev_.RoundEnded():
                self.round_end_at = max(self.time, self.busy_until) + self.dur(0.3)
            case ev_.RoundStarted():
                self.sync_sprites(snap=True)
                self.deal_animation()
                self.opening = openingdraw.begin(self)
            case ev_.HandLimitPenalised():
                self.toast(self.narrator().hand_limit(ev), theme.WARN, 4.5)

    def ghost_to_seat(self, seat: int, n: int) -> None:
        if self.speed() <= 0:
            return
        lay = self.layout()
        box = self.seat_box(seat)
        for k in range(max(0, n)):
            self.ghosts.append(Ghost(lay.pool.center, box.face_center, lay.grid.tile_w, self.dur(k * 0.12), self.dur(0.45)))

    def on_play(self, ev: ev_.Played) -> None:
        sess = self.session
        seat = ev.seat
        before, after = ev.before, ev.after
        old_where = before.where()
        changed = [t for c, t in sorted(after.cells.items()) if old_where.get(t) != c]
        lines = [ln for ln in sess.variant.lines(after) if any(t in changed for t in ln.tiles)]
        points = played_from_rack(before, after, sess.variant.reads_columns) if sess.variant.rack_points_count else 0
        if seat == sess.viewer and sess.is_human(seat):
            self.land_effects(lines, points, seat)
            return
        if self.turnshow.computer_play(seat, before, after, lines, points):
            return  # played out step by step
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
        if points and self.speed() > 0:  # rises from the panel of whoever played
            box = self.seat_box(seat).rect
            self.effects.float_text(f"+{points}", box.centerx, box.y + box.h * 0.3, theme.GOLD, 40 * lay.s)
        if lines:
            self.app.sound.play("pop")
