"""Classic game flow: dealing, who starts, turns, round end, scoring, match winner."""

import json
import random

import pytest

from game.ai.basic import BasicPlayer
from game.rules import engine
from game.rules.board import Board
from game.rules.state import GameState
from game.rules.tiles import parse_tiles, rack_value
from game.rules import actions as act


def classic(n=3, seed=7, **options):
    return engine.new_game("classic", [(f"P{i}", "basic") for i in range(n)], seed=seed, options=options)


def test_deal_14_each_and_all_tiles_accounted():
    for n in (2, 3, 4):
        s = classic(n)
        assert [len(p.rack) for p in s.players] == [14] * n
        assert len(s.pool) == 106 - 14 * n
        assert s.conservation_problems() == []


def test_highest_opening_tile_starts_and_play_passes_clockwise():
    for seed in range(30):
        s = classic(4, seed)
        shown = s.opening_draw
        numbers = [(t >> 1) % 13 + 1 for t in shown]
        # the starter's tile is a numbered tile at least as high as every other numbered tile
        assert shown[s.current] < 104
        assert all(numbers[s.current] >= numbers[i] for i in range(4) if shown[i] < 104)
    s = classic(4, 3)
    first = s.current
    engine.draw(s)
    assert s.current == (first + 1) % 4


def test_opening_draw_redraws_ties():
    rng = random.Random(0)
    for _ in range(200):
        first, shown = engine.opening_draw(rng, 4, lowest=False)
        assert all(t < 104 for t in shown)
        best = max((t >> 1) % 13 for t in shown)
        winners = [i for i, t in enumerate(shown) if (t >> 1) % 13 == best]
        assert first in winners
    lows = [engine.opening_draw(rng, 3, lowest=True) for _ in range(100)]
    assert all((shown[first] >> 1) % 13 == min((t >> 1) % 13 for t in shown) for first, shown in lows)


def test_bad_setup_is_a_clear_error():
    with pytest.raises(ValueError, match="2 to 4 players"):
        engine.new_game("classic", ["solo"], seed=1)
    with pytest.raises(ValueError, match="rounds"):
        engine.new_game("classic", ["a", "b"], seed=1, options={"rounds": 0})
    with pytest.raises(KeyError, match="unknown rule set"):
        engine.new_game("chess", ["a", "b"], seed=1)


def test_draw_moves_top_of_pool_and_marks_it():
    s = classic()
    seat, top = s.current, s.pool[-1]
    res = engine.draw(s)
    assert res.ok and top in s.players[seat].rack and s.last_drawn[seat] == top
    assert not res.played  # a draw is not a play


def test_illegal_play_leaves_state_untouched():
    s = classic()
    before = json.dumps(s.to_dict(), sort_keys=True)
    b = Board()
    b.place_line((0, 0), s.player.rack[:2])
    res = engine.play(s, b)
    assert not res.ok and res.problems
    assert json.dumps(s.to_dict(), sort_keys=True) == before
    assert not engine.play(s, "not a board").ok


def _rig(state, seat, rack_text, pool_text=None):
    """Give ``seat`` a chosen rack, moving tiles between racks and pool to keep all 106."""
    want = parse_tiles(rack_text)
    everything = set(range(106))
    for p in state.players:
        p.rack = [t for t in p.rack if t not in want]
    state.pool = [t for t in state.pool if t not in want]
    state.players[seat].rack = list(want)
    held = set(state.pool) | {t for p in state.players for t in p.rack}
    state.pool += sorted(everything - held)
    if pool_text is not None:
        state.pool = [t for t in state.pool if t not in parse_tiles(pool_text)]
    assert state.conservation_problems() == []


def test_going_out_ends_round_and_scores_classic_way():
    s = classic(3, 11, rounds=2)
    seat = s.current
    _rig(s, seat, "R10 R11 R12")
    s.players[seat].melded = False  # the initial meld itself goes out: 33 points
    b = Board()
    b.place_line((0, 0), s.players[seat].rack)
    res = engine.play(s, b)
    assert res.ok and res.played and s.phase == "round_over" and s.round_end_reason == "out"
    racks = [rack_value(p.rack) for p in s.players]
    assert racks[seat] == 0 and all(racks[i] > 0 for i in range(3) if i != seat)
    assert s.players[seat].score == sum(racks) and s.players[seat].rounds_won == 1
    for i, p in enumerate(s.players):
        if i != seat:
            assert p.score == -racks[i]
    assert sum(p.score for p in s.players) == 0
    assert s.history[-1]["winner"] == seat and s.history[-1]["deltas"][seat] == sum(racks)
    engine.next_round(s)
    assert s.round == 2 and s.phase == "play" and len(s.board) == 0
    assert all(len(p.rack) == 14 for p in s.players) and s.conservation_problems() == []


