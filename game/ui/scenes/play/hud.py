"""The HUD part: everything around the table (the header, the seats and their rings, the rack's
panel, the buttons, the status line, the info panels, tooltips)."""

from __future__ import annotations

import dataclasses
import math
from typing import TYPE_CHECKING

import pygame

from ....play import reasons
from ... import playlayout, portrait_art, theme
from .part import Part
from .records import BUTTON_LABELS, LONG_THINK, level_text
from ...errorlog import log_error

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene

RING_GAP = 7  # between a face and its countdown ring (times the scale)
RING_THICKEST = 9  # the ring's width at its thickest (the last ten seconds' pulse)
TEXT_GAP = 8  # the clear gap between the ring and the words beside or under it


def ring_reach(face_size: float, s: float) -> float:
    """How far from a face's centre its ring reaches at its thickest (the gold ring reaches less)."""
    return face_size / 2 + (RING_GAP + RING_THICKEST / 2) * s


class Hud(Part):
    """Drawing everything around the table: the header, the seats and their rings, the rack's
    panel, the buttons (it owns the one held down), the status line, the info panels and the
    tooltips.  The texts are the scene's hooks (``header_text``, ``status_text``, ...: a puzzle
    or a lesson words them its own way); their defaults are here."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.stage = scene.stage
        self.pressed_button: str | None = None

    # -- what other parts may ask ---------------------------------------------------------------------
    def press_at(self, pos) -> bool:
        """A press of the left button at ``pos``: True when it went down on a button (held)."""
        btn = self.scene.button_at(pos)
        if btn is None:
            return False
        self.pressed_button = btn
        return True

    def release_at(self, pos) -> bool:
        """The left button let go at ``pos``: True when a button was held (pressed when still
        under the pointer)."""
        if self.pressed_button is None:
            return False
        btn, self.pressed_button = self.pressed_button, None
        if self.scene.button_at(pos) == btn:
            self.scene.press_button(btn)
        return True

    # -- drawing ------------------------------------------------------------------------------------
    def draw_back(self, surf, lay) -> None:
        self.draw_seats(surf, lay)

    def draw_hud(self, surf, lay) -> None:
        analysis = self.scene.analysis()
        self.draw_header(surf, lay)
        self.draw_me(surf, lay, analysis)
        self.draw_buttons(surf, lay)
        self.draw_status(surf, lay, analysis)
        self.draw_info(surf, lay)

    def draw_pointer(self, surf, lay) -> None:
        self.draw_tooltip(surf, lay, self.scene.analysis())

    def button_at(self, pos) -> str | None:
        lay = self.scene.layout()
        if lay.menu.collidepoint(pos):
            return "menu"
        for name, r in lay.buttons.items():
            if r.collidepoint(pos):
                return name
        return None

    def draw_header(self, surf, lay) -> None:
        s = lay.s
        h = lay.header
        bar = pygame.Surface(h.size, pygame.SRCALPHA)
        bar.fill((6, 12, 24, 170))
        surf.blit(bar, h.topleft)
        pygame.draw.line(surf, (60, 84, 118), (0, h.bottom - 1), (h.right, h.bottom - 1))
        logo = theme.text("TILE RUSH", 28 * s, theme.GOLD)
        x = int(14 * s)
        surf.blit(logo, (x, h.centery - logo.get_height() // 2))
        x += logo.get_width() + int(14 * s)
        info = theme.fit_text(self.scene.header_text(), 22 * s, max(40, lay.pool.x - x - int(16 * s)), theme.INK_DIM)
        surf.blit(info, (x, h.centery - info.get_height() // 2))
        x += info.get_width() + int(20 * s)
        self.scene.draw_pool(surf, lay)
        m = lay.menu
        hover = m.collidepoint(self.scene.controls.mouse)
        from ...widgets import button_surface

        surf.blit(button_surface(m.size, "ghost", "hover" if hover else "normal", int(m.h * 0.3)), m.topleft)
        for i in range(3):
            y = m.centery - int(7 * s) + i * int(7 * s)
            pygame.draw.line(surf, theme.INK, (m.x + int(12 * s), y), (m.x + int(28 * s), y), max(2, int(2 * s)))
        mt = theme.text("Menu", 20 * s, theme.INK)
        surf.blit(mt, (m.x + int(36 * s), m.centery - mt.get_height() // 2))

    def draw_pool(self, surf, lay) -> None:
        """The pool's place in the header: a few tile backs and how many tiles are left."""
        s = lay.s
        p = lay.pool
        back = self.scene.app.tiles.back(int(p.h * 0.6))
        for k in range(3):
            surf.blit(back, (p.x + int(6 * s) + k * int(4 * s), p.centery - back.get_height() // 2 - k * int(2 * s)))
        n = len(self.scene.session.state.pool)
        pt = theme.text(f"Pool {n}", 22 * s, theme.INK if n else theme.BAD)
        surf.blit(pt, (p.x + int(6 * s) + back.get_width() + int(14 * s), p.centery - pt.get_height() // 2))

    def header_text(self) -> str:
        """Rule set, round (of how many) and the points target where the rule set has one."""
        sess = self.scene.session
        v = sess.variant
        rounds = sess.state.options.get("rounds")
        text = f"{v.title}  ·  Round {sess.state.round}" + (f" of {rounds}" if rounds else "")
        try:
            target = v.score_target()
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("reading the rule set's points target", exc)
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
        lines = self.scene.status_lines()
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
        if self.scene.plugin.draw_info(surf, lay):
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
        sess = self.scene.session
        cx, cy = box.face_center
        r = box.face_size / 2 + RING_GAP * s
        if not active:
            return
        if sess.turn_time > 0:
            frac = sess.timer_left / sess.turn_time
            col = self.scene.ring_colour(frac)
            thick = 6 * s
            if sess.timer_left <= 10 and sess.timer_left > 0:
                pulse = 0.5 + 0.5 * math.cos((sess.timer_left % 1.0) * math.pi * 2)
                thick = (6 + 3 * pulse) * s
            theme.draw_ring(surf, (cx, cy), r + thick / 2, thick, frac, col)
            # the seconds left, always while the timer runs (bigger in the last ten)
            left = max(0, int(math.ceil(sess.timer_left)))
            secs = theme.text(str(left), (24 if left <= 10 else 19) * s, col)
            at = (cx - r * 0.75, cy + r * 0.78)  # bottom left: the token colour sits bottom right
            rad = max(secs.get_width(), secs.get_height()) // 2 + int(3 * s)
            pygame.draw.circle(surf, (8, 14, 26), (int(at[0]), int(at[1])), rad)
            pygame.draw.circle(surf, col, (int(at[0]), int(at[1])), rad, width=max(1, int(2 * s)))
            theme.blit_center(surf, secs, at)
        else:
            theme.draw_ring(surf, (cx, cy), r + 3 * s, 4 * s, 1.0, theme.mix(theme.GOLD_DARK, theme.GOLD, 0.7), track=None)

    def draw_seats(self, surf, lay) -> None:
        s = lay.s
        sess = self.scene.session
        st = sess.state
        for seat, box in lay.seats.items():
            p = st.players[seat]
            active = self.scene.turnshow.current(st.current) == seat and st.phase == "play"  # the seat being played out
            r = box.rect
            theme.draw_panel(surf, r, radius=int(14 * s), edge=theme.GOLD if active else theme.PANEL_EDGE,
                             fill=(20, 34, 56) if active else theme.PANEL)
            bob = math.sin(self.stage.time * 6) * 2 * s if active and sess.computer.thinking else 0
            img = portrait_art.player_face(p.kind, p.name, box.face_size)
            fc = (box.face_center[0], box.face_center[1] + bob)
            surf.blit(img, (fc[0] - box.face_size // 2, fc[1] - box.face_size // 2))
            self.scene.draw_ring_for(surf, playlayout.SeatBox(seat, box.where, r, (int(fc[0]), int(fc[1])), box.face_size, box.anchor), active, s)
            if box.where == "top":
                tx = box.face_center[0] + box.face_size // 2 + int(18 * s)
                lvl = theme.text(level_text(p.kind), theme.readable(17 * s), theme.INK_DIM, bold=False)
                # the name, its level and room for the "thinking" bubble after them (never on the name)
                room = r.right - tx - lvl.get_width() - int(90 * s)
                name = theme.fit_text(p.name, 24 * s, room, theme.INK)
                surf.blit(name, (tx, r.y + int(10 * s)))
                lx = tx + name.get_width() + int(8 * s)
                surf.blit(lvl, (lx, r.y + int(14 * s)))
                bubble_at = (lx + lvl.get_width() + int(12 * s), r.y + int(8 * s))
                y2 = r.y + int(40 * s)
                self.draw_count(surf, (tx, y2), len(p.rack), s)
                sc = theme.text(f"Score {p.score}", 19 * s, theme.GOLD)
                surf.blit(sc, (r.right - sc.get_width() - int(12 * s), y2 + int(2 * s)))
                extra_y = r.bottom - int(24 * s)
                self.draw_seat_extra(surf, seat, (tx, extra_y), r.right - tx - int(10 * s), s)
            else:
                bubble_at = None
                y = box.face_center[1] + box.face_size // 2 + int(8 * s)
                name = theme.fit_text(p.name, 23 * s, r.w - int(12 * s), theme.INK)
                theme.blit_center(surf, name, (r.centerx, y + name.get_height() // 2))
                y += name.get_height() + int(1 * s)
                lvl = theme.text(level_text(p.kind), theme.readable(16 * s), theme.INK_DIM, bold=False)
                theme.blit_center(surf, lvl, (r.centerx, y + lvl.get_height() // 2))
                y += lvl.get_height() + int(8 * s)
                self.draw_count(surf, (r.x + int(14 * s), y), len(p.rack), s)
                y += int(30 * s)
                sc = theme.text(f"Score {p.score}", 19 * s, theme.GOLD)
                theme.blit_center(surf, sc, (r.centerx, y + sc.get_height() // 2))
                y += sc.get_height() + int(6 * s)
                self.draw_seat_extra(surf, seat, (r.x + int(10 * s), y), r.w - int(20 * s), s)
            if active and sess.computer.thinking:
                self.draw_thinking(surf, box, s, bubble_at)

    def draw_seat_extra(self, surf, seat, pos, width, s) -> None:
        st = self.scene.session.state
        if seat == st.current and self.scene.thinking_for() > LONG_THINK:  # a long think says so, in words
            secs = int(self.scene.thinking_for())
            words = "Thinking…" + (f" {secs} s" if secs >= 2 else "")
            surf.blit(theme.fit_text(words, theme.readable(17 * s), width, theme.GOLD), pos)
            return
        if self.scene.plugin.draw_seat_extra(surf, seat, pos, width, s):
            return
        p = self.scene.session.state.players[seat]
        if not p.melded and self.scene.session.variant.initial_meld_points():
            t = theme.fit_text("not melded yet", theme.readable(16 * s), width, theme.INK_FAINT, bold=False)
            surf.blit(t, pos)

    def draw_count(self, surf, pos, n: int, s: float) -> None:
        x, y = pos
        back = self.scene.app.tiles.back(int(14 * s))
        for k in range(min(n, 5)):
            surf.blit(back, (x + k * int(5 * s), y))
        t = theme.text(f"{n} tile{'s' if n != 1 else ''}", 20 * s, theme.INK)
        surf.blit(t, (x + int(5 * s) * min(n, 5) + back.get_width() + int(6 * s), y + back.get_height() // 2 - t.get_height() // 2))

    def draw_thinking(self, surf, box, s: float, at: tuple[int, int] | None = None) -> None:
        """The "thinking" bubble: at ``at`` (its top left) when given, else beside the face."""
        cx, cy = box.face_center
        bw, bh = int(58 * s), int(30 * s)
        bx = cx + box.face_size // 2 - int(6 * s)
        by = cy - box.face_size // 2 - int(8 * s)
        if box.where == "right":
            bx = cx - box.face_size // 2 - bw + int(6 * s)
        if box.where == "bottom":  # above my panel, clear of the name
            bx = cx - bw // 2
            by = box.rect.y - bh - int(6 * s)
        if at is not None:
            bx, by = at
        bubble = pygame.Rect(bx, by, bw, bh)
        pygame.draw.rect(surf, theme.CREAM, bubble, border_radius=bh // 2)
        pygame.draw.rect(surf, theme.GOLD_DARK, bubble, width=2, border_radius=bh // 2)
        for i in range(3):
            ph = (self.stage.time * 3 - i * 0.35) % 1.0
            lift = math.sin(ph * math.pi) * 4 * s if ph < 1 else 0
            pygame.draw.circle(surf, (60, 60, 70), (bubble.x + int(15 * s) + i * int(14 * s), bubble.centery - int(lift)), max(2, int(4 * s)))

    def draw_me(self, surf, lay, analysis) -> None:
        s = lay.s
        sess = self.scene.session
        st = sess.state
        box = lay.me
        me = st.players[sess.viewer]
        active = self.scene.turnshow.current(st.current) == sess.viewer and st.phase == "play"
        theme.draw_panel(surf, box.rect, radius=int(14 * s), edge=theme.GOLD if active else theme.PANEL_EDGE,
                         fill=(20, 34, 56) if active else theme.PANEL)
        img = portrait_art.player_face(me.kind, me.name, box.face_size)
        surf.blit(img, (box.face_center[0] - box.face_size // 2, box.face_center[1] - box.face_size // 2))
        self.scene.draw_ring_for(surf, box, active, s)
        if active and sess.computer.thinking:
            self.draw_thinking(surf, box, s)
        x = self.me_text_x(box, s)
        name = theme.fit_text(me.name, 22 * s, box.rect.right - x - int(8 * s), theme.INK)
        surf.blit(name, (x, box.rect.y + int(14 * s)))
        sc, at = self.me_score(lay, me)
        surf.blit(sc, at)
        y = int(box.face_center[1] + ring_reach(box.face_size, s) + TEXT_GAP / 2 * s)
        lx = box.rect.x + int(12 * s)
        width = box.rect.w - int(24 * s)
        need = sess.variant.initial_meld_points(st)
        if not me.melded and need:
            pts = sess.variant.initial_play_points(analysis) if analysis is not None else 0
            lab = theme.text("Initial meld", theme.readable(17 * s), theme.INK_DIM, bold=False)
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
            line, note = self.scene.me_notes(me)
            t = theme.text(line, theme.readable(17 * s), theme.INK_DIM, bold=False)
            surf.blit(t, (lx, y))
            if note:
                t2 = theme.text(note[0], theme.readable(18 * s), note[1])
                surf.blit(t2, (lx, y + int(22 * s)))

    def me_text_x(self, box, s: float) -> int:
        """Where the player's name and score start: a clear gap right of the ring at its thickest."""
        return int(box.face_center[0] + ring_reach(box.face_size, s) + TEXT_GAP * s)

    def me_score(self, lay, me) -> tuple[pygame.Surface, pygame.Rect]:
        """The score line beside the player's face (fitted to the panel) and where it goes."""
        s = lay.s
        box = lay.me
        x = self.me_text_x(box, s)
        sc = theme.fit_text(self.scene.score_line(me), theme.readable(18 * s), box.rect.right - x - int(8 * s), theme.GOLD)
        return sc, sc.get_rect(topleft=(x, box.rect.y + int(40 * s)))

    def me_notes(self, me) -> tuple[str, tuple[str, tuple] | None]:
        """Under the player's face: the rack's count, and a note in colour ("Melded") or None."""
        sess = self.scene.session
        whose = "your" if sess.is_human(sess.viewer) else "the"  # the attract mode shows a computer's rack
        n = len(sess.rack.slots)  # the rack as it stands in the turn being played
        return f"{n} tile{'s' if n != 1 else ''} on {whose} rack", ("Melded", theme.GOOD) if me.melded else None

    def score_line(self, me) -> str:
        """Beside the player's name."""
        return f"Score {me.score}"

    def draw_buttons(self, surf, lay) -> None:
        from ...widgets import button_surface

        s = lay.s
        for name, rect in lay.buttons.items():
            enabled = self.scene.button_enabled(name)
            hover = rect.collidepoint(self.scene.controls.mouse) and enabled
            down = hover and self.pressed_button == name
            if name == "end":
                label, style = self.scene.end_button(enabled)
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
                ht = theme.text(hint, theme.readable(px * 0.6), theme.mix(colour, (128, 128, 128), 0.4))
                surf.blit(ht, (rect.right - ht.get_width() - int(8 * s), rect.centery - ht.get_height() // 2 + dy))

    def end_button(self, enabled: bool) -> tuple[str, str]:
        """The big button's label and style: End turn, Draw tile or Pass (Waiting… on another's turn)."""
        sess = self.scene.session
        label = "End turn" if (sess.draft_changed or sess.held_table_tiles()) else "Draw tile" if sess.state.pool else "Pass"
        if not sess.my_turn:
            label = "Watching" if sess.demo else "Waiting…"
        return label, "primary" if enabled and sess.draft_changed else ("good" if enabled else "secondary")

    def status_text(self, analysis) -> tuple[str, tuple]:
        sess = self.scene.session
        st = sess.state
        if st.phase != "play":
            return ("Round over", theme.GOLD)
        cur = st.current
        if self.scene.input_locked() and st.turn == 0 and not len(st.board) and self.stage.time < self.stage.busy_until:
            return ("Dealing…", theme.INK_DIM)
        if self.scene.turnshow.status():  # a turn being played out
            return (self.scene.turnshow.status(), theme.INK)
        if sess.my_turn:
            if self.scene.input_locked():
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
        if sess.computer.thinking and self.stage.time >= self.stage.busy_until:
            return (f"{name} is thinking…", theme.INK_DIM)
        return (f"{name}'s turn", theme.INK_DIM)

    def shown_problems(self, analysis) -> list:
        """The rules core's problems as the screen shows them: the one about table tiles taken
        onto the rack (the holding area) has no cells, as those cells may hold other tiles now."""
        if analysis is None:
            return []
        sess = self.scene.session
        held = sess.held_table_tiles() if sess.draft is not None else []
        if not held:
            return list(analysis.problems)
        start = sess.state.board.where()
        cells = {start[t] for t in held if t in start}
        return [dataclasses.replace(p, cells=()) if p.cells and len(p.cells) == len(cells) and set(p.cells) == cells else p
                for p in analysis.problems]

    def draw_status(self, surf, lay, analysis) -> None:
        s = lay.s
        r = lay.status
        text, colour = self.scene.status_text(analysis)
        t = theme.fit_text(text, 22 * s, int(r.w * 0.5), colour)
        surf.blit(t, (lay.rack.x, r.centery - t.get_height() // 2))
        # the first problem without cells (e.g. the initial meld) on the right
        msg = ""
        if analysis is not None and self.scene.session.draft_changed:
            shown = self.shown_problems(analysis)
            loose = [reasons.say(p) for p in shown if not p.cells]
            if loose:
                msg = loose[0]
            elif shown:
                msg = "point at a red outline to see what is wrong"
        mcol = theme.WARN
        note = self.scene.plugin.status_note(analysis) if self.scene.session.my_turn else None
        if note:
            msg, mcol = note
        right = self.scene.plugin.status_right(lay) or lay.buttons["end"].right
        if msg:
            mt = theme.fit_block(msg[0].upper() + msg[1:], 20 * s, int(right - lay.rack.x - t.get_width() - 60 * s), mcol)
            pill = pygame.Rect(0, 0, mt.get_width() + int(24 * s), max(int(28 * s), mt.get_height() + int(6 * s)))
            pill.midright = (right, r.centery)
            pill.x = max(pill.x, lay.rack.x + t.get_width() + int(20 * s))
            bg = theme.panel(pill.size, radius=pill.h // 2, fill=(8, 14, 26), alpha=220, shadow=0, edge=mcol)
            surf.blit(bg, pill.topleft)
            surf.blit(mt, (pill.x + int(12 * s), pill.centery - mt.get_height() // 2))

    def hovered_problem(self, lay, analysis) -> str:
        return self.hovered_problem_area(lay, analysis)[0]

    def hovered_problem_area(self, lay, analysis) -> tuple[str, pygame.Rect | None]:
        """The problem under the pointer and the area of the tiles it is about."""
        if analysis is None or not self.scene.session.draft_changed:
            return "", None
        for prob in self.shown_problems(analysis):
            rects = self.scene.table_view.cell_runs(lay.grid, prob.cells)
            if any(rect.collidepoint(self.scene.controls.mouse) for rect in rects):
                return reasons.say(prob), rects[0].unionall(rects[1:])
        return "", None

    def tip_box(self, size, lay, avoid: pygame.Rect | None = None, keep_clear=()) -> pygame.Rect:
        """Where a tooltip of ``size`` goes: by the pointer, on screen, and never over
        ``avoid`` (the tiles it explains) when there is room above, below or beside them;
        nor over the ``keep_clear`` areas (controls drawn over it) where it can help it."""
        s = lay.s
        screen = pygame.Rect(0, 0, *lay.size)
        box = pygame.Rect(0, 0, *size)
        box.bottomleft = (self.scene.controls.mouse[0] + int(14 * s), self.scene.controls.mouse[1] - int(8 * s))
        box.clamp_ip(screen)
        if avoid is None or not box.colliderect(avoid):
            return box
        clear = [r for r in keep_clear if r is not None]
        gap = int(8 * s)
        tries = []
        for side in ("above", "below", "right", "left"):
            b = box.copy()
            if side == "above":
                b.bottom = avoid.top - gap
            elif side == "below":
                b.top = avoid.bottom + gap
            elif side == "right":
                b.left, b.centery = avoid.right + gap, self.scene.controls.mouse[1]
            else:
                b.right, b.centery = avoid.left - gap, self.scene.controls.mouse[1]
            b.clamp_ip(screen)
            tries.append(b)
        for b in tries:
            if not b.colliderect(avoid) and b.collidelist(clear) < 0:
                return b
        for b in tries:
            if not b.colliderect(avoid):
                return b
        return min(tries, key=lambda b: b.clip(avoid).w * b.clip(avoid).h)

    def draw_tooltip(self, surf, lay, analysis) -> None:
        s = lay.s
        text, avoid = self.hovered_problem_area(lay, analysis)
        colour = theme.BAD
        if not text and any(r.collidepoint(self.scene.controls.mouse) for r in lay.info):
            text, colour = "  ·  ".join(self.scene.status_lines()), theme.INK
        if not text and not self.scene.controls.dragged_tiles():
            btn = self.scene.button_at(self.scene.controls.mouse)
            tips = {"runs": "Sort your rack by colour, then number (S)", "groups": "Sort your rack by number, then colour (G)",
                    "hint": "Show a play from your rack (H)", "undo": "Undo your last move (Z)",
                    "reset": "Put every tile back where it was at the start of the turn (R)",
                    "end": "End your turn, or draw a tile if you changed nothing (Space)", "menu": "Pause (Esc)"}
            if btn:
                text, colour = tips.get(btn, ""), theme.INK
        if not text:
            return
        img = theme.text(text, 19 * s, colour if colour != theme.BAD else (255, 220, 220), wrap=int(lay.size[0] * 0.5))
        box = self.tip_box((img.get_width() + int(20 * s), img.get_height() + int(12 * s)), lay, avoid)
        bg = theme.panel(box.size, radius=int(8 * s), fill=(40, 10, 16) if colour == theme.BAD else (10, 18, 32), alpha=240, shadow=0,
                         edge=colour)
        surf.blit(bg, box.topleft)
        surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))
