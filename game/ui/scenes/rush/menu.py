"""The Tile Rush menu: the title screen's "Tile Rush" opens it.

Rush 3 minutes, Rush 5 minutes and Survival (each with the personal best), the daily puzzle
(with the streak of days solved, and whether today's is done), the packs, and a short lesson.
The records are read once each time the menu shows (``game.play.puzzle_runs``); a damaged
records file was set aside by the storage and its reason is shown at the top.
"""

from __future__ import annotations

import pygame

from ....play import puzzle_runs
from ... import theme
from ...errorlog import log_error
from ...widgets import Button
from ..common import BackdropScene
from .puzzle import PuzzleScene


def start_run(app, run, replace: bool = False) -> None:
    """Open the puzzle screen on ``run``'s first puzzle (a puzzle that cannot be laid out is
    logged and skipped; a run that has nothing to play says so)."""
    while run.puzzle is not None:
        try:
            scene = PuzzleScene(app, run)
        except ValueError as exc:
            log_error("a puzzle could not be laid out", exc)
            run.skip()
            continue
        (app.replace if replace else app.push)(scene)
        return
    app.open("error", "No puzzle", "There is no puzzle to play here.")


class RushMenuScene(BackdropScene):
    name = "rush_menu"
    drift_seed = 19

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rebuild()  # reads the records

    def rebuild(self) -> None:
        self.records = puzzle_runs.Records()
        rec = self.records
        items = []
        for mode in puzzle_runs.RUSH_MODES:
            best = rec.best(mode)
            items.append(Button(puzzle_runs.MODE_TITLES[mode], self._starter(mode), style="primary" if not items else "secondary",
                                tooltip=puzzle_runs.MODE_BLURBS[mode] + (f"  Your best: {best:,}." if best else "")))
        today = puzzle_runs.today()
        done = rec.daily_solved(today)
        self.daily = Button("Daily puzzle", self.daily_puzzle, style="good" if not done else "secondary",
                            tooltip="One puzzle a day, the same for everyone; a little harder on weekends.")
        self.packs = Button("Packs", lambda: self.app.open("rush_packs"), style="secondary",
                            tooltip=f"{puzzle_runs.PACK_COUNT} packs of {puzzle_runs.PER_PACK} graded puzzles, up to three "
                                    "stars each; a pack opens when every puzzle of the one before is solved.")
        self.lesson = Button("How to play", self.how_to, style="secondary", tooltip="A one-minute lesson")
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")
        self.mode_buttons = items
        self.group.widgets = items + [self.daily, self.packs, self.lesson, self.back_button]
        self._layout_size = None

    def resume(self) -> None:
        super().resume()
        self.rebuild()

    def _starter(self, mode: str):
        def start():
            start_run(self.app, puzzle_runs.rush_run(mode, self.records))
        return start

    def daily_puzzle(self) -> None:
        start_run(self.app, puzzle_runs.daily_run(puzzle_runs.today(), self.records))

    def how_to(self) -> None:
        from ....tutorial import lessons as data

        track = data.track("classic")
        index = next((i for i, lesson in enumerate(track["lessons"]) if lesson["key"] == "rush"), None)
        if index is not None:
            self.app.open("lesson", track, index)

    # -- layout and drawing -------------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw, bh, gap = int(420 * s), int(56 * s), int(12 * s)
        widgets = self.group.widgets
        top = int(170 * s)
        avail = h - top - int(60 * s)
        if len(widgets) * (bh + gap) > avail:
            bh = max(28, avail // len(widgets) - gap)
        y = top
        for b in widgets:
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            y += bh + gap
            if b is self.mode_buttons[-1] or b is self.lesson:
                y += gap  # the timed modes, the puzzles, then the rest

    def draw(self, surf) -> None:
        self.ensure_layout()
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        title = theme.shadow_text("Tile Rush", 52 * s, theme.GOLD)
        theme.blit_center(surf, title, (w // 2, int(62 * s)))
        rec = self.records
        sub = rec.notice or "Place every tile before the clock runs out"
        img = theme.fit_text(sub, 20 * s, w - int(60 * s), theme.WARN if rec.notice else theme.INK_DIM, bold=False)
        theme.blit_center(surf, img, (w // 2, int(112 * s)))
        self.group.draw(surf, s)
        for b in self.mode_buttons:
            best = rec.best(b_mode(b))
            self.draw_side(surf, b.rect, f"Best {best:,}" if best else "No best yet", s, theme.GOLD if best else theme.INK_FAINT)
        streak = rec.daily_streak()
        done = rec.daily_solved(puzzle_runs.today())
        text = (f"Streak {streak} day{'s' if streak != 1 else ''}" if streak else "No streak yet") + ("  ·  done today" if done else "")
        self.draw_side(surf, self.daily.rect, text, s, theme.GOLD if streak else theme.INK_FAINT)
        stars, most = rec.total_stars()
        self.draw_side(surf, self.packs.rect, f"{stars} / {most} stars", s, theme.GOLD if stars else theme.INK_FAINT)
        tip = self.group.tooltip()
        foot = theme.text(tip or "Arrows and Enter, or the mouse", theme.readable(18 * s), theme.INK_FAINT, bold=False)
        theme.blit_center(surf, foot, (w // 2, h - int(18 * s)))

    def draw_side(self, surf, rect: pygame.Rect, text: str, s: float, colour) -> None:
        """A record beside a button (its right), or under the buttons in a narrow window."""
        img = theme.text(text, 19 * s, colour)
        x = rect.right + int(16 * s)
        if x + img.get_width() > surf.get_width() - int(8 * s):
            x = rect.right - img.get_width() - int(12 * s)
            img = theme.text(text, theme.readable(15 * s), colour)
            surf.blit(img, (x, rect.bottom - img.get_height() - int(3 * s)))
            return
        surf.blit(img, (x, rect.centery - img.get_height() // 2))


def b_mode(button: Button) -> str:
    """The rush mode a mode button starts (by its title)."""
    return next(m for m, title in puzzle_runs.MODE_TITLES.items() if title == button.label)
