"""Zoom and scroll on the flat table (``game/ui/tableview.py``): the wheel and +/- zoom, Fit
brings the fit view back, a drop on a zoomed and scrolled table lands in the cell under the
pointer, the keyboard cursor is followed, and a computer's play that needs more rows than the
table shows keeps the tile size (the view scrolls to it).  Synthesised events under the dummy
drivers."""

from __future__ import annotations

import pygame
import pytest

from game.play.session import TABLE
from game.rules import actions as act
from game.ui.scenes.play import PlayScene
from game.ui.tableview import TableView
from game.ui.variant_ui import find
from uidrive import DT, cell_center, click, drag, key, motion, open_play, run_until, settle, step, tile_center
from uihelp import computer_with_two_long_runs, table_session as position, tiles

pytestmark = pytest.mark.app(speed=4.0, tip_shown=True)


def view_of(play) -> TableView:
    view = find(play.plugin, TableView)
    assert view is not None
    return view


def wheel(app, pos, y: int) -> None:
    app.step([motion(pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)], DT)


def right_drag(app, start, end, steps: int = 6) -> None:
    sx, sy = map(int, start)
    app.step([motion((sx, sy)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=3)], DT)
    for i in range(1, steps + 1):
        app.step([motion((sx + (end[0] - sx) * i / steps, sy + (end[1] - sy) * i / steps), (0, 0, 1))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, end)), button=3)], DT)


def rack_tile(sess, text: str) -> int:
    return next(t for t in tiles(text + " " + text) if t in sess.rack.slots)


def in_view(view, cell) -> bool:
    r0, c0, r1, c1 = view.visible_cells()
    return r0 - 1e-6 <= cell[0] and cell[0] + 1 <= r1 + 1e-6 and c0 - 1e-6 <= cell[1] and cell[1] + 1 <= c1 + 1e-6


TABLE5 = ["K1 K2 K3 K4", "R5 B5 O5", "B7 B8 B9 B10 B11", "O1 O2 O3", "K9 R9 O9"]


def test_the_wheel_and_plus_minus_zoom_and_fit_restores_the_fit_view(app):
    sess = position(TABLE5, "K13 R13")
    play = open_play(app, sess)
    view = view_of(play)
    fit_w = play.layout().grid.tile_w
    centre = play.layout().table.center
    wheel(app, centre, 2)
    zoomed = play.layout().grid.tile_w
    assert zoomed > fit_w * 1.3
    key(app, pygame.K_MINUS)
    assert fit_w <= play.layout().grid.tile_w < zoomed
    key(app, pygame.K_EQUALS)
    key(app, pygame.K_PLUS)
    assert play.layout().grid.tile_w > zoomed
    wheel(app, centre, -3)
    wheel(app, centre, -3)
    assert play.layout().grid.tile_w == fit_w  # never out further than the whole table
    wheel(app, centre, 2)
    assert play.layout().grid.tile_w > fit_w
    buttons = view.buttons(play.layout())
    assert not any(r.colliderect(play.layout().table) for r in buttons.values())  # never over the tiles
    click(app, buttons["centre"].center)  # Fit
    assert view.auto and play.layout().grid.tile_w == fit_w
    key(app, pygame.K_PLUS)
    key(app, pygame.K_HOME)
    assert play.layout().grid.tile_w == fit_w


def test_a_drop_on_a_zoomed_and_scrolled_table_lands_in_the_cell_under_the_pointer(app):
    sess = position(TABLE5, "K13 R13 B13")
    play = open_play(app, sess)
    view = view_of(play)
    lay = play.layout()
    wheel(app, lay.table.center, 3)
    felt = lay.table
    right_drag(app, (felt.centerx, felt.centery), (felt.centerx - 180, felt.centery - 120))
    settle(app, play)
    r0, c0, _r1, _c1 = view.visible_cells()
    assert r0 > 0.5 and c0 > 0.5  # scrolled right and down
    grid = play.layout().grid
    assert grid.tile_w > lay.grid.tile_w
    target = (int(r0) + 2, int(c0) + 2)
    assert sess.table().get(target) is None and in_view(view, target)
    k13 = rack_tile(sess, "K13")
    drag(app, tile_center(play, k13), cell_center(play, TABLE, target))
    settle(app, play)
    assert sess.table().where()[k13] == target
    # a left drag on empty felt scrolls too, and changes nothing on the table
    before = view.visible_cells()
    empty = next((r, c) for r in range(int(r0) + 1, int(r0) + 3) for c in range(int(c0) + 1, int(c0) + 6)
                 if sess.table().get((r, c)) is None and sess.table().get((r, c + 1)) is None)
    drag(app, cell_center(play, TABLE, empty), cell_center(play, TABLE, (empty[0], empty[1] + 1)))
    assert view.visible_cells()[1] < before[1]
    assert sess.table().where()[k13] == target  # the table is as it was


