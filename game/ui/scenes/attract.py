"""The attract mode (``python main.py --demo``): the computer plays every seat.

A demo is an ordinary ``Session`` with ``demo=True``: it saves after every turn, after
each new deal and when the window closes, exactly as a game does, but into its own slot
(``game.saves.DEMO_SLOT``), so the player's autosave is never touched, and it never
counts in the statistics.  Results move on by themselves (the play screen's
``auto_next``) and a new game follows each finished one.

Any key or mouse click returns to the title screen (the demo is saved first, as a game
is on "Save and quit"); closing the window saves and ends it like any game.
"""

from __future__ import annotations

import pygame

from .. import theme

HINT = "DEMO  ·  press any key or click to return to the title"


def leaves_demo(ev) -> bool:
    """Does this event end the attract mode?"""
    return ev.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)


def leave_demo(app, play) -> None:
    """Save the demo (as closing a game does) and go back to the title screen."""
    from .title import TitleScene

    play.closing()
    app.pop_to(TitleScene)
    if app.top is None:
        app.push(TitleScene(app))


def draw_badge(surf, play, lay) -> None:
    """A pill at the top of the table saying how to leave the demo (pulses gently)."""
    s = lay.s
    import math

    a = 0.75 + 0.25 * math.sin(play.time * 2.2)
    colour = theme.mix(theme.INK_DIM, theme.GOLD, a)
    img = theme.fit_text(HINT, 20 * s, int(lay.table.w * 0.8), colour)
    pill = pygame.Rect(0, 0, img.get_width() + int(30 * s), img.get_height() + int(12 * s))
    pill.midtop = (lay.table.centerx, lay.table.y + int(10 * s))
    surf.blit(theme.panel(pill.size, radius=pill.h // 2, fill=(6, 12, 22), alpha=225, shadow=0, edge=theme.GOLD_DARK), pill.topleft)
    surf.blit(img, (pill.x + int(15 * s), pill.y + int(6 * s)))
