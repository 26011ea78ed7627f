"""Rummi200kub (sheet 000): freeing jokers with the exact tile and playing them in new sets."""

from __future__ import annotations

import pytest


from game.rules.reasons import Reason
from helpers import refused
from r200pos import Pos, check, joker_position


# -- jokers ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("replacement", ["R8", "O8"])
def test_joker_freed_by_either_missing_colour_and_played_with_two_rack_tiles(replacement):
    pos = joker_position()
    joker = pos.cell(0, 1)
    rack = pos.tiles(f"{replacement} K10 K11")
    board = pos.board.copy()
    board.place((0, 1), rack[0])  # the exact tile takes the joker's place
    for r, t in zip((1, 2, 3), (joker, rack[1], rack[2])):
        board.place((r, 0), t)  # K8 J(K9) K10 K11 down from K8
    assert check(pos, rack, board) == []


def test_freed_joker_needs_two_rack_tiles_in_its_new_set():
    pos = joker_position()
    joker = pos.cell(0, 1)
    rack = pos.tiles("R8 K10")
    board = pos.board.copy()
    board.place((0, 1), rack[0])
    board.place((1, 0), joker)
    board.place((2, 0), rack[1])  # K8 J K10: only one tile from the rack with the joker
    assert refused(check(pos, rack, board), Reason.FREED_JOKER_FEW_RACK, numbers=(2,))


def test_joker_must_be_replaced_by_the_exact_tile_in_its_place():
    pos = joker_position()
    joker = pos.cell(0, 1)
    wrong = pos.tiles("K10 K11 O9")
    board = pos.board.copy()
    board.remove((0, 1))
    # K8 . B8 would split: the joker can only come out by putting R8/O8 in its place.
    board.place((0, 1), wrong[2])
    for r, t in zip((1, 2, 3), (joker, wrong[0], wrong[1])):
        board.place((r, 0), t)
    problems = check(pos, wrong, board)
    assert refused(problems, Reason.JOKER_NOT_REPLACED, "O8 R8")


def test_the_exact_tile_played_elsewhere_does_not_free_the_joker():
    pos = Pos().at(0, 0, "K8 J B8 O8").down(-2, 2, "B6 B7")  # the joker is R8
    k8, joker = pos.cell(0, 0), pos.cell(0, 1)
    rack = pos.tiles("R8 K10 K11 B8")
    r8, k10, k11, b8 = rack
    board = pos.board.copy()
    board.remove((0, 0))
    board.place((0, 1), k8)  # K8 B8 O8 closes up: a valid group without the joker
    for r, t in zip((1, 2, 3), (joker, k10, k11)):
        board.place((r, 1), t)  # K8 J(K9) K10 K11 down: the joker with two rack tiles
    board.place((1, 3), r8)
    board.place((2, 3), b8)  # O8 R8 B8 down from O8: R8 is played, but not in the joker's place
    problems = check(pos, rack, board)
    assert len(problems) == 1 and refused(problems, Reason.JOKER_NOT_IN_PLACE, "R8")
    fixed = board.copy()
    fixed.remove((1, 3))
    fixed.remove((2, 3))
    fixed.place((0, 0), r8)  # R8 K8 B8 O8: the exact tile in the joker's set
    assert check(pos, [r8, k10, k11], fixed) == []


def test_no_joker_retrieval_before_the_initial_play():
    pos = joker_position()
    joker = pos.cell(0, 1)
    rack = pos.tiles("R8 K10 K11 K12")
    board = pos.board.copy()
    board.place((0, 1), rack[0])
    for r, t in zip((1, 2, 3, 4), (joker, rack[1], rack[2], rack[3])):
        board.place((r, 0), t)
    assert refused(check(pos, rack, board, melded=False), Reason.BOARD_MOVED_BEFORE_PLAY)


def test_joker_at_a_crossing_stands_for_one_tile():
    pos = Pos().at(0, 0, "O8 J O10")  # the joker is O9 across
    good = pos.board.copy()
    k9, r9 = pos.tiles("K9 R9")
    good.place((-2, 1), k9)
    good.place((-1, 1), r9)  # K9 R9 J down: a group where the joker may be B9 or O9 - O9 fits both
    assert check(pos, [k9, r9], good) == []
    bad = pos.board.copy()
    k7, r7 = pos.tiles("K7 R7")
    bad.place((-2, 1), k7)
    bad.place((-1, 1), r7)  # K7 R7 J down: the joker would be a 7 down and O9 across
    assert [p.code for p in check(pos, [k7, r7], bad)] == [Reason.JOKER_CROSSING]


def test_a_freed_joker_may_not_extend_a_line_already_on_the_board():
    # The sheet: the freed joker is used "with 2 or more tiles from his rack to make a new set".
    pos = joker_position()  # K8 J B8 across, B6 B7 B8 down column 2
    joker = pos.cell(0, 1)
    rack = pos.tiles("R8 B10 B11")
    board = pos.board.copy()
    board.place((0, 1), rack[0])  # the exact tile takes the joker's place
    for r, t in zip((1, 2, 3), (joker, rack[1], rack[2])):
        board.place((r, 2), t)  # B6 B7 B8 J(B9) B10 B11: the old line, extended
    problems = check(pos, rack, board)
    assert refused(problems, Reason.FREED_JOKER_OLD_SET)
