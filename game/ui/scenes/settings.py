"""Settings: the player's name, sound, animation speed, window, colour-blind tiles.  Saved at once."""

from __future__ import annotations

import pygame

from ...rules.tiles import COLORS, JOKER_IDS, copies, face_of
from .. import theme
from ..app import ANIMATION_SPEEDS, WINDOW_SIZES
from ..textfield import TextField
from ..widgets import Button, Chooser, Slider, Toggle
from .common import BackdropScene


class SettingsScene(BackdropScene):
    name = "settings"
    drift_seed = 21
    drift_count = 14

    def __init__(self, app) -> None:
        super().__init__(app)
        st = app.settings
        self.name_field = TextField("Your name", str(st.get("player_name") or "You"), lambda v: self.set("player_name", v),
                                    help="The name the other players and the score tables show for you")
        self.volume = Slider("Volume", float(st.get("volume", 0.7)), lambda v: self.set("volume", v))
        self.mute = Toggle("Mute", bool(st.get("muted")), lambda v: self.set("muted", v))
        speed = float(st.get("animation_speed", 1.0))
        self.speed = Chooser("Animation", list(ANIMATION_SPEEDS), 0, lambda v: self.set("animation_speed", v),
                             help="Off shows every move at once")
        self.speed.set_value(min((v for v, _ in ANIMATION_SPEEDS), key=lambda v: abs(v - speed)))
        from ..turnlog_panel import TURN_SPEEDS
        from ..turnshow import turn_speed

        self.turns = Chooser("Computer turns", list(TURN_SPEEDS), 1, lambda v: self.set("turn_speed", v),
                             help="Each step of a computer's play shown in turn; a click skips")
        self.turns.set_value(turn_speed(st))
        self.hints = Chooser("Hints in a game", [("off", "Off"), ("turn", "One a turn"), ("unlimited", "Unlimited")], 1,
                             lambda v: self.set("hint_mode", v),
                             help="H shows a play from your rack, smallest first; the lessons always help")
        self.hints.set_value(st.get("hint_mode") if st.get("hint_mode") in ("off", "turn", "unlimited") else "turn")
        sizes = [(list(sz), f"{sz[0]} x {sz[1]}") for sz in WINDOW_SIZES]
        cur = list(st.get("window_size", [1280, 800]))
        if cur not in [v for v, _ in sizes]:
            sizes.append((cur, f"{cur[0]} x {cur[1]}"))
        self.size = Chooser("Window size", sizes, 0, self.set_size)
        self.size.set_value(cur)
        self.full = Toggle("Full screen", bool(st.get("fullscreen")), self.set_fullscreen, help="F11 switches at any time")
        self.cb = Toggle("Colour-blind tiles", bool(st.get("colorblind")), lambda v: self.set("colorblind", v),
                         help="Each colour also gets its own symbol: triangle, circle, square, diamond")
        self.warn = Toggle("Warn before a penalised turn", bool(st.get("warn_invalid_end", True)),
                           lambda v: self.set("warn_invalid_end", v),
                           help="Golden Games: ask before ending a turn that would cost penalty tiles")
        self.back_button = Button("Back", self.back, style="primary", key_hint="Esc")
        self.group.widgets = [self.name_field, self.volume, self.mute, self.speed, self.turns, self.hints, self.size, self.full, self.cb, self.warn, self.back_button]

    def handle(self, ev) -> None:
        if ev.type == pygame.TEXTINPUT and self.group.focused is self.name_field and not self.name_field.editing:
            self.name_field.begin_edit()  # typing on the focused field starts a new name
        if self.name_field.handle(ev):
            return  # typing a name: Backspace and Esc belong to the field
        if ev.type == pygame.MOUSEBUTTONDOWN and self.name_field.editing and not self.name_field.rect.collidepoint(ev.pos):
            if not self.name_field.commit():
                self.name_field.cancel()
        super().handle(ev)

    def update(self, dt) -> None:
        super().update(dt)
        field = self.name_field
        if field.editing and self.group.focused is not field:  # the focus moved away: keep a good name
            if not field.commit():
                field.cancel()

    def set(self, key, value) -> None:
        self.app.set_setting(key, value)
        if key == "volume":
            self.app.sound.play("place")

    def set_size(self, value) -> None:
        self.app.settings["window_size"] = list(value)
        if not self.app.settings.get("fullscreen"):
            self.app.apply_display_settings()
        self.app.save_settings()

    def set_fullscreen(self, value) -> None:
        self.app.settings["fullscreen"] = bool(value)
        self.app.apply_display_settings()
        self.app.save_settings()

    def sound_notice(self) -> str:
        """Why the sound settings change nothing: the game asked for sound and the machine has none."""
        if self.app.want_sound and not self.app.sound.available:
            return "Sound is not available on this machine: the game plays silently (the settings below are kept)."
        return ""

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        fw = int(min(w - 60, 620 * s))
        x0 = w // 2 - fw // 2 - int(90 * s)
        top = int(120 * s)
        rows = self.group.widgets[:-1]
        avail = h - top - int(110 * s)
        rh = int(min(52 * s, avail / len(rows) - 10 * s))
        for i, wd in enumerate(rows):
            wd.rect = pygame.Rect(x0, top + i * (rh + int(10 * s)), fw, rh)
        tw = int(54 * s)
        self.preview = pygame.Rect(x0 + fw + int(24 * s), top, int(12 * s) * 2 + tw * 2 + int(8 * s), int(14 * s) * 2 + int(tw * 1.45) * 3)
        self.back_button.rect = pygame.Rect(w // 2 - int(110 * s), h - int(80 * s), int(220 * s), int(52 * s))

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        t = theme.shadow_text("Settings", 50 * s, theme.GOLD)
        surf.blit(t, (int(40 * s), int(30 * s)))
        if self._layout_size != self.app.size:
            return
        notice = self.sound_notice()
        if notice:
            x = int(40 * s)
            y = int(30 * s) + t.get_height() + int(2 * s)
            for line in theme.wrap_lines(notice, 19 * s, w - 2 * x, bold=False)[:2]:
                img = theme.text(line, 19 * s, theme.WARN, bold=False)
                surf.blit(img, (x, y))
                y += img.get_height()
        self.group.draw(surf, s)
        # a preview of the tiles as they look now
        p = self.preview
        theme.draw_panel(surf, p, radius=int(14 * s))
        tw = int(54 * s)
        faces = [copies(face_of(colour, 7))[0] for colour in COLORS]  # the 7 of each colour
        for i, f in enumerate(faces):
            x = p.x + int(12 * s) + (i % 2) * (tw + int(8 * s))
            y = p.y + int(14 * s) + (i // 2) * int(tw * 1.45)
            surf.blit(self.app.tiles.face(f, tw), (x, y))
        jy = p.y + int(14 * s) + 2 * int(tw * 1.45)
        surf.blit(self.app.tiles.face(JOKER_IDS[0], tw), (p.x + int(12 * s), jy))
        tip = self.group.tooltip()
        if tip:
            tt = theme.text(tip, 19 * s, theme.INK_DIM, bold=False)
            theme.blit_center(surf, tt, (w // 2, h - int(100 * s)))
