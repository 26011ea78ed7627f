"""The attract mode (``python main.py --demo``): the computer plays every seat.

A demo is an ordinary ``Session`` with ``demo=True``: it saves after every turn, after
each new deal and when the window closes, exactly as a game does, but into its own slot
(``game.storage.saves.DEMO_SLOT``), so the player's autosave is never touched, and it never
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
    play.closing()
    app.return_to("title")


def draw_badge(surf, play, lay) -> None:
    """A pill in the middle of the header bar saying how to leave the demo (pulses gently)."""
    import math

    s = lay.s
    h = lay.header
    # the header's own texts on the left (as PlayScene.draw_header lays them out), the pool on the right
    logo = theme.text("TILE RUSH", 28 * s, theme.GOLD)
    x = int(14 * s) + logo.get_width() + int(14 * s)
    header = play.header_text()
    info = theme.fit_text(header, 22 * s, max(40, lay.pool.x - x - int(16 * s)), theme.INK_DIM)
    left = x + info.get_width() + int(24 * s)
    right = lay.pool.x - int(16 * s)
    if right - left < 120 * s:
        return
    a = 0.75 + 0.25 * math.sin(play.time * 2.2)
    colour = theme.mix(theme.INK_DIM, theme.GOLD, a)
    img = theme.fit_text(HINT, 19 * s, right - left - int(30 * s), colour)
    pill = pygame.Rect(0, 0, img.get_width() + int(30 * s), min(h.h - int(8 * s), img.get_height() + int(12 * s)))
    pill.center = ((left + right) // 2, h.centery)
    surf.blit(theme.panel(pill.size, radius=pill.h // 2, fill=(6, 12, 22), alpha=225, shadow=0, edge=theme.GOLD_DARK), pill.topleft)
    surf.blit(img, img.get_rect(center=pill.center))
