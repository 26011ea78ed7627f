"""Rummi200kub (sheet 000): the set-up, the crossword board, the initial play and what one turn is."""

from __future__ import annotations

import json

import pytest

from game.rules.reasons import Fact, Note, Reason
from helpers import refused
from game.rules import engine
from game.rules.board import Board
from game.rules.turn import TurnStart, analyse
from game.rules.variants import REGISTRY

from r200pos import KEY, Pos, make_state, messages, variant, claim, cells_of, check


# -- set-up ------------------------------------------------------------------------------------------------


def test_registered_with_the_sheet_parameters():
    v = variant()
    assert KEY in REGISTRY and v.sheet == "000"
    assert (v.tiles_dealt, v.initial_meld, v.start_rule, v.direction) == (14, 30, "lowest", -1)
    assert v.crossword and v.joker_exact_replacement and v.freed_joker_min_rack == 2
    assert v.turn_time() == 200 and "turn_time" not in v.options  # fixed by the sheet, not an option
    assert v.options["tokens"] == 45 and v.options["lock_tokens"] == 12


def test_deal_supplies_lowest_starts_and_counter_clockwise():
    for seed in range(4):
        state = engine.new_game(KEY, ["A", "B", "C"], seed=seed)
        assert all(len(p.rack) == 14 for p in state.players)
        assert all(p.extra == {"tokens": 45, "locks": 4} for p in state.players)  # 12 locks shared by 3
        numbers = [(t >> 1) % 13 for t in state.opening_draw]
        first = state.current
        assert state.opening_draw[first] < 104 and numbers[first] == min(numbers[s] for s in range(3) if state.opening_draw[s] < 104)
        engine.draw(state)
        assert state.current == (first - 1) % 3
    four = engine.new_game(KEY, ["A", "B", "C", "D"], seed=1, options={"lock_tokens": 14, "tokens": 30})
    assert [p.extra["locks"] for p in four.players] == [3, 3, 3, 3] and four.players[0].extra["tokens"] == 30


def test_options_are_checked_and_shown_on_the_rules_screen():
    with pytest.raises(ValueError):
        variant(tokens=0)
    with pytest.raises(ValueError):
        variant(claimed_sets="sometimes")
    with pytest.raises(ValueError):
        variant(colour="red")
    v = variant(tokens=50, lock_tokens=8)
    text = " ".join(p for _, p in v.rules_text()) + " ".join(v.readings())
    assert "50 claim tokens" in text and "8 lock tokens" in text
    assert "past 200 is not allowed" in " ".join(v.readings())
    assert "past 200 is allowed" in " ".join(variant(allow_over_200=True).readings())


# -- the crossword board ------------------------------------------------------------------------------------


def test_crossing_tile_belongs_to_both_lines_and_vertical_play_is_legal():
    # Sheet "Example of playing vertically": a run laid down across a tile of a set on the board.
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("R6 R7 R9 O1")
    board = pos.board.copy()
    for r, t in zip((-2, -1, 1), rack[:3]):
        board.place((r, 1), t)
    lines = board.lines(vertical=True)
    assert sorted((ln.vertical, len(ln.cells)) for ln in lines) == [(False, 3), (True, 4)]
    crossing = pos.cell(0, 1)
    assert all(crossing in ln.tiles for ln in lines)
    assert check(pos, rack, board) == []


def test_vertical_runs_ascend_top_to_bottom():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("R9 R7")
    board = pos.board.copy()
    board.place((-1, 1), rack[0])  # R9 above R8, R7 below: descending
    board.place((1, 1), rack[1])
    assert refused(check(pos, rack, board), Reason.INVALID_SET)


def test_two_parallel_sets_make_invalid_two_tile_lines():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("K9 R9 B9")
    board = pos.board.copy()
    for c, t in enumerate(rack):
        board.place((1, c), t)
    problems = check(pos, rack, board)
    assert [p.code for p in problems].count(Reason.INVALID_SET) == 3


def test_all_tiles_must_form_one_connected_group():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("O1 O2 O3")
    board = pos.board.copy()
    for c, t in enumerate(rack):
        board.place((0, 5 + c), t)
    assert refused(check(pos, rack, board), Reason.NOT_CONNECTED)


def test_a_loose_tile_is_refused():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("O8 O1")
    board = pos.board.copy()
    board.place((1, 0), rack[1])  # K8 above O1: a two-tile column
    assert check(pos, rack, board)


# -- scoring and the initial play --------------------------------------------------------------------------


def test_three_eights_are_worth_24():
    pos = Pos().at(0, 0, "K8 R8 B8").down(-2, 2, "B6 B7")
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")])
    result = claim(state, *cells_of(0, 0, 3))
    assert result.ok, messages(result)
    assert state.players[0].score == 24


