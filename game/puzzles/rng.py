"""A small random-number generator that gives the same numbers on every machine and every
Python version (splitmix64), so a puzzle seed, a pack or a date names the same puzzle everywhere.

``Rng(seed)`` with ``below(n)``, ``between(lo, hi)``, ``choice(seq)``, ``shuffle(list)`` and
``chance(p_percent)``; ``mix(*parts)`` folds integers and text into one 64-bit seed, ``seed_of(*parts)``
the same halved, for ``generate``.
"""

from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
MASK = (1 << 64) - 1


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def mix(*parts: int | str) -> int:
    """One 64-bit seed from integers and text (text by its UTF-8 bytes), the same everywhere."""
    h = 0x243F6A8885A308D3
    for part in parts:
        if isinstance(part, str):
            for b in part.encode("utf-8"):
                h = _splitmix(h ^ b)
            h = _splitmix(h ^ 0xFF)
        else:
            h = _splitmix(h ^ (int(part) & MASK))
            h = _splitmix(h ^ ((int(part) >> 64) & MASK))
    return h


def seed_of(*parts: int | str) -> int:
    """A non-negative 63-bit seed from ``mix(*parts)`` (what the daily puzzle, the packs and a rush's
    puzzles pass to ``generate``)."""
    return mix(*parts) // 2


class Rng:
    """splitmix64: deterministic for a seed on every platform."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = int(seed) & MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number 0 <= k < n (n >= 1)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        return self.next64() % n

    def between(self, lo: int, hi: int) -> int:
        """A whole number lo <= k <= hi."""
        return lo + self.below(hi - lo + 1)

    def chance(self, percent: int) -> bool:
        return self.below(100) < percent

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
