"""The one action path: typed actions, ``engine.apply``, the action log and replay; and the
rule points that live in the game flow (ties, blocked-round scoring, time-outs, foreign
tiles, malformed drafts, the computer players' seeds)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import codewalk
import pytest

from game.cli import sim
from game.ai import FLAT, make_player
from game.play.computer import apply_computer_action, computer_turn
from game.rules import actions as act
from game.rules import engine
from game.rules import events
from game.rules.board import Board
from game.rules.reasons import Reason
from game.rules.state import GameState
from game.rules.tiles import parse_tiles, rack_value
from game.rules.variants import REGISTRY
from game.play.session import Session
from helpers import rig

ROOT = Path(__file__).resolve().parent.parent
KINDS = {  # a few mixed computer levels per rule set (Golden Games needs three)
    "classic": ["easy", "hard"],
    "rummy-q": ["medium", "greedy-max"],
    "golden-games": ["easy", "medium", "hard"],
    "rummibug": ["hard", "basic"],
    "rummibug-relaxed": ["medium", "easy", "basic"],
    "rummi200kub": ["hard", "medium"],
}


# -- the action values -----------------------------------------------------------------------------


def test_every_action_has_a_json_form_that_reads_back():
    board = Board.from_sets([parse_tiles("R1 R2 R3")])
    for a in (act.Play(board), act.EndTurn(board), act.Draw(), act.Timeout(None), act.Timeout(board),
              act.claim("hijack", cells=[[0, 0], [0, 1], [0, 2]]), act.claim("claim", key="h:0,0"),
              act.Forfeit(), act.NextRound(), act.EndRound("stalled")):
        data = json.loads(json.dumps(act.to_json(a)))
        assert act.from_json(data) == a


@pytest.mark.parametrize("bad", [None, 3, "draw", [], {}, {"type": "dance"}, {"type": "play"},
                                 {"type": "play", "board": [[0, 0]]}, {"type": "play", "board": [[0, 0, "R5"]]},
                                 {"type": "play", "board": [[0, 0, 1], [0, 0, 2]]}, {"type": "end_round"},
                                 {"type": "end_round", "reason": "no way"}])
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(bad):
    state = rig("classic", ["R1 R2 R3", "K5"])
    before = state.to_dict()
    result = engine.apply(state, bad)
    assert not result.ok and result.problems and result.codes
    assert state.to_dict() == before


# -- the log and replay ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(KINDS))
@pytest.mark.slow
def test_a_simulated_game_replays_from_its_deal_and_log_to_exactly_the_final_state(variant):
    res = sim.play_game(variant, KINDS[variant], seed=4, options={"rounds": 2} if "rounds" in
                        {s.name for s in REGISTRY[variant].all_option_specs()} else None)
    state = res["state"]
    assert state.phase == "game_over" and state.replayable
    assert len(state.actions) >= res["turns"]
    again = engine.replay(state)
    assert again.to_dict() == state.to_dict()
    # half way through, the replay is the game as it stood then: every later action applies
    half = engine.replay(state, len(state.actions) // 2)
    assert half.total_turns <= state.total_turns and not half.conservation_problems()


def test_the_log_stores_a_play_as_the_change_to_the_table():
    state = rig("classic", ["R1 R2 R3 K9", "K5"], table=["B4 B5 B6 B7 B8 B9 B10"])
    r1, r2, r3 = state.players[0].rack[:3]
    new = state.board.copy()
    new.place_line((2, 0), [r1, r2, r3])
    assert engine.play(state, new).ok
    entry = state.actions[-1]
    assert entry == {"type": "play", "put": [[2, 0, r1], [2, 1, r2], [2, 2, r3]], "lift": []}
    assert act.from_log(json.loads(json.dumps(entry)), Board.from_sets([parse_tiles("B4 B5 B6 B7 B8 B9 B10")])) \
        == act.Play(new)


def test_refused_actions_are_not_logged():
    state = rig("classic", ["R1 R2 R3 K9", "K5"])
    n = len(state.actions)
    assert not engine.play(state, Board({(0, 0): state.players[0].rack[0]})).ok
    assert len(state.actions) == n


def test_old_saves_load_without_a_log_and_say_they_cannot_be_replayed():
    data = json.loads((ROOT / "saves" / "classic.json").read_text())
    raw = data["game"]
    raw = {k: v for k, v in raw.items() if k not in ("actions", "secret", "replayable")}
    state = GameState.from_dict(raw)
    assert not state.replayable and state.actions == []
    with pytest.raises(ValueError, match="older version"):
        engine.replay(state)
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back.secret == state.secret and not back.replayable


@pytest.mark.parametrize("damage", [{"actions": "all"}, {"actions": [1, 2]}, {"secret": "xyz"},
                                    {"replayable": "yes"}])
def test_a_damaged_log_is_refused_on_load(damage):
    state = rig("classic", ["R1 R2 R3", "K5"])
    with pytest.raises(ValueError):
        GameState.from_dict(dict(state.to_dict(), **damage))


# -- one computer turn -----------------------------------------------------------------------------


def test_no_module_probes_a_rule_set_for_hooks():
    hits = [codewalk.where(p, call) for p in codewalk.files() for name, call in codewalk.calls(codewalk.tree(p))
            if name in ("getattr", "hasattr") and call.args and "variant" in ast.unparse(call.args[0])]
    assert hits == []


def test_one_play_out_serves_the_simulator_demo_and_tournament_and_one_turn_function_the_session():
    for rel in ("cli/sim_games.py", "cli/demo.py", "tournament/simulate.py"):  # the simulator plays its games in sim_games
        names = codewalk.called(codewalk.module(rel))
        assert "play_out" in names, rel
        own_loop = {"engine.play", "engine.draw", "engine.next_round", "engine.finish_round", "computer_turn"}
        assert not names & own_loop, rel
    assert "apply_computer_action" in codewalk.called(codewalk.module("play/computer_turns.py"))
    for rel in ("play/session.py", "play/computer_turns.py"):
        assert not codewalk.called(codewalk.module(rel)) & {"engine.play", "engine.draw"}, rel


def test_one_turn_cap():
    caps = [codewalk.where(p, node) for p in codewalk.files() for node in ast.walk(codewalk.tree(p))
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.startswith("MAX_TURNS_PER")
                                                    for t in node.targets)]
    assert len(caps) == 1 and caps[0].startswith("game/play/computer.py:"), caps


def test_no_move_is_a_dict_outside_the_rules():
    """Moves are ``Action`` values: no ``{"type": "play", ...}`` built by a computer player, the
    session layer, the tools or the worker (the JSON form is ``actions.to_json``'s alone)."""
    kinds = {"play", "draw", "claim", "hijack", "end_turn", "forfeit", "timeout"}
    hits = []
    for folder in ("ai", "play", "cli", "tournament", "tutorial", "replay", "ui"):
        paths = codewalk.files(folder)
        for p in paths:
            for d in codewalk.dict_literals_with(codewalk.tree(p), "type"):
                kind = d.values[[isinstance(k, ast.Constant) and k.value for k in d.keys].index("type")]
                if isinstance(kind, ast.Constant) and kind.value in kinds and "seat" not in ast.unparse(d):
                    hits.append(codewalk.where(p, d))
    assert hits == []


def test_a_refused_computer_move_falls_back_to_a_draw_and_counts_as_illegal():
    state = rig("classic", ["R1 R2 R3 K9", "K5"])
    pool = len(state.pool)
    turn = apply_computer_action(state, {"type": "play", "board": [[0, 0, int(state.players[0].rack[0])]]})
    assert turn.illegal and turn.result.ok and state.current == 1 and len(state.pool) == pool - 1


def test_a_refused_draw_under_a_must_meld_rule_falls_back_to_the_play_the_rules_see():
    rack = " ".join(f"{c}{n}" for c in "KRBO" for n in (1, 3, 5, 7, 9, 11)) + " K13 R13 B13 O13 K2 R2 B2 O2 K4 R4 B4"
    state = rig("rummibug", [rack, "K5"], melded=True)
    assert len(state.players[0].rack) >= 35
    turn = apply_computer_action(state, {"type": "draw"})
    assert turn.illegal and any(isinstance(ev, events.Played) for ev in turn.result.events)


def test_with_no_move_left_golden_games_takes_the_penalty_and_others_pass():
    class Stuck:  # a player whose only answer the referee refuses
        def choose(self, view):
            return {"type": "claim", "cells": [[0, 0]]}

    state = rig("golden-games", ["R1 R2 R3", "K5", "O7"])
    state.pool = state.pool[:5] + []
    turn = computer_turn(state, Stuck())
    assert turn.illegal and turn.result.events[0].type == "draw"


# -- points of the rules that live in the game flow ---------------------------------------------


def test_tied_blocked_round_goes_by_turn_order_from_the_player_who_started():
    for variant in ("classic", "rummy-q", "golden-games"):
        state = rig(variant, ["K5 R5", "B5 O5", "K6 R4"], current=1)  # three racks of 10 in two tiles
        state.pool = []
        for _ in range(3):
            assert engine.draw(state).ok  # everyone passes
        assert state.round_end_reason == "blocked"
        assert state.round_winner == 1, variant  # seat 1 started, so it is first in turn order


def test_classic_blocked_round_scores_add_up_to_zero():
    state = rig("classic", ["K1 R1", "K13 R13", "B5"])
    state.pool = []
    for _ in range(3):
        engine.draw(state)
    racks = [rack_value(p.rack) for p in state.players]
    assert state.round_winner == 0
    assert [p.score for p in state.players] == [(26 - 2) + (5 - 2), -(26 - 2), -(5 - 2)] and racks == [2, 26, 5]
    assert sum(p.score for p in state.players) == 0


def test_rummi200kub_time_out_draws_even_with_a_finished_play():
    state = rig("rummi200kub", ["R10 R11 R12 K1", "K5"], melded=False)
    rack = list(state.players[0].rack)
    draft = Board({(0, i): t for i, t in enumerate(rack[:3])})  # R10 R11 R12: 33 points
    assert engine.check_play(state, draft).ok
    result = engine.timeout(state, draft)
    assert isinstance(result.events[-1], (events.Drew, events.RoundEnded)) and len(state.board) == 0
    assert len(state.players[0].rack) == len(rack) + 1


def test_golden_games_refuses_tiles_that_are_not_the_players_without_a_penalty():
    state = rig("golden-games", ["R3 R4 K9", "B6 O6 K1", "O1"], table=["R5 R6 R7"])
    other = state.players[1].rack[0]
    pool_tile = state.pool[0]
    r3, r4, _ = state.players[0].rack
    base = state.board.copy()
    for foreign in (other, pool_tile):
        draft = base.copy()
        draft.place_line((2, 0), [r3, r4, foreign])  # an invalid set, with a tile that is not theirs
        before = state.to_dict()
        assert engine.preview_end_turn(state, draft).outcome == "refused"
        result = engine.end_turn_with_draft(state, draft)
        assert not result.ok and Reason.NOT_YOURS in result.codes
        assert state.to_dict() == before  # no penalty tiles


JUNK_BOARDS = [
    None, "R5", 7, [[0, 0, 1]], {(0, 0): 1},
    Board({(0, 0): "R5"}), Board({(0, 0): None}), Board({(0, 0): 2.0}), Board({(0, 0): True}),
    Board({"a": 1}), Board({(0,): 1}), Board({(0, 0, 0): 1}), Board({(0.5, 1): 1}), Board({(0, 0): 999}),
    Board({(0, 0): -1}),
]


@pytest.mark.parametrize("junk", JUNK_BOARDS, ids=range(len(JUNK_BOARDS)))
def test_malformed_drafts_come_back_as_problems_through_every_entry_point(junk):
    for variant in ("classic", "golden-games", "rummi200kub"):
        players = ["R1 R2 R3", "K5", "O7"] if variant == "golden-games" else ["R1 R2 R3", "K5"]
        state = rig(variant, players)
        before = state.to_dict()
        assert engine.check_play(state, junk).problems
        assert engine.preview_end_turn(state, junk).outcome == "refused"
        for action in (act.Play(junk), act.EndTurn(junk)):
            assert not engine.apply(state, action).ok
        assert state.to_dict() == before
        assert engine.apply(state, act.Timeout(junk)).ok  # the clock still ends the turn: a plain draw
        assert state.board == Board.from_list(before["board"])
    state = rig("rummi200kub", ["R1 R2 R3", "K5"])
    for cells in ("x", [[None, 1]], [[0.5, 0]], [[0, 0, 0]]):
        assert not engine.apply(state, {"type": "claim", "cells": cells}).ok


def test_a_players_seed_reveals_nothing_of_the_deal():
    a = engine.new_game("classic", ["A", ("B", "hard")], seed=1234)
    b = engine.new_game("classic", ["A", ("B", "hard")], seed=1234)
    assert a.pool == b.pool and [p.rack for p in a.players] == [p.rack for p in b.players]  # the same deal
    assert a.secret != b.secret and a.player_seed(1) != b.player_seed(1)  # different secrets: other seeds
    # The formula used before made the deal seed a linear function of what a player receives.
    for st in (a, b):
        got = st.player_seed(1)
        guess = (got - st.round * 10_007 - st.total_turns * 101 - 1) * pow(1_000_003, -1, 2**31) % 2**31
        assert guess != st.seed
    view = engine.view(a, 1)
    assert a.secret not in json.dumps(Session(a, autosave=False).hint_view() or {}) + repr(view)


def test_a_resumed_game_gives_the_computer_the_same_seeds():
    state = engine.new_game("classic", ["A", ("B", "hard")], seed=9)
    back = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert back.player_seed(1) == state.player_seed(1)
    assert make_player("hard", back.player_seed(1), board=FLAT).choose(engine.view(back, 1)) is not None


def test_a_dict_holding_a_board_is_no_move_any_more():
    """The JSON form holds a table as [row, column, tile] lists; a Board belongs in ``Play``."""
    state = rig("classic", ["R1 R2 R3 K9", "K5"])
    board = state.board.copy()
    for c, t in enumerate(state.players[0].rack[:3]):
        board.place((0, c), t)
    with pytest.raises(act.ActionError):
        act.from_json({"type": "play", "board": board})
    refused = engine.apply(state, {"type": "play", "board": board})
    assert not refused.ok and state.current == 0
    assert engine.apply(state, act.Play(board)).ok
