"""Sets behave as sets on the play screen (flat tables): drops that used to merge two sets or
go into a neighbour's set, tiles put down together land sorted, a whole set dragged by its
grip or moved with the keyboard, and tiles as large as the rack's on a 40-tile table.
Synthesised events under the dummy drivers."""

from __future__ import annotations

import pygame
import pytest

from game.rules.tiles import format_tiles
from game.play.session import TABLE, Session
from game.ui.setgrip import SetGrip
from game.ui.variant_ui import find
from uidrive import cell_center, click, drag, key, make_app, open_play, settle, tile_center
from uihelp import tiles, table_session as position

pytestmark = pytest.mark.app(speed=4.0, tip_shown=True)


def lines(sess) -> list[str]:
    return [format_tiles(ln.tiles) for ln in sess.table().lines()]


def rack_tile(sess, text: str) -> int:
    """The rack's copy of a face (the table may hold the other one)."""
    return next(t for t in tiles(text + " " + text) if t in sess.rack.slots)


def test_a_red_6_at_the_end_of_a_run_joins_it_and_not_the_set_one_gap_away(app):
    sess = position(["R2 R3 R4 R5", "K12 R12 J"], "R6 B1")
    play = open_play(app, sess)
    assert sess.table().get((0, 4)) is None and sess.table().get((0, 5)) is not None  # one gap apart
    r6 = rack_tile(sess, "R6")
    k12 = sess.table().where()[tiles("K12")[0]]
    drag(app, tile_center(play, r6), cell_center(play, TABLE, (0, 4)))
    settle(app, play)
    assert sorted(lines(sess)) == ["K12 R12 J", "R2 R3 R4 R5 R6"]
    assert sess.table().where()[tiles("K12")[0]] == k12  # the set it did not join stays
    assert sess.analysis().ok  # both sets valid: nothing outlined


def test_dropping_onto_a_tile_joins_that_tiles_set(app):
    sess = position(["R3 R4 R5", "B9 B10 B11"], "B8 R6")
    play = open_play(app, sess)
    b9 = tiles("B9")[0]
    b8 = rack_tile(sess, "B8")
    drag(app, tile_center(play, b8), tile_center(play, b9))  # right onto the blue 9, next to the red run
    settle(app, play)
    assert lines(sess) == ["R3 R4 R5", "B8 B9 B10 B11"]
    # and onto the red 5: into the red run, at its end
    r6 = rack_tile(sess, "R6")
    drag(app, tile_center(play, r6), tile_center(play, tiles("R4")[0]))
    settle(app, play)
    assert sorted(lines(sess)) == ["B8 B9 B10 B11", "R3 R4 R5 R6"]


def test_selected_blue_1_3_2_land_as_1_2_3(app):
    sess = position(["K7 K8 K9"], "B1 B3 B2")
    play = open_play(app, sess)
    for face in ("B1", "B3", "B2"):
        click(app, tile_center(play, rack_tile(sess, face)))
    click(app, cell_center(play, TABLE, (2, 6)))  # click-to-place on an empty cell
    settle(app, play)
    assert lines(sess) == ["K7 K8 K9", "B1 B2 B3"]
    assert [sess.table().where()[t] for t in tiles("B1 B2 B3")] == [(2, 6), (2, 7), (2, 8)]


def test_a_drop_next_to_a_set_it_does_not_fit_keeps_them_apart(app):
    sess = position(["R3 R4 R5", "K9 K10 K11"], "O1 O2")
    play = open_play(app, sess)
    o1 = rack_tile(sess, "O1")
    before = sess.table().copy()
    drag(app, tile_center(play, o1), cell_center(play, TABLE, (0, 3)))  # right against the red 5
    settle(app, play)
    assert sorted(lines(sess)) == ["K9 K10 K11", "O1", "R3 R4 R5"]
    assert all(sess.table().get(c) == t for c, t in before.cells.items())  # nothing else moved


def test_a_whole_set_moves_with_one_drag_of_its_grip(app):
    sess = position(["R3 R4 R5", "K9 K10 K11", "O1 O2 O3"], "B5")
    play = open_play(app, sess)
    grip = find(play.plugin, SetGrip)
    grips = grip.grips(play.layout())
    assert len(grips) == 3
    rect, line = next((r, ln) for r, ln in grips if format_tiles(ln.tiles) == "K9 K10 K11")
    first = sess.table().where()[line.tiles[0]]
    lay = play.layout()
    # the grip is held above the set's first tile: drop so that tile goes to row 2, column 3
    off = (rect.centerx - lay.grid.cell_rect(first).x, rect.centery - lay.grid.cell_rect(first).y)
    target = lay.grid.cell_rect((2, 3))
    drag(app, rect.center, (target.x + off[0], target.y + off[1]))
    settle(app, play)
    where = sess.table().where()
    assert [where[t] for t in line.tiles] == [(2, 3), (2, 4), (2, 5)]
    assert sorted(lines(sess)) == sorted(["R3 R4 R5", "K9 K10 K11", "O1 O2 O3"])
    assert sess.draft_moved and not sess.draft_changed  # the same sets: ending the turn draws
    assert sess.undo() and sess.table().where()[line.tiles[0]] == first


