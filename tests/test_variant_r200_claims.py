"""Rummi200kub (sheet 000): claims, hijacks and locks, exactly 200 and the end of the game, and claims in a save."""

from __future__ import annotations

import json

import pytest

from game.rules.reasons import Reason
from game.rules import engine
from game.rules import events
from game.rules.state import GameState
from game.storage.saves import SaveError, build, decode

from r200pos import make_state, messages, claim, cells_of, claim_position, conserve, hold, big_position, K_RUN


# -- claims, hijacks, locks ------------------------------------------------------------------------------------


def test_claim_puts_tokens_on_every_tile_and_ends_the_turn():
    pos, state = claim_position()
    result = claim(state, *cells_of(0, 0, 3))
    assert result.ok
    view = state.variant.claims_view(state)
    [s] = view["sets"]
    assert s["owner"] == 0 and s["side"] == "blank" and s["claims"] == 1 and not s["locked"]
    assert s["cells"] == [[0, 0], [0, 1], [0, 2]] and s["value"] == 24
    assert view["players"][0] == {"seat": 0, "points": 24, "to_go": 176, "tokens": 42, "locks": 4, "sets": 1}
    assert state.current == 2  # counter-clockwise: the turn passed
    assert [e.type for e in result.events][:1] == ["claim"] and result.events[0].kind == "claim"


def test_one_claim_a_turn_and_one_set_a_claim():
    pos, state = claim_position()
    two_sets = cells_of(0, 0, 3) + [(-2, 2), (-1, 2)]
    result = claim(state, *two_sets)
    assert not result.ok and Reason.CLAIM_WHOLE_SET in messages(result)
    part = claim(state, (0, 0), (0, 1))
    assert not part.ok and Reason.CLAIM_WHOLE_SET in messages(part)
    assert state.current == 0 and state.players[0].extra["tokens"] == 45
    assert claim(state, *cells_of(0, 0, 3)).ok
    # The next claim is someone else's turn: seat 0 cannot claim again until play comes back.
    assert state.current != 0


def test_hijack_with_the_two_side_moves_the_points_then_the_third_claim_locks():
    pos, state = claim_position()
    group = cells_of(0, 0, 3)
    assert claim(state, *group).ok  # seat 0 claims: 24
    assert state.current == 2
    result = claim(state, *group, kind="hijack")  # seat 2 hijacks
    assert result.ok and result.events[0].kind == "hijack" and result.events[0].taken_from == 0
    s = state.variant.claims_view(state)["sets"][0]
    assert s["owner"] == 2 and s["side"] == "2" and s["claims"] == 2
    assert [p.score for p in state.players] == [0, 0, 24]
    assert state.players[0].extra["tokens"] == 42  # covered tokens stay on the board
    assert state.current == 1
    result = claim(state, *group)  # seat 1: the third claim, with a lock token
    assert result.ok and result.events[0].kind == "lock"
    s = state.variant.claims_view(state)["sets"][0]
    assert s["owner"] == 1 and s["side"] == "blank" and s["locked"] and s["lock_cell"] == [0, 0] and s["lock_seat"] == 1
    assert state.players[1].extra["locks"] == 3 and [p.score for p in state.players] == [0, 24, 0]
    assert state.current == 0
    refused = claim(state, *group)
    assert not refused.ok and Reason.CLAIM_LOCKED in messages(refused)


def test_claim_refusals_explain_themselves():
    pos, state = claim_position()
    hij = claim(state, *cells_of(0, 0, 3), kind="hijack")
    assert not hij.ok and Reason.HIJACK_UNCLAIMED in messages(hij)
    assert claim(state, *cells_of(0, 0, 3)).ok
    state.current = 0
    own = claim(state, *cells_of(0, 0, 3))
    assert not own.ok and Reason.CLAIM_HELD_ALREADY in messages(own)
    state.players[1].melded = False
    state.current = 1
    early = claim(state, (-2, 2), (-1, 2), (0, 2))
    assert not early.ok and Reason.CLAIM_BEFORE_INITIAL in messages(early)
    state.players[1].melded = True
    state.players[1].extra["tokens"] = 2
    poor = claim(state, (-2, 2), (-1, 2), (0, 2))
    assert not poor.ok and Reason.CLAIM_FEW_TOKENS in messages(poor) and poor.problems[-1].numbers[0] == 3
    assert not claim(state, (5, 5), (5, 6), (5, 7)).ok
    bad = engine.apply(state, {"type": "claim", "cells": "everything"})
    assert not bad.ok and Reason.CLAIM_NEEDS_CELLS in messages(bad)
    bad = engine.apply(state, {"type": "claim", "cells": [[0, "a"], 1]})
    assert not bad.ok and Reason.CLAIM_BAD_CELLS in messages(bad)
    assert not engine.apply(state, {"type": "dance"}).ok
    assert not engine.apply(state, None).ok


