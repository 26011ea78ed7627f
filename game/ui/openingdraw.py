"""The opening draw shown at the start of a round: each player's drawn tile turns over in
a panel over the table, and the one who starts is named ("Mara drew the highest tile and
starts").  A click or a key closes it early; at the instant speed it is a line of text."""

from __future__ import annotations

import pygame

from ..rules.tiles import number_of, tile_words
from . import portrait_art, theme

SHOW = 2.6  # seconds at the normal speed
FLIP = 0.35  # each tile turns over this long after the one before


def starts_text(names: list[str], drawn: list[int], first: int, lowest: bool, you: int | None = None) -> str:
    """Who starts and why, in words (seat ``you``, the person, in the second person)."""
    numbers = [number_of(t) for t in drawn]  # numbered tiles only (a drawn joker was put back)
    best = (min if lowest else max)(numbers)
    tied = sum(1 for n in numbers if n == best) > 1
    who = names[first]
    verb = "start" if first == you else "starts"
    if tied:
        return f"A tie for the {'lowest' if lowest else 'highest'} tile: {who} won the redraw and {verb}."
    return f"{who} drew the {'lowest' if lowest else 'highest'} tile ({tile_words(drawn[first])}) and {verb}."


class OpeningDraw:
    def __init__(self, scene, until: float) -> None:
        self.scene = scene
        self.start = scene.time
        self.until = until
        st = scene.session.state
        self.drawn = list(st.opening_draw)
        self.first = st.dealer_first
        self.lowest = st.variant.start_rule == "lowest"
        self.names = [scene.name_of(i) for i in range(len(st.players))]
        self.text = starts_text(self.names, self.drawn, self.first, self.lowest, scene.session.person)

    @property
    def done(self) -> bool:
        return self.scene.time >= self.until

    def close(self) -> None:
        self.until = self.scene.time
        self.scene.stage.hold_at_most(self.scene.time + 0.2)

    def handle(self, ev) -> bool:
        """A click or a key closes the panel (and is not passed on)."""
        if ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()
            return True
        return ev.type == pygame.MOUSEBUTTONUP

    def panel_rect(self, lay) -> pygame.Rect:
        s = lay.s
        n = len(self.drawn)
        w = int(min(lay.table.w - 20 * s, max(420 * s, n * 150 * s + 60 * s)))
        h = int(min(lay.table.h - 10 * s, 250 * s))
        r = pygame.Rect(0, 0, w, h)
        r.center = lay.table.center
        return r

    def draw(self, surf, lay) -> None:
        sc = self.scene
        s = lay.s
        age = sc.time - self.start
        fade = max(0.0, min(1.0, age / 0.2, (self.until - sc.time) / 0.3))
        r = self.panel_rect(lay)
        body = pygame.Surface(r.size, pygame.SRCALPHA)
        body.blit(theme.panel(r.size, radius=int(18 * s), fill=(8, 14, 28), alpha=240, edge=theme.GOLD, shadow=0), (0, 0))
        title = theme.fit_text("Who starts?", 34 * s, r.w - int(40 * s), theme.GOLD)
        theme.blit_center(body, title, (r.w // 2, int(30 * s)))
        n = len(self.drawn)
        col = (r.w - int(40 * s)) / max(1, n)
        tw = int(min(48 * s, col * 0.5))
        fs = int(min(46 * s, col * 0.45))
        flip_total = sc.dur(FLIP) * n
        for i, tile in enumerate(self.drawn):
            cx = int(r.w / 2 + (i - (n - 1) / 2) * col)
            y = int(60 * s)
            p = sc.session.players[i]
            face = portrait_art.player_face(p.kind, p.name, fs)
            body.blit(face, (cx - fs // 2, y))
            name = theme.fit_text(self.names[i], theme.readable(18 * s), int(col - 8 * s), theme.GOLD if i == self.first else theme.INK)
            theme.blit_center(body, name, (cx, y + fs + int(12 * s)))
            ty = y + fs + int(26 * s)
            shown = sc.dur(FLIP) * (i + 1) <= age or sc.speed() <= 0
            img = sc.app.tiles.face(int(tile), tw) if shown else sc.app.tiles.back(tw)
            if i == self.first and age >= flip_total:
                body.blit(sc.app.tiles.glow(tw, theme.GOLD), (cx - tw // 2 - 9, ty - 9))
            body.blit(img, (cx - tw // 2, ty))
        if age >= flip_total:
            line = theme.text(self.text, 20 * s, theme.INK, bold=False, wrap=r.w - int(40 * s), align="center")
            body.blit(line, (r.w // 2 - line.get_width() // 2, r.h - line.get_height() - int(14 * s)))
        body.set_alpha(int(255 * fade))
        surf.blit(body, r.topleft)


def begin(scene) -> OpeningDraw | None:
    """Show the opening draw when a round has just been dealt (no turn played yet); the
    computer waits until it has been shown."""
    sess = scene.session
    st = sess.state
    if sess.demo or st.phase != "play" or st.turn != 0 or len(st.opening_draw) != len(st.players):
        return None
    view = OpeningDraw(scene, scene.time)
    if scene.speed() <= 0:
        scene.toast(view.text, theme.GOLD, 4.0)
        return None
    view.until = scene.time + scene.dur(SHOW) + scene.dur(FLIP) * len(st.players)
    scene.stage.hold(view.until)
    return view
