"""The app around the play screen: menus, settings, saved games, errors, command line, sound, the worker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.storage import persistence
from game.storage import settings as user_settings
from game.storage.saves import session_bridge
from game.cli.app import main
from game.play.session import Session
from game.rules import actions as act
from game.play.thinking import Hint
from game.ui import theme
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.setup import SetupScene
from uidrive import click, key, make_app, run_until, step
from uihelp import human_session

pytestmark = pytest.mark.app(speed=1.0)

ROOT = Path(__file__).resolve().parent.parent


def test_title_menu_reaches_every_screen(app):
    title = app.top
    labels = [w.label for w in title.group.widgets]
    assert labels == ["New game", "Continue", "Start here: first lesson", "Tile Rush", "Tournament", "Statistics",
                      "Settings", "Rules", "Quit"]
    assert not title.group.widgets[1].enabled  # nothing saved yet
    seen = []
    for i in (0, 2, 3, 4, 5, 6, 7):
        step(app)
        click(app, title.group.widgets[i].rect.center)
        seen.append(app.top.name)
        for _ in range(3):  # the first lesson sits on the lesson menu: two steps back
            if app.top is not title:
                key(app, pygame.K_ESCAPE)
        assert app.top is title
    assert seen == ["setup", "lesson", "rush_menu", "tournament_setup", "statistics", "settings", "rules"]
    click(app, title.group.widgets[8].rect.center)
    assert not app.running


def test_setup_offers_every_rule_set_levels_and_options(app):
    from game.ai import player_names
    from game.rules.variants import REGISTRY

    setup = app.push(SetupScene(app))
    step(app)
    assert [v for v, _ in setup.variant_chooser.options] == list(REGISTRY)
    # every level but the frozen ones kept for the simulator
    assert {v for v, _ in setup.level_choosers[0].options} == set(player_names()) - {"hard-v1"}
    names = [getattr(w, "label", "") for w in setup.group.widgets]
    assert "Rounds" in names and "Turn timer" in names
    timer = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Turn timer")
    assert [v for v, _ in timer.options] == [0, 30, 60, 90, 120]
    # fewer opponents hides their choosers; choose 1 opponent and a 60 s timer by keyboard
    setup.group.focus = 1
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert setup.opponents == 1 and not setup.level_choosers[1].visible
    setup.group.focus = setup.group.widgets.index(timer)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert setup.options()["turn_time"] == 60
    click(app, setup.start_button.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    assert len(play.session.players) == 2 and play.session.turn_time == 60


def test_new_game_remembers_the_last_rule_set():
    from game.storage import settings as user_settings

    app = make_app(persist=True)
    try:
        setup = app.push(SetupScene(app))
        step(app)
        assert setup.variant_key == "classic"
        setup.variant_chooser.set_value("rummi200kub")
        setup.set_variant("rummi200kub")
        step(app)
        click(app, setup.start_button.rect.center)
        assert isinstance(app.top, PlayScene) and app.top.session.variant.key == "rummi200kub"
    finally:
        app.shutdown()
    assert user_settings.load_settings()["last_variant"] == "rummi200kub"
    again = App(settings=user_settings.load_settings(), ai_mode="sync", persist_settings=False)  # the next launch
    again.start()
    try:
        setup = again.push(SetupScene(again))
        step(again)
        assert setup.variant_key == "rummi200kub"
        assert setup.variant_chooser.value == "rummi200kub"
    finally:
        again.shutdown()


def test_fixed_turn_time_is_shown_not_chosen(app, monkeypatch):
    from game.rules.variants import base

    class Timed(base.Variant):
        key = "timed-test"
        title = "Timed"
        fixed_turn_time = 120

    monkeypatch.setitem(base.REGISTRY, "timed-test", Timed)
    setup = app.push(SetupScene(app, "timed-test"))
    step(app)
    timer = [w for w in setup.group.widgets if getattr(w, "label", "") == "Turn timer"]
    assert len(timer) == 1 and not timer[0].enabled and "set by the rules" in timer[0].options[0][1]


def test_a_hand_edited_last_rule_set_falls_back_to_classic():
    settings = dict(user_settings.DEFAULT_SETTINGS, last_variant="chess")
    app = App(settings=settings, ai_mode="sync", persist_settings=False)
    app.start()
    try:
        setup = app.push(SetupScene(app))
        step(app)
        assert setup.variant_key == "classic"
    finally:
        app.shutdown()


def test_settings_says_when_sound_is_unavailable_on_this_machine(app, monkeypatch):
    said: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda msg, *a, **kw: said.append(str(msg)) or real(msg, *a, **kw))
    app.want_sound = True
    app.sound.available = True
    app.push(SettingsScene(app))
    step(app, n=2)
    assert not any("not available" in t for t in said)
    app.sound.available = False  # no sound device
    said.clear()
    step(app)
    assert any("Sound is not available on this machine" in t for t in said)


def test_settings_are_saved_and_applied():
    app = make_app(persist=True)
    try:
        settings = app.push(SettingsScene(app))
        step(app)
        assert settings.group.focused is settings.name_field  # the name comes first
        settings.group.focus = settings.group.widgets.index(settings.volume)
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        assert user_settings.load_settings()["volume"] == pytest.approx(0.3)
        assert app.sound.volume == pytest.approx(0.3)
        settings.group.focus = settings.group.widgets.index(settings.speed)
        key(app, pygame.K_LEFT)
        key(app, pygame.K_LEFT)
        assert user_settings.load_settings()["animation_speed"] == 0.0 and app.anim_speed == 0.0
        settings.group.focus = settings.group.widgets.index(settings.cb)
        key(app, pygame.K_RETURN)
        assert user_settings.load_settings()["colorblind"] is True and app.tiles.colourblind
        settings.group.focus = settings.group.widgets.index(settings.size)
        key(app, pygame.K_LEFT)
        assert user_settings.load_settings()["window_size"] == [1152, 720] and app.size == (1152, 720)
        settings.group.focus = settings.group.widgets.index(settings.mute)
        key(app, pygame.K_RETURN)
        assert user_settings.load_settings()["muted"] is True and app.sound.muted
    finally:
        app.shutdown()


def test_continue_resumes_the_autosave(app):
    sess = human_session("R10 R11 R12", options={"turn_time": 90})
    sess.tick(20)
    assert session_bridge.autosave(sess.to_dict()).ok  # the real file, as the turn hook writes it
    title = app.top
    title.refresh()
    cont = title.continue_button
    assert cont.enabled and title.group.focused is cont and title.group.widgets[0] is cont  # the main button
    assert cont.style == "primary" and "Classic" in cont.sub and "round 1" in cont.sub and "CPU 1" in cont.sub
    key(app, pygame.K_RETURN)  # Continue resumes it at once
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.session.state.to_dict() == sess.state.to_dict()
    assert play.session.timer_left == pytest.approx(70)


def test_continue_with_a_damaged_save_explains(app):
    sess = human_session()
    assert session_bridge.autosave(sess.to_dict()).ok
    path = session_bridge.autosave_path()
    data = json.loads(path.read_text())
    data["game"]["players"][0]["score"] = 999  # tampered: the checksum no longer matches
    path.write_text(json.dumps(data))
    app.top.refresh()
    key(app, pygame.K_RETURN)
    assert app.top.name != "play" and "damaged" in app.top.message and "checksum" in app.top.details
    key(app, pygame.K_RETURN)
    assert app.top.name == "title" and not app.top.continue_button.enabled  # nothing left to continue
    assert list(path.parent.glob("autosave.json.damaged-*"))  # kept aside, not deleted


@pytest.mark.logged_errors  # made to fail on purpose
def test_an_error_inside_a_scene_is_logged_and_explained():
    class Broken(Scene):
        def update(self, dt):
            raise RuntimeError("boom")

    app = make_app()
    app.push(Broken(app))
    code = app.run(max_frames=4)
    assert code == 0
    log = (persistence.data_dir() / "errors.log").read_text()
    assert "RuntimeError: boom" in log and "Traceback" in log


def test_command_line_rejects_bad_flags(capsys):
    for argv in (["--seed", "abc"], ["--size", "10x10"], ["--size", "big"], ["--variant", "nope"], ["--bogus"],
                 ["--windowed", "--fullscreen"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "error" in err and "Traceback" not in err


def test_command_line_runs_the_game_for_a_few_frames():
    assert main(["--frames", "5", "--size", "960x600", "--seed", "4", "--variant", "classic"]) == 0


def test_demo_mode_plays_by_itself(monkeypatch):
    saved = []
    monkeypatch.setattr(session_bridge, "autosave", lambda d: saved.append(d), raising=False)
    app = make_app(speed=0.0, demo=True)
    try:
        play = app.top
        assert isinstance(play, PlayScene)
        sess = play.session
        assert sess.demo and not any(sess.is_human(i) for i in range(len(sess.players)))
        run_until(app, lambda: sess.state.total_turns >= 12, 60, draw_every=20)
        assert sess.state.total_turns >= 12 and len(saved) >= 12
        Session.from_dict(saved[-1])
    finally:
        app.shutdown()


def test_nothing_happens_at_import_time():
    code = ("import pygame, game.ui.app, game.ui.scenes.play, game.ui.scenes.title, game.ui.sound, game.ui.tileart, "
            "game.cli.bench_frames, game.cli.app, game.cli.bench; print(pygame.get_init(), pygame.display.get_init())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False False"


def test_sounds_are_made_at_start_and_can_be_muted():
    from game.ui.sound import NAMES, SoundBank, pack, synth

    pygame.init()
    bank = SoundBank(0.5, False)
    assert bank.start(), bank.error
    rate, fmt, channels = pygame.mixer.get_init()
    for name in NAMES:
        snd = bank.sounds[name]
        samples = synth(name, rate)
        assert 0.02 < snd.get_length() < 2.0
        assert max(abs(x) for x in samples) <= 1.0 and max(abs(x) for x in samples) > 0.05
        assert len(pack(samples, fmt, channels)) == len(samples) * channels * (abs(fmt) & 0xFF) // 8
    bank.set_volume(0.2, muted=True)
    assert all(s.get_volume() == 0.0 for s in bank.sounds.values())
    bank.play("place")
    assert bank.played[-1] == "place"


def test_without_a_mixer_the_game_is_silent(monkeypatch):
    from game.ui.sound import SoundBank

    def no_mixer(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_mixer)
    bank = SoundBank()
    assert not bank.start() and "no audio" in bank.error
    bank.play("win")  # no error


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_the_computer_thinks_in_a_worker(mode):
    from game.rules import engine
    from game.play.session import view_to_dict
    from game.ui.worker import HINT, AIWorker

    sess = human_session("R10 R11 R12")
    worker = AIWorker(mode)
    try:
        assert worker.start() == mode
        view = view_to_dict(engine.view(sess.state, 1))
        worker.submit(7, "basic", 3, view)
        worker.submit(-1, HINT, 0, view_to_dict(engine.view(sess.state, 0)))
        ans = worker.wait(7, timeout=60)
        hint = worker.wait(-1, timeout=60)
        assert ans is not None and isinstance(act.from_json(ans[1]), (act.Play, act.Draw)) and not ans[2]
        assert hint is not None and isinstance(Hint.from_json(hint[1]).play, act.Play)
    finally:
        worker.close()


def test_continue_says_when_the_backup_was_used(app):
    sess = human_session()
    assert session_bridge.autosave(sess.to_dict()).ok
    sess.draw()
    sess.computer.run_sync()
    assert session_bridge.autosave(sess.to_dict()).ok  # the first save is now the backup
    session_bridge.autosave_path().write_text('{"format": "tile-rush-save", "sche')  # cut short
    app.top.refresh()
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)  # the game appears, its tiles are dealt, then the message over it
    assert run_until(app, lambda: app.top.name != "play", 5)
    assert "damaged" in app.top.message and "save made before it" in app.top.message
    assert "not valid JSON" in app.top.details and "autosave.json.damaged-" in app.top.details
    assert isinstance(app.scenes[-2], PlayScene)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, PlayScene)
    assert app.top.session.state.total_turns == 0  # the save before the damaged one


@pytest.mark.logged_errors  # made to fail on purpose
def test_a_failed_save_is_shown_and_play_goes_on(app, monkeypatch):
    def full_disk(_d):
        raise OSError("Autosave: not saved (the disk is full)")

    monkeypatch.setattr(session_bridge, "autosave", full_disk, raising=False)
    sess = human_session(autosave=True)
    play = app.push(PlayScene(app, sess))
    run_until(app, lambda: not play.input_locked(), 10)
    key(app, pygame.K_SPACE)
    step(app, n=2)
    assert any("disk is full" in t.text for t in play.toasts)
    assert sess.computer_to_move


def test_save_to_a_slot_from_the_pause_menu_and_continue_it(app):
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.slots import SlotsScene

    sess = human_session("R10 R11 R12", options={"turn_time": 60})
    play = app.push(PlayScene(app, sess))
    run_until(app, lambda: not play.input_locked(), 10)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    labels = [w.label for w in pause.group.widgets]
    assert isinstance(pause, PauseScene) and "Save to a slot" in labels
    pause.group.focus = labels.index("Save to a slot")
    key(app, pygame.K_RETURN)
    slots = app.top
    assert isinstance(slots, SlotsScene) and [i.slot for i in slots.infos] == ["slot1", "slot2", "slot3"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # slot 2
    assert app.top is pause and any("Slot 2" in t.text for t in play.toasts)
    key(app, pygame.K_ESCAPE)
    # back on the title, Saved games offers the slots
    app.pop_to("title")
    title = app.top
    title.refresh()
    labels = [w.label for w in title.group.widgets]
    assert labels[:2] == ["Continue", "New game"] and title.target.slot == "slot2"  # the only save
    assert session_bridge.autosave(human_session(seed=9).to_dict()).ok  # and now a last game as well
    title.refresh()
    labels = [w.label for w in title.group.widgets]
    assert labels[:3] == ["Continue", "New game", "Saved games"] and title.target.slot == "autosave"
    title.group.focus = 2
    key(app, pygame.K_RETURN)
    chooser = app.top
    assert isinstance(chooser, SlotsScene) and chooser.mode == "load"
    assert "Classic" in chooser.group.widgets[2].label
    click(app, chooser.group.widgets[2].rect.center)
    resumed = app.top
    assert isinstance(resumed, PlayScene) and resumed.session.state.to_dict() == sess.state.to_dict()
