"""Every way out of the game runs the app's one way out (``App.shutdown``): the title's Quit, Esc on
the title (after asking), the window's close button, the last scene closed, the loop's end.

What shows it: a window size changed by dragging the window's edge is written only on the way out
(``App.shutdown`` writes the settings), so after each way out the settings file holds it."""

from __future__ import annotations

import pygame

from game.storage import settings as user_settings
from game.ui.scenes.common import DialogScene
from game.ui.scenes.title import TitleScene
from uidrive import click, key, make_app, step


def resized_app():
    app = make_app(speed=0.0, persist=True)
    step(app)
    step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700))])
    assert app.settings["window_size"] == [1100, 700]
    return app


def saved_size():
    return user_settings.load_settings()["window_size"]


def quit_button(title: TitleScene):
    title.ensure_layout()
    return next(w for w in title.group.widgets if w.label == "Quit")


def test_the_titles_quit_runs_shutdown():
    app = resized_app()
    closed = []
    app.top.closing = lambda: closed.append("title")
    click(app, quit_button(app.top).rect.center)
    assert not app.running
    assert closed == ["title"]  # the scenes were told
    assert saved_size() == [1100, 700]


def test_esc_on_the_title_asks_and_a_second_esc_stays():
    app = resized_app()
    title = app.top
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, DialogScene) and app.top.title == "Quit Tile Rush?"
    key(app, pygame.K_ESCAPE)
    assert app.running and app.top is title
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # the question's Quit has the focus
    assert not app.running
    assert saved_size() == [1100, 700]


def test_the_windows_close_button_runs_shutdown():
    app = resized_app()
    step(app, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    assert saved_size() == [1100, 700]


def test_closing_the_last_scene_runs_shutdown():
    app = resized_app()
    while app.scenes:
        app.pop()
    assert not app.running
    assert saved_size() == [1100, 700]


def test_shutdown_runs_once():
    app = resized_app()
    closed = []
    app.top.closing = lambda: closed.append("title")
    app.shutdown()
    app.shutdown()
    assert closed == ["title"]


def test_the_loop_ending_runs_shutdown():
    app = resized_app()
    app.run(max_frames=2)
    assert not app.running
    assert saved_size() == [1100, 700]
