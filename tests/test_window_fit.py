"""The window fits the screen it opens on: a saved size larger than the screen (or a hand-edited
[10000, 10000]) is clamped, never allocated, and the window is never placed off-screen."""

from __future__ import annotations

import warnings

import pygame
import pytest
from uidrive import make_app

from game.ui import app as app_module
from game.ui.app import MAX_SIZE, MIN_SIZE, fit_window


def window() -> pygame.Window:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def test_fit_window_clamps_to_the_screen_and_keeps_the_minimum_when_there_is_room():
    assert fit_window([10000, 10000], (1366, 768)) == (1366 - 16, 768 - 72)
    assert fit_window([1280, 800], (1920, 1080)) == (1280, 800)
    assert fit_window([100, 100], (1920, 1080)) == MIN_SIZE
    assert fit_window([10000, 10000], None) == MAX_SIZE
    small = fit_window([1280, 800], (640, 480))  # a screen smaller than the layouts' minimum: the screen wins
    assert small[0] <= 640 and small[1] <= 480


def test_a_huge_saved_size_is_never_allocated_without_a_screen():
    app = make_app(size=(10000, 10000))
    try:
        assert app.size == MAX_SIZE
    finally:
        app.shutdown()


@pytest.mark.parametrize("saved", [(10000, 10000), (1920, 1200), (1280, 800)])
def test_the_window_fits_the_screen_it_opens_on(monkeypatch, saved):
    desktop = tuple(pygame.display.get_desktop_sizes()[0]) if pygame.display.get_init() else (1024, 768)
    monkeypatch.setattr(app_module, "screen_room", lambda: desktop)
    app = make_app(size=saved)
    try:
        w, h = app.size
        assert w <= desktop[0] and h <= desktop[1]
        (x, y), (ww, wh) = window().position, window().size
        assert x >= 0 and y >= 0 and x + ww <= desktop[0] and y + wh <= desktop[1]
        window().position = (-400, -60)  # moved off-screen: the next change of size puts it back
        app.apply_display_settings()
        x, y = window().position
        assert x >= 0 and y >= 0
    finally:
        app.shutdown()
