"""Pieces several scenes share: a menu scene base, dialogs, the error screen,
the bridge to saved games, and the decorative drifting tiles."""

from __future__ import annotations

import math
import random
from typing import Callable

import pygame

from ...rules.tiles import ALL_TILE_IDS
from .. import idle_frames, keymap, theme
from ..scene import Scene
from ..widgets import Button, FocusGroup
from ..errorlog import log_error


# -- a scene of buttons -----------------------------------------------------------------------------
class MenuScene(Scene):
    """A scene whose widgets live in one ``FocusGroup``; subclasses lay them out."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.group = FocusGroup([], on_sound=app.sound.play)
        self._layout_size = None

    def layout(self, size) -> None:
        pass

    def ensure_layout(self) -> None:
        if self._layout_size != self.app.size:
            self._layout_size = self.app.size
            self.layout(self.app.size)

    def resized(self, size) -> None:
        self.relayout()

    def relayout(self) -> None:
        """Lay the widgets out again before they are next used (they changed)."""
        self._layout_size = None

    def back(self) -> None:
        self.app.pop()

    def handle(self, ev) -> None:
        self.ensure_layout()
        if keymap.intent(ev, "menu") == "back":
            self.back()
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            self.back()
            return
        self.group.handle(ev)

    def update(self, dt) -> None:
        self.ensure_layout()


class BackdropScene(MenuScene):
    """A full-screen menu on the felt, with tiles drifting behind it."""

    drift_seed = 3
    drift_count = 16
    drift_alpha = 40

    def __init__(self, app) -> None:
        super().__init__(app)
        self.drift = Drift(seed=self.drift_seed, count=self.drift_count)
        self.still_for = 0.0  # seconds since the screen opened or the player last did something

    def enter(self) -> None:
        self.still_for = 0.0

    def resume(self) -> None:
        self.still_for = 0.0

    def handle(self, ev) -> None:
        self.still_for = 0.0  # the tiles drift again while the player is here
        super().handle(ev)

    def update(self, dt) -> None:
        super().update(dt)
        self.still_for += dt
        self.drift.update(dt * idle_frames.liveliness(self.still_for))

    def next_frame(self) -> float | None:
        """The drifting tiles move for a while after the screen opens or after any input, then
        slow to a stop: a menu left alone rests (``game/ui/idle_frames.py``)."""
        return 0.0 if idle_frames.liveliness(self.still_for) > 0 else None

    def draw_backdrop(self, surf: pygame.Surface) -> None:
        surf.blit(theme.background(surf.get_size()), (0, 0))
        self.drift.draw(surf, self.app.tiles, self.app.scale, alpha=self.drift_alpha, avoid=self.keep_clear(surf.get_size()))

    def keep_clear(self, size) -> list[pygame.Rect]:
        """Where the drifting tiles fade away so they never sit behind words: the controls,
        the title band at the top, the tip line at the bottom, and what a screen adds."""
        s = self.app.scale
        w, h = size
        out = [pygame.Rect(0, 0, w, int(100 * s)), pygame.Rect(0, h - int(110 * s), w, int(110 * s))]
        out += [wd.rect for wd in self.group.widgets if wd.visible and wd.rect.w]
        return out + self.extra_clear(size)

    def extra_clear(self, size) -> list[pygame.Rect]:
        return []


def blurred(surface: pygame.Surface) -> pygame.Surface:
    w, h = surface.get_size()
    small = pygame.transform.scale(surface, (max(1, w // 6), max(1, h // 6)))
    small = pygame.transform.gaussian_blur(small, 2)
    out = pygame.transform.smoothscale(small, (w, h))
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((6, 12, 24, 130))
    out.blit(shade, (0, 0))
    return out


class OverlayScene(MenuScene):
    """Drawn over the scene below it, on a blurred copy of the picture."""

    opaque = False

    def __init__(self, app) -> None:
        super().__init__(app)
        self.backdrop: pygame.Surface | None = None
        self.age = 0.0

    def enter(self) -> None:
        try:
            # the screen still holds the last frame drawn: blur that
            self.backdrop = blurred(self.app.screen) if self.app.screen is not None else None
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("blurring the backdrop", exc)
            self.backdrop = None

    def resized(self, size) -> None:
        super().resized(size)
        self.backdrop = None

    def update(self, dt) -> None:
        super().update(dt)
        self.age += dt

    def draw_backdrop(self, surf: pygame.Surface) -> None:
        if self.backdrop is not None and self.backdrop.get_size() == surf.get_size():
            surf.blit(self.backdrop, (0, 0))
        else:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((6, 12, 24, 190))
            surf.blit(shade, (0, 0))


class DialogScene(OverlayScene):
    """A message with one or more buttons.  ``choices``: (label, style, callback); ``focus``:
    the choice Enter picks at first (the safe one where a choice costs something)."""

    name = "dialog"

    def __init__(self, app, title: str, message: str, choices: list[tuple[str, str, Callable[[], None] | None]],
                 tone=theme.GOLD, focus: int = 0) -> None:
        super().__init__(app)
        self.start_focus = max(0, min(focus, len(choices) - 1))
        self.title = title
        self.message = message
        self.tone = tone
        self.choices = choices
        self.group.widgets = [Button(label, self._chooser(cb), style=style) for label, style, cb in choices]
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def next_frame(self) -> float | None:
        return None  # a still picture: drawn again only after input

    def _chooser(self, cb):
        def run():
            self.app.pop()
            if cb is not None:
                cb()
        return run

    def back(self) -> None:
        # Esc picks the last choice (by convention the safe one)
        self.app.pop()
        cb = self.choices[-1][2] if self.choices else None
        if cb is not None:
            cb()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w = int(min(size[0] - 40, 620 * s))
        lines = theme.wrap_lines(self.message, 24 * s, w - int(60 * s), bold=False)
        h = int(120 * s + len(lines) * 28 * s + 70 * s)
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        n = len(self.group.widgets)
        bw = int(min(240 * s, (w - 40 * s - (n - 1) * 14 * s) / max(1, n)))
        bh = int(50 * s)
        total = n * bw + (n - 1) * int(14 * s)
        x = self.panel_rect.centerx - total // 2
        for b in self.group.widgets:
            b.rect = pygame.Rect(x, self.panel_rect.bottom - bh - int(24 * s), bw, bh)
            x += bw + int(14 * s)
        self.group.focus = self.start_focus

    def draw(self, surf) -> None:
        self.ensure_layout_for_draw()
        self.draw_backdrop(surf)
        s = self.app.scale
        r = self.panel_rect
        theme.draw_panel(surf, r, radius=int(18 * s), shadow=int(12 * s))
        pygame.draw.rect(surf, self.tone, (r.x + int(20 * s), r.y, r.w - int(40 * s), max(3, int(4 * s))), border_radius=2)
        t = theme.fit_text(self.title, 38 * s, r.w - int(40 * s), self.tone)
        theme.blit_center(surf, t, (r.centerx, r.y + int(46 * s)))
        body = theme.text(self.message, 24 * s, theme.INK, bold=False, wrap=r.w - int(60 * s), align="center")
        surf.blit(body, (r.centerx - body.get_width() // 2, r.y + int(82 * s)))
        self.group.draw(surf, s)

    def ensure_layout_for_draw(self) -> None:
        # layout depends only on size; computing it here is a cache fill, not a state change
        if self._layout_size != self.app.size:
            self.ensure_layout()


class ErrorScene(DialogScene):
    name = "error"

    def __init__(self, app, title: str, message: str) -> None:
        super().__init__(app, title, message, [("OK", "primary", None)], tone=theme.BAD)


# -- drifting tiles behind menus ---------------------------------------------------------------------
def gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two rectangles (0 when they touch or overlap)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return math.hypot(dx, dy)


class Drift:
    """Tiles floating slowly across the backdrop of menu screens."""

    def __init__(self, seed: int = 3, count: int = 26) -> None:
        rnd = random.Random(seed)
        self.items = []
        for _ in range(count):
            self.items.append([rnd.uniform(0, 1), rnd.uniform(0, 1), rnd.uniform(-0.012, 0.012), rnd.uniform(-0.03, -0.008),
                               rnd.randrange(len(ALL_TILE_IDS)), rnd.uniform(0.5, 1.0), rnd.uniform(0, 6.28)])
        self.t = 0.0
        self._cache: dict = {}  # faded tile pictures by (tile, width, alpha, colour-blind)

    def update(self, dt: float) -> None:
        self.t += dt
        for it in self.items:
            it[0] = (it[0] + it[2] * dt) % 1.1
            it[1] = it[1] + it[3] * dt
            if it[1] < -0.15:
                it[1] = 1.1

    def draw(self, surf: pygame.Surface, tiles, s: float, alpha: int = 70, avoid=()) -> None:
        """Draw the tiles; one near a rect of ``avoid`` fades out before it reaches it."""
        w, h = surf.get_size()
        batch = []
        margin = 24 * s
        for x, y, _vx, _vy, tile, depth, phase in self.items:
            tw = int(44 * s * depth)
            bob = math.sin(self.t * 0.8 + phase) * 6 * s
            at = (int(x * w - tw), int(y * h + bob))
            fade = 1.0
            if avoid:
                box = pygame.Rect(at, (tw, int(tw * 1.4)))
                fade = min(1.0, min(gap(box, r) for r in avoid) / margin)
            a = int(alpha * fade) // 8 * 8
            if a <= 0:
                continue
            batch.append((self._faded(tiles, tile, tw, a), at))
        surf.fblits(batch)

    def _faded(self, tiles, tile: int, tw: int, alpha: int) -> pygame.Surface:
        cache = self._cache
        key = (tile, tw, alpha, tiles.colourblind)
        img = cache.get(key)
        if img is None:
            img = tiles.face(tile, tw).copy()
            img.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
            if len(cache) > 400:
                cache.clear()
            cache[key] = img
        return img
