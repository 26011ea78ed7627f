"""Buttons, choosers, sliders and toggles, and a focus group that drives them by
mouse and by keyboard alike (arrows move, left/right change, Enter activates).

Widgets get their rectangles from the scene's layout; ``draw`` only reads.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from . import keymap, theme

STYLES = {
    "primary": ((255, 190, 60), (226, 130, 20), (40, 24, 6)),
    "secondary": ((62, 86, 120), (40, 58, 86), theme.INK),
    "danger": ((230, 90, 90), (170, 50, 56), (255, 255, 255)),
    "good": ((110, 210, 120), (50, 150, 70), (10, 30, 10)),
    "ghost": ((36, 52, 76), (26, 38, 58), theme.INK),
}

_btn_cache: dict[tuple, pygame.Surface] = {}


def button_surface(size, style: str, state: str, radius: int) -> pygame.Surface:
    """A rounded gradient button body (state: normal, hover, down, disabled)."""
    key = (tuple(size), style, state, radius)
    surf = _btn_cache.get(key)
    if surf is not None:
        return surf
    w, h = max(4, int(size[0])), max(4, int(size[1]))
    top, bottom, _ = STYLES.get(style, STYLES["secondary"])
    if state == "hover":
        top, bottom = theme.lighten(top, 0.15), theme.lighten(bottom, 0.12)
    elif state == "down":
        top, bottom = theme.darken(top, 0.1), theme.darken(bottom, 0.1)
    elif state == "disabled":
        top, bottom = theme.mix(top, (60, 66, 78), 0.75), theme.mix(bottom, (48, 52, 62), 0.75)
    depth = max(2, h // 12)
    surf = pygame.Surface((w, h + depth), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*theme.darken(bottom, 0.45), 255), (0, depth, w, h), border_radius=radius)
    grad = theme.vertical_gradient((w, h), top, bottom)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    body.blit(grad, (0, 0))
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    offset = depth if state == "down" else 0
    surf.blit(body, (0, offset))
    theme.blend_rect(surf, (255, 255, 255, 50), (radius // 2, offset + 2, w - radius, max(1, h // 8)), border_radius=radius)
    if len(_btn_cache) > 500:
        _btn_cache.clear()
    _btn_cache[key] = surf
    return surf


class Widget:
    focusable = True
    follows_pointer = False  # a press moves it to the pointer and drags it; the release is no click
    enter_presses = False  # Enter is this widget's own (it presses it): a screen's Enter shortcut waits

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.tooltip = ""

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def activate(self) -> None:  # Enter / click
        pass

    def left(self) -> bool:
        return False

    def right(self) -> bool:
        return False

    def click(self, pos) -> None:
        self.activate()

    def drag(self, pos) -> None:
        pass

    def draw(self, surf: pygame.Surface, focused: bool, hover: bool, down: bool, s: float) -> None:
        raise NotImplementedError


class Button(Widget):
    enter_presses = True

    def __init__(self, label: str, action: Callable[[], Any] | None = None, style: str = "secondary",
                 key_hint: str = "", enabled: bool = True, tooltip: str = "") -> None:
        super().__init__()
        self.label = label
        self.action = action
        self.style = style
        self.key_hint = key_hint
        self.enabled = enabled
        self.tooltip = tooltip

    def activate(self) -> None:
        if self.enabled and self.action is not None:
            self.action()

    def draw(self, surf, focused, hover, down, s) -> None:
        if not self.visible or self.rect.w <= 4:
            return
        state = "disabled" if not self.enabled else ("down" if down and hover else "hover" if hover or focused else "normal")
        radius = max(6, int(self.rect.h * 0.28))
        body = button_surface(self.rect.size, self.style, state, radius)
        surf.blit(body, self.rect.topleft)
        colour = STYLES.get(self.style, STYLES["secondary"])[2] if self.enabled else (150, 156, 168)
        px = theme.readable(min(self.rect.h * 0.46, 30 * s))
        hint = None
        if self.key_hint and self.rect.w > 80 * s:
            hint = theme.text(self.key_hint, theme.readable(px * 0.62), theme.mix(colour, (128, 128, 128), 0.45))
        if hint and theme.text(self.label, px, colour).get_width() > self.rect.w - int(32 * s) - hint.get_width() - int(14 * s):
            hint = None  # a narrow button: its word whole, without the key letter
        hint_x = self.rect.right - (hint.get_width() if hint else 0) - int(8 * s)
        room = self.rect.w - int(32 * s) - (max(int(26 * s), hint.get_width() + int(14 * s)) if hint else 0)
        label = theme.fit_text(self.label, px, room, colour)
        dy = max(2, self.rect.h // 12) if state == "down" else 0
        cx = self.rect.centerx - (int(10 * s) if hint else 0)
        if hint:  # the label keeps clear of the key letter
            cx = min(cx, hint_x - int(6 * s) - (label.get_width() + 1) // 2)
        theme.blit_center(surf, label, (cx, self.rect.centery + dy))
        if hint:
            surf.blit(hint, (hint_x, self.rect.centery - hint.get_height() // 2 + dy))
        if focused and self.enabled:
            pygame.draw.rect(surf, theme.ACCENT, self.rect.inflate(6, 6), width=2, border_radius=radius + 3)


class Chooser(Widget):
    """``Label      < value >``: left/right or a click on either half changes the value."""

    def __init__(self, label: str, options: list[tuple[Any, str]], index: int = 0,
                 on_change: Callable[[Any], None] | None = None, help: str = "") -> None:
        super().__init__()
        self.label = label
        self.options = options
        self.index = max(0, min(index, len(options) - 1))
        self.on_change = on_change
        self.tooltip = help

    @property
    def value(self) -> Any:
        return self.options[self.index][0] if self.options else None

    def set_value(self, value: Any) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i
                return

    def _step(self, d: int) -> bool:
        if not self.enabled or len(self.options) < 2:
            return False
        self.index = (self.index + d) % len(self.options)
        if self.on_change:
            self.on_change(self.value)
        return True

    def left(self) -> bool:
        return self._step(-1)

    def right(self) -> bool:
        return self._step(1)

    def activate(self) -> None:
        self._step(1)

    def value_rect(self) -> pygame.Rect:
        w = int(self.rect.w * 0.5)
        return pygame.Rect(self.rect.right - w, self.rect.y, w, self.rect.h)

    def click(self, pos) -> None:
        vr = self.value_rect()
        if pos[0] < vr.x:
            self._step(1)
        elif pos[0] < vr.centerx:
            self._step(-1)
        else:
            self._step(1)

    def draw(self, surf, focused, hover, down, s) -> None:
        if not self.visible:
            return
        r = self.rect
        bg = theme.panel(r.size, radius=max(6, r.h // 4), fill=(30, 46, 70) if (focused or hover) else (20, 32, 52), alpha=230, shadow=0,
                         edge=theme.ACCENT if focused else theme.PANEL_EDGE)
        surf.blit(bg, r.topleft)
        px = min(r.h * 0.44, 26 * s)
        col = theme.INK if self.enabled else theme.INK_FAINT
        label = theme.fit_text(self.label, px, int(r.w * 0.48) - int(14 * s), col)
        surf.blit(label, (r.x + int(14 * s), r.centery - label.get_height() // 2))
        vr = self.value_rect()
        text = self.options[self.index][1] if self.options else "-"
        val = theme.fit_text(text, px, vr.w - int(56 * s), theme.GOLD if self.enabled else theme.INK_FAINT)
        theme.blit_center(surf, val, vr.center)
        if self.enabled and len(self.options) > 1:
            ac = theme.ACCENT if focused or hover else theme.INK_DIM
            h = r.h * 0.18
            lx = vr.x + 16 * s
            rx = vr.right - 16 * s
            cy = r.centery
            pygame.draw.polygon(surf, ac, [(lx + h * 0.5, cy - h), (lx - h * 0.5, cy), (lx + h * 0.5, cy + h)])
            pygame.draw.polygon(surf, ac, [(rx - h * 0.5, cy - h), (rx + h * 0.5, cy), (rx - h * 0.5, cy + h)])


class Slider(Widget):
    follows_pointer = True

    def __init__(self, label: str, value: float, on_change: Callable[[float], None] | None = None, step: float = 0.1) -> None:
        super().__init__()
        self.label = label
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.step = step

    def track_rect(self) -> pygame.Rect:
        w = int(self.rect.w * 0.5)
        return pygame.Rect(self.rect.right - w + 20, self.rect.centery - 4, w - 40, 8)

    def _set(self, v: float) -> bool:
        v = max(0.0, min(1.0, round(v / 0.01) * 0.01))
        if abs(v - self.value) < 1e-9:
            return False
        self.value = v
        if self.on_change:
            self.on_change(v)
        return True

    def left(self) -> bool:
        return self._set(self.value - self.step)

    def right(self) -> bool:
        return self._set(self.value + self.step)

    def click(self, pos) -> None:
        self.drag(pos)

    def drag(self, pos) -> None:
        tr = self.track_rect()
        if tr.w > 0:
            self._set((pos[0] - tr.x) / tr.w)

    def draw(self, surf, focused, hover, down, s) -> None:
        r = self.rect
        bg = theme.panel(r.size, radius=max(6, r.h // 4), fill=(30, 46, 70) if (focused or hover) else (20, 32, 52), alpha=230, shadow=0,
                         edge=theme.ACCENT if focused else theme.PANEL_EDGE)
        surf.blit(bg, r.topleft)
        px = min(r.h * 0.44, 26 * s)
        label = theme.fit_text(self.label, px, int(r.w * 0.48) - int(14 * s))
        surf.blit(label, (r.x + int(14 * s), r.centery - label.get_height() // 2))
        tr = self.track_rect()
        pygame.draw.rect(surf, (10, 16, 28), tr, border_radius=4)
        fill = tr.copy()
        fill.w = int(tr.w * self.value)
        pygame.draw.rect(surf, theme.GOLD, fill, border_radius=4)
        knob = (tr.x + int(tr.w * self.value), tr.centery)
        pygame.draw.circle(surf, theme.CREAM, knob, max(6, int(r.h * 0.22)))
        pygame.draw.circle(surf, theme.ACCENT if focused else theme.GOLD_DARK, knob, max(6, int(r.h * 0.22)), width=2)
        pct = theme.text(f"{int(round(self.value * 100))}%", theme.readable(px * 0.8), theme.INK_DIM)
        surf.blit(pct, (tr.x - pct.get_width() - 8, r.centery - pct.get_height() // 2))


class Toggle(Widget):
    def __init__(self, label: str, value: bool, on_change: Callable[[bool], None] | None = None, help: str = "") -> None:
        super().__init__()
        self.label = label
        self.value = bool(value)
        self.on_change = on_change
        self.tooltip = help

    def activate(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)

    def left(self) -> bool:
        if self.value:
            self.activate()
            return True
        return False

    def right(self) -> bool:
        if not self.value:
            self.activate()
            return True
        return False

    def draw(self, surf, focused, hover, down, s) -> None:
        r = self.rect
        bg = theme.panel(r.size, radius=max(6, r.h // 4), fill=(30, 46, 70) if (focused or hover) else (20, 32, 52), alpha=230, shadow=0,
                         edge=theme.ACCENT if focused else theme.PANEL_EDGE)
        surf.blit(bg, r.topleft)
        px = min(r.h * 0.44, 26 * s)
        label = theme.fit_text(self.label, px, int(r.w * 0.62))
        surf.blit(label, (r.x + int(14 * s), r.centery - label.get_height() // 2))
        sw = pygame.Rect(0, 0, int(r.h * 1.3), int(r.h * 0.5))
        sw.midright = (r.right - int(18 * s), r.centery)
        pygame.draw.rect(surf, theme.GOOD if self.value else (60, 70, 86), sw, border_radius=sw.h // 2)
        kx = sw.right - sw.h // 2 if self.value else sw.x + sw.h // 2
        pygame.draw.circle(surf, theme.CREAM, (kx, sw.centery), sw.h // 2 - 2)
        word = theme.text("On" if self.value else "Off", theme.readable(px * 0.8), theme.INK_DIM)
        surf.blit(word, (sw.x - word.get_width() - 10, r.centery - word.get_height() // 2))


class FocusGroup:
    """A list of widgets with one keyboard focus; routes mouse and keys to them."""

    def __init__(self, widgets: list[Widget] | None = None, on_sound: Callable[[str], None] | None = None) -> None:
        self.widgets: list[Widget] = list(widgets or [])
        self.focus = self._first_enabled(0, 1)
        self.hover: Widget | None = None
        self.pressed: Widget | None = None
        self.on_sound = on_sound or (lambda name: None)
        self.mouse: tuple[int, int] | None = None  # the pointer's last place; None until an event tells it

    def _first_enabled(self, start: int, d: int) -> int:
        n = len(self.widgets)
        for k in range(n):
            i = (start + d * k) % n
            w = self.widgets[i]
            if w.enabled and w.visible and w.focusable:
                return i
        return 0

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.focus] if self.widgets else None

    def focused_presses_enter(self) -> bool:
        """Enter belongs to the focused widget (a button): a screen's own Enter shortcut waits."""
        w = self.focused
        return w is not None and w.enter_presses

    def move_focus(self, d: int) -> None:
        if not self.widgets:
            return
        self.focus = self._first_enabled((self.focus + d) % len(self.widgets), d)
        self.on_sound("click")

    def widget_at(self, pos) -> Widget | None:
        for w in self.widgets:
            if w.contains(pos):
                return w
        return None

    def handle(self, ev: pygame.event.Event) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            # the first report only says where the pointer rests (a window opening under it): it
            # lights the widget there but leaves the keyboard's default alone (Enter still Continues)
            moved = self.mouse is not None and tuple(ev.pos) != tuple(self.mouse)
            self.mouse = ev.pos
            self.hover = self.widget_at(ev.pos)
            if self.pressed is not None and getattr(ev, "buttons", (0,))[0]:
                self.pressed.drag(ev.pos)
            if moved and self.hover is not None and self.hover.enabled and self.hover in self.widgets:
                self.focus = self.widgets.index(self.hover)
            return self.hover is not None
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            self.mouse = ev.pos
            w = self.widget_at(ev.pos)
            self.pressed = w if w is not None and w.enabled else None
            if self.pressed is not None:
                self.focus = self.widgets.index(self.pressed)
                if self.pressed.follows_pointer:
                    self.pressed.drag(ev.pos)
            return w is not None
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            w = self.widget_at(ev.pos)
            pressed, self.pressed = self.pressed, None
            if w is not None and w is pressed and w.enabled and not w.follows_pointer:
                self.on_sound("click")
                w.click(ev.pos)
                return True
            return w is not None
        intent = keymap.intent(ev, "menu")
        if intent in ("focus_next", "focus_previous"):
            self.move_focus(1 if intent == "focus_next" else -1)
            return True
        w = self.focused
        if w is None or not w.enabled:
            return False
        match intent:
            case "left" | "right":
                if (w.left() if intent == "left" else w.right()):
                    self.on_sound("click")
            case "activate":
                self.on_sound("click")
                w.activate()
            case _:
                return False
        return True

    def draw(self, surf: pygame.Surface, s: float) -> None:
        down = bool(self.pressed)
        for i, w in enumerate(self.widgets):
            if w.visible:
                w.draw(surf, i == self.focus, w is self.hover, down and w is self.pressed, s)

    def tooltip(self) -> str:
        w = self.hover or self.focused
        return w.tooltip if w is not None else ""
