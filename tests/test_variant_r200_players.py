"""Rummi200kub (sheet 000): the computer players, whole simulated games and the simulator."""

from __future__ import annotations

import json
import random

import pytest

from game.cli import sim
from game.ai import CROSSWORD, FLAT, crossword, make_player
from game.rules import claims as cl
from game.rules import engine
from game.rules import events
from game.rules.state import GameState
from game.rules import actions as act

from r200pos import KEY, Pos, make_state, cells_of, hold, big_position, K_RUN


# -- the computer players ----------------------------------------------------------------------------------------------


def test_on_the_crossword_board_each_level_is_the_crossword_player_with_its_profile():
    assert state_shape(KEY) == CROSSWORD and state_shape("classic") == FLAT
    state = engine.new_game(KEY, ["A", "B"], seed=3)
    for level, profile in (("expert", "hard"), ("hard-v1", "hard-v1"), ("easy", "easy")):
        view = engine.view(state, state.current)
        assert make_player(level, 5, CROSSWORD).choose(view) == crossword.choose(view, profile, random.Random(5))
    for _ in range(6):
        view = engine.view(state, state.current)
        action = make_player("basic", 1, CROSSWORD).choose(view)
        assert action == crossword.choose(view, "basic", random.Random(1))
        if isinstance(action, act.Play):
            assert engine.play(state, action.board).ok
        else:
            engine.draw(state)


@pytest.mark.parametrize("level", crossword.LEVELS)
def test_every_level_claims_the_set_that_makes_exactly_200(level):
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1 K1"), pos.tiles("O2 K2")])
    hold(state, 0, 176, K_RUN)
    action = crossword.choose(engine.view(state, 0), level, random.Random(0))
    assert act.to_json(action)["type"] == "claim" and sorted(map(tuple, act.to_json(action)["cells"])) == cells_of(0, 0, 3)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_player_denies_a_rival_one_claim_from_200(level):
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1 O5"), pos.tiles("O2 O6")])
    # Seat 1 holds 155 + 21 = 176: the 24-point group would give them exactly 200 next turn.  Claiming
    # the group does not stop them (they could hijack it); taking points off them does.
    hold(state, 1, 155, K_RUN)
    hold(state, 1, 21, cells_of(-2, 2, 3, vertical=True))
    rules = state.variant.claim_rules()
    assert crossword._threats(cl.Position.from_state(state), rules, 1) == 1
    action = crossword.choose(engine.view(state, 0), level, random.Random(0))
    assert act.to_json(action)["type"] == "hijack"
    assert engine.apply(state, action).ok
    assert crossword._threats(cl.Position.from_state(state), rules, 1) == 0


def test_players_do_not_waste_tokens_on_poor_sets_early():
    pos = Pos().at(0, 0, "K1 K2 K3").down(1, 0, "R1 B1")
    state = make_state(pos, [pos.tiles("O5 B9"), pos.tiles("O2")])
    for level in ("basic", "medium", "hard"):
        assert crossword.choose(engine.view(state, 0), level, random.Random(0)) == act.Draw(), level
    hold(state, 0, 194, cells_of(0, 0, 3, vertical=True))  # ...but 6 points that make exactly 200 are worth it
    for level in ("basic", "medium", "hard"):
        action = crossword.choose(engine.view(state, 0), level, random.Random(0))
        assert act.to_json(action) == {"type": "claim", "cells": [[0, 0], [0, 1], [0, 2]]}, level


def test_players_lay_sets_across_the_board():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("R6 R7 K3 B11 O12")
    state = make_state(pos, [rack, pos.tiles("O2")])
    state.players[0].extra["tokens"] = 0  # no claims: a play is the only sensible move
    for level in crossword.LEVELS:
        if level == "easy":
            continue  # easy may overlook it
        action = crossword.choose(engine.view(state, 0), level, random.Random(0))
        assert isinstance(action, act.Play), level
        board = action.board
        assert engine.check_play(state, board).problems == []
        assert any(ln.vertical for ln in board.lines(vertical=True)), level


