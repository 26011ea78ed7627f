"""Sage's look-ahead by rollouts on sampled worlds (game.ai.sampled, game.ai.lookahead): worlds built
from a seat's view alone, deterministic for a seed, legal moves in every flat rule set, and off by
default."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai import FLAT, lookahead, make_player, sage, strategy
from game.ai.sampled import rollout, sample_state, unseen_tiles
from game.rules import actions as act
from game.rules import engine
from game.rules.state import GameState

FLAT_RULE_SETS = ["classic", "rummy-q", "rummibug", "rummibug-relaxed", "golden-games"]


def mid_game(variant: str, seed: int = 5, turns: int = 14) -> GameState:
    """A game some turns in, played by greedy-max seats (every seat has melded or tried to)."""
    n = 3 if variant == "golden-games" else 2
    state = engine.new_game(variant, [(f"P{i}", "greedy-max") for i in range(n)], seed=seed)
    players = [make_player("greedy-max", 100 + i, board=FLAT) for i in range(n)]
    for _ in range(turns):
        assert engine.apply(state, players[state.current].choose(engine.view(state, state.current))).ok
        if state.phase != "play":
            break
    assert state.phase == "play"
    return state


def other_deal(state: GameState, rng: random.Random) -> GameState:
    """The same game as ``state`` seen from the seat to move, with the tiles it cannot see dealt
    differently among the other racks and the pool."""
    other = state.clone()
    seat = other.current
    hidden = [t for i, p in enumerate(other.players) if i != seat for t in p.rack] + list(other.pool)
    rng.shuffle(hidden)
    k = 0
    for i, p in enumerate(other.players):
        if i != seat:
            p.rack = sorted(hidden[k:k + len(p.rack)])
            k += len(p.rack)
    other.pool = hidden[k:]
    assert not other.conservation_problems()
    return other


@pytest.fixture
def looking(monkeypatch):
    """Turns the look-ahead on (3 worlds) in every rule set, from any rack size an opponent holds,
    and records each weighing."""
    for key in FLAT_RULE_SETS:
        monkeypatch.setitem(sage.SAGE, key, {**sage.SAGE.get(key, {}), "sage_from": 99})
        monkeypatch.setitem(strategy.STRATEGIES, key, replace(strategy.STRATEGIES[key], lookahead=3))
    calls = []
    real = lookahead.weigh_candidates

    def spy(view, candidates, worlds, plies, rng):
        values = real(view, candidates, worlds, plies, rng)
        calls.append((view, list(candidates), values))
        return values

    monkeypatch.setattr(lookahead, "weigh_candidates", spy)
    return calls


@pytest.mark.parametrize("variant", FLAT_RULE_SETS)
def test_a_sampled_world_is_a_game_that_looks_the_same_from_the_seat(variant):
    state = mid_game(variant)
    seat = state.current
    view = engine.view(state, seat)
    world = sample_state(view, random.Random(1))
    assert world.problems() == [] and world.conservation_problems() == []
    assert GameState.from_dict(world.to_dict()).to_dict() == world.to_dict()  # it passes the loader too
    assert engine.view(world, seat) == view
    # the other racks and the pool are a deal of what the seat cannot see, not the real one
    assert sorted(world.pool + [t for i, p in enumerate(world.players) if i != seat for t in p.rack]) \
        == unseen_tiles(view)
    assert world.to_dict() == sample_state(view, random.Random(1)).to_dict()  # the same seed, the same world
    assert world.pool != sample_state(view, random.Random(2)).pool


def test_the_view_holds_nothing_hidden_and_two_hidden_deals_give_the_same_worlds():
    state = mid_game("classic")
    other = other_deal(state, random.Random(9))
    seat = state.current
    assert other.players[1 - seat].rack != state.players[1 - seat].rack
    view, view2 = engine.view(state, seat), engine.view(other, seat)
    assert view == view2  # the seat cannot tell the two games apart ...
    assert not set(view.rack) & set(state.players[1 - seat].rack + state.pool)
    w1, w2 = sample_state(view, random.Random(4)), sample_state(view2, random.Random(4))
    assert w1.to_dict() == w2.to_dict()  # ... and neither can its worlds


def test_a_rollout_is_the_same_for_the_same_world_and_counts_the_racks():
    view = engine.view(mid_game("classic"), 0)
    first = rollout(sample_state(view, random.Random(3)), view.seat, None, 4)
    again = rollout(sample_state(view, random.Random(3)), view.seat, None, 4)
    assert first == again and first is not None
    assert first.plies <= 4 and first.tiles >= len(view.rack)  # a draw leaves the rack no smaller


def test_a_refused_first_move_is_not_weighed():
    state = mid_game("classic")
    view = engine.view(state, state.current)
    world = sample_state(view, random.Random(3))
    world.pool = []  # nothing to draw: a draw is a pass, still a legal move
    bad = view.board.copy()
    # a board that takes away a table tile without placing it is refused
    bad.cells.pop(next(iter(bad.cells)))
    assert rollout(world, view.seat, bad, 2) is None


@pytest.mark.parametrize("variant", FLAT_RULE_SETS)
def test_with_the_knob_on_sage_plays_legal_moves_and_the_same_for_a_seed(variant, looking):
    state = mid_game(variant, turns=6)
    n = len(state.players)
    sage_seat = state.current
    moves = []
    for _ in range(12 * n):
        if state.phase != "play":
            break
        seat = state.current
        view = engine.view(state, seat)
        if seat == sage_seat:
            move = make_player("expert", 21 + state.total_turns, board=FLAT).choose(view)
            assert move == make_player("expert", 21 + state.total_turns, board=FLAT).choose(view)
            moves.append(move)
            if isinstance(move, act.Play):
                assert not engine.check_view(view, move.board).problems
        else:
            move = make_player("hard", 40 + seat, board=FLAT).choose(view)
        assert engine.apply(state, move).ok
        assert not state.conservation_problems()
    assert moves and looking  # Sage moved, and weighed candidates by rollouts
    for _, candidates, values in looking:
        assert 1 < len(candidates) <= 5 and len(values) == len(candidates)


def test_two_hidden_deals_with_the_same_view_give_the_same_move(looking):
    for seed in (5, 6, 7):
        state = mid_game("classic", seed=seed)
        other = other_deal(state, random.Random(seed))
        seat = state.current
        a = make_player("expert", 8, board=FLAT).choose(engine.view(state, seat))
        b = make_player("expert", 8, board=FLAT).choose(engine.view(other, seat))
        assert a == b
    assert looking


@pytest.mark.parametrize("variant", ["classic", "rummibug"])
def test_with_the_knob_off_sage_never_looks_ahead(variant, monkeypatch):
    assert strategy.STRATEGIES[variant].lookahead == 0

    def refuse(*args, **kwargs):
        raise AssertionError("looked ahead with the knob off")

    monkeypatch.setattr(lookahead, "weigh_candidates", refuse)
    state = mid_game(variant, turns=4)
    for _ in range(16):
        if state.phase != "play":
            break
        move = make_player("expert", 30 + state.total_turns, board=FLAT).choose(engine.view(state, state.current))
        assert engine.apply(state, move).ok
