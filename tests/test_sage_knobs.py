"""Sage's own knobs per rule set (game.ai.sage): where they differ from hard's, what they make it
do at the table, and the simulator's ``--sage-knob``."""

from __future__ import annotations

import json

import pytest

from game.ai import FLAT, make_player, sage
from game.ai.strategy import STRATEGIES, strategy_for
from game.cli import sim
from game.rules import actions as act
from game.rules import engine
from game.rules.variants import REGISTRY
from helpers import position


@pytest.mark.parametrize("key", [k for k, v in REGISTRY.items() if v().board_shape == FLAT])
def test_sage_plays_hards_knobs_but_for_its_own_changes(key):
    variant = REGISTRY[key]()
    hard, mine = strategy_for(variant), sage.sage_strategy(variant)
    changed = {name for name in vars(hard) if getattr(hard, name) != getattr(mine, name)}
    assert changed == {name for name, value in sage.SAGE.get(key, {}).items() if getattr(hard, name) != value}
    for name in changed:
        assert getattr(mine, name) == sage.SAGE[key][name]


def test_in_rummibug_sage_denies_where_hard_weighs():
    """An opponent at 12 tiles in Rummibug: hard plays its set (it only weighs from 9 tiles), Sage
    (which denies from 13) draws, as it cannot go out; at 14 tiles it plays as hard does."""
    close = engine.view(position("R3 R4 R5 K9 B9 O9 B1", "K10 K11 K12|O2 O3 O4", opponent_rack=12,
                                 variant="rummibug"), 0)
    assert isinstance(make_player("hard", 11, board=FLAT).choose(close), act.Play)
    assert make_player("expert", 11, board=FLAT).choose(close) == act.Draw()
    far = engine.view(position("R3 R4 R5 K9 B9 O9 B1", "K10 K11 K12|O2 O3 O4", opponent_rack=14,
                               variant="rummibug"), 0)
    assert isinstance(make_player("expert", 11, board=FLAT).choose(far), act.Play)


def test_set_knobs_changes_sage_alone_and_refuses_what_it_cannot_take(monkeypatch):
    monkeypatch.setattr(sage, "SAGE", {k: dict(v) for k, v in sage.SAGE.items()})
    variant = REGISTRY["rummy-q"]()
    hard_before = strategy_for(variant)
    sage.set_knobs(variant, {"deny": "7", "weigh": "0"})
    assert sage.sage_strategy(variant).deny == 7 and sage.sage_strategy(variant).weigh == 0
    assert strategy_for(variant) == hard_before  # hard keeps its own
    for bad in ({"deny": "-1"}, {"nope": "3"}, {"hold": "maybe"}):
        with pytest.raises(ValueError):
            sage.set_knobs(variant, bad)
    assert sage.sage_strategy(variant).deny == 7  # a refused change changes nothing


def test_the_simulator_takes_sage_knobs_and_says_so(monkeypatch, capsys):
    monkeypatch.setattr(sage, "SAGE", {k: dict(v) for k, v in sage.SAGE.items()})
    monkeypatch.setattr("game.ai.strategy.STRATEGIES", dict(STRATEGIES))
    argv = ["--variant", "rummibug", "--players", "expert,hard", "--games", "1", "--seed", "3", "--json"]
    assert sim.main(argv + ["--sage-knob", "deny=11"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["sage_knobs"]["deny"] == 11 and d["illegal_moves"] == 0 and d["ai_errors"] == 0
    assert sage.SAGE["rummibug"]["deny"] == 11 and strategy_for(REGISTRY["rummibug"]()).deny == 0


@pytest.mark.parametrize("extra", [["--sage-knob", "deny"], ["--sage-knob", "wiegh=3"],
                                   ["--sage-knob", "deny=3", "--sage-knob", "deny=4"],
                                   ["--variant", "rummi200kub", "--players", "expert,hard", "--sage-knob", "deny=3"],
                                   ["--variant", "rummi200kub", "--players", "expert,hard", "--sage-knob", "weigh=3"]])
def test_bad_sage_knobs_exit_2(extra, monkeypatch, capsys):
    monkeypatch.setattr(sage, "SAGE", {k: dict(v) for k, v in sage.SAGE.items()})
    assert sim.main(["--games", "1", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and "Traceback" not in err


def test_on_the_crossword_board_sage_plays_hards_decisions_with_its_own_profile(monkeypatch):
    from game.ai import CROSSWORD, crossword
    from game.ai.crossword_draft import PROFILES

    variant = REGISTRY["rummi200kub"]()
    mine = sage.sage_profile(variant)
    assert {n for n in vars(mine) if getattr(mine, n) != getattr(PROFILES["hard"], n)} == set(sage.SAGE["rummi200kub"])
    player = make_player("expert", 5, board=CROSSWORD)
    assert player.profile == "hard"
    seen = []
    real = crossword.Ctx.__init__

    def spy(self, view, level, rng, prof=None):
        real(self, view, level, rng, prof)
        seen.append((self.level, self.prof))

    monkeypatch.setattr(crossword.Ctx, "__init__", spy)
    state = engine.new_game("rummi200kub", [("A", "expert"), ("B", "hard")], seed=4)
    player.choose(engine.view(state, state.current))
    assert seen and all(level == "hard" and prof == mine for level, prof in seen)
    monkeypatch.setattr(sage, "SAGE", {k: dict(v) for k, v in sage.SAGE.items()})
    sage.set_knobs(variant, {"beam": "3", "deny": "simple"})
    assert sage.sage_profile(variant).beam == 3 and sage.sage_profile(variant).deny == "simple"
    with pytest.raises(ValueError):
        sage.set_knobs(variant, {"deny": "always"})
