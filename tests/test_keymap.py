"""One keymap turns keys into intents for every screen: the keys README promises, and a screen that
follows the table (rebind an intent and the screen answers the new key, not the old one)."""

from __future__ import annotations

import pygame
import pytest

from game.play.session import TABLE
from game.ui import keymap
from uidrive import cell_center, drag, key, open_play, tile_center
from uihelp import human_session, tiles

pytestmark = pytest.mark.app(speed=1.0)

SHIFT, CTRL = pygame.KMOD_SHIFT, pygame.KMOD_CTRL


def press(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


# (context, key, modifiers, intent): README's controls paragraphs, key by key
DOCUMENTED = [
    ("play", pygame.K_LEFT, 0, "left"),
    ("play", pygame.K_RIGHT, 0, "right"),
    ("play", pygame.K_UP, 0, "up"),
    ("play", pygame.K_DOWN, 0, "down"),
    ("play", pygame.K_TAB, 0, "switch_area"),
    ("play", pygame.K_RETURN, 0, "select"),
    ("play", pygame.K_KP_ENTER, 0, "select"),
    ("play", pygame.K_RETURN, SHIFT, "insert"),
    ("play", pygame.K_SPACE, 0, "end_turn"),
    ("play", pygame.K_z, 0, "undo"),
    ("play", pygame.K_r, 0, "reset"),
    ("play", pygame.K_h, 0, "hint"),
    ("play", pygame.K_s, 0, "sort_runs"),
    ("play", pygame.K_g, 0, "sort_groups"),
    ("play", pygame.K_ESCAPE, 0, "pause"),
    ("play", pygame.K_p, 0, "pause"),
    ("play", pygame.K_x, 0, "deselect"),
    ("app", pygame.K_F11, 0, "fullscreen"),
    ("turn_log", pygame.K_l, 0, "turn_log"),
    ("set_grip", pygame.K_m, 0, "move_set"),
    ("set_grip", pygame.K_RETURN, 0, "place"),
    ("set_grip", pygame.K_ESCAPE, 0, "cancel"),
    ("hint", pygame.K_h, 0, "next_step"),
    ("hint", pygame.K_h, SHIFT, "apply_hint"),
    ("hint", pygame.K_ESCAPE, 0, "close"),
    ("click_controls", pygame.K_n, 0, "new_set"),
    ("click_controls", pygame.K_c, 0, "split"),
    ("click_controls", pygame.K_a, 0, "add_to_set"),
    ("click_controls", pygame.K_t, 0, "take_tile"),
    ("board", pygame.K_PLUS, 0, "zoom_in"),
    ("board", pygame.K_EQUALS, 0, "zoom_in"),
    ("board", pygame.K_MINUS, 0, "zoom_out"),
    ("board", pygame.K_HOME, 0, "centre"),
    ("board", pygame.K_v, 0, "orientation"),
    ("board", pygame.K_LEFT, SHIFT, "pan_left"),
    ("board", pygame.K_DOWN, CTRL, "pan_down"),
    ("claim", pygame.K_c, 0, "claim"),
    ("claim", pygame.K_TAB, 0, "next"),
    ("claim", pygame.K_TAB, SHIFT, "previous"),
    ("claim", pygame.K_RIGHT, 0, "next"),
    ("claim", pygame.K_UP, 0, "previous"),
    ("claim", pygame.K_RETURN, 0, "choose"),
    ("claim", pygame.K_ESCAPE, 0, "back"),
    ("puzzle", pygame.K_k, 0, "skip"),
    ("lesson", pygame.K_ESCAPE, 0, "leave"),
    ("menu", pygame.K_DOWN, 0, "focus_next"),
    ("menu", pygame.K_TAB, 0, "focus_next"),
    ("menu", pygame.K_TAB, SHIFT, "focus_previous"),
    ("menu", pygame.K_RETURN, 0, "activate"),
    ("menu", pygame.K_SPACE, 0, "activate"),
    ("menu", pygame.K_ESCAPE, 0, "back"),
    ("menu", pygame.K_BACKSPACE, 0, "back"),
    ("form", pygame.K_KP_ENTER, 0, "start"),
    ("field", pygame.K_ESCAPE, 0, "cancel"),
    ("field", pygame.K_RETURN, 0, "commit"),
    ("field", pygame.K_TAB, 0, "commit_and_move"),
    ("tabs", pygame.K_TAB, CTRL, "next_tab"),
    ("tabs", pygame.K_TAB, CTRL | SHIFT, "previous_tab"),
    ("tabs", pygame.K_PAGEUP, 0, "previous_tab"),
    ("tabs", pygame.K_3, 0, "tab_3"),
    ("replay", pygame.K_PAGEDOWN, 0, "forward_10"),
    ("replay", pygame.K_END, 0, "last"),
    ("replay", pygame.K_s, 0, "show_best_play"),
    ("rules", pygame.K_SPACE, 0, "page_down"),
    ("scroll", pygame.K_HOME, 0, "top"),
    ("bracket", pygame.K_RIGHT, SHIFT, "scroll_right"),
    ("bracket", pygame.K_RIGHT, 0, "focus_next"),
]


@pytest.mark.parametrize("context,k,mod,name", DOCUMENTED)
def test_each_documented_key_means_its_intent(context, k, mod, name):
    assert keymap.intent(press(k, mod), context) == name


def test_modifiers_and_contexts_decide():
    assert keymap.intent(press(pygame.K_LEFT), "board") is None  # plain arrows move, they do not pan
    assert keymap.intent(press(pygame.K_LEFT, SHIFT), "claim") is None  # Shift+arrows are the board's
    assert keymap.intent(press(pygame.K_c, CTRL), "claim") is None
    assert keymap.intent(press(pygame.K_q), "play", "app") is None
    assert keymap.intent(press(pygame.K_SPACE), "results") is None  # Space was meant for the table
    assert keymap.intent(press(pygame.K_TAB), "tabs") is None  # plain Tab moves the focus
    # the first context that binds the key wins: the hint's H before the play screen's
    assert keymap.intent(press(pygame.K_h), "hint", "play") == "next_step"
    assert keymap.intent(press(pygame.K_h), "play", "hint") == "hint"
    assert keymap.intent(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1), "play") is None


def test_no_key_means_two_things_in_one_context():
    for context, bindings in keymap.KEYMAP.items():
        seen: dict[tuple, str] = {}
        for b in bindings:
            for k in b.keys:
                spot = (k, b.held, b.without)
                assert seen.setdefault(spot, b.intent) == b.intent, (context, pygame.key.name(k))


def test_the_play_screen_follows_the_table(app, monkeypatch):
    sess = human_session("R10 R11 R12")
    play = open_play(app, sess)
    r10 = tiles("R10")[0]
    rebound = tuple(keymap.Binding((pygame.K_u,), "undo") if b.intent == "undo" else b for b in keymap.KEYMAP["play"])
    monkeypatch.setitem(keymap.KEYMAP, "play", rebound)
    drag(app, tile_center(play, r10), cell_center(play, TABLE, (2, 5)))
    assert sess.table().get((2, 5)) == r10
    key(app, pygame.K_z)  # no longer undo
    assert sess.table().get((2, 5)) == r10
    key(app, pygame.K_u)
    assert sess.table().get((2, 5)) is None and r10 in sess.rack.slots
