"""Rummi200kub (sheet 000): crossword board, initial play, claims, hijacks, locks, exactly 200,
jokers, time limit, failed plays, saves, the computer players and the simulator."""

from __future__ import annotations

import json
import random

import pytest

from game.cli import sim
from game.ai import crossword
from game.ai.basic_level import BasicLevel
from game.rules import claims as cl
from game.rules import engine
from game.rules.board import Board
from game.rules.state import GameState
from game.storage.saves import SaveError, build, decode
from game.rules.tiles import ALL_TILE_IDS, parse_tiles
from game.rules.turn import TurnStart, analyse
from game.rules.variants import REGISTRY, find_variant

KEY = "rummi200kub"


# -- helpers ---------------------------------------------------------------------------------------------


class Pos:
    """Builds a legal game position tile by tile: ``at(r, c, "K8 R8 B8")`` lays tiles across,
    ``down(r, c, ...)`` lays them downwards; racks get the other copies of repeated faces."""

    def __init__(self) -> None:
        self.board = Board()
        self.used: list[int] = []

    def _take(self, text: str) -> list[int]:
        tiles = [int(t) for t in parse_tiles(text, self.used)]
        self.used += tiles
        return tiles

    def at(self, r: int, c: int, text: str) -> "Pos":
        for i, t in enumerate(self._take(text)):
            self.board.place((r, c + i), t)
        return self

    def down(self, r: int, c: int, text: str) -> "Pos":
        for i, t in enumerate(self._take(text)):
            self.board.place((r + i, c), t)
        return self

    def tiles(self, text: str) -> list[int]:
        return self._take(text)

    def cell(self, r: int, c: int) -> int:
        return self.board.cells[(r, c)]


def make_state(pos: Pos, racks: list[list[int]], melded=None, seed: int = 5, options: dict | None = None, current: int = 0) -> GameState:
    """A game whose board and racks are set by hand; the pool holds every other tile."""
    n = len(racks)
    state = engine.new_game(KEY, [(f"P{i}", "human") for i in range(n)], seed=seed, options=options)
    state.board = pos.board.copy()
    for p, rack in zip(state.players, racks):
        p.rack = list(rack)
        p.melded = True
    if melded is not None:
        for p, m in zip(state.players, melded):
            p.melded = m
    taken = set(state.board.tiles()) | {t for r in racks for t in r}
    state.pool = [t for t in ALL_TILE_IDS if t not in taken]
    state.current = current
    assert not state.conservation_problems()
    return state


def messages(result) -> str:
    return " | ".join(p.message for p in result.problems)


def variant(**options):
    return find_variant(KEY)(options)


def claim(state, *cells, kind="claim"):
    return engine.apply(state, {"type": kind, "cells": [list(c) for c in cells]})


def cells_of(r, c, n, vertical=False):
    return [(r + i, c) if vertical else (r, c + i) for i in range(n)]


# -- set-up ------------------------------------------------------------------------------------------------


def test_registered_with_the_sheet_parameters():
    v = variant()
    assert KEY in REGISTRY and v.sheet == "000"
    assert (v.tiles_dealt, v.initial_meld, v.start_rule, v.direction) == (14, 30, "lowest", -1)
    assert v.crossword and v.joker_exact_replacement and v.freed_joker_min_rack == 2
    assert v.turn_time() == 200 and "turn_time" not in v.options  # fixed by the sheet, not an option
    assert v.options["tokens"] == 45 and v.options["lock_tokens"] == 12


def test_deal_supplies_lowest_starts_and_counter_clockwise():
    for seed in range(4):
        state = engine.new_game(KEY, ["A", "B", "C"], seed=seed)
        assert all(len(p.rack) == 14 for p in state.players)
        assert all(p.extra == {"tokens": 45, "locks": 4} for p in state.players)  # 12 locks shared by 3
        numbers = [(t >> 1) % 13 for t in state.opening_draw]
        first = state.current
        assert state.opening_draw[first] < 104 and numbers[first] == min(numbers[s] for s in range(3) if state.opening_draw[s] < 104)
        engine.draw(state)
        assert state.current == (first - 1) % 3
    four = engine.new_game(KEY, ["A", "B", "C", "D"], seed=1, options={"lock_tokens": 14, "tokens": 30})
    assert [p.extra["locks"] for p in four.players] == [3, 3, 3, 3] and four.players[0].extra["tokens"] == 30


def test_options_are_checked_and_shown_on_the_rules_screen():
    with pytest.raises(ValueError):
        variant(tokens=0)
    with pytest.raises(ValueError):
        variant(claimed_sets="sometimes")
    with pytest.raises(ValueError):
        variant(colour="red")
    v = variant(tokens=50, lock_tokens=8)
    text = " ".join(p for _, p in v.rules_text()) + " ".join(v.readings())
    assert "50 claim tokens" in text and "8 lock tokens" in text
    assert "past 200 is not allowed" in " ".join(v.readings())
    assert "past 200 is allowed" in " ".join(variant(allow_over_200=True).readings())


