"""Computer players: legal moves only, in whole seeded games and in crafted positions."""

from __future__ import annotations

import dataclasses

import pytest

from game.cli import sim
from game.ai import FLAT, make_player, player_names
from game.ai.hint import hint
from game.ai.players import PROFILES, HardPlayer, profile
from game.rules import engine
from game.rules.board import Board
from game.rules.tiles import parse_tiles
from game.rules.turn import TurnStart, analyse
from game.rules.variants import REGISTRY, register
from game.rules.variants.classic import Classic
from game.ui.portraits import portrait
from game.rules import actions as act

from helpers import position

LEVELS = ["easy", "medium", "hard", "greedy-max"]


def test_every_level_is_registered_with_a_profile():
    for level in LEVELS:
        assert level in player_names()
        assert profile(level)["name"] and profile(level)["blurb"] and "face" not in profile(level)
        assert portrait(level)["skin"] and portrait(level)["expression"]  # the art lives with the screens
        assert make_player(level, 1, board=FLAT).name == PROFILES[level]["name"]
    assert "basic" in player_names()


@pytest.mark.parametrize("pair,seed", [(("hard", "greedy-max"), 11), (("medium", "easy"), 12), (("hard", "medium", "easy"), 13)])
@pytest.mark.slow
def test_seeded_games_have_no_illegal_moves_and_conserve_tiles(pair, seed):
    summary = sim.run("classic", list(pair), games=1, seed=seed, options={"rounds": 1})
    assert summary["illegal_moves"] == 0
    assert summary["tiles_conserved"] is True
    assert sum(summary["wins"]) == 1
    assert "stalled" not in summary["end_reasons"]


@pytest.mark.parametrize("level", LEVELS)
def test_moves_are_legal_and_only_use_own_tiles(level):
    state = position("R5 R6 R7 K9 B9 O9 J R1", table="K1 K2 K3 | B5 O5 K5")
    action = make_player(level, 5, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, (act.Play, act.Draw))
    if isinstance(action, act.Play):
        result = engine.play(state, action.board)
        assert result.ok, result.codes
        assert not state.conservation_problems()


def test_initial_meld_rule_is_respected():
    # worth 18 only: nobody may open with it in classic (30 needed)
    for level in LEVELS:
        state = position("R5 R6 R7 K1 B8", table="K11 K12 K13", melded=False)
        assert make_player(level, 2, board=FLAT).choose(engine.view(state, 0)) == act.Draw()
    state = position("R10 R11 R12 K1 B8 B9 B10", table="K11 K12 K13", melded=False)
    action = make_player("greedy-max", 2, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, act.Play)
    board = action.board
    assert all(board.get(c) == t for c, t in state.board.cells.items())  # table untouched
    assert engine.play(state, board).ok


def test_hard_holds_a_set_back_but_goes_out_when_it_can():
    state = position("R5 R6 R7 K9 B9 O9 O1", table="K1 K2 K3")
    hard = make_player("hard", 1, board=FLAT).choose(engine.view(state, 0))
    greedy = make_player("greedy-max", 1, board=FLAT).choose(engine.view(state, 0))
    played = lambda a: len(a.board) - len(state.board)  # noqa: E731
    assert isinstance(hard, act.Play) and isinstance(greedy, act.Play)
    assert played(greedy) == 6 and played(hard) == 3
    out = position("R5 R6 R7 K9 B9 O9", table="K1 K2 K3")
    action = make_player("hard", 1, board=FLAT).choose(engine.view(out, 0))
    assert engine.play(out, action.board).ok and not out.players[0].rack


def test_hard_plays_everything_when_an_opponent_gets_close():
    state = position("R5 R6 R7 K9 B9 O9 O1", table="K1 K2 K3", opponent_rack=7)
    action = make_player("hard", 1, board=FLAT).choose(engine.view(state, 0))
    assert len(action.board) - len(state.board) == 6


def test_hard_feeds_nothing_to_an_opponent_about_to_go_out_but_goes_out_itself():
    state = position("R5 R6 R7 K9 B9 O9 O1", table="K1 K2 K3", opponent_rack=3)
    assert make_player("hard", 1, board=FLAT).choose(engine.view(state, 0)) == act.Draw()
    assert isinstance(make_player("greedy-max", 1, board=FLAT).choose(engine.view(state, 0)), act.Play)
    out = position("R5 R6 R7 K9 B9 O9", table="K1 K2 K3", opponent_rack=2)
    action = make_player("hard", 1, board=FLAT).choose(engine.view(out, 0))
    assert engine.play(out, action.board).ok and not out.players[0].rack
    # with the pool empty a draw is only a pass: then it plays
    empty_pool = dataclasses.replace(engine.view(state, 0), pool_size=0)
    assert isinstance(make_player("hard", 1, board=FLAT).choose(empty_pool), act.Play)


