"""The title screen: the logo and the main menu."""

from __future__ import annotations

import math

import pygame

from ...rules.state import HUMAN
from .. import idle_frames, theme
from ..anim import out_back
from ..widgets import Button
from .common import BackdropScene
from ..errorlog import log_error

LOGO = "TILE RUSH"
LOGO_COLOURS = "RBOKRBOKR"
LOGO_INTRO = len(LOGO) * 0.07 + 0.5  # (scaled) seconds until the last logo tile has landed


def first_time_player(has_save: bool) -> bool:
    """Nobody has played here yet: no saved game, no statistics, the tutorial never opened."""
    if has_save:
        return False
    try:
        from ...storage import stats
        from ...tutorial import progress

        return not progress.exists() and not stats.stats_path().exists()
    except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
        log_error("looking for a first start", exc)
        return False


def first_scenes(app) -> list:
    """The scenes the app starts with: the title; a demo game on top with ``--demo``; for a
    first-time player of the real game (``app.welcome``), the first classic lesson on top, with
    the lesson menu under it, so Back leads to the other lessons and then to the title.  A copy
    started while another holds the data folder (``app.read_only``) opens on the "already open"
    screen alone."""
    if app.read_only:
        from ...storage import persistence

        return [app.make("already_open", str(persistence.data_dir(create=False)))]
    title = TitleScene(app)
    scenes = [title]
    if app.welcome and not app.demo and title.first_time:
        scenes += [app.make("tutorial"), app.make("first_lesson")]
    if app.demo:
        from ...play.session import Session
        from ...rules.variants import REGISTRY

        variant = app.variant or "classic"
        n = max(1, min(3, REGISTRY[variant].max_players - 1))
        session = Session.new(variant, ["medium"] * n, seed=app.seed, demo=True)
        scenes.append(app.make("play", session))
    return scenes