# -- the crossword board ------------------------------------------------------------------------------------


def check(pos: Pos, rack: list[int], board: Board, melded=True, extra=None):
    start = TurnStart(pos.board.copy(), rack, melded, None, extra or {"claims": []})
    return [p.message for p in analyse(variant(), start, board).problems]


def test_crossing_tile_belongs_to_both_lines_and_vertical_play_is_legal():
    # Sheet "Example of playing vertically": a run laid down across a tile of a set on the board.
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("R6 R7 R9 O1")
    board = pos.board.copy()
    for r, t in zip((-2, -1, 1), rack[:3]):
        board.place((r, 1), t)
    lines = board.lines(vertical=True)
    assert sorted((ln.vertical, len(ln.cells)) for ln in lines) == [(False, 3), (True, 4)]
    crossing = pos.cell(0, 1)
    assert all(crossing in ln.tiles for ln in lines)
    assert check(pos, rack, board) == []


def test_vertical_runs_ascend_top_to_bottom():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("R9 R7")
    board = pos.board.copy()
    board.place((-1, 1), rack[0])  # R9 above R8, R7 below: descending
    board.place((1, 1), rack[1])
    assert any("consecutive" in m for m in check(pos, rack, board))


def test_two_parallel_sets_make_invalid_two_tile_lines():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("K9 R9 B9")
    board = pos.board.copy()
    for c, t in enumerate(rack):
        board.place((1, c), t)
    problems = check(pos, rack, board)
    assert sum("at least 3 tiles" in m for m in problems) == 3


def test_all_tiles_must_form_one_connected_group():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("O1 O2 O3")
    board = pos.board.copy()
    for c, t in enumerate(rack):
        board.place((0, 5 + c), t)
    assert any("one connected group" in m for m in check(pos, rack, board))


def test_a_loose_tile_is_refused():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("O8 O1")
    board = pos.board.copy()
    board.place((1, 0), rack[1])  # K8 above O1: a two-tile column
    assert check(pos, rack, board)


# -- scoring and the initial play --------------------------------------------------------------------------


def test_three_eights_are_worth_24():
    pos = Pos().at(0, 0, "K8 R8 B8").down(-2, 2, "B6 B7")
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")])
    result = claim(state, *cells_of(0, 0, 3))
    assert result.ok, messages(result)
    assert state.players[0].score == 24


def test_initial_play_on_an_empty_board():
    pos = Pos()
    rack = pos.tiles("K10 R10 B10 K9 R9 B9 O1")
    ok = Board()
    for c, t in enumerate(rack[:3]):
        ok.place((0, c), t)
    assert check(pos, rack, ok, melded=False) == []  # 30 points
    low = Board()
    for c, t in enumerate(rack[3:6]):
        low.place((0, c), t)
    assert any("at least 30 points" in m and "you have 27" in m for m in check(pos, rack, low, melded=False))


def test_initial_play_of_two_crossing_sets_counts_the_shared_tile_once():
    pos = Pos()
    rack = pos.tiles("K5 R5 B5 R3 R4 O1")  # group 15 + run R3 R4 R5: 15 + 7 from the other tiles = 22
    board = Board()
    for c, t in enumerate(rack[:3]):
        board.place((0, c), t)
    board.place((-2, 1), rack[3])
    board.place((-1, 1), rack[4])
    problems = check(pos, rack, board, melded=False)
    assert any("you have 22" in m for m in problems)
    rack2 = pos.tiles("K12 R12 B12 R10 R11")
    board2 = Board()
    for c, t in enumerate(rack2[:3]):
        board2.place((0, c), t)
    board2.place((-2, 1), rack2[3])
    board2.place((-1, 1), rack2[4])
    assert check(pos, rack2, board2, melded=False) == []  # 36 + 21 = 57


def test_initial_play_across_a_set_counts_only_rack_tiles():
    pos = Pos().at(0, 0, "K10 R10 B10")
    rack = pos.tiles("R9 R11 R12 R13")
    short = pos.board.copy()
    short.place((-1, 1), rack[0])
    short.place((1, 1), rack[1])  # R9 R10 R11 is worth 30, but only 20 of it is yours
    assert any("you have 20" in m for m in check(pos, rack, short, melded=False))
    full = pos.board.copy()
    for r, t in zip((-1, 1, 2, 3), rack):
        full.place((r, 1), t)
    assert check(pos, rack, full, melded=False) == []  # 9 + 11 + 12 + 13 = 45


