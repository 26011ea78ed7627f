"""Sage's look-ahead on the crossword board (game.ai.crossword_sage): legal, the same for a seed,
hard's move when it is off, and its sampled worlds dealt only from the tiles it cannot see."""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest

from game.ai import CROSSWORD, crossword, crossword_sage, make_player, sage
from game.ai.crossword_draft import PROFILES
from game.play.computer import computer_turn, seat_player
from game.rules import actions as act
from game.rules import claims as cl
from game.rules import engine
from game.rules.state import Phase, derived_secret
from game.rules.variants import REGISTRY

KEY = "rummi200kub"
VARIANT = REGISTRY[KEY]()


def mid_game(seed: int, min_turns: int = 24):
    """A hard-against-hard game played until seat 0 is to move, has made its initial play and may
    claim something, after at least ``min_turns`` turns."""
    state = engine.new_game(KEY, [("A", "hard"), ("B", "hard")], seed=seed, secret=derived_secret("sim", seed))
    rules = VARIANT.claim_rules()
    while state.phase == Phase.PLAY:
        if (state.turn >= min_turns and state.current == 0 and state.players[0].melded
                and cl.options_for(cl.Position.from_state(state), 0, rules)):
            return state
        computer_turn(state, seat_player(state))
    pytest.skip("the game ended before such a position")


def sage_prof(**knobs):
    return replace(sage.sage_profile(VARIANT), **{"lookahead": 3, "la_from": 0, **knobs})


def legal(state, action) -> bool:
    trial = engine.replay(state)
    return engine.apply(trial, action).ok


@pytest.mark.parametrize("seed", [3, 11])
def test_sages_move_is_legal_and_the_same_for_a_seed(seed):
    state = mid_game(seed)
    view = engine.view(state, 0)
    first = crossword.choose(view, "hard", random.Random(5), sage_prof())
    again = crossword.choose(engine.view(state, 0), "hard", random.Random(5), sage_prof())
    assert first == again
    assert legal(state, first)


def test_the_expert_player_looks_ahead_and_plays_legally(monkeypatch):
    """With the look-ahead knob on (``--sage-knob lookahead=3``) the expert player looks ahead."""
    monkeypatch.setitem(sage.SAGE, KEY, {**sage.SAGE[KEY], "lookahead": 3, "la_from": 0})
    state = mid_game(3)
    calls = []
    real = crossword_sage.weigh
    monkeypatch.setattr(crossword_sage, "weigh", lambda ctx, cands: calls.append(cands) or real(ctx, cands))
    action = make_player("expert", 9, CROSSWORD).choose(engine.view(state, 0))
    assert calls
    assert legal(state, action)


def test_with_the_lookahead_off_sage_plays_hards_decision():
    assert PROFILES["hard"].lookahead == 0  # hard (and every other level) never looks ahead
    for seed in (3, 11):
        view = engine.view(mid_game(seed), 0)
        off = sage_prof(lookahead=0, shape=0, exchange=0)  # (its play shaping and claim search off too)
        assert crossword.choose(view, "hard", random.Random(2), off) == \
            crossword.choose(view, "hard", random.Random(2), replace(PROFILES["hard"], beam=off.beam, depth=off.depth))
        assert crossword.choose(view, "hard", random.Random(2), replace(PROFILES["hard"], lookahead=0)) == \
            crossword.choose(view, "hard", random.Random(2))


def test_hards_turn_is_the_first_candidate_and_kept_without_a_clear_gain(monkeypatch):
    state = mid_game(11)
    view = engine.view(state, 0)
    hard = crossword.choose(view, "hard", random.Random(4), sage_prof(lookahead=0))
    monkeypatch.setattr(crossword_sage, "weigh", lambda ctx, cands: [0.0] * len(cands))
    assert crossword.choose(view, "hard", random.Random(4), sage_prof()) == hard


def test_sage_samples_its_worlds_only_from_the_tiles_it_cannot_see(monkeypatch):
    state = mid_game(3)
    view = engine.view(state, 0)
    hidden = set(state.players[1].rack) | set(state.pool)
    worlds = []
    real = crossword_sage.sample_state

    def spy(v, rng):
        assert v is view  # built from the seat's own view, nothing else
        world = real(v, rng)  # (the look-ahead then plays on it: keep what it was dealt)
        worlds.append((list(world.players[0].rack), list(world.players[1].rack), list(world.pool),
                       world.board.copy(), copy.deepcopy(world.extra["claims"])))
        return world

    monkeypatch.setattr(crossword_sage, "sample_state", spy)
    crossword.choose(view, "hard", random.Random(1), sage_prof())
    assert worlds
    for mine, theirs, pool, board, claims in worlds:
        assert mine == list(view.rack)
        assert set(theirs) <= hidden and len(theirs) == len(state.players[1].rack)
        assert set(pool) <= hidden and len(pool) == len(state.pool)
        assert board == state.board and claims == state.extra["claims"]
    # they are not the real deal: the opponent's rack is drawn, not read
    assert any(sorted(theirs) != sorted(state.players[1].rack) for _, theirs, *_ in worlds)