def test_the_keyboard_cursor_is_followed_when_zoomed(app):
    sess = position(TABLE5, "K13 R13")
    play = open_play(app, sess)
    view = view_of(play)
    wheel(app, play.layout().table.topleft, 3)  # the top-left corner of the table
    key(app, pygame.K_TAB)  # the keyboard cursor on
    play.controls.point_at(TABLE, (0, 0))
    for _ in range(18):
        key(app, pygame.K_RIGHT)
    step(app, n=2)
    assert play.cursor == (TABLE, (0, 18)) and in_view(view, (0, 18))
    for _ in range(4):
        key(app, pygame.K_DOWN)
    step(app, n=2)
    assert play.cursor[0] == TABLE and in_view(view, play.cursor[1])


def test_a_computer_play_needing_more_rows_keeps_the_tile_size(app, monkeypatch):
    sess, after = computer_with_two_long_runs()
    app.shown_controls_tip = True
    monkeypatch.setattr(app.worker, "submit", lambda *a, **k: None)  # the play below is the computer's answer
    play = app.push(PlayScene(app, sess))
    run_until(app, lambda: sess.computer.thinking, 10)
    view = view_of(play)
    step(app, n=5)
    tile_w = play.layout().grid.tile_w
    assert play.layout().grid.rows == 5  # four full rows and a spare one
    play.driver.answered(play.driver.token, act.to_json(act.Play(after)))
    run_until(app, lambda: play.turnshow.pb is not None, 10)
    assert sess.state.board.get((5, 0)) is not None
    seen_last_row = False
    while play.turnshow.pb is not None:
        step(app)
        lay = play.layout()
        assert lay.grid.tile_w == tile_w  # never during the turn
        seen_last_row |= in_view(view, (5, 0)) and in_view(view, (5, 9))
    assert seen_last_row  # the view followed the play down to its new row
    assert play.layout().grid.rows >= 6
    # between turns the table fits again: every row in view, the tiles smaller
    run_until(app, lambda: sess.my_turn and not play.input_locked(), 20)
    step(app, n=3)
    assert play.layout().grid.tile_w < tile_w and in_view(view, (0, 0)) and in_view(view, (5, 9))


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_benchmark_sees_the_tile_size_the_screen_keeps_in_a_turn(size):
    from game.cli.bench_table import ScreenTable

    screen = ScreenTable(4, 1, 19, False)
    for base in range(2, 10):
        tile_w, shown = screen(size, base, base)
        assert shown >= base
        for rows in range(base, base + 4):
            assert screen(size, base, rows)[0] == tile_w  # the view scrolls instead
    assert screen(size, 9, 9)[0] < screen(size, 4, 4)[0]  # between turns a fuller table fits again


def test_the_rules_screen_says_how_to_zoom_and_scroll_the_table():
    from game.rules.registry import REGISTRY
    from game.ui.scenes.rules import TABLE_CONTROLS, controls_for

    for key_, cls in REGISTRY.items():
        assert (TABLE_CONTROLS[0] in controls_for(cls())) == cls().flat_table, key_
    assert "Fit (Home)" in TABLE_CONTROLS[0][1] and "wheel" in TABLE_CONTROLS[0][1]


def test_tiles_held_at_the_edge_of_a_zoomed_table_scroll_it_to_a_drop_beyond(app):
    sess = position(TABLE5, "K13 R13")
    play = open_play(app, sess)
    view = view_of(play)
    felt = play.layout().table
    wheel(app, (felt.x + 30, felt.centery), 3)  # zoomed in on the left end of the rows
    assert not in_view(view, (2, 18))
    k13 = rack_tile(sess, "K13")
    start = tile_center(play, k13)
    edge = (view.inner.right - 4, felt.centery)
    before = view.visible_cells()
    app.step([motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=1)], DT)
    for i in range(1, 7):
        app.step([motion((start[0] + (edge[0] - start[0]) * i / 6, start[1] + (edge[1] - start[1]) * i / 6), (1, 0, 0))], DT)
    step(app, n=int(4 / DT))  # held there: the table scrolls to its right end
    assert in_view(view, (2, 18)) and sess.table().get((2, 18)) is None
    assert view.visible_cells()[0] == before[0]  # not down: the tiles only passed the felt's foot
    target = cell_center(play, TABLE, (2, 17))
    app.step([motion(target, (1, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, target)), button=1)], DT)
    settle(app, play)
    assert sess.table().where()[k13] == (2, 17)  # a new set near the row's end, where it was dropped


def test_the_table_keys_are_the_boards_without_across_and_down():
    from game.ui import keymap

    def press(k, mod=0):
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)

    for k, mod, want in ((pygame.K_PLUS, 0, "zoom_in"), (pygame.K_MINUS, 0, "zoom_out"), (pygame.K_HOME, 0, "centre"),
                         (pygame.K_LEFT, pygame.KMOD_SHIFT, "pan_left"), (pygame.K_LEFT, 0, None), (pygame.K_v, 0, None)):
        assert keymap.intent(press(k, mod), "table") == want
        if want is not None:
            assert keymap.intent(press(k, mod), "board") == want