def test_initial_play_may_not_extend_or_move_table_sets():
    pos = Pos().at(0, 0, "K10 R10 B10").down(1, 1, "R11 R12")
    rack = pos.tiles("O10 K11 B11 K13 R13 B13")
    board = pos.board.copy()
    board.place((0, 3), rack[0])  # extends the table group
    for c, t in enumerate(rack[3:6]):
        board.place((3, c), t)  # K13 R13 B13 across the bottom of the R10-R12 run: extends it too
    problems = check(pos, rack, board, melded=False)
    assert any("may not add to or join sets" in m for m in problems)
    assert check(pos, rack, board, melded=True) == []  # fine after the initial play
    extend = variant(initial_may_extend=True)
    start = TurnStart(pos.board.copy(), rack, False, None, {"claims": []})
    assert analyse(extend, start, board).problems == []
    moved = pos.board.copy()
    moved.remove((0, 0))
    moved.place((0, 3), pos.cell(0, 0))
    assert any("may not move tiles" in m for m in check(pos, rack, moved, melded=False))


# -- a turn is one thing -------------------------------------------------------------------------------------


def test_failed_play_is_undone():
    pos = Pos().at(0, 0, "K8 R8 B8")
    state = make_state(pos, [pos.tiles("O8 O9 R1"), pos.tiles("O2")])
    before = json.dumps(state.to_dict(), sort_keys=True)
    draft = state.board.copy()
    rack = state.players[0].rack
    draft.remove((0, 0))  # a table tile moved away...
    draft.place((2, 0), pos.cell(0, 0))
    draft.place((0, 3), rack[0])  # ...and a rack tile added: loose K8, broken group
    result = engine.play(state, draft)
    assert not result.ok and "connected" in messages(result)
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_time_limit_draws_and_ends_the_turn():
    pos = Pos().at(0, 0, "K8 R8 B8")
    state = make_state(pos, [pos.tiles("O8 R1"), pos.tiles("O2")])
    draft = state.board.copy()
    draft.place((0, 3), state.players[0].rack[0])
    size, pool = len(state.players[0].rack), len(state.pool)
    result = engine.timeout(state, draft)
    assert result.ok and state.board == pos.board  # the draft went back
    assert len(state.players[0].rack) == size + 1 and len(state.pool) == pool - 1
    assert state.current == 1 and "200 seconds" in state.variant.timeout_consequence()


# -- claims, hijacks, locks ------------------------------------------------------------------------------------


def claim_position(n_players=3, **options):
    pos = Pos().at(0, 0, "K8 R8 B8").down(-2, 2, "B6 B7").at(-2, 3, "K6 R6")
    racks = [pos.tiles("O1"), pos.tiles("O2"), pos.tiles("O3"), pos.tiles("O4")][:n_players]
    return pos, make_state(pos, racks, options=options or None)


def test_claim_puts_tokens_on_every_tile_and_ends_the_turn():
    pos, state = claim_position()
    result = claim(state, *cells_of(0, 0, 3))
    assert result.ok
    view = state.variant.claims_view(state)
    [s] = view["sets"]
    assert s["owner"] == 0 and s["side"] == "blank" and s["claims"] == 1 and not s["locked"]
    assert s["cells"] == [[0, 0], [0, 1], [0, 2]] and s["value"] == 24
    assert view["players"][0] == {"seat": 0, "points": 24, "to_go": 176, "tokens": 42, "locks": 4, "sets": 1}
    assert state.current == 2  # counter-clockwise: the turn passed
    assert [e["type"] for e in result.events][:1] == ["claim"] and result.events[0]["kind"] == "claim"


def test_one_claim_a_turn_and_one_set_a_claim():
    pos, state = claim_position()
    two_sets = cells_of(0, 0, 3) + [(-2, 2), (-1, 2)]
    result = claim(state, *two_sets)
    assert not result.ok and "one set" in messages(result)
    part = claim(state, (0, 0), (0, 1))
    assert not part.ok and "every tile of exactly one set" in messages(part)
    assert state.current == 0 and state.players[0].extra["tokens"] == 45
    assert claim(state, *cells_of(0, 0, 3)).ok
    # The next claim is someone else's turn: seat 0 cannot claim again until play comes back.
    assert state.current != 0