class TitleScene(BackdropScene):
    name = "title"
    drift_seed = 11
    drift_count = 26
    drift_alpha = 60

    def __init__(self, app) -> None:
        super().__init__(app)
        self.age = 0.0
        self.bob = 0.0
        self._logo_cache: dict = {}  # the logo's letter tiles by (letter, colour, width)
        self.has_save = False
        self.target = None  # the saved game Continue opens (a SlotInfo)
        self.others = []  # every other saved game (the Saved games button lists them all)
        self.first_time = False
        self.continue_button = ContinueButton("Continue", self.continue_game)
        self.refresh()

    def refresh(self) -> None:
        from .slots import continue_choice

        self.target, self.others = continue_choice()
        self.has_save = self.target is not None
        cont = self.continue_button
        cont.enabled = self.has_save
        cont.tooltip = "" if self.has_save else "No saved game yet"
        cont.sub = continue_line(self.target) if self.target is not None else ""
        cont.style = "primary" if self.has_save else "secondary"
        self.first_time = first_time_player(self.has_save)
        new = Button("New game", self.new_game, style="secondary" if self.has_save or self.first_time else "primary")
        learn = Button("Start here: first lesson" if self.first_time else "Learn to play", self.learn,
                       style="primary" if self.first_time else "secondary")
        items = [cont, new] if self.has_save else [new, cont]
        if self.others:
            items.append(Button("Saved games", self.saved_games, style="secondary",
                                tooltip="Every saved game: the games in progress of each rule set and the save slots"))
        items.append(learn)
        items += [Button(label, fn, style=style) for label, fn, style in (
            ("Tile Rush", lambda: self.open_extra("rush_menu"), "secondary"),
            ("Tournament", lambda: self.open_extra("tournament"), "secondary"),
            ("Statistics", lambda: self.open_extra("statistics"), "secondary"),
            ("Settings", self.settings, "secondary"),
            ("Rules", self.rules, "secondary"),
            ("Quit", self.app.close, "ghost"),
        )]
        self.group.widgets = items
        self.group.focus = items.index(learn) if self.first_time else 0
        self._layout_size = None

    def enter(self) -> None:
        super().enter()
        self.refresh()

    def resume(self) -> None:
        super().resume()
        self.refresh()

    def next_frame(self) -> float | None:
        if self.age * self.logo_speed() < LOGO_INTRO:
            return 0.0  # the logo's tiles are still dropping in
        return super().next_frame()

    def logo_speed(self) -> float:
        return max(0.5, self.app.anim_speed or 8.0)

    def back(self) -> None:
        """Esc on the title asks before quitting (a second Esc keeps the game open): one Esc too many
        on the way back from a screen never closes the game."""
        self.app.open("dialog", "Quit Tile Rush?", "Your games and settings are saved.",
                      [("Quit", "primary", self.app.close), ("Stay", "secondary", None)], focus=0)

    # -- actions -------------------------------------------------------------------------------
    def new_game(self) -> None:
        self.app.open("setup")

    def continue_game(self) -> None:
        from .loading import open_saved_game

        if self.target is None:
            return
        if not open_saved_game(self.app, self.target.slot):  # the reason is on screen; a damaged file was set aside
            self.refresh()

    def saved_games(self) -> None:
        self.app.open("slots", "load")

    def open_extra(self, key: str) -> None:
        self.app.open(key)

    def learn(self) -> None:
        """The tutorial; a first-time player goes straight into the first classic lesson."""
        self.app.open("tutorial")
        if self.first_time:
            self.app.open("first_lesson")

    def settings(self) -> None:
        self.app.open("settings")

    def rules(self) -> None:
        self.app.open("rules", self.app.variant or "classic")

    # -- layout and drawing ---------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw, bh, gap = int(300 * s), int(48 * s), int(11 * s)
        tall = [1.5 if b is self.continue_button and b.sub else 1.0 for b in self.group.widgets]
        top = int(h * 0.40)
        bottom = h - int(40 * s)  # the tip line below
        if sum(tall) * 28 + len(tall) * gap > bottom - top:  # a small window: tighter, and up to the logo's line
            gap = max(3, int(5 * s))
            top = max(int(h * 0.32), bottom - int(sum(tall) * 28 + len(tall) * gap))
        avail = bottom - top
        if sum(tall) * bh + len(tall) * gap > avail:
            bh = max(28, int((avail - len(tall) * gap) / sum(tall)))
        y = top
        for b, k in zip(self.group.widgets, tall):
            bw_k = min(w - int(40 * s), int(460 * s)) if k > 1 else bw  # room for what Continue continues
            b.rect = pygame.Rect(w // 2 - bw_k // 2, y, bw_k, int(bh * k))
            y += int(bh * k) + gap

    def update(self, dt) -> None:
        super().update(dt)
        self.age += dt
        self.bob += dt * idle_frames.liveliness(self.still_for)  # the logo bobs while the tiles drift

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
        foot = theme.text(tip or "Arrows and Enter, or the mouse  ·  F11 full screen", theme.readable(18 * s), theme.INK_FAINT, bold=False)
        theme.blit_center(surf, foot, (w // 2, h - int(18 * s)))

    def draw_logo(self, surf, s) -> None:
        w, h = surf.get_size()
        tw = int(min(74 * s, (w - 80) / (len(LOGO) + 1)))
        th = int(tw * 1.32)
        gap = int(tw * 0.12)
        total = len(LOGO) * tw + (len(LOGO) - 1) * gap
        x0 = w // 2 - total // 2
        y0 = int(h * 0.12)
        speed = self.logo_speed()
        blank = None
        for i, ch in enumerate(LOGO):
            if ch == " ":
                continue
            t = max(0.0, min(1.0, (self.age * speed - i * 0.07) / 0.5))
            if t <= 0:
                continue
            e = out_back(t)
            bob = math.sin(self.bob * 1.6 + i * 0.6) * 4 * s
            x = x0 + i * (tw + gap)
            y = y0 - (1 - e) * 160 * s + bob
            tile = self._logo_tile(ch, LOGO_COLOURS[i], tw, blank)
            surf.blit(tile, (x, int(y)))
        sub = theme.shadow_text("the fast tile game", 30 * s, theme.GOLD)
        theme.blit_center(surf, sub, (w // 2, y0 + th + int(34 * s)))

    def _logo_tile(self, ch: str, colour: str, tw: int, blank) -> pygame.Surface:
        from ..tileart import render_glyph

        cache = self._logo_cache
        key = (ch, colour, tw)
        img = cache.get(key)
        if img is None:
            img = cache[key] = render_glyph(ch, theme.TILE_COLOURS[colour], tw)
        return img


def continue_line(info) -> str:
    """What Continue would open, in a few words: rule set, round, opponents."""
    if info.unreadable:
        return "the saved game could not be read"
    if not info.ok:
        return "the saved game is damaged"
    them = [name for name, kind, _ in info.players if kind != HUMAN]
    text = f"{info.variant_title}, round {info.round}"
    if them:
        text += " against " + (", ".join(them[:-1]) + " and " + them[-1] if len(them) > 1 else them[0])
    return text


class ContinueButton(Button):
    """The Continue button, with what it continues in small type under its label."""

    def __init__(self, label: str, action) -> None:
        super().__init__(label, action, style="primary")
        self.sub = ""

    def draw(self, surf, focused, hover, down, s) -> None:
        if not self.sub or not self.visible or self.rect.w <= 4:
            super().draw(surf, focused, hover, down, s)
            return
        from ..widgets import STYLES, button_surface

        state = "disabled" if not self.enabled else ("down" if down and hover else "hover" if hover or focused else "normal")
        radius = max(6, int(self.rect.h * 0.22))
        surf.blit(button_surface(self.rect.size, self.style, state, radius), self.rect.topleft)
        colour = STYLES.get(self.style, STYLES["secondary"])[2] if self.enabled else (150, 156, 168)
        dy = max(2, self.rect.h // 12) if state == "down" else 0
        room = self.rect.w - int(24 * s)
        label = theme.fit_text(self.label, min(self.rect.h * 0.34, 30 * s), room, colour)
        sub = theme.fit_text(self.sub, theme.readable(min(self.rect.h * 0.27, 20 * s)), room, colour, bold=False)
        gap = int(2 * s)
        y = self.rect.centery - (label.get_height() + gap + sub.get_height()) // 2 + dy
        theme.blit_center(surf, label, (self.rect.centerx, y + label.get_height() // 2))
        y += label.get_height() + gap
        theme.blit_center(surf, sub, (self.rect.centerx, y + sub.get_height() // 2))
        if focused and self.enabled:
            pygame.draw.rect(surf, theme.ACCENT, self.rect.inflate(6, 6), width=2, border_radius=radius + 3)
