"""No text, however long, can stall a frame: what is drawn is bounded and fitting a name to a
width takes a few renderings, not one per character."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme


@pytest.fixture
def renders(monkeypatch, fresh_text_caches):
    seen: list[str] = []
    real = theme.render_safely

    def counting(s, *args, **kwargs):
        seen.append(s)
        return real(s, *args, **kwargs)

    monkeypatch.setattr(theme, "render_safely", counting)
    return seen


def test_fitting_a_five_thousand_character_name_takes_a_few_short_renderings(renders):
    surf = theme.fit_text("M" * 5000, 24, 240)
    assert surf.get_width() <= 240
    assert len(renders) <= 40
    assert max(len(s) for s in renders) <= 240 // 2 + 1


def _one_at_a_time(s: str, px: float, max_w: int) -> tuple[int, int]:
    """Shrink a point at a time, then cut a character at a time (what fitting did before)."""
    size = px
    while theme.text(s, size).get_width() > max_w and size > theme.MIN_TEXT_PX:
        size -= 1
    if theme.text(s, size).get_width() > max_w:
        while len(s) > 1 and theme.text(s + "…", size).get_width() > max_w:
            s = s[:-1]
        s += "…"
    return theme.text(s, size).get_size()


@pytest.mark.parametrize("name, width", [("Mia", 150), ("Alexandrina Wilhelmina of Somewhere", 150),
                                         ("Alexandrina Wilhelmina of Somewhere, the Third", 90), ("W" * 60, 120)])
def test_a_fitted_name_is_the_largest_size_and_longest_cut_that_fit(name, width):
    pygame.font.init()
    assert theme.fit_text(name, 24, width).get_size() == _one_at_a_time(name, 24, width)


def test_one_line_of_text_is_never_longer_than_a_screen_can_show(renders):
    theme.text("x" * 100_000, 18)
    theme.text("word " * 50_000, 18, wrap=600)
    assert len(renders[0]) <= theme.MAX_LINE and len(renders[1]) <= theme.MAX_WRAPPED
