"""A lesson's later steps (and later lessons) go straight on to their position: no deal and no
"Who starts?" panel again; only the first step of a track's first lesson shows how a game starts."""

from __future__ import annotations

import pytest

from game.tutorial import lessons as data
from game.ui.scenes.lesson import LessonScene
from uidrive import make_app, step

pytestmark = pytest.mark.app(speed=1.0)


def opened(app, li: int, si: int) -> LessonScene:
    scene = app.push(LessonScene(app, data.track("classic"), li, si))
    step(app)
    return scene


def moving(scene) -> int:
    return sum(1 for sp in scene.sprites.values() if sp.moving)


def test_the_first_step_shows_the_deal_and_who_starts(app):
    scene = opened(app, 0, 0)
    assert scene.opening is not None and moving(scene) > 0


@pytest.mark.parametrize("li,si", [(0, 1), (1, 0)])
def test_a_later_step_goes_straight_on(app, li, si):
    scene = opened(app, li, si)
    assert scene.opening is None and moving(scene) == 0
    assert not scene.input_locked()  # the player can move at once


def test_moving_on_to_the_second_step_asks_nothing(app):
    first = opened(app, 0, 0)
    first.advance()
    step(app)
    second = app.top
    assert isinstance(second, LessonScene) and second.step_index == 1
    assert second.opening is None and moving(second) == 0


def test_at_the_instant_speed_no_later_step_says_who_starts():
    app = make_app(speed=0.0)
    try:
        scene = opened(app, 0, 1)
        assert not any("start" in t.text for t in scene.toasts)
    finally:
        app.shutdown()
