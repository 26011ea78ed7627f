"""Sage's play shaping on the crossword board (game.ai.crossword_shape) and its claim-exchange
search (game.ai.crossword_exchange): legal, the same for a seed, read from the seat's own view only
(the same move whatever the hidden racks and pool hold), bounded by a count of work (candidates,
finish scans) and never a clock, and hard's move when they are off."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest

from game.ai import CROSSWORD, crossword, crossword_exchange, crossword_race, crossword_shape, make_player, sage
from game.ai.crossword_claims import threats
from game.ai.crossword_draft import PROFILES, Ctx
from game.play.computer import computer_turn, seat_player
from game.rules import actions as act
from game.rules import claims as cl
from game.rules import engine
from game.rules.state import Phase, derived_secret
from game.rules.variants import REGISTRY

KEY = "rummi200kub"
VARIANT = REGISTRY[KEY]()


def positions(seed: int, count: int = 6, min_turns: int = 16):
    """Seat 0's turns (melded, after ``min_turns`` turns) of a hard-against-hard game, as copies."""
    state = engine.new_game(KEY, [("A", "hard"), ("B", "hard")], seed=seed, secret=derived_secret("sim", seed))
    out = []
    while state.phase == Phase.PLAY and len(out) < count:
        if state.turn >= min_turns and state.current == 0 and state.players[0].melded:
            out.append(engine.replay(state))
        computer_turn(state, seat_player(state))
    if not out:
        pytest.skip("the game ended before such a position")
    return out


def prof(**knobs):
    return replace(sage.sage_profile(VARIANT), **{"shape": 1, **knobs})


def legal(state, action) -> bool:
    return engine.apply(engine.replay(state), action).ok


def hidden_reshuffled(state, rng: random.Random):
    """The same game as seat 0 sees it, with the opponent's rack and the pool dealt anew."""
    other = engine.replay(state)
    hidden = list(other.players[1].rack) + list(other.pool)
    rng.shuffle(hidden)
    n = len(other.players[1].rack)
    other.players[1].rack = sorted(hidden[:n])
    other.pool = hidden[n:]
    return other


@pytest.mark.parametrize("seed", [3, 11])
def test_shaped_moves_are_legal_and_the_same_for_a_seed(seed):
    for state in positions(seed):
        first = crossword.choose(engine.view(state, 0), "hard", random.Random(5), prof())
        again = crossword.choose(engine.view(state, 0), "hard", random.Random(5), prof())
        assert first == again
        assert legal(state, first)


def test_the_expert_player_shapes_its_plays_and_they_differ_from_hards_somewhere():
    assert sage.sage_profile(VARIANT).shape and sage.sage_profile(VARIANT).exchange  # both on for Sage
    differ = 0
    for seed in (3, 11, 17):
        for state in positions(seed, count=10):
            view = engine.view(state, 0)
            sages = make_player("expert", 9, CROSSWORD).choose(view)
            assert legal(state, sages)
            differ += sages != crossword.choose(view, "hard", random.Random(9), replace(prof(), shape=0, exchange=0))
    assert differ


def test_the_move_depends_only_on_the_seats_own_view():
    rng = random.Random(1)
    for seed in (3, 11):
        for state in positions(seed):
            move = crossword.choose(engine.view(state, 0), "hard", random.Random(2), prof())
            for _ in range(2):
                other = hidden_reshuffled(state, rng)
                assert engine.view(other, 0).rack == engine.view(state, 0).rack
                assert crossword.choose(engine.view(other, 0), "hard", random.Random(2), prof()) == move


def test_the_work_is_a_count_of_candidates_not_a_clock(monkeypatch):
    calls = []
    real = crossword_shape.best_claim
    monkeypatch.setattr(crossword_shape, "best_claim", lambda *a: calls.append(a) or real(*a))
    weighed = 0
    for state in positions(3):
        ctx = Ctx(engine.view(state, 0), "hard", random.Random(3), prof(shape_cands=3))
        assert len(crossword_shape.plays(ctx, 3)) <= 3
        calls.clear()
        board = crossword_race.find_play(ctx)
        if board is not None:
            crossword_shape.shaped(ctx, board)  # (move, what it hands the rival)
            assert len(calls) <= 3 + 1  # the rival's, on the board as it is and after each play
            weighed += 1
    assert weighed
    # a clock running many times slower changes nothing: no clock is read
    state = positions(11)[0]
    before = crossword.choose(engine.view(state, 0), "hard", random.Random(2), prof())
    start = time.perf_counter()
    monkeypatch.setattr(time, "perf_counter", lambda: start + 1000 * (time.process_time()))
    monkeypatch.setattr(time, "monotonic", lambda: start + 1000 * (time.process_time()))
    assert crossword.choose(engine.view(state, 0), "hard", random.Random(2), prof()) == before


def test_with_shaping_off_sage_plays_hards_decision():
    assert PROFILES["hard"].shape == 0  # hard (and every other level) plays the most tiles
    for seed in (3, 11):
        for state in positions(seed, count=3):
            view = engine.view(state, 0)
            off = prof(shape=0, exchange=0)
            ctx = Ctx(view, "hard", random.Random(2), off)
            assert crossword.choose(view, "hard", random.Random(2), off) == crossword_race.choose(ctx)


# -- the claim-exchange search (crossword_exchange) ---------------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 11])
def test_the_exchange_search_gives_legal_moves_the_same_for_a_seed(seed):
    for state in positions(seed, count=4, min_turns=30):
        first = crossword.choose(engine.view(state, 0), "hard", random.Random(5), prof(exchange=2))
        assert first == crossword.choose(engine.view(state, 0), "hard", random.Random(5), prof(exchange=2))
        assert legal(state, first)


def test_the_exchange_search_stops_at_its_budget_of_scans_and_keeps_hards_turn():
    scans = crossword_exchange.Scans(3)
    state = positions(3, count=1)[0]
    pos = cl.Position.from_state(state)
    rules = VARIANT.claim_rules()
    with pytest.raises(crossword_exchange.Budget):
        for _ in range(4):
            scans.threats(pos, rules, 1)
    assert scans.used == 4
    for state in positions(11, count=4, min_turns=30):
        view = engine.view(state, 0)
        assert crossword.choose(view, "hard", random.Random(5), prof(exchange=2, exchange_budget=0)) == \
            crossword.choose(view, "hard", random.Random(5), prof(exchange=0))


def test_a_finish_left_to_the_rival_is_a_lost_line_at_once():
    rules = VARIANT.claim_rules()
    found = 0
    for seed in (3, 11, 17):
        for state in positions(seed, count=12, min_turns=20):
            pos = cl.Position.from_state(state)
            scans = crossword_exchange.Scans(10_000)
            lost = crossword_exchange.lost_lines(pos, rules, 1, 0, scans, 1)
            if threats(pos, rules, 0):
                assert lost == crossword_exchange.NOW
                found += 1
            else:
                assert lost in (0, 1)
    assert scans.used
