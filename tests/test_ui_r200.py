"""Rummi200kub on screen: the board view (pan, zoom, centre, placing across and down), claims
by mouse and keyboard, tokens / hijacks / locks drawn, the race to 200, a computer's claim
played out, the timer, and the end explained.  Synthesised events under the dummy driver."""

from __future__ import annotations

import pygame
import pytest

from game.rules import actions as act
from game.rules import engine
from game.play import reasons
from game.play.session import TABLE, Session
from game.ui import theme, variant_ui
from game.ui.boardview import BoardView
from game.ui.r200 import ClaimsScreen, token_colour
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import GameOverScene
from game.ui.tileart import ASPECT
from r200rig import group_cells, rigged_session, rigged_state
from uidrive import cell_center, click, drag, key, motion, open_play, run_until, settle, step, tile_center
from uihelp import human_session, lay_table, tiles

pytestmark = pytest.mark.app(speed=1.0, tip_shown=True)


def parts(play):
    return variant_ui.find(play.plugin, ClaimsScreen), variant_ui.find(play.plugin, BoardView)


def wheel(y: int):
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def button_drag(app, start, end, button: int, steps: int = 5) -> None:
    held = (0, 1, 0) if button == 2 else (0, 0, 1)
    step(app, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=button)])
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i / steps
        y = start[1] + (end[1] - start[1]) * i / steps
        step(app, [motion((x, y), held)])
    step(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, end)), button=button)])


def near(colour, want, tol: int = 40) -> bool:
    return all(abs(int(a) - int(b)) <= tol for a, b in zip(colour[:3], want[:3]))


def token_centre(play, cell, tile):
    """Where the single token on a tile is drawn (at the divot)."""
    sp = play.sprites[tile]
    w = sp.w
    return (sp.pos[0] + w / 2, sp.pos[1] + w * ASPECT * 0.95 * 0.8), int(w * 0.5)


def toasts(play) -> list[str]:
    return [t.text for t in play.toasts]