def test_third_claim_needs_a_lock_token():
    pos, state = claim_position(lock_tokens=0)
    group = cells_of(0, 0, 3)
    assert claim(state, *group).ok and claim(state, *group).ok
    result = claim(state, *group)
    assert not result.ok and Reason.CLAIM_NO_LOCK in messages(result)


def test_claim_by_cell_and_key_and_claim_options():
    pos, state = claim_position()
    opts = state.variant.claim_options(state)
    assert sorted(o["key"] for o in opts) == ["h:-2,2", "h:0,0", "v:-2,2"]
    assert {o["kind"] for o in opts} == {"claim"}
    ambiguous = engine.apply(state, {"type": "claim", "cell": [0, 2]})
    assert not ambiguous.ok and Reason.CLAIM_WHICH_SET in messages(ambiguous)
    result = engine.apply(state, {"type": "claim", "cell": [0, 2], "vertical": True})
    assert result.ok and result.events[0].key == "v:-2,2" and state.players[0].score == 6 + 7 + 8
    result = engine.apply(state, {"type": "claim", "key": "h:0,0"})
    assert result.ok and state.players[2].score == 24
    assert [o["kind"] for o in state.variant.claim_options(state) if o["key"] == "h:0,0"] == ["hijack"]


def test_claimed_set_may_be_crossed_but_not_changed():
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    state.current = 0
    state.players[0].rack = pos.tiles("K7 K9 O8")
    conserve(state)
    cross = state.board.copy()
    cross.place((-1, 0), state.players[0].rack[0])
    cross.place((1, 0), state.players[0].rack[1])  # K7 K8 K9 down across the claimed K8
    assert engine.check_play(state, cross).problems == []
    extend = state.board.copy()
    extend.place((0, 3), state.players[0].rack[2])  # O8 added to the claimed group
    problems = [p.code for p in engine.check_play(state, extend).problems]
    assert Reason.CLAIMED_SET_KEPT in problems
    # With the other reading, the change is allowed and takes the claim off (tokens back, points lost).
    state.options["claimed_sets"] = "release"
    state._variant = None
    assert engine.check_play(state, extend).problems == []
    result = engine.play(state, extend)
    assert result.ok and any(isinstance(e, events.ClaimReleased) for e in result.events)
    assert state.extra["claims"] == [] and state.players[0].score == 0 and state.players[0].extra["tokens"] == 45


def test_crossing_claims_option():
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    assert claim(state, (-2, 2), (-1, 2), (0, 2)).ok  # B8 carries two claims by default
    pos, strict = claim_position(crossing_claims=False)
    assert claim(strict, *cells_of(0, 0, 3)).ok
    result = claim(strict, (-2, 2), (-1, 2), (0, 2))
    assert not result.ok and Reason.CLAIM_CROSSING in messages(result)


# -- exactly 200 --------------------------------------------------------------------------------------------------


def test_exact_200_wins_at_once():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2"), pos.tiles("O3")])
    hold(state, 0, 176, K_RUN)
    result = claim(state, *cells_of(0, 0, 3))
    assert result.ok and state.players[0].score == 200
    end = [e for e in result.events if isinstance(e, events.RoundEnded)]
    assert end and end[0].reason == "exact-200" and end[0].winner == 0
    assert state.phase == "game_over" and engine.ranking(state)[0] == 0
    assert state.variant.game_end_reason(state) == "exact-200" and state.variant.score_target() == 200
    table = state.variant.score_table(state)
    assert table["totals"] == [200, 0, 0] and table["rows"][0]["points"] == [200, 0, 0] and table["target"] == 200


