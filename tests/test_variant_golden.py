"""Golden Games (sheet 003), rule by rule, through the public rules API."""

import io
import json
from contextlib import redirect_stdout

import pytest

from game.cli import sim
from game.rules import engine
from game.rules import events
from game.rules.board import Board
from game.rules.reasons import Reason, TieBreak
from game.rules.state import GameState
from game.rules.tiles import parse_tiles, rack_value
from game.rules.variants import REGISTRY, find_variant
from helpers import refused

VARIANT = "golden-games"
NAMES = ["Ann", "Bob", "Cy"]


def tiles(text, *taken):
    """Distinct physical tiles for ``text``, avoiding every tile in the lists ``taken``."""
    return parse_tiles(text, used=[t for group in taken for t in group])


def make_state(board, rack, melded=True, others=None, pool=None, options=None):
    """A three-player Golden Games position with seat 0 to move: ``board`` on the table,
    ``rack`` for seat 0, ``others`` (optional) for seats 1 and 2; every other tile in the
    pool, or only ``pool`` tiles there (the rest dealt to seat 2) when ``pool`` is a number."""
    state = engine.new_game(VARIANT, NAMES, seed=11, options=options)
    used = set(board.tiles()) | set(rack)
    if others:
        used |= {t for r in others for t in r}
    rest = [t for t in range(106) if t not in used]
    if others:
        racks = [list(others[0]), list(others[1])]
    else:
        racks = [rest[:14], rest[14:28]]
        rest = rest[28:]
    if pool is not None:
        racks[1] += rest[pool:]
        rest = rest[:pool]
    state.board = board.copy()
    state.players[0].rack = list(rack)
    state.players[0].melded = melded
    state.players[1].rack, state.players[2].rack = racks
    for p in state.players[1:]:
        p.melded = True
    state.pool = rest
    state.current = 0
    state.drawn = None
    assert not state.conservation_problems()
    return state


def problems(state, draft):
    return engine.check_play(state, draft).problems


# -- the table and the start --------------------------------------------------------------------


def test_registered_with_the_sheet_parameters():
    v = find_variant(VARIANT)()
    assert REGISTRY[VARIANT] is type(v)
    assert (v.min_players, v.max_players) == (3, 4)
    assert v.start_rule == "highest" and v.direction == 1
    assert v.initial_meld == 30 and v.tiles_dealt == 14
    assert v.joker_exact_replacement and v.freed_joker_min_rack == 2
    assert v.failed_play_penalty == 3 and v.lower_score_wins
    assert v.options == {"rounds": 3, "initial_turn_manipulation": True, "warn_before_penalty": True}
    assert v.readings() and v.rules_text()


@pytest.mark.parametrize("count", [2, 5])
def test_tables_are_of_three_or_four(count):
    with pytest.raises(ValueError, match="3 to 4 players"):
        engine.new_game(VARIANT, [f"P{i}" for i in range(count)], seed=1)
    for ok in (3, 4):
        state = engine.new_game(VARIANT, [f"P{i}" for i in range(ok)], seed=1)
        assert all(len(p.rack) == 14 for p in state.players)


def test_highest_drawn_tile_starts_and_play_passes_to_the_left():
    for seed in range(12):
        state = engine.new_game(VARIANT, ["A", "B", "C", "D"], seed=seed)
        numbers = [(t >> 1) % 13 + 1 for t in state.opening_draw]
        assert numbers[state.current] == max(numbers)  # ties are redrawn among the highest
        first = state.current
        engine.draw(state)
        assert state.current == (first + 1) % 4


def test_two_minutes_per_play_and_no_timer_option():
    v = find_variant(VARIANT)()
    assert v.turn_time() == 120
    assert "turn_time" not in {s.name for s in v.all_option_specs()}
    with pytest.raises(ValueError):
        find_variant(VARIANT).coerce_options({"turn_time": 60})


# -- the initial meld ---------------------------------------------------------------------------