def test_hijack_with_the_two_side_moves_the_points_then_the_third_claim_locks():
    pos, state = claim_position()
    group = cells_of(0, 0, 3)
    assert claim(state, *group).ok  # seat 0 claims: 24
    assert state.current == 2
    result = claim(state, *group, kind="hijack")  # seat 2 hijacks
    assert result.ok and result.events[0]["kind"] == "hijack" and result.events[0]["from"] == 0
    s = state.variant.claims_view(state)["sets"][0]
    assert s["owner"] == 2 and s["side"] == "2" and s["claims"] == 2
    assert [p.score for p in state.players] == [0, 0, 24]
    assert state.players[0].extra["tokens"] == 42  # covered tokens stay on the board
    assert state.current == 1
    result = claim(state, *group)  # seat 1: the third claim, with a lock token
    assert result.ok and result.events[0]["kind"] == "lock"
    s = state.variant.claims_view(state)["sets"][0]
    assert s["owner"] == 1 and s["side"] == "blank" and s["locked"] and s["lock_cell"] == [0, 0] and s["lock_seat"] == 1
    assert state.players[1].extra["locks"] == 3 and [p.score for p in state.players] == [0, 24, 0]
    assert state.current == 0
    refused = claim(state, *group)
    assert not refused.ok and "locked" in messages(refused)


def test_claim_refusals_explain_themselves():
    pos, state = claim_position()
    hij = claim(state, *cells_of(0, 0, 3), kind="hijack")
    assert not hij.ok and "nobody has claimed" in messages(hij)
    assert claim(state, *cells_of(0, 0, 3)).ok
    state.current = 0
    own = claim(state, *cells_of(0, 0, 3))
    assert not own.ok and "already hold" in messages(own)
    state.players[1].melded = False
    state.current = 1
    early = claim(state, (-2, 2), (-1, 2), (0, 2))
    assert not early.ok and "initial play" in messages(early)
    state.players[1].melded = True
    state.players[1].extra["tokens"] = 2
    poor = claim(state, (-2, 2), (-1, 2), (0, 2))
    assert not poor.ok and "3 claim tokens" in messages(poor)
    assert not claim(state, (5, 5), (5, 6), (5, 7)).ok
    bad = engine.apply(state, {"type": "claim", "cells": "everything"})
    assert not bad.ok and "cells of one set" in messages(bad)
    bad = engine.apply(state, {"type": "claim", "cells": [[0, "a"], 1]})
    assert not bad.ok and "[row, column]" in messages(bad)
    assert not engine.apply(state, {"type": "dance"}).ok
    assert not engine.apply(state, None).ok


def test_third_claim_needs_a_lock_token():
    pos, state = claim_position(lock_tokens=0)
    group = cells_of(0, 0, 3)
    assert claim(state, *group).ok and claim(state, *group).ok
    result = claim(state, *group)
    assert not result.ok and "lock token" in messages(result)


def test_claim_by_cell_and_key_and_claim_options():
    pos, state = claim_position()
    opts = state.variant.claim_options(state)
    assert sorted(o["key"] for o in opts) == ["h:-2,2", "h:0,0", "v:-2,2"]
    assert {o["kind"] for o in opts} == {"claim"}
    ambiguous = engine.apply(state, {"type": "claim", "cell": [0, 2]})
    assert not ambiguous.ok and "two sets" in messages(ambiguous)
    result = engine.apply(state, {"type": "claim", "cell": [0, 2], "vertical": True})
    assert result.ok and result.events[0]["key"] == "v:-2,2" and state.players[0].score == 6 + 7 + 8
    result = engine.apply(state, {"type": "claim", "key": "h:0,0"})
    assert result.ok and state.players[2].score == 24
    assert [o["kind"] for o in state.variant.claim_options(state) if o["key"] == "h:0,0"] == ["hijack"]


def test_claimed_set_may_be_crossed_but_not_changed():
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    state.current = 0
    state.players[0].rack = pos.tiles("K7 K9 O8")
    conserve(state)
    cross = state.board.copy()
    cross.place((-1, 0), state.players[0].rack[0])
    cross.place((1, 0), state.players[0].rack[1])  # K7 K8 K9 down across the claimed K8
    assert engine.check_play(state, cross).problems == []
    extend = state.board.copy()
    extend.place((0, 3), state.players[0].rack[2])  # O8 added to the claimed group
    problems = [p.message for p in engine.check_play(state, extend).problems]
    assert any("is claimed" in m for m in problems)
    # With the other reading, the change is allowed and takes the claim off (tokens back, points lost).
    state.options["claimed_sets"] = "release"
    state._variant = None
    assert engine.check_play(state, extend).problems == []
    result = engine.play(state, extend)
    assert result.ok and any(e["type"] == "claim_released" for e in result.events)
    assert state.extra["claims"] == [] and state.players[0].score == 0 and state.players[0].extra["tokens"] == 45


def conserve(state):
    on = set(state.board.tiles()) | {t for p in state.players for t in p.rack}
    state.pool = [t for t in ALL_TILE_IDS if t not in on]
    assert not state.conservation_problems()


