"""The play screen driven like a player would: mouse, keyboard, timer, computer turns, round end."""

from __future__ import annotations

import json

import pygame
import pytest

from game.storage.saves import session_bridge
from game.play.narrate import Narrator
from game.play.session import RACK, TABLE, Session
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import GameOverScene, RoundResultsScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.setup import SetupScene
from uidrive import DT, cell_center, click, drag, key, make_app, motion, open_play, past_guard, run_until, settle, step, tile_center
from uihelp import human_session, tiles

pytestmark = pytest.mark.app(speed=1.0)


def test_start_classic_game_from_the_title(app):
    assert app.top.name == "title"
    # a first-time player finds the first lesson focused; New game is the first button
    assert app.top.group.focused.label.startswith("Start here")
    step(app)
    click(app, app.top.group.widgets[0].rect.center)
    assert isinstance(app.top, SetupScene)
    assert app.top.variant_key == "classic" and app.top.opponents == 3
    key(app, pygame.K_RETURN)  # Enter starts the game from anywhere in the form
    play = app.top
    assert isinstance(play, PlayScene)
    sess = play.session
    assert sess.variant.key == "classic" and len(sess.players) == 4
    assert sess.is_human(0) and not any(sess.is_human(i) for i in (1, 2, 3))
    # the deal: the rack's tiles fly in and settle on their slots
    step(app, n=3)
    assert any(sp.moving for sp in play.sprites.values())
    run_until(app, lambda: not any(sp.moving for sp in play.sprites.values()), 10)
    lay = play.layout()
    for t, cell in sess.rack.slots.items():
        assert play.sprites[t].pos == lay.rack_grid.cell_pos(cell)
    assert len(sess.rack.slots) == 14


def test_drag_a_tile_then_reset(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    r10 = tiles("R10")[0]
    drag(app, tile_center(play, r10), cell_center(play, TABLE, (2, 5)))
    assert sess.table().get((2, 5)) == r10 and r10 not in sess.rack.slots
    assert sess.state.board.get((2, 5)) is None  # only the draft changed
    settle(app, play)
    assert play.sprites[r10].pos == play.layout().grid.cell_pos((2, 5))
    # a lone tile is not a set: outlined, and the reason shows on hover
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_center(play, TABLE, (2, 5)), rel=(0, 0), buttons=(0, 0, 0))])
    assert "at least 3 tiles" in play.hovered_problem(play.layout(), sess.analysis())
    key(app, pygame.K_r)
    assert len(sess.table()) == 0 and r10 in sess.rack.slots
    settle(app, play)
    assert play.sprites[r10].pos == play.layout().rack_grid.cell_pos(sess.rack.slots[r10])


