"""The puzzle packs: ten packs of graded puzzles, up to three stars each, opening in order.

``PacksScene`` shows the packs as cards (name, grades, stars earned, a lock on a pack not
open yet); a pack opens ``PackScene``, its puzzles as cards with their stars (solved, solved
without a hint, solved quickly).  A puzzle card starts that puzzle (``SingleRun``); its
summary leads back here.
"""

from __future__ import annotations

import math

import pygame

from ....play import puzzle_runs
from ... import theme
from ...widgets import STYLES, Button, button_surface
from ..common import BackdropScene
from .menu import start_run


def draw_star(surf, centre, r: float, filled: bool) -> None:
    """A five-pointed star, gold when earned, an outline when not."""
    cx, cy = centre
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    if filled:
        pygame.draw.polygon(surf, theme.GOLD, pts)
        pygame.draw.polygon(surf, theme.GOLD_DARK, pts, max(1, int(r / 6)))
    else:
        pygame.draw.polygon(surf, (70, 84, 104), pts, max(1, int(r / 5)))


class Card(Button):
    """A button drawn as a card: a title, a line under it, and a row of stars."""

    def __init__(self, label: str, action, sub: str = "", stars: int = 0, of: int = 3, locked: bool = False,
                 tooltip: str = "") -> None:
        super().__init__(label, action, style="secondary", enabled=not locked, tooltip=tooltip)
        self.sub = sub
        self.stars = stars
        self.of = of
        self.locked = locked

    def draw(self, surf, focused, hover, down, s) -> None:
        if not self.visible or self.rect.w <= 4:
            return
        r = self.rect
        state = "disabled" if self.locked else ("down" if down and hover else "hover" if hover or focused else "normal")
        radius = max(6, int(r.h * 0.12))
        surf.blit(button_surface(r.size, "primary" if self.stars == self.of and not self.locked else "secondary", state,
                                 radius), r.topleft)
        colour = (150, 156, 168) if self.locked else STYLES["primary" if self.stars == self.of else "secondary"][2]
        title = theme.fit_text(self.label, min(r.h * 0.2, 26 * s), r.w - int(16 * s), colour)
        theme.blit_center(surf, title, (r.centerx, r.y + int(r.h * 0.24)))
        if self.sub:
            sub = theme.fit_text(self.sub, theme.readable(min(r.h * 0.13, 17 * s)), r.w - int(16 * s), colour, bold=False)
            theme.blit_center(surf, sub, (r.centerx, r.y + int(r.h * 0.46)))
        if self.locked:
            self.draw_lock(surf, (r.centerx, r.y + int(r.h * 0.74)), r.h * 0.12)
        else:
            self.draw_stars(surf, r, s)
        if focused and self.enabled:
            pygame.draw.rect(surf, theme.ACCENT, r.inflate(6, 6), width=2, border_radius=radius + 3)

    def draw_stars(self, surf, r: pygame.Rect, s: float) -> None:
        if self.of > 3:  # a pack: the count beside one star
            sr = min(r.h * 0.1, 14 * s)
            text = theme.text(f"{self.stars} / {self.of}", min(r.h * 0.15, 20 * s), theme.GOLD if self.stars else theme.INK_DIM)
            total = sr * 2 + int(6 * s) + text.get_width()
            x = r.centerx - total / 2
            y = r.y + int(r.h * 0.74)
            draw_star(surf, (x + sr, y), sr, self.stars > 0)
            surf.blit(text, (x + sr * 2 + int(6 * s), y - text.get_height() // 2))
            return
        sr = min(r.h * 0.13, r.w / 9, 16 * s)
        gap = sr * 2.3
        for k in range(self.of):
            draw_star(surf, (r.centerx + (k - (self.of - 1) / 2) * gap, r.y + int(r.h * 0.74)), sr, k < self.stars)

    @staticmethod
    def draw_lock(surf, centre, size: float) -> None:
        cx, cy = centre
        body = pygame.Rect(0, 0, int(size * 1.6), int(size * 1.2))
        body.center = (int(cx), int(cy + size * 0.3))
        shackle = pygame.Rect(0, 0, int(size * 1.1), int(size * 1.3))
        shackle.midbottom = (int(cx), body.y + int(size * 0.3))
        pygame.draw.rect(surf, (120, 132, 150), shackle, max(2, int(size / 4)), border_radius=int(size * 0.5))
        pygame.draw.rect(surf, (120, 132, 150), body, border_radius=max(2, int(size / 4)))


def draw_title(surf, s: float, title: str, line: str, warn: bool = False) -> None:
    """A Tile Rush screen's title and the line under it (``warn``: the line says what went wrong)."""
    w = surf.get_width()
    theme.blit_center(surf, theme.shadow_text(title, 44 * s, theme.GOLD), (w // 2, int(56 * s)))
    img = theme.fit_text(line, 20 * s, w - int(60 * s), theme.WARN if warn else theme.INK_DIM, bold=False)
    theme.blit_center(surf, img, (w // 2, int(104 * s)))


class GridScene(BackdropScene):
    """Cards in a grid (``cols`` across), a title, a line, and Back."""

    cols = 5

    def __init__(self, app) -> None:
        super().__init__(app)
        self.cards: list[Card] = []
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")

    def set_cards(self, cards: list[Card]) -> None:
        self.cards = cards
        self.group.widgets = cards + [self.back_button]
        self.group.focus = next((i for i, c in enumerate(cards) if c.enabled and c.stars < c.of), 0)
        self._layout_size = None

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        rows = max(1, math.ceil(len(self.cards) / self.cols))
        gap = int(16 * s)
        top, bottom = int(140 * s), h - int(100 * s)
        cw = int(min(200 * s, (w - int(60 * s) - gap * (self.cols - 1)) / self.cols))
        ch = int(min(cw * 0.82, (bottom - top - gap * (rows - 1)) / rows))
        x0 = w // 2 - (self.cols * cw + (self.cols - 1) * gap) // 2
        for i, c in enumerate(self.cards):
            r, k = divmod(i, self.cols)
            c.rect = pygame.Rect(x0 + k * (cw + gap), top + r * (ch + gap), cw, ch)
        self.back_button.rect = pygame.Rect(w // 2 - int(90 * s), h - int(76 * s), int(180 * s), int(46 * s))

    def resume(self) -> None:
        super().resume()
        self.rebuild()

    def rebuild(self) -> None:
        """Read the records again and make the cards (``set_cards``); on opening and on coming back."""
        raise NotImplementedError

    def draw_heading(self, surf, title: str, line: str, warn: bool = False) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        draw_title(surf, s, title, line, warn)
        self.group.draw(surf, s)
        tip = self.group.tooltip()
        foot = theme.text(tip or "Arrows and Enter, or the mouse", theme.readable(18 * s), theme.INK_FAINT, bold=False)
        theme.blit_center(surf, foot, (w // 2, h - int(18 * s)))


class PacksScene(GridScene):
    name = "rush_packs"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rebuild()  # reads the records

    def rebuild(self) -> None:
        self.records = rec = puzzle_runs.Records()
        cards = []
        for k in range(1, puzzle_runs.PACK_COUNT + 1):
            stars = rec.pack_stars(k)
            locked = not rec.pack_open(k)
            lo, hi = puzzle_runs.pack_grades(k)
            grades = f"Grade {lo}" if lo == hi else f"Grades {lo}–{hi}"
            cards.append(Card(f"Pack {k}", self._opener(k), grades, sum(stars), 3 * len(stars), locked,
                              tooltip=puzzle_runs.unlock_rule(k) if locked else f"Pack {k}: {len(stars)} puzzles, {grades.lower()}"))
        self.set_cards(cards)

    def _opener(self, k: int):
        def open_pack():
            self.app.open("rush_pack", k)
        return open_pack

    def draw(self, surf) -> None:
        self.ensure_layout()
        self.draw_backdrop(surf)
        stars, most = self.records.total_stars()
        self.draw_heading(surf, "Puzzle packs", self.records.notice or f"{stars} of {most} stars  ·  "
                          "a star for solving, one for no hint, one for speed", warn=bool(self.records.notice))


class PackScene(GridScene):
    name = "rush_pack"
    cols = 6

    def __init__(self, app, pack: int) -> None:
        super().__init__(app)
        self.pack = pack
        self.rebuild()  # reads the records

    def rebuild(self) -> None:
        self.records = rec = puzzle_runs.Records()
        stars = rec.pack_stars(self.pack)
        grades = puzzle_runs.pack_puzzle_grades(self.pack)
        cards = [Card(f"{level}", self._starter(level), f"Grade {g}", n, 3, not rec.level_open(self.pack, level),
                      tooltip="Solve the puzzle before it to open this one" if not rec.level_open(self.pack, level) else "")
                 for level, (n, g) in enumerate(zip(stars, grades), start=1)]
        self.set_cards(cards)

    def _starter(self, level: int):
        def start():
            start_run(self.app, puzzle_runs.pack_run(self.pack, level, self.records))
        return start

    def draw(self, surf) -> None:
        self.ensure_layout()
        self.draw_backdrop(surf)
        stars = self.records.pack_stars(self.pack)
        lo, hi = puzzle_runs.pack_grades(self.pack)
        quick = puzzle_runs.quick_seconds(lo)
        self.draw_heading(surf, f"Pack {self.pack}", f"{sum(stars)} of {3 * len(stars)} stars  ·  a star for solving, "
                          f"one for no hint, one for speed (grade {lo}: {quick} seconds or less)")