def test_crossing_claims_option():
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    assert claim(state, (-2, 2), (-1, 2), (0, 2)).ok  # B8 carries two claims by default
    pos, strict = claim_position(crossing_claims=False)
    assert claim(strict, *cells_of(0, 0, 3)).ok
    result = claim(strict, (-2, 2), (-1, 2), (0, 2))
    assert not result.ok and "crossing" in messages(result)


# -- exactly 200 --------------------------------------------------------------------------------------------------


def hold(state, seat, points, cells):
    """Scaffolding for scores near 200: ``seat`` holds the set on ``cells``, recorded as worth
    ``points`` (as if it stood for the sets they claimed earlier)."""
    tiles = [state.board.cells[tuple(c)] for c in cells]
    vertical = cells[0][1] == cells[1][1]
    state.extra["claims"].append({"cells": [list(c) for c in cells], "vertical": vertical, "tiles": tiles, "value": points,
                                  "layers": [{"seat": seat, "side": "blank"}], "locked": False, "lock_seat": None})
    state.players[seat].score += points


def big_position():
    """K8 R8 B8 across (24), B6 B7 B8 down (21), B6 K6 R6 across (18), K8 K9 K10 down (27)."""
    return Pos().at(0, 0, "K8 R8 B8").down(-2, 2, "B6 B7").at(-2, 3, "K6 R6").down(1, 0, "K9 K10")


K_RUN = cells_of(0, 0, 3, vertical=True)


def test_exact_200_wins_at_once():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2"), pos.tiles("O3")])
    hold(state, 0, 176, K_RUN)
    result = claim(state, *cells_of(0, 0, 3))
    assert result.ok and state.players[0].score == 200
    end = [e for e in result.events if e["type"] == "round_end"]
    assert end and end[0]["reason"] == "exact-200" and end[0]["winner"] == 0
    assert state.phase == "game_over" and engine.ranking(state)[0] == 0
    assert state.variant.game_end_reason(state) == "exact-200" and state.variant.score_target() == 200
    table = state.variant.score_table(state)
    assert table["totals"] == [200, 0, 0] and table["rows"][0]["points"] == [200, 0, 0] and table["target"] == 200


def test_no_claim_past_200_unless_the_option_allows_it():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")])
    hold(state, 0, 190, K_RUN)
    result = claim(state, *cells_of(0, 0, 3))
    assert not result.ok and "past 200" in messages(result)
    state = make_state(pos, [pos.tiles("O3"), pos.tiles("O4")], options={"allow_over_200": True})
    hold(state, 0, 190, K_RUN)
    assert claim(state, *cells_of(0, 0, 3)).ok and state.players[0].score == 214 and state.phase == "play"


def test_hijack_that_leaves_the_victim_on_exactly_200_ends_the_game():
    # Only with claims past 200 allowed: seat 0 goes past 200, then a hijack brings them back to exactly 200.
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")], options={"allow_over_200": True})
    hold(state, 0, 182, K_RUN)
    assert claim(state, *cells_of(0, 0, 3)).ok and state.players[0].score == 206 and state.phase == "play"
    state.current = 0  # (seat 1's turn skipped for brevity)
    assert claim(state, *cells_of(-2, 2, 3)).ok and state.players[0].score == 224
    result = claim(state, *cells_of(0, 0, 3), kind="hijack")  # seat 1 takes the 24 away
    end = [e for e in result.events if e["type"] == "round_end"]
    assert result.ok and [p.score for p in state.players] == [200, 24]
    assert end and end[0]["reason"] == "exact-200" and end[0]["winner"] == 0


def test_closest_to_200_wins_when_a_rack_empties():
    pos = big_position()
    rack0 = pos.tiles("O8")
    state = make_state(pos, [rack0, pos.tiles("O2 O3"), pos.tiles("K1 K2 K3")])
    hold(state, 1, 150, K_RUN)
    hold(state, 2, 150, cells_of(-2, 2, 3))
    board = state.board.copy()
    board.place((0, 3), rack0[0])
    result = engine.play(state, board)
    assert result.ok
    end = [e for e in result.events if e["type"] == "round_end"][0]
    assert end["reason"] == "out"
    # Seats 1 and 2 tie on 150: the lower rack value wins (O2 O3 = 5 beats K1 K2 K3 = 6).
    assert end["winner"] == 1 and engine.ranking(state) == [1, 2, 0]


def test_blocked_game_ends_and_ranks_by_closeness():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1"), pos.tiles("O2")])
    hold(state, 1, 30, K_RUN)
    # An empty pool: park the other tiles on the racks so that every tile is accounted for.
    rest = state.pool
    state.pool = []
    state.players[0].rack += rest[:40]
    state.players[1].rack += rest[40:]
    assert not state.conservation_problems()
    engine.draw(state)
    result = engine.draw(state)
    end = [e for e in result.events if e["type"] == "round_end"][0]
    assert end["reason"] == "blocked" and end["winner"] == 1


