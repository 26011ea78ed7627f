"""Drawing the claims panels: the race to 200, the supplies of tokens and locks, the seats'
rings and extras, the Claim button and the hover tip.  A part with no state of its own: it reads
the claims' data, claim mode and the clock through their methods."""

from __future__ import annotations

import pygame

from ...rules import claims as cl
from .. import theme
from . import words as say
from .art import draw_token_icon, lock_image, token_colour
from .data import ClaimsData
from .events import ClaimsClock
from .modes import ClaimMode
from .places import ClaimsPlaces


class ClaimsPanels:
    """The panels' drawing hooks (``draw_info``, ``draw_seat_extra``, ``draw_hud``) and the
    hover tip's text."""

    def __init__(self, scene, data: ClaimsData, places: ClaimsPlaces, mode: ClaimMode, clock: ClaimsClock) -> None:
        self.scene = scene
        self.data = data
        self.places = places
        self.mode = mode
        self.clock = clock

    # -- drawing: panels -----------------------------------------------------------------------------
    def draw_info(self, surf, lay) -> bool:
        """The race to 200 in the first info panel, the player's supplies and a key in the second."""
        if not lay.info:
            return False
        self.draw_race(surf, lay, lay.info[0])
        if len(lay.info) > 1:
            self.draw_supplies(surf, lay, lay.info[1])
        return True

    def race_rows(self, lay, rect: pygame.Rect) -> tuple[list[dict], float, int]:
        """The race panel's geometry: per seat its row centre, name box and bar; the font
        size; the x of the exactly-200 mark."""
        s = lay.s
        st = self.data.session.state
        target = self.data.target()
        n = len(st.players)
        pad = int(7 * s)
        inner = rect.inflate(-pad * 2, -pad * 2)
        row_h = inner.h / max(1, n)
        name_w = int(min(86 * s, inner.w * 0.24))
        val_w = int(46 * s)
        bar_x = inner.x + int(16 * s) + name_w
        bar_w = max(20, inner.right - val_w - bar_x)
        top = max([target] + [p.score for p in st.players])
        px = theme.readable(max(12 * s, min(19 * s, row_h * 0.78)))
        bh = max(5, int(min(row_h * 0.5, 12 * s)))
        rows = []
        for seat in range(n):
            cy = int(inner.y + seat * row_h + row_h / 2)
            rows.append({"seat": seat, "cy": cy, "dot": (inner.x + int(7 * s), cy), "name_x": inner.x + int(16 * s),
                         "name_w": name_w, "bar": pygame.Rect(bar_x, cy - bh // 2, bar_w, bh), "value_right": inner.right,
                         "dot_d": max(8, int(min(row_h * 0.7, 15 * s)))})
        return rows, px, bar_x + int(bar_w * target / top)

    def draw_race(self, surf, lay, rect: pygame.Rect) -> None:
        """A bar per player from 0 toward exactly 200 (the gold mark), in their colour."""
        s = lay.s
        sc = self.scene
        st = self.data.session.state
        theme.draw_panel(surf, rect, radius=int(12 * s), alpha=200, shadow=int(6 * s))
        target = self.data.target()
        top = max([target] + [p.score for p in st.players])
        rows, px, mark_x = self.race_rows(lay, rect)
        for row in rows:
            seat = row["seat"]
            p = st.players[seat]
            cy = row["cy"]
            colour = token_colour(seat)
            draw_token_icon(surf, colour, row["dot"], row["dot_d"])
            active = st.current == seat and st.phase == "play"
            nm = theme.fit_text(sc.name_of(seat), px, row["name_w"], theme.GOLD if active else theme.INK)
            surf.blit(nm, (row["name_x"], cy - nm.get_height() // 2))
            bar = row["bar"]
            bh = bar.h
            pygame.draw.rect(surf, (8, 14, 24), bar, border_radius=bh // 2)
            shown = self.clock.shown(seat)
            fill = bar.copy()
            fill.w = int(bar.w * max(0.0, min(1.0, shown / top)))
            if fill.w > 0:
                pygame.draw.rect(surf, colour, fill, border_radius=bh // 2)
            pygame.draw.rect(surf, theme.mix(colour, (0, 0, 0), 0.4), bar, width=1, border_radius=bh // 2)
            pygame.draw.line(surf, theme.GOLD, (mark_x, cy - bh), (mark_x, cy + bh), max(2, int(2 * s)))
            exact = p.score == target
            vt = theme.text(str(int(round(shown))), px, theme.GOLD if exact else theme.INK)
            surf.blit(vt, (row["value_right"] - vt.get_width(), cy - vt.get_height() // 2))
        lbl = theme.text(str(target), theme.readable(13 * s), theme.GOLD)
        surf.blit(lbl, (min(mark_x - lbl.get_width() // 2, rect.right - lbl.get_width() - 2), rect.y + 1))

    def draw_supplies(self, surf, lay, rect: pygame.Rect) -> None:
        s = lay.s
        sess = self.data.session
        theme.draw_panel(surf, rect, radius=int(12 * s), alpha=200, shadow=int(6 * s))
        players = self.data.view()["players"]
        me = next((p for p in players if p["seat"] == sess.viewer), None)
        pad = int(10 * s)
        inner = rect.inflate(-pad * 2, -int(8 * s))
        px = theme.readable(max(12 * s, min(19 * s, inner.h / 3.4)))
        line_h = inner.h / 3
        y = inner.y
        colour = token_colour(sess.viewer)
        x = inner.x
        if me is not None:
            who = self.scene.name_of(sess.viewer)
            lead = theme.text("Your tokens:" if sess.viewer == sess.person else f"{who}'s tokens:", px, theme.INK_DIM, bold=False)
            surf.blit(lead, (x, int(y + line_h / 2 - lead.get_height() / 2)))
            x += lead.get_width() + int(10 * s)
            x = self.supply(surf, (x, y + line_h / 2), colour, me["tokens"], me["locks"], px, s, words=True)
        # the key to the board's marks
        y += line_h
        d = int(px * 1.05)
        x = inner.x
        entries = [("claimed", "blank", None), ("hijacked", cl.SIDE_TWO, None), ("locked: no more claims", None, "lock")]
        cy = y + line_h / 2
        for label, side, special in entries:
            if special == "lock":
                img = lock_image(d)
                surf.blit(img, (x, int(cy - d / 2)))
            else:
                draw_token_icon(surf, (200, 206, 216), (x + d / 2, cy), d, side)
            x += d + int(5 * s)
            t = theme.text(label, theme.readable(px * 0.92), theme.INK_DIM, bold=False)
            surf.blit(t, (x, int(cy - t.get_height() / 2)))
            x += t.get_width() + int(14 * s)
        y += line_h
        hint = "C: claim a set  ·  a claim is your whole turn" if sess.my_turn else "Each player's colour is on their tokens and plates"
        t = theme.fit_text(hint, theme.readable(px * 0.92), inner.w, theme.INK_FAINT, bold=False)
        surf.blit(t, (inner.x, int(y + line_h / 2 - t.get_height() / 2)))

    def supply(self, surf, pos, colour, tokens: int, locks: int, px: float, s: float, words: bool = False) -> int:
        """``● 41  ■ 3`` (claim tokens and lock tokens left); returns the right edge."""
        x, cy = pos
        d = int(px * 1.0)
        draw_token_icon(surf, colour, (x + d / 2, cy), d)
        x += d + int(4 * s)
        t = theme.text(f"{tokens}" + (" claim" if words else ""), px, theme.INK)
        surf.blit(t, (x, int(cy - t.get_height() / 2)))
        x += t.get_width() + int(12 * s)
        img = lock_image(d)
        surf.blit(img, (x, int(cy - d / 2)))
        x += d + int(4 * s)
        t = theme.text(f"{locks}" + (" lock" if words else ""), px, theme.INK)
        surf.blit(t, (x, int(cy - t.get_height() / 2)))
        return x + t.get_width()

    def draw_seat_extra(self, surf, seat, pos, width, s) -> bool:
        """In an opponent's panel: their claim and lock tokens left."""
        p = self.data.session.state.players[seat]
        if not p.melded:
            t = theme.fit_text("not melded yet", theme.readable(16 * s), width, theme.INK_FAINT, bold=False)
            surf.blit(t, pos)
            return True
        players = self.data.view()["players"]
        info = next((q for q in players if q["seat"] == seat), None)
        if info is None:
            return True
        px = theme.readable(17 * s)
        self.supply(surf, (pos[0] + int(2 * s), pos[1] + px * 0.55), token_colour(seat), info["tokens"], info["locks"], px, s)
        return True

    def draw_hud(self, surf, lay) -> None:
        self.draw_colour_rings(surf, lay)
        self.draw_claim_button(surf, lay)
        self.draw_hover_tip(surf, lay)

    def draw_colour_rings(self, surf, lay) -> None:
        """Each player's token colour around their portrait, with a token beside it."""
        s = lay.s
        boxes = [lay.me] + list(lay.seats.values())
        for box in boxes:
            colour = token_colour(box.seat)
            cx, cy = box.face_center
            r = box.face_size / 2
            pygame.draw.circle(surf, colour, (cx, cy), r + max(2, 2 * s), width=max(2, int(3 * s)))
            d = max(10, int(box.face_size * 0.32))
            draw_token_icon(surf, colour, (cx + r * 0.74, cy + r * 0.74), d)

    def draw_claim_button(self, surf, lay) -> None:
        from ..widgets import button_surface

        s = lay.s
        mode = self.mode
        rect = mode.button_rect(lay)
        sess = self.data.session
        n = len(self.data.options())
        on = mode.can_claim_now()
        hover = on and rect.collidepoint(mode.mouse) and self.scene.drag is None
        state = "disabled" if not on else "down" if hover and mode.pressed else "hover" if hover else "normal"
        style = "primary" if mode.active else "secondary"
        surf.blit(button_surface(rect.size, style, state, max(5, int(rect.h * 0.3))), rect.topleft)
        colour = ((40, 24, 6) if mode.active else theme.INK) if on else (150, 156, 168)
        label = "Cancel claim" if mode.active else "Claim a set"
        keyname = "Esc" if mode.active else "C"
        px = min(rect.h * 0.8, 21 * s)
        d = int(rect.h * 0.62)
        draw_token_icon(surf, token_colour(sess.viewer), (rect.x + int(10 * s) + d / 2, rect.centery), d)
        lt = theme.fit_text(label, px, rect.w - d - int(60 * s), colour)
        surf.blit(lt, (rect.x + d + int(18 * s), rect.centery - lt.get_height() // 2))
        if on and n and not mode.active:
            bubble = theme.text(str(n), px * 0.8, (10, 30, 10))
            br = pygame.Rect(0, 0, max(bubble.get_width() + int(10 * s), int(rect.h * 0.7)), int(rect.h * 0.7))
            br.midleft = (rect.x + d + int(24 * s) + lt.get_width(), rect.centery)
            pygame.draw.rect(surf, theme.GOOD, br, border_radius=br.h // 2)
            theme.blit_center(surf, bubble, br.center)
        kt = theme.text(keyname, theme.readable(px * 0.7), theme.mix(colour, (128, 128, 128), 0.4))
        surf.blit(kt, (rect.right - kt.get_width() - int(8 * s), rect.centery - kt.get_height() // 2))

    def draw_hover_tip(self, surf, lay) -> None:
        sc = self.scene
        if sc.drag is not None or not (lay.extra.get("table_clip") or lay.table).collidepoint(self.mode.mouse):
            return
        text = self.hover_text()
        if not text:
            return
        s = lay.s
        img = theme.text(text, theme.readable(18 * s), theme.INK, wrap=int(lay.size[0] * 0.45))
        line = self.mode.pointed_line()
        avoid = self.places.set_rect(line.cells, line.tiles, lay) if line is not None else None
        view = self.places.board_view()
        toolbar = list(view.buttons(lay).values()) if view is not None else []
        bar = toolbar[0].unionall(toolbar[1:]) if toolbar else None
        box = sc.tip_box((img.get_width() + int(20 * s), img.get_height() + int(12 * s)), lay, avoid, [bar])
        surf.blit(theme.panel(box.size, radius=int(8 * s), fill=(10, 18, 32), alpha=240, shadow=0, edge=theme.INK_DIM), box.topleft)
        surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))

    def hover_text(self) -> str:
        """What the pointer is over: a claimed set's story, or why a set cannot be claimed."""
        mode = self.mode
        line = mode.pointed_line()
        if line is None:
            return ""
        key = self.data.key_of(line)
        if mode.active and key in self.data.option_keys():
            return ""
        rec = self.data.claimed_by_key().get(key)
        story = say.claimed_story(rec, self.scene.name_of, self.data.session.person) if rec is not None else []
        problem = None
        if mode.active and not (rec is not None and rec["locked"]):
            probs = self.data.problems_for(line.cells, line.vertical)
            problem = probs[0] if probs else None
        return say.hover_text(story, problem)
