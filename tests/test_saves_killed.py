"""Saved games and killed processes: a save killed at random moments is never lost, and Continue after a
kill resumes the same turn with the same draws."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from game.storage import saves
from game.cli.demo import Demo
from game.cli.saves import check_file
from game.rules import events

from savehelp import ROOT


# -- killed while saving --------------------------------------------------------------------------

SAVER = r"""
import sys
from game.storage import saves
from game.play.computer import computer_turn, seat_player
from game.rules import engine

seed = int(sys.argv[1])
def fresh(s):
    return engine.new_game("classic", [("You", "human"), ("Computer 1", "basic"), ("Computer 2", "basic")], seed=s)
state = fresh(seed)
print("ready", flush=True)
i = 0
while True:
    if state.phase == "round_over":
        engine.next_round(state)
    elif state.phase == "game_over":
        state = fresh(seed + i)
    else:
        computer_turn(state, seat_player(state))
    res = saves.save_game("autosave" if i % 4 else "slot1", state, {"timer_remaining": None, "i": i})
    if not res.ok:
        print(res.message, flush=True)
        sys.exit(3)
    if i == 1:
        print("saved", flush=True)  # both slots now hold a save: slot1 (i 0) and the autosave (i 1)
    i += 1
"""


@pytest.mark.slow
def test_killing_a_saving_process_at_random_moments_never_loses_the_save(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, RUMMIKUB_HOME=str(home), PYTHONPATH=str(ROOT))
    rng = random.Random(7)
    kills = 0
    interrupted_writes = 0
    last_i = -1
    for k in range(30):
        temps_before = {p.name for p in saves.saves_dir().iterdir() if p.name.endswith(".tmp")}
        proc = subprocess.Popen([sys.executable, "-c", SAVER, str(100 + k)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        # The random moment is counted from the saver's first completed saves, so that however slowly a
        # loaded machine starts the saver, every kill lands while it is saving again and again.
        assert proc.stdout.readline().strip() == "saved"
        time.sleep(rng.uniform(0.0, 0.12))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL, f"the saver stopped by itself ({proc.returncode})"
        kills += 1
        temps = {p.name for p in saves.saves_dir().iterdir() if p.name.endswith(".tmp")}
        interrupted_writes += bool(temps - temps_before)
        for slot in ("autosave", "slot1"):
            assert saves.slot_path(slot).exists(), f"kill {k}: the {slot} save is gone"
            ok, text = check_file(saves.slot_path(slot))
            assert ok, f"kill {k}: {slot} does not load: {text}"  # the file itself is whole: no fallback needed
            got = saves.load_game(slot)
            assert got.ok and not got.recovered_from_backup and not got.damaged_files, got.message
            if slot == "autosave":
                assert got.session["i"] >= 1, f"kill {k}: the autosave is older than the saver's report"
                last_i = got.session["i"]
    assert kills == 30 and last_i > 0
    # Stray temporary files may remain from writes cut short; they never count as saves.
    print(f"{interrupted_writes} of {kills} kills interrupted a write")


# -- the "done when": kill, Continue, same turn, same future draws ------------------------


def test_continue_after_sigkill_resumes_the_same_turn_with_the_same_draws(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, RUMMIKUB_HOME=str(home), PYTHONPATH=str(ROOT))
    players = ["basic", "basic", "basic"]
    seed = 11
    cmd = [sys.executable, "-m", "game.demo", "--slot", "autosave", "--variant", "classic", "--players", ",".join(players), "--seed", str(seed), "--turns", "0", "--progress"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    target = random.Random(3).randint(8, 30)
    seen = 0
    for line in proc.stdout:
        if line.startswith("saved "):
            seen += 1
            if seen >= target:
                break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL and seen >= target

    got = saves.load_game("autosave")  # what the title screen's Continue does
    assert got.ok, got.message
    resumed = got.state
    assert resumed.total_turns >= target - 1 and resumed.phase == "play"

    # An uninterrupted game from the same seed, stopped at the same moment, is the same game.
    replay = Demo("classic", players, seed, save=False)
    while (replay.state.round, replay.state.total_turns) < (resumed.round, resumed.total_turns):
        replay.step()
    assert replay.state.to_dict() == resumed.to_dict()  # racks, pool order, board, scores, whose turn, generator
    next_draws = list(reversed(replay.state.pool[-5:]))
    assert list(reversed(resumed.pool[-5:])) == next_draws

    # ...and it goes on the same way, draw for draw.
    cont = Demo("classic", players, seed, save=False, state=resumed)
    drawn_a, drawn_b = [], []
    for _ in range(40):
        a, b = replay.step(), cont.step()
        drawn_a += [e.tile for e in (a.result.events if a.result else []) if isinstance(e, events.Drew)]
        drawn_b += [e.tile for e in (b.result.events if b.result else []) if isinstance(e, events.Drew)]
        assert cont.state.to_dict() == replay.state.to_dict()
    assert drawn_a == drawn_b and drawn_a[: len(next_draws)] == next_draws[: len(drawn_a)]