# -- jokers ----------------------------------------------------------------------------------------------------------


def joker_position():
    pos = Pos().at(0, 0, "K8 J B8").down(-2, 2, "B6 B7")
    return pos


@pytest.mark.parametrize("replacement", ["R8", "O8"])
def test_joker_freed_by_either_missing_colour_and_played_with_two_rack_tiles(replacement):
    pos = joker_position()
    joker = pos.cell(0, 1)
    rack = pos.tiles(f"{replacement} K10 K11")
    board = pos.board.copy()
    board.place((0, 1), rack[0])  # the exact tile takes the joker's place
    for r, t in zip((1, 2, 3), (joker, rack[1], rack[2])):
        board.place((r, 0), t)  # K8 J(K9) K10 K11 down from K8
    assert check(pos, rack, board) == []


def test_freed_joker_needs_two_rack_tiles_in_its_new_set():
    pos = joker_position()
    joker = pos.cell(0, 1)
    rack = pos.tiles("R8 K10")
    board = pos.board.copy()
    board.place((0, 1), rack[0])
    board.place((1, 0), joker)
    board.place((2, 0), rack[1])  # K8 J K10: only one tile from the rack with the joker
    assert any("2 or more tiles" in m for m in check(pos, rack, board))


def test_joker_must_be_replaced_by_the_exact_tile_in_its_place():
    pos = joker_position()
    joker = pos.cell(0, 1)
    wrong = pos.tiles("K10 K11 O9")
    board = pos.board.copy()
    board.remove((0, 1))
    # K8 . B8 would split: the joker can only come out by putting R8/O8 in its place.
    board.place((0, 1), wrong[2])
    for r, t in zip((1, 2, 3), (joker, wrong[0], wrong[1])):
        board.place((r, 0), t)
    problems = check(pos, wrong, board)
    assert any("must be replaced by orange 8 or red 8" in m for m in problems)


def test_the_exact_tile_played_elsewhere_does_not_free_the_joker():
    pos = Pos().at(0, 0, "K8 J B8 O8").down(-2, 2, "B6 B7")  # the joker is R8
    k8, joker = pos.cell(0, 0), pos.cell(0, 1)
    rack = pos.tiles("R8 K10 K11 B8")
    r8, k10, k11, b8 = rack
    board = pos.board.copy()
    board.remove((0, 0))
    board.place((0, 1), k8)  # K8 B8 O8 closes up: a valid group without the joker
    for r, t in zip((1, 2, 3), (joker, k10, k11)):
        board.place((r, 1), t)  # K8 J(K9) K10 K11 down: the joker with two rack tiles
    board.place((1, 3), r8)
    board.place((2, 3), b8)  # O8 R8 B8 down from O8: R8 is played, but not in the joker's place
    problems = check(pos, rack, board)
    assert len(problems) == 1 and problems[0].startswith("to free a joker, put red 8 from your rack in its place in the set")
    fixed = board.copy()
    fixed.remove((1, 3))
    fixed.remove((2, 3))
    fixed.place((0, 0), r8)  # R8 K8 B8 O8: the exact tile in the joker's set
    assert check(pos, [r8, k10, k11], fixed) == []


def test_no_joker_retrieval_before_the_initial_play():
    pos = joker_position()
    joker = pos.cell(0, 1)
    rack = pos.tiles("R8 K10 K11 K12")
    board = pos.board.copy()
    board.place((0, 1), rack[0])
    for r, t in zip((1, 2, 3, 4), (joker, rack[1], rack[2], rack[3])):
        board.place((r, 0), t)
    assert any("may not move tiles" in m for m in check(pos, rack, board, melded=False))


def test_joker_at_a_crossing_stands_for_one_tile():
    pos = Pos().at(0, 0, "O8 J O10")  # the joker is O9 across
    good = pos.board.copy()
    k9, r9 = pos.tiles("K9 R9")
    good.place((-2, 1), k9)
    good.place((-1, 1), r9)  # K9 R9 J down: a group where the joker may be B9 or O9 - O9 fits both
    assert check(pos, [k9, r9], good) == []
    bad = pos.board.copy()
    k7, r7 = pos.tiles("K7 R7")
    bad.place((-2, 1), k7)
    bad.place((-1, 1), r7)  # K7 R7 J down: the joker would be a 7 down and O9 across
    assert check(pos, [k7, r7], bad) == ["a joker where two sets cross must stand for the same tile in both"]


# -- saves --------------------------------------------------------------------------------------------------------------


