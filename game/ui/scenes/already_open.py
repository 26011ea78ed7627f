"""The screen of a second copy of the game: Tile Rush is already open with this data folder.

Another copy holds the data folder's lock (``game/storage/locks.py``), so this one is read-only
(it writes no file at all).  It offers to quit (the focus, and what Esc does) or to look at the
statistics and replays without changing them.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button
from .common import BackdropScene

TITLE = "Tile Rush is already open"


def message(folder: str) -> str:
    return (f"Another copy of Tile Rush is using this data folder ({folder}). Switch to that window to play: "
            "two copies at once could undo each other's saves. This copy changes nothing; it can show your "
            "statistics and replays as they are.")


class AlreadyOpenScene(BackdropScene):
    name = "already_open"

    def __init__(self, app, folder: str) -> None:
        super().__init__(app)
        self.title = TITLE
        self.message = message(folder)
        self.quit_button = Button("Quit", self.app.quit, style="primary", key_hint="Esc")
        self.group.widgets = [
            self.quit_button,
            Button("Statistics (read-only)", lambda: self.app.open("statistics"), style="secondary"),
            Button("Replays (read-only)", lambda: self.app.open("replays"), style="secondary"),
        ]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.body: pygame.Surface | None = None  # the message, wrapped to the panel (made by ``layout``)

    def back(self) -> None:
        self.app.quit()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w = int(min(size[0] - 40, 680 * s))
        self.body = theme.text(self.message, 24 * s, theme.INK, bold=False, wrap=w - int(60 * s), align="center")
        bh, gap = int(50 * s), int(12 * s)
        h = int(82 * s) + self.body.get_height() + int(28 * s) + 3 * bh + 2 * gap + int(24 * s)
        self.panel = pygame.Rect(0, 0, w, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        bw = int(min(w - 60 * s, 340 * s))
        y = self.panel.bottom - int(24 * s) - 3 * bh - 2 * gap
        for b in self.group.widgets:
            b.rect = pygame.Rect(self.panel.centerx - bw // 2, y, bw, bh)
            y += bh + gap
        self.group.focus = 0

    def extra_clear(self, size) -> list[pygame.Rect]:
        return [self.panel]

    def draw(self, surf) -> None:
        self.ensure_layout()
        self.draw_backdrop(surf)
        s = self.app.scale
        r = self.panel
        theme.draw_panel(surf, r, radius=int(18 * s), shadow=int(12 * s))
        pygame.draw.rect(surf, theme.GOLD, (r.x + int(20 * s), r.y, r.w - int(40 * s), max(3, int(4 * s))),
                         border_radius=2)
        t = theme.fit_text(self.title, 38 * s, r.w - int(40 * s), theme.GOLD)
        theme.blit_center(surf, t, (r.centerx, r.y + int(46 * s)))
        surf.blit(self.body, (r.centerx - self.body.get_width() // 2, r.y + int(82 * s)))
        self.group.draw(surf, s)
