"""Opening a saved game from the title screen's Continue or the save slots, and telling the
player what happened.

``open_saved_game(app, slot)`` loads through ``game.storage.saves.load_game`` (which checks every
field, keeps a damaged file aside and falls back to the backup) and then:

* a good save: the game appears, exactly as it was at the start of the saved turn;
* a damaged save whose backup was good: the game appears, with a message over it saying
  that the save before it was used, and where the damaged file was kept;
* a save that cannot be loaded: a message says why, and the title screen stays.

Nothing here raises: whatever is on disk, the player gets a sentence, never a traceback.
"""

from __future__ import annotations

import pygame

from .. import theme
from ..errorlog import log_error
from .common import DialogScene, ErrorScene


class NoticeDialog(DialogScene):
    """A dialog with a plain lead sentence and, below it in smaller type, the details."""

    def __init__(self, app, title: str, lead: str, details: str = "", tone=theme.WARN) -> None:
        super().__init__(app, title, lead, [("OK", "primary", None)], tone=tone)
        self.details = details

    def _texts(self, s: float, width: int):
        lead = theme.text(self.message, 24 * s, theme.INK, bold=False, wrap=width, align="center")
        details = theme.text(self.details, theme.readable(18 * s), theme.INK_DIM, bold=False, wrap=width, align="center") if self.details else None
        return lead, details

    def layout(self, size) -> None:
        super().layout(size)
        s = theme.scale_for(size)
        r = self.panel_rect
        lead, details = self._texts(s, r.w - int(60 * s))
        bh = self.group.widgets[0].rect.h
        h = int(82 * s) + lead.get_height() + (int(14 * s) + details.get_height() if details else 0) + int(30 * s) + bh + int(24 * s)
        r.h = min(h, size[1] - 20)
        r.center = (size[0] // 2, size[1] // 2)
        for b in self.group.widgets:
            b.rect.bottom = r.bottom - int(24 * s)

    def draw(self, surf) -> None:
        self.ensure_layout_for_draw()
        self.draw_backdrop(surf)
        s = self.app.scale
        r = self.panel_rect
        theme.draw_panel(surf, r, radius=int(18 * s), shadow=int(12 * s))
        pygame.draw.rect(surf, self.tone, (r.x + int(20 * s), r.y, r.w - int(40 * s), max(3, int(4 * s))), border_radius=2)
        t = theme.fit_text(self.title, 38 * s, r.w - int(40 * s), self.tone)
        theme.blit_center(surf, t, (r.centerx, r.y + int(46 * s)))
        lead, details = self._texts(s, r.w - int(60 * s))
        y = r.y + int(82 * s)
        surf.blit(lead, (r.centerx - lead.get_width() // 2, y))
        if details is not None:
            y += lead.get_height() + int(14 * s)
            room = max(0, min(b.rect.y for b in self.group.widgets) - int(10 * s) - y)
            surf.blit(details, (r.centerx - details.get_width() // 2, y), area=pygame.Rect(0, 0, details.get_width(), room))
        self.group.draw(surf, s)


def details_of(got, folder=None) -> str:
    """What was wrong with each refused file, and where the damaged ones were kept."""
    parts = []
    if got.problems:
        parts.append("What was wrong: " + "; ".join(got.problems) + ".")
    if got.damaged_files:
        names = ", ".join(p.name for p in got.damaged_files)
        where = got.damaged_files[0].parent
        parts.append(f"The damaged file{'s were' if len(got.damaged_files) > 1 else ' was'} kept as {names} in {where}.")
    return " ".join(parts) or got.message


def slot_title(slot: str) -> str:
    from ...storage.saves.store import slot_title as title_of

    return title_of(slot)


def slot_label(info) -> str:
    """The line for one slot on the Continue / Save screens, in the player's words."""
    if not info.exists:
        return f"{info.title}: empty"
    if info.unreadable:
        return f"{info.title}: could not be read ({info.unreadable})"
    if not info.ok:
        return f"{info.title}: damaged, cannot be loaded"
    line = info.line()
    if info.from_backup:
        line += "  ·  damaged: its earlier copy will load"
    return line


def open_saved_game(app, slot: str) -> bool:
    """Load ``slot`` and put its game on screen (over the title screen); explain any recovery
    or refusal.  True when a game is now on screen."""
    title = slot_title(slot)
    try:
        from ...storage import saves

        got = saves.load_game(slot)
    except Exception as exc:  # load_game never raises for anything on disk; a bug must not reach the player
        path = log_error(f"loading {slot}", exc)
        app.push(ErrorScene(app, "Cannot continue", f"{title} could not be read because of an unexpected problem."
                            + (f" Details are in {path}." if path else "")))
        return False
    if not got.ok:
        if got.missing:
            app.push(ErrorScene(app, "Nothing to continue", f"{title}: there is no saved game."))
        elif got.newer:
            app.push(ErrorScene(app, "Saved by a newer version", got.message))
        elif got.unreadable:  # not damage: the file is left as it is (e.g. no read permission)
            app.push(ErrorScene(app, "Saved game could not be read", got.message))
        else:
            app.push(NoticeDialog(app, "Saved game damaged",
                                  f"{title} is damaged and cannot be loaded, and there is no good earlier copy of it. "
                                  "Nothing else was changed: you can start a new game.",
                                  details_of(got), tone=theme.BAD))
        return False
    from ...rules.state import StateError
    from ...play.session import Session

    try:
        session = Session.from_dict({**(got.session or {}), "state": got.state.to_dict()})
    except (StateError, TypeError, ValueError) as exc:
        app.push(ErrorScene(app, "Cannot continue", f"{title} is damaged: {exc}."))
        return False
    except Exception as exc:
        path = log_error(f"opening {slot}", exc)
        app.push(ErrorScene(app, "Cannot continue", f"{title} could not be opened because of an unexpected problem."
                            + (f" Details are in {path}." if path else "")))
        return False
    app.return_to("title")
    play = app.open("play", session)
    if got.message:
        if got.recovered_from_backup and got.damaged_files:
            lead = (f"{title} was damaged, so the game goes on from the save made before it "
                    "(usually the start of the previous turn).")
            details = details_of(got)
        elif got.recovered_from_backup:
            lead, details = f"{title} was missing, so the game goes on from the save made before it.", ""
        else:
            lead, details = got.message, ""
        dialog = NoticeDialog(app, "Saved game recovered", lead, details)

        def show() -> None:
            if play in app.scenes:
                app.push(dialog)

        # over the game once its tiles are dealt (the play screen runs this from its own update)
        play.schedule(max(0.0, play.busy_until - play.time) + play.dur(0.25), show)
    return True
