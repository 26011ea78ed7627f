"""A tutorial lesson on the play screen.

``LessonScene`` is the normal play screen (the same drag, click and keyboard controls) on a
prepared position, with a card on the felt that says what to do in one sentence and shows a
picture of the sets it is about.  Ending the turn does not play: the try goes to
``tutorial.coach.judge`` (the rules core's verdict plus the step's goal), and a wrong try gets
a specific nudge on the card.  A step done right moves on to the next; the last step of a
lesson is remembered in the tutorial's progress file.
"""

from __future__ import annotations

import pygame

from ...play import reasons
from ...play.session import Outcome, Session
from ...rules.reasons import Reason
from ...rules.turn import Problem
from ...tutorial import coach, progress
from ...tutorial import lessons as data
from .. import keymap, theme, variant_ui
from ..boardview import MIN_FIT_COLS, BoardView
from .common import DialogScene
from .play import PlayScene

NEXT_AFTER = 2.6  # seconds the "done" card shows before the next step


class LessonSession(Session):
    """A game that is only a lesson: no clock, no saving, no statistics.  A claim (a rule set's
    own kind of turn) goes to ``claim_judge`` first, and is made only when it is the lesson's."""

    claim_judge = None

    @property
    def turn_time(self) -> int:
        return 0

    def human_action(self, action):
        judge = self.claim_judge
        if judge is not None and not judge(action):
            return Outcome(False, [Problem(Reason.LESSON_OTHER_CLAIM)])
        return super().human_action(action)


class LessonCard(variant_ui.Plugin):
    """The instruction card, drawn on the felt under the tiles (a play-screen plugin part)."""

    def __init__(self, scene: "LessonScene") -> None:
        self.scene = scene
        self.full_table: pygame.Rect | None = None

    def open_board(self) -> bool:
        return not self.scene.session.variant.flat_table

    def adjust_layout(self, lay) -> None:
        """On a crossword board (whose view fits the whole board to the felt) the card gets a band
        of its own under a shorter felt; a flat table keeps its sets in the top rows instead."""
        if not self.open_board():
            return
        self.full_table = lay.table.copy()
        lay.table = pygame.Rect(lay.table.x, lay.table.y, lay.table.w, lay.table.h - self.height(lay) - int(8 * lay.s))

    def height(self, lay) -> int:
        """Tall enough for the sentence and the verdict (on the crossword board: room for both always)."""
        s = lay.s
        width = int(lay.table.w * 0.66)
        say = len(theme.wrap_lines(self.scene.step["say"], 21 * s, width, bold=True))
        verdict = self.scene.verdict
        extra = len(theme.wrap_lines(verdict.text + "  (any key: go on)", 19 * s, width)) if verdict is not None else 0
        if self.open_board():
            extra = max(extra, 2)
        need = 28 + 20 + 25 * say + (8 + 23 * extra if extra else 0)
        return int(min(max(86, need) * s, lay.table.h * 0.5))

    def rect(self, lay) -> pygame.Rect:
        """Low on the felt (the lessons' sets sit in the top rows), above the news toasts."""
        s = lay.s
        pad = int(14 * s)
        if self.open_board() and self.full_table is not None:
            t = self.full_table
            h = self.height(lay)
            return pygame.Rect(t.x, t.bottom - h, t.w, h)
        t = lay.table
        h = self.height(lay)
        return pygame.Rect(t.x + pad, t.bottom - h - int(54 * s), t.w - 2 * pad, h)

    def draw_under_tiles(self, surf, lay) -> None:
        self.scene.draw_card(surf, lay, self.rect(lay))


def step_cells(step: dict) -> list[tuple[int, int]]:
    """The board cells a step's solution puts tiles on or claims."""
    out = []
    for text, cell in step.get("solution", []):
        if text == "claim":
            out.append((cell[0], cell[1]))
        else:
            out.extend((cell[0], cell[1] + k) for k in range(len(text.split())))
    return out


