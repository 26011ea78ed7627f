"""Validity on the state: ``GameState.problems()`` in the rules layer gives codes with data (never
sentences); the saves layer turns them into the words a refused save or replay shows."""

from __future__ import annotations

import json

import pytest
from helpers import rig
from savehelp import played

from game.rules.problems import Code, StateProblem
from game.rules.state import GameState
from game.storage.saves import validate


def test_a_game_that_can_go_on_has_no_problems():
    for variant in ("classic", "rummibug", "rummi200kub", "golden-games", "rummy-q"):
        assert played(variant, 10).problems() == []


def test_problems_are_codes_with_plain_data_seats_counted_from_zero():
    state = played("classic", 6)
    state.players[1].score = 10**9
    state.drawn = 7 if 7 not in state.player.rack else None
    found = state.problems()
    assert StateProblem(Code.SCORE, {"seat": 1, "score": 10**9}) in found
    assert all(isinstance(p.code, Code) for p in found)
    assert json.loads(json.dumps([p.to_json() for p in found]))[0]["code"] == "score"


def test_an_illegal_table_names_its_tiles_not_a_sentence():
    state = rig("classic", ["R1 R2", "K5 K6"], table=["R5 B9 K13"], melded=True)
    state.players[1].kind = "basic"
    (problem,) = [p for p in state.problems() if p.code == Code.INVALID_SET]
    assert sorted(problem.data["tiles"]) == sorted(state.board.tiles())
    assert validate.message(problem, state).startswith("the table holds an invalid set (")


def test_a_rule_sets_own_bookkeeping_comes_back_as_codes():
    state = rig("rummibug-relaxed", ["R1 R2 R3", "K5 K6"])
    state.players[0].extra["round_penalty"] = 3
    assert state.problems() == [StateProblem(Code.PENALTY_TALLY, {"seat": 0, "field": "round_penalty"})]
    r200 = played("rummi200kub", 12)
    r200.extra["claims"] = [{"vertical": "no"}]
    assert r200.problems()[0] == StateProblem(Code.CLAIM_RECORD, {"claim": 0, "fault": "vertical"})
    assert validate.message(r200.problems()[0], r200) == "claim 1: vertical must be true or false"


def test_every_code_has_words_in_the_saves_layer_and_saves_use_them():
    assert set(validate.MESSAGES) == set(Code)
    state = played("classic", 6)
    d = state.to_dict()
    d["passes"] = 10**6
    odd = GameState.from_dict(d)
    assert validate.state_problems(odd) == [f"the count of passes ({10**6}) is out of range"]


def test_every_lesson_position_is_a_possible_game_and_an_impossible_one_is_refused():
    from game.tutorial import coach, lessons

    steps = [(tr, st) for tr in lessons.TRACKS for le in tr["lessons"] for st in le["steps"]]
    assert steps and all(coach.build_state(tr, st).problems() == [] for tr, st in steps)
    track, step = steps[0]
    broken = dict(step, table=[[0, 0, "R5 B9 K13"]])  # a lesson author's slip: not a set
    with pytest.raises(ValueError, match="invalid_set"):
        coach.build_state(track, broken)


def test_a_tournament_refuses_a_table_result_that_could_not_have_happened():
    from game.rules import engine
    from game.tournament import TableRef, Tournament, TournamentError

    t = Tournament.create(9, None, seed=2, games=(1, 1, 1))
    ref = TableRef(0, 0)
    game = t.start_table(ref)
    engine.finish_round(game, "blocked")  # the table's one game, ended at once
    assert game.phase == "game_over"
    game.players[0].rounds_won = 5  # more rounds won than were played: tiles all there, yet impossible
    with pytest.raises(TournamentError, match="rounds_won"):
        t.record_result(ref, game)
