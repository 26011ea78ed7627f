"""Property test over many seeded classic games played by the basic computer player."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.basic import BasicPlayer
from game.rules import engine
from game.rules import actions as act

MAX_TURNS = 2500


def play_out(seed: int, n: int) -> engine.GameState:
    s = engine.new_game("classic", [(f"P{i}", "basic") for i in range(n)], seed=seed, options={"rounds": 1})
    bots = [BasicPlayer(seed + i) for i in range(n)]
    turns = 0
    while s.phase == "play":
        turns += 1
        assert turns < MAX_TURNS, "game did not end"
        seat = s.current
        action = bots[seat].choose(engine.view(s, seat))
        if isinstance(action, act.Play):
            assert engine.check_play(s, action.board).problems == []
            res = engine.play(s, action.board)
        else:
            res = engine.draw(s)
        assert res.ok, res.codes
        assert s.conservation_problems() == []
        assert sum(len(p.rack) for p in s.players) + len(s.pool) + len(s.board) == 106
        # the table between turns is always made of valid sets
        assert all(ln.check() for ln in s.board.lines())
    return s


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(2, 4))
@pytest.mark.slow
def test_every_turn_valid_tiles_conserved_and_game_ends(seed, n):
    s = play_out(seed, n)
    assert s.phase == "game_over"
    assert s.round_end_reason in ("out", "blocked")
    assert sum(p.score for p in s.players) == 0  # out or blocked, a round's scores add up to zero
    if s.round_end_reason == "out":
        assert any(not p.rack for p in s.players)


def test_blocked_rounds_happen_with_an_empty_pool():
    blocked = next((s for s in (play_out(seed, 4) for seed in range(20)) if s.round_end_reason == "blocked"), None)
    assert blocked is not None, "no blocked round in 20 four-player games"
    assert blocked.pool == [] and all(p.rack for p in blocked.players)
    assert sum(p.score for p in blocked.players) == 0  # a blocked round is zero-sum too
