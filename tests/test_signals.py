"""Ctrl+C (SIGINT) and a closed terminal (SIGHUP) end the game as SIGTERM and closing the window do:
the turn in progress is saved with the tiles placed this turn, no process prints a traceback, and
the computer players' worker process ends with the game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from uidrive import make_app
from uihelp import human_session, tiles

from game.play import turnsave
from game.play.session import TABLE
from game.storage import saves
from game.ui.scenes.play import PlayScene

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGHUP, signal.SIGTERM])
def test_a_stop_signal_ends_the_loop_and_saves_the_tiles_placed_this_turn(sig):
    app = make_app(speed=0.0)
    s = human_session("R10 R11 R12 K5 B7", autosave=True)
    app.push(PlayScene(app, s))
    r10, r11 = tiles("R10 R11")
    assert s.move([r10, r11], TABLE, (1, 3)).ok
    sent = []

    def until() -> bool:  # the signal arrives while the loop runs, as from a terminal
        if not sent:
            sent.append(sig)
            os.kill(os.getpid(), sig)
        return False

    before = signal.getsignal(sig)
    app.run(max_frames=600, until=until)
    assert app.stop_signal == sig and not app.running
    assert signal.getsignal(sig) is before  # the handler is the loop's own, put back afterwards
    got = saves.load_game("autosave")
    assert got.ok, got.message
    kept = got.session[turnsave.FIELD]
    assert sorted(t for _, _, t in kept["board"]) == sorted([r10, r11])


def _wait_for_turns(proc: subprocess.Popen, n: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    seen = 0
    while seen < n:
        line = proc.stdout.readline()
        assert line and time.monotonic() < deadline, "the game stopped before its turns were played"
        seen += line.startswith("turn ")


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGHUP])
def test_the_real_app_and_its_worker_end_quietly_on_a_terminal_signal(tmp_path, sig):
    """The whole terminal's process group gets the signal (Ctrl+C, a closed terminal): the game saves
    and exits, the worker process ends with it, and nothing is printed but what the game says."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    home = Path(env["RUMMIKUB_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text('{"animation_speed": 0.0, "muted": true, "volume": 0.0}')
    proc = subprocess.Popen([sys.executable, "tests/apprun.py", "--seed", "7"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        _wait_for_turns(proc, 6)  # the computer players have moved: the worker process is running
        os.killpg(proc.pid, sig)
        _out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0, err[-2000:]  # apprun returns what App.run returns
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    with pytest.raises(ProcessLookupError):  # nothing of the group outlived the game
        for _ in range(50):
            os.killpg(proc.pid, 0)
            time.sleep(0.1)
    assert saves.load_game("autosave").ok