def test_initial_meld_needs_thirty_in_sets_of_three_or_more():
    rack = tiles("R10 R11 R12 K7 K8 K9 B7 B8")
    state = make_state(Board(), rack, melded=False)
    assert problems(state, Board.from_sets([rack[:3]])) == []  # 33 points
    too_few = problems(state, Board.from_sets([rack[3:6]]))  # 24 points
    assert refused(too_few, Reason.MELD_TOO_FEW_POINTS, numbers=(30, 24))
    two = problems(state, Board.from_sets([rack[:3], rack[6:8]]))  # a two-tile "set" beside a good one
    assert refused(two, Reason.INVALID_SET, tiles="B7 B8")
    # Several sets may make up the 30 together.
    assert problems(state, Board.from_sets([rack[3:6], [rack[0], rack[1], rack[2]]])) == []


def test_initial_turn_may_work_the_table_after_melding_thirty():
    table = tiles("K3 K4 K5")
    rack = tiles("R10 R11 R12 K6 R7 R8 R9", table)
    r10, r11, r12, k6, r7, r8, r9 = rack
    start = Board.from_sets([table])
    state = make_state(start, rack, melded=False)
    draft = Board.from_sets([table + [k6], [r10, r11, r12]])
    assert problems(state, draft) == []  # 33 from the rack, then K6 onto the table
    # Only sets made wholly from the rack count towards the 30: 24 + K6 is not enough.
    short = problems(state, Board.from_sets([table + [k6], [r7, r8, r9]]))
    assert refused(short, Reason.MELD_TOO_FEW_POINTS, numbers=(30, 24))
    # With the option off, the table stays untouched on the initial-meld turn.
    strict = make_state(start, rack, melded=False, options={"initial_turn_manipulation": False})
    assert {p.code for p in problems(strict, draft)} & {Reason.MELD_FROM_RACK_ONLY, Reason.TABLE_MOVED_BEFORE_MELD}
    assert problems(strict, Board.from_sets([table, [r10, r11, r12]])) == []


# -- sets and runs ------------------------------------------------------------------------------


def test_groups_hold_at_most_four_tiles_of_distinct_colours():
    group = tiles("K8 R8 B8")
    rack = tiles("O8 R8 J", group)
    o8, r8b, joker = rack
    state = make_state(Board.from_sets([group]), rack)
    assert problems(state, Board.from_sets([group + [o8]])) == []
    five = problems(state, Board.from_sets([group + [o8, joker]]))
    assert refused(five, Reason.INVALID_SET)
    repeat = problems(state, Board.from_sets([group + [r8b]]))
    assert refused(repeat, Reason.INVALID_SET)


def test_every_set_keeps_three_tiles_after_a_manipulation():
    run = tiles("R3 R4 R5 R6")
    rack = tiles("B6 O6 B5", run)
    r3, r4, r5, r6 = run
    b6, o6, b5 = rack
    state = make_state(Board.from_sets([run]), rack)
    # Taking R6 leaves three: fine.
    assert problems(state, Board.from_sets([[r3, r4, r5], [r6, b6, o6]])) == []
    # Taking R5 and R6 leaves two: not allowed.
    left_two = problems(state, Board.from_sets([[r3, r4], [b5, r5], [r6, b6, o6]]))
    assert refused(left_two, Reason.INVALID_SET, "R3 R4")


# -- the funny face -----------------------------------------------------------------------------


def _joker_position(rack_text, extra_table=""):
    r5, joker, r7 = tiles("R5 J R7")
    table = [[r5, joker, r7]]
    used = [r5, joker, r7]
    if extra_table:
        for part in extra_table.split("|"):
            group = tiles(part, used)
            used += group
            table.append(group)
    rack = tiles(rack_text, used)
    return (r5, joker, r7), table, rack


