"""Rummy Q (sheet 002): the points target, who starts, the joker rules, the 30-point joker
penalty, the score table, the game end at the target, and whole seeded games."""

from __future__ import annotations

import json
import random

import pytest

from game.cli import sim
from game.rules import engine
from game.rules.state import GameState
from game.rules.variants import find_variant
from game.rules.reasons import Reason
from helpers import play_sets, refused
from helpers import rig as rig_variant


def rig(racks, table=(), melded=True, current=0, options=None, variant="rummy-q"):
    """A Rummy Q game whose racks and table are the given notations; all other tiles are in the pool."""
    return rig_variant(variant, racks, table, melded, current, options, seed=3)


# -- set-up ---------------------------------------------------------------------------------------------


def test_target_option_presets_and_custom_value():
    cls = find_variant("rummy-q")
    spec = {s.name: s for s in cls.all_option_specs()}["target"]
    assert spec.choices == (50, 100, 150, 200, 300) and spec.low is not None and spec.high is not None
    assert cls().target == 100
    assert cls({"target": 175}).target == 175  # a custom value within the range
    for bad in (spec.low - 1, spec.high + 1, "100", True):
        with pytest.raises(ValueError):
            cls({"target": bad})
    with pytest.raises(ValueError):
        cls({"scoring": "golf"})


def test_sim_rejects_a_bad_target(capsys):
    assert sim.main(["--variant", "rummy-q", "--option", "target=5", "--games", "1"]) == 2
    assert "target" in capsys.readouterr().err


def test_highest_drawn_tile_starts_and_play_goes_clockwise():
    v = find_variant("rummy-q")
    assert v.start_rule == "highest" and v.direction == 1 and v.tiles_dealt == 14
    checked = 0
    for seed in range(40):
        first, shown = engine.opening_draw(random.Random(seed), 4, lowest=False)
        numbers = [(t >> 1) % 13 for t in shown]
        if any(t >= 104 for t in shown) or len(set(numbers)) < 4:
            continue  # a redraw happened; the plain case is enough here
        assert numbers[first] == max(numbers)
        checked += 1
    assert checked > 5
    state = engine.new_game("rummy-q", ["a", "b", "c"], seed=8)
    assert all(len(p.rack) == 14 for p in state.players)
    seat = state.current
    engine.draw(state)
    assert state.current == (seat + 1) % 3


def test_initial_play_needs_30_from_the_rack():
    state = rig(["R6 R7 R8 K1", "O13"], melded=False)
    res = play_sets(state, ["R6 R7 R8"])
    assert refused(res, Reason.MELD_TOO_FEW_POINTS) and res.problems[0].numbers[0] == 30
    state = rig(["R9 R10 R11 K1", "O13"], melded=False)
    assert play_sets(state, ["R9 R10 R11"]).ok


# -- jokers ------------------------------------------------------------------------------------------------


def test_table_joker_replaced_by_its_exact_tile_and_played_with_two_rack_tiles():
    # K7 R7 O7 J: the joker stands for B7
    state = rig(["B7 R1 R2 K11", "O13"], table=["K7 R7 O7 J"])
    res = play_sets(state, ["K7 R7 O7 B7", "R1 R2 J"])
    assert res.ok, res.codes


def test_table_joker_with_only_one_rack_tile_is_refused():
    state = rig(["B7 K4 K11", "O13"], table=["K7 R7 O7 J", "K1 K2 K3"])
    res = play_sets(state, ["K7 R7 O7 B7", "K1 K2 K3 K4 J"])
    assert refused(res, Reason.FREED_JOKER_FEW_RACK, numbers=(2,))


def test_table_joker_replaced_by_a_table_tile_is_refused():
    state = rig(["R1 R2 K11", "O13"], table=["K7 R7 O7 J", "B7 B8 B9 B10"])
    res = play_sets(state, ["K7 R7 O7 B7", "B8 B9 B10", "R1 R2 J"])
    assert refused(res, Reason.JOKER_NOT_REPLACED, "B7")


def test_table_joker_replaced_by_the_wrong_tile_is_refused():
    # in a run the joker stands for exactly one tile: R5 in R4 J R6
    state = rig(["R5 B1 B2 K11", "O13"], table=["R4 J R6"])
    assert play_sets(state, ["R4 R5 R6", "B1 B2 J"]).ok
    state = rig(["B1 B2 K11 O5", "O13"], table=["R4 J R6", "K5 R5 B5"])
    res = play_sets(state, ["R4 R5 R6", "K5 B5 O5", "B1 B2 J"])
    assert refused(res, Reason.JOKER_NOT_REPLACED, "R5")


def test_freed_joker_cannot_be_kept():
    state = rig(["B7 K11", "O13"], table=["K7 R7 O7 J"])
    res = play_sets(state, ["K7 R7 O7 B7"])
    assert refused(res, Reason.TABLE_TILE_TO_RACK)


