"""Rummi200kub: the hard crossword player moves a table tile into a new line with rack tiles."""

from __future__ import annotations

from game.ai import crossword, player_names
from game.ai.crossword_moves import lift_steps
from game.rules import engine
from game.rules.board import Board
from game.rules.tiles import parse_tiles
from game.ui.scenes.setup import levels


def lift_position():
    """The board holds red 1-4 in a row; the rack the second red 3 (and a black 13), which fits nowhere unless
    red 4 leaves the row to make red 2, red 3, red 4 down through the row's red 2."""
    state = engine.new_game("rummi200kub", [("A", "hard"), ("B", "hard")], seed=3)
    row = parse_tiles("R1 R2 R3 R4")
    rack = parse_tiles("R3 K13", used=row)
    taken = set(row) | set(rack)
    rest = [t for t in range(106) if t not in taken and t < 104]
    state.board = Board({(0, c): int(t) for c, t in enumerate(row)})
    state.players[0].rack = [int(t) for t in rack]
    state.players[1].rack = rest[:14]
    state.pool = rest[14:] + [104, 105]
    for p in state.players:
        p.melded = True
    state.current = 0
    assert not state.conservation_problems()
    return state


def test_a_lift_places_a_tile_that_fits_nowhere_else():
    view = engine.view(lift_position(), 0)
    ctx = crossword.Ctx(view, "hard", None)
    planner = crossword.Planner(ctx, initial=False)
    root = crossword.Draft(ctx.board.copy(), list(ctx.rack))
    children = list(lift_steps(planner, root))
    assert children and all(len(c.placed) == 1 and not c.freed for c in children)
    assert not engine.check_view(view, children[0].board).problems
    board = crossword.find_play(ctx)
    assert board is not None and len(board) == 5 and not engine.check_view(view, board).problems
    # the frozen level never moves a table tile: it finds nothing to play here
    assert crossword.find_play(crossword.Ctx(view, "hard-v1", None)) is None


def test_hard_v1_is_a_simulator_level_only():
    assert "hard-v1" in player_names()
    assert "hard-v1" not in levels() and "expert" in levels()
