"""Rummibug Standard and Relaxed (sheet 004): every printed example and counter-example,
the joker rules, the 35-tile rule, the round end on an exhausted pile, scoring, the
Relaxed hand limit with its penalty, the computer player's obedience, whole games."""

from __future__ import annotations

import json

import pytest

from game.storage import saves
from game.cli import sim
from game.ai import FLAT, make_player
from game.rules import engine, events, finder
from game.rules.board import Board
from game.rules.melds import check_line
from game.rules.state import GameState
from game.rules.reasons import Fact, Note, Reason, SetFault
from game.rules.tiles import ALL_TILE_IDS, notation, parse_tiles, rack_value
from game.rules.variants import find_variant
from game.rules import actions as act
from helpers import play_sets, refused, rig

# The sheet's colours: red -> R, green -> B, yellow -> O (black K is our fourth colour).


def line(text):
    return check_line(parse_tiles(text))


# Racks with no set at all: numbers 1-2 in K,R; 3-4 in B,O; 5-6 in K,R; ... (no group, no run).
PATTERN = [f"{'KR'[i] if ((n - 1) // 2) % 2 == 0 else 'BO'[i]}{n}" for n in range(1, 14) for i in range(2)]


def no_set_rack(size, once=""):
    """``size`` tiles with no set among them; faces of the colours in ``once`` appear only
    once (so the other copy may lie on the table)."""
    faces = PATTERN + [f for f in PATTERN if f[0] not in once]
    assert size <= len(faces)
    return " ".join(faces[:size])


# -- sets as printed on the sheet -----------------------------------------------------------------------


def test_sheet_set_examples():
    assert line("R3 R4 R5 R6 R7").kind == "run"
    assert line("K5 R5 B5 O5").kind == "group"
    wrong_colour = line("R3 R4 R5 B6 R7")
    assert not wrong_colour and wrong_colour.reason == SetFault.RUN_ONE_COLOUR
    assert not line("K5 R5 B4 O5")  # 5-5-4-5: the 4 is not the group's number
    five = line("K5 R5 B5 O5 O5")  # two yellow 5s
    assert not five
    assert not line("R8 R9 R10 R11 R12 R13 R1")  # no wrapping
    assert not line("R1 R2")  # at least 3 tiles


def test_first_move_examples_and_minimum():
    for sets, points in ((["R11 R12 R13"], 36), (["K8 R8 B8 O8"], 32), (["B4 B5 B6 B7", "K3 R3 O3"], 31)):
        rack = " ".join(sets) + " K1 R9"
        state = rig("rummibug", [rack, "O13"], melded=False)
        res = play_sets(state, sets)
        assert res.ok, res.codes
        assert res.events[0].initial and res.events[0].points == points
    # 3-3-3 (9 points) is not a first move, but is fine once the first move is made
    state = rig("rummibug", ["K3 R3 B3 K9", "O13"], melded=False)
    res = play_sets(state, ["K3 R3 B3"])
    assert refused(res, Reason.MELD_TOO_FEW_POINTS) and res.problems[0].numbers[0] == 30
    state = rig("rummibug", ["K3 R3 B3 K9", "O13"], melded=True)
    assert play_sets(state, ["K3 R3 B3"]).ok


def test_first_move_may_not_use_table_tiles():
    state = rig("rummibug", ["R12 R13 K1", "O13"], table=["R9 R10 R11"], melded=False)
    res = play_sets(state, ["R9 R10 R11 R12 R13"])
    assert refused(res, Reason.MELD_FROM_RACK_ONLY)


# -- altering sets -------------------------------------------------------------------------------------------


def test_extensions_from_the_sheet():
    state = rig("rummibug", ["R2 R9 K1", "O13"], table=["R3 R4 R5 R6 R7 R8"])
    assert play_sets(state, ["R2 R3 R4 R5 R6 R7 R8 R9"]).ok
    state = rig("rummibug", ["B8 K1", "O13"], table=["K8 R8 O8"])
    assert play_sets(state, ["K8 R8 O8 B8"]).ok
    # 8-9-10-11-12-13-1 is not a legal extension
    state = rig("rummibug", ["R1 K2", "O13"], table=["R8 R9 R10 R11 R12 R13"])
    res = play_sets(state, ["R8 R9 R10 R11 R12 R13 R1"])
    assert refused(res, Reason.INVALID_SET)


