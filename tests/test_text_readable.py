"""Words stay readable in the smallest window (800x500): no caption, note, name or key letter is
drawn under ``theme.MIN_TEXT_PX``, fitting never shrinks a label below it, and a note that does
not fit is broken between its parts rather than cut or squeezed."""

from __future__ import annotations

import os
import re
import sys

import pygame
import pytest

from game.rules.tiles import parse_tiles
from game.ui import theme
from uidrive import key, make_app, run_until, settle, step
from uihelp import human_session, lay_table, set_rack

WORDS = re.compile(r"[A-Za-z]{2,}")  # a word (tile faces and the numbers in chips are pictures)
PICTURES = (os.path.join("game", "ui", "tileart.py"), os.path.join("game", "ui", "r200", "art.py"))
SMALL = (800, 500)


pytestmark = pytest.mark.usefixtures("fresh_text_caches")


def drawn_words(monkeypatch) -> list[tuple[str, int, str]]:
    """(text, size in px, where it was asked for) of every word drawn from now on."""
    calls: list[tuple[str, int, str]] = []
    real = theme.text

    def text(s, px, *a, **kw):
        f = sys._getframe(1)
        while f is not None and f.f_code.co_filename == theme.__file__:
            f = f.f_back
        where = f"{f.f_code.co_filename}:{f.f_lineno}" if f is not None else "?"
        if isinstance(s, str) and WORDS.search(s) and not where.split(":")[0].endswith(PICTURES):
            calls.append((s, int(round(px)), where))
        return real(s, px, *a, **kw)

    monkeypatch.setattr(theme, "text", text)
    return calls


def too_small(calls) -> list[str]:
    return sorted({f"{px} px {s!r} at {os.path.relpath(where)}" for s, px, where in calls if px < theme.MIN_TEXT_PX})


# -- the theme -------------------------------------------------------------------------------------


def test_readable_raises_small_sizes_only():
    assert theme.readable(10) == theme.MIN_TEXT_PX == 12
    assert theme.readable(17.5) == 17.5


def test_fitting_a_label_shrinks_it_no_further_than_the_readable_size(monkeypatch):
    calls = drawn_words(monkeypatch)
    s = "Hijack red, blue, orange and black 9 from Mia: +36"
    assert theme.fit_text(s, 20, 120).get_width() <= 120
    assert min(px for _, px, _ in calls) == theme.MIN_TEXT_PX  # cut at 12 px, not squeezed to 10
    assert calls[-1][0].endswith("…")
    calls.clear()
    theme.fit_text("Mia", 10, 200)
    assert [px for _, px, _ in calls] == [10]  # a size asked for is never enlarged here


@pytest.mark.parametrize("px", [12, 14, 16, 18])
def test_a_number_keeps_a_gap_from_its_word_up_to_18px(px):
    # "9 entrants" once read as "9entrants" at 14 px; the gap is a word's gap, not a double one
    gap = theme.text("9 entrants", px).get_width() - theme.text("9entrants", px).get_width()
    words = theme.text("of entrants", px).get_width() - theme.text("ofentrants", px).get_width()
    assert gap >= theme.MIN_SPACE_PX and gap == words
    assert theme.text_width(theme.font(px), "9 entrants") == theme.text("9 entrants", px).get_width()


def test_a_number_at_normal_sizes_and_double_spaces_are_left_as_they_are():
    assert theme.spaced("9 entrants", theme.font(22)) == "9 entrants"
    assert theme.spaced("of 3  ·  next", theme.font(16)) == "of 3  ·  next"


def test_a_note_too_wide_for_one_line_breaks_between_its_parts():
    note = "Claim: click a lit set, or Tab and Enter  ·  Esc: back"
    first = theme.text("Claim: click a lit set, or Tab and Enter", 12).get_width()
    width = first + 20  # the first part fits, the whole note does not
    assert theme.text(note, 12).get_width() > width
    assert theme.between_parts(note, 12, width, True, 2) == ["Claim: click a lit set, or Tab and Enter", "Esc: back"]
    img = theme.fit_block(note, 12, width)
    lines = [theme.text(ln, 12) for ln in ("Claim: click a lit set, or Tab and Enter", "Esc: back")]
    assert img.get_width() <= width and img.get_height() == sum(ln.get_height() for ln in lines)
    # no parts, or a part wider than the line: ordinary wrapping between words
    assert theme.between_parts("one long sentence with no parts at all", 12, 60, True, 2) is None
    assert theme.between_parts("a · " + "very long words " * 6, 12, 80, True, 3) is None


# -- the screens at 800x500 ------------------------------------------------------------------------


def position(app, table, rack: str, seat: int = 0, opponents=("basic", "basic", "basic")):
    """A play screen with ``table`` laid and ``rack`` held by ``seat``, everyone melded, ``seat``
    to move (seat 1 is a computer: its turn is played out on screen)."""
    from game.ui.scenes.play import PlayScene

    sess = human_session("", melded=True, opponents=opponents, seed=5)
    st = sess.state
    lay_table(st, list(table))
    set_rack(st, seat, parse_tiles(rack, used=st.board.tiles()))
    for p in st.players:
        p.melded = True
    st.current = seat
    sess.rack.sync(sess.my_rack(), initial=True)
    sess.begin_turn()
    return sess, app.push(PlayScene(app, sess))


@pytest.fixture
def small_app():
    app = make_app(size=SMALL, speed=1.0)
    app.shown_controls_tip = True
    yield app
    app.shutdown()


