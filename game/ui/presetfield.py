"""A chooser of preset numbers that also takes a number of the player's own
(Rummy Q's points target: presets and a custom value).

Left/right step through the presets (and the custom value, once there is one);
the last choice, "Custom…", opens a small text field, and typing digits while
the chooser has the focus does too.  Enter confirms (a number outside the
allowed range is refused with a note), Esc or moving away cancels.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from . import theme
from .textfield import finish_key
from .widgets import Chooser

CUSTOM = "custom"
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})


class PresetNumber(Chooser):
    def __init__(self, label: str, presets, value: int, low: int, high: int,
                 on_change: Callable[[Any], None] | None = None, help: str = "") -> None:
        self.presets = sorted(int(p) for p in presets)
        self.low, self.high = int(low), int(high)
        self.help = help
        self.editing = False
        self.text = ""
        self.error = ""
        self.committed = int(value)
        super().__init__(label, self._options(int(value)), 0, on_change, help)
        self.set_value(int(value))

    # the tooltip line under the form explains the field while it is being edited
    @property
    def tooltip(self) -> str:
        if self.editing:
            return self.error or f"Type a whole number from {self.low} to {self.high}, then Enter (Esc cancels)"
        return (self.help + " " if self.help else "") + "Type digits for a number of your own."


    @tooltip.setter
    def tooltip(self, value: str) -> None:
        self.help = value

    def _options(self, value: int) -> list[tuple[Any, str]]:
        values = list(self.presets)
        custom = value not in values
        if custom:
            values.append(value)
        opts = [(v, f"{v} (your own)" if custom and v == value else str(v)) for v in sorted(values)]
        return opts + [(CUSTOM, "Custom…")]

    @property
    def value(self) -> Any:
        return self.committed

    def _step(self, d: int) -> bool:
        if not self.enabled:
            return False
        if self.editing:
            self.cancel()
        self.index = (self.index + d) % len(self.options)
        chosen = self.options[self.index][0]
        if chosen == CUSTOM:
            self.begin_edit("")
            return True
        self._commit_value(int(chosen))
        return True

    def click(self, pos) -> None:
        if not self.editing:  # a click on the open field keeps it open
            super().click(pos)

    def activate(self) -> None:
        if self.editing:
            self.commit()
        else:
            self._step(1)

    def begin_edit(self, text: str) -> None:
        self.editing = True
        self.text = text
        self.error = ""
        self.index = len(self.options) - 1

    def cancel(self) -> None:
        if self.editing:
            self.editing = False
            self.text = ""
            self.error = ""
            self.set_value(self.committed)

    def commit(self) -> bool:
        """Take the typed number; False (and a note) when it is not allowed."""
        if not self.editing:
            return True
        try:
            v = int(self.text)
        except ValueError:
            v = None
        if v is None or not self.low <= v <= self.high:
            self.error = f"{self.text or 'Nothing'} will not do: type a whole number from {self.low} to {self.high}"
            return False
        self.editing = False
        self.text = ""
        self.error = ""
        self._commit_value(v)
        return True

    def _commit_value(self, v: int) -> None:
        changed = v != self.committed
        self.committed = v
        self.options = self._options(v)
        self.set_value(v)
        if changed and self.on_change:
            self.on_change(v)

    def key(self, ev) -> bool:
        """Typing into the field (the scene sends keys here first while it has the focus)."""
        k = ev.key
        digit = DIGIT_KEYS.get(k)
        if digit is None and getattr(ev, "unicode", "") in tuple("0123456789"):
            digit = ev.unicode
        if digit is not None:
            if not self.editing:
                self.begin_edit("")
            if len(self.text) < len(str(self.high)):
                self.text += digit
            self.error = ""
            return True
        if not self.editing:
            return False
        if k == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.error = ""
            return True
        return bool(finish_key(self, ev))

    def draw(self, surf, focused, hover, down, s) -> None:
        if not self.editing:
            super().draw(surf, focused, hover, down, s)
            return
        r = self.rect
        bg = theme.panel(r.size, radius=max(6, r.h // 4), fill=(30, 46, 70), alpha=240, shadow=0,
                         edge=theme.BAD if self.error else theme.GOLD)
        surf.blit(bg, r.topleft)
        px = min(r.h * 0.44, 26 * s)
        label = theme.fit_text(self.label, px, int(r.w * 0.48) - int(14 * s), theme.INK)
        surf.blit(label, (r.x + int(14 * s), r.centery - label.get_height() // 2))
        vr = self.value_rect()
        field = vr.inflate(-int(24 * s), -int(r.h * 0.3))
        pygame.draw.rect(surf, (8, 14, 26), field, border_radius=max(4, field.h // 4))
        pygame.draw.rect(surf, theme.GOLD, field, width=2, border_radius=max(4, field.h // 4))
        caret = "|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " "
        shown = self.text + caret if self.text else caret
        val = theme.text(shown, px, theme.GOLD)
        theme.blit_center(surf, val, field.center)
        if not self.text:
            hint = theme.text(f"{self.low}–{self.high}", theme.readable(px * 0.8), theme.INK_FAINT, bold=False)
            surf.blit(hint, (field.right - hint.get_width() - int(8 * s), field.centery - hint.get_height() // 2))
