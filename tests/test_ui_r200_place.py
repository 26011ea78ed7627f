"""Placing on the Rummi200kub board: a drop lands on the cell under the pointer, the view
never moves while the player works (it recentres between turns), Centre centres on the
tiles in both directions, and the cell marks cover the felt wherever the board can grow."""

from __future__ import annotations

import pygame
import pytest

from game.play.session import TABLE
from game.ui import variant_ui
from game.ui.boardview import BoardView
from r200rig import rigged_session
from uidrive import cell_center, click, motion, open_play, settle, step, tile_center

pytestmark = pytest.mark.app(speed=1.0, tip_shown=True)


def drag_to(app, start, end, grab=(0, 0), steps: int = 6) -> None:
    """Press at ``start`` + ``grab``, move so the pointer ends at ``end``, release."""
    sx, sy = start[0] + grab[0], start[1] + grab[1]
    step(app, [motion((sx, sy)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(sx), int(sy)), button=1)])
    for i in range(1, steps + 1):
        step(app, [motion((sx + (end[0] - sx) * i / steps, sy + (end[1] - sy) * i / steps), (1, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(end[0]), int(end[1])), button=1)])


@pytest.mark.parametrize("corner", [(-0.4, -0.4), (0.4, 0.4), (0.4, -0.4)])
def test_a_drop_lands_on_the_cell_under_the_pointer_and_nothing_moves(app, corner):
    sess = rigged_session()
    play = open_play(app, sess)
    board = variant_ui.find(play.plugin, BoardView)
    k8 = sess.state.board.get((0, 7))
    home = play.sprites[k8].pos
    tile = sess.rack.tiles()[0]
    g = play.layout().grid
    # the tile grabbed near a corner, the pointer let go near the opposite corner of a cell
    sp = play.sprites[tile]
    grab = (sp.w * (0.5 + corner[0]), sp.w * 1.32 * (0.5 + corner[1]))
    cell = (1, 12)  # under the black 13
    r = g.cell_rect(cell)
    end = (r.centerx - corner[0] * r.w * 0.9, r.centery - corner[1] * r.h * 0.9)
    drag_to(app, sp.pos, end, grab)
    settle(app, play)
    assert sess.table().where()[tile] == cell
    assert board.auto and play.sprites[k8].pos == home  # the view did not move
    # a second tile, far out: still exactly there, still no movement
    tile2 = sess.rack.tiles()[0]
    vr0, vc0, vr1, vc1 = board.visible_cells()
    cell2 = (int(vr0) + 1 if vr0 >= 0 else int(vr0), int(vc1) - 2)  # near the felt's top right corner
    assert cell2 not in sess.table().cells and cell2[1] > 13
    drag_to(app, tile_center(play, tile2), cell_center(play, TABLE, cell2))
    settle(app, play)
    assert sess.table().where()[tile2] == cell2
    assert play.sprites[k8].pos == home and play.sprites[tile].pos == play.layout().grid.cell_pos(cell)


def test_centre_centres_on_the_tiles_both_ways_and_the_grid_covers_the_felt(app):
    sess = rigged_session()
    play = open_play(app, sess)
    board = variant_ui.find(play.plugin, BoardView)
    lay = play.layout()
    inner = board.inner

    def middle_of_tiles():
        xs, ys = [], []
        for t in sess.table().tiles():
            sp = play.sprites[t]
            xs += [sp.pos[0], sp.pos[0] + sp.w]
            ys += [sp.pos[1], sp.pos[1] + sp.w * 1.32]
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)

    mx, my = middle_of_tiles()
    px = lay.grid.px
    assert abs(mx - inner.centerx) < px * 0.6 and abs(my - inner.centery) < px * 0.8
    # a tile put far to the right: the view stays; Centre then centres on all the tiles
    tile = sess.rack.tiles()[0]
    far = (0, int(board.visible_cells()[3]) - 2)
    drag_to(app, tile_center(play, tile), cell_center(play, TABLE, far))
    settle(app, play)
    assert sess.table().where()[tile] == far
    click(app, board.buttons(play.layout())["centre"].center)
    settle(app, play)
    mx, my = middle_of_tiles()
    px = play.layout().grid.px
    assert abs(mx - inner.centerx) < px * 0.6 and abs(my - inner.centery) < px * 0.8
    # the cell marks reach the felt's edges (the board can grow there), far beyond the tiles
    clip = play.layout().extra["table_clip"]
    step(app, [motion((5, 5))])
    marks = board._grid_img
    assert marks is not None and marks.get_size() == clip.size
    w, h = marks.get_size()

    def marked(x0: int, y0: int) -> bool:  # a mark somewhere in the 30x30 square at (x0, y0)
        return any(marks.get_at((x, y)).a > 0 for x in range(x0, x0 + 30, 3) for y in range(y0, y0 + 30, 3))

    assert marked(0, h // 2) and marked(w - 30, h // 2) and marked(w // 2, 0) and marked(w // 2, h - 30)