def test_the_computer_turn_caption_is_readable_and_whole_at_800x500(small_app, monkeypatch):
    calls = drawn_words(monkeypatch)
    sess, play = position(small_app, ("K3 K4 K5 K6 K7 K8", "R5 R6 J R8", "B4 R4 K4 O4", "O9 O10 O11"),
                          "K5 R7 B9 B10 O2 R12 K1", seat=1, opponents=("hard", "basic", "basic"))
    run_until(small_app, lambda: play.turnshow.pb is not None, 20)
    pb = play.turnshow.pb
    assert pb is not None and len(pb.steps) >= 2
    run_until(small_app, lambda: pb.idx >= 1, 2)
    step(small_app, n=2)
    sizes = {s: px for s, px, _ in calls}
    assert sizes["click or press a key to skip"] >= theme.MIN_TEXT_PX
    where = next(s for s in sizes if s.startswith("Step "))
    assert sizes[where] >= theme.MIN_TEXT_PX
    # the foot line (step and "click or press a key") fits the bar beside each other, under the caption
    lay = play.layout()
    bar = play.turnshow.caption_rect(lay, pb)
    foot = theme.font(theme.MIN_TEXT_PX, True)
    lines = play.turnshow.caption_lines(lay, pb, pb.shown)
    assert bar.h >= theme.font(22 * lay.s, True).get_linesize() * len(lines) + foot.get_linesize()
    face = int(play.turnshow.bar_rect(lay).h * 0.74)
    used = (theme.text(where, sizes[where]).get_width()
            + theme.text("click or press a key to skip", sizes["click or press a key to skip"], bold=False).get_width())
    assert face + used + 50 * lay.s < bar.w
    assert not too_small(calls), too_small(calls)


def test_the_play_screen_and_the_hint_bar_have_no_word_under_12px_at_800x500(small_app, monkeypatch):
    calls = drawn_words(monkeypatch)
    sess, play = position(small_app, ["K3 K4 K5 K6 K7 K8", "R10 B10 O10"], "K5 R1 B7 O13 K10")
    settle(small_app, play)
    key(small_app, pygame.K_h)
    run_until(small_app, lambda: play.turnshow.hint.active, 10)
    step(small_app, n=3)
    assert any(s.startswith("Hint") for s, _, _ in calls) and any("on your rack" in s for s, _, _ in calls)
    assert not too_small(calls), too_small(calls)


@pytest.mark.parametrize("scene", ["title", "setup", "settings", "rules", "tournament", "statistics"])
def test_the_menus_have_no_word_under_12px_at_800x500(small_app, monkeypatch, scene):
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.tournament import open_tournament

    make = {"setup": SetupScene, "settings": SettingsScene, "rules": lambda app: RulesScene(app, "classic"),
            "tournament": open_tournament, "statistics": StatisticsScene}
    calls = drawn_words(monkeypatch)
    if scene != "title":
        small_app.push(make[scene](small_app))
    step(small_app, n=10)
    assert calls
    assert not too_small(calls), too_small(calls)


def test_a_narrow_button_keeps_its_word_whole_and_drops_the_key_letter(monkeypatch):
    from game.ui.widgets import Button

    rendered: dict[int, tuple[str, int]] = {}
    real = theme.text

    def text(s, px, *a, **kw):
        img = real(s, px, *a, **kw)
        rendered[id(img)] = (s, int(round(px)))
        return img

    monkeypatch.setattr(theme, "text", text)

    class Screen(pygame.Surface):
        def __init__(self, size):
            super().__init__(size, pygame.SRCALPHA)
            self.words: list[tuple[str, int]] = []

        def blit(self, source, dest, *a, **kw):
            if id(source) in rendered:
                self.words.append(rendered[id(source)])
            return super().blit(source, dest, *a, **kw)

    s = theme.scale_for(SMALL)
    surf = Screen(SMALL)
    narrow = Button("|<", key_hint="Home")
    narrow.rect = pygame.Rect(0, 0, int(84 * s), int(44 * s))  # the replay's first-move button at 800x500
    narrow.draw(surf, False, False, False, s)
    assert [w for w, _ in surf.words] == ["|<"]  # whole, the key letter left out
    surf = Screen(SMALL)
    wide = Button("Start game", key_hint="Enter")
    wide.rect = pygame.Rect(0, 0, int(240 * s), int(50 * s))
    wide.draw(surf, False, False, False, s)
    assert [w for w, _ in surf.words] == ["Start game", "Enter"] and min(px for _, px in surf.words) >= theme.MIN_TEXT_PX


def test_the_tournament_seating_is_said_in_words():
    from game.tournament.plan import describe_structure, table_sizes

    assert table_sizes([4] * 12) == "12 tables of 4"
    assert table_sizes([3, 3, 3, 4]) == "3 tables of 3 and 1 of 4"
    assert table_sizes([4]) == "1 table of 4"
    for field in (9, 13, 48):
        assert not any("+" in line for line in describe_structure(field))


def test_no_finder_on_screen():
    """The program's own word for its search ("the finder") never reaches a player."""
    import pathlib

    from wordscan import player_strings

    ui = pathlib.Path(theme.__file__).resolve().parent
    found = [f"{p.name}:{line}: {s!r}" for p in sorted(ui.rglob("*.py")) for line, s in player_strings(p)
             if "finder" in s.lower()]
    assert not found, found
