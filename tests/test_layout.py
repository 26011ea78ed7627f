"""How the computer players lay a play on the flat table: a set the turn does not change
keeps its cells; a set that grows takes free cells beside it or moves alone; new sets go
to the first free space that fits."""

from __future__ import annotations

from game.ai.layout import layout
from game.rules.board import Board
from game.rules.tiles import parse_tiles


def tiles(text: str, used: list[int]) -> list[int]:
    out = [int(t) for t in parse_tiles(text, used)]
    used += out
    return out


def cells_of(board: Board, ts) -> list:
    where = board.where()
    return [where[t] for t in ts]


def test_a_set_beside_a_growing_run_keeps_its_cells():
    used: list[int] = []
    run, blue, new = tiles("R1 R2 R3", used), tiles("B5 B6 B7", used), tiles("R4", used)
    old = Board()
    old.place_line((0, 0), run)
    old.place_line((0, 4), blue)
    after = layout(old, [run + new, blue])
    assert cells_of(after, blue) == [(0, 4), (0, 5), (0, 6)]  # unchanged: it stays
    line = after.line_of(after.where()[run[0]])
    assert list(line.tiles) == run + new and line.cells[0][0] == 0  # the run moved alone, in its row
    # listed the other way round, the same
    again = layout(old, [blue, run + new])
    assert cells_of(again, blue) == [(0, 4), (0, 5), (0, 6)]


def test_a_growing_set_takes_free_cells_beside_it():
    used: list[int] = []
    run, blue, new = tiles("R2 R3 R4", used), tiles("B5 B6 B7", used), tiles("R1", used)
    old = Board()
    old.place_line((0, 0), run)
    old.place_line((0, 4), blue)
    after = layout(old, [new + run, blue])
    assert cells_of(after, blue) == [(0, 4), (0, 5), (0, 6)]
    # R1 cannot go left of column 0: the run shifts as little as it can (here, the row has room
    # only after the blue set)
    line = after.line_of(after.where()[run[0]])
    assert list(line.tiles) == new + run and not set(line.cells) & {(0, 3), (0, 7)}


def test_an_unchanged_set_handed_in_another_order_keeps_its_order_and_cells():
    used: list[int] = []
    run, joker = tiles("O5 O6", used), tiles("J", used)
    group = tiles("K9 R9 B9", used)
    old = Board()
    old.place_line((1, 3), run + joker)
    old.place_line((0, 2), group)
    after = layout(old, [joker + run, list(reversed(group)), tiles("R11 R12 R13", used)])
    assert cells_of(after, run + joker) == [(1, 3), (1, 4), (1, 5)]
    assert cells_of(after, group) == [(0, 2), (0, 3), (0, 4)]
    assert len(after.lines()) == 3


def test_new_sets_go_to_the_first_free_space_and_nothing_else_moves():
    used: list[int] = []
    sets = [tiles("R1 R2 R3", used), tiles("B1 B2 B3", used), tiles("O1 O2 O3", used), tiles("K1 K2 K3", used)]
    old = Board.from_sets(sets, 19)
    fresh = [tiles("R7 R8 R9", used), tiles("K10 B10 O10", used)]
    after = layout(old, sets + fresh)
    for s in sets:
        assert cells_of(after, s) == cells_of(old, s)
    for s in fresh:
        line = after.line_of(after.where()[s[0]])
        assert len(line.tiles) == 3  # alone, touching nothing


def test_an_unchanged_set_made_of_the_other_copies_of_its_faces_keeps_its_cells():
    """The referee reads the two copies of a face as one (``canonical_board``): a set showing
    an old set's faces is that set, even when the player hands in the other copy."""
    used: list[int] = []
    group = tiles("K13 R13 B13 O13", used)
    run = tiles("K10 K11 K12", used)
    other_k13 = tiles("K13", used)[0]
    old = Board()
    old.place_line((0, 4), run)
    old.place_line((0, 8), group)
    after = layout(old, [run + [group[0]], [other_k13] + group[1:]])
    line = after.line_of((0, 8))
    assert line is not None and line.cells[0] == (0, 8) and len(line.tiles) == 4
    assert [t >> 1 for t in line.tiles] == [t >> 1 for t in group]


def test_seeded_computer_games_move_no_unchanged_set_and_keep_the_tile_size():
    from game.cli.bench_table import flat_rule_sets, play_game

    for variant in flat_rule_sets():
        got = play_game(variant, 4 if variant != "golden-games" else 3, seed=7)
        assert got["plays"] > 5
        assert got["sets_moved_unchanged"] == 0, got["examples"]
        assert got["tile_px_changes_within_turn"] == 0
