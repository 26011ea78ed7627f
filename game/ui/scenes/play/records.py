"""The play screen's small records (toasts, ghosts, drags, presses, highlights, pending tiles) and helpers."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ....play.session import HUMAN
from ... import theme

MIN_THINK = 0.65  # seconds a computer appears to think (at normal animation speed)
LONG_THINK = 0.5  # a computer still working on its move after this many seconds says so in its panel
TOAST_TIME = 3.2


@dataclass
class Toast:
    text: str
    colour: tuple
    until: float
    big: bool = False


@dataclass
class Ghost:
    """A tile back flying between the pool and a hidden rack (no tile identity)."""

    start: tuple[float, float]
    end: tuple[float, float]
    w: int
    delay: float
    duration: float
    age: float = 0.0

    @property
    def done(self) -> bool:
        return self.age >= self.delay + self.duration


@dataclass
class Drag:
    tiles: list[int]
    grab: tuple[float, float]  # pointer offset from the first tile's top-left
    pos: tuple[float, float]  # pointer position
    lead: int = 0  # index of the tile under the pointer
    whole: bool = False  # a whole table set moved by its grip (it keeps its order, joins nothing)


@dataclass
class Press:
    tile: int | None
    pos: tuple[int, int]
    area: str | None
    cell: tuple[int, int] | None
    button: str | None = None


@dataclass
class Highlight:
    cells: tuple
    colour: tuple
    until: float
    label: str = ""


@dataclass
class Pending:
    """How a tile's next move should look (set when an event arrives)."""

    start: tuple[float, float] | None = None
    delay: float = 0.0
    duration: float | None = None
    hidden: bool = False
    flip: bool = False
    start_scale: float = 1.0
    ease: str = "out_cubic"


BUTTON_LABELS = {
    "runs": ("Runs", "S"),
    "groups": ("Groups", "G"),
    "hint": ("Hint", "H"),
    "undo": ("Undo", "Z"),
    "reset": ("Reset", "R"),
    "skip": ("Skip", "K"),  # a Tile Rush puzzle's
}



_particles: dict[tuple, pygame.Surface] = {}


def particle_image(shape: str, colour, a: int, b: int) -> pygame.Surface:
    """Small cached pictures for sparks (a glowing dot of radius ``a``) and confetti (``a`` x ``b``)."""
    key = (shape, colour, a, b)
    img = _particles.get(key)
    if img is None:
        if shape == "spark":
            img = pygame.Surface((a * 2 + 2, a * 2 + 2), pygame.SRCALPHA)
            pygame.draw.circle(img, theme.mix(colour, (255, 255, 255), 0.3), (a + 1, a + 1), a)
        else:
            img = pygame.Surface((max(1, a), max(1, b)))
            img.fill(colour)
        if len(_particles) > 2000:
            _particles.clear()
        _particles[key] = img
    return img


def level_text(kind: str) -> str:
    if kind == HUMAN:
        return "you"
    from ..setup import level_label

    return level_label(kind)
