"""The real app in a subprocess (SDL dummy drivers), killed with SIGKILL: the saves survive.

``python main.py --demo`` and a scripted person playing a game (tests/apprun.py drives the
real ``App.run`` loop with synthesised input) are killed at random moments; afterwards the
demo slot and the autosave always load.  And the issue's "done when": start a game, play a
few turns, kill it, start again: Continue puts the game back at the start of the same turn
with the same future draws, which a fresh App then plays on exactly as an uninterrupted
game does.
"""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest
from uidrive import key, make_app, step

from game.play.session import Session
from game.rules import engine
from game.storage import saves
from game.ui.scenes.play import PlayScene

ROOT = Path(__file__).resolve().parent.parent


class Running:
    """A subprocess in its own process group, with its output lines in a queue."""

    def __init__(self, args: list[str], log: Path) -> None:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT),
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.log = log
        self.err = open(log, "w")
        self.proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self.err,
                                     text=True, start_new_session=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def wait_for(self, cond, timeout: float = 30.0) -> str:
        """The first output line for which ``cond(line)`` holds."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None or time.monotonic() > deadline:
                raise AssertionError(f"no such line from the app (exit {self.proc.poll()}): {self.log.read_text()[-2000:]}")
            if cond(line):
                return line

    def kill(self) -> int:
        """SIGKILL the app and everything it started (the computer's worker process)."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        code = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        self.err.close()
        return code


def fast_settings(home: Path) -> None:
    """No animations (many turns, so many saves, per second), no sound."""
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"animation_speed": 0.0, "muted": True, "volume": 0.0}))


def wait_for_new_save(path: Path, since_ns: int, proc: Running, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if path.stat().st_mtime_ns > since_ns:
                return
        except FileNotFoundError:
            pass
        assert proc.proc.poll() is None, f"the app stopped: {proc.log.read_text()[-2000:]}"
        time.sleep(0.02)
    raise AssertionError(f"{path.name} was never written")


def mtime_ns(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return 0


def loads(slot: str) -> saves.LoadResult:
    """What Continue does: the file must load as it is (no backup needed) and make a session."""
    got = saves.load_game(slot)
    assert got.ok and not got.recovered_from_backup and not got.damaged_files, got.message
    Session.from_dict({**got.session, "state": got.state.to_dict()}, autosave=False)
    return got


@pytest.mark.slow
def test_killing_the_app_at_random_moments_always_leaves_a_loadable_save(tmp_path):
    home = Path(os.environ["RUMMIKUB_HOME"])
    fast_settings(home)
    rng = random.Random(20261121)
    game_ids = set()
    turns = []
    for k, what in enumerate(["demo", "game", "demo", "game"]):
        slot = saves.DEMO_SLOT if what == "demo" else "autosave"
        path = saves.slot_path(slot)
        before = mtime_ns(path)
        args = (["main.py", "--demo", "--seed", str(40 + k), "--size", "960x600"] if what == "demo"
                else ["tests/apprun.py", "--seed", "5"])
        app = Running(args, tmp_path / f"run{k}.log")
        wait_for_new_save(path, before, app)
        time.sleep(rng.uniform(0.0, 0.9))  # the computer thinking, a turn being saved, an animation...
        assert app.kill() == -signal.SIGKILL, "the app ended by itself"
        got = loads(slot)
        if what == "demo":
            assert got.session.get("demo") is True
        else:
            assert not got.session.get("demo")
            game_ids.add(got.session["game_id"])
            turns.append((got.state.round, got.state.total_turns))
    # the second game run continued the first one (Continue), from where the kill left it
    assert len(game_ids) == 1 and turns[1] >= turns[0]
    # the demo never touched the statistics
    assert not (home / "stats.json").exists()


@pytest.mark.slow
def test_done_when_kill_mid_game_then_continue_resumes_the_same_turn_with_the_same_draws(tmp_path):
    home = Path(os.environ["RUMMIKUB_HOME"])
    fast_settings(home)
    rng = random.Random(5)
    target = rng.randint(5, 12)
    app = Running(["tests/apprun.py", "--seed", "11", "--variant", "classic"], tmp_path / "game.log")
    line = app.wait_for(lambda ln: ln.startswith("turn ") and int(ln.split()[2]) >= target)
    printed = int(line.split()[2])
    time.sleep(rng.uniform(0.0, 0.3))
    assert app.kill() == -signal.SIGKILL

    # Start again: a fresh App, the title screen, Continue.
    fresh = make_app(speed=0.0)
    try:
        title = fresh.top
        title.refresh()
        assert title.continue_button.enabled and title.group.focused is title.continue_button
        key(fresh, pygame.K_RETURN)
        play = fresh.top
        assert isinstance(play, PlayScene)
        resumed = play.session
        st = resumed.state
        assert st.phase == "play" and st.total_turns >= printed and st.seed == 11
        assert resumed.draft is None or resumed.draft == st.board  # the start of the turn: nothing moved yet

        # The same game played without interruption, the same way (the person draws every turn).
        seats = [(p.name, p.kind) for p in st.players]
        replay = Session(engine.new_game(st.variant_key, seats, seed=st.seed, options=dict(st.options), secret=st.secret),
                         autosave=False)

        def advance(sess: Session) -> None:
            if sess.my_turn:
                assert sess.draw().ok
            else:
                sess.computer.run_sync()

        while replay.state.total_turns < st.total_turns:
            advance(replay)
        assert replay.state.to_dict() == st.to_dict()  # racks, pool order, table, scores, whose turn, generator
        upcoming = list(reversed(st.pool[-6:]))
        assert list(reversed(replay.state.pool[-6:])) == upcoming

        # Play on in the fresh App; every completed turn matches the uninterrupted game.
        drawn_resumed, drawn_replay = [], []
        start = st.total_turns
        for _ in range(3000):
            if st.total_turns >= start + 10 or st.phase != "play":
                break
            before, pool_before = st.total_turns, list(st.pool)
            if resumed.my_turn and not play.input_locked():
                key(fresh, pygame.K_SPACE)
            else:
                step(fresh, draw=False)
            if st.total_turns != before:
                if len(st.pool) < len(pool_before):
                    drawn_resumed.append(pool_before[-1])  # the pool is drawn from its end
                pool_r = list(replay.state.pool)
                advance(replay)
                if len(replay.state.pool) < len(pool_r):
                    drawn_replay.append(pool_r[-1])
                assert replay.state.to_dict() == st.to_dict()
        assert st.total_turns >= start + 10
        assert drawn_resumed and drawn_resumed == drawn_replay
        n = min(len(drawn_resumed), len(upcoming))
        assert drawn_resumed[:n] == upcoming[:n]  # the draws that were waiting in the saved pool
    finally:
        fresh.shutdown()
