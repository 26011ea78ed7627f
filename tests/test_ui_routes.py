"""Screens are opened by name (game/ui/routes.py): the registry, and the App's stack by name."""

import subprocess
import sys
from pathlib import Path

import pytest

from game.play.session import Session
from game.ui import routes
from uidrive import make_app

ROOT = Path(__file__).resolve().parent.parent


def test_every_screen_is_registered_under_its_scene_name():
    assert {"title", "setup", "play", "pause", "rules", "settings", "slots", "tutorial", "lesson", "first_lesson",
            "round_results", "game_over", "replay", "replays", "statistics", "tournament", "dialog",
            "error"} <= set(routes.FACTORIES)
    app = make_app()
    try:
        play = app.make("play", Session.new("classic", ["basic"], seed=3, autosave=False))
        built = {name: app.make(name) for name in ("title", "setup", "settings", "tutorial", "replays", "statistics")}
        built.update(play=play, pause=app.make("pause", play), rules=app.make("rules", "golden"),
                     slots=app.make("slots", "load"), replay=app.make("replay", play.session.state.clone()),
                     dialog=app.make("dialog", "A", "b", [("OK", "primary", None)]), error=app.make("error", "A", "b"))
        for name, scene in built.items():
            assert scene.name == name
        assert app.make("first_lesson").name == "lesson"
    finally:
        app.shutdown()


def test_a_name_is_taken_once_and_an_unknown_name_says_so():
    with pytest.raises(ValueError):
        routes.add("title", lambda app: None)
    app = make_app()
    try:
        with pytest.raises(KeyError, match="no screen is registered as 'nowhere'"):
            app.open("nowhere")
    finally:
        app.shutdown()


def test_open_switch_find_pop_to_and_return_to_work_by_name():
    app = make_app()
    try:
        title = app.top
        assert title.name == "title"
        setup = app.open("setup")
        assert app.top is setup and app.find("title") is title
        play = app.switch("play", Session.new("classic", ["basic"], seed=3, autosave=False))
        assert [s.name for s in app.scenes] == ["title", "play"] and app.find("play") is play
        app.open("pause", play)
        assert app.find("setup") is None
        app.pop_to("play")
        assert app.top is play
        assert app.return_to("title") is title and app.scenes == [title]
        app.pop()
        assert app.scenes == []
        again = app.return_to("title")  # none on the stack: a new one
        assert app.scenes == [again] and again is not title
    finally:
        app.shutdown()


def test_an_app_needs_the_screens_registered_first():
    code = ("import os; os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
            "from game.ui.app import App\n"
            "try:\n    App(settings={}, persist_settings=False)\nexcept RuntimeError as exc:\n    print('refused:', exc)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "refused:" in out and "game.ui.wiring" in out
