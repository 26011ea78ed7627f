"""Weighing a play against a draw once an opponent is close (``game.ai.weigh``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai import FLAT, make_player, weigh
from game.ai import players as players_mod
from game.ai.layout import sets_of
from game.ai.strategy import strategy_for
from game.rules import engine
from game.rules.tiles import JOKER_FACE, face_key, parse_tiles, rack_value
from game.rules import actions as act
from helpers import position


def tiles(text: str) -> list[int]:
    return [int(t) for t in parse_tiles(text)]


def close_turn(opponent_rack: int = 3, rack: str = "R3 R4 R5 K9 B9 O9 B1 O13 K13", variant: str = "classic"):
    state = position(rack, "K10 K11 K12|O2 O3 O4", opponent_rack=opponent_rack, variant=variant)
    return players_mod._Turn(engine.view(state, 0), 1.5)


def test_deals_hold_only_tiles_the_seat_cannot_see_and_follow_the_seed():
    turn = close_turn(opponent_rack=5)
    for stuck in (False, True):
        deals = weigh.sample_racks(turn, [1], 6, random.Random(4), stuck=stuck)
        seen = set(turn.rack) | set(turn.board.tiles())
        assert len(deals) == 6
        for deal in deals:
            assert list(deal) == [1] and len(deal[1]) == 5
            assert not seen & set(deal[1])
        assert deals == weigh.sample_racks(turn, [1], 6, random.Random(4), stuck=stuck)
        assert len({tuple(d[1]) for d in deals}) > 1  # the deals differ from one another


def test_stuck_deals_hold_what_does_not_fit_the_table():
    turn = close_turn(opponent_rack=9)
    fitting = weigh.extending_faces(turn.sets)
    # K10 K11 K12 takes a K9 or a K13; O2 O3 O4 an O1 or an O5; the jokers fit anywhere
    assert {face_key(t) for t in tiles("K9 K13 O1 O5")} | {JOKER_FACE} <= fitting
    assert face_key(tiles("R7")[0]) not in fitting
    stuck = weigh.sample_racks(turn, [1], 30, random.Random(2), stuck=True)
    free = weigh.sample_racks(turn, [1], 30, random.Random(2))
    assert all(weigh._loose(fitting, d[1]) <= 1 for d in stuck)
    assert any(weigh._loose(fitting, d[1]) >= 2 for d in free)
    assert weigh._loose(fitting, tiles("R7 R8 R9 B1")) == 3  # three rack tiles that make a set


def test_out_chance_counts_the_deals_an_opponent_could_finish():
    run = tiles("R7 R8 R9")
    loose = tiles("B1 O13")
    assert weigh.out_chance([], [{1: run}]) == 1.0
    assert weigh.out_chance([], [{1: loose}]) == 0.0
    assert weigh.out_chance([], [{1: run}, {1: loose}]) == 0.5
    table = [tiles("B2 B3 B4")]
    assert weigh.out_chance(table, [{1: tiles("B5")}]) == 1.0  # one tile that extends a table set


def _play_hits(monkeypatch, own_sets, pattern):
    """Make the play's deals go out as ``pattern`` says, deal by deal (the draw's never); returns
    the list of deals looked at."""
    looked: list[int] = []

    def fake(sets, deal):
        if sorted(map(sorted, sets)) != sorted(map(sorted, own_sets)):
            return False
        looked.append(len(looked))
        return pattern[len(looked) - 1]

    monkeypatch.setattr(weigh, "goes_out", fake)
    return looked


def test_the_cheapest_candidate_is_chosen(monkeypatch):
    turn = close_turn()
    knobs = replace(strategy_for(turn.variant), weigh=6, delay=1.0, weigh_worlds=20)
    own = turn.first_legal(turn.arrangements([t for t in turn.rack if t in tiles("R3 R4 R5")]))
    assert own is not None
    own_sets = sets_of(own)

    def choose(hits: int, k=knobs):
        _play_hits(monkeypatch, own_sets, [True] * hits + [False] * (k.weigh_worlds - hits))
        return weigh.choose(turn, own, k, random.Random(1))

    # the play hands the opponent the round half the time, with over 60 points left on the rack:
    # a draw (3 tiles of tempo) is cheaper
    assert choose(10) is None
    # the play risks nothing: it is played
    assert choose(0) is own
    # a small risk (1 in 20 with 54 points left: 2.7 points) against the tempo of 3 tiles kept back,
    # which the knob ``delay`` prices: at 1 point a tile the play, at half a point the draw
    assert choose(1) is own
    assert choose(1, replace(knobs, delay=0.5)) is None


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.5, 1.0, 3.0])
def test_the_choice_is_the_one_every_deal_gives_though_fewer_are_looked_at(monkeypatch, delay):
    turn = close_turn()
    knobs = replace(strategy_for(turn.variant), weigh=6, delay=delay, weigh_worlds=8)
    own = turn.first_legal(turn.arrangements([t for t in turn.rack if t in tiles("R3 R4 R5")]))
    own_sets = sets_of(own)
    numbered = sum(1 for t in own.tiles() if t in turn.rack_set)  # tiles placed (no jokers here)
    left = rack_value(turn.rack)
    placed = rack_value([t for t in own.tiles() if t in turn.rack_set])
    rng = random.Random(7)
    fewer = 0
    for _ in range(40):
        pattern = [rng.random() < rng.choice((0.05, 0.3, 0.8)) for _ in range(8)]
        looked = _play_hits(monkeypatch, own_sets, pattern)
        got = weigh.choose(turn, own, knobs, random.Random(1))
        cost_play = sum(pattern) / 8 * (left - placed)  # every deal looked at, as the module doc weighs
        assert got is (None if delay * numbered < cost_play - 1e-9 else own)  # no draw deal goes out
        fewer += len(looked) < 8
    assert fewer  # the choice was known before the last deal at least once


def test_no_draw_is_weighed_where_the_rule_set_refuses_it():
    turn = close_turn()
    empty = replace(turn.view, pool_size=0)
    assert weigh.can_draw(turn)
    assert not weigh.can_draw(players_mod._Turn(empty, 1.5))


@pytest.fixture
def weighings(monkeypatch):
    """Each weighing hard makes, as (its closest opponent's rack size, the opponents dealt to)."""
    calls = []
    real = weigh.sample_racks

    def spy(turn, opponents, n, rng, stuck=False):
        calls.append((turn.closest_opponent(), opponents))
        return real(turn, opponents, n, rng, stuck)

    monkeypatch.setattr(weigh, "sample_racks", spy)
    return calls


def test_hard_weighs_only_once_an_opponent_is_close(monkeypatch, weighings):
    monkeypatch.setattr(players_mod.HardPlayer, "knobs",
                        staticmethod(lambda turn: replace(strategy_for(turn.variant), weigh=6)))
    far = engine.view(position("R3 R4 R5 K9 B9 O9 B1", "K10 K11 K12|O2 O3 O4", opponent_rack=12), 0)
    make_player("hard", 1, board=FLAT).choose(far)
    assert weighings == []
    near = engine.view(position("R3 R4 R5 K9 B9 O9 B1", "K10 K11 K12|O2 O3 O4", opponent_rack=4), 0)
    a = make_player("hard", 1, board=FLAT).choose(near)
    assert [size for size, _ in weighings] == [4]
    assert a == make_player("hard", 1, board=FLAT).choose(near)  # the same seed, the same move
    assert isinstance(a, act.Draw) or not engine.check_view(near, a.board).problems


@pytest.mark.parametrize("variant", ["rummy-q", "rummibug", "rummibug-relaxed"])
def test_hard_weighs_with_its_own_knobs_where_rack_points_go_to_the_winner(weighings, variant):
    near = engine.view(position("R3 R4 R5 K9 B9 O9 B1 K2", "K10 K11 K12|O2 O3 O4", opponent_rack=4,
                                variant=variant), 0)
    action = make_player("hard", 1, board=FLAT).choose(near)
    assert [opponents for _, opponents in weighings] == [[1]]
    assert isinstance(action, act.Draw) or not engine.check_view(near, action.board).problems


@pytest.mark.parametrize("variant, weighs_from", [("rummy-q", 6), ("rummibug", 9), ("rummibug-relaxed", 9)])
def test_hard_starts_weighing_where_its_knobs_say(weighings, variant, weighs_from):
    for size in (weighs_from, weighs_from + 1):
        view = engine.view(position("R3 R4 R5 K9 B9 O9 B1 K2", "K10 K11 K12|O2 O3 O4", opponent_rack=size,
                                    variant=variant), 0)
        make_player("hard", 1, board=FLAT).choose(view)
    assert [size for size, _ in weighings] == [weighs_from]


def test_the_going_out_question_gets_the_finders_verdict():
    """``places_all`` (what ``out_chance`` asks) answers as ``solve`` would, on tables and racks of
    every kind, even where the bound alone answers and no search is made."""
    from game.ai.solver import places_all, solve

    rng = random.Random(5)
    for _ in range(150):
        ids = list(range(106))
        rng.shuffle(ids)
        pile = ids[:rng.randint(0, 30)]
        table = solve([], pile).sets if pile else []
        used = {t for s in table for t in s}
        rack = [t for t in ids if t not in used][:rng.randint(1, 6)]
        for budget in (weigh.REPLY_NODES, None):
            assert places_all(table, rack, node_budget=budget) == (
                solve(table, rack, node_budget=budget).tiles_placed == len(rack))