def test_joker_from_the_rack_needs_two_other_rack_tiles():
    state = rig(["J K11", "O13"], table=["K1 K2 K3"])
    res = play_sets(state, ["K1 K2 K3 J"])
    assert refused(res, Reason.RACK_JOKER_FEW_MATES, numbers=(2,))
    state = rig(["J K4 K11", "O13"], table=["K1 K2 K3"])
    assert not play_sets(state, ["K1 K2 K3 K4 J"]).ok
    state = rig(["J R9 R10 K11", "O13"], table=["K1 K2 K3"])
    assert play_sets(state, ["K1 K2 K3", "R9 R10 J"]).ok
    # Classic has no such rule
    state = rig(["J K11", "O13"], table=["K1 K2 K3"], variant="classic")
    assert play_sets(state, ["K1 K2 K3 J"]).ok


# -- scoring, the score table and the target ----------------------------------------------------------------------


def test_joker_left_on_a_rack_costs_30():
    state = rig(["R6", "J R5"], table=["R3 R4 R5"])
    assert play_sets(state, ["R3 R4 R5 R6"]).ok
    entry = state.history[-1]
    assert entry["reason"] == "out" and entry["rack_values"] == [0, 35]
    assert entry["deltas"] == [35, -35]


def test_target_reached_ends_the_game():
    state = rig(["R6", "J R5"], table=["R3 R4 R5"], options={"target": 50})
    state.players[0].score = 20
    assert play_sets(state, ["R3 R4 R5 R6"]).ok
    assert state.players[0].score == 55
    assert state.phase == "game_over"
    assert state.variant.game_end_reason(state) == "target"
    assert engine.ranking(state) == [0, 1]


def test_below_target_the_rounds_continue_with_a_score_table():
    state = rig(["R6", "J R5", "K2 K3"], table=["R3 R4 R5"], options={"target": 50})
    assert play_sets(state, ["R3 R4 R5 R6"]).ok
    assert state.players[0].score == 40 and state.phase == "round_over"
    engine.next_round(state)
    assert state.round == 2 and all(len(p.rack) == 14 for p in state.players)
    table = state.variant.score_table(state)
    assert table["names"] == ["P1", "P2", "P3"] and table["target"] == 50
    assert table["rows"] == [{"round": 1, "reason": "out", "winner": 0, "points": [40, -35, -5], "penalties": [0, 0, 0], "totals": [40, -35, -5]}]
    assert any(50 in n.numbers for n in state.variant.status_lines(state, 0))


def test_blocked_round_is_zero_sum():
    state = rig(["K1 K2", "R9 R10 R11 R12"])
    v = state.variant
    deltas = v.score_round(state, "blocked", v.round_winner(state, "blocked"))
    assert deltas == [39, -39]  # the loser pays the difference 42 - 3


def test_penalty_scoring_lowest_total_wins():
    state = rig(["R6", "J R5", "K2 K3"], table=["R3 R4 R5"], options={"target": 30, "scoring": "penalty"})
    assert state.variant.lower_score_wins
    assert play_sets(state, ["R3 R4 R5 R6"]).ok
    assert [p.score for p in state.players] == [0, 35, 5]
    assert state.phase == "game_over" and state.variant.game_end_reason(state) == "target"
    assert engine.ranking(state) == [0, 2, 1]


def test_rules_screen_and_state_round_trip():
    v = find_variant("rummy-q")({"target": 150})
    text = dict(v.rules_text())
    assert "150" in text["Scoring"] and "two tiles from your rack" in text["Jokers"]
    assert any("winner's points" in r for r in v.readings())
    state = engine.new_game("rummy-q", ["a", "b"], seed=4, options={"target": 150, "scoring": "penalty"})
    again = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.options == state.options and again.variant.target == 150 and again.variant.lower_score_wins


# -- whole games ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kinds,seed,options", [(["basic", "basic"], 2, {"target": 25}), (["basic"] * 3, 2, {"target": 25, "scoring": "penalty"})])
@pytest.mark.slow
def test_whole_games_are_legal_and_end_at_the_target(kinds, seed, options):
    res = sim.play_game("rummy-q", kinds, seed, options)
    assert res["illegal"] == 0 and res["conserved"] and not res["stalled"]
    assert res["game_end"] == "target"
    state = res["state"]
    assert state.phase == "game_over" and len(state.history) == sum(res["reasons"].values())
    scores = [p.score for p in state.players]
    assert max(scores) >= 25
    if options.get("scoring") != "penalty":
        assert sum(scores) == 0  # plus-minus is zero-sum
        assert len(state.history) >= 2  # this seeded game went on past a round below the target
        assert max(state.history[0]["scores"]) < 25
