"""Meld checking: is a line of tiles a valid group or run, what does each joker
stand for, and what is the meld worth.

One function answers for every rule set: all five sheets agree that a group is
three or four tiles of one number in distinct colours, and a run is three to
thirteen consecutive numbers of one colour where 1 is always low (no 13 -> 1).

``check_line`` reads tiles in the order they lie on the table (left to right,
or top to bottom on the crossword board): a run must ascend in that order.
``check_set`` ignores order, for the meld finder and the command line.  Where a
joker could stand for more than one tile, the reading worth most is chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .reasons import SetFault
from .tiles import TILE_COLOUR, TILE_FACE, TILE_IS_JOKER, TILE_NUMBER, face_at, is_joker

MIN_SET = 3
MAX_GROUP = 4
MAX_RUN = 13


@dataclass(frozen=True)
class Meld:
    """The verdict on one line of tiles.

    ``roles[i]`` is the tuple of faces tile ``i`` may stand for: a numbered tile
    stands for itself, a joker in a run for exactly one face, a joker in a group
    for any missing colour of that number.
    """

    ok: bool
    kind: str = ""  # "run" or "group" when ok
    value: int = 0
    roles: tuple[tuple[int, ...], ...] = ()
    reason: SetFault = SetFault.NONE  # why it is not a set (a code: ``game.play.reasons`` words it)

    def __bool__(self) -> bool:
        return self.ok


def _invalid(reason: SetFault) -> Meld:
    return Meld(False, reason=reason)


def _group(tiles: Sequence[int]) -> Meld:
    n = len(tiles)
    naturals = [t for t in tiles if not TILE_IS_JOKER[t]]
    numbers = {TILE_NUMBER[t] for t in naturals}
    if len(numbers) > 1:
        return _invalid(SetFault.GROUP_ONE_NUMBER)
    if n > MAX_GROUP:
        return _invalid(SetFault.GROUP_TOO_LONG)
    colours = [TILE_COLOUR[t] for t in naturals]
    if len(set(colours)) != len(colours):
        return _invalid(SetFault.GROUP_COLOUR_TWICE)
    if not naturals:
        return _invalid(SetFault.NO_NUMBER)
    number = numbers.pop()
    missing = tuple(face_at(c, number) for c in range(4) if c not in colours)
    roles = tuple(missing if TILE_IS_JOKER[t] else (TILE_FACE[t],) for t in tiles)
    return Meld(True, "group", number * n, roles)


def _run_ordered(tiles: Sequence[int]) -> Meld:
    n = len(tiles)
    naturals = [(i, t) for i, t in enumerate(tiles) if not TILE_IS_JOKER[t]]
    if not naturals:
        return _invalid(SetFault.NO_NUMBER)
    colours = {TILE_COLOUR[t] for _, t in naturals}
    if len(colours) > 1:
        return _invalid(SetFault.RUN_ONE_COLOUR)
    colour = colours.pop()
    starts = {TILE_NUMBER[t] - i for i, t in naturals}
    if len(starts) > 1:
        nums = [TILE_NUMBER[t] for _, t in naturals]
        if 13 in nums and 1 in nums and nums.index(13) < nums.index(1):
            return _invalid(SetFault.RUN_WRAPS)
        return _invalid(SetFault.RUN_ASCENDING)
    start = starts.pop()
    if start < 1 or start + n - 1 > MAX_RUN:
        if start + n - 1 > MAX_RUN and start >= 1:
            return _invalid(SetFault.RUN_PAST_13)
        return _invalid(SetFault.RUN_BELOW_1)
    first = face_at(colour, start)
    roles = tuple((first + i,) for i in range(n))
    return Meld(True, "run", sum(range(start, start + n)), roles)


def _run_unordered(tiles: Sequence[int]) -> Meld:
    n = len(tiles)
    naturals = [t for t in tiles if not TILE_IS_JOKER[t]]
    if not naturals:
        return _invalid(SetFault.NO_NUMBER)
    colours = {TILE_COLOUR[t] for t in naturals}
    if len(colours) > 1:
        return _invalid(SetFault.RUN_ONE_COLOUR)
    colour = colours.pop()
    nums = sorted(TILE_NUMBER[t] for t in naturals)
    if len(set(nums)) != len(nums):
        return _invalid(SetFault.RUN_REPEATS)
    if n > MAX_RUN:
        return _invalid(SetFault.RUN_TOO_LONG)
    lo, hi = nums[0], nums[-1]
    span = hi - lo + 1
    if span > n:
        if 13 in nums and 1 in nums:
            return _invalid(SetFault.RUN_WRAPS)
        return _invalid(SetFault.RUN_CONSECUTIVE)
    spare = n - span  # jokers left after filling gaps: extend upward first (worth more)
    hi = min(13, hi + spare)
    lo = hi - n + 1
    order = sorted(tiles, key=lambda t: 99 if TILE_IS_JOKER[t] else TILE_NUMBER[t])
    # Assign faces: naturals keep theirs, jokers fill the missing numbers in order.
    have = set(nums)
    gaps = iter(x for x in range(lo, hi + 1) if x not in have)
    role_of = {}
    for t in order:
        role_of[t] = face_at(colour, next(gaps)) if TILE_IS_JOKER[t] else TILE_FACE[t]
    roles = tuple((role_of[t],) for t in tiles)
    return Meld(True, "run", sum(range(lo, hi + 1)), roles)


def _best(tiles: Sequence[int], run: Meld) -> Meld:
    n = len(tiles)
    if n < MIN_SET:
        return _invalid(SetFault.TOO_SHORT if n else SetFault.EMPTY)
    group = _group(tiles)
    if group and run:
        return group if group.value > run.value else run
    if group:
        return group
    if run:
        return run
    # Explain the failure in the terms of what the tiles look like: a group gone wrong
    # when more tiles share a number than share a colour, else a run gone wrong.
    naturals = [t for t in tiles if not TILE_IS_JOKER[t]]
    numbers = [TILE_NUMBER[t] for t in naturals]
    colours = [TILE_COLOUR[t] for t in naturals]
    same_number = max((numbers.count(x) for x in numbers), default=0)
    same_colour = max((colours.count(x) for x in colours), default=0)
    return group if same_number > same_colour else run


def line_readings(tiles: Sequence[int]) -> tuple[Meld, Meld]:
    """Both readings of a line in table order, as a group and as a run (either may be invalid),
    for a rule set that lets a joker stand for whatever either reading allows."""
    return _group(tiles), _run_ordered(tiles)


def check_line(tiles: Sequence[int]) -> Meld:
    """Check tiles in table order (a run must ascend left to right / top to bottom).
    Verdicts are remembered (a ``Meld`` is immutable): the players check the same lines over
    and over while they try layouts."""
    return _check_line(tuple(tiles))


@lru_cache(maxsize=1 << 16)
def _check_line(tiles: tuple[int, ...]) -> Meld:
    if len(tiles) < MIN_SET:
        return _best(tiles, _invalid(SetFault.NONE))
    return _best(tiles, _run_ordered(tiles))


def check_set(tiles: Sequence[int]) -> Meld:
    """Check tiles as an unordered set; roles are reported in the given order.  Verdicts are
    remembered, as ``check_line``'s are (the players check the same sets turn after turn)."""
    return _check_set(tuple(tiles))


@lru_cache(maxsize=1 << 16)
def _check_set(tiles: tuple[int, ...]) -> Meld:
    if len(tiles) < MIN_SET:
        return _best(tiles, _invalid(SetFault.NONE))
    return _best(tiles, _run_unordered(tiles))


def arrange(tiles: Sequence[int]) -> list[int]:
    """Order a valid set for the table: a run ascending with its jokers in place."""
    meld = check_set(tiles)
    if not meld or meld.kind == "group":
        return sorted(tiles, key=lambda t: (is_joker(t), t))
    pairs = sorted(zip(tiles, meld.roles), key=lambda p: p[1][0])
    return [t for t, _ in pairs]