def test_split_from_the_sheet_and_extend_the_parts():
    state = rig("rummibug", ["B4 B1 B8 K1", "O13"], table=["B2 B3 B4 B5 B6 B7"])
    assert play_sets(state, ["B2 B3 B4", "B4 B5 B6 B7"]).ok
    state = rig("rummibug", ["B4 B1 B8 K1", "O13"], table=["B2 B3 B4 B5 B6 B7"])
    assert play_sets(state, ["B1 B2 B3 B4", "B4 B5 B6 B7 B8"]).ok
    # a split must leave runs of at least 3
    state = rig("rummibug", ["B3 K1", "O13"], table=["B2 B3 B4 B5 B6 B7"])
    assert not play_sets(state, ["B2 B3", "B3 B4 B5 B6 B7"]).ok


def test_substitution_from_the_sheet():
    # group 5-5-5 (with the yellow 5) and the yellow run 2-3-4; a red 5 frees the yellow 5
    state = rig("rummibug", ["R5 K1", "O13"], table=["K5 B5 O5", "O2 O3 O4"])
    res = play_sets(state, ["K5 B5 R5", "O2 O3 O4 O5"])
    assert res.ok, res.codes


# -- jokers ------------------------------------------------------------------------------------------------------


def test_joker_substituted_by_the_missing_seven_goes_into_any_valid_set():
    # 7-7-7-J: the green 7 from the rack takes the joker's place; the joker extends a table run
    state = rig("rummibug", ["B7 K1", "O13"], table=["K7 R7 O7 J", "B1 B2 B3"])
    res = play_sets(state, ["K7 R7 O7 B7", "B1 B2 B3 J"])
    assert res.ok, res.codes
    # Classic asks for a rack tile beside the freed joker, Rummy Q for two: Rummibug asks for none
    for key in ("classic", "rummy-q"):
        other = rig(key, ["B7 K1", "O13"], table=["K7 R7 O7 J", "B1 B2 B3"])
        assert not play_sets(other, ["K7 R7 O7 B7", "B1 B2 B3 J"]).ok


@pytest.mark.parametrize("variant", ["rummibug", "rummibug-relaxed"])
def test_only_the_tile_the_joker_stands_for_from_the_rack_frees_it(variant):
    table = ["K7 R7 O7 J", "B7 B8 B9 B10"]
    # replaced by a tile taken from the table: refused
    state = rig(variant, ["R1 R2 K11", "O13"], table=table)
    res = play_sets(state, ["K7 R7 O7 B7", "B8 B9 B10", "R1 R2 J"])
    assert refused(res, Reason.JOKER_NOT_REPLACED, "B7")
    # lifted off with no replacement (the group of three stays valid): refused
    state = rig(variant, ["R1 R2 K11", "O13"], table=table)
    res = play_sets(state, ["K7 R7 O7", "B7 B8 B9 B10", "R1 R2 J"])
    assert refused(res, Reason.JOKER_NOT_REPLACED)
    # "cleared" by a tile added at the other end of a run: refused
    state = rig(variant, ["O6 R1 R2", "O13"], table=["J O4 O5", "B7 B8 B9"])  # the joker is the orange 3
    res = play_sets(state, ["O4 O5 O6", "B7 B8 B9", "R1 R2 J"])
    assert refused(res, Reason.JOKER_NOT_REPLACED, "O3")
    # the tile it stands for, from the rack, in its place: the joker is free for any valid set
    state = rig(variant, ["B7 R1 R2", "O13"], table=table)
    res = play_sets(state, ["K7 R7 O7 B7", "B7 B8 B9 B10", "R1 R2 J"])
    assert res.ok, res.codes


def test_a_group_of_three_joker_takes_either_missing_colour_from_the_rack():
    for colour in ("B", "K"):
        state = rig("rummibug", [f"{colour}8 O1 O2", "O13"], table=["R8 O8 J"])
        res = play_sets(state, [f"R8 O8 {colour}8", "O1 O2 J"])
        assert res.ok, res.codes