def test_freed_joker_replaced_by_its_exact_tile_and_used_with_two_rack_tiles():
    (r5, joker, r7), table, rack = _joker_position("R6 B9 O9")
    r6, b9, o9 = rack
    state = make_state(Board.from_sets(table), rack)
    assert problems(state, Board.from_sets([[r5, r6, r7], [joker, b9, o9]])) == []


def test_freed_joker_never_goes_to_the_rack():
    (r5, joker, r7), table, rack = _joker_position("R6 B9 O9")
    r6, b9, o9 = rack
    state = make_state(Board.from_sets(table), rack)
    msgs = problems(state, Board.from_sets([[r5, r6, r7], [b9, o9]]))
    assert refused(msgs, Reason.TABLE_TILE_TO_RACK)


def test_freed_joker_needs_two_rack_tiles_in_its_new_set():
    (r5, joker, r7), table, rack = _joker_position("R6 K4", "K1 K2 K3")
    r6, k4 = rack
    k1, k2, k3 = table[1]
    state = make_state(Board.from_sets(table), rack)
    msgs = problems(state, Board.from_sets([[r5, r6, r7], [k1, k2, k3, k4, joker]]))
    assert refused(msgs, Reason.FREED_JOKER_FEW_RACK, numbers=(2,))


def test_replacing_tile_does_not_count_as_one_of_the_two():
    (r5, joker, r7), table, rack = _joker_position("R6 R9")
    r6, r9 = rack
    state = make_state(Board.from_sets(table), rack)
    msgs = problems(state, Board.from_sets([[r5, r6, r7, joker, r9]]))  # the joker now stands for R8
    assert refused(msgs, Reason.FREED_JOKER_FEW_BESIDES)


def test_joker_rules_hold_on_the_initial_meld_turn_too():
    (r5, joker, r7), table, rack = _joker_position("R10 R11 R12 R6 B9 O9 K9")
    r10, r11, r12, r6, b9, o9, k9 = rack
    state = make_state(Board.from_sets(table), rack, melded=False)
    ok = Board.from_sets([[r10, r11, r12], [r5, r6, r7], [joker, b9, o9]])
    assert problems(state, ok) == []
    # The joker moved into a rack-made group, its own tile never put back: refused.
    wrong = Board.from_sets([[r10, r11, r12], [r5, r7], [joker, b9, o9, k9]])
    msgs = problems(state, wrong)
    assert refused(msgs, Reason.JOKER_NOT_REPLACED, "R6")


def test_joker_must_be_replaced_by_its_exact_tile_from_the_rack():
    # R6 is taken from a group of four on the table instead of from the rack.
    (r5, joker, r7), table, rack = _joker_position("B9 O9", "K6 R6 B6 O6")
    b9, o9 = rack
    k6, r6, b6, o6 = table[1]
    state = make_state(Board.from_sets(table), rack)
    msgs = problems(state, Board.from_sets([[r5, r6, r7], [k6, b6, o6], [joker, b9, o9]]))
    assert refused(msgs, Reason.JOKER_NOT_REPLACED, "R6")


def test_replacing_tile_takes_the_jokers_place():
    group = tiles("K8 R8 O8 J")
    k8, r8, o8, joker = group  # the joker stands for B8
    rack = tiles("B8 B6 B7 O11 O12", group)
    b8, b6, b7, o11, o12 = rack
    state = make_state(Board.from_sets([group]), rack)
    elsewhere = problems(state, Board.from_sets([[k8, r8, o8], [b6, b7, b8], [joker, o11, o12]]))
    assert refused(elsewhere, Reason.JOKER_NOT_IN_PLACE)
    in_place = problems(state, Board.from_sets([[k8, r8, o8, b8], [joker, o11, o12]]))
    assert in_place == []


# -- the failed-manipulation penalty ------------------------------------------------------------


