"""Claim mode and its input: the Claim button, entering and leaving claim mode, choosing a set,
claiming it or saying why it cannot be claimed; the pointer over the board."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ...play.events import SessionEvent, TurnBegan
from ...rules import actions as act
from ...rules import events as ev_
from .. import keymap, theme
from .art import set_name
from .data import ClaimsData
from .places import ClaimsPlaces


@dataclass(frozen=True)
class Refusal:
    """A set the player asked for and may not claim: outlined in red until ``until``."""

    cells: tuple
    text: str
    until: float


class ClaimMode:
    """Claim mode's state (on or off, the focused option, the set under the pointer, a refusal
    being shown, the Claim button held) and the input that changes it."""

    def __init__(self, scene, data: ClaimsData, places: ClaimsPlaces) -> None:
        self.scene = scene
        self.data = data
        self.places = places
        self.active = False
        self.focus = 0  # index into data.options()
        self.hover_key: str | None = None  # the set under the pointer in claim mode
        self.refused: Refusal | None = None
        self.pressed = False  # the Claim button is held down
        self._press: tuple | None = None  # (pos, key) of a press on a set in claim mode
        self.mouse = (0, 0)

    # -- what the other parts read --------------------------------------------------------------------
    def focused(self) -> dict | None:
        """The option claim mode points at (None out of claim mode or with nothing to claim)."""
        opts = self.data.options()
        return opts[self.focus % len(opts)] if self.active and opts else None

    def pointed_line(self):
        """The board set under the pointer."""
        opts = self.data.options()
        focused = opts[self.focus]["key"] if self.active and opts and self.focus < len(opts) else None
        return self.places.line_at(self.mouse, focused)

    def can_claim_now(self) -> bool:
        return self.data.session.my_turn and not self.scene.input_locked()

    def button_rect(self, lay) -> pygame.Rect:
        """The Claim button: in the status bar, over the sort and end-turn buttons' span."""
        s = lay.s
        x0 = lay.buttons["runs"].x
        x1 = lay.buttons["end"].right
        h = max(20, lay.status.h - int(2 * s))
        return pygame.Rect(x0, lay.status.centery - h // 2, x1 - x0, h)

    # -- life -------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        sc = self.scene
        sess = self.data.session
        if self.active and (not sess.my_turn or sc.drag is not None or sess.phase != "play"):
            self.leave()
        if self.refused is not None and sc.time > self.refused.until:
            self.refused = None

    def on_event(self, ev: SessionEvent) -> None:
        match ev:
            case TurnBegan() | ev_.RoundEnded() | ev_.TimedOut():
                if not self.data.session.my_turn:
                    self.leave()

    # -- claim mode -------------------------------------------------------------------------------------
    def enter(self) -> None:
        sc = self.scene
        sess = self.data.session
        if not sess.my_turn:
            sc.toast("You can claim a set on your turn", theme.INK_DIM)
            return
        if sc.input_locked():
            return
        me = sess.state.players[sess.viewer]
        if sess.variant.options.get("claim_needs_initial", True) and not me.melded:
            need = sess.variant.initial_meld_points(sess.state)
            sc.toast(f"Make your initial play ({need} points or more) before you claim a set", theme.WARN, 4.0)
            sc.app.sound.play("invalid")
            return
        if sess.draft_changed or sess.held_table_tiles():
            sess.reset()
            sc.controls.clear_selection()
            sc.toast("A claim is your whole turn: your tiles went back to where they were (Z brings them back)", theme.WARN, 5.0)
        self.active = True
        self.focus = 0
        opts = self.data.options()
        if opts:
            self.focus = max(range(len(opts)), key=lambda i: opts[i]["points"])
            self.reveal_focus()
        sc.app.sound.play("click")

    def leave(self) -> None:
        self.active = False
        self._press = None
        self.hover_key = None

    def toggle(self) -> None:
        self.leave() if self.active else self.enter()

    def cycle(self, step: int) -> None:
        opts = self.data.options()
        if not opts:
            self.scene.toast("No set can be claimed now: click a set to see why", theme.INK_DIM)
            return
        self.focus = (self.focus + step) % len(opts)
        self.reveal_focus()
        self.scene.app.sound.play("click", 0.5)

    def reveal_focus(self) -> None:
        opts = self.data.options()
        board = self.places.board_view()
        if opts and board is not None:
            board.show_cells(opts[self.focus % len(opts)]["cells"])

    def confirm(self) -> None:
        opts = self.data.options()
        if not opts:
            self.scene.toast("No set can be claimed now: click a set to see why", theme.INK_DIM)
            return
        self.claim(opts[self.focus % len(opts)])

    def claim(self, option: dict) -> None:
        """Claim ``option`` (the whole turn) through the session; the screen hears its events
        (and passes them to every part) when it next polls the session."""
        sess = self.data.session
        if not self.can_claim_now():
            return
        action = act.claim("claim", cells=[list(c) for c in option["cells"]], vertical=option["vertical"])
        if sess.human_action(action).ok:
            self.leave()
            self.scene.controls.clear_selection()

    def refuse(self, line) -> None:
        """The player asked for a set they may not claim: say why."""
        sc = self.scene
        probs = self.data.problems_for(line.cells, line.vertical) or ["that set cannot be claimed now"]
        text = f"You cannot claim {set_name(line.tiles)}: {probs[0]}"
        self.refused = Refusal(tuple(line.cells), text, sc.time + 3.0)
        sc.toast(text, theme.BAD, 4.5)
        sc.app.sound.play("invalid")

    def click_line(self, line) -> None:
        key = self.data.key_of(line)
        for i, o in enumerate(self.data.options()):
            if o["key"] == key:
                self.focus = i
                self.claim(o)
                return
        self.refuse(line)

    # -- input ------------------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        sc = self.scene
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.active and sc.drag is None:
                line = self.pointed_line()
                self.hover_key = self.data.key_of(line) if line is not None else None
                if line is not None:
                    for i, o in enumerate(self.data.options()):
                        if o["key"] == self.hover_key:
                            self.focus = i
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            if ev.button == 1 and self.button_rect(sc.layout()).collidepoint(ev.pos):
                self.pressed = True
                return True
            if self.active and ev.button == 1:
                line = self.pointed_line()
                if line is not None:
                    self._press = (ev.pos, self.data.key_of(line))
                    return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.mouse = ev.pos
            if self.pressed:
                self.pressed = False
                if self.button_rect(sc.layout()).collidepoint(ev.pos):
                    self.toggle()
                return True
            if self._press is not None:
                start, _key = self._press
                self._press = None
                line = self.pointed_line()
                if line is not None and self.active and math.hypot(ev.pos[0] - start[0], ev.pos[1] - start[1]) < 12:
                    self.click_line(line)
                return True
            return False
        if ev.type == pygame.KEYDOWN:
            return self.key(ev)
        return False

    def key(self, ev) -> bool:
        """Claim mode's keys (``game.ui.keymap``, "claim": Shift/Ctrl+arrows are the board's)."""
        match keymap.intent(ev, "claim"):
            case "claim":
                self.toggle()
            case _ if not self.active:
                return False
            case "back":
                self.leave()
            case "next":
                self.cycle(1)
            case "previous":
                self.cycle(-1)
            case "choose":
                self.confirm()
            case _:
                return False
        return True