def test_hard_keeps_its_joker_for_later():
    # greedy-max puts the joker on the run just to place a tile; hard keeps it
    state = position("J O1 B12 R9", table="K1 K2 K3")
    assert isinstance(make_player("greedy-max", 1, board=FLAT).choose(engine.view(state, 0)), act.Play)
    assert make_player("hard", 1, board=FLAT).choose(engine.view(state, 0)) == act.Draw()


def test_hard_never_draws_to_deny_in_a_race_to_a_points_target():
    # Rummy Q: every point on the rack counts toward the target, so feeding nothing costs too much
    state = position("R5 R6 R7 K9 B9 O9 O1", table="K1 K2 K3", opponent_rack=3, variant="rummy-q")
    action = make_player("hard", 1, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, act.Play) and engine.play(state, action.board).ok


def test_hard_keeps_no_joker_back_in_a_race_to_a_points_target():
    # Rummy Q: a joker still on the rack when someone goes out costs 30 points, and one left
    # without two rack tiles to go with it can never be played: hard plays it while it can
    rack = "J R5 R6 B9 O13 K11"
    state = position(rack, table="K1 K2 K3", variant="rummy-q")
    action = make_player("hard", 1, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, act.Play) and engine.play(state, action.board).ok
    assert not any(t >= 104 for t in state.players[0].rack)
    classic = position(rack, table="K1 K2 K3")  # no such rule: the joker is kept for later
    assert make_player("hard", 1, board=FLAT).choose(engine.view(classic, 0)) == act.Draw()


class StrictJokers(Classic):
    key = "test-strict-jokers"
    joker_exact_replacement = True
    freed_joker_min_rack = 2
    hand_joker_min_rack_companions = 2


@pytest.fixture
def strict_variant():
    register(StrictJokers)
    yield StrictJokers
    REGISTRY.pop(StrictJokers.key, None)


@pytest.mark.parametrize("level", LEVELS)
def test_joker_rules_of_a_strict_rule_set_are_respected(strict_variant, level):
    state = position("R4 O8 J K5", table="R1 R2 R3 J")
    state.variant_key = strict_variant.key
    state._variant = None
    view = engine.view(state, 0)
    player = make_player(level, 4, board=FLAT)
    action = player.choose(view)
    if isinstance(action, act.Play):
        start = TurnStart(state.board.copy(), list(state.players[0].rack), True)
        assert analyse(state.variant, start, action.board).problems == []


def test_hint_gives_a_legal_board_or_none():
    state = position("R5 R6 R7 K9 B9 O9 J", table="K1 K2 K3")
    got = hint(engine.view(state, 0), time_budget=0.2)
    assert got is not None and set(got["tiles"]) <= set(state.players[0].rack)
    assert engine.play(state, got["board"]).ok
    nothing = position("R1 O13", table="K5 K6 K7")
    assert hint(engine.view(nothing, 0)) is None


def test_the_hint_ladder_starts_with_the_smallest_play_and_ends_with_the_most_tiles():
    from game.ai.hint import hints

    state = position("R9 K5 B1 B2 B3 O7 O8 O12 J", table="R6 R7 R8 | K6 K7 K8 | O9 O10 O11 | B4 R4 K4")
    view = engine.view(state, 0)
    ladder = hints(view)
    sizes = [len(h["tiles"]) for h in ladder]
    assert sizes[0] == 1 and ladder[0]["broken"] == 0  # one tile, no table set broken up
    assert sizes == sorted(set(sizes)) and len(ladder) >= 3  # each step bigger than the one before
    assert sizes[-1] == len(hint(view)["tiles"]) == 9  # the last: the most tiles
    for h in ladder:
        assert engine.check_view(view, h["board"]).problems == []
        assert set(h["tiles"]) <= set(state.players[0].rack)
        assert sorted(t for t in h["board"].tiles() if t not in set(view.board.tiles())) == h["tiles"]
    # before the initial meld: the smallest meld worth 30 first, then the whole of it
    fresh = position("R10 R11 R12 K10 B10 O10 B1 B2 B3", melded=False)
    first = hints(engine.view(fresh, 0))
    assert [len(h["tiles"]) for h in first] == [3, 6, 9]
    for h in first:
        assert engine.check_view(engine.view(fresh, 0), h["board"]).problems == []
    assert hints(engine.view(position("R1 O13", table="K5 K6 K7"), 0)) == []