def test_freed_joker_cannot_stay_in_hand():
    state = rig("rummibug", ["B7 K1", "O13"], table=["K7 R7 O7 J"])
    res = play_sets(state, ["K7 R7 O7 B7"])
    assert refused(res, Reason.TABLE_TILE_TO_RACK)


# -- the 35-tile rule --------------------------------------------------------------------------------------------


def test_35_tiles_with_a_play_must_meld():
    rack = no_set_rack(35, once="R")
    state = rig("rummibug", [rack, "O13"], table=["R3 R4 R5"])  # R2 or R6 extends the run
    res = engine.draw(state)
    assert refused(res, Reason.MUST_MELD) and res.problems[0].numbers[1] == 35
    assert len(state.player.rack) == 35 and state.current == 0  # nothing changed
    # the computer player plays instead, and its play is legal
    action = make_player("basic", 1, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, act.Play)
    assert engine.play(state, action.board).ok


def test_35_tiles_split_is_seen():
    # a full 1-13 run cannot be extended, only split by a rack tile of the same face
    state = rig("rummibug", [no_set_rack(36, once="K"), "O13"], table=["K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13"])
    assert not engine.draw(state).ok
    board = state.variant.forced_play(state.board, state.player.rack, True)
    assert len(board.lines()) >= 2 and len(board) > 13  # the run was split (and the parts maybe extended)
    assert engine.play(state, board).ok


def test_35_tiles_without_a_play_may_draw():
    rack = no_set_rack(35, once="R")
    assert finder.rack_sets(parse_tiles(rack)) == []
    # not melded yet and no 30-point first move: drawing is allowed even next to an extensible run
    state = rig("rummibug", [rack, "O13"], table=["R3 R4 R5"], melded=False)
    assert engine.draw(state).ok
    # melded, but nothing to add to
    state = rig("rummibug", [rack, "O13"], melded=True)
    assert engine.draw(state).ok


def test_must_meld_check_sees_second_copies():
    # 30 points only with both copies: R5-R6-R7 twice (18 + 18)
    found = finder.initial_meld_sets(parse_tiles("R5 R6 R7 R5 R6 R7 K1"), 30)
    assert found is not None and sorted(len(s) for s in found) == [3, 3]
    assert len({t for s in found for t in s}) == 6
    assert finder.initial_meld_sets(parse_tiles("R5 R6 R7 K1 K2"), 30) is None


def test_34_tiles_may_draw_even_with_a_play():
    state = rig("rummibug", [no_set_rack(34, once="R"), "O13"], table=["R3 R4 R5"])
    assert engine.draw(state).ok


def test_35_tiles_initial_meld_is_required_when_available():
    rack = no_set_rack(32) + " O11 O12 O13"  # O11-12-13 = 36 (and K13 R13 O13 = 39) points
    state = rig("rummibug", [rack, "B13"], melded=False)
    res = engine.draw(state)
    assert refused(res, Reason.MUST_MELD) and "O13" in map(notation, res.problems[0].tiles)
    action = make_player("basic", 2, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, act.Play) and engine.play(state, action.board).ok
    assert state.players[0].melded


# -- round end and scoring -------------------------------------------------------------------------------------


def test_scoring_example_from_the_sheet():
    state = rig("rummibug", ["R6", "K4 R10 B2", "J K7"], table=["R3 R4 R5"])
    res = play_sets(state, ["R3 R4 R5 R6"])
    assert res.ok
    entry = state.history[-1]
    assert entry["reason"] == "out" and entry["winner"] == 0
    assert entry["rack_values"] == [0, 16, 37]
    assert entry["deltas"] == [53, 0, 0]
    assert [p.score for p in state.players] == [53, 0, 0]


def exhaust_setup(variant, extra_last, counts, reverse=False):
    """Four players; the pool holds one tile; every other tile sits on the table (runs of
    copy-1 tiles) or in the racks.  ``counts`` = rack sizes before the last draw."""
    state = engine.new_game(variant, ["A", "B", "C", "D"], seed=9, options={"rounds": 2})
    table = [[(c * 13 + n) * 2 + 1 for n in range(13)] for c in range(4)]
    rest = [t for t in ALL_TILE_IDS if t % 2 == 0 or t >= 104]  # copy-0 tiles and jokers: 54
    rest.remove(extra_last)
    if reverse:  # jokers and high tiles first
        rest.reverse()
    assert sum(counts) == len(rest)
    for p, k in zip(state.players, counts):
        p.rack, rest = rest[:k], rest[k:]
        p.melded = True
    state.board = Board.from_sets(table)
    state.pool = [extra_last]
    state.current = state.dealer_first = 0
    assert not state.conservation_problems()
    return state