def test_joker_left_on_a_rack_costs_30():
    s = classic(2, 5)
    seat = s.current
    _rig(s, seat, "K1 K2 K3 K4 K5 K6 K7 K8")
    loser = 1 - seat
    s.players[loser].rack = parse_tiles("J R2")
    s.pool = [t for t in range(106) if t not in s.players[seat].rack and t not in s.players[loser].rack]
    s.players[seat].melded = True
    b = Board()
    b.place_line((0, 0), s.players[seat].rack)
    assert engine.play(s, b).ok
    assert s.players[loser].score == -32 and s.players[seat].score == 32


def test_empty_pool_and_everyone_passing_ends_round_lowest_rack_wins():
    s = classic(3, 9)
    racks = [parse_tiles("K1 R1"), parse_tiles("K13 R13"), parse_tiles("B5")]
    for p, r in zip(s.players, racks):
        p.rack = list(r)
    held = {t for r in racks for t in r}
    rest = [t for t in range(106) if t not in held]
    s.pool = []
    s.board = Board({(i // 50 * 2, i % 50 * 2): t for i, t in enumerate(rest)})  # passing never re-checks the table
    assert s.conservation_problems() == []
    for k in range(3):
        assert s.phase == "play"
        assert engine.draw(s).ok  # pool empty: a pass
    assert s.phase != "play" and s.round_end_reason == "blocked"
    assert s.round_winner == 0   # K1 R1 = 2 is the lowest rack
    assert s.players[0].score == (26 - 2) + (5 - 2)
    assert s.players[1].score == -(26 - 2) and s.players[2].score == -(5 - 2)  # each pays the difference
    assert sum(p.score for p in s.players) == 0


def test_match_winner_most_rounds_then_score():
    s = classic(3, 1, rounds=3)
    s.players[0].rounds_won, s.players[1].rounds_won, s.players[2].rounds_won = 1, 1, 1
    s.players[0].score, s.players[1].score, s.players[2].score = 5, 40, -45
    assert engine.ranking(s)[0] == 1
    s.players[2].rounds_won = 2
    assert engine.ranking(s)[0] == 2  # -45 points, but two rounds won
    assert s.variant.winner_rule() == "most rounds won"  # what the set-up screen says


def test_state_round_trip_continues_with_same_draws():
    s = classic(4, 42)
    players = [BasicPlayer(i) for i in range(4)]
    for _ in range(25):
        a = players[s.current].choose(engine.view(s, s.current))
        (engine.play(s, a.board) if isinstance(a, act.Play) else engine.draw(s))
    d = json.loads(json.dumps(s.to_dict()))
    copy = GameState.from_dict(d)
    assert copy.to_dict() == s.to_dict()
    # the same future: identical pool order and identical random stream
    assert copy.pool == s.pool
    assert copy.rng.random() == s.rng.random()


def test_view_hides_other_racks_and_pool_order():
    s = classic(3, 2)
    v = engine.view(s, 1)
    assert v.rack == tuple(s.players[1].rack)
    assert v.rack_sizes == tuple(len(p.rack) for p in s.players)
    assert v.pool_size == len(s.pool)
    fields = set(v.__dataclass_fields__)
    assert not fields & {"pool", "players", "rng"}
    visible = set(v.rack) | v.board.tile_set()
    assert visible.isdisjoint(s.players[0].rack) and visible.isdisjoint(s.players[2].rack)


def test_the_phase_is_an_enum_that_saves_and_compares_as_its_plain_string():
    from game.rules.state import Phase, StateError

    s = classic()
    assert s.phase is Phase.PLAY and s.phase == "play"
    d = s.to_dict()
    assert type(d["phase"]) is str and d["phase"] == "play"
    s.phase = Phase.ROUND_OVER
    assert json.loads(json.dumps(s.to_dict()))["phase"] == "round_over"
    back = GameState.from_dict(s.to_dict())
    assert back.phase is Phase.ROUND_OVER and back.phase == "round_over" and f"{back.phase}" == "round_over"
    with pytest.raises(StateError, match="unknown phase"):
        GameState.from_dict({**s.to_dict(), "phase": "halftime"})


def test_the_registry_lies_below_the_state_and_the_variants_package_still_offers_it():
    from game.rules import registry
    from game.rules.variants import REGISTRY, find_variant

    assert REGISTRY is registry.REGISTRY and find_variant("Classic") is REGISTRY["classic"]
    assert classic().variant.key == "classic"
    with pytest.raises(KeyError, match="unknown rule set"):
        find_variant("chess")


def test_a_set_position_starts_at_seat_0_and_refuses_lost_tiles():
    state = engine.new_game("classic", ["A", "B"], seed=4)
    state.current, state.turn = 1, 7
    state.start_set_position()
    assert (state.current, state.turn, state.drawn, state.actions) == (0, 0, None, [])
    state.pool.pop()
    with pytest.raises(ValueError, match="1 tile"):
        state.start_set_position()
