"""Opening a saved game from the title screen's Continue or the save slots, and telling the
player what happened.

``open_saved_game(app, slot)`` loads through ``game.saves.load_game`` (which checks every
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
from ..app import log_error
from .common import DialogScene, ErrorScene, blurred


class NoticeDialog(DialogScene):
    """A dialog with a plain lead sentence and, below it in smaller type, the details."""

    def __init__(self, app, title: str, lead: str, details: str = "", tone=theme.WARN) -> None:
        super().__init__(app, title, lead, [("OK", "primary", None)], tone=tone)
        self.details = details

    def layout(self, size) -> None:
        super().layout(size)
        if not self.details:
            return
        s = theme.scale_for(size)
        r = self.panel_rect
        extra = len(theme.wrap_lines(self.details, 18 * s, r.w - int(60 * s))) * int(21 * s) + int(14 * s)
        grow = min(extra, max(0, size[1] - 20 - r.h))
        r.h += grow
        r.centery = size[1] // 2
        for b in self.group.widgets:
            b.rect.bottom = r.bottom - int(24 * s)

    def draw(self, surf) -> None:
        super().draw(surf)
        if not self.details:
            return
        s = self.app.scale
        r = self.panel_rect
        lead = theme.text(self.message, 24 * s, theme.INK, bold=False, wrap=r.w - int(60 * s), align="center")
        top = r.y + int(82 * s) + lead.get_height() + int(14 * s)
        bottom = min(b.rect.y for b in self.group.widgets) - int(8 * s)
        body = theme.text(self.details, 18 * s, theme.INK_DIM, bold=False, wrap=r.w - int(60 * s), align="center")
        area = pygame.Rect(r.x + int(30 * s), top, r.w - int(60 * s), max(0, bottom - top))
        surf.blit(body, (r.centerx - body.get_width() // 2, top), area=pygame.Rect(0, 0, body.get_width(), area.h))


def slot_title(slot: str) -> str:
    try:
        from ...saves.store import SLOT_TITLES

        return SLOT_TITLES.get(slot, slot)
    except ImportError:
        return slot


def slot_label(info) -> str:
    """The line for one slot on the Continue / Save screens, in the player's words."""
    if not info.exists:
        return f"{info.title}: empty"
    if not info.ok:
        return f"{info.title}: damaged, cannot be loaded"
    line = info.line()
    if info.from_backup:
        line += "  (damaged: the save before it will be used)"
    return line


def _push_over_game(app, dialog) -> None:
    """Show ``dialog`` over the game just put on screen (not over the menu it came from)."""
    try:
        picture = app.snapshot()
    except Exception:
        picture = None
    app.push(dialog)
    if picture is not None:
        try:
            dialog.backdrop = blurred(picture)
        except Exception:
            pass


def open_saved_game(app, slot: str) -> bool:
    """Load ``slot`` and put its game on screen (over the title screen); explain any recovery
    or refusal.  True when a game is now on screen."""
    title = slot_title(slot)
    try:
        from ... import saves

        got = saves.load_game(slot)
    except Exception as exc:  # load_game never raises for anything on disk; a bug must not reach the player
        path = log_error(f"loading {slot}", exc)
        app.push(ErrorScene(app, "Cannot continue", f"{title} could not be read because of an unexpected problem."
                            + (f" Details are in {path}." if path else "")))
        return False
    if not got.ok:
        if got.missing:
            app.push(ErrorScene(app, "Nothing to continue", f"{title}: there is no saved game."))
        else:
            app.push(NoticeDialog(app, "Saved game damaged",
                                  f"{title} is damaged and cannot be loaded, and there is no good earlier copy of it. "
                                  "Nothing else was changed: you can start a new game.",
                                  got.message, tone=theme.BAD))
        return False
    from ...rules.state import StateError
    from ...session import Session
    from .play import PlayScene
    from .title import TitleScene

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
    app.pop_to(TitleScene)
    if app.top is None:
        app.push(TitleScene(app))
    app.push(PlayScene(app, session))
    if got.message:
        if got.recovered_from_backup and got.damaged_files:
            lead = (f"{title} was damaged, so the game goes on from the save made before it "
                    "(usually the start of the previous turn).")
        elif got.recovered_from_backup:
            lead = f"{title} was missing, so the game goes on from the save made before it."
        else:
            lead = got.message
        _push_over_game(app, NoticeDialog(app, "Saved game recovered", lead, got.message if lead != got.message else ""))
    return True