def test_round_ends_when_the_pile_is_exhausted_fewest_tiles_wins():
    state = exhaust_setup("rummibug", 0, [13, 14, 12, 14])  # K1 copy 0 is the last tile
    res = engine.draw(state)  # seat 0 draws the last tile: 14 tiles
    assert res.ok
    end = [e for e in res.events if isinstance(e, events.RoundEnded)][0]
    assert end.reason == "pool" and end.winner == 2
    assert state.phase == "round_over"
    losers = sum(rack_value(state.players[i].rack) for i in (0, 1, 3))
    assert list(end.deltas) == [0, 0, losers, 0]


def test_exhausted_pile_tie_goes_to_lower_points_then_turn_order():
    state = exhaust_setup("rummibug", 0, [12, 14, 13, 14], reverse=True)  # seat 0 will end with 13 tiles, as seat 2
    engine.draw(state)
    racks = [p.rack for p in state.players]
    assert len(racks[0]) == len(racks[2]) == 13 and rack_value(racks[0]) != rack_value(racks[2])
    assert state.round_winner == (0 if rack_value(racks[0]) < rack_value(racks[2]) else 2)
    # equal counts and equal points: the earlier player in this round's turn order
    st = rig("rummibug", ["K5 K6", "R5 R6", "B1 B2 B3"])
    v = st.variant
    st.dealer_first = 1  # turn order 1, 2, 0
    assert v.round_winner(st, "pool") == 1
    st.dealer_first = 2  # turn order 2, 0, 1
    assert v.round_winner(st, "pool") == 0


def test_rounds_option_and_highest_total_wins():
    state = rig("rummibug", ["R6", "K4 R10 B2", "J K7"], table=["R3 R4 R5"], options={"rounds": 2})
    play_sets(state, ["R3 R4 R5 R6"])
    assert state.phase == "round_over"
    engine.next_round(state)
    assert state.round == 2 and all(len(p.rack) == 21 for p in state.players)
    with pytest.raises(ValueError):
        find_variant("rummibug")({"rounds": 0})


def test_deal_counts():
    for n in (2, 3, 4):
        st = engine.new_game("rummibug", ["a", "b", "c", "d"][:n], seed=n)
        assert all(len(p.rack) == 21 for p in st.players) and len(st.pool) == 106 - 21 * n
    pools = {}
    for n, count in ((2, 25), (3, 21), (4, 21)):  # 25 only for two players: "the only differences"
        st = engine.new_game("rummibug-relaxed", ["a", "b", "c", "d"][:n], seed=n)
        assert all(len(p.rack) == count for p in st.players)
        pools[n] = len(st.pool)
    assert pools == {2: 56, 3: 43, 4: 22}


# -- Relaxed: initial meld of 20 and the hand limit ------------------------------------------------------------


def test_relaxed_initial_meld_20():
    for key, ok in (("rummibug-relaxed", True), ("rummibug", False)):
        state = rig(key, ["R6 R7 R8 K1", "O13"], melded=False)
        assert play_sets(state, ["R6 R7 R8"]).ok is ok


def test_hand_limit_schedule():
    v = find_variant("rummibug-relaxed")()
    assert [v.hand_limit_at(t, 2) for t in (0, 5, 6, 11, 12)] == [30, 30, 29, 29, 28]
    assert v.hand_limit_at(9, 3) == 29 and v.hand_limit_at(8, 3) == 30
    assert v.hand_limit_at(10_000, 4) == 15  # the floor
    assert v.next_limit_turn(0, 2) == 6 and v.next_limit_turn(10_000, 2) is None


