"""A one-line text field for the player's name.

Enter or a click opens it (the first letter typed replaces the old name), typing adds letters (TEXTINPUT events), Backspace takes the
last one away, Enter keeps the name, Esc or moving away puts the old one back.  A
character that draws nothing (a control or zero-width character, one the game's font
does not have) is refused with a note, so a name never shows as blanks or boxes.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable

import pygame

from ..storage.textcheck import draws_nothing, text_problem
from . import keymap, theme
from .widgets import Widget

MAX_NAME = 24  # as the settings file allows


def clean_name(text: Any) -> tuple[str | None, str]:
    """(the name, "") or (None, why it will not do): accents composed, spaces trimmed and
    runs of spaces made one; 1 to 24 characters that all draw something."""
    if not isinstance(text, str):
        return None, "A name is a few letters."
    name = " ".join(unicodedata.normalize("NFC", text).split(" "))
    name = " ".join(part for part in name.split(" ") if part)
    if not name:
        return None, "Type at least one letter."
    why = text_problem(name, MAX_NAME, "the name")
    if why is not None:
        return None, why[0].upper() + why[1:] + "."
    return name, ""


def font_draws(ch: str) -> bool:
    """True when the game's font has a glyph for ``ch`` that puts ink on the screen."""
    if ch == " ":
        return True
    f = theme.font(24, bold=False)
    try:
        metrics = f.metrics(ch)
    except (pygame.error, UnicodeError, ValueError):
        return False
    if not metrics or metrics[0] is None or metrics[0][4] <= 0:
        return False
    img = f.render(ch, True, (255, 255, 255))
    if img.get_bounding_rect(min_alpha=1).w <= 0:
        return False
    # a glyph the font lacks comes out as the font's empty box: the same as a private-use character
    box = f.render("\ue000", True, (255, 255, 255))
    return pygame.image.tobytes(img, "RGBA") != pygame.image.tobytes(box, "RGBA")


def finish_key(field: Any, ev) -> bool | None:
    """The keys that end typing in a field (``commit()``/``cancel()``, ``game.ui.keymap``'s
    "field"): Esc cancels, Enter commits, Up/Down/Tab commit (or cancel a bad value) and let the
    focus move on (False).  None for any other key."""
    match keymap.intent(ev, "field"):
        case "cancel":
            field.cancel()
            return True
        case "commit":
            field.commit()
            return True
        case "commit_and_move":
            if not field.commit():
                field.cancel()
            return False  # the focus moves on
    return None


class TextField(Widget):
    def __init__(self, label: str, value: str, on_change: Callable[[str], None] | None = None, help: str = "") -> None:
        super().__init__()
        self.label = label
        self.value = value
        self.on_change = on_change
        self.help = help
        self.editing = False
        self.fresh = False  # just opened for typing: the first letter replaces the old text
        self.text = ""
        self.error = ""

    @property
    def tooltip(self) -> str:
        if self.editing:
            return self.error or f"Type a name (up to {MAX_NAME} characters), then Enter; Esc keeps the old one"
        return self.help

    @tooltip.setter
    def tooltip(self, value: str) -> None:
        self.help = value

    def activate(self) -> None:
        if self.editing:
            self.commit()
        else:
            self.begin_edit()

    def click(self, pos) -> None:
        if not self.editing:
            self.begin_edit()

    def begin_edit(self) -> None:
        self.editing = True
        self.text = self.value
        self.fresh = True  # the first letter typed replaces the old name
        self.error = ""

    def cancel(self) -> None:
        self.editing = False
        self.text = ""
        self.error = ""

    def commit(self) -> bool:
        """Keep the typed name; False (and a note) when it will not do."""
        if not self.editing:
            return True
        name, why = clean_name(self.text)
        if name is None:
            self.error = why
            return False
        self.editing = False
        self.text = ""
        self.error = ""
        if name != self.value:
            self.value = name
            if self.on_change:
                self.on_change(name)
        return True

    def type_text(self, text: str) -> None:
        if self.fresh:
            self.fresh = False
            self.text = ""
        for ch in text:
            if ch == " " and not self.text:
                continue  # a name does not start with a space
            if draws_nothing(ch) or not font_draws(ch):
                self.error = "That character cannot be shown: use letters, digits and common signs"
                continue
            if len(self.text) >= MAX_NAME:
                self.error = f"A name has at most {MAX_NAME} characters"
                return
            self.text += ch
            self.error = ""

    def handle(self, ev) -> bool:
        """Keys and typed text while the field is open (the scene sends them here first)."""
        if not self.editing:
            return False
        if ev.type == pygame.TEXTINPUT:
            self.type_text(ev.text)
            return True
        if ev.type != pygame.KEYDOWN:
            return False
        k = ev.key
        if k == pygame.K_BACKSPACE:
            self.text = "" if self.fresh else self.text[:-1]
            self.fresh = False
            self.error = ""
            return True
        done = finish_key(self, ev)
        return True if done is None else done  # other keys (letters arrive as text) do nothing else while typing

    def draw(self, surf, focused, hover, down, s) -> None:
        if not self.visible:
            return
        r = self.rect
        edge = theme.BAD if self.error else (theme.GOLD if self.editing else (theme.ACCENT if focused else theme.PANEL_EDGE))
        bg = theme.panel(r.size, radius=max(6, r.h // 4), fill=(30, 46, 70) if (focused or hover or self.editing) else (20, 32, 52),
                         alpha=230, shadow=0, edge=edge)
        surf.blit(bg, r.topleft)
        px = min(r.h * 0.44, 26 * s)
        label = theme.fit_text(self.label, px, int(r.w * 0.45) - int(14 * s), theme.INK)
        surf.blit(label, (r.x + int(14 * s), r.centery - label.get_height() // 2))
        field = pygame.Rect(r.x + int(r.w * 0.45), r.y + int(r.h * 0.16), int(r.w * 0.55) - int(12 * s), r.h - int(r.h * 0.32))
        pygame.draw.rect(surf, (8, 14, 26), field, border_radius=max(4, field.h // 4))
        if self.editing:
            pygame.draw.rect(surf, theme.GOLD, field, width=2, border_radius=max(4, field.h // 4))
            caret = "|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " "
            shown = self.text + caret
        else:
            shown = self.value
        val = theme.fit_text(shown, px, field.w - int(16 * s), theme.GOLD)
        theme.blit_center(surf, val, field.center)