def test_drag_within_the_table_and_undo(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    r10 = tiles("R10")[0]
    drag(app, tile_center(play, r10), cell_center(play, TABLE, (0, 0)))
    settle(app, play)
    drag(app, tile_center(play, r10), cell_center(play, TABLE, (3, 9)))
    assert sess.table().get((3, 9)) == r10 and sess.table().get((0, 0)) is None
    key(app, pygame.K_z)
    assert sess.table().get((0, 0)) == r10
    click(app, play.layout().buttons["undo"].center)
    assert len(sess.table()) == 0


def test_initial_meld_by_mouse_select_and_place(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    meld = tiles("R10 R11 R12")
    for t in meld:
        click(app, tile_center(play, t))
    assert play.selection == meld
    click(app, cell_center(play, TABLE, (1, 2)))
    assert [sess.table().get((1, c)) for c in (2, 3, 4)] == meld
    settle(app, play)
    assert sess.analysis().ok and sess.analysis().initial_points() == 33
    n = len(sess.state.players[0].rack)
    click(app, play.layout().buttons["end"].center)
    assert sess.state.players[0].melded
    assert sorted(sess.state.board.tiles()) == sorted(meld)
    assert len(sess.state.players[0].rack) == n - 3
    assert not sess.my_turn
    assert any(h.cells for h in play.highlights)  # the new set glows
    assert play.effects.texts and play.effects.texts[0].text == "+33"


def test_initial_meld_by_keyboard_only(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    meld = tiles("R10 R11 R12")
    key(app, pygame.K_DOWN)  # the first arrow shows the cursor on the rack
    assert play.kb_mode and play.cursor[0] == RACK
    for t in meld:
        target = sess.rack.slots[t]
        area, (r, c) = play.cursor
        if area == TABLE:
            for _ in range(10):
                key(app, pygame.K_DOWN)
            area, (r, c) = play.cursor
        while r < target[0]:
            key(app, pygame.K_DOWN)
            r += 1
        while r > target[0]:
            key(app, pygame.K_UP)
            r -= 1
        while c < target[1]:
            key(app, pygame.K_RIGHT)
            c += 1
        while c > target[1]:
            key(app, pygame.K_LEFT)
            c -= 1
        assert play.cursor == (RACK, target)
        key(app, pygame.K_RETURN)
    assert sorted(play.selection) == sorted(meld)
    key(app, pygame.K_TAB)  # to the table's bottom row
    assert play.cursor[0] == TABLE
    key(app, pygame.K_RETURN)
    placed = sorted(sess.table().tiles())
    assert placed == sorted(meld)
    settle(app, play)
    key(app, pygame.K_SPACE)
    assert sess.state.players[0].melded and not sess.my_turn


def test_space_draws_and_the_computers_play_out_their_turns(app):
    sess = human_session()
    play = open_play(app, sess)
    seen = []
    orig = play.on_event

    def record(ev):
        seen.append(ev.type)
        orig(ev)

    play.on_event = record
    n = len(sess.state.players[0].rack)
    key(app, pygame.K_SPACE)
    assert len(sess.state.players[0].rack) == n + 1
    thinking = []
    ok = run_until(app, lambda: (thinking.append(sess.computer.thinking) or sess.my_turn) and not play.input_locked(), 60)
    assert ok and sess.state.total_turns == 4
    assert any(thinking)  # the "thinking" cue had something to show
    assert seen.count("turn") >= 4
    assert not sess.state.conservation_problems()


def test_computer_move_is_played_out_tile_by_tile(app):
    # the human is melded; the next computer holds a 30+ run and will lay it
    sess = human_session("B1", melded=True)
    st = sess.state
    from uihelp import give

    give(st, 1, tiles("K10 K11 K12 K13"))
    play = open_play(app, sess)
    key(app, pygame.K_SPACE)  # draw: computer 1 moves next
    assert st.current == 1
    run_until(app, lambda: len(st.board) > 0, 20)
    assert len(st.board) >= 3
    # right after the move, the new tiles wait at the seat, then come step by step, one after another
    pb = play.turnshow.pb
    assert pb is not None and all(t not in play.sprites for st in pb.steps for t in st.from_rack)
    assert play.input_locked()
    run_until(app, lambda: pb.idx >= 1, 2)
    step(app)
    moving = [sp for t, sp in play.sprites.items() if t in pb.steps[0].tiles and sp.motion]
    assert len(moving) >= 2 and len({sp.motion.delay for sp in moving}) >= 2
    run_until(app, lambda: not play.input_locked(), 20)
    lay = play.layout()
    for cell, t in st.board.cells.items():
        assert play.sprites[t].pos == lay.grid.cell_pos(cell)
    assert play.highlights or play.effects.texts


def test_finish_a_round_then_the_next(app):
    sess = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 3})
    play = open_play(app, sess)
    meld = tiles("R10 R11 R12")
    drag(app, tile_center(play, meld[0]), cell_center(play, TABLE, (0, 0)))
    for t in meld:
        if t not in sess.table().tiles():
            click(app, tile_center(play, t))
    click(app, cell_center(play, TABLE, (0, 1)))
    assert sess.analysis().ok
    key(app, pygame.K_SPACE)
    assert sess.phase == "round_over" and sess.state.round_winner == 0
    run_until(app, lambda: play.banner is not None, 5)
    assert "You go out" in play.banner[0]
    assert "win" in app.sound.played
    assert run_until(app, lambda: isinstance(app.top, RoundResultsScene), 10)
    assert sess.state.players[0].score > 0
    past_guard(app)
    key(app, pygame.K_RETURN)
    assert app.top is play and sess.state.round == 2 and sess.phase == "play"
    assert len(sess.rack.slots) == 14


def test_a_result_screen_takes_only_its_own_buttons_and_nothing_at_first(app):
    sess = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 3})
    play = open_play(app, sess)
    for t in tiles("R10 R11 R12"):
        click(app, tile_center(play, t))
    click(app, cell_center(play, TABLE, (2, 2)))
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: isinstance(app.top, RoundResultsScene), 10)
    results = app.top
    # keys and clicks meant for the table, at once: the results stay
    key(app, pygame.K_RETURN)
    click(app, results.group.widgets[0].rect.center)
    assert app.top is results and sess.phase == "round_over"
    past_guard(app)
    # later, keys that are not its buttons' keys do nothing either (H, Shift+H, Space)
    key(app, pygame.K_h)
    key(app, pygame.K_h, pygame.KMOD_SHIFT)
    key(app, pygame.K_SPACE)
    assert app.top is results and sess.phase == "round_over"
    key(app, pygame.K_RETURN)  # its own button's key
    assert app.top is play and sess.state.round == 2


