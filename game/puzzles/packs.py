"""Puzzle packs: 10 packs of 12 graded puzzles, up to three stars each, unlocking in order.

Pack ``k`` (1..10) holds grades ``k`` to ``k + 1`` (pack 10: grade 10), easier first; its puzzles
are seeded by pack and level only, so they are the same everywhere.

Stars for a puzzle played: 0 when not solved; else 1, plus 1 when solved without a hint, plus 1
when solved within ``quick_seconds(grade)``.  The first puzzle of pack 1 is always open; a puzzle
opens when the one before it in its pack is solved; a pack opens when every puzzle of the pack
before it is solved.  Progress is a plain dict ``{(pack, level): stars}`` (best stars kept; saved by
``game/storage/arcade.py``).
"""

from __future__ import annotations

from typing import Mapping

from .generator import generate
from .model import MAX_GRADE, Puzzle, PuzzleError
from .rng import seed_of

PACKS = 10
PER_PACK = 12
MAX_STARS = 3


def _check(pack: object, level: object) -> None:
    if type(pack) is not int or not 1 <= pack <= PACKS:
        raise PuzzleError(f"pack must be 1 to {PACKS}, not {pack!r}")
    if type(level) is not int or not 1 <= level <= PER_PACK:
        raise PuzzleError(f"level must be 1 to {PER_PACK}, not {level!r}")


def pack_grade(pack: int, level: int) -> int:
    _check(pack, level)
    return min(MAX_GRADE, pack + (level - 1) * 2 // PER_PACK)


def pack_puzzle(pack: int, level: int) -> Puzzle:
    """Puzzle ``level`` (1..12) of pack ``pack`` (1..10)."""
    grade = pack_grade(pack, level)
    return generate(seed_of("tile-rush-pack", pack, level), grade, pid=f"pack-{pack:02d}-{level:02d}")


def quick_seconds(grade: int) -> float:
    """Solved within this many seconds earns the third star."""
    return 30.0 + 15.0 * grade


def stars(solved: bool, hinted: bool, seconds: float, grade: int) -> int:
    """Stars for one play of a pack puzzle (0..3)."""
    if not solved:
        return 0
    return 1 + (0 if hinted else 1) + (1 if seconds <= quick_seconds(grade) else 0)


def level_open(progress: Mapping[tuple[int, int], int], pack: int, level: int) -> bool:
    """Whether a puzzle may be played with this progress."""
    _check(pack, level)
    if not pack_open(progress, pack):
        return False
    return level == 1 or progress.get((pack, level - 1), 0) > 0


def pack_open(progress: Mapping[tuple[int, int], int], pack: int) -> bool:
    _check(pack, 1)
    return pack == 1 or all(progress.get((pack - 1, lv), 0) > 0 for lv in range(1, PER_PACK + 1))


def pack_stars(progress: Mapping[tuple[int, int], int], pack: int) -> int:
    """Stars won in a pack (0..36)."""
    _check(pack, 1)
    return sum(progress.get((pack, lv), 0) for lv in range(1, PER_PACK + 1))
