"""Claim mode and input: entering and leaving claim mode, choosing a set, claiming it, and the
plugin's ``handle`` and ``key`` hooks."""

from __future__ import annotations

import math

import pygame

from ...rules import actions as act
from .. import keymap, theme, variant_ui
from ..boardview import BoardView
from .art import set_name


class ClaimsInput:
    """Claim mode: cycle, confirm, claim or refuse a set; mouse and keys."""

    # -- claim mode ----------------------------------------------------------------------------------
    def can_claim_now(self) -> bool:
        sc = self.scene
        return self.session.my_turn and not sc.input_locked()

    def enter_mode(self) -> None:
        sc = self.scene
        sess = self.session
        if not sess.my_turn:
            sc.toast("You can claim a set on your turn", theme.INK_DIM)
            return
        if sc.input_locked():
            return
        me = sess.state.players[sess.viewer]
        if self.variant.options.get("claim_needs_initial", True) and not me.melded:
            need = self.variant.initial_meld_points(sess.state)
            sc.toast(f"Make your initial play ({need} points or more) before you claim a set", theme.WARN, 4.0)
            sc.app.sound.play("invalid")
            return
        if sess.draft_changed or sess.held_table_tiles():
            sess.reset()
            sc.selection = []
            sc.toast("A claim is your whole turn: your tiles went back to where they were (Z brings them back)", theme.WARN, 5.0)
        self.mode = True
        self.focus = 0
        opts = self.options()
        if opts:
            best = max(range(len(opts)), key=lambda i: opts[i]["points"])
            self.focus = best
            self.reveal_focus()
        sc.app.sound.play("click")

    def leave_mode(self) -> None:
        self.mode = False
        self.claim_press = None
        self.hover_key = None

    def cycle(self, step: int) -> None:
        opts = self.options()
        if not opts:
            self.scene.toast("No set can be claimed now: click a set to see why", theme.INK_DIM)
            return
        self.focus = (self.focus + step) % len(opts)
        self.reveal_focus()
        self.scene.app.sound.play("click", 0.5)

    def reveal_focus(self) -> None:
        opts = self.options()
        if not opts:
            return
        board = variant_ui.find(self.scene.plugin, BoardView)
        if board is not None:
            board.show_cells(opts[self.focus % len(opts)]["cells"])

    def confirm(self) -> None:
        opts = self.options()
        if not opts:
            self.scene.toast("No set can be claimed now: click a set to see why", theme.INK_DIM)
            return
        self.claim(opts[self.focus % len(opts)])

    def claim(self, option: dict) -> None:
        sc = self.scene
        sess = self.session
        if not self.can_claim_now():
            return
        action = act.claim("claim", cells=[list(c) for c in option["cells"]], vertical=option["vertical"])
        out = sess.human_action(action)
        events = sess.poll_events()
        for ev in events:
            sc.on_event(ev)
        if out.ok:
            self.leave_mode()
            sc.selection = []

    def refuse(self, line) -> None:
        """The player asked for a set they may not claim: say why."""
        sc = self.scene
        probs = self.problems_for(line.cells, line.vertical) or ["that set cannot be claimed now"]
        text = f"You cannot claim {set_name(line.tiles)}: {probs[0]}"
        self.refused = (tuple(line.cells), text, sc.time + 3.0)
        sc.toast(text, theme.BAD, 4.5)
        sc.app.sound.play("invalid")

    def click_line(self, line) -> None:
        key = self.key_of(line)
        opts = self.options()
        for i, o in enumerate(opts):
            if o["key"] == key:
                self.focus = i
                self.claim(o)
                return
        self.refuse(line)

    # -- plugin hooks: input -------------------------------------------------------------------------
    def button_rect(self, lay) -> pygame.Rect:
        s = lay.s
        x0 = lay.buttons["runs"].x
        x1 = lay.buttons["end"].right
        h = max(20, lay.status.h - int(2 * s))
        return pygame.Rect(x0, lay.status.centery - h // 2, x1 - x0, h)

    def handle(self, ev) -> bool:
        sc = self.scene
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.mode and sc.drag is None:
                line = self.line_at(ev.pos)
                self.hover_key = self.key_of(line) if line is not None else None
                if line is not None:
                    for i, o in enumerate(self.options()):
                        if o["key"] == self.hover_key:
                            self.focus = i
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            lay = sc.layout()
            if ev.button == 1 and self.button_rect(lay).collidepoint(ev.pos):
                self.pressed = "claim"
                return True
            if self.mode and ev.button == 1:
                line = self.line_at(ev.pos)
                if line is not None:
                    self.claim_press = (ev.pos, self.key_of(line))
                    return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.mouse = ev.pos
            if self.pressed is not None:
                self.pressed = None
                if self.button_rect(sc.layout()).collidepoint(ev.pos):
                    self.leave_mode() if self.mode else self.enter_mode()
                return True
            if self.claim_press is not None:
                start, key = self.claim_press
                self.claim_press = None
                line = self.line_at(ev.pos)
                if line is not None and self.mode and math.hypot(ev.pos[0] - start[0], ev.pos[1] - start[1]) < 12:
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
                self.leave_mode() if self.mode else self.enter_mode()
            case _ if not self.mode:
                return False
            case "back":
                self.leave_mode()
            case "next":
                self.cycle(1)
            case "previous":
                self.cycle(-1)
            case "choose":
                self.confirm()
            case _:
                return False
        return True
