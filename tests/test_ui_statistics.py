"""The statistics screen, counting each finished game exactly once, the attract mode, and
what the player is told when a save is recovered or refused."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

import pygame
import pytest

from game.storage import persistence, saves, stats
from game.storage.saves import session_bridge
from game.play.session import TABLE, Session
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import GameOverScene
from game.ui.scenes.statistics import LOSS, WIN, ConfirmDialog, StatisticsScene, cards_for
from game.ui.scenes.title import TitleScene
from uidrive import click, key, make_app, motion, past_guard, run_until, step
from uihelp import human_session, tiles

T0 = datetime(2026, 11, 1, 20, 0)


def open_statistics(app) -> StatisticsScene:
    title = app.top
    step(app)
    click(app, next(w for w in title.group.widgets if w.label == "Statistics").rect.center)
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    step(app)
    return scene


def close(a, b, tol=40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_the_screen_shows_each_rule_set_and_a_chart_of_the_last_games(app):
    for i, (won, score) in enumerate([(True, 50), (False, -20), (True, 30)]):
        stats.record_game("classic", won, score, 40 + i, 600.0 + 60 * i, when=T0 + timedelta(days=i))
    stats.record_game("golden-games", False, 12, 55, 900.0, when=T0 + timedelta(days=5))
    scene = open_statistics(app)
    assert [k for k, _, _ in scene.keys][:2] == ["classic", "golden-games"]
    assert scene.key == "golden-games"  # opens on the rule set played last
    cards = dict((cap, (val, note)) for cap, val, note in cards_for(scene.current, True))
    assert cards["Games"][0] == "1" and cards["Win rate"][0] == "0%" and cards["Best score"] == ("12", "lowest is best")
    key(app, pygame.K_LEFT)
    assert scene.key == "classic"
    key(app, pygame.K_RIGHT)
    click(app, scene.tab_rects[0].center)
    assert scene.key == "classic"
    cards = {cap: val for cap, val, _ in cards_for(scene.current, False)}
    assert cards == {"Games": "3", "Win rate": "67%", "Best score": "50", "Average score": "20.0", "Current streak": "1",
                     "Best streak": "1", "Fewest turns to win": "40 turns", "Shortest win": "10:00"}
    # the chart: one bar per game, wins in gold, losses in slate, up from zero or down from it
    app.step([motion((2, 2))], 1 / 30)
    plot, slot = scene.chart_geometry(app.scale, stats.RECENT)
    span = 50 - (-20)
    zero = plot.bottom - 20 / span * plot.h
    shot = app.screen
    win_px = shot.get_at((int(plot.x + 0.5 * slot), int((plot.y + zero) / 2)))[:3]
    loss_px = shot.get_at((int(plot.x + 1.5 * slot), int((zero + plot.bottom) / 2)))[:3]
    empty_px = shot.get_at((int(plot.x + 3.5 * slot), int((plot.y + zero) / 2)))[:3]
    assert close(win_px, WIN) and close(loss_px, LOSS) and not close(empty_px, WIN) and not close(empty_px, LOSS)
    assert not close(shot.get_at((int(plot.x + 1.5 * slot), int((plot.y + zero) / 2)))[:3], LOSS)  # a loss is below zero
    # pointing at a bar picks that game
    app.step([motion((plot.x + 1.5 * slot, zero + 10))], 1 / 30)
    assert scene.bar_at(app.mouse) == 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)


def test_reset_asks_first_and_forgets_only_what_was_chosen(app):
    stats.record_game("classic", True, 40, 30, 300.0)
    stats.record_game("rummy-q", False, -5, 30, 300.0)
    scene = open_statistics(app)
    scene.set_tab(0)
    click(app, scene.reset_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, ConfirmDialog)
    step(app)
    assert [b.label for b in dialog.group.widgets] == ["Reset Classic", "Reset all", "Cancel"]
    assert dialog.group.focused.label == "Cancel"  # Enter does not reset by accident
    key(app, pygame.K_RETURN)
    assert app.top is scene and stats.load_stats().get("classic").games == 1
    click(app, scene.reset_button.rect.center)
    step(app)
    click(app, app.top.group.widgets[0].rect.center)
    assert app.top is scene
    now = stats.load_stats()
    assert now.get("classic").games == 0 and now.get("rummy-q").games == 1
    assert scene.current.games == 0 and "reset" in scene.flash[0]
    click(app, scene.reset_button.rect.center)
    step(app)
    assert [b.label for b in app.top.group.widgets] == ["Reset all", "Cancel"]
    click(app, app.top.group.widgets[0].rect.center)
    assert stats.load_stats().variants == {} and not scene.reset_button.enabled


def test_a_damaged_statistics_file_is_explained_on_the_screen(app):
    stats.record_game("classic", True, 40, 30, 300.0)
    stats.record_game("classic", False, -10, 30, 300.0)  # the first state is now the backup
    stats.stats_path().write_text('{"format": "tile-rush-stats", "schema": 1, "variants": {"classic": {"games": -3')
    scene = open_statistics(app)
    assert "damaged" in scene.notice and "previous copy" in scene.notice
    assert scene.stats.get("classic").games == 1
    assert scene.notice_rect.h > 0 and scene.tab_rects[0].y > scene.notice_rect.bottom  # shown above the tabs
    key(app, pygame.K_ESCAPE)
    assert not open_statistics(app).notice  # recovered once; the restored file is good
    key(app, pygame.K_ESCAPE)
    # damage found while a game's result is recorded is still shown the next time the screen opens
    stats.stats_path().write_text("not json")
    persistence.backup_path(stats.stats_path()).write_text("not json either")
    stats.record_game("classic", True, 25, 20, 200.0)
    scene = open_statistics(app)
    assert "started afresh" in scene.notice and scene.stats.get("classic").games == 1


def finished_game(autosave: bool = False) -> Session:
    s = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 1}, autosave=autosave)
    s.tick(42.0)
    assert s.move(tiles("R10 R11 R12"), TABLE, (0, 0)).ok
    return s


def test_a_finished_game_counts_once_however_the_end_is_reached(app):
    # played to the end on screen
    s = finished_game(autosave=True)
    play = app.push(PlayScene(app, s))
    run_until(app, lambda: not play.input_locked(), 10)
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 30)
    step(app, n=5)
    got = stats.load_stats().get("classic")
    assert got.games == 1 and got.wins == 1 and got.recent[-1]["id"] == s.game_id
    assert not session_bridge.has_autosave()
    # killed after the last turn was saved but before the statistics: Continue counts it then
    s2 = finished_game()
    assert s2.end_turn().ok and s2.phase == "game_over"
    assert session_bridge.autosave(s2.to_dict()).ok
    app.pop_to("title")
    app.top.refresh()
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 10)
    assert stats.load_stats().get("classic").games == 2 and not session_bridge.has_autosave()
    # killed after the statistics but before the autosave was cleared: not counted again
    assert session_bridge.autosave(s2.to_dict()).ok
    app.pop_to("title")
    app.top.refresh()
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 10)
    assert stats.load_stats().get("classic").games == 2 and not session_bridge.has_autosave()
    # Play again: a new game with its own id, saved as soon as it is dealt
    past_guard(app)
    click(app, app.top.group.widgets[0].rect.center)
    again = app.top
    assert isinstance(again, PlayScene) and again.session.game_id != s2.game_id
    assert saves.load_game("autosave").session["game_id"] == again.session.game_id


def test_statistics_that_cannot_be_written_keep_the_finished_game_to_retry(app, monkeypatch):
    def full_disk(*a, **k):
        raise OSError(28, "No space left on device")

    s = finished_game(autosave=True)
    with monkeypatch.context() as m:
        m.setattr(persistence, "atomic_write_json", full_disk)
        assert s.end_turn().ok and s.phase == "game_over"
    assert "could not be saved" in s.saver.error  # (the replay, written first, is what failed first)
    assert session_bridge.has_autosave()  # kept: Continue will count it
    app.top.refresh()
    key(app, pygame.K_RETURN)
    assert stats.load_stats().get("classic").games == 1 and not session_bridge.has_autosave()


@pytest.mark.slow
def test_the_attract_mode_saves_in_its_own_slot_never_counts_and_leaves_on_a_key(app):
    demo = Session.new("classic", ["basic", "basic"], seed=1, options={"rounds": 1}, demo=True)
    play = app.push(PlayScene(app, demo))
    step(app)
    assert saves.load_game(saves.DEMO_SLOT).session["game_id"] == demo.game_id  # saved at the deal
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 60, draw_every=60)
    assert run_until(app, lambda: isinstance(app.top, PlayScene) and app.top is not play, 10)  # the next game starts itself
    nxt = app.top.session
    assert nxt.demo and nxt.game_id != demo.game_id
    run_until(app, lambda: nxt.state.total_turns >= 3, 10)
    assert not stats.stats_path().exists() and stats.load_stats().variants == {}
    assert not saves.slot_path("autosave").exists()  # the player's game is never touched
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(300, 300), button=1)], 1 / 30)
    assert isinstance(app.top, TitleScene)
    got = saves.load_game(saves.DEMO_SLOT)
    assert got.ok and got.state.to_dict() == nxt.state.to_dict()  # saved as it stood when the player left


def test_a_key_during_the_demo_results_also_returns_to_the_title(app):
    s = finished_game()
    assert s.end_turn().ok and s.phase == "game_over"
    s.state.players[0].kind = "basic"  # a computer-only game that just ended
    demo = Session(s.state, demo=True)
    app.push(PlayScene(app, demo))
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 10)
    key(app, pygame.K_a)
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1


# -- loading messages ---------------------------------------------------------------------------


def two_saves(slot: str = "autosave") -> Session:
    """A game saved twice in ``slot`` (so a backup exists); returns it as saved last."""
    s = human_session(autosave=False)
    d = s.to_dict()
    assert saves.save_game(slot, d.pop("state"), d).ok
    s.draw()
    s.computer.run_sync()
    d = s.to_dict()
    assert saves.save_game(slot, d.pop("state"), d).ok
    return s


def test_a_recovered_slot_says_so_over_the_game(app):
    two_saves("slot2")
    path = saves.slot_path("slot2")
    path.write_bytes(path.read_bytes()[:-40])
    app.top.refresh()
    app.top.saved_games()  # the chooser of every saved game
    step(app)
    chooser = app.top
    assert chooser.name == "slots"
    label = next(b.label for b in chooser.group.widgets if b.label.startswith("Slot 2"))
    assert "damaged: its earlier copy will load" in label
    click(app, next(b for b in chooser.group.widgets if b.label.startswith("Slot 2")).rect.center)
    dialog = app.top
    assert dialog.title == "Saved game recovered" and "Slot 2 was damaged" in dialog.message
    assert "not valid JSON" in dialog.details and ".damaged-" in dialog.details
    assert isinstance(app.scenes[-2], PlayScene) and isinstance(app.scenes[-3], TitleScene)
    assert app.scenes[-2].session.state.total_turns == 0
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)


@pytest.mark.parametrize("name", ["binary.json", "truncated.json", "duplicate-tile.json", "invisible-name.json",
                                  "not-an-object.json", "deeply-nested.json", "illegal-table.json"])
def test_a_damaged_autosave_never_crashes_the_title(app, name):
    from pathlib import Path

    damaged = Path(__file__).parent / "data" / "damaged" / name
    saves.slot_path("autosave").write_bytes(damaged.read_bytes())
    title = app.top
    title.refresh()
    assert title.continue_button.enabled and title.group.focused is title.continue_button
    step(app, n=2)
    key(app, pygame.K_RETURN)
    top = app.top
    assert top.name != "play" and top.title == "Saved game damaged" and "cannot be loaded" in top.message
    assert top.details  # the reason, in smaller type
    step(app, n=2)
    key(app, pygame.K_RETURN)
    assert app.top is title and not title.continue_button.enabled
    kept = list(saves.saves_dir().glob("autosave.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged.read_bytes()  # kept aside, untouched
    assert app.running and app.crashes == 0


def test_a_missing_autosave_with_a_good_backup_continues(app):
    s = two_saves()
    saves.slot_path("autosave").unlink()
    app.top.refresh()
    key(app, pygame.K_RETURN)
    assert "was missing" in app.top.message
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PlayScene) and app.top.session.state.total_turns < s.state.total_turns


def test_stats_module_counts_a_game_id_once():
    a = stats.record_game("classic", True, 10, 5, 60.0, game_id="g1")
    assert not a.duplicate and a.get("classic").games == 1
    b = stats.record_game("classic", True, 10, 5, 60.0, game_id="g1")
    assert b.duplicate and stats.load_stats().get("classic").games == 1
    stats.record_game("classic", False, 3, 5, 60.0, game_id="g2")
    assert stats.load_stats().get("classic").games == 2
    with pytest.raises(ValueError):
        stats.record_game("classic", True, 10, 5, 60.0, game_id="x" * 65)
    raw = json.loads(stats.stats_path().read_text())
    raw["variants"]["classic"]["recent"][0]["id"] = 7
    stats.stats_path().write_text(json.dumps(raw))
    assert "damaged" in stats.load_stats().message  # a damaged id is damage like any other field


def test_main_demo_flag_plays_and_closing_the_window_saves_the_demo_slot():
    demo_app = make_app(speed=0.0, demo=True, seed=3)
    try:
        play = demo_app.top
        assert isinstance(play, PlayScene) and play.session.demo
        assert isinstance(demo_app.scenes[0], TitleScene)  # where a key or click returns to
        sess = play.session
        run_until(demo_app, lambda: sess.state.total_turns >= 4, 20, draw_every=10)
        demo_app.step([pygame.event.Event(pygame.QUIT)], 1 / 30)
        assert not demo_app.running
        got = saves.load_game(saves.DEMO_SLOT)
        assert got.ok and got.state.to_dict() == sess.state.to_dict() and got.session["demo"] is True
        assert not saves.slot_path("autosave").exists() and not stats.stats_path().exists()
    finally:
        demo_app.shutdown()
