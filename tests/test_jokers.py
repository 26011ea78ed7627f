"""Freeing jokers by each rule sheet, and verdicts that never depend on which physical copy of a
face sits where."""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cli import sim
from game.rules import engine
from game.rules.board import Board
from game.rules.reasons import Reason
from game.rules.tiles import face_key, parse_tiles
from game.rules.variants import REGISTRY
from helpers import play_sets, refused, rig

CLASSIC_TABLE = ["K3 J K5", "R1 R2 R3 R4", "B1 B2 B3 B4"]


def test_classic_freed_joker_in_a_new_set_of_table_tiles_with_the_rack_tile_elsewhere():
    # K4 from the rack takes the joker's place; the joker makes R4 B4 J from table tiles.
    state = rig("classic", ["K4 O9", "O13"], table=CLASSIC_TABLE)
    res = play_sets(state, ["K3 K4 K5", "R1 R2 R3", "B1 B2 B3", "R4 B4 J"])
    assert res.ok, res.codes


def test_classic_freed_joker_may_not_go_back_into_the_set_it_left():
    state = rig("classic", ["K4 O9", "O13"], table=CLASSIC_TABLE)
    res = play_sets(state, ["K3 K4 K5 J", "R1 R2 R3 R4", "B1 B2 B3 B4"])  # the joker now the black 6
    assert refused(res, Reason.FREED_JOKER_OLD_SET)


def test_classic_freed_joker_may_not_go_onto_the_end_of_another_table_set():
    state = rig("classic", ["K4 O9", "O13"], table=CLASSIC_TABLE)
    res = play_sets(state, ["K3 K4 K5", "R1 R2 R3 R4 J", "B1 B2 B3 B4"])
    assert refused(res, Reason.FREED_JOKER_OLD_SET)


def test_classic_freed_joker_with_rack_tiles_in_a_set_of_its_own_is_new():
    state = rig("classic", ["K4 O9 O10", "O13"], table=CLASSIC_TABLE)
    res = play_sets(state, ["K3 K4 K5", "R1 R2 R3 R4", "B1 B2 B3 B4", "O9 O10 J"])
    assert res.ok, res.codes


def test_classic_freeing_a_joker_still_needs_a_tile_from_the_rack():
    # The joker freed by table tiles alone (B4 split off... no rack tile played): refused.
    state = rig("classic", ["O9", "O13"], table=["R3 J R5", "R4 B4 K4 O4", "K1 K2 K3"])
    res = play_sets(state, ["R3 R4 R5", "B4 K4 O4", "K1 K2 K3 J"])
    assert not res.ok


@pytest.mark.parametrize("variant", ["rummy-q", "golden-games", "classic", "rummibug"])
def test_swapping_two_copies_between_sets_frees_no_joker(variant):
    # The two orange 6s change places between the joker's run and a group: the table looks the same.
    racks = ["K9 K10 K11 O1", "O13", "R13"] if variant == "golden-games" else ["K9 K10 K11 O1", "O13"]
    state = rig(variant, racks, table=["O5 O6 J", "O6 B6 K6"])
    board = state.board.copy()
    where = board.where()
    o6 = parse_tiles("O6")[0] >> 1
    first, second = sorted(t for t in board.tiles() if t < 104 and t >> 1 == o6)
    board.place(where[first], second)
    board.place(where[second], first)
    k9, k10, k11, _ = state.players[0].rack
    board.place_line((4, 0), [k9, k10, k11])
    res = engine.play(state, board)
    assert res.ok, res.codes


def _seen(problem):
    """A problem as a player sees it: copies of a face are the same tile."""
    return (problem.code, tuple(face_key(t) for t in problem.tiles), problem.numbers, problem.detail)


def _copy_swaps(board: Board):
    faces: dict[int, list] = {}
    for c, t in board.cells.items():
        faces.setdefault(52 if t >= 104 else t >> 1, []).append(c)
    return [cells for cells in faces.values() if len(cells) == 2]


@functools.lru_cache(maxsize=None)
def _simulated(variant: str, seed: int):
    kinds = ["basic", "basic", "basic"] if variant == "golden-games" else ["basic", "basic"]
    return sim.play_game(variant, kinds, seed=seed, options=None)["state"]


@functools.lru_cache(maxsize=None)
def _position(variant: str, seed: int, turn: int):
    game = _simulated(variant, seed)
    return engine.replay(game, min(turn, len(game.actions)))


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(sorted(REGISTRY)), seed=st.integers(1, 3), turn=st.integers(10, 60),
       pick=st.integers(0, 10_000))
def test_swapping_copies_on_a_proposed_table_never_changes_the_verdict(variant, seed, turn, pick):
    game = _simulated(variant, seed)
    replayed = _position(variant, seed, min(turn, len(game.actions) - 1)).clone()
    if replayed.phase != "play":
        return
    later = _position(variant, seed, min(turn + 1, len(game.actions)))
    # A proposal: the table as it is plus one rack tile, or the table of a later turn where it fits.
    later = engine.replay(game, min(turn + 1, len(game.actions)))
    proposals = [later.board] if later.board.tile_set() <= replayed.board.tile_set() | set(replayed.player.rack) else []
    proposals.append(replayed.board.copy())
    for board in proposals:
        swaps = _copy_swaps(board)
        if not swaps:
            continue
        a, b = swaps[pick % len(swaps)]
        swapped = board.copy()
        swapped.place(a, board.get(b))
        swapped.place(b, board.get(a))
        one = engine.check_play(replayed, board)
        two = engine.check_play(replayed, swapped)
        assert one.ok == two.ok
        assert sorted(map(_seen, one.problems)) == sorted(map(_seen, two.problems))
