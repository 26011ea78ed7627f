"""The puzzle position the Tile Rush screens play on (``game.play.puzzle``)."""

from __future__ import annotations

import pytest

from game.play.puzzle import PuzzleSession, answer_board, lay_sets, puzzle_state
from game.rules.tiles import parse_tiles


def t(text: str) -> list[int]:
    return [int(x) for x in parse_tiles(text)]


TABLE = [t("R5 R6 R7"), t("K9 B9 O9"), t("B1 B2 B3 B4")]
RACK = t("R8 R9 B5")


def test_one_seat_position_keeps_every_tile_once():
    st = puzzle_state(TABLE, RACK)
    assert len(st.players) == 1 and st.players[0].melded
    assert sorted(st.players[0].rack) == sorted(RACK)
    assert sorted(map(sorted, (ln.tiles for ln in st.board.lines()))) == sorted(map(sorted, TABLE))
    assert not st.conservation_problems()


@pytest.mark.parametrize("table, rack", [([t("R5 R6 R7")], t("R5")), ([[200, 1, 2]], [3]), ([t("R5 R6 R7")], [5, 5])])
def test_a_position_that_is_not_one_is_refused_with_a_reason(table, rack):
    with pytest.raises(ValueError):
        puzzle_state(table, rack)


def test_placing_every_rack_tile_validly_is_what_counts():
    sess = PuzzleSession(puzzle_state(TABLE, RACK))
    assert not sess.placed_all()
    run = next(ln for ln in sess.table().lines() if ln.tiles[0] == t("R5")[0])
    r, c = run.cells[-1]
    assert sess.move(t("R8 R9"), "table", (r, c + 1)).ok
    assert not sess.placed_all()  # the blue 5 is still on the rack
    ones = next(ln for ln in sess.table().lines() if ln.tiles[0] == t("B1")[0])
    r, c = ones.cells[-1]
    assert sess.move(t("B5"), "table", (r, c + 1)).ok
    assert sess.placed_all()
    assert sorted(map(sorted, sess.table_sets())) == sorted(map(sorted, [t("R5 R6 R7 R8 R9"), t("K9 B9 O9"), t("B1 B2 B3 B4 B5")]))


def test_no_drawing_and_no_clock():
    sess = PuzzleSession(puzzle_state(TABLE, RACK))
    assert sess.turn_time == 0
    assert not sess.draw().ok
    assert len(sess.state.players[0].rack) == 3


def test_answer_board_leaves_kept_and_grown_sets_in_place():
    st = puzzle_state(TABLE, RACK)
    answer = [t("R5 R6 R7 R8 R9"), t("K9 B9 O9"), t("B1 B2 B3 B4 B5")]
    board = answer_board(st, answer)
    before = st.board.where()
    after = board.where()
    for tile in t("K9 B9 O9 B1 B2 B3 B4"):  # kept whole; grown where there is room
        assert after[tile] == before[tile]
    assert sorted(map(sorted, (ln.tiles for ln in board.lines()))) == sorted(map(sorted, answer))


def test_lay_sets_keeps_sets_apart():
    board = lay_sets([t("K1 K2 K3"), t("O4 O5 O6 O7")], width=8)
    assert len(board.lines()) == 2


def test_the_rules_screen_text_uses_the_modes_own_figures():
    from game.play.puzzle_runs import quick_seconds, rules_text
    from game.puzzles.rush import PENALTY, par_seconds

    text = " ".join(p for _, p in rules_text())
    assert f"costs {int(PENALTY)} seconds" in text
    assert f"({int(par_seconds(1))} seconds at grade 1" in text
    assert f"({quick_seconds(1)} seconds at grade 1" in text


def test_a_pack_puzzle_solved_leads_on_to_the_next_and_a_wrong_done_is_a_miss():
    from game.play.puzzle_runs import pack_run

    run = pack_run(1, 1)
    assert run.again_label() == "Play again"
    wrong = run.done([list(s) for s in run.puzzle.table])
    assert not wrong.solved and wrong.misses == 1 and "not placed" in wrong.text
    run.tick(3.0)
    got = run.done([list(s) for s in run.puzzle.answer])
    assert got.solved and run.over and "0:03" in got.text
    assert run.again_label() == "Next puzzle" and run.again().puzzle.id == "pack-01-02"
    assert [r.result for r in run.rows()] == ["solved"] and run.rows()[0].wrong == 1
