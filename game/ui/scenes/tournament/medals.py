"""The end of a tournament and its explanation: the podium (``MedalsScene``) and how the
tournament works, with our readings of the sheet (``TournamentInfoScene``)."""

from __future__ import annotations

import math

import pygame

from ....rules.variants.golden import GoldenGames
from ....tournament import READINGS, describe_structure
from ....tournament.run import TournamentRun
from ... import idle_frames, keymap, theme
from ...anim import Effects
from ...widgets import Button
from ..common import BackdropScene
from ..results import ignored_input
from ..rules import RulesScene
from .parts import MEDAL_COLOURS, draw_disc, face_of, to_title


class MedalsScene(BackdropScene):
    name = "tournament_medals"
    drift_seed = 29
    drift_count = 16

    def __init__(self, app, run: TournamentRun) -> None:
        super().__init__(app)
        self.run = run
        self.medals = run.t.medals()
        self.effects = Effects(seed=12)
        self.age = 0.0
        self.group.widgets = [Button("Bracket", self.back, style="primary", key_hint="Esc"),
                              Button("New tournament", self.new_tournament, style="secondary"),
                              Button("Title screen", self.to_title, style="ghost")]
        self.group.focus = 0

    def enter(self) -> None:
        if self.app.anim_speed > 0:
            self.effects.confetti(self.app.size[0], n=220, size=9 * self.app.scale)
        self.app.sound.play("win")

    def new_tournament(self) -> None:
        to_title(self.app)
        self.app.open("tournament_setup", replacing=self.run)

    def to_title(self) -> None:
        to_title(self.app)

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw, bh, gap = int(220 * s), int(50 * s), int(14 * s)
        total = 3 * bw + 2 * gap
        x = w // 2 - total // 2
        for b in self.group.widgets:
            b.rect = pygame.Rect(x, h - bh - int(30 * s), bw, bh)
            x += bw + gap

    def handle(self, ev) -> None:
        if ignored_input(ev, self.age):
            return
        super().handle(ev)

    def update(self, dt) -> None:
        super().update(dt)
        self.age += dt
        self.effects.update(dt)

    def next_frame(self) -> float | None:
        """Every frame while the confetti falls, then as any menu: the tiles behind drift a
        while after input, then the screen rests.  The podium stands whole from the first frame."""
        if self.effects.busy:
            return idle_frames.NOW
        return super().next_frame()

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        theme.blit_center(surf, theme.shadow_text("The medals", 54 * s, theme.GOLD), (w // 2, int(64 * s)))
        line = self.run.human_line()
        theme.blit_center(surf, theme.text(line, 26 * s, theme.ACCENT), (w // 2, int(118 * s)))
        self.ensure_layout()  # the podium and the buttons from the very first frame
        self.draw_podium(surf, s)
        self.group.draw(surf, s)
        for p in self.effects.particles:
            hgt = p.size * 0.5 * abs(math.cos(p.angle)) + 1
            pygame.draw.rect(surf, p.colour, (int(p.x), int(p.y), int(p.size), int(hgt)))

    def extra_clear(self, size) -> list[pygame.Rect]:
        """The drifting tiles fade away behind the podium, its faces and names."""
        s = self.app.scale
        w, h = size
        block_w = int(min(250 * s, (w - 80 * s) / 3.2))
        base = h - int(120 * s)
        top = base - int(230 * s) - int(150 * s)
        span = 3 * block_w + int(16 * s)
        return [pygame.Rect(w // 2 - span // 2, top, span, base - top)]

    def draw_podium(self, surf, s) -> None:
        w, h = surf.get_size()
        base = h - int(120 * s)
        block_w = int(min(250 * s, (w - 80 * s) / 3.2))
        heights = {1: int(230 * s), 2: int(165 * s), 3: int(120 * s)}  # scaled: always room above for faces
        slots = {2: w // 2 - block_w - int(8 * s), 1: w // 2, 3: w // 2 + block_w + int(8 * s)}
        by_place = {m.place: m for m in self.medals}
        for place in (2, 3, 1):
            m = by_place.get(place)
            cx = slots[place]
            bh = heights[place]
            block = pygame.Rect(cx - block_w // 2, base - bh, block_w, bh)
            colour = MEDAL_COLOURS[("gold", "silver", "bronze")[place - 1]]
            body = theme.vertical_gradient(block.size, theme.mix(colour, (40, 50, 70), 0.35), theme.mix(colour, (12, 20, 34), 0.7))
            surf.blit(body, block.topleft)
            pygame.draw.rect(surf, colour, block, width=max(2, int(3 * s)))
            num = theme.shadow_text(str(place), 64 * s, colour)
            theme.blit_center(surf, num, (cx, block.y + int(50 * s)))
            if m is None:
                continue
            is_human = m.is_human
            fs = int(84 * s)
            face_y = block.y - int(150 * s)
            surf.blit(face_of(is_human, m.level, m.name, fs), (cx - fs // 2, face_y))
            mx, my = cx + fs // 2 - int(4 * s), face_y + fs - int(12 * s)
            rw, rh = int(9 * s), int(26 * s)
            for dx, tone in ((-rw, theme.ACCENT), (0, theme.BAD)):
                pygame.draw.polygon(surf, tone, [(mx + dx - rw // 2, my - rh), (mx + dx + rw // 2, my - rh),
                                                 (mx + dx // 2 + rw // 2, my), (mx + dx // 2 - rw // 2, my)])
            draw_disc(surf, (mx, my), int(19 * s), colour, "", s)
            pygame.draw.circle(surf, theme.lighten(colour, 0.35), (mx, my), int(11 * s), width=max(1, int(2 * s)))
            nm = theme.fit_text(m.name + (" (you)" if is_human and m.name != "You" else ""), 26 * s, block_w,
                                theme.ACCENT if is_human else theme.INK)
            theme.blit_center(surf, nm, (cx, face_y + fs + int(22 * s)))
            sub = theme.text(f"{m.medal.title()}  ·  {m.total} point{'s' if m.total != 1 else ''}", 19 * s, colour)
            theme.blit_center(surf, sub, (cx, face_y + fs + int(48 * s)))


# -- how it works ------------------------------------------------------------------------------------


class TournamentInfoScene(RulesScene):
    """The tournament's structure and the readings of the sheet, then the table rules."""

    name = "tournament_info"

    def __init__(self, app, run: TournamentRun | None, field: int) -> None:
        super().__init__(app, GoldenGames.key)
        self.run = run
        self.field = field
        self.chooser.visible = False
        self.chooser.focusable = False
        self.group.widgets = [self.back_button]
        self.group.focus = 0

    def set_variant(self, key) -> None:
        pass

    def next_frame(self) -> float | None:
        return None  # a still page: drawn again only after input (scrolling, a resize)

    def handle(self, ev) -> None:
        if keymap.intent(ev, "menu") in ("left", "right"):
            return
        super().handle(ev)

    def content(self, width: int, s: float) -> pygame.Surface:
        cache_key = ("tournament", self.field, width, round(s, 3))
        if self._content is not None and self._content[0] == cache_key:
            return self._content[1]
        parts: list[tuple[pygame.Surface, int]] = []
        add = parts.append
        add((theme.text("How the tournament works", 40 * s, theme.GOLD), int(8 * s)))
        add((theme.text(f"With {self.field} entrants:", 25 * s, theme.ACCENT), int(6 * s)))
        for line in describe_structure(self.field):
            add((theme.text("• " + line, 21 * s, theme.INK, bold=False, wrap=width), int(6 * s)))
        parts[-1] = (parts[-1][0], int(16 * s))
        add((theme.text("Your table", 25 * s, theme.ACCENT), int(4 * s)))
        add((theme.text("You play your own table on screen, under the Golden Games rules: two minutes a play (the ring "
                        "counts down), an initial meld of 30, and a failed manipulation costs three tiles. After every "
                        "game the table's standings are shown; when the table's games are over, its winner goes on. "
                        "Every other table is played by the computer players, and the bracket fills in as they finish. "
                        "If you are knocked out you can watch the rest or skip to the medals. The tournament is saved "
                        "after every turn: leave at any time and resume it from the title screen's Tournament.",
                        21 * s, theme.INK, bold=False, wrap=width), int(16 * s)))
        add((theme.text("Our readings of the tournament rule", 25 * s, theme.GOLD), int(4 * s)))
        for r in READINGS:
            add((theme.text("• " + r, 20 * s, theme.INK, bold=False, wrap=width), int(6 * s)))
        parts[-1] = (parts[-1][0], int(16 * s))
        add((theme.text("The Golden Games rules", 25 * s, theme.ACCENT), int(4 * s)))
        for heading, para in GoldenGames().rules_text():
            add((theme.text(heading, 21 * s, theme.INK_DIM), int(2 * s)))
            add((theme.text(para, 20 * s, theme.INK, bold=False, wrap=width), int(10 * s)))
        surf = theme.stack(parts, width)
        self._content = (cache_key, surf)
        return surf
