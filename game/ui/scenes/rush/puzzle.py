"""The Tile Rush puzzle screen: the normal play screen on a puzzle's position.

``PuzzleScene`` is the play screen (the same table, rack, drag and drop, click controls,
keyboard and undo) on a one-seat position (``game.play.puzzle``).  The big button is Done:
the run (``game.play.puzzle_run``) checks the table; solved scores with a pop, the streak and
combo counter and a sound, then the next puzzle comes; a wrong Done costs 10 seconds (a miss
in survival), shown on the ring.  Skip moves on at no score; the hint shows the answer's
first steps with the hint's playback (Back, Next, Apply).  Skip asks first where it gives up
the run's only puzzle (the daily puzzle, a pack's).  The countdown ring round the
player's face shows the time left.  Esc asks before leaving a run.

``AnswerScene`` is the same screen for a puzzle of a finished run, with no clock: the
answer is shown step by step at once (the hint's playback), Apply puts it on the table.
"""

from __future__ import annotations

import math

import pygame

from ....play.puzzle import PuzzleSession, answer_board, puzzle_state
from ....play.puzzle_run import PuzzleRun, Verdict
from ....rules.tiles import is_joker
from ... import keymap, theme, variant_ui
from ...errorlog import log_error
from ..play import PlayScene
from ..play.hud import RING_GAP

NEXT_AFTER = 1.1  # seconds the solved puzzle stays on screen before the next one


def fmt_seconds(seconds: float) -> str:
    """``2:05`` (a countdown shows the second it is in)."""
    total = int(math.ceil(max(0.0, seconds) - 1e-9))
    return f"{total // 60}:{total % 60:02d}"


class PuzzleButtons(variant_ui.Plugin):
    """A play-screen part: the big button's place shared by Skip (a third) and Done."""

    def __init__(self, scene: "PuzzleScene") -> None:
        self.scene = scene

    def adjust_layout(self, lay) -> None:
        end = lay.buttons.get("end")
        if end is None or not self.scene.skippable:
            return
        gap = max(4, int(8 * lay.s))
        w = (end.w - gap) // 3
        lay.buttons["skip"] = pygame.Rect(end.x, end.y, w, end.h)
        lay.buttons["end"] = pygame.Rect(end.x + w + gap, end.y, end.w - w - gap, end.h)

    def controls_tip(self) -> str | None:
        return "Place every rack tile, then Done (Space)  ·  Skip (K)  ·  Hint (H)"


