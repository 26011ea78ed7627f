from helpers import crossing_board

from game.rules.board import Board
from game.rules.tiles import format_tiles, parse_tiles


def test_horizontal_lines_are_maximal_runs_of_touching_tiles():
    b = Board()
    a = parse_tiles("R1 R2 R3 K9 B9 O9")
    b.place_line((0, 0), a[:3])
    b.place_line((0, 4), a[3:])       # one empty cell between: two lines
    lines = b.lines()
    assert [format_tiles(ln.tiles) for ln in lines] == ["R1 R2 R3", "K9 B9 O9"]
    b.place((0, 3), parse_tiles("R4")[0])  # closing the gap joins them into one line
    assert [format_tiles(ln.tiles) for ln in b.lines()] == ["R1 R2 R3 R4 K9 B9 O9"]


def test_vertical_lines_only_in_crossword_reading():
    b = crossing_board()
    plain = {format_tiles(ln.tiles) for ln in b.lines()}
    assert plain == {"R5 R6 R7", "K6", "B6"}     # lone tiles are lines of one (invalid)
    cross = {format_tiles(ln.tiles) for ln in b.lines(vertical=True)}
    assert cross == {"R5 R6 R7", "K6 R6 B6"}     # the crossing tile belongs to both lines
    assert all(ln.check() for ln in b.lines(vertical=True))


def test_connectivity():
    b = Board()
    b.place_line((0, 0), parse_tiles("R5 R6 R7"))
    assert b.is_connected()
    b.place_line((3, 0), parse_tiles("K5 K6 K7"))
    assert not b.is_connected()


def test_free_slot_leaves_a_gap_and_from_sets_round_trips():
    sets = [parse_tiles("R1 R2 R3"), parse_tiles("K9 B9 O9"), parse_tiles("B10 B11 B12 B13")]
    b = Board.from_sets(sets, width=10)
    assert sorted(map(tuple, (ln.tiles for ln in b.lines()))) == sorted(map(tuple, sets))
    assert Board.from_list(b.to_list()) == b
    assert all(c < 10 for _, c in b.cells)
