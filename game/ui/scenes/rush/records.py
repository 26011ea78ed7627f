"""The Tile Rush records, with the statistics (the statistics screen's "Tile Rush" opens it).

One card a rush mode (runs played, best score, most puzzles solved in a run, longest streak), the
daily puzzle (the streak now, the longest, days solved) and the packs (stars won, packs open).
Everything is read from ``game.storage.arcade`` through ``Records``; a damaged file was set
aside there and the reason is shown.
"""

from __future__ import annotations

import pygame

from ....play import puzzle_runs
from ... import theme
from ...widgets import Button
from ..common import BackdropScene
from ..statistics import small
from .packs import draw_title


class RushRecordsScene(BackdropScene):
    name = "rush_records"
    drift_count = 8

    def __init__(self, app) -> None:
        super().__init__(app)
        self.records = puzzle_runs.Records()
        self.back_button = Button("Back", self.back, style="primary", key_hint="Esc")
        self.group.widgets = [self.back_button]
        self.cards: list[pygame.Rect] = []

    def card_texts(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(title, [(caption, value)]) for each card."""
        rec = self.records
        out = []
        for mode in puzzle_runs.RUSH_MODES:
            best = rec.arcade.best(mode)
            out.append((puzzle_runs.MODE_TITLES[mode], [
                ("Runs", f"{best.runs:,}"), ("Best score", f"{best.best_score:,}" if best.runs else "–"),
                ("Most solved", str(best.most_solved) if best.runs else "–"),
                ("Longest streak", str(best.best_streak) if best.runs else "–")]))
        days = len(rec.arcade.daily_solved)
        out.append(("Daily puzzle", [
            ("Streak now", f"{rec.daily_streak()} day{'s' if rec.daily_streak() != 1 else ''}"),
            ("Longest streak", f"{rec.arcade.daily_best_streak}"), ("Days solved", f"{days:,}"),
            ("Today's", "solved" if rec.daily_solved(puzzle_runs.today()) else "not yet")]))
        stars, most = rec.total_stars()
        opened = sum(1 for k in range(1, puzzle_runs.PACK_COUNT + 1) if rec.pack_open(k))
        solved = sum(1 for n in rec.arcade.packs.values() if n > 0)
        out.append(("Packs", [("Stars", f"{stars} of {most}"), ("Puzzles solved", f"{solved} of "
                              f"{puzzle_runs.PACK_COUNT * puzzle_runs.PER_PACK}"),
                              ("Packs open", f"{opened} of {puzzle_runs.PACK_COUNT}"),
                              ("Three-star puzzles", str(sum(1 for n in rec.arcade.packs.values() if n == 3)))]))
        return out

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        n = len(self.card_texts())
        cols = 3
        gap = int(16 * s)
        cw = int(min(340 * s, (w - int(60 * s) - gap * (cols - 1)) / cols))
        top, bottom = int(140 * s), h - int(100 * s)
        rows = (n + cols - 1) // cols
        ch = int(min(200 * s, (bottom - top - gap * (rows - 1)) / rows))
        x0 = w // 2 - (cols * cw + (cols - 1) * gap) // 2
        self.cards = [pygame.Rect(x0 + (i % cols) * (cw + gap), top + (i // cols) * (ch + gap), cw, ch) for i in range(n)]
        self.back_button.rect = pygame.Rect(w // 2 - int(100 * s), h - int(76 * s), int(200 * s), int(46 * s))

    def extra_clear(self, size) -> list[pygame.Rect]:
        return list(self.cards)

    def draw(self, surf) -> None:
        self.ensure_layout()
        s = self.app.scale
        self.draw_backdrop(surf)
        draw_title(surf, s, "Tile Rush records", self.records.notice or "Your bests in the puzzle modes",
                   warn=bool(self.records.notice))
        for r, (title, rows) in zip(self.cards, self.card_texts()):
            theme.draw_panel(surf, r, radius=int(12 * s), alpha=200, shadow=int(6 * s))
            t = theme.fit_text(title, 24 * s, r.w - int(24 * s), theme.ACCENT)
            surf.blit(t, (r.x + int(14 * s), r.y + int(10 * s)))
            y = r.y + int(14 * s) + t.get_height()
            row_h = (r.bottom - int(10 * s) - y) // max(1, len(rows))
            for caption, value in rows:
                cap = theme.text(caption, small(17, s), theme.INK_DIM, bold=False)
                val = theme.text(value, small(19, s), theme.INK)
                cy = y + row_h // 2
                surf.blit(cap, (r.x + int(14 * s), cy - cap.get_height() // 2))
                surf.blit(val, (r.right - int(14 * s) - val.get_width(), cy - val.get_height() // 2))
                y += row_h
        self.group.draw(surf, s)
