"""The 106 tiles: identity, notation and face values.

Every physical tile has an integer identity ``0..105``.  Numbered tiles are
``(colour * 13 + number - 1) * 2 + copy``; the two jokers are 104 and 105.
``Tile`` is an ``int`` subclass so it serialises to plain JSON as a number,
hashes and compares cheaply, and still prints in the players' notation
(``R5``, ``K13``, ``B1``, ``O7``, ``J``).

Notation names a *face*, not a physical tile: two red fives look alike.  When a
list of notations is parsed, repeated faces are given successive copies, so
``parse_tiles("R5 R5")`` yields both red fives.
"""

from __future__ import annotations

from typing import Iterable

COLORS = "KRBO"  # black, red, blue, orange
COLOR_NAMES = {"K": "black", "R": "red", "B": "blue", "O": "orange"}
JOKER_IDS = (104, 105)
JOKER_FACE = 52  # the face both jokers share (``face_key``)
ALL_TILE_IDS = tuple(range(106))
JOKER_PENALTY = 30  # a joker left on a rack counts 30 in every rule set


class NotationError(ValueError):
    """Raised for malformed tile notation; the message names the bad token."""


class Tile(int):
    """One physical tile.  ``repr`` and ``str`` give its notation."""

    __slots__ = ()

    def __new__(cls, tile_id: int) -> "Tile":
        if not 0 <= int(tile_id) <= 105:
            raise ValueError(f"tile id {tile_id!r} out of range 0..105")
        return int.__new__(cls, tile_id)

    @property
    def is_joker(self) -> bool:
        return self >= 104

    @property
    def color(self) -> str | None:
        return None if self >= 104 else COLORS[(self >> 1) // 13]

    @property
    def number(self) -> int | None:
        return None if self >= 104 else (self >> 1) % 13 + 1

    @property
    def face(self) -> int:
        """Face index 0..51 for numbered tiles, 52 for a joker (copies share it)."""
        return face_key(self)

    @property
    def value(self) -> int:
        """Face value on a rack: the number, or 30 for a joker."""
        return JOKER_PENALTY if self >= 104 else (self >> 1) % 13 + 1

    def __repr__(self) -> str:
        return notation(self)

    __str__ = __repr__


_TILES = tuple(Tile.__new__(Tile, i) for i in ALL_TILE_IDS)


def is_joker(tile_id: int) -> bool:
    """True for the two jokers."""
    return tile_id >= 104


def number_of(tile_id: int) -> int:
    """The number printed on a numbered tile (1..13); 0 for a joker."""
    return 0 if tile_id >= 104 else (tile_id >> 1) % 13 + 1


def colour_index(tile_id: int) -> int:
    """The index of a numbered tile's colour in ``COLORS`` (0..3); 4 for a joker."""
    return 4 if tile_id >= 104 else (tile_id >> 1) // 13


def face_key(tile_id: int) -> int:
    """The face of a physical tile (both red 5s share it; both jokers are 52)."""
    return 52 if tile_id >= 104 else tile_id >> 1


def copies(face: int) -> tuple[int, ...]:
    """The two physical tiles of a face (the two jokers for 52)."""
    return JOKER_IDS if face == 52 else (face * 2, face * 2 + 1)


def face_number(face: int) -> int:
    """The number of a face (1..13); 0 for the joker face 52."""
    return 0 if face == 52 else face % 13 + 1


def face_colour(face: int) -> int:
    """The index in ``COLORS`` of a face's colour (0..3); 4 for the joker face 52."""
    return 4 if face == 52 else face // 13


def face_at(colour: int, number: int) -> int:
    """The face of colour index ``colour`` (0..3) and ``number`` (1..13)."""
    return colour * 13 + number - 1


# The tile helpers above as tables indexed by tile id, for the hot loops of the meld checker and
# the finder, where an index costs half a call: TILE_IS_JOKER[t] == is_joker(t), and so on.
TILE_IS_JOKER = tuple(is_joker(t) for t in ALL_TILE_IDS)
TILE_NUMBER = tuple(number_of(t) for t in ALL_TILE_IDS)
TILE_COLOUR = tuple(colour_index(t) for t in ALL_TILE_IDS)
TILE_FACE = tuple(face_key(t) for t in ALL_TILE_IDS)


def tile(tile_id: int) -> Tile:
    return _TILES[tile_id]


def face_of(color: str, number: int) -> int:
    return COLORS.index(color) * 13 + number - 1


def face_notation(face: int) -> str:
    if face == 52:
        return "J"
    return f"{COLORS[face // 13]}{face % 13 + 1}"


def notation(tile_id: int) -> str:
    return "J" if tile_id >= 104 else face_notation(tile_id >> 1)


def parse_face(token: str) -> int:
    """Parse one notation token to a face index (0..51, or 52 for a joker)."""
    text = token.strip().upper()
    if text in ("J", "JK", "JOKER"):
        return 52
    if len(text) < 2 or text[0] not in COLORS or not text[1:].isdigit():
        raise NotationError(
            f"bad tile {token!r}: expected a colour K, R, B or O followed by 1-13 (e.g. R5), or J for a joker"
        )
    number = int(text[1:])
    if not 1 <= number <= 13:
        raise NotationError(f"bad tile {token!r}: numbers run from 1 to 13")
    return face_of(text[0], number)


def split_tokens(text: str | Iterable[str]) -> list[str]:
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return [t for part in text for t in str(part).replace(",", " ").split()]


def parse_tiles(text: str | Iterable[str], used: Iterable[int] = ()) -> list[Tile]:
    """Parse notations to distinct physical tiles.

    Repeated faces take successive copies; ``used`` lists tile ids that are
    already taken elsewhere (so a rack parsed after a table gets the other copy).
    Raises ``NotationError`` when a face appears more often than it exists.
    """
    taken = set(int(u) for u in used)
    out: list[Tile] = []
    for token in split_tokens(text):
        face = parse_face(token)
        for cand in copies(face):
            if cand not in taken:
                taken.add(cand)
                out.append(_TILES[cand])
                break
        else:
            limit = "two jokers" if face == 52 else f"two copies of {face_notation(face)}"
            raise NotationError(f"too many {token.upper()}: there are only {limit}")
    return out


def format_tiles(tiles: Iterable[int]) -> str:
    return " ".join(notation(t) for t in tiles)


def tile_words(tile_id: int) -> str:
    """A tile as a player says it: "red 5", "joker"."""
    if tile_id >= 104:
        return "joker"
    face = tile_id >> 1
    return f"{COLOR_NAMES[COLORS[face // 13]]} {face % 13 + 1}"


def tiles_in_words(tiles: Iterable[int]) -> str:
    """Tiles as a player says them, comma-separated: "red 5, blue 5, joker"."""
    return ", ".join(tile_words(t) for t in tiles)


def full_set() -> list[Tile]:
    return list(_TILES)


def numbers_value(tiles: Iterable[int]) -> int:
    """The face values of the numbered tiles among ``tiles`` (jokers count nothing)."""
    return sum((t >> 1) % 13 + 1 for t in tiles if t < 104)


def rack_value(tiles: Iterable[int]) -> int:
    """Penalty value of tiles left on a rack (joker = 30)."""
    return sum(_TILES[t].value for t in tiles)


def sort_key_runs(t: int) -> tuple[int, int, int]:
    """Colour, then number (jokers last)."""
    return (1, 0, t) if t >= 104 else (0, t >> 1, t)


def sort_key_groups(t: int) -> tuple[int, int, int, int]:
    """Number, then colour (jokers last)."""
    if t >= 104:
        return (1, 0, 0, t)
    face = t >> 1
    return (0, face % 13, face // 13, t)


def set_words(tiles: Iterable[int]) -> str:
    """A set as a player says it, in the order given: "red 4-7", "red 4, joker, 6",
    "black, red and blue 9", "red 5 and joker"; anything else tile by tile."""
    ts = [int(t) for t in tiles]
    nums = [t for t in ts if t < 104]
    if len(ts) < 2 or not nums:
        return tiles_in_words(ts)
    jokers = len(ts) - len(nums)
    colours = [COLOR_NAMES[COLORS[(t >> 1) // 13]] for t in nums]
    numbers = [(t >> 1) % 13 + 1 for t in nums]
    if len(set(colours)) == 1 and len(set(numbers)) == len(numbers):
        if not jokers and len(ts) >= 3 and numbers == list(range(numbers[0], numbers[0] + len(numbers))):
            return f"{colours[0]} {numbers[0]}-{numbers[-1]}"
        return f"{colours[0]} " + ", ".join("joker" if t >= 104 else str((t >> 1) % 13 + 1) for t in ts)
    if len(set(numbers)) == 1 and len(set(colours)) == len(colours):
        names = list(colours)
        head = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        tail = "" if not jokers else (" and a joker" if jokers == 1 else f" and {jokers} jokers")
        return f"{head} {numbers[0]}{tail}"
    return tiles_in_words(ts)
