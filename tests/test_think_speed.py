"""What makes the hard player's slowest turns cheaper keeps its moves: the free-slot search of
the layout, remembered meld verdicts, and the work limit on the finder's first answer."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings, strategies as st

from game.ai import players
from game.ai.layout import _free
from game.ai.players import HardPlayer, _Turn
from game.rules import engine
from game.rules.board import Board
from game.rules.melds import check_line
from game.rules.tiles import parse_tiles

from helpers import position

cells = st.sets(st.tuples(st.integers(0, 6), st.integers(0, 19)), max_size=50)


def _fits(board: Board, old: Board, r: int, c: int, length: int, width: int, avoid_old: bool) -> bool:
    if c < 0 or c + length > width:
        return False
    if any((r, x) in board.cells for x in range(c - 1, c + length + 1)):
        return False
    return not (avoid_old and any((r, x) in old.cells for x in range(c, c + length)))


@settings(max_examples=300, deadline=None)
@given(cells, cells, st.integers(1, 13), st.sampled_from([13, 16, 20, 24]))
def test_a_new_set_goes_to_the_first_free_slot_in_reading_order(taken, was, length, width):
    board, old = Board({c: 1 for c in taken}), Board({c: 1 for c in was})
    r, c = _free(board, length, width, old)
    avoid = _fits(board, old, r, c, length, width, True)
    assert _fits(board, old, r, c, length, width, avoid)
    earlier = [(r2, c2) for r2 in range(0, r + 1) for c2 in range(width) if (r2, c2) < (r, c)]
    assert not any(_fits(board, old, r2, c2, length, width, avoid) for r2, c2 in earlier)
    if not avoid:  # a cell empty before was nowhere to be had
        rows = range(0, max([x for x, _ in taken | was], default=0) + 2)
        assert not any(_fits(board, old, r2, c2, length, width, True) for r2 in rows for c2 in range(width))


def test_a_remembered_verdict_is_the_same_verdict():
    tiles = parse_tiles("R5 J R7")
    first = check_line(list(tiles))
    assert first.ok and check_line(tuple(tiles)) == first and check_line(list(tiles)) is first
    assert not check_line(list(parse_tiles("R5 B7 K9")))


def _questions(monkeypatch, variant: str, rack: str, table: str, nodes):
    """The finder questions hard asks, and its move, with ``nodes`` as its joker work limit."""
    asked = []
    real = players.solve

    def spy(sets, rack, **opts):
        asked.append(opts)
        return real(sets, rack, **opts)

    monkeypatch.setattr(players, "solve", spy)
    monkeypatch.setattr(HardPlayer, "knobs", staticmethod(lambda turn: dataclasses.replace(
        players.strategy_for(turn.variant), joker_nodes=nodes)))
    state = position(rack, table, variant=variant)
    view = engine.view(state, 0)
    board = HardPlayer(1).plan(_Turn(view, 5.0))
    placed = 0 if board is None else len(set(board.tiles()) - set(view.board.tiles()))
    return asked, placed


JOKER_TABLE = "R5 J R7 | B10 B11 B12 | K3 O3 R3 | O9 O10 O11"


def test_only_the_first_unconstrained_question_is_limited_and_only_with_table_jokers(monkeypatch):
    asked, _ = _questions(monkeypatch, "rummibug", "R9 B2 K11 O4 B6", JOKER_TABLE, 50)
    limited = [q for q in asked if q.get("node_budget")]
    assert limited and all(q["keep"] == () and q["max_disturbed"] is None for q in limited)
    asked, _ = _questions(monkeypatch, "rummibug", "R9 B2 K11 O4 B6", "B10 B11 B12 | K3 O3 R3", 50)
    assert asked and not any(q.get("node_budget") for q in asked)
    asked, _ = _questions(monkeypatch, "classic", "R9 B2 K11 O4 B6", JOKER_TABLE, 50)  # a joker freed freely
    assert asked and not any(q.get("node_budget") for q in asked)


def test_a_starved_first_answer_still_finds_the_most_tiles_that_free_no_joker(monkeypatch):
    for rack in ("R8 B9 K4 K5 O4", "K5 B5 O5 R8 R9", "B9 O12 B13 R3 K7"):
        _, exact = _questions(monkeypatch, "rummibug", rack, JOKER_TABLE, None)
        _, starved = _questions(monkeypatch, "rummibug", rack, JOKER_TABLE, 1)
        assert starved == exact > 0, rack


def test_the_usual_limit_still_frees_a_joker_with_its_exact_tile(monkeypatch):
    rack = "R6 R4 B13 O12 O8"  # R6 frees the joker: all five tiles go down only that way
    usual = players.strategy_for(engine.new_game("rummibug", [("A", "hard"), ("B", "hard")], seed=1).variant).joker_nodes
    _, exact = _questions(monkeypatch, "rummibug", rack, JOKER_TABLE, None)
    _, limited = _questions(monkeypatch, "rummibug", rack, JOKER_TABLE, usual)
    _, starved = _questions(monkeypatch, "rummibug", rack, JOKER_TABLE, 1)
    assert usual and limited == exact == 5 > starved
