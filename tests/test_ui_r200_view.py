"""The Rummi200kub board view keeps what the player needs in sight: their own sets come back
into view when their turn begins after a computer's play took the view elsewhere, and a hint's
ghost tiles are always inside the visible board."""

from __future__ import annotations

import pytest

from game.play.session import Session
from game.rules import events
from game.rules.board import Board
from game.ui import variant_ui
from game.ui.boardview import BoardView
from uidrive import make_app, open_play, step
from uihelp import human_session, tiles


@pytest.fixture
def app():
    a = make_app()
    a.shown_controls_tip = True
    yield a
    a.shutdown()


def take(state, wanted):
    """Move ``wanted`` tiles out of the pool and the racks (racks get pool tiles instead)."""
    for t in wanted:
        if t in state.pool:
            state.pool.remove(t)
            continue
        rack = next(p.rack for p in state.players if t in p.rack)
        rack.remove(t)
        rack.append(next(u for u in state.pool if u not in wanted))
        state.pool.remove(rack[-1])


def in_view(view, cells) -> bool:
    r0, c0, r1, c1 = view.visible_cells()
    e = 1e-6
    return all(r0 - e <= r and r + 1 <= r1 + e and c0 - e <= c and c + 1 <= c1 + e for r, c in cells)


def board_of(rows: dict) -> Board:
    cells = {}
    for (r, c0), text in rows.items():
        for k, t in enumerate(tiles(text)):
            cells[(r, c0 + k)] = t
    return Board(cells)


def test_own_sets_come_back_into_view_after_a_computer_play_far_away(app):
    state = human_session("", variant="rummi200kub", opponents=("basic",)).state
    mine, far = tiles("K1 K2 K3"), tiles("R1 R2 R3")
    take(state, mine)
    before = board_of({(0, 0): "K1 K2 K3"})
    state.board = before.copy()
    state.events.append(events.Played(0, tuple(sorted(mine)), True, turn=0))
    assert not state.conservation_problems()
    sess = Session(state, autosave=False)
    play = open_play(app, sess)
    view = variant_ui.find(play.plugin, BoardView)
    own = [(0, 0), (0, 1), (0, 2)]
    assert sorted(view.own_cells()) == own
    view.set_camera(view.max_px, 1.5, 0.5)  # zoomed right in on the player's run
    assert in_view(view, own)
    after = board_of({(0, 0): "K1 K2 K3", (0, 40): "R1 R2 R3"})
    # a computer's play far along the board (the board as it stands after it, and the player's
    # turn begins): the view goes to show the play ...
    take(state, far)
    state.board = after.copy()
    assert not state.conservation_problems()
    sess._begin_turn()
    view.on_event(events.Played(1, tuple(sorted(far)), False, before=before, after=after))
    assert in_view(view, [(0, 40), (0, 42)]) and not in_view(view, own)
    # ... and once it has been shown, the player's own run is back in view
    step(app, n=3)
    assert in_view(view, own)


def test_a_hint_never_puts_a_ghost_tile_outside_the_visible_board(app):
    state = human_session("R6 B6 O2 K12 R10", exact=True, variant="rummi200kub", opponents=("basic",),
                          melded=True).state
    take(state, tiles("K5 K6 K7"))
    state.board = board_of({(0, 0): "K5 K6 K7"})
    assert not state.conservation_problems()
    sess = Session(state, autosave=False)
    play = open_play(app, sess)
    view = variant_ui.find(play.plugin, BoardView)
    view.set_camera(view.max_px, 12.0, -6.0)  # the player has looked away from the board
    hint = board_of({(0, 0): "K5 K6 K7", (1, 1): "R6", (2, 1): "B6"})
    assert play.turnshow.hint_arrived(hint, tiles("R6 B6"))
    step(app, n=2)
    assert in_view(view, [(1, 1), (2, 1)])


def test_the_hover_story_of_a_set_never_hides_its_tiles(app):
    import pygame

    from r200rig import group_cells, rigged_session
    from uidrive import cell_center

    sess = rigged_session()
    play = open_play(app, sess)
    boxes = []
    real = play.tip_box
    play.tip_box = lambda *a, **kw: boxes.append(real(*a, **kw)) or boxes[-1]
    cells = [tuple(c) for c in group_cells(7)]  # the locked 7s, down column 6
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_center(play, "table", cells[1]), rel=(0, 0),
                                  buttons=(0, 0, 0))])
    assert boxes, "no hover story drawn"
    g = play.layout().grid
    assert not any(boxes[-1].colliderect(g.cell_rect(c)) for c in cells), boxes[-1]
