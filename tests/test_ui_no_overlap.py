"""No control covers another, at any window size from 1024x640 up."""

from __future__ import annotations

import pytest

from game.rules.variants import REGISTRY
from uidrive import make_app, step

SIZES = [(1024, 640), (1152, 720), (1280, 800), (1366, 768), (1440, 900), (1920, 1080)]


def clashes(rects):
    rects = [(name, r) for name, r in rects if r.w > 0 and r.h > 0]
    return [(a, b) for i, (a, ra) in enumerate(rects) for b, rb in rects[i + 1:] if ra.colliderect(rb)]


def widget_rects(scene):
    return [(getattr(w, "label", type(w).__name__), w.rect) for w in scene.group.widgets if w.visible]


def menu_scenes(app):
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.title import TitleScene

    yield "title", TitleScene(app)
    yield "settings", SettingsScene(app)
    yield "statistics", StatisticsScene(app)
    for key in REGISTRY:
        yield f"setup {key}", SetupScene(app, key)
        yield f"rules {key}", RulesScene(app, key)


@pytest.mark.parametrize("size", SIZES)
def test_menu_controls_never_cover_each_other(size):
    app = make_app(size=size)
    try:
        w, h = size
        for name, scene in menu_scenes(app):
            app.push(scene)
            step(app, n=2)
            rects = widget_rects(scene)
            assert not clashes(rects), (name, clashes(rects))
            for label, r in rects:
                assert r.w == 0 or (r.left >= 0 and r.top >= 0 and r.right <= w and r.bottom <= h), (name, label, r)
            app.pop()
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_screen_parts_never_cover_each_other(size, players):
    from game.ui import playlayout

    for info in (False, True):
        lay = playlayout.compute(size, players, 0, 1, 28, 7, 20, None, info)
        parts = [("table", lay.table), ("rack", lay.rack), ("me", lay.me.rect), ("header", lay.header)]
        parts += [(f"seat {k}", b.rect) for k, b in lay.seats.items()]
        parts += [(f"button {k}", r) for k, r in lay.buttons.items()]
        assert not clashes(parts), (size, players, info, clashes(parts))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
def test_results_pause_and_warning_controls_never_cover_each_other(size):
    from game.rules import engine
    from game.play.session import Session
    from game.ui.scenes.common import DialogScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.results import RoundResultsScene
    from game.ui.scenes.tournament import open_tournament

    app = make_app(size=size)
    try:
        for key in REGISTRY:
            n = max(3, REGISTRY[key].min_players)
            sess = Session.new(key, ["basic"] * (n - 1), seed=3, autosave=False)
            play = app.push(PlayScene(app, sess))
            step(app, n=2)
            for scene in (PauseScene(app, play),
                          DialogScene(app, "The table is not valid", "Incomplete sets are left on the table. " * 3,
                                      [("End turn anyway", "danger", None), ("Keep playing", "secondary", None)], focus=1)):
                app.push(scene)
                step(app, n=2)
                assert not clashes(widget_rects(scene)), (key, type(scene).__name__)
                app.pop()
            engine.finish_round(sess.state, "blocked")
            results = app.push(RoundResultsScene(app, play))
            step(app, n=3)
            assert not clashes(widget_rects(results)), key
            app.pop()
            app.pop()
        lobby = app.push(open_tournament(app))
        step(app, n=2)
        assert not clashes(widget_rects(lobby))
    finally:
        app.shutdown()


@pytest.mark.parametrize("variant", ["classic", "rummibug"])
def test_the_status_note_ends_before_the_zoom_buttons(app, variant):
    """The note on the status line (Split's "click between two tiles", a held tile's reminder) stops
    left of every control in that row: the table's zoom buttons as well as the set buttons."""
    from game.ui import variant_ui
    from game.ui.controls import ClickControls
    from game.ui.tableview import TableView
    from uidrive import open_play
    from uihelp import human_session

    play = open_play(app, human_session("R1 R2 R3", variant=variant, melded=True))
    lay = play.layout()
    zoom = variant_ui.find(play.plugin, TableView)
    clicks = variant_ui.find(play.plugin, ClickControls)
    assert zoom is not None and clicks is not None
    controls = list(zoom.buttons(lay).values()) + list(clicks.buttons(lay).values())
    assert play.plugin.status_right(lay) <= min(r.x for r in controls)
