"""``python -m game.sim --jobs N``: the games of a run played in N processes give the serial run's
summary (but for the timings), game k with the same seed and seats."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import sim

ROOT = Path(__file__).resolve().parent.parent
TIMINGS = {"seconds", "think_ms_p50", "think_ms_p99", "think_cpu_ms_p99", "jobs"}


def _played(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMINGS}


@pytest.mark.slow
def test_two_jobs_give_the_serial_summary():
    serial = sim.run("classic", ["basic", "easy"], games=4, seed=11)
    parallel = sim.run("classic", ["basic", "easy"], games=4, seed=11, jobs=2)
    assert serial["jobs"] == 1 and parallel["jobs"] == 2
    assert parallel["games"] == 4 and _played(parallel) == _played(serial)


@pytest.mark.slow
def test_jobs_keep_the_seats_and_rule_options_of_each_game():
    """Three players (seats rotate game by game) and a rule-set option, more jobs than games."""
    kinds = ["easy", "basic", "easy"]
    serial = sim.run("classic", kinds, games=3, seed=40, options={"rounds": 1})
    parallel = sim.run("classic", kinds, games=3, seed=40, options={"rounds": 1}, jobs=4)
    assert _played(parallel) == _played(serial)


@pytest.mark.slow
def test_a_time_limit_with_jobs_keeps_the_first_games():
    """No game starts past the limit, in any process; the games kept are games 0 to k - 1."""
    got = sim.run("classic", ["basic", "easy"], games=30, seed=3, time_limit=0.0, jobs=2)
    assert got["games"] == 1 and got["games_asked"] == 30
    assert _played(got) == dict(_played(sim.run("classic", ["basic", "easy"], games=1, seed=3)), games_asked=30)


def test_the_knobs_reach_the_worker_processes(monkeypatch):
    """The workers start afresh (spawn): the rule set's knobs, as ``--knob`` set them, are handed over."""
    from game.ai import sage, strategy
    from game.cli import sim_jobs

    monkeypatch.setattr(strategy, "STRATEGIES", dict(strategy.STRATEGIES))
    monkeypatch.setattr(sage, "SAGE", dict(sage.SAGE))
    changed = strategy.with_knobs(strategy.STRATEGIES["classic"], {"deny": "2"})
    sim_jobs._start_worker("classic", changed, {"deny": 4})
    assert strategy.STRATEGIES["classic"].deny == 2 and sage.SAGE["classic"] == {"deny": 4}


@pytest.mark.parametrize("value", ["0", "-1", "x", "1.5", "65"])
def test_a_bad_jobs_value_is_one_clear_line(value):
    r = subprocess.run([sys.executable, "-m", "game.sim", "--jobs", value], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "argument --jobs: must be" in r.stderr.strip().splitlines()[-1]


def test_jobs_do_not_go_with_a_tournament(capsys):
    assert sim.main(["--tournament", "8", "--jobs", "2"]) == 2
    assert "--jobs" in capsys.readouterr().err


@pytest.mark.slow
def test_the_command_prints_the_jobs():
    r = subprocess.run([sys.executable, "-m", "game.sim", "--variant", "classic", "--players", "basic,easy", "--games", "2",
                        "--seed", "5", "--jobs", "2", "--json"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["jobs"] == 2
