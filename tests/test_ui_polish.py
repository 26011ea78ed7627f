"""The play screen's details a player reads: the score float, the rack counter, the opening
draw, names and faces, nothing covering anything."""

from __future__ import annotations

import pygame
import pytest

from game.rules.board import Board
from game.rules.points import played_from_rack
from game.rules.tiles import parse_tiles
from game.play.session import TABLE, Session
from game.ui.scenes.play import PlayScene
from uidrive import cell_center, click, drag, key, make_app, open_play, settle, step, tile_center
from uihelp import give, human_session, lay_table, tiles

pytestmark = pytest.mark.app(speed=1.0)


def board(rows):
    return Board.from_sets([[int(t) for t in parse_tiles(r)] for r in rows], 28)


def test_points_played_from_the_rack_count_only_rack_tiles_and_jokers_as_their_tile():
    before = board(["K1 K2 K3 K4 K5 K6 K7 K8 K9", "R5 B5 O5"])
    after = Board(dict(before.cells))
    after.cells[(0, 9)] = int(parse_tiles("K10")[0])
    assert played_from_rack(before, after) == 10  # not the 55 of the whole run
    joker_run = board(["K1 K2 K3 K4 K5 K6 K7 K8 K9", "R5 B5 O5", "B11 J B13"])
    assert played_from_rack(before, joker_run) == 11 + 12 + 13
    assert played_from_rack(before, before) == 0


def test_the_score_float_shows_the_points_from_the_rack_over_the_players_own_panel(app):
    st = human_session(seed=5).state
    lay_table(st, ["K1 K2 K3 K4 K5 K6 K7 K8 K9"])
    give(st, 0, tiles("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10")[-1:])
    st.players[0].melded = True
    sess = Session(st, autosave=False)
    play = open_play(app, sess)
    k10 = tiles("K10")[0]
    end = play.layout().grid.cell_rect((0, 9)).center
    drag(app, tile_center(play, k10), end)
    assert sess.table().get((0, 9)) == k10
    key(app, pygame.K_SPACE)
    assert not sess.my_turn
    texts = play.effects.texts
    assert [t.text for t in texts] == ["+10"]
    assert play.layout().me.rect.collidepoint(texts[0].x, texts[0].y)


