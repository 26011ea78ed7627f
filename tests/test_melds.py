"""Every set example and counter-example printed in the rule sheets, and the joker readings."""

import pytest

from game.rules.reasons import SetFault

from game.rules.melds import arrange, check_line, check_set
from game.rules.tiles import face_notation, parse_tiles


def line(text):
    return check_line(parse_tiles(text))


def unordered(text):
    return check_set(parse_tiles(text))


# -- groups ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,value", [
    ("R8 B8 K8", 24),            # sheet 000: a set of three eights = 24 points
    ("R8 B8 K8 O8", 32),         # sheet 004: 8-8-8-8 = 32
    ("K3 R3 B3", 9),             # sheet 004: 3-3-3 (9 points) valid after the first move
    ("R5 B5 O5 K5", 20),         # sheet 004: a full group of four fives
])
def test_valid_groups(text, value):
    m = line(text)
    assert m and m.kind == "group" and m.value == value


@pytest.mark.parametrize("text,reason", [
    ("R5 B5 K4 O5", SetFault.GROUP_ONE_NUMBER),               # sheet 004: 5-5-4-5 invalid (not the same number)
    ("R5 B5 O5 K5 R5", SetFault.GROUP_TOO_LONG),             # sheet 004: five fives (two of one colour)
    ("R5 R5 B5", SetFault.GROUP_COLOUR_TWICE),             # a group needs different colours
    ("R8 B8", SetFault.TOO_SHORT),                     # sets need three tiles
])
def test_invalid_groups(text, reason):
    m = line(text)
    assert not m and m.reason == reason


# -- runs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,value", [
    ("R3 R4 R5 R6 R7", 25),      # sheet 004: red run 3-4-5-6-7
    ("K11 K12 K13", 36),         # sheet 004: first move 11-12-13 = 36
    ("B2 B3 B4 B5 B6 B7 B8 B9", 44),
    ("O1 O2 O3", 6),             # 1 is always the lowest number
    ("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", 91),  # up to 13 tiles
])
def test_valid_runs(text, value):
    m = line(text)
    assert m and m.kind == "run" and m.value == value


@pytest.mark.parametrize("text,reason", [
    ("R3 R4 R5 B6 R7", SetFault.RUN_ONE_COLOUR),            # sheet 004: invalid, the 6 is not the same colour
    ("K8 K9 K10 K11 K12 K13 K1", SetFault.RUN_WRAPS),        # sheet 004: 8-...-13-1 invalid (no wrapping)
    ("O12 O13 O1", SetFault.RUN_WRAPS),                      # sheets 001/002: 1 cannot follow 13
    ("R12 R13 J J", SetFault.RUN_PAST_13),
    ("R5 R7 R8", SetFault.RUN_ASCENDING),
    ("R7 R6 R5", SetFault.RUN_ASCENDING),                 # on the table a run reads low to high
])
def test_invalid_runs(text, reason):
    m = line(text)
    assert not m and m.reason == reason


def test_first_move_examples_from_sheet_004():
    # 4-5-6-7 and 3-3-3: (4+5+6+7) + (3+3+3) = 31
    assert line("B4 B5 B6 B7").value + line("K3 R3 O3").value == 31


# -- jokers ---------------------------------------------------------------------------------------
def test_joker_in_run_stands_for_the_gap():
    m = line("R4 J R6")
    assert m.kind == "run" and m.value == 15
    assert [face_notation(r[0]) for r in m.roles] == ["R4", "R5", "R6"]


def test_joker_at_run_end_reads_by_position_on_the_table():
    assert line("R5 R6 J").value == 18
    assert line("J R5 R6").value == 15
    assert not line("R12 R13 J")


def test_joker_in_group_may_stand_for_either_missing_colour():
    tiles = parse_tiles("K7 R7 J")
    m = check_line(tiles)
    assert m.kind == "group" and m.value == 21
    assert sorted(face_notation(f) for f in m.roles[2]) == ["B7", "O7"]


def test_joker_inside_group_of_four():
    m = line("K9 J B9 O9")
    assert m.kind == "group" and [face_notation(f) for f in m.roles[1]] == ["R9"]


def test_ambiguous_joker_takes_the_highest_reading():
    # J J R5 could be a run R5 R6 R7 (18) or a group of fives (15): the run is worth more.
    assert unordered("J J R5").value == 18
    assert unordered("R5 R6 J").value == 18          # R7 rather than R4
    assert unordered("R12 R13 J").value == 36        # only R11 is possible
    assert line("J J R5").kind == "group"            # in table order only the group fits


def test_unordered_check_accepts_any_order():
    assert unordered("K13 K11 K12").value == 36
    assert not unordered("K12 K13 K1")
    assert unordered("R9 J R7").value == 24


def test_two_jokers_cannot_make_a_set_alone():
    assert not unordered("J J")
    assert not line("J J")


def test_arrange_orders_a_run_with_its_joker():
    tiles = parse_tiles("R9 J R7")
    ordered = arrange(tiles)
    assert check_line(ordered) and [str(t) for t in ordered] == ["R7", "J", "R9"]
