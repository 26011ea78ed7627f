"""Rummi200kub on screen, what a new player found: the board view keeps what the player needs
in sight (their own sets come back into view when their turn begins after a computer's play took
the view elsewhere; a hint's ghost tiles are always inside the visible board; a tooltip never hides
the set it explains); the initial-play counter is the figure the rules core counts (rack tiles
only, a new set may cross a tile on the board), so it agrees with the note beside it; claim chips
shrink their points rather than squeeze them."""

from __future__ import annotations

import re

import pytest

from game.play.session import TABLE, Session
from game.rules import events
from game.rules.reasons import Reason
from game.rules.board import Board
from game.ui import theme, variant_ui
from game.ui.boardview import BoardView
from uidrive import make_app, open_play, step
from uihelp import human_session, lay_table, tiles


pytestmark = pytest.mark.app(tip_shown=True)


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
    sess.begin_turn()
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


@pytest.mark.parametrize("width", [40, 24, 16, 12])
def test_a_claim_chip_shrinks_its_points_rather_than_squeezing_them(width):
    import pygame

    from game.ui import theme
    from game.ui.r200.board import chip_label

    pygame.font.init()
    t = chip_label(26, 20, width, (255, 255, 255))
    assert t.get_width() <= width or t.get_height() <= theme.text("26", 8).get_height()
    # the letters keep their shape: the picture is the text at some size, not a squashed one
    same = [theme.text(label, n, (255, 255, 255)) for label in ("+26", "26") for n in range(8, 21)]
    assert any(t.get_size() == o.get_size() for o in same)


def drawn_texts(app, monkeypatch, sizes=None) -> list[str]:
    seen: list[str] = []
    real = theme.text

    def spy(msg, px, *a, **kw):
        seen.append(str(msg))
        if sizes is not None:
            sizes.append((str(msg), px))
        return real(msg, px, *a, **kw)

    monkeypatch.setattr(theme, "text", spy)
    theme.reset_caches()  # every text of the frame is made afresh (and seen)
    app.dirty = True
    step(app)
    monkeypatch.setattr(theme, "text", real)
    return seen


def test_counter_counts_rack_tiles_of_a_set_crossing_the_board(app, monkeypatch):
    state = human_session("R6 B6 R10 B10 O10", variant="rummi200kub", opponents=("basic",)).state
    lay_table(state, ["K5 K6 K7"])
    sess = Session(state, autosave=False)
    play = open_play(app, sess)
    # a group of 6s down through the black 6 on the board: red 6 above, blue 6 below
    k6 = sess.table().cells
    col = next(c for (r, c), t in k6.items() if t == tiles("K6")[0])
    row = next(r for (r, c), t in k6.items() if t == tiles("K6")[0])
    assert sess.move(tiles("R6"), TABLE, (row - 1, col)).ok
    assert sess.move(tiles("B6"), TABLE, (row + 1, col)).ok
    analysis = sess.analysis()
    (short,) = [p for p in analysis.problems if p.code == Reason.INITIAL_PLAY_TOO_FEW_POINTS]
    have = short.numbers[1]
    assert have == 12
    sizes: list = []
    counters = [t for t in drawn_texts(app, monkeypatch, sizes) if re.fullmatch(r"\d+ / \d+", t)]
    assert counters == [f"{have} / 30"], counters
    # the note beside it is drawn whole and readable: wrapped, not squeezed
    note_parts = [(t, px) for t, px in sizes if "you have" in t or "initial play" in t]
    assert note_parts and all(px >= 15 for _, px in note_parts), note_parts