def _penalty_position(pool=None, options=None):
    run = tiles("R3 R4 R5 R6")
    rack = tiles("B6 O6 K9", run)
    state = make_state(Board.from_sets([run]), rack, pool=pool, options=options)
    r3, r4, r5, r6 = run
    b6, o6, _ = rack
    bad = Board.from_sets([[r3, r4], [r5, r6, b6], [o6]])  # R3 R4 and O6 are incomplete
    return state, bad, (b6, o6)


def test_failed_manipulation_restores_the_table_returns_the_tiles_and_draws_three():
    state, bad, played = _penalty_position()
    board_before, rack_before, pool_before = state.board.copy(), list(state.player.rack), list(state.pool)
    result = engine.end_turn_with_draft(state, bad)
    assert result.ok
    ev = next(e for e in result.events if isinstance(e, events.Penalised))
    assert state.board == board_before  # table restored
    rack = state.players[0].rack
    assert set(rack_before) <= set(rack)  # the played tiles are back
    assert len(rack) == len(rack_before) + 3  # three extra tiles, not four
    assert rack[-3:] == pool_before[-3:][::-1] and state.pool == pool_before[:-3]
    assert list(ev.tiles) == rack[-3:] and sorted(ev.returned) == sorted(played)
    assert ev.penalty == 3 and ev.reason == events.PenaltyReason.INCOMPLETE_SETS
    assert set(ev.problems) == {Reason.INVALID_SET}  # codes, never sentences
    old = {**ev.to_json(), "problems": ["red 3, red 4: a set needs at least 3 tiles"]}  # as older saves hold it
    assert events.from_json(old).problems == ("red 3, red 4: a set needs at least 3 tiles",)
    assert state.current == 1  # the turn is over
    assert not state.conservation_problems()


def test_running_out_of_time_with_incomplete_sets_costs_the_penalty():
    state, bad, _ = _penalty_position()
    rack_before = list(state.player.rack)
    result = engine.timeout(state, bad)
    ev = result.events[0]
    assert isinstance(ev, events.Penalised) and ev.reason == events.PenaltyReason.TIME_RAN_OUT
    assert len(state.players[0].rack) == len(rack_before) + 3


def test_time_running_out_on_a_finished_play_is_the_play():
    state, _, (b6, o6) = _penalty_position()
    r3, r4, r5, r6 = sorted(state.board.tiles())
    rack_before = list(state.player.rack)
    valid = Board.from_sets([[r3, r4, r5], [r6, b6, o6]])
    result = engine.timeout(state, valid)
    assert isinstance(result.events[0], events.Played) and result.events[0].timeout
    assert len(state.players[0].rack) == len(rack_before) - 2
    assert state.board == valid


def test_penalty_with_a_short_pool_draws_what_is_left():
    state, bad, _ = _penalty_position(pool=2)
    before = len(state.player.rack)
    result = engine.end_turn_with_draft(state, bad)
    ev = result.events[0]
    assert len(ev.tiles) == 2 and ev.penalty == 3 and len(state.players[0].rack) == before + 2 and not state.pool


def test_other_mistakes_are_refused_without_penalty():
    rack = tiles("K7 K8 K9 R1")
    state = make_state(Board(), rack, melded=False)
    before = state.to_dict()
    draft = Board.from_sets([rack[:3]])  # complete, but only 24 points
    result = engine.end_turn_with_draft(state, draft)
    assert refused(result, Reason.MELD_TOO_FEW_POINTS) and result.problems[0].numbers[0] == 30
    assert state.to_dict() == before


def test_preview_tells_the_screen_whether_to_warn():
    state, bad, (b6, o6) = _penalty_position()
    preview = engine.preview_end_turn(state, bad)
    assert preview.outcome == "penalty" and preview.warn and preview.penalty == 3
    strict, bad2, _ = _penalty_position(options={"warn_before_penalty": False})
    assert engine.preview_end_turn(strict, bad2).outcome == "penalty"
    assert not engine.preview_end_turn(strict, bad2).warn
    assert engine.preview_end_turn(state, state.board.copy()).outcome == "draw"
    r3, r4, r5, r6 = sorted(state.board.tiles())
    assert engine.preview_end_turn(state, Board.from_sets([[r3, r4, r5], [r6, b6, o6]])).outcome == "play"
    assert engine.preview_end_turn(state, "not a board").outcome == "refused"


