"""The tutorial's menu: one track per rule set, its lessons, which are done; any lesson can
be played again."""

from __future__ import annotations

import pygame

from ...rules.variants import REGISTRY
from ...tutorial import lessons as data
from ...tutorial import progress
from .. import theme
from ..widgets import Button
from .common import BackdropScene


class TutorialScene(BackdropScene):
    name = "tutorial"

    def __init__(self, app, track_key: str = "classic") -> None:
        super().__init__(app)
        progress.touch()
        self.track_index = next((i for i, t in enumerate(data.TRACKS) if t["key"] == track_key), 0)
        self.done: set[str] = set()
        self.problem = ""  # why the progress file could not be read (said instead of the lessons done)
        self.rebuild()

    @property
    def track(self) -> dict:
        return data.TRACKS[self.track_index]

    def rebuild(self) -> None:
        self.done, self.problem = progress.load_with_reason()
        self.track_buttons = [Button(t["title"], self._chooser(i), style="primary" if i == self.track_index else "secondary")
                              for i, t in enumerate(data.TRACKS)]
        self.lesson_buttons = []
        for i, lesson in enumerate(self.track["lessons"]):
            key = data.lesson_key(self.track["key"], lesson["key"])
            mark = "  (done: play again)" if key in self.done else ""
            n = len(lesson["steps"])
            label = f"{i + 1}. {lesson['title']}{mark}"
            self.lesson_buttons.append(Button(label, self._opener(i), style="good" if key in self.done else "secondary",
                                              tooltip=f"{n} step{'s' if n != 1 else ''}"))
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")
        self.group.widgets = self.track_buttons + self.lesson_buttons + [self.back_button]
        first_open = next((k for k, lesson in enumerate(self.track["lessons"])
                           if data.lesson_key(self.track["key"], lesson["key"]) not in self.done), 0)
        self.group.focus = len(self.track_buttons) + first_open
        self._layout_size = None

    def _chooser(self, i: int):
        def choose():
            self.track_index = i
            self.rebuild()
        return choose

    def _opener(self, i: int):
        def open_lesson():
            self.app.open("lesson", self.track, i)
        return open_lesson

    def resume(self) -> None:
        self.rebuild()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        top = int(150 * s)
        bh, gap = int(46 * s), int(10 * s)
        lw = int(min(260 * s, w * 0.26))
        rw = int(min(560 * s, w * 0.5))
        x0 = w // 2 - (lw + rw + int(30 * s)) // 2
        for i, b in enumerate(self.track_buttons):
            b.rect = pygame.Rect(x0, top + i * (bh + gap), lw, bh)
        rx = x0 + lw + int(30 * s)
        avail = h - top - int(110 * s)
        lh = min(bh, max(28, avail // max(1, len(self.lesson_buttons)) - gap))
        for i, b in enumerate(self.lesson_buttons):
            b.rect = pygame.Rect(rx, top + i * (lh + gap), rw, lh)
        self.back_button.rect = pygame.Rect(w // 2 - int(90 * s), h - int(76 * s), int(180 * s), int(46 * s))

    def draw(self, surf) -> None:
        self.ensure_layout()
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        title = theme.shadow_text("Learn to play", 46 * s, theme.GOLD)
        theme.blit_center(surf, title, (w // 2, int(56 * s)))
        vcls = REGISTRY.get(self.track["variant"])
        blurb = vcls.blurb if vcls is not None else ""
        total = len(self.track["lessons"])
        done = sum(1 for lesson in self.track["lessons"] if data.lesson_key(self.track["key"], lesson["key"]) in self.done)
        line = self.problem or f"{self.track['title']}: {done} of {total} lessons done.  {blurb}"
        sub = theme.fit_text(line, 19 * s, w - int(60 * s), theme.WARN if self.problem else theme.INK_DIM, bold=False)
        theme.blit_center(surf, sub, (w // 2, int(104 * s)))
        self.group.draw(surf, s)
        tip = self.group.tooltip()
        foot = theme.text(tip or "Each lesson takes about a minute. Arrows and Enter, or the mouse.", theme.readable(18 * s),
                          theme.INK_FAINT, bold=False)
        theme.blit_center(surf, foot, (w // 2, h - int(18 * s)))
