"""The game's typeface (DejaVu Sans Bold, ``assets/fonts/``) keeps words whole at small sizes:
pygame's own font left gaps inside words as wide as the gaps between them ("minu tes", "f rom",
"show n"), and the game doubled the space after a number to make up for it ("7  tiles")."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme

pytestmark = pytest.mark.usefixtures("fresh_text_caches")

WORDS = ("minutes", "from", "shown", "Relaxed", "lessons", "tiles", "Rummibug", "default")


def blank_runs(surf: pygame.Surface) -> list[int]:
    """The widths of the blank columns between inked ones (the gaps a reader sees)."""
    w, h = surf.get_size()
    inked = [any(surf.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]
    runs, cur, seen = [], 0, False
    for x in range(w):
        if inked[x]:
            if seen and cur:
                runs.append(cur)
            seen, cur = True, 0
        else:
            cur += 1
    return runs


@pytest.mark.parametrize("px", [12, 14, 16, 18, 21, 24])
def test_a_gap_inside_a_word_is_well_under_the_gap_between_words(px):
    between = max(blank_runs(theme.text("a b", px)))
    for word in WORDS:
        inside = max(blank_runs(theme.text(word, px)), default=0)
        assert 2 * inside <= between, (word, px, inside, between)


@pytest.mark.parametrize("px", [12, 14, 16, 18])
def test_a_number_has_a_words_gap_not_a_double_one(px):
    after_number = theme.text("7 tiles", px).get_width() - theme.text("7tiles", px).get_width()
    between_words = theme.text("of tiles", px).get_width() - theme.text("oftiles", px).get_width()
    assert after_number == between_words


def test_the_typeface_is_shipped_with_its_licence():
    assert theme.FONT_FILE.is_file()
    licence = (theme.FONT_FILE.parent / "LICENSE").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence


def test_without_its_file_the_game_draws_in_pygames_font_and_says_why_once(monkeypatch, tmp_path):
    lines: list[str] = []
    from game.ui import errorlog

    monkeypatch.setattr(errorlog, "log_line", lines.append)
    monkeypatch.setattr(theme, "FONT_FILE", tmp_path / "gone.ttf")
    monkeypatch.setattr(theme, "_font_trouble", [])
    theme.reset_caches()
    img = theme.text("Tile Rush", 20)
    assert img.get_width() > 20 and theme.text("Tile Rush", 14).get_width() > 10
    assert len(lines) == 1 and "gone.ttf" in lines[0]
    theme.reset_caches()
