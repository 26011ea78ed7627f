import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("tiles,out,code", [
    ("K11 K12 K13", "valid run 36", 0),
    ("R8 B8 K8", "valid group 24", 0),
    ("R5 R6 J", "valid run 18", 0),           # an ambiguous joker takes the highest reading (R7)
    ("K7 R7 J", "valid group 21", 0),
    ("K12 K13 K1", "invalid: a run cannot wrap from 13 to 1", 1),
    ("R5 B5", "invalid: a set needs at least 3 tiles", 1),
    ("R5 B5 O5 K5 R5", "invalid: a group has at most 4 tiles, one of each colour", 1),
])
def test_meld_command(tiles, out, code):
    r = run("game.rules", "meld", *tiles.split())
    assert r.returncode == code and r.stdout.strip() == out


@pytest.mark.parametrize("args", [["meld", "X5"], ["meld", "R14"], ["meld"], ["frobnicate"], ["meld", "R5", "R5", "R5"]])
def test_meld_command_bad_input_exits_2_without_traceback(args):
    r = run("game.rules", *args)
    assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.strip()


@pytest.mark.slow
def test_sim_json_summary():
    r = run("game.sim", "--variant", "classic", "--players", "basic,basic,basic", "--games", "3", "--seed", "4", "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    for key in ("games", "wins", "turns_mean", "end_reasons", "illegal_moves", "tiles_conserved", "seconds",
                "win_rate", "think_ms_p50", "think_ms_p99"):
        assert key in d
    assert d["games"] == 3 and sum(d["wins"]) == 3 and len(d["wins"]) == 3
    # each game ranks three players: three pairs, so the shares of others beaten add up to 1.5
    assert sum(d["ahead_rate"]) == pytest.approx(1.5, abs=1e-3)
    assert all(a >= w / 2 for a, w in zip(d["ahead_rate"], d["win_rate"]))  # a winner is ahead of both
    assert d["illegal_moves"] == 0 and d["tiles_conserved"] is True
    assert sum(d["end_reasons"].values()) >= 3


def test_sim_knob_reaches_the_hard_player(monkeypatch, capsys):
    """``--knob`` sets hard's knobs for the run, and the summary says which it played with."""
    from game.ai import strategy, weigh
    from game.cli import sim

    monkeypatch.setattr(strategy, "STRATEGIES", dict(strategy.STRATEGIES))  # the run's setting stays in this test
    weighed = []
    real = weigh.choose
    monkeypatch.setattr(weigh, "choose", lambda *a, **k: weighed.append(1) or real(*a, **k))
    argv = ["--variant", "classic", "--players", "hard,greedy-max", "--games", "1", "--seed", "3", "--json"]
    assert sim.main(argv) == 0
    assert "knobs" not in json.loads(capsys.readouterr().out) and not weighed  # classic hard never weighs
    assert sim.main(argv + ["--knob", "weigh=14", "--knob", "deny=0"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["knobs"]["weigh"] == 14 and d["knobs"]["deny"] == 0 and d["knobs"]["hold"] is True
    assert weighed and d["illegal_moves"] == 0


@pytest.mark.parametrize("args", [["--variant", "nope"], ["--players", "basic,wizard"], ["--games", "0"],
                                  ["--players", "basic"], ["--option", "rounds=-3"], ["--games", "x"],
                                  ["--knob", "wiegh=3"], ["--knob", "weigh"], ["--knob", "hold=maybe"],
                                  ["--knob", "weigh=3", "--knob", "weigh=4"]])
def test_sim_bad_flags_exit_2(args):
    r = run("game.sim", *args)
    assert r.returncode == 2 and "Traceback" not in r.stderr and "error" in r.stderr


@pytest.mark.slow
def test_the_tournament_simulator_takes_knobs_and_refuses_a_bad_one(monkeypatch, capsys):
    import json

    from game.ai import strategy
    from game.cli import sim as sim_cli

    monkeypatch.setattr(strategy, "STRATEGIES", dict(strategy.STRATEGIES))
    assert sim_cli.main(["--tournament", "8", "--knob", "nope=3"]) == 2
    assert "unknown knob" in capsys.readouterr().err
    assert sim_cli.main(["--tournament", "8", "--knob", "deny=3", "--stage-games", "1,1,1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["knobs"]["deny"] == 3
