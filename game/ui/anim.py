"""Animation as view state: easing curves, sprites that slide to their targets,
particles for bursts and confetti.  Everything advances in ``update(dt)``; the
game state changes first and the pictures catch up.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def out_quint(t: float) -> float:
    return 1 - (1 - t) ** 5


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_elastic(t: float) -> float:
    if t <= 0 or t >= 1:
        return max(0.0, min(1.0, t))
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi) / 3) + 1


EASINGS = {"linear": linear, "out_cubic": out_cubic, "out_quint": out_quint, "in_out_cubic": in_out_cubic,
           "out_back": out_back, "out_elastic": out_elastic}


@dataclass
class Motion:
    """A slide from ``start`` to the sprite's target, after ``delay`` seconds."""

    start: tuple[float, float]
    duration: float
    delay: float = 0.0
    ease: str = "out_cubic"
    elapsed: float = 0.0
    hidden_until_start: bool = False  # invisible while waiting (tiles coming out of a hidden rack)
    start_scale: float = 1.0
    flip: bool = False  # show the back first, turn over mid-way

    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def waiting(self) -> bool:
        return self.elapsed < self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration


@dataclass
class Sprite:
    """Where one tile is drawn: it follows ``target`` through an optional motion."""

    tile: int
    target: tuple[float, float]
    pos: tuple[float, float]
    motion: Motion | None = None
    pop: float = 0.0  # seconds left of a settle "pop"
    pop_len: float = 0.0
    w: int = 0  # tile width at the target

    def retarget(self, target: tuple[float, float], motion: Motion | None) -> None:
        self.target = target
        self.motion = motion
        if motion is None:
            self.pos = target

    def update(self, dt: float) -> bool:
        """Advance; returns True when the sprite just arrived."""
        if self.pop > 0:
            self.pop = max(0.0, self.pop - dt)
        m = self.motion
        if m is None:
            self.pos = self.target
            return False
        m.elapsed += dt
        t = EASINGS.get(m.ease, out_cubic)(m.progress())
        sx, sy = m.start
        tx, ty = self.target
        self.pos = (sx + (tx - sx) * t, sy + (ty - sy) * t)
        if m.done:
            self.motion = None
            self.pos = self.target
            return True
        return False

    @property
    def visible(self) -> bool:
        return not (self.motion is not None and self.motion.hidden_until_start and self.motion.waiting)

    @property
    def moving(self) -> bool:
        return self.motion is not None

    def scale(self) -> float:
        s = 1.0
        m = self.motion
        if m is not None and m.start_scale != 1.0:
            s = m.start_scale + (1.0 - m.start_scale) * out_cubic(m.progress())
        if self.pop > 0 and self.pop_len > 0:
            p = 1 - self.pop / self.pop_len
            s *= 1 + 0.18 * math.sin(math.pi * p) * (1 - p * 0.3)
        return s

    def showing_back(self) -> bool:
        m = self.motion
        return bool(m is not None and m.flip and m.progress() < 0.5)

    def flip_squash(self) -> float:
        """Horizontal scale during a flip (1 -> 0 -> 1)."""
        m = self.motion
        if m is None or not m.flip:
            return 1.0
        return max(0.05, abs(math.cos(math.pi * m.progress())))


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    colour: tuple
    size: float
    spin: float = 0.0
    angle: float = 0.0
    gravity: float = 600.0
    age: float = 0.0
    shape: str = "rect"


@dataclass
class FloatText:
    text: str
    x: float
    y: float
    colour: tuple
    size: float
    life: float = 1.4
    age: float = 0.0
    rise: float = 70.0


class Effects:
    """Particles (bursts, confetti) and floating texts (score bursts)."""

    CONFETTI = [(246, 196, 70), (86, 206, 255), (255, 120, 150), (130, 220, 120), (255, 255, 255), (232, 136, 8)]

    def __init__(self, seed: int = 5) -> None:
        self.particles: list[Particle] = []
        self.texts: list[FloatText] = []
        self.rng = random.Random(seed)

    def clear(self) -> None:
        self.particles.clear()
        self.texts.clear()

    @property
    def busy(self) -> bool:
        return bool(self.particles or self.texts)

    def burst(self, x: float, y: float, colour, n: int = 18, speed: float = 260, size: float = 5) -> None:
        r = self.rng
        for _ in range(n):
            a = r.uniform(0, 2 * math.pi)
            v = r.uniform(0.35, 1.0) * speed
            self.particles.append(Particle(x, y, math.cos(a) * v, math.sin(a) * v - speed * 0.3, r.uniform(0.45, 0.9),
                                           colour, r.uniform(0.6, 1.2) * size, gravity=500, shape="spark"))

    def confetti(self, width: float, n: int = 140, size: float = 7) -> None:
        r = self.rng
        for _ in range(n):
            self.particles.append(Particle(r.uniform(0, width), r.uniform(-120, -10), r.uniform(-70, 70), r.uniform(40, 180),
                                           r.uniform(2.5, 4.2), r.choice(self.CONFETTI), r.uniform(0.7, 1.3) * size,
                                           spin=r.uniform(-8, 8), angle=r.uniform(0, 6), gravity=120))

    def float_text(self, text: str, x: float, y: float, colour, size: float, life: float = 1.4) -> None:
        self.texts.append(FloatText(text, x, y, colour, size, life=life))

    def update(self, dt: float) -> None:
        if self.particles:
            alive = []
            for p in self.particles:
                p.age += dt
                if p.age >= p.life:
                    continue
                p.vy += p.gravity * dt
                p.x += p.vx * dt
                p.y += p.vy * dt
                p.angle += p.spin * dt
                alive.append(p)
            self.particles = alive
        if self.texts:
            keep = []
            for t in self.texts:
                t.age += dt
                if t.age < t.life:
                    keep.append(t)
            self.texts = keep
