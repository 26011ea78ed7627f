"""PLACEHOLDER screens for the Tournament (issue 7) and Statistics (issue 5).

Other developers replace these by registering their own scenes in
``game.ui.scenes.EXTRA_SCENES``; until then the title menu opens these, which
say plainly what the screen will hold.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button
from .common import Drift, MenuScene


class PlaceholderScene(MenuScene):
    title = ""
    body = ""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.drift = Drift(seed=9, count=14)
        self.group.widgets = [Button("Back", self.back, style="primary", key_hint="Esc")]

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        self.group.widgets[0].rect = pygame.Rect(size[0] // 2 - int(110 * s), size[1] - int(120 * s), int(220 * s), int(52 * s))

    def update(self, dt) -> None:
        super().update(dt)
        self.drift.update(dt)

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        surf.blit(theme.background((w, h)), (0, 0))
        self.drift.draw(surf, self.app.tiles, s, alpha=40)
        t = theme.shadow_text(self.title, 54 * s, theme.GOLD)
        theme.blit_center(surf, t, (w // 2, int(110 * s)))
        r = pygame.Rect(0, 0, int(min(w - 60, 720 * s)), int(220 * s))
        r.center = (w // 2, h // 2 - int(20 * s))
        theme.draw_panel(surf, r, radius=int(18 * s))
        b = theme.text(self.body, 24 * s, theme.INK, bold=False, wrap=r.w - int(60 * s), align="center")
        surf.blit(b, (r.centerx - b.get_width() // 2, r.centery - b.get_height() // 2))
        if self._layout_size == self.app.size:
            self.group.draw(surf, s)


class TournamentPlaceholder(PlaceholderScene):
    name = "tournament"
    title = "Tournament"
    body = ("Golden Games tournaments will be played here: choose a field of entrants, play your table's games "
            "against the computer, follow every table on the bracket and go for gold.")


class StatisticsPlaceholder(PlaceholderScene):
    name = "statistics"
    title = "Statistics"
    body = ("Your record per rule set will appear here: games, wins, best and average scores, streaks and your "
            "fastest win, with a chart.")