def test_last_round_ends_the_game(app):
    sess = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 1})
    play = open_play(app, sess)
    meld = tiles("R10 R11 R12")
    for t in meld:
        click(app, tile_center(play, t))
    click(app, cell_center(play, TABLE, (2, 2)))
    key(app, pygame.K_SPACE)
    assert sess.phase == "game_over"
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 10)
    over = app.top
    assert over.ranking[0] == 0
    past_guard(app)
    key(app, pygame.K_RETURN)  # play again
    assert isinstance(app.top, PlayScene) and app.top is not play
    assert app.top.session.state.variant_key == "classic"


def test_the_countdown_runs_out(app):
    sess = human_session("R10 R11 R12", options={"turn_time": 30})
    play = open_play(app, sess)
    n = len(sess.state.players[0].rack)
    drag(app, tile_center(play, tiles("R10")[0]), cell_center(play, TABLE, (0, 0)))
    app.sound.played.clear()
    run_until(app, lambda: not sess.my_turn, 40, draw_every=30)
    assert play.banner is not None and play.banner[0] == "Time's up!"
    assert Narrator(["You"], 0).note(sess.variant.timeout_consequence()) in play.banner[1]
    assert len(sess.state.players[0].rack) == n + 1 and len(sess.state.board) == 0
    assert app.sound.played.count("tick") >= 9


def test_hint_highlights_a_play(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    key(app, pygame.K_h)
    run_until(app, lambda: bool(play.hint_tiles), 5)
    assert play.hint_tiles and set(play.hint_tiles) <= set(sess.state.players[0].rack)
    assert play.turnshow.hint.active and play.turnshow.hint.steps[0].caption.startswith("Lay a red ")


def test_toasts_step_aside_under_the_pointer_and_while_dragging(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    play.toast("Otto draws a tile", seconds=30.0)
    lay = play.layout()
    spot = (lay.table.centerx, lay.table.bottom - int(16 * lay.s) - int(12 * lay.s))  # inside the newest pill

    def shade() -> int:
        surf = pygame.Surface(app.size)
        surf.fill((255, 255, 255))
        play.playback.draw_toasts(surf, lay)
        return sum(surf.get_at(spot)[:3])

    play.controls.mouse = (0, 0)
    solid = shade()
    assert solid < 300  # the dark pill covers the white
    play.controls.mouse = spot
    assert shade() > 500  # the pointer over it: a ghost, the table shows through
    play.controls.mouse = (0, 0)
    assert shade() == solid
    start = tile_center(play, tiles("R10")[0])
    step(app, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1),
               motion((start[0], start[1] - 60), buttons=(1, 0, 0))])
    assert play.drag is not None
    play.controls.mouse = (0, 0)
    assert shade() > 500  # a tile on the move: the table's bottom rows must be visible


def test_pause_menu_rules_and_back(app):
    sess = human_session()
    play = open_play(app, sess)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    timer = sess.timer_left
    step(app, n=10)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Rules
    assert isinstance(app.top, RulesScene) and app.top.key == "classic"
    key(app, pygame.K_ESCAPE)
    assert app.top is pause
    key(app, pygame.K_ESCAPE)
    assert app.top is play and sess.timer_left == timer


def test_window_resize_rescales_the_layout(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    step(app, [pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600))])
    assert app.size == (960, 600)
    lay = play.layout()
    assert lay.size == (960, 600)
    for t, cell in sess.rack.slots.items():
        x, y = play.sprites[t].pos
        assert (x, y) == lay.rack_grid.cell_pos(cell)
        assert 0 <= x and x + lay.rack_grid.tile_w <= 960 and y + lay.rack_grid.tile_w * 1.32 <= 600
    # buttons and rack do not overlap
    for r in lay.buttons.values():
        assert not r.colliderect(lay.rack) and not r.colliderect(lay.table)
    assert not lay.rack.colliderect(lay.table)


def test_closing_the_window_while_the_computer_thinks_saves(app, monkeypatch):
    saved = []
    monkeypatch.setattr(session_bridge, "autosave", lambda d: saved.append(json.loads(json.dumps(d))), raising=False)
    sess = human_session()
    sess.saver.turn_hooks = [lambda s: session_bridge.autosave(s.to_dict())]
    open_play(app, sess)
    key(app, pygame.K_SPACE)  # draw; the computer is next
    assert len(saved) == 1
    step(app)  # the request is out
    assert sess.computer_to_move
    app.step([pygame.event.Event(pygame.QUIT)], DT)
    assert not app.running
    assert len(saved) == 2
    back = Session.from_dict(saved[-1], autosave=False)
    assert back.state.current == sess.state.current and back.state.to_dict() == sess.state.to_dict()


