"""The pieces puzzles are built from: small table layouts with rack tiles that need a known kind
of change, each within a window of consecutive numbers.

A block returns table sets and rack tiles; ``nominal`` is how many table sets it means to force
apart.  Nothing here is trusted: the generator proves every puzzle with the finder
(``game/ai/breaks.py``) and grades it by what was proven.

    ext_run       a run and a tile at one end                          (0 sets broken)
    ext_group     a group of three and its fourth colour               (0)
    new_run       three rack tiles that make a run of their own        (0)
    split         a long run and a copy of a middle tile               (1)
    steal_end     a run of four and two tiles that want its end tile   (1)
    steal_group   a group of four and two tiles that want one colour   (1)
    steal_middle  a run of seven and two tiles that want its middle tile (1)
    joker_swap    a run holding a joker, the tile it stands for and two tiles the joker completes (1)
    joker_group   a group of three holding a joker, its missing colour, and two tiles of a run the
                  freed joker completes (1)
    steal_two     two groups of four and a tile that runs below or above them (2)
    steal_runs    two runs of four ending at one number and a third colour of it (2)
    grid          three groups in three colours and a tile extending one colour (3)
    grid_turned   three runs in three colours and the fourth colour's middle (3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..rules.tiles import JOKER_IDS, face_at
from .rng import Rng


class NoTile(Exception):
    """Both copies of a wanted tile are taken: the attempt is dropped."""


@dataclass
class Tiles:
    """Physical tiles handed out so far (each face has two copies, and two jokers)."""

    used: set[int] = field(default_factory=set)

    def take(self, colour: int, number: int) -> int:
        if not 1 <= number <= 13:
            raise NoTile
        face = face_at(colour, number)
        for t in (face * 2, face * 2 + 1):
            if t not in self.used:
                self.used.add(t)
                return t
        raise NoTile

    def joker(self) -> int:
        for t in JOKER_IDS:
            if t not in self.used:
                self.used.add(t)
                return t
        raise NoTile

    def run(self, colour: int, lo: int, hi: int) -> list[int]:
        return [self.take(colour, n) for n in range(lo, hi + 1)]

    def group(self, colours, number: int) -> list[int]:
        return [self.take(c, number) for c in colours]


@dataclass
class Built:
    table: list[list[int]]
    rack: list[int]
    meant: tuple[int, ...] = ()  # indices in ``table`` of the sets it means to force apart (a guess for the proof)


@dataclass(frozen=True)
class Block:
    name: str
    nominal: int  # table sets it means to force apart
    width: int  # consecutive numbers it occupies
    build: Callable[[Rng, Tiles, int, int], Built]  # (rng, tiles, lowest number, its own far number) -> Built
    joker: bool = False
    extra_number: bool = False  # also needs one number of its own (``far``), away from its window


def _colours(rng: Rng) -> list[int]:
    cs = [0, 1, 2, 3]
    rng.shuffle(cs)
    return cs


def _ext_run(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    c = rng.below(4)
    length = 3 + rng.below(2)
    if rng.chance(50):
        return Built([tiles.run(c, lo, lo + length - 1)], [tiles.take(c, lo + length)])
    return Built([tiles.run(c, lo + 1, lo + length)], [tiles.take(c, lo)])


def _ext_group(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    return Built([tiles.group(cs[:3], lo)], [tiles.take(cs[3], lo)])


def _new_run(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    return Built([], tiles.run(rng.below(4), lo, lo + 2))


def _split(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    c = rng.below(4)
    run = tiles.run(c, lo, lo + 5)  # six tiles: lo..lo+5; a copy of lo+2 or lo+3 splits it 3+4 or 4+3
    return Built([run], [tiles.take(c, lo + 2 + rng.below(2))], (0,))


def _steal_end(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    run = tiles.run(cs[0], lo, lo + 3)
    at = lo + 3 if rng.chance(50) else lo
    return Built([run], [tiles.take(cs[1], at), tiles.take(cs[2], at)], (0,))


def _steal_group(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    if rng.chance(50):
        return Built([tiles.group(cs, lo)], [tiles.take(cs[0], lo + 1), tiles.take(cs[0], lo + 2)], (0,))
    return Built([tiles.group(cs, lo + 2)], [tiles.take(cs[0], lo), tiles.take(cs[0], lo + 1)], (0,))


def _joker_swap(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    run = [tiles.take(cs[0], lo), tiles.joker(), tiles.take(cs[0], lo + 2)]
    return Built([run], [tiles.take(cs[0], lo + 1), tiles.take(cs[1], far), tiles.take(cs[2], far)], (0,))


def _steal_middle(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    run = tiles.run(cs[0], lo, lo + 6)  # seven tiles; the middle one goes to a group, three stay on each side
    return Built([run], [tiles.take(cs[1], lo + 3), tiles.take(cs[2], lo + 3)], (0,))


def _joker_group(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    group = [tiles.take(cs[0], far), tiles.take(cs[1], far), tiles.joker()]
    run_at = lo + rng.below(2)
    return Built([group], [tiles.take(cs[2], far), tiles.take(cs[3], run_at), tiles.take(cs[3], run_at + 1)], (0,))


def _steal_two(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    if rng.chance(50):
        return Built([tiles.group(cs, lo), tiles.group(cs, lo + 1)], [tiles.take(cs[0], lo + 2)], (0, 1))
    return Built([tiles.group(cs, lo + 1), tiles.group(cs, lo + 2)], [tiles.take(cs[0], lo)], (0, 1))


def _steal_runs(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    if rng.chance(50):
        return Built([tiles.run(cs[0], lo, lo + 3), tiles.run(cs[1], lo, lo + 3)], [tiles.take(cs[2], lo + 3)], (0, 1))
    return Built([tiles.run(cs[0], lo, lo + 3), tiles.run(cs[1], lo, lo + 3)], [tiles.take(cs[2], lo)], (0, 1))


def _grid(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    if rng.chance(50):
        return Built([tiles.group(cs[:3], n) for n in range(lo, lo + 3)], [tiles.take(cs[0], lo + 3)], (0, 1, 2))
    return Built([tiles.group(cs[:3], n) for n in range(lo + 1, lo + 4)], [tiles.take(cs[0], lo)], (0, 1, 2))


def _grid_turned(rng: Rng, tiles: Tiles, lo: int, far: int = 0) -> Built:
    cs = _colours(rng)
    return Built([tiles.run(c, lo, lo + 2) for c in cs[:3]], [tiles.take(cs[3], lo + 1)], (0, 1, 2))


EXT_RUN = Block("ext_run", 0, 5, _ext_run)
EXT_GROUP = Block("ext_group", 0, 1, _ext_group)
NEW_RUN = Block("new_run", 0, 3, _new_run)
SPLIT = Block("split", 1, 6, _split)
STEAL_END = Block("steal_end", 1, 4, _steal_end)
STEAL_GROUP = Block("steal_group", 1, 3, _steal_group)
JOKER_SWAP = Block("joker_swap", 1, 3, _joker_swap, joker=True, extra_number=True)
STEAL_MIDDLE = Block("steal_middle", 1, 7, _steal_middle)
JOKER_GROUP = Block("joker_group", 1, 3, _joker_group, joker=True, extra_number=True)
STEAL_TWO = Block("steal_two", 2, 3, _steal_two)
STEAL_RUNS = Block("steal_runs", 2, 4, _steal_runs)
GRID = Block("grid", 3, 4, _grid)
GRID_TURNED = Block("grid_turned", 3, 3, _grid_turned)

EXTENSIONS = (EXT_RUN, EXT_GROUP)
BY_BREAKS = {
    1: (SPLIT, STEAL_END, STEAL_GROUP, STEAL_MIDDLE),
    2: (STEAL_TWO, STEAL_RUNS),
    3: (GRID, GRID_TURNED),
}


JOKERS = (JOKER_SWAP, JOKER_GROUP)
