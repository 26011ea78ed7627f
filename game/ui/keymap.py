"""One table from keys to intents, for every screen.

A key press means a named action (an *intent*: ``"end_turn"`` (Space: draw or end the turn),
``"undo"``, ``"hint"``, ``"sort_runs"``, ``"pause"``, ...) in a *context*: the play screen, the click controls, the
hint's bar, the Rummi200kub board, a menu.  A screen or a part of one asks ``intent(ev, context, ...)``
and dispatches on the name (``match intent:``), never on raw ``K_*`` codes, so the keys players
know (README, "Controls") are written once, here.

Within a context the first binding that fits wins: a binding with ``held`` modifiers needs each
of them held (Ctrl+Shift+Tab), one with ``without`` refuses them (Shift+arrows pan the board,
plain arrows move).  Contexts are asked in the order given, so a part that is active asks its own
context first.  Typing into a text or number field (letters, digits, Backspace) is not an
intent: those fields read the keys themselves; the keys that end typing are ("field").
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

SHIFT = pygame.KMOD_SHIFT
CTRL = pygame.KMOD_CTRL
META = pygame.KMOD_META
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass(frozen=True)
class Binding:
    keys: tuple[int, ...]
    intent: str
    held: tuple[int, ...] = ()  # modifiers that must all be held (each ``SHIFT``, ``CTRL`` or ``META``)
    without: int = 0  # modifiers none of which may be held

    def fits(self, key: int, mod: int) -> bool:
        return key in self.keys and all(mod & m for m in self.held) and not mod & self.without


def _b(intent: str, *keys: int, held: tuple[int, ...] = (), without: int = 0) -> Binding:
    return Binding(tuple(keys), intent, held, without)


K = pygame
KEYMAP: dict[str, tuple[Binding, ...]] = {
    # everywhere (the app itself)
    "app": (_b("fullscreen", K.K_F11),),
    # the play screen: README's keyboard paragraph
    "play": (
        _b("pause", K.K_ESCAPE, K.K_p),
        _b("end_turn", K.K_SPACE),  # draws when the table is unchanged
        _b("undo", K.K_z),
        _b("reset", K.K_r),
        _b("hint", K.K_h),
        _b("sort_runs", K.K_s),
        _b("sort_groups", K.K_g),
        _b("deselect", K.K_x, K.K_BACKSPACE, K.K_DELETE),
        _b("left", K.K_LEFT),
        _b("right", K.K_RIGHT),
        _b("up", K.K_UP),
        _b("down", K.K_DOWN),
        _b("switch_area", K.K_TAB),
        _b("insert", *ENTER, held=(SHIFT,)),  # selected tiles go in before the tile under the cursor
        _b("select", *ENTER),
    ),
    # the turn log in the header
    "turn_log": (_b("turn_log", K.K_l),),
    # the hint shown on the table (H again: the next step)
    "hint": (
        _b("apply_hint", K.K_h, held=(SHIFT,)),
        _b("next_step", K.K_h),
        _b("more", K.K_m),
        _b("close", K.K_ESCAPE),
    ),
    # moving a whole set with the keyboard (M over it)
    "set_grip": (
        _b("move_set", K.K_m),
        _b("cancel", K.K_ESCAPE),
        _b("place", *ENTER),
    ),
    # the click controls of a flat table
    "click_controls": (
        _b("cancel", K.K_ESCAPE),
        _b("new_set", K.K_n),
        _b("split", K.K_c),
        _b("add_to_set", K.K_a),
        _b("take_tile", K.K_t),
        _b("confirm", *ENTER),
    ),
    # a puzzle of a Rummi Rush run: K skips it
    "puzzle": (_b("skip", K.K_k),),
    # Rummi200kub's board: zoom, pan, centre, across / down
    "board": (
        *(_b(way, key, held=(mod,)) for mod in (SHIFT, CTRL) for way, key in (
            ("pan_left", K.K_LEFT), ("pan_right", K.K_RIGHT), ("pan_up", K.K_UP), ("pan_down", K.K_DOWN))),
        _b("zoom_in", K.K_PLUS, K.K_EQUALS, K.K_KP_PLUS),
        _b("zoom_out", K.K_MINUS, K.K_KP_MINUS),
        _b("centre", K.K_HOME, K.K_0, K.K_KP0),
        _b("orientation", K.K_v),
    ),
    # the flat table's camera: zoom, pan, Fit (as the board, without across / down)
    "table": (
        *(_b(way, key, held=(mod,)) for mod in (SHIFT, CTRL) for way, key in (
            ("pan_left", K.K_LEFT), ("pan_right", K.K_RIGHT), ("pan_up", K.K_UP), ("pan_down", K.K_DOWN))),
        _b("zoom_in", K.K_PLUS, K.K_EQUALS, K.K_KP_PLUS),
        _b("zoom_out", K.K_MINUS, K.K_KP_MINUS),
        _b("centre", K.K_HOME, K.K_0, K.K_KP0),  # Fit
    ),
    # Rummi200kub's claim mode (C): choose a set to claim
    "claim": (
        _b("claim", K.K_c, without=CTRL | META),
        _b("back", K.K_ESCAPE),
        _b("previous", K.K_TAB, held=(SHIFT,)),
        _b("next", K.K_TAB),
        _b("next", K.K_RIGHT, K.K_DOWN, without=SHIFT | CTRL),  # Shift/Ctrl+arrows pan the board
        _b("previous", K.K_LEFT, K.K_UP, without=SHIFT | CTRL),
        _b("choose", *ENTER, K.K_SPACE),
    ),
    # a lesson passed: Esc leaves it, any other key goes on
    "lesson": (_b("leave", K.K_ESCAPE),),
    # a column of buttons (``widgets.Group``) and the screens made of one
    "menu": (
        _b("focus_previous", K.K_TAB, held=(SHIFT,)),
        _b("focus_next", K.K_DOWN, K.K_TAB),
        _b("focus_previous", K.K_UP),
        _b("left", K.K_LEFT),
        _b("right", K.K_RIGHT),
        _b("activate", *ENTER, K.K_SPACE),
        _b("back", K.K_ESCAPE, K.K_BACKSPACE),
    ),
    # a text or number field being typed into (typing itself reads the keys)
    "field": (
        _b("cancel", K.K_ESCAPE),
        _b("commit", *ENTER),
        _b("commit_and_move", K.K_UP, K.K_DOWN, K.K_TAB),
    ),
    # a form that Enter submits from any field (new game, tournament entry)
    "form": (_b("start", *ENTER),),
    # the keys a result screen takes (its buttons'; never Space or H, meant for the table)
    "results": (_b("button", *ENTER, K.K_ESCAPE, K.K_BACKSPACE, K.K_LEFT, K.K_RIGHT, K.K_UP, K.K_DOWN, K.K_TAB),),
    # a long page: the rules, the tournament bracket
    "scroll": (
        _b("line_down", K.K_DOWN),
        _b("line_up", K.K_UP),
        _b("page_down", K.K_PAGEDOWN),
        _b("page_up", K.K_PAGEUP),
        _b("top", K.K_HOME),
        _b("bottom", K.K_END),
    ),
    # the rules screen (a page that scrolls; left / right change the rule set)
    "rules": (
        _b("page_down", K.K_SPACE),
        _b("previous", K.K_LEFT),
        _b("next", K.K_RIGHT),
        _b("back", *ENTER),
    ),
    # the tournament bracket (Shift+left / right scroll a wide bracket sideways)
    "bracket": (
        _b("scroll_left", K.K_LEFT, held=(SHIFT,)),
        _b("scroll_right", K.K_RIGHT, held=(SHIFT,)),
        _b("focus_previous", K.K_LEFT),
        _b("focus_next", K.K_RIGHT),
        _b("back", K.K_ESCAPE, K.K_BACKSPACE),
    ),
    # the statistics' tabs
    "tabs": (
        _b("previous_tab", K.K_TAB, held=(CTRL, SHIFT)),
        _b("next_tab", K.K_TAB, held=(CTRL,)),
        _b("previous_tab", K.K_LEFT, K.K_PAGEUP),
        _b("next_tab", K.K_RIGHT, K.K_PAGEDOWN),
        *(_b(f"tab_{n}", k) for n, k in enumerate(
            (K.K_1, K.K_2, K.K_3, K.K_4, K.K_5, K.K_6, K.K_7, K.K_8, K.K_9), start=1)),
    ),
    # a replay, turn by turn
    "replay": (
        _b("previous", K.K_LEFT),
        _b("next", K.K_RIGHT),
        _b("back_10", K.K_PAGEUP),
        _b("forward_10", K.K_PAGEDOWN),
        _b("first", K.K_HOME),
        _b("last", K.K_END),
        _b("show_best_play", K.K_s),
    ),
}


def intent(ev, *contexts: str) -> str | None:
    """The intent of a key press (a ``KEYDOWN`` event) in the first of ``contexts`` that binds it;
    None for any other event or an unbound key."""
    if ev.type != pygame.KEYDOWN:
        return None
    key, mod = ev.key, getattr(ev, "mod", 0)
    for context in contexts:
        for binding in KEYMAP[context]:
            if binding.fits(key, mod):
                return binding.intent
    return None

