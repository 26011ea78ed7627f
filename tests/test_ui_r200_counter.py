"""Rummi200kub's initial-play counter: the figure beside "Initial meld" is the one the rules
core counts (rack tiles only, a new set may cross a tile on the board), so it agrees with the
note that explains a short initial play."""

from __future__ import annotations

import re

import pytest

from game.play.session import TABLE, Session
from game.ui import theme
from uidrive import make_app, open_play, step
from uihelp import human_session, lay_table, tiles


@pytest.fixture
def app():
    a = make_app()
    a.shown_controls_tip = True
    yield a
    a.shutdown()


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
    note = " ".join(p.message for p in analysis.problems)
    have = int(re.search(r"you have (\d+)", note).group(1))
    assert have == 12
    sizes: list = []
    counters = [t for t in drawn_texts(app, monkeypatch, sizes) if re.fullmatch(r"\d+ / \d+", t)]
    assert counters == [f"{have} / 30"], counters
    # the note beside it is drawn whole and readable: wrapped, not squeezed
    note_parts = [(t, px) for t, px in sizes if "you have" in t or "initial play" in t]
    assert note_parts and all(px >= 15 for _, px in note_parts), note_parts