def test_ending_a_turn_above_the_limit_costs_5_points():
    state = rig("rummibug-relaxed", [no_set_rack(30), "O13"])
    v = state.variant
    assert v.hand_limit(state) == 30
    assert v.end_turn_warnings(state, 0, 30) == []
    warn = v.end_turn_warnings(state, 0, list(state.player.rack) + [1])
    assert refused(warn, Reason.OVER_HAND_LIMIT, numbers=(31, 30, 5))
    assert any(n.fact == Fact.HAND_LIMIT and n.numbers[0] == 30 for n in v.status_lines(state, 0))
    res = engine.draw(state)
    assert res.ok
    pen = [e for e in res.events if isinstance(e, events.HandLimitPenalised)]
    assert len(pen) == 1 and pen[0].points == -5 and pen[0].held == 31 and pen[0].limit == 30
    assert state.players[0].score == -5 and state.players[0].extra["round_penalty"] == -5
    assert Note(Fact.OVER_HAND_LIMIT_NOW, (31, 30, 5)) in v.status_lines(state, 0)
    # 29 tiles -> 30 after drawing: no penalty
    state = rig("rummibug-relaxed", [no_set_rack(29), "O13"])
    res = engine.draw(state)
    assert not [e for e in res.events if isinstance(e, events.HandLimitPenalised)] and state.players[0].score == 0


def test_penalty_uses_the_falling_limit_and_reaches_the_score_table():
    state = rig("rummibug-relaxed", ["R6", no_set_rack(29)], table=["R3 R4 R5"])
    state.turn = 13  # 6 full rounds of turns played: the limit is 28
    state.current = 1
    assert state.variant.hand_limit(state) == 28
    res = engine.draw(state)  # seat 1 ends with 30 tiles > 28
    assert [e.points for e in res.events if isinstance(e, events.HandLimitPenalised)] == [-5]
    assert play_sets(state, ["R3 R4 R5 R6"]).ok  # seat 0 goes out
    entry = state.history[-1]
    assert entry["penalties"] == [0, -5]
    table = state.variant.score_table(state)
    assert table["rows"][0]["points"] == [entry["deltas"][0], -5]
    assert table["totals"] == [p.score for p in state.players] == [entry["deltas"][0], -5]
    engine.next_round(state)
    assert [p.extra["round_penalty"] for p in state.players] == [0, 0]


def test_computer_sheds_tiles_to_stay_under_the_limit():
    full_run = "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13"
    # at the limit the only play is a split, which the basic player's own search never makes
    state = rig("rummibug-relaxed", [no_set_rack(30, once="K"), "O13"], table=[full_run])
    action = make_player("basic", 3, board=FLAT).choose(engine.view(state, 0))
    assert isinstance(action, act.Play)
    res = engine.play(state, action.board)
    assert res.ok and not [e for e in res.events if isinstance(e, events.HandLimitPenalised)]
    # well under the limit it keeps its simple habits and draws
    state = rig("rummibug-relaxed", [no_set_rack(20, once="K"), "O13"], table=[full_run])
    assert isinstance(make_player("basic", 3, board=FLAT).choose(engine.view(state, 0)), act.Draw)


def test_relaxed_rules_screen_documents_the_schedule():
    v = find_variant("rummibug-relaxed")()
    heads = dict(v.rules_text())
    assert "falls by one after every 3 full rounds" in heads["Hand limit"] and "15" in heads["Hand limit"]
    assert any("25" in r and "21" in r for r in v.readings())
    assert "20 points" in heads["First move"]


def test_save_round_trip_keeps_penalties():
    state = rig("rummibug-relaxed", [no_set_rack(30), "O13"])
    state.players[1].kind = "basic"  # a saved game has one person at the table
    engine.draw(state)
    again = GameState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again.to_dict() == state.to_dict()
    assert again.players[0].extra["round_penalty"] == -5
    assert saves.save_game("slot1", state).ok  # the save checks accept the penalty event and tallies
    got = saves.load_game("slot1")
    assert got.ok and got.state.to_dict() == state.to_dict()
    state.players[0].extra["round_penalty"] = 3
    assert state.variant.state_problems(state)


