"""No lost moves: a player never gives up an arrangement for want of a legal layout.

The positions in ``tests/data/lost_moves.json`` come from simulated games in which a
player used to place fewer tiles than its own finder had found: either the first layout
of the finder's sets was refused (a table joker ended up standing for another tile) and
the player fell back to a smaller play (``cause: layout``), or, the finder's best being
illegal, the player took the first legal fallback rather than the one placing most
(``cause: order``), or the player ran out of time before it reached the legal layout of
its going-out play (``cause: late``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import bench_lost
from game.ai import FLAT, make_player
from game.ai import players as players_mod
from game.ai.relayout import orderings, table_readings, variants
from game.rules.board import Board
from game.rules.engine import check_view
from game.rules.melds import check_line
from game.rules.tiles import parse_tiles
from game.rules.view import PlayerView
from game.rules import actions as act

POSITIONS = json.loads((Path(__file__).parent / "data" / "lost_moves.json").read_text(encoding="utf-8"))


def view_of(p: dict) -> PlayerView:
    n = len(p["rack_sizes"])
    return PlayerView(
        seat=p["seat"], variant_key=p["variant"], options=p["options"], rack=tuple(p["rack"]),
        board=Board({(r, c): t for r, c, t in p["cells"]}), melded=tuple(p["melded"]),
        rack_sizes=tuple(p["rack_sizes"]), scores=(0,) * n, pool_size=p["pool_size"], current=p["seat"],
        round=p["round"], turn=p["turn"], extra={}, player_extra=({},) * n, history=(),
    )


@pytest.mark.parametrize("index", range(len(POSITIONS)))
def test_the_positions_that_fell_short_are_played_in_full(index):
    p = POSITIONS[index]
    view = view_of(p)
    verdict, placed, allowed = bench_lost.check_flat(view, p["level"], 5)
    assert verdict == "ok" and placed >= 1
    action = make_player(p["level"], 5, board=FLAT).choose(view)
    assert not check_view(view, action.board).problems


# Positions whose play leaves the faces of the set holding a table joker as they were (the finder
# handed the rack's joker in its place): the layout keeps a set showing an old set's faces on its
# cells, so the referee, reading copies as one, sees the table joker stay; the first layout is
# legal and no other layout is needed.  These no longer show the loss the benchmark looks for.
KEPT = [5]
# Positions 6 to 11 were added when a change of the finder's tie-breaks had the first ones laid out
# legally at once and left no "late" case.  They come from the benchmark's own games (``harvest``, 150
# positions a rule set, seed 1; the level's seed 5), each kept where its level, with no other layout
# to try, loses tiles: layout, positions 4 and 81 of Rummibug Relaxed (greedy-max, medium) and 70 of
# the Golden Games (greedy-max); late, a going-out play, positions 112 of classic (hard), 79 of
# Rummibug (medium) and 117 of Rummy Q (greedy-max).  Which of several equally good arrangements the
# finder returns depends on its search order, so a change there can make a position here legal as
# first laid out: record another (docs/ai.md, "Lost moves") rather than skip it.
LAYOUT = [i for i, p in enumerate(POSITIONS) if p["cause"] in ("layout", "late") and i not in KEPT]
LATE = [i for i, p in enumerate(POSITIONS) if p["cause"] == "late" and i not in KEPT]
ORDER = [i for i, p in enumerate(POSITIONS) if p["cause"] == "order"]


@pytest.mark.parametrize("index", ORDER)
def test_greedy_max_takes_the_fallback_that_places_most(index):
    p = POSITIONS[index]
    view = view_of(p)
    assert bench_lost.best_legal(view) == p["allowed"]
    action = make_player("greedy-max", 5, board=FLAT).choose(view)
    before = set(view.board.tiles())
    # at least as many (where a table joker the rack cannot win back stays beside two partners, the
    # finder's first question can find a legal play the benchmark's questions miss: docs/performance.md)
    assert sum(1 for t in action.board.tiles() if t not in before) >= p["allowed"]
    assert not check_view(view, action.board).problems


@pytest.mark.parametrize("index", LAYOUT)
def test_the_benchmark_sees_the_loss_when_no_other_layout_is_tried(index, monkeypatch):
    monkeypatch.setattr(players_mod._Turn, "layouts", 0)
    p = POSITIONS[index]
    verdict, placed, allowed = bench_lost.check_flat(view_of(p), p["level"], 5)
    assert verdict == "layout" and allowed > placed


def test_orderings_put_a_joker_everywhere_it_can_stand():
    run = parse_tiles("R5 R6 J")
    lines = {tuple(map(repr, ln)) for ln in orderings(run)}
    assert lines == {("J", "R5", "R6"), ("R5", "J", "R6"), ("R5", "R6", "J")} - {("R5", "J", "R6")}
    assert all(check_line(ln) for ln in orderings(parse_tiles("K7 B7 J")))
    assert len(orderings(parse_tiles("K7 B7 J"))) == 3


def test_variants_try_the_old_reading_of_a_table_joker_first():
    table = Board()
    r5, r6, j, r7 = parse_tiles("R5 R6 J R7")
    table.place_line((0, 0), [r5, r6, j])  # the joker stands for red 7
    readings = table_readings(table)
    assert readings[j] == {r7 >> 1}
    sets = [[j, r5, r6]]  # the same set with the joker read as red 4
    first = list(variants(sets, readings))
    assert first[0] == [[r5, r6, j]] and [[j, r5, r6]] in first


@pytest.mark.parametrize("index", LATE)
def test_the_likeliest_layouts_are_tried_even_out_of_time(index, monkeypatch):
    real = players_mod._Turn.__init__

    def late(self, view, budget):
        real(self, view, budget)
        self.deadline = 0.0  # as on a machine so busy that the time is gone before the first layout

    monkeypatch.setattr(players_mod._Turn, "__init__", late)
    p = POSITIONS[index]
    verdict, placed, allowed = bench_lost.check_flat(view_of(p), p["level"], 5)
    assert verdict == "ok" and placed == p["allowed"]
    monkeypatch.setattr(players_mod._Turn, "sure_layouts", 0)
    verdict, placed, allowed = bench_lost.check_flat(view_of(p), p["level"], 5)
    assert verdict == "layout" and placed < allowed


@pytest.mark.parametrize("index", KEPT)
def test_a_joker_set_the_play_leaves_unchanged_needs_no_other_layout(index, monkeypatch):
    monkeypatch.setattr(players_mod._Turn, "layouts", 0)
    monkeypatch.setattr(players_mod._Turn, "sure_layouts", 0)
    p = POSITIONS[index]
    view = view_of(p)
    verdict, placed, allowed = bench_lost.check_flat(view, p["level"], 5)
    assert verdict == "ok" and placed == p["allowed"]
    action = make_player(p["level"], 5, board=FLAT).choose(view)
    faces = {(ln.cells, tuple(t >> 1 for t in ln.tiles)) for ln in action.board.lines()}
    jokers = [ln for ln in view.board.lines() if any(t >= 104 for t in ln.tiles)]
    assert jokers and all((ln.cells, tuple(t >> 1 for t in ln.tiles)) in faces for ln in jokers)


def test_sage_fewer_tiles_by_its_claim_exchange_check_is_its_choice_not_a_lost_move():
    """Rummi200kub, position 71 of the benchmark's seed 1: Sage's check of the claim exchange takes
    a one-tile turn where its search allows three.  The benchmark counts that as Sage's choice;
    the same short turn from a level that does not shape its plays would not be excused."""
    from game.ai import CROSSWORD, make_player
    from game.cli.bench_lost import _sage_choice, check_crossword, harvest

    view = harvest("rummi200kub", 2, 72, 1)[71]
    seed = 1 * 7919 + 71
    verdict, placed, best = check_crossword(view, "expert", seed)
    assert verdict == "ok" and placed < best
    sage = make_player("expert", seed, CROSSWORD)
    action = sage.choose(view)
    assert _sage_choice(view, make_player("expert", seed, CROSSWORD), seed, action, best)
    assert not _sage_choice(view, make_player("hard", seed, CROSSWORD), seed, action, best)
