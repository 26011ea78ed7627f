"""The pause menu, over a blurred picture of the game."""

from __future__ import annotations

from typing import Callable

import pygame

from .. import theme
from ..widgets import Button
from .common import OverlayScene, blurred
from ..errorlog import log_error

# Other screens may add entries here: (label, factory taking (app, play scene) -> None).
EXTRA_ITEMS: list[tuple[str, Callable]] = []
MENU_ROWS = 5  # the longest menu a mode shows (the panel's top is placed for it)
MODE_ITEMS_AT = 3  # a mode's own entries (Save to a slot, Bracket) come after Resume, Rules and Settings


class PauseScene(OverlayScene):
    name = "pause"

    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        items = [("Resume", self.back, "primary"), ("Rules", self.rules, "secondary"), ("Settings", self.settings, "secondary")]
        if not play.session.demo:
            items.append(("Save to a slot", self.save_slot, "secondary"))
        for label, fn in EXTRA_ITEMS:
            items.append((label, (lambda f=fn: f(self.app, self.play)), "secondary"))
        items.append(("Save and quit", self.save_and_quit, "ghost"))
        self.group.widgets = [Button(label, fn, style=style) for label, fn, style in items]
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def drop_item(self, label: str) -> None:
        """Take the entry ``label`` out of the menu (a screen that cannot offer it)."""
        self.group.widgets = [b for b in self.group.widgets if b.label != label]
        self.relayout()

    def add_item(self, index: int, button: Button) -> None:
        """Put ``button`` into the menu at ``index`` (a mode's own entry: ``MODE_ITEMS_AT``)."""
        self.group.widgets.insert(index, button)
        self.relayout()

    def next_frame(self) -> float | None:
        return None  # a still picture over the paused game

    def rules(self) -> None:
        self.app.open("rules", self.play.session.state.variant_key)

    def settings(self) -> None:
        self.app.open("settings")

    def save_slot(self) -> None:
        self.app.open("slots", "save", self.play)

    def save_and_quit(self) -> None:
        self.play.closing()
        self.app.return_to("title")

    def resume(self) -> None:
        # back from rules/settings: the picture below may have changed size or look
        self.backdrop = None
        try:
            self.backdrop = blurred(self._play_picture())
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("blurring the paused game", exc)
            self.backdrop = None

    def _play_picture(self) -> pygame.Surface:
        surf = pygame.Surface(self.app.size)
        self.play.draw(surf)  # draw has no side effects: safe to draw into a spare surface
        return surf

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        n = len(self.group.widgets)
        bw, bh, gap = int(300 * s), int(52 * s), int(12 * s)
        h = int(110 * s) + n * (bh + gap)
        self.panel_rect = pygame.Rect(0, 0, bw + int(80 * s), h)
        # the top is where a menu of MENU_ROWS would start: Resume, Rules and Settings stay in
        # place whatever a mode adds or drops below them
        tallest = int(110 * s) + max(n, MENU_ROWS) * (bh + gap)
        self.panel_rect.midtop = (size[0] // 2, size[1] // 2 - tallest // 2)
        y = self.panel_rect.y + int(90 * s)
        for b in self.group.widgets:
            b.rect = pygame.Rect(self.panel_rect.centerx - bw // 2, y, bw, bh)
            y += bh + gap
        self.group.focus = 0

    def draw(self, surf) -> None:
        if self._layout_size != self.app.size:
            self.ensure_layout()
        if self.backdrop is None or self.backdrop.get_size() != surf.get_size():
            self.play.draw(surf)
        self.draw_backdrop(surf)
        s = self.app.scale
        r = self.panel_rect
        theme.draw_panel(surf, r, radius=int(20 * s), shadow=int(14 * s))
        t = theme.shadow_text("Paused", 46 * s, theme.GOLD)
        theme.blit_center(surf, t, (r.centerx, r.y + int(48 * s)))
        self.group.draw(surf, s)
        sess = self.play.session
        if sess.saver.error:
            e = theme.text(sess.saver.error, theme.readable(18 * s), theme.BAD, bold=False)
            theme.blit_center(surf, e, (r.centerx, r.bottom + int(20 * s)))
