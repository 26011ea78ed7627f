"""The Rummi200kub lessons on a 1280x800 screen: tiles big enough to read, and the first
lesson's sentence done exactly as it says (select the two 6s, press Across/Down (V), put
them under the black 6)."""

from __future__ import annotations

import pygame
import pytest

from game.tutorial import coach
from game.tutorial import lessons as data
from game.ui.boardview import BoardView
from game.ui import variant_ui
from uidrive import cell_center, click, key, settle, step, tile_center

R200 = data.track("rummi200kub")


pytestmark = pytest.mark.app(size=(1280, 800), speed=4.0, tip_shown=True)


def open_lesson(app, li):
    from game.ui.scenes.lesson import LessonScene

    scene = app.push(LessonScene(app, R200, li, 0))
    settle(app, scene)
    return scene


@pytest.mark.parametrize("li", range(len(R200["lessons"])))
def test_lesson_tiles_are_at_least_36_px_and_every_cell_used_is_in_view(app, li):
    scene = open_lesson(app, li)
    lay = scene.layout()
    assert lay.grid.tile_w >= 36
    view = variant_ui.find(scene.plugin, BoardView)
    r0, c0, r1, c1 = view.visible_cells()
    step_ = scene.step
    cells = list(scene.session.table().cells)
    for text, cell in step_["solution"]:
        if text == "claim":
            cells.append(tuple(cell[:2]))
        else:
            n = len(text.split())
            cells.extend((cell[0], cell[1] + k) for k in range(n))
    for r, c in cells:
        e = 1e-6
        assert r0 - e <= r and r + 1 <= r1 + e and c0 - e <= c and c + 1 <= c1 + e, ((r, c), (r0, c0, r1, c1))


def test_first_lesson_says_across_down_and_works_as_it_says(app):
    scene = open_lesson(app, 0)
    say = scene.step["say"]
    assert "Across/Down (V)" in say
    sess = scene.session
    r6, b6 = coach.resolve(sess.state, sess.table(), list(sess.rack.slots), "R6 B6")
    click(app, tile_center(scene, r6))
    click(app, tile_center(scene, b6))
    settle(app, scene)
    key(app, pygame.K_v)
    assert scene.place_vertical
    click(app, cell_center(scene, "table", (1, 1)))
    settle(app, scene)
    table = sess.table()
    assert {table.get((1, 1)), table.get((2, 1))} == {r6, b6}
    click(app, scene.layout().buttons["end"].center)
    step(app, n=3)
    assert scene.verdict is not None and scene.verdict.ok, scene.verdict.text
