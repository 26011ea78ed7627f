"""Hard's knobs per rule set, and moves that do not depend on the machine's speed."""

from __future__ import annotations

import pytest
from helpers import slow_clock

from game.ai import FLAT, make_player
from game.ai import players as players_mod
from game.ai import search as search_mod
from game.ai import solver as solver_mod
from game.ai.strategy import CHOICES, CLASSIC, STRATEGIES, Strategy, derived, strategy_for, with_knobs
from game.cli import bench_lost
from game.rules.variants import REGISTRY
from game.rules import actions as act


def test_every_flat_rule_set_has_its_knobs():
    for key, cls in REGISTRY.items():
        if cls().flat_table:
            assert key in STRATEGIES, key
            assert strategy_for(cls()) is STRATEGIES[key]


def test_knobs_set_from_their_written_values():
    k = with_knobs(CLASSIC, {"weigh": "6", "hold": "False", "hold_points": "none", "deny_points": "40",
                             "delay": "0.5", "joker_use": "free"})
    assert (k.weigh, k.hold, k.hold_points, k.deny_points, k.delay, k.joker_use) == (6, False, None, 40, 0.5, "free")
    assert k.close == CLASSIC.close and k.tie == CLASSIC.tie  # the knobs not named stay as they were
    assert with_knobs(CLASSIC, {}) == CLASSIC
    for name, words in CHOICES.items():
        assert getattr(CLASSIC, name) in words and name in Strategy.__dataclass_fields__


@pytest.mark.parametrize("settings,words", [
    ({"wiegh": "6"}, "unknown knob 'wiegh'"), ({"weigh": "six"}, "weigh takes a whole number"),
    ({"weigh": "-1"}, "0 or more"), ({"weigh": "none"}, "weigh takes a whole number"),
    ({"hold": "yes"}, "true or false"), ({"delay": "nan"}, "a number"), ({"joker_use": "never"}, "out, urgent, free"),
])
def test_a_knob_that_cannot_be_set_is_named(settings, words):
    with pytest.raises(ValueError, match=words):
        with_knobs(CLASSIC, settings)


def test_a_rule_set_missing_from_the_table_gets_knobs_from_what_it_declares():
    class Race(REGISTRY["classic"]):
        key = "race-test"

        def score_target(self):
            return 100

    class Lowest(REGISTRY["classic"]):
        key = "lowest-test"
        lower_score_wins = True

    assert derived(REGISTRY["classic"]()) is CLASSIC
    assert strategy_for(Race()).always_urgent and strategy_for(Race()).deny == 0
    assert strategy_for(Lowest()).deny == 0 and strategy_for(Lowest()).hold


def _key(action: dict):
    return None if not isinstance(action, act.Play) else sorted(action.board.cells.items())


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["classic", "rummibug", "rummy-q"])
def test_moves_are_the_same_on_a_slow_machine(variant, monkeypatch):
    views = bench_lost.harvest(variant, 2, 10, 21)
    levels = ("hard", "greedy-max", "medium", "expert")
    quick = {(i, lv): _key(make_player(lv, i, board=FLAT).choose(v)) for i, v in enumerate(views) for lv in levels}
    monkeypatch.setattr(solver_mod, "time", slow_clock(0.0005))
    monkeypatch.setattr(players_mod, "time", slow_clock(0.0005))
    monkeypatch.setattr(search_mod, "time", slow_clock(0.0005))
    slow = {(i, lv): _key(make_player(lv, i, board=FLAT).choose(v)) for i, v in enumerate(views) for lv in levels}
    assert slow == quick


def test_rack_pressure_near_the_must_meld_size():
    views = bench_lost.harvest("rummibug", 2, 4, 3)
    turn = players_mod._Turn(views[-1], 1.0)
    limit = turn.variant.must_meld_at
    assert turn.rack_pressure(limit - len(turn.rack))
    assert not turn.rack_pressure(limit - len(turn.rack) - 1)
