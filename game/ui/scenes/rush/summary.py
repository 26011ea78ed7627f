"""After a rush or a puzzle: every puzzle of the run, and the bests.

One row a puzzle: its number, grade, the time spent, solved / missed / skipped, the points,
and "Show answer", which opens the puzzle with its answer played step by step on the table
(``AnswerScene``, the hint's playback).  Above the rows: the score and what the run earned
(a new best, the daily streak, a pack's stars: the run's ``finish`` lines).  Play again starts
the same kind of run (Next puzzle: a pack's next one, after a solve); Back goes to the screen the
run was started from.  Many rows scroll (wheel, arrows).
"""

from __future__ import annotations

import pygame

from ....play.puzzle_run import PuzzleRun, Row
from ... import theme
from ...widgets import Button
from ..common import BackdropScene
from ..statistics import fmt_duration, small

RESULT_WORDS = {"solved": ("Solved", theme.GOOD), "missed": ("Missed", theme.BAD), "skipped": ("Skipped", theme.INK_DIM),
                "out of time": ("Out of time", theme.WARN), "left": ("Not finished", theme.INK_DIM),
                "open": ("Not finished", theme.INK_DIM)}


class RushSummaryScene(BackdropScene):
    name = "rush_summary"
    drift_count = 10

    def __init__(self, app, run: PuzzleRun, notes: list[str] | None = None) -> None:
        super().__init__(app)
        self.run = run
        self.notes = [str(n) for n in (notes or [])]
        self.rows: list[Row] = list(run.rows())
        self.top_row = 0  # the first row shown (the list scrolls)
        self.answer_buttons = [Button("Show answer", self._shower(row), style="secondary",
                                      tooltip=f"Puzzle {row.number}: the answer step by step on the table")
                               for row in self.rows]
        self.again = Button(run.again_label(), self.play_again, style="primary")
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")
        self.group.widgets = self.answer_buttons + [self.again, self.back_button]
        self.group.focus = len(self.answer_buttons)
        self.fit = len(self.rows)
        self.row_rects: list[pygame.Rect] = []
        self.table_x = self.table_y = self.table_w = 0

    def _shower(self, row: Row):
        def show():
            self.show_answer(row)
        return show

    def show_answer(self, row: Row) -> None:
        from .puzzle import AnswerScene

        try:
            self.app.push(AnswerScene(self.app, self.run, row))
        except ValueError as exc:  # a puzzle that cannot be laid out: said, nothing else happens
            self.app.open("error", "The answer cannot be shown", str(exc))

    def play_again(self) -> None:
        from .menu import start_run

        start_run(self.app, self.run.again(), replace=True)

    def back(self) -> None:
        self.app.pop()  # to the screen the run was started from: the Tile Rush menu, or a pack

    # -- scrolling --------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll(-ev.y)
            return
        super().handle(ev)
        focused = self.group.focus
        if focused < len(self.rows):  # keep the focused row in view
            if focused < self.top_row:
                self.scroll(focused - self.top_row)
            elif focused >= self.top_row + self.fit:
                self.scroll(focused - self.top_row - self.fit + 1)

    def scroll(self, d: int) -> None:
        top = max(0, min(max(0, len(self.rows) - self.fit), self.top_row + d))
        if top != self.top_row:
            self.top_row = top
            self.relayout()

    # -- layout and drawing ---------------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        head = int(150 * s) + int(26 * s) * len(self.notes[:3])
        row_h = int(48 * s)
        bottom = h - int(100 * s)
        self.fit = max(1, (bottom - head - int(34 * s)) // row_h)
        self.top_row = max(0, min(self.top_row, len(self.rows) - self.fit))
        width = int(min(820 * s, w - 40 * s))
        x0 = w // 2 - width // 2
        self.row_rects = []
        for i, (row, b) in enumerate(zip(self.rows, self.answer_buttons)):
            k = i - self.top_row
            if 0 <= k < self.fit:
                r = pygame.Rect(x0, head + int(34 * s) + k * row_h, width, row_h - int(6 * s))
                self.row_rects.append(r)
                b.rect = pygame.Rect(r.right - int(180 * s), r.y + int(3 * s), int(176 * s), r.h - int(6 * s))
            else:  # scrolled away: no place on screen, still in the keyboard's reach (the list follows it)
                b.rect = pygame.Rect(0, 0, 0, 0)
        self.table_x, self.table_w, self.table_y = x0, width, head
        bw, bh = int(200 * s), int(48 * s)
        self.again.rect = pygame.Rect(w // 2 - bw - int(10 * s), h - int(80 * s), bw, bh)
        self.back_button.rect = pygame.Rect(w // 2 + int(10 * s), h - int(80 * s), bw, bh)

    def draw(self, surf) -> None:
        self.ensure_layout()
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        title = theme.shadow_text(self.title_text(), 44 * s, theme.GOLD)
        theme.blit_center(surf, title, (w // 2, int(48 * s)))
        theme.blit_center(surf, theme.text(self.headline(), 26 * s, theme.INK), (w // 2, int(100 * s)))
        y = int(136 * s)
        for note in self.notes[:3]:
            img = theme.fit_text(note, 20 * s, w - int(60 * s), theme.GOLD if "best" in note.lower() else theme.INK_DIM)
            theme.blit_center(surf, img, (w // 2, y))
            y += int(26 * s)
        self.draw_rows(surf, s)
        self.group.draw(surf, s)
        tip = self.group.tooltip()
        foot = theme.text(tip or "Show answer plays a puzzle's answer step by step  ·  Arrows and Enter, or the mouse",
                          theme.readable(17 * s), theme.INK_FAINT, bold=False)
        theme.blit_center(surf, foot, (w // 2, h - int(18 * s)))

    def title_text(self) -> str:
        return self.run.summary_title()

    def headline(self) -> str:
        """Under the title: the score (a run that keeps one) and the puzzles solved."""
        solved = sum(1 for r in self.rows if r.result == "solved")
        parts = [f"Score {self.run.score:,}"] if self.run.keeps_score else []  # one puzzle: no score, no points
        parts += [f"{solved} of {len(self.rows)} solved"] if self.rows else []
        return "  ·  ".join(parts)

    def extra_clear(self, size) -> list[pygame.Rect]:
        s = self.app.scale
        return [pygame.Rect(self.table_x - int(20 * s), self.table_y, self.table_w + int(40 * s),
                            size[1] - self.table_y - int(90 * s))]

    def draw_rows(self, surf, s) -> None:
        x0, width = self.table_x, self.table_w
        cols = self.columns(x0, s)
        head_y = self.table_y
        for key, x in cols.items():
            img = theme.text(key.upper(), small(14, s), theme.INK_FAINT)
            surf.blit(img, (x, head_y + int(8 * s)))
        if not self.rows:
            img = theme.text("No puzzle was played.", 20 * s, theme.INK_DIM, bold=False)
            surf.blit(img, (x0, head_y + int(44 * s)))
        for r, row in zip(self.row_rects, self.rows[self.top_row:]):
            theme.draw_panel(surf, r, radius=int(8 * s), alpha=170, shadow=0)
            word, colour = RESULT_WORDS.get(row.result, (row.result, theme.INK_DIM))
            cells = {"puzzle": (f"{row.number}", theme.INK), "grade": (f"{row.puzzle.grade}", theme.INK),
                     "time": (fmt_duration(row.seconds), theme.INK), "result": (word, colour),
                     "points": (f"+{row.points}" if row.points else "–", theme.GOLD if row.points else theme.INK_FAINT)}
            for key, (text, col) in cells.items():
                if key not in cols:
                    continue
                img = theme.text(text, 19 * s, col, bold=key in ("result", "points"))
                surf.blit(img, (cols[key], r.centery - img.get_height() // 2))
            extra = [f"{row.wrong} wrong Done" + ("s" if row.wrong != 1 else "")] if row.wrong else []
            extra += ["answer shown"] if row.hint else []
            if extra:
                img = theme.text(", ".join(extra), small(15, s), theme.INK_DIM, bold=False)
                surf.blit(img, (cols["result"] + int(108 * s), r.centery - img.get_height() // 2))
        more = len(self.rows) - self.top_row - self.fit
        if self.top_row or more > 0:
            text = f"{self.top_row + 1}–{min(len(self.rows), self.top_row + self.fit)} of {len(self.rows)}  (scroll for more)"
            img = theme.text(text, small(15, s), theme.INK_FAINT, bold=False)
            last = self.row_rects[-1] if self.row_rects else pygame.Rect(x0, head_y, width, 0)
            theme.blit_center(surf, img, (x0 + width // 2, last.bottom + int(14 * s)))

    def columns(self, x0: int, s: float) -> dict[str, int]:
        cols = {"puzzle": x0 + int(16 * s), "grade": x0 + int(110 * s), "time": x0 + int(200 * s),
                "result": x0 + int(300 * s), "points": x0 + int(540 * s)}
        if not self.run.keeps_score:
            del cols["points"]  # one puzzle earns no points
        return cols
