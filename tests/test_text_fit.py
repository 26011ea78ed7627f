"""Text on screen is never squeezed: words keep a visible gap at every size (the font's own
space is a pixel or two below 14 px, and "10 tiles" read as "10tiles"), and what the layout
measures is what is drawn."""

from __future__ import annotations

import pytest

from game.ui import theme

pytestmark = pytest.mark.usefixtures("fresh_text_caches")


@pytest.mark.parametrize("px", [9, 10, 11, 12, 13])
def test_words_keep_a_visible_gap_at_small_sizes(px):
    # 800x500 draws the rack line at 11 px: "10 tiles on your rack", not "10tiles onyour rack"
    for joined, apart in (("10tiles", "10 tiles"), ("onyour", "on your")):
        assert theme.text(apart, px).get_width() - theme.text(joined, px).get_width() >= theme.MIN_SPACE_PX


@pytest.mark.parametrize("px", [14, 17, 22])
def test_text_at_normal_sizes_is_drawn_as_the_font_has_it(px):
    s = "tiles on your rack"  # (a number's gap: tests/test_text_readable.py)
    assert theme.text(s, px).get_width() == theme.font(px).size(s)[0]


@pytest.mark.parametrize("px", [9, 12, 16, 21])
def test_measured_width_is_the_drawn_width(px):
    s = "The initial play needs at least 30 points from your rack (you have 12)"
    assert theme.text_width(theme.font(px, False), s) == theme.text(s, px, bold=False).get_width()


def test_a_long_note_wraps_instead_of_shrinking_out_of_sight(monkeypatch):
    sizes: list[float] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda msg, px, *a, **kw: sizes.append(px) or real(msg, px, *a, **kw))
    s = "The initial play needs at least 30 points from your rack (you have 12)"
    one = real(s, 20)
    img = theme.fit_block(s, 20, 300)
    assert img.get_width() <= 300 and img.get_height() >= 2 * real("A", 15).get_height() - 2
    assert min(sizes) >= 15  # never squeezed below three quarters of its size
    sizes.clear()
    short = theme.fit_block("Play at least one tile", 20, 300)
    assert short.get_height() == real("Play at least one tile", 20).get_height() and sizes == [20]
    assert one.get_width() > 300