def test_initial_play_on_an_empty_board():
    pos = Pos()
    rack = pos.tiles("K10 R10 B10 K9 R9 B9 O1")
    ok = Board()
    for c, t in enumerate(rack[:3]):
        ok.place((0, c), t)
    assert check(pos, rack, ok, melded=False) == []  # 30 points
    low = Board()
    for c, t in enumerate(rack[3:6]):
        low.place((0, c), t)
    assert refused(check(pos, rack, low, melded=False), Reason.INITIAL_PLAY_TOO_FEW_POINTS, numbers=(30, 27))


def test_initial_play_of_two_crossing_sets_counts_the_shared_tile_once():
    pos = Pos()
    rack = pos.tiles("K5 R5 B5 R3 R4 O1")  # group 15 + run R3 R4 R5: 15 + 7 from the other tiles = 22
    board = Board()
    for c, t in enumerate(rack[:3]):
        board.place((0, c), t)
    board.place((-2, 1), rack[3])
    board.place((-1, 1), rack[4])
    problems = check(pos, rack, board, melded=False)
    assert refused(problems, Reason.INITIAL_PLAY_TOO_FEW_POINTS, numbers=(30, 22))
    rack2 = pos.tiles("K12 R12 B12 R10 R11")
    board2 = Board()
    for c, t in enumerate(rack2[:3]):
        board2.place((0, c), t)
    board2.place((-2, 1), rack2[3])
    board2.place((-1, 1), rack2[4])
    assert check(pos, rack2, board2, melded=False) == []  # 36 + 21 = 57


def test_initial_play_across_a_set_counts_only_rack_tiles():
    pos = Pos().at(0, 0, "K10 R10 B10")
    rack = pos.tiles("R9 R11 R12 R13")
    short = pos.board.copy()
    short.place((-1, 1), rack[0])
    short.place((1, 1), rack[1])  # R9 R10 R11 is worth 30, but only 20 of it is yours
    assert refused(check(pos, rack, short, melded=False), Reason.INITIAL_PLAY_TOO_FEW_POINTS, numbers=(30, 20))
    full = pos.board.copy()
    for r, t in zip((-1, 1, 2, 3), rack):
        full.place((r, 1), t)
    assert check(pos, rack, full, melded=False) == []  # 9 + 11 + 12 + 13 = 45


def test_initial_play_may_not_extend_or_move_table_sets():
    pos = Pos().at(0, 0, "K10 R10 B10").down(1, 1, "R11 R12")
    rack = pos.tiles("O10 K11 B11 K13 R13 B13")
    board = pos.board.copy()
    board.place((0, 3), rack[0])  # extends the table group
    for c, t in enumerate(rack[3:6]):
        board.place((3, c), t)  # K13 R13 B13 across the bottom of the R10-R12 run: extends it too
    problems = check(pos, rack, board, melded=False)
    assert refused(problems, Reason.INITIAL_PLAY_NEW_SETS)
    assert check(pos, rack, board, melded=True) == []  # fine after the initial play
    extend = variant(initial_may_extend=True)
    start = TurnStart(pos.board.copy(), rack, False, None, {"claims": []})
    assert analyse(extend, start, board).problems == []
    moved = pos.board.copy()
    moved.remove((0, 0))
    moved.place((0, 3), pos.cell(0, 0))
    assert refused(check(pos, rack, moved, melded=False), Reason.BOARD_MOVED_BEFORE_PLAY)


# -- a turn is one thing -------------------------------------------------------------------------------------


def test_failed_play_is_undone():
    pos = Pos().at(0, 0, "K8 R8 B8")
    state = make_state(pos, [pos.tiles("O8 O9 R1"), pos.tiles("O2")])
    before = json.dumps(state.to_dict(), sort_keys=True)
    draft = state.board.copy()
    rack = state.players[0].rack
    draft.remove((0, 0))  # a table tile moved away...
    draft.place((2, 0), pos.cell(0, 0))
    draft.place((0, 3), rack[0])  # ...and a rack tile added: loose K8, broken group
    result = engine.play(state, draft)
    assert not result.ok and Reason.NOT_CONNECTED in messages(result)
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_time_limit_draws_and_ends_the_turn():
    pos = Pos().at(0, 0, "K8 R8 B8")
    state = make_state(pos, [pos.tiles("O8 R1"), pos.tiles("O2")])
    draft = state.board.copy()
    draft.place((0, 3), state.players[0].rack[0])
    size, pool = len(state.players[0].rack), len(state.pool)
    result = engine.timeout(state, draft)
    assert result.ok and state.board == pos.board  # the draft went back
    assert len(state.players[0].rack) == size + 1 and len(state.pool) == pool - 1
    assert state.current == 1 and state.variant.timeout_consequence() == Note(Fact.TIME_UP_SECONDS_DRAW, (200,))
