"""The playback part: the session's events turned into effects (sprites that slide, ghosts,
toasts, banners, the deal), and the tiles' sprites kept on their places."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable

import pygame

from ....play import reasons
from ....play.events import NewTiles, Refused, SessionEvent, TurnBegan
from ....rules import events as ev_
from ....rules.points import played_from_rack
from ... import theme
from ...anim import Effects, Motion, Sprite, out_cubic
from ...tileart import ASPECT
from .part import Part
from .records import TOAST_TIME, Ghost, Highlight, Pending, Toast, particle_image

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene

Banner = tuple[str, str, tuple, float, float]  # title, sub, colour, start, until


class Playback(Part):
    """The session's events turned into effects; owns the toasts, the banner, the shake, the
    particles, the ghosts (tile backs flying to hidden racks), the highlights on lines just
    played and the calls scheduled for later."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.stage = scene.stage
        self.effects = Effects()
        self.toasts: list[Toast] = []
        self.ghosts: list[Ghost] = []
        self.highlights: list[Highlight] = []
        self.banner: Banner | None = None
        self.shake = 0.0
        self.scheduled: list[tuple[float, Callable[[], None]]] = []
        self._sync_sig = None

    # -- what other parts may ask ---------------------------------------------------------------------
    def toast(self, text: str, colour=theme.INK, seconds: float = TOAST_TIME, big: bool = False) -> None:
        now = self.stage.time
        self.toasts = [t for t in self.toasts if t.text != text][-3:]
        self.toasts.append(Toast(text, colour, now + seconds, big))

    def drop_toasts(self, starting: str) -> None:
        """Toasts no longer true go (those whose text starts with ``starting``)."""
        self.toasts = [t for t in self.toasts if not t.text.startswith(starting)]

    def show_banner(self, title: str, sub: str, colour, seconds: float = 2.4) -> None:
        now = self.stage.time
        self.banner = (title, sub, colour, now, now + max(0.8, seconds))

    def keep_banner(self, until: float) -> None:
        """The banner shown stays up at least until ``until``."""
        if self.banner is not None:
            title, sub, colour, start, was = self.banner
            self.banner = (title, sub, colour, start, max(was, until))

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        self.scheduled.append((self.stage.time + delay, fn))

    def shake_table(self, seconds: float = 0.35) -> None:
        self.shake = seconds

    def shake_offset(self, s: float) -> int:
        """How far the tiles shake sideways now (a refused play)."""
        return int(math.sin(self.shake * 60) * 8 * s * (self.shake / 0.35)) if self.shake > 0 else 0


    def moving(self) -> bool:
        """Something of the playback moves by itself (a call waiting, a banner, the shake, flying
        tile backs, particles): the screen keeps drawing frames."""
        return bool(self.scheduled or self.banner is not None or self.shake > 0 or self.ghosts or self.effects.busy)

    # -- per frame ------------------------------------------------------------------------------------
    def run_due(self) -> None:
        """The scheduled calls whose time has come (the scene runs them before the turn clock)."""
        st = self.stage
        if self.scheduled:
            due = [fn for at, fn in self.scheduled if at <= st.time]
            self.scheduled = [(at, fn) for at, fn in self.scheduled if at > st.time]
            for fn in due:
                fn()

    def update(self, dt: float) -> None:
        """The sprites move, the ghosts fly, the particles and toasts age."""
        sc = self.scene
        st = self.stage
        self.sync_sprites()
        landed = 0
        for sp in st.sprites.values():
            if sp.update(dt):
                landed += 1
        if landed and st.time < st.busy_until:
            sc.app.sound.play("place", 0.6)
        for gh in self.ghosts:
            gh.age += dt
        self.ghosts = [g for g in self.ghosts if not g.done]
        self.effects.update(dt)
        self.toasts = [t for t in self.toasts if t.until > st.time]
        self.highlights = [h for h in self.highlights if h.until > st.time]
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.banner and self.banner[4] <= st.time:
            self.banner = None

    # -- the tiles' sprites ----------------------------------------------------------------------------
    def targets(self) -> dict[int, tuple[float, float, int]]:
        sc = self.scene
        lay = sc.layout()
        out: dict[int, tuple[float, float, int]] = {}
        g = lay.grid
        for cell, t in sc.session.table().cells.items():
            x, y = g.cell_pos(cell)
            out[t] = (x, y, g.tile_w)
        rg = lay.rack_grid
        for t, cell in sc.session.rack.slots.items():
            x, y = rg.cell_pos(cell)
            out[t] = (x, y, rg.tile_w)
        sc.plugin.adjust_targets(out, lay)  # e.g. a holding area
        sc.turnshow.adjust_targets(out, lay)  # a turn being played out
        return out

    def resync_sprites(self) -> None:
        """The next ``sync_sprites`` sets every tile's target again (the table shown changed)."""
        self._sync_sig = None

    def sync_sprites(self, snap: bool = False) -> None:
        sc = self.scene
        sprites, pending = self.stage.sprites, self.stage.pending
        sc.layout()
        dragged = sc.controls.dragged_tiles()
        sig = (sc.session.version, sc.layout_key(), tuple(dragged))
        if not snap and not pending and sig == self._sync_sig:
            return
        self._sync_sig = sig
        targets = sc.targets()  # a hook: a subclass may add tiles
        dragging = set(dragged)
        for t in [t for t in sprites if t not in targets]:
            del sprites[t]
        for t, (x, y, w) in targets.items():
            sp = sprites.get(t)
            pend = pending.pop(t, None)
            if sp is None:
                sp = Sprite(t, (x, y), (x, y))
                sp.w = w
                sprites[t] = sp
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
        sc = self.scene
        if sc.speed() <= 0:
            return None
        dist = math.hypot(end[0] - start[0], end[1] - start[1])
        duration = pend.duration if pend.duration is not None else min(0.45, 0.14 + dist / 2600)
        scale0 = pend.start_scale if pend.start_scale != 1.0 else (from_w / to_w if to_w else 1.0)
        return Motion(start=start, duration=sc.dur(duration), delay=sc.dur(pend.delay), ease=pend.ease,
                      hidden_until_start=pend.hidden, start_scale=scale0, flip=pend.flip)

    def deal_animation(self) -> None:
        """Tiles fly from the pool to the rack, turning over; the others get backs."""
        sc = self.scene
        st = self.stage
        if sc.speed() <= 0 or sc.session.phase != "play" or not sc.shows_deal:
            return
        lay = sc.layout()
        pool = lay.pool.center
        order = sc.session.rack.tiles()
        for i, t in enumerate(order):
            sp = st.sprites.get(t)
            if sp is None:
                continue
            sp.pos = pool
            sp.motion = Motion(start=pool, duration=sc.dur(0.42), delay=sc.dur(0.15 + i * 0.05), ease="out_cubic",
                               hidden_until_start=True, start_scale=0.5, flip=True)
        for seat, box in lay.seats.items():
            n = len(sc.session.players[seat].rack)
            for k in range(min(n, 14)):
                self.ghosts.append(Ghost(pool, box.face_center, lay.grid.tile_w, sc.dur(0.1 + k * 0.05 + seat * 0.02), sc.dur(0.4)))
        st.hold(st.time + sc.dur(0.6 + len(order) * 0.05))
        sc.app.sound.play("deal")

    # -- events from the session ---------------------------------------------------------------------
    def on_event(self, ev: SessionEvent) -> None:
        sc = self.scene
        sess = sc.session
        st = self.stage
        match ev:
            case TurnBegan(seat=seat, human=human):
                if human and seat == sess.viewer:
                    self.schedule(max(0.0, st.busy_until - st.time), lambda: sc.app.sound.play("turn"))
                    if not sc.app.shown_controls_tip:
                        sc.app.shown_controls_tip = True
                        tip = sc.plugin.controls_tip() or (
                            "Drag tiles onto the table (or click tiles, then a cell)  ·  Space: draw or end turn  ·  "
                            "H: hint  ·  Esc: menu")
                        self.schedule(max(0.0, st.busy_until - st.time), lambda: self.toast(tip, theme.ACCENT, 9.0))
            case ev_.Played():
                self.on_play(ev)
            case ev_.Drew(seat=seat, timeout=timeout):
                if seat != sess.viewer:
                    self.ghost_to_seat(seat, 1)
                sc.app.sound.play("draw")
                if seat != sess.viewer and not timeout:
                    self.toast(f"{sc.name_of(seat)} draws a tile", theme.INK_DIM, 1.8)
            case NewTiles(tiles=tiles):
                lay = sc.layout()
                for i, t in enumerate(tiles):
                    st.pending[t] = Pending(start=lay.pool.center, delay=0.05 + i * 0.08, duration=0.5, flip=True,
                                            start_scale=0.6, hidden=True)
            case ev_.Passed():
                self.toast(sc.narrator().tell(ev).rstrip("."), theme.INK_DIM)
            case ev_.Penalised(seat=seat, tiles=tiles):
                self.show_banner("Penalty", sc.narrator().penalty(ev), theme.WARN, 4.0)
                sc.app.sound.play("invalid")
                if seat != sess.viewer:
                    self.ghost_to_seat(seat, len(tiles))
            case ev_.TimedOut():
                self.show_banner("Time's up!", sc.narrator().time_up(ev, sess.variant.timeout_consequence()),
                                 theme.BAD, 3.0)
                sc.app.sound.play("invalid")
            case Refused(problems=problems):
                self.toast("Not yet: " + (reasons.say(problems[0]) if problems else "that play is not valid"), theme.BAD, 4.5)
                sc.app.sound.play("invalid")
                self.shake_table()
            case ev_.RoundStarted():
                self.sync_sprites(snap=True)
                self.deal_animation()
            case ev_.HandLimitPenalised():
                self.toast(sc.narrator().hand_limit(ev), theme.WARN, 4.5)

    def ghost_to_seat(self, seat: int, n: int) -> None:
        sc = self.scene
        if sc.speed() <= 0:
            return
        lay = sc.layout()
        box = sc.seat_box(seat)
        for k in range(max(0, n)):
            self.ghosts.append(Ghost(lay.pool.center, box.face_center, lay.grid.tile_w, sc.dur(k * 0.12), sc.dur(0.45)))

    def on_play(self, ev: ev_.Played) -> None:
        sc = self.scene
        sess = sc.session
        st = self.stage
        seat = ev.seat
        before, after = ev.before, ev.after
        old_where = before.where()
        changed = [t for c, t in sorted(after.cells.items()) if old_where.get(t) != c]
        lines = [ln for ln in sess.variant.lines(after) if any(t in changed for t in ln.tiles)]
        points = played_from_rack(before, after, sess.variant.reads_columns) if sess.variant.rack_points_count else 0
        if seat == sess.viewer and sess.is_human(seat):
            self.land_effects(lines, points, seat)
            return
        if sc.turnshow.computer_play(seat, before, after, lines, points):
            return  # played out step by step
        # the computer's move, played out tile by tile from its seat
        box = sc.seat_box(seat)
        step = 0.16
        order: list[int] = []
        for ln in lines:
            order += [t for t in ln.tiles if t in changed]
        order += [t for t in changed if t not in order]
        lay = sc.layout()
        for i, t in enumerate(order):
            if t in old_where:
                st.pending[t] = Pending(delay=i * step, duration=0.36, ease="in_out_cubic")
            else:
                st.pending[t] = Pending(start=(box.face_center[0] - lay.grid.tile_w / 2, box.face_center[1] - lay.grid.tile_w * 0.6),
                                        delay=i * step, duration=0.42, hidden=True, start_scale=0.55, ease="out_cubic")
        total = sc.dur(len(order) * step + 0.45)
        st.hold(st.time + total + sc.dur(0.35))
        self.schedule(total, lambda: self.land_effects(lines, points, seat))

    def land_effects(self, lines, points: int, seat: int) -> None:
        sc = self.scene
        if sc.closed:
            return
        lay = sc.layout()
        g = lay.grid
        now = self.stage.time
        hold = 2.2 if seat != sc.session.viewer else 1.2
        for ln in lines:
            self.highlights.append(Highlight(tuple(ln.cells), theme.GOLD, now + max(0.6, sc.dur(hold))))
            first = g.cell_rect(ln.cells[0])
            last = g.cell_rect(ln.cells[-1])
            cx, cy = (first.centerx + last.centerx) / 2, (first.centery + last.centery) / 2
            if sc.speed() > 0:
                self.effects.burst(cx, cy, theme.GOLD, n=14, speed=240 * lay.s, size=4 * lay.s)
            for t in ln.tiles:
                sp = self.stage.sprites.get(t)
                if sp is not None and sc.speed() > 0:
                    sp.pop = sp.pop_len = sc.dur(0.3)
        if points and sc.speed() > 0:  # rises from the panel of whoever played
            box = sc.seat_box(seat).rect
            self.effects.float_text(f"+{points}", box.centerx, box.y + box.h * 0.3, theme.GOLD, 40 * lay.s)
        if lines:
            sc.app.sound.play("pop")

    def highlight(self, cells, colour, until: float) -> None:
        """Outline ``cells`` (a line just played) until ``until``."""
        self.highlights.append(Highlight(tuple(cells), colour, until))

    # -- drawing ------------------------------------------------------------------------------------
    def draw_lifted(self, surf, lay) -> None:
        self.draw_ghosts(surf, lay)
        self.draw_effects(surf, lay)

    def draw_ghosts(self, surf, lay) -> None:
        for gh in self.ghosts:
            if gh.age < gh.delay:
                continue
            t = out_cubic(min(1.0, (gh.age - gh.delay) / max(1e-6, gh.duration)))
            x = gh.start[0] + (gh.end[0] - gh.start[0]) * t
            y = gh.start[1] + (gh.end[1] - gh.start[1]) * t
            w = max(8, int(gh.w * (1 - 0.4 * t)) // 2 * 2)
            img = self.scene.app.tiles.back(w)
            surf.blit(img, (int(x - w / 2), int(y - w * ASPECT / 2)))

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

    def draw_hud(self, surf, lay) -> None:
        self.draw_toasts(surf, lay)

    def draw_toasts(self, surf, lay) -> None:
        """Short news ("Mia draws a tile") stacked at the bottom of the table.  They sit over
        the table's bottom rows, so they step aside (fade to a ghost) while tiles are dragged
        or the pointer is over one: nothing on the table is ever hidden when it matters."""
        sc = self.scene
        s = lay.s
        now = self.stage.time
        mouse = sc.controls.mouse
        dragging = bool(sc.controls.dragged_tiles())
        y = lay.table.bottom - int(16 * s) - int(sc.plugin.toast_lift(lay) or 0) - sc.turnshow.toast_lift(lay)
        for toast in reversed(self.toasts[-3:]):
            left = toast.until - now
            img = theme.fit_block(toast.text, 21 * s, int(lay.table.w * 0.8), toast.colour)  # a long notice wraps, whole
            pill = pygame.Rect(0, 0, img.get_width() + int(30 * s), img.get_height() + int(14 * s))
            pill.midbottom = (lay.table.centerx, y)
            body = pygame.Surface(pill.size, pygame.SRCALPHA)
            body.blit(theme.panel(pill.size, radius=pill.h // 2, fill=(6, 12, 22), alpha=240, shadow=0, edge=toast.colour), (0, 0))
            body.blit(img, (int(15 * s), int(7 * s)))
            alpha = 255
            if left < 0.3:
                alpha = int(255 * max(0.0, left) / 0.3)
            if dragging or pill.inflate(int(24 * s), int(24 * s)).collidepoint(mouse):
                alpha = min(alpha, 60)
            if alpha < 255:
                body.set_alpha(alpha)
            surf.blit(body, pill.topleft)
            y -= pill.h + int(6 * s)

    def draw_top(self, surf, lay) -> None:
        self.draw_banner(surf, lay)

    def draw_banner(self, surf, lay) -> None:
        if self.banner is None:
            return
        now = self.stage.time
        title, sub, colour, start, until = self.banner
        s = lay.s
        k = min(1.0, (now - start) / 0.25)
        out = max(0.0, min(1.0, (until - now) / 0.3))
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

    # -- the round's end --------------------------------------------------------------------------------
    def celebrate(self) -> None:
        """The round is over: a banner saying who went out (the rule set may word its own), confetti
        and a fanfare."""
        sc = self.scene
        sess = sc.session
        st = sess.state
        winner = st.round_winner
        reason = st.round_end_reason
        lay = sc.layout()
        mine = winner is not None and winner == sess.person
        if reason == "out" and winner is not None:
            who = sc.name_of(winner)
            title = "You go out!" if mine else f"{who} goes out!"
            colour = theme.GOLD if mine else theme.ACCENT
        else:
            title = "Round over"
            who = sc.name_of(winner) if winner is not None else ""
            colour = theme.ACCENT
        sub = {"out": "The rack is empty.", "blocked": "The pool is empty and nobody can play.",
               "pool": "The pool is empty."}.get(reason, "")
        if winner is not None and reason != "out":
            sub += " You win the round." if mine else f" {who} wins the round."
        custom = sc.plugin.end_banner(reason, winner)  # (title, sub, colour)
        if custom:
            title, sub, colour = custom
        self.show_banner(title, sub.strip(), colour, 2.6)
        cheer = sess.person is None or mine  # a computer's round win gets the banner, not the party
        if sc.speed() > 0 and cheer:
            self.effects.confetti(lay.size[0], n=160 if mine else 90, size=8 * lay.s)
        sc.app.sound.play("win" if cheer else "turn")