def test_pan_zoom_centre_and_clip(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, board = parts(play)
    assert board is not None and claims is not None and board.auto
    lay0 = play.layout()
    r0, c0, rows, cols = lay0.extra["world"]
    assert r0 <= -5 and c0 <= -2 and r0 + rows >= 6  # two empty cells around rows -3..3, negative rows allowed
    k8 = sess.state.board.get((0, 7))
    home = play.sprites[k8].pos
    w0 = lay0.grid.tile_w

    # the wheel zooms in around the pointer: K8 stays under it, and the tiles jump (no slide)
    pos = cell_center(play, TABLE, (0, 7))
    step(app, [motion(pos), wheel(2)])
    g = play.layout().grid
    assert g.tile_w > w0 * 1.3 and not board.auto
    assert g.cell_rect((0, 7)).inflate(4, 4).collidepoint(pos)
    assert play.sprites[k8].w == g.tile_w and not play.sprites[k8].moving

    # dragging with the right button (or the middle one) moves the board with the pointer
    before = play.sprites[k8].pos
    button_drag(app, pos, (pos[0] - 120, pos[1] + 60), button=3)
    after = play.sprites[k8].pos
    assert abs(after[0] - (before[0] - 120)) <= 2 and abs(after[1] - (before[1] + 60)) <= 2
    button_drag(app, (pos[0] - 120, pos[1] + 60), pos, button=2)
    assert abs(play.sprites[k8].pos[0] - before[0]) <= 2

    # keys: - zooms out, + zooms in, Shift+arrow pans, Home shows the whole board again
    w1 = play.layout().grid.tile_w
    key(app, pygame.K_MINUS)
    assert play.layout().grid.tile_w < w1
    key(app, pygame.K_PLUS)
    x = play.sprites[k8].pos[0]
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert play.sprites[k8].pos[0] < x - 10
    key(app, pygame.K_HOME)
    assert board.auto and play.sprites[k8].pos == home and play.layout().grid.tile_w == w0

    # the toolbar: + and Centre
    btns = board.buttons(play.layout())
    click(app, btns["zoom_in"].center)
    assert play.layout().grid.tile_w > w0 and not board.auto
    click(app, btns["centre"].center)
    assert board.auto and play.sprites[k8].pos == home

    # zoomed in with K1 half over the felt's left edge: the part beyond the felt is not drawn
    lay = play.layout()
    clip = lay.extra["table_clip"]
    board.set_camera(board.max_px, 0.0, 0.0)
    lay = play.layout()
    g = lay.grid
    cx = (board.inner.centerx - clip.x + g.tile_w / 2 + (g.px - g.tile_w) / 2) / g.px
    board.set_camera(board.max_px, cx, 0.0)
    step(app)
    k1 = sess.state.board.get((0, 0))
    sp = play.sprites[k1]
    assert sp.pos[0] < clip.x < sp.pos[0] + sp.w
    y = int(sp.pos[1] + sp.w * 0.25)
    inside = app.screen.get_at((clip.x + 3, y))
    outside = app.screen.get_at((clip.x - 4, y))
    assert sum(inside[:3]) > 600  # the ivory tile
    assert sum(outside[:3]) < 450  # the wooden rim, not the tile


def test_a_vertical_set_laid_across_a_table_set_by_click_and_by_drag(app):
    sess = human_session("R7 R9", variant="rummi200kub", melded=True, opponents=("basic",))
    st = sess.state
    lay_table(st, ["K8 R8 O8"])
    sess = Session(st, autosave=False)
    play = open_play(app, sess)
    r7, r9 = tiles("R7 R9")
    r8 = st.board.get((0, 1))
    assert st.board.get((0, 0)) is not None and r8 == tiles("R8")[0]

    key(app, pygame.K_v)  # down a column
    assert play.place_vertical and any("column" in t for t in toasts(play))
    click(app, tile_center(play, r7))
    click(app, tile_center(play, r9))
    click(app, cell_center(play, TABLE, (-1, 1)))
    assert sess.table().get((-1, 1)) == r7 and sess.table().get((0, 1)) == r8 and sess.table().get((1, 1)) == r9
    assert sess.analysis().ok
    world = play.layout().extra["world"]
    assert world[0] <= -3  # the grid grew upwards with the new tile

    key(app, pygame.K_r)  # reset, then the same by dragging the pair
    settle(app, play)
    assert sess.table().get((-1, 1)) is None
    click(app, tile_center(play, r7))
    click(app, tile_center(play, r9))
    drag(app, tile_center(play, r7), cell_center(play, TABLE, (-1, 1)))
    assert sess.table().get((-1, 1)) == r7 and sess.table().get((1, 1)) == r9

    key(app, pygame.K_SPACE)  # end the turn: the rules core accepts the crossing
    settle(app, play)
    lines = {tuple(ln.tiles) for ln in sess.state.board.lines(vertical=True)}
    assert (r7, r8, r9) in lines and not sess.my_turn
    assert r7 not in sess.state.players[0].rack and r9 not in sess.state.players[0].rack


def test_one_tile_dropped_on_a_joker_takes_its_place(app):
    sess = human_session("R5", variant="rummi200kub", melded=True, opponents=("basic",))
    st = sess.state
    lay_table(st, ["K5 J O5"])
    sess = Session(st, autosave=False)
    play = open_play(app, sess)
    r5 = tiles("R5")[0]
    joker = st.board.get((0, 1))
    assert joker >= 104
    slot = sess.rack.slots[r5]
    drag(app, tile_center(play, r5), cell_center(play, TABLE, (0, 1)))
    assert sess.table().get((0, 1)) == r5
    assert sess.rack.slots.get(joker) == slot and joker in sess.held_table_tiles()


def test_claim_by_mouse(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, _board = parts(play)
    lay = play.layout()
    click(app, claims.claim_mode.button_rect(lay).center)
    assert claims.claim_mode.active and claims.data.options()
    fives = group_cells(5)
    click(app, cell_center(play, TABLE, tuple(fives[1])))
    assert not claims.claim_mode.active and not sess.my_turn
    view = sess.variant.claims_view(sess.state)
    got = next(s for s in view["sets"] if s["cells"] == fives)
    assert got["owner"] == 0 and got["side"] == "blank" and sess.state.players[0].score == 44
    run_until(app, lambda: any("You claim" in t for t in toasts(play)), 5)
    assert any(t == "You claim red, blue, orange and black 5 — 20 points" for t in toasts(play))
    # the tokens are drawn in the player's colour on the set's tiles
    run_until(app, lambda: not claims.clock.landings, 5)
    step(app)
    b5 = sess.state.board.get(tuple(fives[1]))
    (cx, cy), d = token_centre(play, fives[1], b5)
    assert near(app.screen.get_at((int(cx + d * 0.2), int(cy + d * 0.1))), token_colour(0))


def test_claim_by_keyboard_cycles_and_confirms(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, _board = parts(play)
    key(app, pygame.K_c)
    assert claims.claim_mode.active
    opts = claims.data.options()
    first = opts[claims.claim_mode.focus]["key"]
    assert opts[claims.claim_mode.focus]["points"] == max(o["points"] for o in opts)  # the richest first
    key(app, pygame.K_TAB)
    second = opts[claims.claim_mode.focus]["key"]
    assert second != first
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert opts[claims.claim_mode.focus]["key"] == first
    key(app, pygame.K_RIGHT)
    assert opts[claims.claim_mode.focus]["key"] == second
    key(app, pygame.K_ESCAPE)  # leaves claim mode, not the game
    assert not claims.claim_mode.active and sess.my_turn and app.top is play
    key(app, pygame.K_c)
    while opts[claims.claim_mode.focus]["key"] != second:
        key(app, pygame.K_DOWN)
    chosen = opts[claims.claim_mode.focus]
    key(app, pygame.K_RETURN)
    assert not sess.my_turn
    view = sess.variant.claims_view(sess.state)
    got = next(s for s in view["sets"] if s["key"] == chosen["key"])
    assert got["owner"] == 0 and sess.state.players[0].score == 24 + chosen["points"]


def test_a_refused_claim_says_why(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, _board = parts(play)
    key(app, pygame.K_c)
    sevens = group_cells(7)  # locked
    pos = cell_center(play, TABLE, tuple(sevens[1]))
    step(app, [motion(pos)])
    assert "no more claims" in claims.panels.hover_text()
    click(app, pos)
    expected = reasons.say(sess.variant.claim_problems(sess.state, act.claim("claim", cells=sevens))[0])
    assert any(expected in t for t in toasts(play)) and "locked" in expected
    assert sess.my_turn and claims.claim_mode.active and claims.claim_mode.refused is not None

    # before the initial play there is no claim mode, and the screen says so
    sess2 = human_session(variant="rummi200kub", opponents=("basic",))
    play2 = open_play(app, sess2)
    claims2, _ = parts(play2)
    key(app, pygame.K_c)
    assert not claims2.claim_mode.active and any("initial play" in t for t in toasts(play2))


def test_hijack_and_lock_are_drawn(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, _board = parts(play)
    step(app)
    view = sess.variant.claims_view(sess.state)
    elevens = next(s for s in view["sets"] if s["cells"] == group_cells(11))
    assert elevens["owner"] == 3 and elevens["side"] == "2" and [l["seat"] for l in elevens["layers"]] == [0, 3]
    cell = tuple(group_cells(11)[1])
    (cx, cy), d = token_centre(play, cell, sess.state.board.get(cell))
    assert near(app.screen.get_at((int(cx - d * 0.33), int(cy))), token_colour(3))  # Lena's "2" side on top
    step(app, [motion(cell_center(play, TABLE, cell))])
    assert "Lena holds" in claims.panels.hover_text() and "hijacked from You" in claims.panels.hover_text()

    sevens = next(s for s in view["sets"] if s["cells"] == group_cells(7))
    assert sevens["locked"] and sevens["lock_cell"] == [-3, 6] and sevens["lock_seat"] == 3
    sp = play.sprites[sess.state.board.get((-3, 6))]
    size = max(12, int(sp.w * 0.6))
    lx, ly = sp.pos[0] - size * 0.34, sp.pos[1] - size * 0.34
    assert near(app.screen.get_at((int(lx + size * 0.66), int(ly + size * 0.64))), theme.GOLD, 50)  # the padlock
    step(app, [motion(cell_center(play, TABLE, (-2, 6)))])
    assert "locked by Lena" in claims.panels.hover_text()


def test_score_bars_follow_the_points(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, _board = parts(play)
    step(app)
    lay = play.layout()
    rows, _px, mark_x = claims.panels.race_rows(lay, lay.info[0])
    for row in rows:
        seat = row["seat"]
        bar = row["bar"]
        fill = int(bar.w * sess.state.players[seat].score / 200)
        y = bar.centery
        assert near(app.screen.get_at((bar.x + fill - 3, y)), token_colour(seat))
        assert not near(app.screen.get_at((bar.x + fill + 4, y)), token_colour(seat), 60)
    assert rows[0]["bar"].x < mark_x <= rows[0]["bar"].right  # the exactly-200 mark


def test_a_computer_hijack_for_exactly_200_is_shown(app):
    sess = rigged_session(current=1)  # Mia (176) can hijack K8 R8 O8 (24) from You
    play = open_play(app, sess)
    claims, _board = parts(play)
    assert run_until(app, lambda: bool(claims.clock.landings), 10)
    assert sess.state.players[1].score == 200 and sess.phase == "game_over"
    assert sess.computer.illegal_moves == 0
    anim = next(iter(claims.clock.landings.values()))
    assert anim.seat == 1 and anim.kind == "hijack" and anim.taken_from == 0
    assert claims.clock.shown_points[1] < 200  # the bar waits for the tokens to land
    msg = "Mia hijacks black, red and orange 8 from you — 24 points move to Mia"
    assert run_until(app, lambda: msg in toasts(play), 5)
    run_until(app, lambda: play.banner is not None, 5)
    assert play.banner[0] == "Exactly 200!" and "Mia holds exactly 200" in play.banner[1]
    lay = play.layout()
    rows, _px, mark_x = claims.panels.race_rows(lay, lay.info[0])
    assert run_until(app, lambda: claims.clock.shown_points[1] == 200 and claims.clock.shown_points[0] == 0, 5)
    step(app)
    assert near(app.screen.get_at((mark_x - 4, rows[1]["bar"].centery)), token_colour(1))
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 10)
    over = app.top
    assert over.hook("results_title") == "Mia hits exactly 200"
    assert over.hook("results_row", 1, 0) == "exactly 200!"
    assert over.hook("results_note") == "The winning claim: " + msg


def test_closest_to_200_is_explained(app):
    st = rigged_state()
    st.pool = []
    engine.finish_round(st, "blocked")
    sess = Session(st, autosave=False)
    play = app.push(PlayScene(app, sess))
    assert run_until(app, lambda: play.banner is not None, 5)
    assert play.banner[0] == "Game over" and "Closest to 200: Mia with 176 (24 away)" in play.banner[1]
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 10)
    over = app.top
    assert over.hook("results_title") == "Mia wins: closest to 200"
    assert "nobody can play" in over.hook("results_subtitle")
    assert over.hook("results_row", 1, 0) == "24 short of 200" and over.hook("results_row", 0, 3) == "176 short of 200"
    assert over.hook("results_note")
    step(app)


def test_the_200_second_timer_draws_for_you(app):
    sess = rigged_session()
    play = open_play(app, sess)
    claims, _board = parts(play)
    assert sess.turn_time == 200
    key(app, pygame.K_c)
    assert claims.claim_mode.active
    n = len(sess.state.players[0].rack)
    sess.timer_left = 0.2
    run_until(app, lambda: not sess.my_turn, 2)
    assert len(sess.state.players[0].rack) == n + 1 and not claims.claim_mode.active
    step(app)
    assert play.banner is not None and play.banner[0] == "Time's up!" and "draw" in play.banner[1]
