"""A window that rests (game/ui/idle_frames.py) and a fast, quiet start (no timing here: the benches
``python -m game.bench idle`` and ``startup`` print the figures)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.storage import persistence
from game.storage import settings as user_settings
from game.ui import idle_frames
from uidrive import make_app, motion, settle, step
from uihelp import human_session

pytestmark = pytest.mark.app(speed=1.0)

ROOT = Path(__file__).resolve().parent.parent


def _rest_title(app, limit_s: float = 30.0) -> None:
    for _ in range(int(limit_s * 30)):
        step(app)
        if app.resting_for() != 0:
            return
    raise AssertionError("the title never came to rest")


def test_no_frame_is_drawn_at_the_title_when_nothing_changed(app):
    _rest_title(app)
    assert app.resting_for() is None  # nothing will change by itself
    drawn = app.frames_drawn
    step(app, n=120)
    assert app.frames_drawn == drawn
    step(app, [motion((20, 20))])  # the player moves the mouse: a frame, and the tiles drift again
    assert app.frames_drawn == drawn + 1
    step(app, n=5)
    assert app.frames_drawn == drawn + 6 and app.top.next_frame() == 0.0


def test_the_title_moves_while_its_tiles_drift_then_rests(app):
    step(app)
    assert app.top.next_frame() == 0.0  # the logo drops in, the tiles drift: every frame is drawn
    drawn = app.frames_drawn
    step(app, n=30)
    assert app.frames_drawn == drawn + 30
    _rest_title(app)
    assert idle_frames.liveliness(app.top.still_for) == 0.0


def _waiting(app, timer: int = 0):
    from game.ui.scenes.play import PlayScene

    sess = human_session("R10 R11 R12", options={"turn_time": timer})
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    for _ in range(900):
        step(app, draw=False)
        if not play.toasts and not play.highlights and play.next_frame() != 0.0:
            step(app)
            return play
    raise AssertionError("the play screen never came to rest")


def test_waiting_for_the_players_move_draws_nothing_without_a_clock(app):
    play = _waiting(app, timer=0)
    assert play.next_frame() is None and app.resting_for() is None
    drawn = app.frames_drawn
    step(app, n=90)
    assert app.frames_drawn == drawn


def test_the_turn_clock_redraws_once_a_second_then_every_frame_at_the_end(app):
    play = _waiting(app, timer=60)
    wait = play.next_frame()
    assert 0 < wait <= 1.0
    drawn = app.frames_drawn
    step(app, n=90, dt=1 / 30)  # three seconds
    assert 2 <= app.frames_drawn - drawn <= 4
    play.session.timer_left = 9.5  # the last ten seconds: the ring pulses
    step(app)
    assert play.next_frame() == 0.0
    drawn = app.frames_drawn
    step(app, n=10)
    assert app.frames_drawn == drawn + 10


def test_a_move_is_animated_every_frame_and_then_rests(app):
    from game.play.session import TABLE

    play = _waiting(app, timer=0)
    t = play.session.rack.tiles()[0]
    assert play.move_tiles([t], TABLE, (0, 0))
    step(app)
    assert play.next_frame() == 0.0 or play.sprites[t].moving is False
    for _ in range(200):
        step(app)
        if play.next_frame() is None:
            break
    assert play.next_frame() is None and not play.sprites[t].moving


def test_a_code_change_of_what_is_shown_gets_a_frame(app):
    play = _waiting(app, timer=0)
    drawn = app.frames_drawn
    play.controls.select([play.session.rack.tiles()[0]])  # not through input
    step(app)
    assert app.frames_drawn == drawn + 1


def test_a_minimised_window_draws_nothing(app):
    _rest_title(app)
    step(app, [pygame.event.Event(pygame.WINDOWMINIMIZED)])
    drawn = app.frames_drawn
    step(app, [motion((30, 30))], n=20)
    assert app.frames_drawn == drawn
    step(app, [pygame.event.Event(pygame.WINDOWRESTORED)])
    assert app.frames_drawn == drawn + 1


def test_the_real_loop_rests_and_still_answers_input():
    app = make_app()
    posted = []

    def until() -> bool:
        if app.time > 0 and app.resting_for() is None and not posted:
            posted.append(app.frames_drawn)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
            return False
        return bool(posted) and app.frames_drawn > posted[0]

    title = app.top
    title.age = 10.0  # the logo is in place
    widgets = title.group.widgets
    start = title.group.focus
    after = next(i for i in range(start + 1, len(widgets)) if widgets[i].enabled)

    def rested_until() -> bool:
        if not posted:
            title.still_for = idle_frames.DRIFT_LIVELY + idle_frames.DRIFT_SETTLE  # the tiles have already come to rest
        return until()

    assert app.run(until=rested_until, max_frames=100_000) == 0
    assert posted and title.group.focus == after  # the key moved the focus (past a greyed button); a frame showed it


# -- a quiet console and a fast start ------------------------------------------------------------------


def test_c_level_messages_are_silenced_around_the_sound_driver(capfd):
    from game.ui.sound import quiet_c_stderr

    with quiet_c_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err and "after" in err


def test_without_a_sound_device_the_console_is_clean_and_one_line_is_logged(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa", RUMMIKUB_HOME=str(tmp_path / "home"),
               ALSA_CONFIG_PATH=str(tmp_path / "no-such-alsa.conf"))  # whatever the machine has: no device
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    proc = subprocess.run([sys.executable, "main.py", "--frames", "3"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "" and proc.stderr.strip() == ""
    log = (tmp_path / "home" / "errors.log").read_text()
    assert log.count("\n") == 1 and "sound is off" in log


def test_the_sounds_are_made_after_the_first_frame(app):
    bank = app.sound
    assert app.frames_drawn >= 0
    step(app)
    if not bank.available:
        pytest.skip("no mixer here")
    assert bank._maker is not None
    bank._maker.join(30)
    bank.play("click")
    assert "click" in bank.sounds


def test_a_failed_sound_start_says_so_in_one_line(monkeypatch):
    from game.ui import sound

    def no_mixer(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_mixer)
    assert not sound.SoundBank().start()
    from game.ui.app import App

    app = App(settings=dict(user_settings.DEFAULT_SETTINGS), ai_mode="sync", persist_settings=False)
    app.start()
    try:
        log = (persistence.data_dir() / "errors.log").read_text()
        assert log.count("\n") == 1 and "sound is off: no audio device" in log
    finally:
        app.shutdown()
