"""Starting a new game of a rule set whose game is still in progress: ask first.

The safe choice (go on with the saved game) is the focused button and what Esc does;
only "Start a new game" ends the saved one (``game.storage.saves.shelf.discard``)."""

from __future__ import annotations

from typing import Callable

from ...rules.state import HUMAN
from ...storage.saves import shelf
from .. import theme
from ..errorlog import log_error
from .common import DialogScene


def describe(info) -> str:
    them = [name for name, kind, _ in info.players if kind != HUMAN]
    who = (", ".join(them[:-1]) + " and " + them[-1]) if len(them) > 1 else (them[0] if them else "")
    return f"round {info.round}" + (f" against {who}" if who else "")


def ask_before_replacing(app, variant: str, start_new: Callable[[], None]) -> bool:
    """When ``variant`` has an unfinished saved game, ask before a new one replaces it (True:
    the question is on screen and its answer does the rest)."""
    try:
        found = shelf.in_progress(variant)
    except Exception as exc:  # an unreadable saves folder: nothing to lose by starting
        log_error("looking for a game in progress", exc)
        return False
    if not found:
        return False
    info = found[0]

    def new_game() -> None:
        try:
            shelf.discard(variant)
        except Exception as exc:
            log_error("discarding the game in progress", exc)
        start_new()

    def keep_playing() -> None:
        from .loading import open_saved_game

        open_saved_game(app, info.slot)

    message = (f"Your {info.variant_title} game ({describe(info)}) is not finished. "
               "A new game of this rule set replaces it: it cannot be continued afterwards.")
    app.push(DialogScene(app, "A game is in progress", message,
                         [("Start a new game", "danger", new_game), ("Continue that game", "primary", keep_playing)],
                         tone=theme.WARN, focus=1))  # the safe choice is focused
    return True
