"""The title screen: the logo and the main menu."""

from __future__ import annotations

import math

import pygame

from .. import theme
from ..anim import out_back
from ..widgets import Button
from .common import BackdropScene, autosave_available

LOGO = "TILE RUSH"
LOGO_COLOURS = "RBOKRBOKR"


def first_time_player(has_save: bool) -> bool:
    """Nobody has played here yet: no saved game, no statistics, the tutorial never opened."""
    if has_save:
        return False
    try:
        from ... import stats
        from ...tutorial import progress

        return not progress.exists() and not stats.stats_path().exists()
    except Exception:
        return False


class TitleScene(BackdropScene):
    name = "title"
    drift_seed = 11
    drift_count = 26
    drift_alpha = 60

    def __init__(self, app) -> None:
        super().__init__(app)
        self.age = 0.0
        self.has_save = False
        self.items = [
            ("New game", self.new_game, "primary"),
            ("Continue", self.continue_game, "secondary"),
            ("Learn to play", self.learn, "secondary"),
            ("Tournament", lambda: self.open_extra("tournament"), "secondary"),
            ("Statistics", lambda: self.open_extra("statistics"), "secondary"),
            ("Settings", self.settings, "secondary"),
            ("Rules", self.rules, "secondary"),
            ("Quit", self.app.quit, "ghost"),
        ]
        self.group.widgets = [Button(label, fn, style=style) for label, fn, style in self.items]
        self.refresh()

    def refresh(self) -> None:
        from .slots import any_saved_game

        self.has_autosave = autosave_available()
        self.has_slots = any_saved_game(named_only=True)
        self.has_save = self.has_autosave or self.has_slots
        cont = self.group.widgets[1]
        cont.enabled = self.has_save
        cont.tooltip = "" if self.has_save else "No saved game yet"
        self.group.focus = 1 if self.has_save else 0
        learn = self.group.widgets[2]
        self.first_time = first_time_player(self.has_save)
        learn.label = "Start here: first lesson" if self.first_time else "Learn to play"
        learn.style = "primary" if self.first_time else "secondary"
        self.group.widgets[0].style = "secondary" if self.first_time else "primary"
        if self.first_time:
            self.group.focus = 2

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def back(self) -> None:
        pass  # Esc on the title does nothing; Quit is a button

    # -- actions -------------------------------------------------------------------------------
    def new_game(self) -> None:
        from .setup import SetupScene

        self.app.push(SetupScene(self.app))

    def continue_game(self) -> None:
        if self.has_slots:  # named saves too: let the player choose
            from .slots import SlotsScene

            self.app.push(SlotsScene(self.app, "load"))
            return
        from .loading import open_saved_game

        if not open_saved_game(self.app, "autosave"):  # the reason is on screen; a damaged file was set aside
            self.refresh()

    def open_extra(self, key: str) -> None:
        from . import EXTRA_SCENES

        factory = EXTRA_SCENES.get(key)
        if factory is not None:
            self.app.push(factory(self.app))

    def learn(self) -> None:
        """The tutorial; a first-time player goes straight into the first classic lesson."""
        if self.first_time:
            from .lesson import open_first_lesson
            from .tutorial import TutorialScene

            self.app.push(TutorialScene(self.app))
            open_first_lesson(self.app)
            return
        from .tutorial import TutorialScene

        self.app.push(TutorialScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app, self.app.variant or "classic"))

    # -- layout and drawing ---------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw, bh, gap = int(300 * s), int(48 * s), int(11 * s)
        n = len(self.group.widgets)
        top = int(h * 0.40)
        avail = h - top - int(40 * s)
        if n * (bh + gap) > avail:
            bh = max(28, int(avail / n) - gap)
        for i, b in enumerate(self.group.widgets):
            b.rect = pygame.Rect(w // 2 - bw // 2, top + i * (bh + gap), bw, bh)

    def update(self, dt) -> None:
        super().update(dt)
        self.age += dt

    def extra_clear(self, size) -> list[pygame.Rect]:
        w, h = size  # the logo and its line
        return [pygame.Rect(0, int(h * 0.12) - int(20 * self.app.scale), w, int(h * 0.40) - int(h * 0.12))]

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        self.draw_logo(surf, s)
        if self._layout_size == self.app.size:
            self.group.draw(surf, s)
        tip = self.group.tooltip()
        foot = theme.text(tip or "Arrows and Enter, or the mouse  ·  F11 full screen", 18 * s, theme.INK_FAINT, bold=False)
        theme.blit_center(surf, foot, (w // 2, h - int(18 * s)))

    def draw_logo(self, surf, s) -> None:
        w, h = surf.get_size()
        tw = int(min(74 * s, (w - 80) / (len(LOGO) + 1)))
        th = int(tw * 1.32)
        gap = int(tw * 0.12)
        total = len(LOGO) * tw + (len(LOGO) - 1) * gap
        x0 = w // 2 - total // 2
        y0 = int(h * 0.12)
        speed = max(0.5, self.app.anim_speed or 8.0)
        blank = None
        for i, ch in enumerate(LOGO):
            if ch == " ":
                continue
            t = max(0.0, min(1.0, (self.age * speed - i * 0.07) / 0.5))
            if t <= 0:
                continue
            e = out_back(t)
            bob = math.sin(self.age * 1.6 + i * 0.6) * 4 * s
            x = x0 + i * (tw + gap)
            y = y0 - (1 - e) * 160 * s + bob
            tile = self._logo_tile(ch, LOGO_COLOURS[i], tw, blank)
            surf.blit(tile, (x, int(y)))
        sub = theme.shadow_text("the fast tile game", 30 * s, theme.GOLD)
        theme.blit_center(surf, sub, (w // 2, y0 + th + int(34 * s)))

    def _logo_tile(self, ch: str, colour: str, tw: int, blank) -> pygame.Surface:
        from ..tileart import render_glyph

        cache = self.__dict__.setdefault("_logo_cache", {})
        key = (ch, colour, tw)
        img = cache.get(key)
        if img is None:
            img = cache[key] = render_glyph(ch, theme.TILE_COLOURS[colour], tw)
        return img