def test_state_round_trip_with_claims():
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    assert claim(state, *cells_of(0, 0, 3), kind="hijack").ok
    assert claim(state, (-2, 2), (-1, 2), (0, 2)).ok
    data = json.loads(json.dumps(state.to_dict()))
    again = GameState.from_dict(data)
    assert again.to_dict() == state.to_dict()
    assert again.variant.claims_view(again) == state.variant.claims_view(state)
    assert again.variant.claim_options(again) == state.variant.claim_options(state)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["extra"].__setitem__("claims", "lots"),
        lambda d: d["extra"]["claims"][0].__setitem__("cells", [[0, 0], [5, 5], [0, 2]]),
        lambda d: d["extra"]["claims"][0]["layers"].append({"seat": 9, "side": "2"}),
        lambda d: d["extra"]["claims"][0].__setitem__("locked", True),
        lambda d: d["extra"]["claims"][0].__setitem__("tiles", [1, 2, 3]),
        lambda d: d["players"][0]["extra"].__setitem__("tokens", -1),
        lambda d: d["players"][0].__setitem__("score", 99),
    ],
)
def test_damaged_claims_in_a_save_are_refused_clearly(damage):
    pos, state = claim_position()
    assert claim(state, *cells_of(0, 0, 3)).ok
    data = json.loads(json.dumps(state.to_dict()))
    damage(data)
    with pytest.raises(SaveError) as err:
        decode(build(data, saved_at="2026-01-01T12:00:00+00:00"))
    assert "damaged" in str(err.value)


# -- the computer players ----------------------------------------------------------------------------------------------


def test_basic_player_delegates_to_the_crossword_player():
    state = engine.new_game(KEY, ["A", "B"], seed=3)
    for _ in range(6):
        view = engine.view(state, state.current)
        action = BasicLevel(1).choose(view)
        assert action == crossword.choose(view, "basic", random.Random(1))
        if action["type"] == "play":
            assert engine.play(state, action["board"]).ok
        else:
            engine.draw(state)


@pytest.mark.parametrize("level", crossword.LEVELS)
def test_every_level_claims_the_set_that_makes_exactly_200(level):
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1 K1"), pos.tiles("O2 K2")])
    hold(state, 0, 176, K_RUN)
    action = crossword.choose(engine.view(state, 0), level, random.Random(0))
    assert action["type"] == "claim" and sorted(map(tuple, action["cells"])) == cells_of(0, 0, 3)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_player_denies_a_rival_one_claim_from_200(level):
    pos = big_position()
    state = make_state(pos, [pos.tiles("O1 O5"), pos.tiles("O2 O6")])
    # Seat 1 holds 155 + 21 = 176: the 24-point group would give them exactly 200 next turn.  Claiming
    # the group does not stop them (they could hijack it); taking points off them does.
    hold(state, 1, 155, K_RUN)
    hold(state, 1, 21, cells_of(-2, 2, 3, vertical=True))
    rules = state.variant.claim_rules()
    assert crossword._threats(cl.Position.from_state(state), rules, 1) == 1
    action = crossword.choose(engine.view(state, 0), level, random.Random(0))
    assert action["type"] == "hijack"
    assert engine.apply(state, action).ok
    assert crossword._threats(cl.Position.from_state(state), rules, 1) == 0


def test_players_do_not_waste_tokens_on_poor_sets_early():
    pos = Pos().at(0, 0, "K1 K2 K3").down(1, 0, "R1 B1")
    state = make_state(pos, [pos.tiles("O5 B9"), pos.tiles("O2")])
    for level in ("basic", "medium", "hard"):
        assert crossword.choose(engine.view(state, 0), level, random.Random(0)) == {"type": "draw"}, level
    hold(state, 0, 194, cells_of(0, 0, 3, vertical=True))  # ...but 6 points that make exactly 200 are worth it
    for level in ("basic", "medium", "hard"):
        action = crossword.choose(engine.view(state, 0), level, random.Random(0))
        assert action == {"type": "claim", "cells": [[0, 0], [0, 1], [0, 2]]}, level


def test_players_lay_sets_across_the_board():
    pos = Pos().at(0, 0, "K8 R8 B8")
    rack = pos.tiles("R6 R7 K3 B11 O12")
    state = make_state(pos, [rack, pos.tiles("O2")])
    state.players[0].extra["tokens"] = 0  # no claims: a play is the only sensible move
    for level in crossword.LEVELS:
        if level == "easy":
            continue  # easy may overlook it
        action = crossword.choose(engine.view(state, 0), level, random.Random(0))
        assert action["type"] == "play", level
        board = action["board"]
        assert engine.check_play(state, board).problems == []
        assert any(ln.vertical for ln in board.lines(vertical=True)), level


