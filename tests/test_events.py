"""Typed events: every event the engine reports survives its JSON form, an old save's events
are migrated where they are read, and nothing outside the two decoding points dispatches on a
"type" key."""

from __future__ import annotations

import ast

import codewalk
import pytest

from game.play.computer import play_out
from game.rules import engine, events
from game.rules.state import GameState, StateError
from game.rules.variants import REGISTRY


def played_out(variant: str, seed: int) -> tuple[GameState, list[events.Event]]:
    n = max(2, REGISTRY[variant].min_players)
    state = engine.new_game(variant, [(f"P{i}", "basic") for i in range(n)], seed=seed, secret="ab" * 16)
    told = []
    for step in play_out(state):
        if step.turn is not None:
            told += step.turn.result.events
    return state, told


@pytest.mark.parametrize("variant", ["golden-games", "rummibug-relaxed", "rummi200kub"])
def test_every_event_of_a_game_survives_its_json_form(variant):
    state, told = played_out(variant, 4)
    assert told and all(isinstance(ev, events.Event) for ev in told)
    for ev in told + state.events:
        back = events.from_json(ev.to_json())
        assert back == ev and type(back) is type(ev)
    again = GameState.from_dict(state.to_dict())
    assert again.events == state.events


def test_an_old_saves_penalty_is_migrated_to_its_code():
    old = {"type": "penalty", "seat": 1, "tiles": [4, 5, 6], "penalty": 3, "returned": [7], "problems": ["x"],
           "reason": "time ran out with incomplete sets on the table", "message": "Time ran out ...",
           "summary": "Bo: time ran out ...", "turn": 12}
    ev = events.from_json(old)
    assert ev == events.Penalised(1, (4, 5, 6), 3, (7,), ("x",), events.PenaltyReason.TIME_RAN_OUT, turn=12)
    assert "message" not in ev.to_json() and ev.to_json()["reason"] == "time_ran_out"
    hand = events.from_json({"type": "hand_limit_penalty", "seat": 0, "points": -5, "held": 31, "limit": 30,
                             "message": "Ann ended the turn with 31 tiles ..."})
    assert hand == events.HandLimitPenalised(0, -5, 31, 30)
    timed = events.from_json({"type": "draw", "seat": 0, "tile": 9, "timeout": True,
                              "message": "Time is up: your tiles go back and you draw a tile."})
    assert timed == events.Drew(0, 9, True)


def test_a_saved_game_with_the_old_event_form_loads():
    state, _ = played_out("golden-games", 2)
    d = state.to_dict()
    d["events"].append({"type": "penalty", "seat": 0, "tiles": [], "penalty": 3, "returned": [], "problems": [],
                        "reason": "no legal move", "message": "No legal move. ...", "summary": "P0: ...",
                        "turn": state.total_turns})
    back = GameState.from_dict(d)
    assert back.events[-1] == events.Penalised(0, (), 3, (), (), events.PenaltyReason.NO_LEGAL_MOVE,
                                               turn=state.total_turns)


@pytest.mark.parametrize("bad,words", [
    ({"type": "dance", "seat": 0}, "unknown event type"),
    ("draw", "JSON object"),
    ({"type": "draw", "seat": "one", "tile": 4}, "seat is damaged"),
    ({"type": "draw", "seat": 0}, "missing a field"),
    ({"type": "penalty", "seat": 0, "tiles": [], "penalty": 3, "reason": "felt like it"}, "penalty reason"),
    ({"type": "claim", "kind": "steal", "seat": 0}, "kind of claim"),
])
def test_a_damaged_event_is_refused_with_a_reason(bad, words):
    with pytest.raises(events.EventError, match=words):
        events.from_json(bad)
    state, _ = played_out("classic", 1)
    d = state.to_dict()
    d["events"].append(bad)
    with pytest.raises(StateError, match="event"):
        GameState.from_dict(d)


DECODERS = {"rules/actions.py", "rules/events.py"}


def test_no_dispatch_on_a_type_key_outside_the_decoding_points():
    """Moves and events are typed: reading ``["type"]`` / ``.get("type")`` is for the two
    places that read their JSON form back (a shape check, ``isinstance(x.get("type"), str)``, aside)."""
    hits = []
    for p in codewalk.files():
        rel = str(p.relative_to(codewalk.GAME))
        if rel in DECODERS:
            continue
        tree = codewalk.tree(p)
        shape_checks = {id(call.args[0]) for name, call in codewalk.calls(tree) if name == "isinstance" and call.args}
        hits += [codewalk.where(p, node) for node in codewalk.subscripts_of(tree, "type") if id(node) not in shape_checks]
    assert hits == []


def test_the_session_and_the_play_screen_each_dispatch_on_the_event_type_in_one_match():
    for rel, fn in (("play/session.py", "_emit_engine_events"), ("ui/scenes/play/effects.py", "on_event"),
                    ("play/turnlog.py", "add"), ("play/narrate.py", "tell")):
        body = next(n for n in ast.walk(codewalk.module(rel)) if isinstance(n, ast.FunctionDef) and n.name == fn)
        assert sum(isinstance(n, ast.Match) for n in ast.walk(body)) == 1, rel
        assert not [n for n in ast.walk(body) if isinstance(n, ast.If) and "type" in ast.unparse(n.test)], rel