def test_players_make_an_initial_play_across_an_existing_set():
    pos = Pos().at(0, 0, "K10 R10 B10")
    state = make_state(pos, [pos.tiles("R11 R12 R13 O1"), pos.tiles("O2")], melded=[False, True])
    for level in ("basic", "medium", "hard", "greedy-max"):
        action = crossword.choose(engine.view(state, 0), level, random.Random(0))
        assert isinstance(action, act.Play), level
        analysis = engine.check_play(state, action.board)
        assert analysis.problems == [] and len(analysis.played) == 3
        assert any(ln.vertical and len(ln.cells) == 4 for ln in analysis.lines)  # R10 R11 R12 R13 down
    # K13 R13 B13 is worth 39 but cannot join the board (no 13 to cross, no set to cross it): draw.
    state2 = make_state(pos, [pos.tiles("K13 R13 B13"), pos.tiles("O3")], melded=[False, True])
    assert isinstance(crossword.choose(engine.view(state2, 0), "hard", random.Random(0)), act.Draw)


# -- whole games ------------------------------------------------------------------------------------------------------


def test_simulated_games_are_legal_conserve_tiles_and_can_end_on_exactly_200():
    summary = sim.run(KEY, ["basic", "basic", "basic"], games=4, seed=100)
    assert summary["illegal_moves"] == 0 and summary["tiles_conserved"]
    assert sum(summary["end_reasons"].values()) == 4
    assert set(summary["end_reasons"]) <= {"exact-200", "out", "blocked"}
    assert summary["game_end_reasons"] == summary["end_reasons"]
    assert summary["end_reasons"].get("exact-200", 0) >= 1
    assert summary["claims"]["claim"] > 0 and summary["claims"]["hijack"] > 0


def state_shape(key: str) -> str:
    return engine.new_game(key, ["A", "B"], seed=1).variant.board_shape


def test_every_level_plays_whole_games():
    res = sim.play_game(KEY, ["easy", "medium", "hard", "greedy-max"], seed=7)
    assert res["illegal"] == 0 and res["conserved"] and not res["stalled"]
    state = res["state"]
    assert state.phase == "game_over" and state.round_end_reason in ("exact-200", "out", "blocked")
    assert [p.score for p in state.players] == cl.points_of(state.extra["claims"], 4, state.variant.claim_rules())
    assert all(p.score <= 200 for p in state.players)


@pytest.mark.parametrize(
    "options",
    [
        {"claimed_sets": "release", "hijack_double": True},
        {"allow_over_200": True, "crossing_claims": False, "lock_tokens": 0},
        {"claim_needs_initial": False, "initial_may_extend": True, "tokens": 20},
    ],
)
def test_whole_games_under_the_other_readings(options):
    res = sim.play_game(KEY, ["basic", "basic"], seed=21, options=options)
    state = res["state"]
    assert res["illegal"] == 0 and res["conserved"] and state.phase == "game_over"
    assert [p.score for p in state.players] == cl.points_of(state.extra["claims"], 2, state.variant.claim_rules())
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()


def test_initial_play_event_counts_rack_tiles():
    pos = Pos().at(0, 0, "K10 R10 B10")
    rack = pos.tiles("R11 R12 R13 O1")
    state = make_state(pos, [rack, pos.tiles("O2")], melded=[False, True])
    board = state.board.copy()
    for r, t in zip((1, 2, 3), rack[:3]):
        board.place((r, 1), t)
    result = engine.play(state, board)
    assert result.ok and result.events[0].initial and result.events[0].points == 36


def test_sim_command_line_json(capsys):
    assert sim.main(["--variant", KEY, "--players", "basic,basic", "--games", "1", "--seed", "3", "--json", "--option", "tokens=40"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == KEY and out["games"] == 1 and out["illegal_moves"] == 0 and out["tiles_conserved"]
    for k in ("wins", "win_rate", "mean_score", "turns_mean", "end_reasons", "think_ms_p50", "think_ms_p99", "seconds", "claims"):
        assert k in out
    assert sim.main(["--variant", KEY, "--option", "tokens=1"]) == 2