def test_players_make_an_initial_play_across_an_existing_set():
    pos = Pos().at(0, 0, "K10 R10 B10")
    state = make_state(pos, [pos.tiles("R11 R12 R13 O1"), pos.tiles("O2")], melded=[False, True])
    for level in ("basic", "medium", "hard", "greedy-max"):
        action = crossword.choose(engine.view(state, 0), level, random.Random(0))
        assert action["type"] == "play", level
        analysis = engine.check_play(state, action["board"])
        assert analysis.problems == [] and len(analysis.played) == 3
        assert any(ln.vertical and len(ln.cells) == 4 for ln in analysis.lines)  # R10 R11 R12 R13 down
    # K13 R13 B13 is worth 39 but cannot join the board (no 13 to cross, no set to cross it): draw.
    state2 = make_state(pos, [pos.tiles("K13 R13 B13"), pos.tiles("O3")], melded=[False, True])
    assert crossword.choose(engine.view(state2, 0), "hard", random.Random(0))["type"] == "draw"


# -- whole games ------------------------------------------------------------------------------------------------------


def test_simulated_games_are_legal_conserve_tiles_and_can_end_on_exactly_200():
    summary = sim.run(KEY, ["basic", "basic", "basic"], games=4, seed=100)
    assert summary["illegal_moves"] == 0 and summary["tiles_conserved"]
    assert sum(summary["end_reasons"].values()) == 4
    assert set(summary["end_reasons"]) <= {"exact-200", "out", "blocked"}
    assert summary["game_end_reasons"] == summary["end_reasons"]
    assert summary["end_reasons"].get("exact-200", 0) >= 1
    assert summary["claims"]["claim"] > 0 and summary["claims"]["hijack"] > 0


def test_every_level_plays_whole_games(monkeypatch):
    class Level:
        def __init__(self, level, seed):
            self.level, self.rng = level, random.Random(seed)

        def choose(self, view):
            return crossword.choose(view, self.level, self.rng)

    monkeypatch.setattr(sim, "make_player", lambda level, seed=0: Level(level, seed))
    res = sim.play_game(KEY, ["easy", "medium", "hard", "greedy-max"], seed=7)
    assert res["illegal"] == 0 and res["conserved"] and not res["stalled"]
    state = res["state"]
    assert state.phase == "game_over" and state.round_end_reason in ("exact-200", "out", "blocked")
    assert [p.score for p in state.players] == cl.points_of(state.extra["claims"], 4, state.variant.claim_rules())
    assert all(p.score <= 200 for p in state.players)


@pytest.mark.parametrize(
    "options",
    [
        {"claimed_sets": "release", "hijack_double": True},
        {"allow_over_200": True, "crossing_claims": False, "lock_tokens": 0},
        {"claim_needs_initial": False, "initial_may_extend": True, "tokens": 20},
    ],
)
def test_whole_games_under_the_other_readings(options):
    res = sim.play_game(KEY, ["basic", "basic"], seed=21, options=options)
    state = res["state"]
    assert res["illegal"] == 0 and res["conserved"] and state.phase == "game_over"
    assert [p.score for p in state.players] == cl.points_of(state.extra["claims"], 2, state.variant.claim_rules())
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))).to_dict() == state.to_dict()


def test_initial_play_event_counts_rack_tiles():
    pos = Pos().at(0, 0, "K10 R10 B10")
    rack = pos.tiles("R11 R12 R13 O1")
    state = make_state(pos, [rack, pos.tiles("O2")], melded=[False, True])
    board = state.board.copy()
    for r, t in zip((1, 2, 3), rack[:3]):
        board.place((r, 1), t)
    result = engine.play(state, board)
    assert result.ok and result.events[0]["initial"] and result.events[0]["points"] == 36


def test_sim_command_line_json(capsys):
    assert sim.main(["--variant", KEY, "--players", "basic,basic", "--games", "1", "--seed", "3", "--json", "--option", "tokens=40"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["variant"] == KEY and out["games"] == 1 and out["illegal_moves"] == 0 and out["tiles_conserved"]
    for k in ("wins", "win_rate", "mean_score", "turns_mean", "end_reasons", "think_ms_p50", "think_ms_p99", "seconds", "claims"):
        assert k in out
    assert sim.main(["--variant", KEY, "--option", "tokens=1"]) == 2


def test_a_freed_joker_may_not_extend_a_line_already_on_the_board():
    # The sheet: the freed joker is used "with 2 or more tiles from his rack to make a new set".
    pos = joker_position()  # K8 J B8 across, B6 B7 B8 down column 2
    joker = pos.cell(0, 1)
    rack = pos.tiles("R8 B10 B11")
    board = pos.board.copy()
    board.place((0, 1), rack[0])  # the exact tile takes the joker's place
    for r, t in zip((1, 2, 3), (joker, rack[1], rack[2])):
        board.place((r, 2), t)  # B6 B7 B8 J(B9) B10 B11: the old line, extended
    problems = check(pos, rack, board)
    assert any("new set" in m for m in problems)