def test_no_claim_past_200_unless_the_option_allows_it():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")])
    hold(state, 0, 190, K_RUN)
    result = claim(state, *cells_of(0, 0, 3))
    assert not result.ok and Reason.CLAIM_PAST_TARGET in messages(result) and result.problems[-1].numbers[2] == 200
    state = make_state(pos, [pos.tiles("O3"), pos.tiles("O4")], options={"allow_over_200": True})
    hold(state, 0, 190, K_RUN)
    assert claim(state, *cells_of(0, 0, 3)).ok and state.players[0].score == 214 and state.phase == "play"


def test_hijack_that_leaves_the_victim_on_exactly_200_ends_the_game():
    # Only with claims past 200 allowed: seat 0 goes past 200, then a hijack brings them back to exactly 200.
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")], options={"allow_over_200": True})
    hold(state, 0, 182, K_RUN)
    assert claim(state, *cells_of(0, 0, 3)).ok and state.players[0].score == 206 and state.phase == "play"
    state.current = 0  # (seat 1's turn skipped for brevity)
    assert claim(state, *cells_of(-2, 2, 3)).ok and state.players[0].score == 224
    result = claim(state, *cells_of(0, 0, 3), kind="hijack")  # seat 1 takes the 24 away
    end = [e for e in result.events if isinstance(e, events.RoundEnded)]
    assert result.ok and [p.score for p in state.players] == [200, 24]
    assert end and end[0].reason == "exact-200" and end[0].winner == 0


def test_closest_to_200_wins_when_a_rack_empties():
    pos = big_position()
    rack0 = pos.tiles("O8")
    state = make_state(pos, [rack0, pos.tiles("O2 O3"), pos.tiles("K1 K2 K3")])
    hold(state, 1, 150, K_RUN)
    hold(state, 2, 150, cells_of(-2, 2, 3))
    board = state.board.copy()
    board.place((0, 3), rack0[0])
    result = engine.play(state, board)
    assert result.ok
    end = [e for e in result.events if isinstance(e, events.RoundEnded)][0]
    assert end.reason == "out"
    # Seats 1 and 2 tie on 150: the lower rack value wins (O2 O3 = 5 beats K1 K2 K3 = 6).
    assert end.winner == 1 and engine.ranking(state) == [1, 2, 0]


def test_blocked_game_ends_and_ranks_by_closeness():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")])
    hold(state, 1, 30, K_RUN)
    # An empty pool: park the other tiles on the racks so that every tile is accounted for.
    rest = state.pool
    state.pool = []
    state.players[0].rack += rest[:40]
    state.players[1].rack += rest[40:]
    assert not state.conservation_problems()
    engine.draw(state)
    result = engine.draw(state)
    end = [e for e in result.events if isinstance(e, events.RoundEnded)][0]
    assert end.reason == "blocked" and end.winner == 1


# -- saves --------------------------------------------------------------------------------------------------------------


def test_state_round_trip_with_claims():
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    assert claim(state, *cells_of(0, 0, 3), kind="hijack").ok
    assert claim(state, (-2, 2), (-1, 2), (0, 2)).ok
    data = json.loads(json.dumps(state.to_dict()))
    again = GameState.from_dict(data)
    assert again.to_dict() == state.to_dict()
    assert again.variant.claims_view(again) == state.variant.claims_view(state)
    assert again.variant.claim_options(again) == state.variant.claim_options(state)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["extra"].__setitem__("claims", "lots"),
        lambda d: d["extra"]["claims"][0].__setitem__("cells", [[0, 0], [5, 5], [0, 2]]),
        lambda d: d["extra"]["claims"][0]["layers"].append({"seat": 9, "side": "2"}),
        lambda d: d["extra"]["claims"][0].__setitem__("locked", True),
        lambda d: d["extra"]["claims"][0].__setitem__("tiles", [1, 2, 3]),
        lambda d: d["players"][0]["extra"].__setitem__("tokens", -1),
        lambda d: d["players"][0].__setitem__("score", 99),
    ],
)
def test_damaged_claims_in_a_save_are_refused_clearly(damage):
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    data = json.loads(json.dumps(state.to_dict()))
    damage(data)
    with pytest.raises(SaveError) as err:
        decode(build(data, saved_at="2026-01-01T12:00:00+00:00"))
    assert "damaged" in str(err.value)