def test_a_long_think_says_so_in_the_computers_panel(app, monkeypatch):
    from game.ui import theme

    sess = human_session(opponents=("expert", "basic", "basic"))
    play = open_play(app, sess)
    worker = app.worker
    monkeypatch.setattr(worker, "submit", lambda token, level, seed, view_d: worker.pending.add(token))  # no answer yet
    drawn = []
    fit = theme.fit_text
    monkeypatch.setattr(theme, "fit_text", lambda s, *a, **k: drawn.append(s) or fit(s, *a, **k))
    key(app, pygame.K_SPACE)  # draw: the expert moves next, and takes its time
    assert run_until(app, lambda: sess.computer.thinking, 10)
    step(app, n=12)  # 0.2 s: the bubble only
    assert 0 < play.thinking_for() < 0.5 and not any(t.startswith("Thinking") for t in drawn)
    step(app, n=30)  # 0.7 s
    assert "Thinking…" in drawn
    step(app, n=90)  # 2.2 s
    assert "Thinking… 2 s" in drawn
    from game.rules import actions as act

    play.driver.answered(play.driver.token, act.to_json(act.Draw()))  # the answer is in: the panel goes back to its line
    drawn.clear()
    step(app)
    assert play.thinking_for() == 0.0 and not any(t.startswith("Thinking") for t in drawn)


def test_colourblind_tiles_differ():
    from game.ui.tileart import TileArt

    pygame.init()
    pygame.display.set_mode((200, 200))
    art = TileArt()
    plain = {c: pygame.image.tobytes(art.face(c * 26 + 8, 40), "RGBA") for c in range(4)}
    art.set_colourblind(True)
    marked = {c: pygame.image.tobytes(art.face(c * 26 + 8, 40), "RGBA") for c in range(4)}
    assert all(plain[c] != marked[c] for c in range(4))
    assert len(set(marked.values())) == 4


def test_a_drop_outside_slides_the_tile_home(app):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    r10 = tiles("R10")[0]
    home = play.sprites[r10].pos
    drag(app, tile_center(play, r10), (640, 20))  # onto the header
    assert r10 in sess.rack.slots and len(sess.table()) == 0
    assert play.sprites[r10].pos != home  # it starts from where it was let go
    settle(app, play)
    assert play.sprites[r10].pos == home
    # a tile dropped on the table while it is not your turn also goes back
    key(app, pygame.K_SPACE)
    assert not sess.my_turn
    r11 = tiles("R11")[0]
    drag(app, tile_center(play, r11), cell_center(play, TABLE, (4, 4)))
    assert r11 in sess.rack.slots and sess.table().get((4, 4)) is None


def test_countdown_ring_shows_the_seconds_left_whenever_a_timer_runs(app, monkeypatch):
    from game.ui import theme

    sess = human_session("R5 R6 R7", variant="golden-games", opponents=("basic", "basic"))
    play = open_play(app, sess)
    assert sess.my_turn and sess.turn_time == 120
    said: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda msg, *a, **kw: said.append(str(msg)) or real(msg, *a, **kw))
    for left in (95.2, 42.0, 7.5):
        sess.timer_left = left
        said.clear()
        app.dirty = True  # the clock was set from outside: draw now rather than at the next whole second
        step(app)
        assert str(int(-(-sess.timer_left // 1))) in said, (left, sess.timer_left)


def test_a_problem_tooltip_never_hides_the_tiles_it_explains(app):
    sess = human_session("R10 R11 K2", variant="classic")
    play = open_play(app, sess)
    r10, r11 = tiles("R10 R11")
    assert sess.move([r10, r11], TABLE, (2, 5)).ok
    settle(app, play)
    boxes = []
    real = play.hud.tip_box
    play.hud.tip_box = lambda *a, **kw: boxes.append(real(*a, **kw)) or boxes[-1]
    for cell in ((2, 5), (2, 6)):
        boxes.clear()
        step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=cell_center(play, TABLE, cell), rel=(0, 0), buttons=(0, 0, 0))])
        assert "at least 3 tiles" in play.hovered_problem(play.layout(), sess.analysis())
        assert boxes, "no tooltip drawn"
        g = play.layout().grid
        for t in (r10, r11):
            assert not boxes[-1].colliderect(g.cell_rect(sess.where(t)[1])), (cell, boxes[-1])