# -- whole games ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant,kinds,seed",
    [("rummibug", ["basic", "basic"], 1), ("rummibug", ["basic"] * 4, 2), ("rummibug-relaxed", ["basic", "basic"], 3), ("rummibug-relaxed", ["basic"] * 3, 4)],
)
def test_whole_games_are_legal_and_conserve_tiles(variant, kinds, seed):
    res = sim.play_game(variant, kinds, seed, {"rounds": 1})
    assert res["illegal"] == 0 and res["conserved"] and not res["stalled"]
    assert set(res["reasons"]) <= {"out", "pool"} and sum(res["reasons"].values()) == 1
    state = res["state"]
    assert state.phase == "game_over" and res["game_end"] == "rounds"
    entry = state.history[-1]
    assert sorted(entry["deltas"])[:-1] == [0] * (len(kinds) - 1)  # losers score nothing


@pytest.mark.slow
def test_sim_cli_reports_pool_rounds(capsys):
    assert sim.main(["--variant", "rummibug-relaxed", "--players", "basic,basic", "--games", "1", "--seed", "3", "--option", "rounds=1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["illegal_moves"] == 0 and out["tiles_conserved"] and out["game_end_reasons"] == {"rounds": 1}
    assert set(out["end_reasons"]) <= {"out", "pool"}


@pytest.mark.parametrize("variant", ["rummibug", "rummibug-relaxed"])
def test_a_bloated_rack_is_played_down_legally(variant):
    """Seat 0 starts with 40 tiles: the 35-tile rule refuses some of its draws, the basic
    player then plays, every move is legal and the tiles stay accounted for."""
    state = engine.new_game(variant, ["A", "B"], seed=21, options={"rounds": 1})
    while len(state.players[0].rack) < 40:
        state.players[0].rack.append(state.pool.pop())
    players = [make_player("basic", 5, board=FLAT), make_player("basic", 6, board=FLAT)]
    refused = 0
    relaxed = variant == "rummibug-relaxed"
    while state.phase == "play":
        seat = state.current
        if len(state.player.rack) >= 35 and state.variant.draw_problems(state):
            refused += 1
        limit = state.variant.hand_limit(state) if relaxed else None
        action = players[seat].choose(engine.view(state, seat))
        res = engine.play(state, action.board) if isinstance(action, act.Play) else engine.draw(state)
        assert res.ok, res.codes
        penalties = [e for e in res.events if isinstance(e, events.HandLimitPenalised)]
        over = relaxed and len(state.players[seat].rack) > limit
        assert len(penalties) == (1 if over else 0)
        assert not state.conservation_problems()
    assert refused > 0


def test_end_turn_preview_warns_about_the_hand_limit_and_the_35_tile_rule():
    state = rig("rummibug-relaxed", [no_set_rack(30, once="R"), "O13"], table=["R3 R4 R5"])
    pre = engine.preview_end_turn(state, state.board.copy())  # drawing: 31 tiles
    assert pre.outcome == "draw" and pre.warn and pre.warnings[0].numbers[1] == 30
    board = finder.find_play(state.variant, state.board, state.player.rack, True)  # R2/R6 extend the run
    assert board is not None
    pre = engine.preview_end_turn(state, board)
    assert pre.outcome == "play" and not pre.warn and pre.warnings == ()
    state = rig("rummibug", [no_set_rack(35, once="R"), "O13"], table=["R3 R4 R5"])
    pre = engine.preview_end_turn(state, state.board.copy())
    assert pre.outcome == "refused" and refused(list(pre.problems), Reason.MUST_MELD)


def test_hand_limit_line_counts_rounds_in_words():
    # "1 more round", "2 more rounds": never "round(s)" on screen
    from game.play.narrate import Narrator

    v = find_variant("rummibug-relaxed")()
    state = rig("rummibug-relaxed", [no_set_rack(20), "O13"])
    seen = []
    for turn in range(0, 4 * max(1, v.hand_limit_every) * 2 + 1):
        state.turn = turn
        seen += [Narrator(["P1", "P2"], 0).note(n) for n in v.status_lines(state, 0) if n.fact == Fact.HAND_LIMIT]
    assert seen and not any("(s)" in ln for ln in seen)
    assert any("after 1 more round of turns" in ln for ln in seen)
    if v.hand_limit_every > 1:
        assert any("more rounds of turns" in ln for ln in seen)