class LessonScene(PlayScene):
    name = "lesson"

    def __init__(self, app, track: dict, lesson_index: int, step_index: int = 0) -> None:
        self.track = track
        self.lesson_index = lesson_index
        self.lesson = track["lessons"][lesson_index]
        self.step_index = step_index
        self.step = self.lesson["steps"][step_index]
        state = coach.build_state(track, self.step)
        if not self.starts_track:
            state.opening_draw = []  # no "Who starts?" panel: the lesson goes straight on
        super().__init__(app, LessonSession(state, autosave=False))
        self.card = LessonCard(self)
        parts = [self.card] + list(self.plugin.parts)
        self.plugin = variant_ui.Combined(parts)
        self.verdict: coach.Verdict | None = None
        self.passed_at: float | None = None
        self.tries = 0
        self.session.claim_judge = self.judge_claim
        view = variant_ui.find(self.plugin, BoardView)
        if view is not None:  # a crossword board: show just the prepared board and the cells the step uses
            view.frame(step_cells(self.step), margin=0, min_rows=3, min_cols=MIN_FIT_COLS)

    # -- the lesson ----------------------------------------------------------------------------
    @property
    def starts_track(self) -> bool:
        """The first step of a track's first lesson shows how a game starts (the deal, then who
        starts); every later step and lesson goes straight on to its position (docs/tutorial.md)."""
        return self.lesson_index == 0 and self.step_index == 0

    @property
    def shows_deal(self) -> bool:
        return self.starts_track

    @property
    def last_step(self) -> bool:
        return self.step_index + 1 >= len(self.lesson["steps"])

    def header_text(self) -> str:
        return f"Lesson: {self.lesson['title']}  ·  {self.track['title']}"

    def end_or_draw(self) -> None:
        """End turn / Draw / Space: the coach judges the try instead of playing it."""
        sess = self.session
        if self.passed_at is not None or not sess.my_turn or self.input_locked():
            return
        self.try_step()

    def do_end_turn(self) -> None:
        self.end_or_draw()

    def do_draw(self) -> None:
        self.end_or_draw()

    def try_step(self) -> coach.Verdict:
        sess = self.session
        verdict = coach.judge(self.step, sess.state, sess.draft, reasons)
        self.show_verdict(verdict)
        if verdict.ok and self.step.get("goal", {}).get("outcome") == "penalty":
            self.show_penalty()
        return verdict

    def show_verdict(self, verdict: coach.Verdict) -> None:
        self.verdict = verdict
        self.tries += 1
        if verdict.ok:
            self.passed_at = self.time
            self.app.sound.play("win" if self.last_step else "pop")
            lay = self.layout()
            if self.speed() > 0:
                self.effects.confetti(lay.size[0], n=60, size=6 * lay.s)
        else:
            self.playback.shake_table(0.35)
            self.app.sound.play("invalid")

    def judge_claim(self, action) -> bool:
        """A claim from the claim controls: the coach decides; a right one is then made for real."""
        if self.passed_at is not None or self.input_locked():
            return False
        verdict = coach.judge_claim(self.step, self.session.state, action, reasons)
        self.show_verdict(verdict)
        return verdict.ok

    def show_results(self) -> None:
        """A lesson that ends the game (exactly 200) ends with the lesson, not the results."""

    def show_penalty(self) -> None:
        """The mistake this step is about, played for real: the rules core puts the table back
        and deals the penalty tiles (the other seats then wait)."""
        self.passed_at = self.time + 1.5  # time to watch the tiles come back
        self.session.end_turn()
        for ev in self.session.poll_events():
            self.on_event(ev)

    def run_computer(self) -> None:
        """The other seats never move in a lesson."""

    def hint_mode(self) -> str:
        return "unlimited"  # a lesson always helps, whatever the games' setting

    def ask_hint(self) -> None:
        nudge = self.step.get("nudge") or self.step["say"]
        self.toast("Hint: " + nudge, theme.GOLD, 6.0)

    def open_pause(self) -> None:
        self.leave_lesson()

    def leave_lesson(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.passed_at is not None and self.time - self.passed_at >= NEXT_AFTER and self.app.top is self:
            self.passed_at = float("inf")  # once
            self.advance()

    def handle(self, ev) -> None:
        if self.passed_at is not None and ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.passed_at != float("inf"):
            if keymap.intent(ev, "lesson") == "leave":
                self.leave_lesson()
                return
            self.passed_at = float("inf")
            self.advance()
            return
        super().handle(ev)

    def advance(self) -> None:
        """The next step, or the end of the lesson."""
        if not self.last_step:
            self.app.replace(LessonScene(self.app, self.track, self.lesson_index, self.step_index + 1))
            return
        progress.mark_done(data.lesson_key(self.track["key"], self.lesson["key"]))
        nxt = self.lesson_index + 1
        choices = []
        if nxt < len(self.track["lessons"]):
            title = self.track["lessons"][nxt]["title"]
            choices.append((f"Next: {title}", "primary",
                            lambda: self.app.replace(LessonScene(self.app, self.track, nxt))))
        elif self.track["key"] == "classic":
            choices.append(("Play a classic game", "primary", self.play_game))
        choices.append(("All lessons", "secondary", self.leave_lesson))
        self.app.push(DialogScene(self.app, "Lesson done", self.step.get("done", "Well done."), choices, tone=theme.GOOD))

    def play_game(self) -> None:
        self.app.pop()
        self.app.open("setup")

    # -- drawing -------------------------------------------------------------------------------
    def draw_card(self, surf, lay, r: pygame.Rect) -> None:
        s = lay.s
        ok = self.verdict is not None and self.verdict.ok
        edge = theme.GOOD if ok else theme.WARN if self.verdict is not None else theme.GOLD
        surf.blit(theme.panel(r.size, radius=int(14 * s), fill=(10, 20, 34), alpha=225, edge=edge, shadow=0), r.topleft)
        pad = int(14 * s)
        # the picture: the sets this step is about
        pic = self.step.get("picture", [])
        tw = int(min((r.h - 2 * pad) / 1.5, 40 * s))
        x = r.x + pad
        y = r.y + (r.h - int(tw * 1.32)) // 2
        from ...rules.tiles import parse_tiles

        for text in pic:
            for t in parse_tiles(text):
                surf.blit(self.app.tiles.face(int(t), tw), (x, y))
                x += int(tw * 1.04)
            x += int(tw * 0.6)
        tx = x + int(10 * s) if pic else r.x + pad
        width = r.right - pad - tx
        n = len(self.lesson["steps"])
        head = f"Step {self.step_index + 1} of {n}" if n > 1 else self.lesson["title"]
        ht = theme.text(head.upper(), theme.readable(15 * s), theme.INK_FAINT)
        yy = r.y + pad
        surf.blit(ht, (tx, yy))
        yy += ht.get_height() + int(4 * s)
        main = self.step["say"]
        lines = theme.wrap_lines(main, 21 * s, width, bold=True)
        for line in lines[:3]:
            t = theme.text(line, 21 * s, theme.INK)
            surf.blit(t, (tx, yy))
            yy += t.get_height()
        if self.verdict is not None:
            yy += int(6 * s)
            colour = theme.GOOD if ok else theme.WARN
            msg = self.verdict.text + ("  (any key: go on)" if ok else "")
            for line in theme.wrap_lines(msg, 19 * s, width, bold=False)[:2]:
                t = theme.text(line, 19 * s, colour, bold=False)
                surf.blit(t, (tx, yy))
                yy += t.get_height()


def first_lesson_scene(app) -> LessonScene:
    """The first classic lesson (the tutorial counts as offered from now on)."""
    track, _ = data.first_lesson()
    progress.touch()
    return LessonScene(app, track, 0)
