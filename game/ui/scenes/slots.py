"""Save slots: save the game in progress to one of three slots (from the pause
menu), or pick a saved game to continue (from the title).  The files, checks and
recovery are ``game.storage.saves``'s (see docs/saves.md); this is only the screen."""

from __future__ import annotations

import pygame

from ...storage import saves
from .. import theme
from ..errorlog import log_error
from ..widgets import Button
from .common import BackdropScene, ErrorScene
from .loading import open_saved_game, slot_label


def continue_choice():
    """(the saved game Continue opens, every other saved game): the autosave when there is
    one (even damaged: opening it explains), else the latest good save."""
    try:
        infos = [i for i in saves.list_slots() if i.exists]
    except Exception as exc:
        log_error("listing the save slots", exc)
        return None, []
    target = next((i for i in infos if i.slot == "autosave"), None)
    if target is None:
        good = [i for i in infos if i.ok]
        target = max(good, key=lambda i: i.saved_at) if good else (infos[0] if infos else None)
    return target, [i for i in infos if i is not target]


class SlotsScene(BackdropScene):
    """``mode`` "save" (three slots, from a game) or "load" (the autosave and the slots)."""

    name = "slots"
    drift_seed = 13
    drift_count = 12

    def __init__(self, app, mode: str, play=None) -> None:
        super().__init__(app)
        self.mode = mode
        self.play = play
        self.infos = []
        self.build()

    def build(self) -> None:
        infos = []
        try:
            infos = [i for i in saves.list_slots() if self.mode == "load" or i.slot in saves.SLOTS[1:]]
        except Exception as exc:  # an unreadable saves folder: show no slots rather than fail
            log_error("listing the save slots", exc)
        self.infos = infos
        widgets = []
        for info in infos:
            label = slot_label(info)
            b = Button(label, (lambda i=info: self.choose(i)), style="secondary")
            if self.mode == "load" and (not info.exists or not info.ok and not info.from_backup):
                b.enabled = info.exists  # a damaged slot can still be tried (its backup may load)
            widgets.append(b)
        widgets.append(Button("Back", self.back, style="ghost", key_hint="Esc"))
        self.group.widgets = widgets
        self.group.focus = 0
        self._layout_size = None

    def choose(self, info) -> None:
        if self.mode == "save":
            sess = self.play.session
            d = sess.to_dict()
            state = d.pop("state")
            res = saves.save_game(info.slot, state, d)
            if res.ok:
                self.app.pop()
                self.play.toast(f"Saved in {info.title}", theme.GOOD, 3.0)
            else:
                self.app.push(ErrorScene(self.app, "Not saved", res.message or "The game could not be saved."))
                self.build()
            return
        if not open_saved_game(self.app, info.slot):  # the reason is on screen
            self.build()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw = int(min(w - 80, 760 * s))
        bh = int(56 * s)
        gap = int(14 * s)
        n = len(self.group.widgets)
        y = max(int(130 * s), (h - n * (bh + gap)) // 2)
        for i, b in enumerate(self.group.widgets):
            if i == n - 1:
                b.rect = pygame.Rect(w // 2 - int(110 * s), h - int(90 * s), int(220 * s), int(52 * s))
            else:
                b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
                y += bh + gap

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        title = "Save the game" if self.mode == "save" else "Continue a saved game"
        t = theme.shadow_text(title, 50 * s, theme.GOLD)
        surf.blit(t, (int(40 * s), int(30 * s)))
        sub = ("Choose a slot: the game is saved as it stood at the start of this turn." if self.mode == "save"
               else "Your last game, the game in progress of each other rule set, and the games you saved from the pause menu.")
        st = theme.text(sub, 21 * s, theme.INK_DIM, bold=False, wrap=w - int(84 * s))
        surf.blit(st, (int(42 * s), int(30 * s) + t.get_height() + int(6 * s)))
        if self._layout_size == self.app.size:
            self.group.draw(surf, s)
