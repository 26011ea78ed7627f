"""The expert level: legal, deterministic for a seed, sees only its own view, has a face."""

from __future__ import annotations

import pytest

from game.ai import FLAT, make_player, player_names
from game.ai import sage
from game.ai.expert import ExpertPlayer
from game.ai.players import profile
from game.cli import sim
from game.rules import engine
from game.rules.view import PlayerView
from game.ui.portraits import portrait
from game.rules import actions as act
from helpers import position


def test_expert_is_a_level_with_a_name_and_a_face():
    assert "expert" in player_names()
    assert profile("expert")["name"] == "Sage" and portrait("expert")["expression"] == "calm"
    assert isinstance(make_player("expert", 1, board=FLAT), ExpertPlayer)


def close_game():
    """Seat 0 can play a set or extend; the opponent holds 7 tiles (close: the expert looks ahead)."""
    return position("R3 R4 R5 K9 B9 O9 B1", "K10 K11 K12|O2 O3 O4", opponent_rack=7)


def test_expert_move_is_legal_and_the_same_for_a_seed():
    state = close_game()
    view = engine.view(state, 0)
    first = make_player("expert", 11, board=FLAT).choose(view)
    again = make_player("expert", 11, board=FLAT).choose(view)
    assert first == again
    if isinstance(first, act.Play):
        assert not engine.check_view(view, first.board).problems


def test_expert_reads_only_its_view(monkeypatch):
    state = close_game()
    view = engine.view(state, 0)
    monkeypatch.setitem(sage.SAGE, "classic", {"deny": 5})  # 7 tiles: not denied, so it looks ahead
    assert isinstance(view, PlayerView)
    hidden = set(state.players[1].rack) | set(state.pool)
    seen: list = []
    real = ExpertPlayer._worlds

    def spy(self, turn, opponents):
        worlds = real(self, turn, opponents)
        seen.append(worlds)
        return worlds

    monkeypatch.setattr(ExpertPlayer, "_worlds", spy)
    make_player("expert", 3, board=FLAT).choose(view)
    assert seen  # it did look ahead here
    # the sampled racks come from the tiles it cannot see, never from its own rack or the table
    for worlds in seen:
        for deal in worlds:
            for rack in deal.values():
                assert set(rack) <= hidden
                assert len(rack) == 7


def test_sage_from_zero_plays_hards_turn_without_weighing(monkeypatch):
    """With the ``sage_from`` knob at 0 Sage never samples worlds: with hard's other knobs it
    makes hard's move; at 9 (an opponent at 7 tiles) it weighs its candidates."""
    view = engine.view(close_game(), 0)
    calls = []
    real = ExpertPlayer._worlds

    def spy(self, turn, opponents):
        calls.append(1)
        return real(self, turn, opponents)

    monkeypatch.setattr(ExpertPlayer, "_worlds", spy)
    monkeypatch.setitem(sage.SAGE, "classic", {"deny": 5, "sage_from": 0})
    assert key(make_player("expert", 11, board=FLAT).choose(view)) == key(make_player("hard", 11, board=FLAT).choose(view))
    assert calls == []
    monkeypatch.setitem(sage.SAGE, "classic", {"deny": 5, "sage_from": 9})
    make_player("expert", 11, board=FLAT).choose(view)
    assert calls


def key(action):
    return None if not isinstance(action, act.Play) else sorted(action.board.cells.items())


def test_expert_draws_where_a_close_opponent_could_use_its_tiles():
    """An opponent at 7 tiles: hard (which denies from 5) plays, the expert
    (from 9) draws, since it cannot go out; with 12 tiles it plays as hard does."""
    view = engine.view(close_game(), 0)
    assert isinstance(make_player("hard", 11, board=FLAT).choose(view), act.Play)
    assert make_player("expert", 11, board=FLAT).choose(view) == act.Draw()
    far = engine.view(position("R3 R4 R5 K9 B9 O9 B1", "K10 K11 K12|O2 O3 O4", opponent_rack=12), 0)
    assert key(make_player("expert", 11, board=FLAT).choose(far)) == key(make_player("hard", 11, board=FLAT).choose(far))


def test_expert_still_goes_out_against_a_close_opponent():
    state = position("R3 R4 R5 K9 B9 O9", "K10 K11 K12|O2 O3 O4", opponent_rack=3)
    view = engine.view(state, 0)
    move = make_player("expert", 4, board=FLAT).choose(view)
    assert isinstance(move, act.Play) and not engine.check_view(view, move.board).problems
    assert not set(view.rack) - set(move.board.tiles())  # every rack tile laid: out


@pytest.mark.slow
def test_expert_plays_whole_games_legally():
    res = sim.run("classic", ["expert", "hard"], games=1, seed=5)
    assert res["illegal_moves"] == 0 and res["tiles_conserved"]


@pytest.mark.slow
def test_the_look_ahead_gives_the_same_move_on_a_slow_machine(monkeypatch):
    """The sampled answers are limited by the finder's work, not by the clock: a machine many
    times slower (a clock that jumps at every reading) gives the same moves."""
    from helpers import slow_clock

    from game.ai import expert as expert_mod
    from game.ai import FLAT, make_player
    from game.ai import players as players_mod
    from game.ai import search as search_mod
    from game.ai import solver as solver_mod
    from game.cli import bench_lost

    views = [v for v in bench_lost.harvest("classic", 2, 160, 5)
             if v.me_melded and any(v.melded[i] and 0 < v.rack_sizes[i] <= 9 for i in range(len(v.rack_sizes)) if i != v.seat)]
    views = views[:4]
    assert views
    asked: list[int] = []  # what every sampled answer placed, in order
    real_solve = expert_mod.solve

    def solve(*args, **kwargs):
        assert kwargs.get("time_budget") is None and kwargs.get("node_budget")  # work, not the clock, limits it
        res = real_solve(*args, **kwargs)
        asked.append(res.tiles_placed)
        return res

    monkeypatch.setattr(expert_mod, "solve", solve)
    monkeypatch.setitem(sage.SAGE, "classic", {"deny": 5})  # denial draws (from 9 tiles) would leave little to weigh

    quick = [key(make_player("expert", i, board=FLAT).choose(v)) for i, v in enumerate(views)]
    answers, asked[:] = list(asked), []
    assert answers  # the look-ahead ran

    monkeypatch.setattr(players_mod, "time", slow_clock(0.0005))  # as in tests/test_strategy.py
    for mod in (search_mod, solver_mod):  # every look at the clock inside the finder costs 50 ms
        monkeypatch.setattr(mod, "time", slow_clock(0.05))
    assert [key(make_player("expert", i, board=FLAT).choose(v)) for i, v in enumerate(views)] == quick
    assert asked == answers  # and every sampled answer was the same
