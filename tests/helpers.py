"""Small builders shared by the tests."""

from game.rules.board import Board
from game.rules.tiles import parse_tiles


def board_of(*rows: str, used=()) -> Board:
    """Each argument is one set in notation, laid out on its own row starting at column 0."""
    b = Board()
    taken = list(used)
    for r, text in enumerate(rows):
        tiles = parse_tiles(text, used=taken)
        taken += tiles
        b.place_line((r * 2, 0), tiles)
    return b


def tiles_of(text: str, used=()):
    return parse_tiles(text, used=used)