def test_thinking_does_not_leak_other_racks():
    # the view is all a player gets; it holds no other rack and no pool order
    state = position("R5 R6 R7", table="")
    view = engine.view(state, 0)
    fields = set(view.__dataclass_fields__)
    assert "pool" not in fields and "players" not in fields
    assert isinstance(HardPlayer(0).choose(view), (act.Play, act.Draw))


def _sets_broken(before, after) -> int:
    """How many sets of the table before were taken apart (not kept whole in one set after)."""
    after_sets = [set(line.tiles) for line in after.lines()]
    return sum(1 for line in before.lines() if not any(set(line.tiles) <= s for s in after_sets))


@pytest.mark.slow
def test_the_hint_places_as_many_tiles_as_the_finder_and_breaks_up_fewer_sets_where_it_can():
    from game.ai import FLAT, make_player
    from game.ai.hint import hint
    from game.ai.players import GreedyMaxPlayer, _Turn
    from game.play import computer

    gentler = same = 0
    state = engine.new_game("classic", [("A", "medium"), ("B", "medium")], seed=0)
    players = [make_player("medium", seed=1, board=FLAT), make_player("medium", seed=2, board=FLAT)]
    for _ in range(60):
        if state.phase != "play":
            break
        view = engine.view(state, state.current)
        if state.players[state.current].melded and len(state.board) > 6:
            got, finder = hint(view), GreedyMaxPlayer().plan(_Turn(view, 0.3))
            assert (got is None) == (finder is None)
            if got is not None:
                assert len(got["board"]) == len(finder)  # never fewer tiles than the finder's play
                assert engine.check_view(view, got["board"]).problems == []  # legal
                mine, theirs = _sets_broken(view.board, got["board"]), _sets_broken(view.board, finder)
                assert mine <= theirs
                gentler += mine < theirs
                same += mine == theirs
        computer.computer_turn(state, players[state.current])
    assert gentler >= 1 and same >= 1


def test_a_joker_the_rack_cannot_win_back_stays_beside_two_partners_in_the_first_question():
    # Rummy Q: a freed joker needs its exact tile; the rack has no R4, so the joker of
    # R2 R3 J R5 R6 R7 must stay beside two of its partners.  The finder is asked with the joker
    # and two partners kept (a window of three), the rest of its set free: splitting the run to
    # lay the second R5 and R8 is found (with the whole set kept only R8 goes down)
    from game.ai.players import _Turn

    state = position("R5 R8 K11", table="R2 R3 J R5 R6 R7", variant="rummy-q")
    turn = _Turn(engine.view(state, 0), 1.5)
    assert turn.refusals.locked(turn.sets, turn.rack) == (0,)
    first = next(turn.arrangements(turn.rack, first_nodes=3000))
    placed = [t for s in first for t in s if t in turn.rack_set]
    assert len(placed) == 2 and turn.try_sets(first) is not None
    # with its exact tile on the rack the joker may be won back: nothing is locked
    state = position("R5 O4 K4 B8", table="R1 R2 R3 R4 J R6 | B5 B6 B7", variant="rummy-q")
    turn = _Turn(engine.view(state, 0), 1.5)
    assert turn.refusals.locked(turn.sets, turn.rack) == ()
    # where a joker may be taken freely (classic) nothing is locked
    state = position("O4 K4 B8", table="R1 R2 R3 J | B5 B6 B7")
    turn = _Turn(engine.view(state, 0), 1.5)
    assert turn.refusals.locked(turn.sets, turn.rack) == ()


def test_a_retry_is_offered_before_a_narrower_one_is_worked_out():
    # the finder's best refused, a retry keeping a joker set together places one tile, exactly;
    # a later retry (no set broken, no rack jokers) asks the same with more constraints, so it
    # cannot come first and the retry is offered without it
    from game.ai.retries import settled

    best = (-1, 0, [[1, 2, 3]])
    first = dict(max_disturbed=None, keep=(), use_rack_jokers=True)
    kept = dict(max_disturbed=None, keep=(0,), use_rack_jokers=True)
    extend = dict(max_disturbed=0, keep=(), use_rack_jokers=False)
    assert settled(best, 1, extend, [(first, None), (kept, 1)])  # narrows the retry: at most 1 tile
    assert not settled(best, 1, extend, [(first, None), (kept, None)])  # the retry was not exact
    assert not settled(best, 1, kept, [(first, 3), (extend, 1)])  # a wider one: up to 3 tiles
    assert not settled((-1, 2, []), 1, extend, [(first, None), (kept, 1)])  # as many, and before it