# -- scoring ------------------------------------------------------------------------------------


def test_going_out_scores_zero_and_the_others_their_rack_with_jokers_thirty():
    rack = tiles("R10 R11 R12")
    bob = tiles("J K5", rack)
    cy = tiles("B13 O2 O3", rack, bob)
    state = make_state(Board(), rack, melded=True, others=[bob, cy], options={"rounds": 1})
    result = engine.play(state, Board.from_sets([rack]))
    end = next(e for e in result.events if isinstance(e, events.RoundEnded))
    assert end.reason == "out" and end.winner == 0
    assert end.deltas == (0, 35, 18)
    assert state.phase == "game_over"
    assert engine.ranking(state) == [0, 2, 1]  # lowest total first


def test_blocked_game_everyone_scores_their_rack():
    state = make_state(Board(), tiles("K1 K2"), melded=True)
    racks = [rack_value(p.rack) for p in state.players]
    entry = engine.finish_round(state, "blocked")
    assert list(entry.deltas) == racks
    assert entry.winner == min(range(3), key=lambda i: (racks[i], len(state.players[i].rack), i))


def test_lowest_total_over_the_games_wins_with_documented_tie_breaks():
    state = engine.new_game(VARIANT, NAMES + ["Di"], seed=5)
    v = state.variant
    for p, score, won in zip(state.players, (40, 25, 25, 90), (0, 1, 2, 0)):
        p.score, p.rounds_won = score, won
    state.history = [{"deltas": [10, 0, 5, 30]}]
    assert v.ranking(state) == [2, 1, 0, 3]  # Cy and Bob tie on 25: Cy won more games
    assert v.tie_break_reason(state, 2, 1) == TieBreak.MORE_GAMES_WON
    state.players[2].rounds_won = 1
    assert v.ranking(state) == [1, 2, 0, 3]  # then the lower score in the last game
    state.history = [{"deltas": [10, 5, 5, 30]}]
    order = v.ranking(state)
    assert order[2:] == [0, 3] and sorted(order[:2]) == [1, 2]
    assert v.ranking(state) == order  # the tie-break draw is seeded: same answer every time
    assert v.tie_break_reason(state, order[0], order[1]) == TieBreak.DRAW


def test_games_per_match_option_and_state_round_trip():
    state = engine.new_game(VARIANT, NAMES, seed=3, options={"rounds": 2})
    for _ in range(2):
        engine.finish_round(state, "blocked")
        if state.phase == "round_over":
            engine.next_round(state)
    assert state.phase == "game_over" and len(state.history) == 2
    again = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()
    with pytest.raises(ValueError):
        engine.new_game(VARIANT, NAMES, seed=3, options={"rounds": 9})


# -- the simulator --------------------------------------------------------------------------------


@pytest.mark.slow
def test_simulator_plays_golden_games_with_the_usual_summary():
    out = io.StringIO()
    with redirect_stdout(out):
        rc = sim.main(["--variant", VARIANT, "--players", "basic,basic,basic", "--games", "1", "--seed", "4",
                       "--json", "--option", "rounds=1"])
    assert rc == 0
    summary = json.loads(out.getvalue())
    assert summary["variant"] == VARIANT and summary["games"] == 1
    assert summary["tiles_conserved"] is True and summary["illegal_moves"] == 0
    assert {"wins", "win_rate", "mean_score", "end_reasons", "think_ms_p50", "think_ms_p99"} <= set(summary)
    assert sum(summary["wins"]) == 1


def test_simulator_rejects_a_table_of_two():
    assert sim.main(["--variant", VARIANT, "--players", "basic,basic", "--games", "1"]) == 2