def test_a_whole_set_dropped_on_another_goes_to_the_nearest_room(app):
    sess = position(["R3 R4 R5", "K9 K10 K11"], "B5")
    play = open_play(app, sess)
    grip = find(play.plugin, SetGrip)
    rect, line = next((r, ln) for r, ln in grip.grips(play.layout()) if format_tiles(ln.tiles) == "K9 K10 K11")
    lay = play.layout()
    first = lay.grid.cell_rect(sess.table().where()[line.tiles[0]])
    target = lay.grid.cell_rect((0, 0))
    drag(app, rect.center, (rect.centerx + target.x - first.x, rect.centery + target.y - first.y))
    settle(app, play)
    assert sorted(lines(sess)) == ["K9 K10 K11", "R3 R4 R5"]  # never joined
    assert sess.table().where()[tiles("R3")[0]] == (0, 0)  # the set it was dropped on stays


def test_a_whole_set_moves_with_the_keyboard(app):
    sess = position(["R3 R4 R5", "K9 K10 K11"], "B5")
    play = open_play(app, sess)
    k9 = tiles("K9")[0]
    play.controls.point_at(TABLE, sess.table().where()[k9])
    key(app, pygame.K_m)
    assert set(play.selection) == set(tiles("K9 K10 K11"))
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    area, cell = play.cursor
    key(app, pygame.K_RETURN)
    settle(app, play)
    assert sess.table().where()[k9] == cell
    assert cell == (2, 4) and lines(sess) == ["R3 R4 R5", "K9 K10 K11"]
    assert not play.selection


def test_no_grip_on_the_table_before_the_initial_meld(app):
    sess = position(["R3 R4 R5"], "B5", melded=False)
    play = open_play(app, sess)
    assert find(play.plugin, SetGrip).grips(play.layout()) == []


FORTY = ["K1 K2 K3 K4", "R5 B5 O5", "B7 B8 B9 B10 B11", "O1 O2 O3", "K9 R9 O9", "R10 R11 R12 R13",
         "K6 R6 B6 O6", "O10 O11 O12", "B1 B2 B3 J", "K12 R12 B12", "R2 R3 R4 J"]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_tiles_on_a_40_tile_table_are_as_large_as_the_rack(size):
    app = make_app(size=size, speed=4.0)
    try:
        sess = position(FORTY, "K13")
        assert len(sess.table()) == 40
        play = open_play(app, sess)
        lay = play.layout()
        if size == (1280, 800):
            assert lay.grid.tile_w >= lay.rack_grid.tile_w
        assert lay.grid.tile_w >= 36
        # every tile is on the felt
        for t in sess.table().tiles():
            assert lay.table.contains(pygame.Rect(*map(int, play.sprites[t].pos), lay.grid.tile_w, lay.grid.tile_w))
    finally:
        app.shutdown()


def one_set_a_row(table, rack):
    """A position whose table has each set alone on its row (rows 0, 1, ...)."""
    from game.rules.board import Board

    sess = position(table, rack)
    st = sess.state
    st.board = Board({(r, c): t for r, ln in enumerate(st.board.lines()) for c, t in enumerate(ln.tiles, start=2 * r)})
    return Session(st, autosave=False)


def test_putting_down_a_new_set_never_changes_the_tile_size_during_the_turn(app):
    sess = one_set_a_row(["K1 K2 K3", "R4 R5 R6", "B7 B8 B9", "O10 O11 O12", "K5 R5 B5"], "K13 R13 B13")
    play = open_play(app, sess)
    lay = play.layout()
    last = max(r for r, _ in sess.table().cells)
    assert lay.grid.rows == last + 2  # the rows used and a spare row, which the felt cannot hold at full size
    before = (lay.grid.tile_w, lay.grid.rows)
    for face in ("K13", "B13"):
        click(app, tile_center(play, rack_tile(sess, face)))
    click(app, cell_center(play, TABLE, (last + 1, 2)))  # a new set on the spare row
    settle(app, play)
    assert "K13 B13" in lines(sess) and sess.table().get((last + 1, 2)) is not None
    assert (play.layout().grid.tile_w, play.layout().grid.rows) == before
    # and once the turn is over the table takes a spare row again (between turns, not during)


def test_a_tile_taken_out_of_the_middle_of_a_group_leaves_one_group():
    from game.play.session import RACK

    sess = position(["K5 R5 B5 O5", "R7 R8 R9 R10 R11"], "K13")
    r5, r9 = tiles("R5")[0], tiles("R9")[0]
    assert sess.move([r5], RACK, (1, 12)).ok  # onto the rack
    assert lines(sess) == ["K5 B5 O5", "R7 R8 R9 R10 R11"]
    assert sess.move([r9], RACK, (1, 13)).ok  # a run is cut where the tile is taken
    assert lines(sess) == ["K5 B5 O5", "R7 R8", "R10 R11"]
    sess.reset()
    assert sess.place({}, [r5]).ok  # the click controls' "take a tile"
    assert lines(sess) == ["K5 B5 O5", "R7 R8 R9 R10 R11"]
