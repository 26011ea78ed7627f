"""Editing a flat table's draft (game.play.draft, pure): drops join the set they are put on
or at, new sets land sorted, sets never touch, a set the player does not change never moves
(the changed one takes free cells beside it or moves alone), a group closes its gap, whole
sets move as they are, and the table never runs out of room."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.play import draft
from game.rules.board import Board
from game.rules.tiles import format_tiles, parse_tiles

W = 19


def table(*rows: str) -> Board:
    """Rows in notation, one token per cell, ``.`` for an empty cell (both copies of a face
    may appear: the first token is the first copy)."""
    tokens = [tok for row in rows for tok in row.split() if tok != "."]
    ids = iter(int(t) for t in parse_tiles(" ".join(tokens)))
    cells = {}
    for r, row in enumerate(rows):
        for c, tok in enumerate(row.split()):
            if tok != ".":
                cells[(r, c)] = next(ids)
    return Board(cells)


def picture(board: Board) -> list[str]:
    """The board as rows of notation (trailing empty cells dropped)."""
    if not board.cells:
        return []
    rows = max(r for r, _ in board.cells) + 1
    out = []
    for r in range(rows):
        cols = [c for rr, c in board.cells if rr == r]
        n = max(cols) + 1 if cols else 0
        out.append(" ".join(format_tiles([board.cells[(r, c)]]) if (r, c) in board.cells else "." for c in range(n)))
    return out


def tile_of(board: Board, cell) -> int:
    return board.cells[cell]


def gaps_kept(board: Board, width: int = W) -> bool:
    """Every line is a set the player made: no line longer than a row, nothing off the table."""
    return all(0 <= c < width and r >= 0 for r, c in board.cells)


def test_the_module_is_pure():
    code = "import game.play.draft, sys; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"


def test_a_tile_at_the_end_of_a_run_joins_it_and_never_the_set_one_gap_away():
    # the reported case: a red 6 put at the end of red 2-5, the 12-12-joker set one gap further
    b = table("R2 R3 R4 R5 . K12 R12 J")
    r6 = int(parse_tiles("R6")[0])
    out = draft.drop(b, [r6], (0, 4), W)
    assert sorted(format_tiles(ln.tiles) for ln in out.lines()) == ["K12 R12 J", "R2 R3 R4 R5 R6"]
    assert [ln.check().ok for ln in out.lines()] == [True, True]
    # the set it did not join stays; the run, too long for its place now, moved alone
    assert picture(out)[0] == ". . . . . K12 R12 J"
    assert picture(out)[1] == "R2 R3 R4 R5 R6"


def test_a_tile_dropped_in_the_gap_joins_the_set_it_makes_a_set_with():
    # the gap is next to both sets: the 6 belongs to the red run on the right
    b = table("K12 R12 J . R7 R8 R9")
    r6 = int(parse_tiles("R6")[0])
    out = draft.drop(b, [r6], (0, 3), W)
    assert picture(out) == ["K12 R12 J . R6 R7 R8 R9"]


def test_dropping_onto_a_tile_joins_that_tiles_set():
    b = table("R2 R3 R4 . B9 B10 B11")
    b8 = int(parse_tiles("B8")[0])
    # put on the blue 9 (the first tile of its set, next to the red run's gap): joins the blue run
    out = draft.drop(b, [b8], (0, 4), W)
    assert picture(out) == ["R2 R3 R4 . B8 B9 B10 B11"]
    # put on the red 4: joins the red run even though it does not fit there (outlined later);
    # the blue run stays where it is and the red set, grown, moves alone to the nearest room
    out = draft.drop(b, [b8], (0, 2), W)
    assert picture(out)[0] == ". . . . B9 B10 B11"
    assert picture(out)[1] == "R2 R3 R4 B8"


def test_tiles_join_a_run_in_their_place_by_number():
    o3, o7 = (int(t) for t in parse_tiles("O3 O7"))
    # dropped on the middle of the run: the 3 goes first, the 7 last; the old tiles stay put
    out = draft.drop(table(". O4 O5 O6"), [o7, o3], (0, 2), W)
    assert picture(out) == ["O3 O4 O5 O6 O7"]
    # a tile that belongs in the middle of a set goes in the middle
    out = draft.drop(table("O3 O4 J O6"), [int(parse_tiles("O5")[0])], (0, 0), W)
    assert [format_tiles([t]) for t in out.lines()[0].tiles] == ["O3", "O4", "O5", "O6", "J"]


def test_a_tile_joins_a_group_by_colour():
    b = table("O5 K5 .")
    r5, b5 = (int(t) for t in parse_tiles("R5 B5"))
    out = draft.drop(b, [b5], (0, 2), W)
    assert picture(out) == ["K5 B5 O5"]
    out = draft.drop(out, [r5], (0, 0), W)
    assert picture(out) == ["K5 R5 B5 O5"]


def test_tiles_put_down_together_land_sorted():
    b1, b3, b2 = (int(t) for t in parse_tiles("B1 B3 B2"))
    out = draft.drop(Board(), [b1, b3, b2], (1, 5), W)
    assert picture(out) == ["", ". . . . . B1 B2 B3"]
    # a group by colour, a run with a joker in its place
    out = draft.drop(Board(), [int(t) for t in parse_tiles("O9 J K9")], (0, 0), W)
    assert picture(out) == ["K9 O9 J"]
    out = draft.drop(Board(), [int(t) for t in parse_tiles("R7 J R5")], (0, 0), W)
    assert picture(out) == ["R5 J R7"]


def test_a_new_set_on_empty_space_stays_apart_from_its_neighbours():
    b = table("R2 R3 R4 . . . K7 K8 K9")
    b10, b11, b12 = (int(t) for t in parse_tiles("B10 B11 B12"))
    # three blue tiles dropped on the free cells touch both sets: they are not a set with either
    out = draft.drop(b, [b10, b11, b12], (0, 4), W)
    assert picture(out) == ["R2 R3 R4 . . . K7 K8 K9", ". . . . B10 B11 B12"]  # the nearest room
    assert len(out.lines()) == 3
    # where it fits, it lands where it is put
    out = draft.drop(b, [b10, b11], (0, 11), W)
    assert picture(out) == ["R2 R3 R4 . . . K7 K8 K9 . . B10 B11"]


def test_a_set_the_drop_does_not_change_never_moves():
    b = table("R1 R2 R3 . K4 K5 K6 . B7 B8 B9 . O10 O11 O12 . R5 R6 R7",
              "K1 K2 K3")
    r13 = int(parse_tiles("R13")[0])
    k7 = int(parse_tiles("K7")[0])
    out = draft.drop(b, [k7], (0, 7), W)  # at the end of K4-K6: no room beside it in the row
    rows = picture(out)
    assert rows[0] == "R1 R2 R3 . . . . . B7 B8 B9 . O10 O11 O12 . R5 R6 R7"  # nothing else moved
    assert rows[1] == "K1 K2 K3 . K4 K5 K6 K7"  # the grown set, alone, in the nearest room
    # a full row below is left alone: the set goes to the nearest row with room
    full = table("R1 R2 R3 . K4 K5 K6 . B7 B8 B9 . O10 O11 O12 . R5 R6 R7",
                 "K1 K2 K3 . B1 B2 B3 . O1 O2 O3 . K10 K11 K12 . B4 B5",
                 "O7 O8 O9")
    out = draft.drop(full, [k7], (0, 7), W)
    for cell, t in full.cells.items():
        if t not in draft.sets_of(full)[0] and cell[1] not in (4, 5, 6) or cell[0] != 0:
            assert out.get(cell) == t
    assert picture(out)[2] == "O7 O8 O9 . K4 K5 K6 K7"
    # a new set in the middle of a full row: nothing is lost, nothing else moves
    out2 = draft.drop(out, [r13], (0, 5), W)
    assert len(out2) == len(out) + 1 and gaps_kept(out2)
    assert all(out2.get(c) == t for c, t in out.cells.items())


def test_taking_a_tile_out_of_a_group_leaves_one_group():
    b = table("K5 R5 B5 O5 . R7 R8 R9 R10 R11")
    r5, r9 = tile_of(b, (0, 1)), tile_of(b, (0, 7))
    out = draft.lift(b, [r5])  # to the rack
    assert picture(out) == ["K5 B5 O5 . . R7 R8 R9 R10 R11"]
    # moved elsewhere on the table: the same
    out = draft.drop(b, [r5], (2, 0), W)
    assert picture(out)[0] == "K5 B5 O5 . . R7 R8 R9 R10 R11" and picture(out)[2] == "R5"
    # a run is cut where its tile is taken out
    out = draft.lift(b, [r9])
    assert picture(out) == ["K5 R5 B5 O5 . R7 R8 . R10 R11"]
    # a group with a joker closes its gap too; a group the player refills stays as it is
    g = table("K8 J B8 O8")
    assert picture(draft.lift(g, [tile_of(g, (0, 1))])) == ["K8 B8 O8"]
    refill = Board(dict(b.cells))
    del refill.cells[(0, 1)]
    refill.cells[(0, 1)] = int(parse_tiles("J")[0])
    assert picture(draft.close_groups(b, refill)) == ["K5 J B5 O5 . R7 R8 R9 R10 R11"]


def test_the_table_never_runs_out_of_room():
    b = Board()
    every = [int(t) for t in parse_tiles(" ".join(f"{c}{n}" for c in "KRBO" for n in range(1, 14)))]
    for i in range(0, len(every), 3):
        b = draft.move_set(b, every[i:i + 3], (0, 0), W)  # always at the top left
    assert len(b) == len(every) and gaps_kept(b)
    lines = b.lines()
    assert all(len(ln.tiles) <= 3 for ln in lines)  # no two sets ever merged
    assert sorted(t for ln in lines for t in ln.tiles) == sorted(every)
    # tiles dropped anywhere, again and again: never lost, never off the table, never a line
    # longer than a row
    import random

    rnd = random.Random(7)
    b = Board()
    for _ in range(300):
        k = rnd.randint(1, 4)
        pick = rnd.sample(every, k)
        b = draft.drop(b, pick, (rnd.randint(0, 6), rnd.randint(-2, 22)), W, lead=rnd.randint(0, k - 1))
        assert gaps_kept(b) and all(len(ln.tiles) <= W for ln in b.lines())
    assert len(b) == len(set(b.tiles())) and set(b.tiles()) <= set(every)


def test_filling_the_gap_between_two_parts_of_a_run_makes_one_set():
    b = table("R3 R4 . R6 R7")
    r5 = int(parse_tiles("R5")[0])
    out = draft.drop(b, [r5], (0, 2), W)
    assert picture(out) == ["R3 R4 R5 R6 R7"]


def test_a_tile_taken_from_a_set_and_put_back_leaves_it_as_it_was():
    b = table("R3 R4 R5 R6 R7")
    r5 = tile_of(b, (0, 2))
    out = draft.drop(b, [r5], (0, 2), W)
    assert picture(out) == ["R3 R4 R5 R6 R7"]


def test_moving_a_tile_within_the_table():
    b = table("R3 R4 R5 R6 . K9 K10 K11")
    r6 = tile_of(b, (0, 3))
    out = draft.drop(b, [r6], (2, 0), W)
    assert picture(out) == ["R3 R4 R5 . . K9 K10 K11", "", "R6"]


def test_a_whole_set_moves_as_it_is_and_never_joins():
    b = table("R3 J R5 . K6 K7 K8", "B1 B2 B3")
    run = [tile_of(b, (0, c)) for c in range(3)]
    out = draft.move_set(b, run, (1, 4), W)  # right after the blue run: it does not join it
    assert picture(out) == [". . . . K6 K7 K8", "B1 B2 B3 . R3 J R5"]
    # onto another set: that set stays; the moved set goes to the nearest room (here, where it was)
    out = draft.move_set(b, run, (1, 0), W)
    assert picture(out) == ["R3 J R5 . K6 K7 K8", "B1 B2 B3"]
    out = draft.move_set(b, run, (1, 1), W)
    assert picture(out) == [". . . . K6 K7 K8", "B1 B2 B3", ". R3 J R5"]


def test_a_drop_at_the_row_end_stays_in_the_row():
    b = table(". . . . . . . . . . . . . . . R1 R2 R3")
    k5, k6, k7 = (int(t) for t in parse_tiles("K5 K6 K7"))
    out = draft.drop(b, [k5, k6, k7], (0, 18), W)  # asked past the end: kept inside the row
    assert all(c < W for _, c in out.cells)
    assert len(out.lines()) == 2


def test_the_tables_tiles_are_not_pushed_for_a_new_set():
    b = table("R2 R3 R4 . . K7 K8 K9")
    b10, b11, b12 = (int(t) for t in parse_tiles("B10 B11 B12"))
    out = draft.drop(b, [b10, b11, b12], (0, 4), W)
    assert all(out.cells.get(c) == t for c, t in b.cells.items())  # the table as it was
    assert len(out.lines()) == 3


def test_joined_order_and_could_be_set():
    t = lambda s: [int(x) for x in parse_tiles(s)]  # noqa: E731
    assert format_tiles(draft.joined_order(t("R4 R5 R6"), t("R3"))) == "R3 R4 R5 R6"
    assert format_tiles(draft.joined_order(t("R4 K4"), t("B4"))) == "K4 R4 B4"
    assert draft.could_be_set(t("R4 R9")) and draft.could_be_set(t("R4 K4 J"))
    assert not draft.could_be_set(t("R4 K5")) and not draft.could_be_set(t("R4 R4"))


def test_push_row_makes_room_on_the_rack_and_keeps_gaps():
    row = {3: "a", 4: "b", 6: "c"}
    # two tiles dropped on column 3: the touching line moves right by two, the gap before "c" stays
    assert draft.push_row(row, 3, 2, keep_gaps=True, limit=None) == {5: "a", 6: "b", 8: "c"}
    # without gaps (the rack) tiles only move as far as needed
    assert draft.push_row(row, 3, 1, keep_gaps=False, limit=None) == {4: "a", 5: "b", 6: "c"}
    assert draft.push_row(row, 3, 2, keep_gaps=True, limit=8) is None


def test_crossword_cells_step_over_tiles_on_the_board():
    b = table(". . K5 . .")
    r1, r2, r3 = (int(t) for t in parse_tiles("R1 R2 R3"))
    assert draft.crossword_cells(b, [r1, r2, r3], (0, 1)) == [(0, 1), (0, 3), (0, 4)]
    assert draft.crossword_cells(b, [r1, r2], (0, 2), vertical=True) == [(1, 2), (2, 2)]
    assert draft.crossword_cells(b, [r1], (0, 2)) == [(0, 2)]


def test_a_set_that_must_move_looks_for_room_in_the_rows_the_table_shows():
    # rows 0 and 2 used, row 1 empty: the table shows three rows this turn (no spare row below)
    b = table("R1 R2 R3 . K4 K5 K6 . B7 B8 B9 . O10 O11 O12 . R5 R6 R7",
              "",
              "K1 K2 K3 . B1 B2 B3 . O1 O2 O3 . K10 K11 K12 . B4 B5 B6")
    assert draft.rows_at_turn_start(b.cells) == 3
    k7 = int(parse_tiles("K7")[0])
    out = draft.drop(b, [k7], (2, 15), W, rows=3)  # onto the full last row's blue 4-6: no room beside it
    assert max(r for r, _ in out.cells) == 2  # the grown set went to the empty row shown, not a new one
    assert draft.rows_in_turn(3, out.cells) == 3
    # where no row shown has room, a new row (the table grows only then)
    full = table("R1 R2 R3 . K4 K5 K6 . B7 B8 B9 . O10 O11 O12 . R5 R6 R7")
    out = draft.drop(full, [k7], (0, 4), W, rows=1)
    assert max(r for r, _ in out.cells) == 1 and draft.rows_in_turn(1, out.cells) == 2


def test_a_tile_from_a_group_put_back_at_its_end_rejoins_the_whole_group():
    b = table("K5 R5 B5 O5 . . . R9 R10 R11")
    r5 = tile_of(b, (0, 1))
    # the player holds the red 5 (a gap where it was) and puts it after the orange 5
    out = draft.drop(b, [r5], (0, 4), W)
    assert [format_tiles(ln.tiles) for ln in out.lines()] == ["K5 R5 B5 O5", "R9 R10 R11"]
    # or back in its own gap
    out = draft.drop(b, [r5], (0, 1), W)
    assert picture(out) == picture(b)
