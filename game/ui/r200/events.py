"""The claims plugin's life: its animations' clock and the session's events (a claim by anyone
is played out as tokens dropping onto the tiles, and told in a message)."""

from __future__ import annotations

from ...play.events import SessionEvent, TurnBegan
from ...rules import events as ev_
from .. import theme
from .art import TOKEN_POP, TOKEN_STEP, token_colour


class ClaimsEvents:
    """``update``, ``on_event`` and the story of each claim."""

    # -- plugin hooks: life --------------------------------------------------------------------------
    def animating(self) -> bool | None:
        """Claim mode pulses and a claim's tokens land: the play screen draws every frame."""
        return True if (self.mode or self.anims) else None

    def update(self, dt: float) -> None:
        sc = self.scene
        if self.mode and (not self.session.my_turn or sc.drag is not None or self.session.phase != "play"):
            self.leave_mode()
        if self.refused is not None and sc.time > self.refused[2]:
            self.refused = None
        players = self.session.players
        if len(self.shown_points) != len(players):
            self.shown_points = [float(p.score) for p in players]
        k = 1.0 if sc.speed() <= 0 else min(1.0, dt * 5.0)
        for i, p in enumerate(players):
            if i in self.holding_bars():
                continue
            d = p.score - self.shown_points[i]
            self.shown_points[i] = float(p.score) if abs(d) < 0.5 else self.shown_points[i] + d * k
        self.anims = {key: a for key, a in self.anims.items() if sc.time < a["until"]}

    def holding_bars(self) -> set[int]:
        """Seats whose bar waits for the tokens still landing."""
        sc = self.scene
        out = set()
        for a in self.anims.values():
            if sc.time < a["land"]:
                out.add(a["seat"])
                if a.get("from") is not None:
                    out.add(a["from"])
        return out

    def on_event(self, ev: SessionEvent) -> None:
        sc = self.scene
        match ev:
            case ev_.Claimed():
                self.show_claim(ev)
            case ev_.ClaimReleased():
                sc.toast(sc.narrator().tell(ev).rstrip("."), theme.WARN, 4.5)
            case TurnBegan() | ev_.RoundEnded() | ev_.TimedOut():
                if not self.session.my_turn:
                    self.leave_mode()
        return None

    def show_claim(self, ev: ev_.Claimed) -> None:
        sc = self.scene
        seat = ev.seat
        cells = list(ev.cells)
        n = len(cells)
        start = max(sc.time, sc.busy_until) if seat != self.session.viewer else sc.time
        land = start + sc.dur(TOKEN_STEP * n + TOKEN_POP)
        self.anims[ev.key] = {"start": start, "land": land, "until": land + sc.dur(1.8), "seat": seat,
                              "kind": ev.kind, "cells": cells, "from": ev.taken_from}
        sc.busy_until = max(sc.busy_until, land + sc.dur(0.5))
        text, colour = self.claim_message(ev)

        def land_fx() -> None:
            if sc.closed:
                return
            sc.toast(text, colour, 5.0)
            sc.app.sound.play("pop")
            lay2 = sc.layout()
            rect = self.set_rect(cells, list(ev.tiles), lay2)
            pts = ev.points
            if rect is not None and sc.speed() > 0:
                sc.effects.burst(rect.centerx, rect.centery, token_colour(seat), n=16, speed=220 * lay2.s, size=4 * lay2.s)
                sc.effects.float_text(f"+{pts}", rect.centerx, rect.y - int(6 * lay2.s), token_colour(seat), 38 * lay2.s)
            frm = ev.taken_from
            if frm is not None and frm != seat and sc.speed() > 0:
                box = sc.seat_box(frm)
                sc.effects.float_text(f"−{pts}", box.face_center[0], box.face_center[1] - box.face_size // 2,
                                      token_colour(frm), 34 * lay2.s)
        sc.schedule(max(0.0, start - sc.time) + sc.dur(0.05), lambda: sc.app.sound.play("place", 0.5))
        sc.schedule(max(0.0, land - sc.time), land_fx)

    def claim_message(self, ev: ev_.Claimed) -> tuple[str, tuple]:
        return self.scene.narrator().claim(ev), token_colour(ev.seat)