def test_no_score_float_where_rack_points_do_not_count():
    from game.rules.variants import REGISTRY

    assert not REGISTRY["rummi200kub"].rack_points_count
    assert all(REGISTRY[k].rack_points_count for k in REGISTRY if k != "rummi200kub")


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every string the screen draws in one frame."""
    from game.ui import theme

    seen: list[str] = []
    real_text, real_fit = theme.text, theme.fit_text

    def text(s, *a, **k):
        seen.append(str(s))
        return real_text(s, *a, **k)

    def fit_text(s, *a, **k):
        seen.append(str(s))
        return real_fit(s, *a, **k)

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "fit_text", fit_text)
    app.dirty = True  # a resting window draws only when asked: draw this frame
    step(app)
    monkeypatch.undo()
    return seen


def test_the_rack_counter_follows_the_tiles_put_down_this_turn(app, monkeypatch):
    sess = human_session("R10 R11 R12 K1 B7", melded=True)
    play = open_play(app, sess)
    n = len(sess.state.players[0].rack)
    assert f"{n} tiles on your rack" in drawn_texts(app, monkeypatch)
    for t in tiles("R10 R11 R12"):
        click(app, tile_center(play, t))
    click(app, cell_center(play, TABLE, (1, 2)))
    settle(app, play)
    seen = drawn_texts(app, monkeypatch)
    assert f"{n - 3} tiles on your rack" in seen and f"{n} tiles on your rack" not in seen


def test_the_opening_draw_is_shown_as_a_round_starts_and_the_computer_waits_for_it(app, monkeypatch):
    from game.rules.tiles import tile_words
    from game.ui import openingdraw
    from uidrive import run_until

    sess = Session.new("classic", ["basic", "basic", "basic"], seed=4, autosave=False)
    st = sess.state
    for seed in range(4, 60):  # a deal where a computer player starts
        sess = Session.new("classic", ["basic", "basic", "basic"], seed=seed, autosave=False)
        st = sess.state
        if st.dealer_first != 0:
            break
    assert len(st.opening_draw) == 4
    play = app.push(PlayScene(app, sess))
    step(app, n=10)
    assert play.opening is not None
    step(app, n=int(openingdraw.FLIP * 4 / (1 / 30)) + 2)
    seen = drawn_texts(app, monkeypatch)
    assert "Who starts?" in seen
    line = next(t for t in seen if "starts" in t and "drew" in t or "redraw" in t)
    assert st.players[st.dealer_first].name in line
    if "redraw" not in line:
        assert tile_words(st.opening_draw[st.dealer_first]) in line
    assert st.turn == 0 and play.input_locked()  # nobody plays while it is shown
    run_until(app, lambda: play.opening is None, 10)
    run_until(app, lambda: st.turn > 0, 20)
    assert st.turn > 0


def test_a_key_closes_the_opening_draw(app):
    sess = Session.new("classic", ["basic"], seed=5, autosave=False)
    play = app.push(PlayScene(app, sess))
    step(app, n=5)
    assert play.opening is not None
    key(app, pygame.K_SPACE)
    assert play.opening is None or play.opening.done
    assert sess.state.turn == 0 and not sess.state.board.cells  # the key did nothing else


def test_the_opening_draw_names_the_starter_in_words():
    from game.ui.openingdraw import starts_text

    drawn = [int(t) for t in parse_tiles("R3 K12 B5")]
    assert starts_text(["You", "Mara", "Ivo"], drawn, 1, False) == "Mara drew the highest tile (black 12) and starts."
    assert starts_text(["You", "Mara", "Ivo"], drawn, 0, True, you=0) == "You drew the lowest tile (red 3) and start."
    # keyed on the person's seat, not a name: a seat called "You" that is not the person's starts
    assert starts_text(["Ada", "You", "Ivo"], drawn, 1, False, you=0) == "You drew the highest tile (black 12) and starts."
    tie = [int(t) for t in parse_tiles("R9 K9 B5")]
    assert "redraw" in starts_text(["You", "Mara", "Ivo"], tie, 1, False)


SIZES = [(1024, 640), (1280, 800), (1100, 660), (1600, 900)]


def overlaps(rects):
    rects = [r for r in rects if r.w and r.h]
    return [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]


@pytest.mark.parametrize("size", SIZES)
def test_setup_controls_never_cover_each_other_or_the_card(size):
    from game.rules.variants import REGISTRY
    from game.ui.scenes.setup import SetupScene

    app = make_app(size=size)
    try:
        for key in REGISTRY:
            scene = app.push(SetupScene(app, key))
            lo, hi = max(1, REGISTRY[key].min_players - 1), min(3, REGISTRY[key].max_players - 1)
            for n in range(lo, hi + 1):
                scene.set_count(n)
                step(app, n=2)
                widgets = [w.rect for w in scene.group.widgets if w.visible]
                assert not overlaps(widgets), (key, n)
                for item in scene.card_drawn:
                    assert scene.card.contains(item), (key, n, item)
                    for w in widgets:
                        assert not item.colliderect(w), (key, n, item, w)
            app.pop()
    finally:
        app.shutdown()


def test_drifting_tiles_fade_away_near_words():
    from game.ui.scenes.common import Drift

    app = make_app()
    try:
        surf = pygame.Surface((1280, 800), pygame.SRCALPHA)
        drift = Drift(seed=3, count=40)
        keep = pygame.Rect(0, 0, 1280, 800)  # words everywhere: no tile may show
        drift.draw(surf, app.tiles, 1.0, alpha=200, avoid=[keep])
        assert pygame.transform.average_color(surf)[3] == 0
        drift.draw(surf, app.tiles, 1.0, alpha=200)
        assert pygame.transform.average_color(surf)[3] > 0
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_menu_backdrops_keep_clear_of_their_controls(size):
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.title import TitleScene

    app = make_app(size=size)
    try:
        for cls in (TitleScene, SetupScene, SettingsScene):
            scene = app.push(cls(app))
            step(app, n=2)
            clear = scene.keep_clear(size)
            for w in scene.group.widgets:
                if w.visible and w.rect.w:
                    assert any(c.contains(w.rect) for c in clear)
            app.pop()
    finally:
        app.shutdown()


def test_a_computer_player_has_one_face_on_the_bracket_and_at_the_table():
    from game.ui import portrait_art
    from game.ui.scenes.tournament import entrant_face

    app = make_app()
    try:
        row = {"entrant": 7, "name": "Doris K.", "level": "hard", "is_human": False}
        bracket = entrant_face(row, 64)
        for seat in range(4):  # whatever seat she has at a table
            table = portrait_art.player_face("hard", "Doris K.", 64)
            assert pygame.image.tobytes(table, "RGBA") == pygame.image.tobytes(bracket, "RGBA"), seat
        other = portrait_art.player_face("hard", "Hugo P.", 64)
        assert pygame.image.tobytes(other, "RGBA") != pygame.image.tobytes(bracket, "RGBA")
    finally:
        app.shutdown()


def test_faces_differ_in_more_than_hair():
    from game.play.session import OPPONENT_NAMES
    from game.ui import portrait_art

    looks = [portrait_art.traits(portrait_art.identity(n)) for n in OPPONENT_NAMES]
    for i, a in enumerate(looks):
        for b in looks[i + 1:]:
            beyond_hair = {k for k in a if k != "hair" and a[k] != b[k]}
            assert beyond_hair, (a, b)  # head shape, beard, brows or nose: never only the hair
    assert len({lk["hair"] for lk in looks}) >= 5 and len({lk["facial"] for lk in looks}) == 3
    assert len({lk["shape"] for lk in looks}) >= 3


@pytest.mark.parametrize("text,name", [("Ana", "Ana"), ("  Ana   Lu ", "Ana Lu"), ("Zoë", "Zoë"), ("Ana\u200b", None),
                                       ("A\x00b", None), ("", None), ("   ", None), ("x" * 25, None), (5, None),
                                       ("\u202eAna", None), ("Rene\u0301", "René"), ("\u0301e", None),
                                       ("\ufe0f\ufe0f", None)])
def test_a_name_holds_only_characters_that_show(text, name):
    from game.ui.textfield import clean_name

    got, why = clean_name(text)
    assert got == name
    assert bool(why) == (name is None)


def test_the_settings_file_refuses_a_name_that_draws_nothing():
    from game.storage.settings import _clean_settings

    assert _clean_settings({"player_name": "\u200b\u200b"})["player_name"] == "You"
    assert _clean_settings({"player_name": " Ana "})["player_name"] == "Ana"


def test_the_players_name_is_typed_in_settings_and_used_in_a_game():
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene

    app = make_app()
    try:
        scene = app.push(SettingsScene(app))
        step(app, n=2)
        field = scene.name_field
        click(app, field.rect.center)
        assert field.editing
        key(app, pygame.K_BACKSPACE)  # Backspace clears the old name, never leaves the screen
        assert app.top is scene and field.text == ""
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="Ana")])
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="\u200b")])  # draws nothing: refused with a note
        assert field.text == "Ana" and field.error
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="\u6f22")])  # not in the game's font (no CJK)
        assert field.text == "Ana"
        key(app, pygame.K_RETURN)
        assert not field.editing and app.settings["player_name"] == "Ana"
        click(app, field.rect.center)
        key(app, pygame.K_ESCAPE)  # Esc while typing puts the old name back and stays
        assert app.top is scene and app.settings["player_name"] == "Ana" and not field.editing
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="Bo")])  # typing on the focused field: a new name
        assert field.editing and field.text == "Bo"
        key(app, pygame.K_BACKSPACE)
        step(app, [pygame.event.Event(pygame.TEXTINPUT, text="en")])
        key(app, pygame.K_RETURN)
        assert app.settings["player_name"] == "Ben"
        app.pop()
        setup = app.push(SetupScene(app, "classic"))
        step(app, n=2)
        setup.start_game()
        play = app.top
        assert isinstance(play, PlayScene) and play.session.players[0].name == "Ben"
    finally:
        app.shutdown()