class PuzzleScene(PlayScene):
    name = "puzzle"
    skippable = True
    has_turn_log = False
    plays_run = True  # the run's clock and its next puzzle (not when a finished puzzle's answer is shown)

    def __init__(self, app, run: PuzzleRun, puzzle=None) -> None:
        self.run = run
        self.puzzle = puzzle if puzzle is not None else run.puzzle
        self.number = run.number
        state = puzzle_state(self.puzzle.table, self.puzzle.rack, app.settings.get("player_name") or "You")
        super().__init__(app, PuzzleSession(state))
        self.plugin = variant_ui.Combined([PuzzleButtons(self)] + list(self.plugin.parts))
        self.moving_at: float | None = None  # the puzzle is over (solved, a miss in survival, time up): moving on
        self.last: Verdict | None = None
        self.flash_until = 0.0  # the ring flashes red after a wrong Done
        self.ended = False

    # -- what the play screen asks ------------------------------------------------------------------
    def header_text(self) -> str:
        return self.run.header(self.number, self.puzzle)

    def clock(self) -> tuple[float, float] | None:
        """The countdown the ring and the header show (the run's)."""
        return self.run.clock()

    def run_computer(self) -> None:
        """Nobody else plays."""

    def show_results(self) -> None:
        """A puzzle has no round to end."""

    def status_lines(self) -> list[str]:
        return []

    def score_line(self, me) -> str:
        return f"Score {self.run.score}" if self.run.keeps_score else ""

    def me_notes(self, me) -> tuple[str, tuple[str, tuple] | None]:
        n = len([t for t in self.session.rack.slots if t in set(self.session.state.players[0].rack)])
        left = f"{n} tile{'s' if n != 1 else ''} to place" if n else "All tiles placed"
        if self.run.streak > 1:
            return left, (f"Streak {self.run.streak}", theme.GOLD)
        return left, None

    def end_button(self, enabled: bool) -> tuple[str, str]:
        ready = self.session.placed_all()
        return "Done", "good" if enabled and ready else "primary" if enabled else "secondary"

    def status_text(self, analysis) -> tuple[str, tuple]:
        if self.moving_at is not None:
            return ("Solved!", theme.GOOD) if self.last is not None and self.last.solved else ("Next puzzle…", theme.INK_DIM)
        hint = self.turnshow.hint
        if hint.active:
            if len(hint.steps) < 2:  # no Next to press: the answer is one step
                return ("The answer: Apply (Shift+H) puts it on the table", theme.GOLD)
            return ("The answer, step by step: Next (H), or Apply (Shift+H)", theme.GOLD)
        sess = self.session
        if sess.placed_all():
            return ("Every tile placed and the table is valid: press Done (Space)", theme.GOOD)
        if not sess.draft_moved:
            return ("Place every tile of your rack on the table, moving table tiles as you need", theme.GOLD)
        if analysis is not None and analysis.ok:
            n = len([t for t in sess.rack.slots if t in set(sess.state.players[0].rack)])
            return (f"The table is valid so far: {n} more tile{'s' if n != 1 else ''} to place", theme.GOLD)
        return super().status_text(analysis)

    def draw_pool(self, surf, lay) -> None:
        """Where a game shows the pool: a rush's clock, survival's misses, one puzzle's time taken."""
        s = lay.s
        p = lay.pool
        run = self.run
        clock = self.clock()
        allowed = run.misses_allowed
        if clock is not None:
            left = max(0.0, clock[0])
            img = theme.text(fmt_seconds(left), 26 * s, theme.BAD if left <= 10 else theme.INK)
        elif allowed is not None:
            img = theme.text(f"Misses {run.misses} / {allowed}", 22 * s, theme.BAD if run.misses else theme.INK_DIM)
        else:
            img = theme.text(fmt_seconds(run.puzzle_seconds()), 24 * s, theme.INK_DIM)
        surf.blit(img, (p.right - img.get_width() - int(6 * s), p.centery - img.get_height() // 2))

    def ring_colour(self, frac: float):
        if self.time < self.flash_until:
            return theme.BAD
        return super().ring_colour(frac)

    def draw_ring_for(self, surf, box, active: bool, s: float) -> None:
        """The countdown ring: the rush's time left (no clock: a gold ring)."""
        cx, cy = box.face_center
        r = box.face_size / 2 + RING_GAP * s  # at its thickest within hud.ring_reach, clear of the words beside it
        clock = self.clock()
        if clock is None or clock[1] <= 0:
            theme.draw_ring(surf, (cx, cy), r + 3 * s, 4 * s, 1.0, theme.mix(theme.GOLD_DARK, theme.GOLD, 0.7), track=None)
            return
        left, total = max(0.0, clock[0]), clock[1]
        frac = min(1.0, left / total)
        col = self.ring_colour(frac)
        thick = 6 * s
        if 0 < left <= 10:
            thick = (6 + 3 * (0.5 + 0.5 * math.cos((left % 1.0) * math.pi * 2))) * s
        theme.draw_ring(surf, (cx, cy), r + thick / 2, thick, frac, col)

    # -- the run ------------------------------------------------------------------------------------
    def button_enabled(self, name: str) -> bool:
        mine = self.session.my_turn and not self.input_locked() and self.moving_at is None
        if name == "skip":
            return mine and self.skippable  # a finished puzzle's answer has nothing to skip
        if name in ("hint", "end"):
            return mine
        return super().button_enabled(name)

    def press_button(self, name: str) -> None:
        if name != "skip":
            super().press_button(name)
            return
        if self.button_enabled(name):
            self.app.sound.play("click")
            self.ask_skip()

    def input_locked(self) -> bool:
        return super().input_locked() or self.moving_at is not None

    def end_or_draw(self) -> None:
        """Done (Space, the big button): the run checks the table."""
        if self.moving_at is not None or not self.session.my_turn or super().input_locked():
            return
        self.turnshow.hint.clear()
        verdict = self.run.done(self.session.table_sets())
        self.last = verdict
        if verdict.solved:
            self.celebrate_solve(verdict)
        else:
            self.show_miss(verdict)

    def do_end_turn(self) -> None:
        self.end_or_draw()

    def do_draw(self) -> None:
        self.end_or_draw()

    def celebrate_solve(self, verdict: Verdict) -> None:
        lay = self.layout()
        self.moving_at = self.time
        self.land_effects(self.session.table().lines(), 0, self.session.viewer)
        combo = verdict.multiplier > 1
        if self.speed() > 0:
            if verdict.points:
                self.effects.float_text(f"+{verdict.points}", *self.pop_at(lay), theme.GOLD, 48 * lay.s)
            self.effects.confetti(lay.size[0], n=int(50 + 30 * verdict.multiplier), size=6 * lay.s)
        title = f"Combo x{verdict.multiplier:g}!" if combo else "Solved!"
        sub = verdict.text or f"+{verdict.points} points"
        if verdict.streak > 1:
            sub += f"  ·  {verdict.streak} in a row"
        self.show_banner(title, sub, theme.GOLD if combo else theme.GOOD, NEXT_AFTER + 0.2)
        self.app.sound.play("win" if combo else "pop")

    def pop_at(self, lay) -> tuple[float, float]:
        """Where a score pop or a time penalty rises from: low on the felt, clear of the banner and the panels."""
        return lay.table.centerx, lay.table.bottom - 90 * lay.s

    def show_miss(self, verdict: Verdict) -> None:
        self.playback.shake_table(0.35)
        self.flash_until = self.time + 1.2
        self.app.sound.play("invalid")
        why = "Not solved: " + (verdict.text or "the table is not finished")
        if verdict.penalty:
            why += f"  (−{int(verdict.penalty)} seconds)"
        if self.run.misses_allowed is not None:
            why += f"  (miss {verdict.misses} of {self.run.misses_allowed})"
        self.toast(why, theme.BAD, 3.5, big=True)
        lay = self.layout()
        if verdict.penalty and self.speed() > 0:
            self.effects.float_text(f"−{int(verdict.penalty)} s", *self.pop_at(lay), theme.BAD, 44 * lay.s)
        if self.run.over or self.run.puzzle is not self.puzzle:
            self.moving_at = self.time  # a miss moved the run on (survival): the next puzzle, or the summary

    def skip(self) -> None:
        if self.moving_at is not None:
            return
        self.run.skip()
        self.next_puzzle()

    def ask_skip(self) -> None:
        """Skip (K, the button): on at once in a run of puzzles; asked first where it gives up the
        run's only puzzle (the daily puzzle, a pack's), Keep playing selected and on Esc."""
        question = self.run.give_up_question()
        if question is None:
            self.skip()
            return
        from ..common import DialogScene

        self.controls.cancel_drag()
        self.app.push(DialogScene(self.app, question[0], question[1],
                                  [("Give up", "danger", self.skip), ("Keep playing", "primary", None)],
                                  tone=theme.WARN, focus=1))

    def ask_hint(self) -> None:
        """The answer on the table, step by step (the hint's playback)."""
        sess = self.session
        if not sess.my_turn or self.input_locked():
            return
        if self.turnshow.hint.active:
            self.turnshow.hint.go(1)
            return
        self.run.hint()
        self.show_answer()

    def show_answer(self) -> bool:
        sess = self.session
        sess.reset()
        board = answer_board(sess.state, self.puzzle.answer)
        rack = set(sess.state.players[sess.viewer].rack)
        tiles = sorted((t for t in board.tiles() if t in rack), key=lambda t: (is_joker(t), t))
        shown = self.turnshow.hint_arrived(board, tiles)
        if not shown:
            self.toast("The answer: " + "  ·  ".join(" ".join(str(t) for t in s) for s in self.puzzle.answer), theme.GOLD, 8.0)
        self.app.sound.play("pop")
        return shown

    def next_puzzle(self) -> None:
        """The next puzzle of the run, or the summary once the run is over."""
        if self.ended:
            return
        if self.run.over or self.run.puzzle is None:
            self.end_run()
            return
        try:
            self.app.replace(type(self)(self.app, self.run))
        except ValueError as exc:  # a puzzle that is not a position: logged, the run goes on
            log_error("a puzzle could not be laid out", exc)
            self.run.skip()
            self.next_puzzle()

    def end_run(self) -> None:
        self.ended = True
        try:
            notes = self.run.finish()
        except OSError as exc:  # the bests could not be saved: said on the summary, the run is kept
            log_error("saving the puzzle bests", exc)
            notes = [f"Your bests could not be saved ({exc})."]
        self.app.switch("rush_summary", self.run, notes)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.ended or self.app.top is not self or not self.plays_run:
            return
        if self.moving_at is not None:
            if self.time - self.moving_at >= NEXT_AFTER:
                self.next_puzzle()
            return
        if not super().input_locked():
            self.run.tick(dt)
            clock = self.clock()
            if clock is not None:
                sec = int(math.ceil(clock[0]))
                if 0 < sec <= 10 and sec != self.last_tick_second:
                    self.last_tick_second = sec
                    self.app.sound.play("tick")
        if self.run.over:
            self.moving_at = self.time  # time is up: the summary after a moment
            self.show_banner("Time!", "", theme.GOLD, NEXT_AFTER + 0.2)

    def next_frame(self) -> float | None:
        if self.plays_run and self.clock() is not None and self.app.top is self:
            return 0.0  # the ring moves
        return super().next_frame()

    # -- leaving ------------------------------------------------------------------------------------
    def open_pause(self) -> None:
        """Esc / Menu: ask before leaving (the clock stops while asking)."""
        self.controls.cancel_drag()
        from ..common import DialogScene

        if self.moving_at is not None:
            return
        self.app.push(DialogScene(self.app, "Leave the puzzle?", self.leave_question(),
                                  [("End here", "danger", self.end_here), ("Keep playing", "primary", None)],
                                  tone=theme.WARN, focus=1))

    def leave_question(self) -> str:
        return "The puzzles played so far go to the summary, with the answer of each."

    def end_here(self) -> None:
        if self.ended:
            return
        self.run.stop()
        self.end_run()

    def key(self, ev) -> None:
        if keymap.intent(ev, "puzzle") == "skip":
            if self.button_enabled("skip"):
                self.ask_skip()
            return
        super().key(ev)

    def closing(self) -> None:
        """The window is closing: what the run earned is saved."""
        if not self.ended:
            try:
                self.run.stop()
                self.run.finish()
            except OSError as exc:
                log_error("saving the puzzle bests on close", exc)


class AnswerScene(PuzzleScene):
    """A puzzle of a finished run, its answer played step by step; no clock, no score."""

    name = "puzzle_answer"
    skippable = False
    plays_run = False

    def __init__(self, app, run: PuzzleRun, row) -> None:
        super().__init__(app, run, row.puzzle)
        self.number = row.number

    def clock(self) -> tuple[float, float] | None:
        return None

    def draw_pool(self, surf, lay) -> None:
        """Nothing: the run is over."""

    def score_line(self, me) -> str:
        """No score: the answer is only shown."""
        return ""

    def status_text(self, analysis) -> tuple[str, tuple]:
        """What the big button (Space) and Esc do here: nothing is played for points."""
        hint = self.turnshow.hint
        if hint.active:
            if hint.idx + 1 < len(hint.steps):
                return ("The answer, step by step: Next step (Space)", theme.GOLD)
            return ("The answer: Apply (Space) puts it on the table", theme.GOLD)
        if self.session.placed_all():
            return ("The answer is on the table: Show again (Space), or Esc for the summary", theme.GOOD)
        return ("The puzzle as it was dealt: Show again (Space), or Esc for the summary", theme.GOLD)

    def end_button(self, enabled: bool) -> tuple[str, str]:
        hint = self.turnshow.hint
        if not hint.active:
            label = "Show again"
        elif hint.idx + 1 >= len(hint.steps):
            label = "Apply"
        else:
            label = "Next step"
        return label, "primary" if enabled else "secondary"

    def enter(self) -> None:
        super().enter()
        self.show_answer()

    def header_text(self) -> str:
        p = self.puzzle
        return f"The answer  ·  Puzzle {self.number}  ·  Grade {p.grade}"

    def end_or_draw(self) -> None:
        """The big button (Space): the next step, Apply at the last one, the answer again after it."""
        hint = self.turnshow.hint
        if not hint.active:
            self.show_answer()
        elif hint.idx + 1 >= len(hint.steps):
            hint.apply()
        else:
            hint.go(1)

    def ask_hint(self) -> None:
        if self.turnshow.hint.active:
            self.turnshow.hint.go(1)
        else:
            self.show_answer()

    def open_pause(self) -> None:
        self.app.pop()

    def closing(self) -> None:
        """Nothing to save."""
