"""The claims' clock: a claim by anyone is played out (its tokens drop onto the tiles one by
one, then it is told in a message) and the race bars follow the points once the tokens land."""

from __future__ import annotations

from dataclasses import dataclass

from ...play.events import SessionEvent
from ...rules import events as ev_
from .. import theme
from .art import TOKEN_POP, TOKEN_STEP, token_colour
from .places import ClaimsPlaces


@dataclass(frozen=True)
class Landing:
    """A claim being played out: its tokens start dropping at ``start``, the last one lands at
    ``land``, the set's ring fades until ``until``."""

    start: float
    land: float
    until: float
    seat: int
    kind: str
    cells: tuple
    taken_from: int | None


class ClaimsClock:
    """The claims being played out and the points the race bars show."""

    def __init__(self, scene, places: ClaimsPlaces) -> None:
        self.scene = scene
        self.places = places
        self.landings: dict[str, Landing] = {}  # set key -> its claim being played out
        self.shown_points: list[float] = [float(p.score) for p in scene.session.players]

    def landing(self, key: str) -> Landing | None:
        return self.landings.get(key)

    def busy(self) -> bool:
        return bool(self.landings)

    def shown(self, seat: int) -> float:
        """The points seat's race bar shows now (it waits for the tokens still landing)."""
        if seat < len(self.shown_points):
            return self.shown_points[seat]
        return float(self.scene.session.players[seat].score)

    def update(self, dt: float) -> None:
        sc = self.scene
        players = sc.session.players
        if len(self.shown_points) != len(players):
            self.shown_points = [float(p.score) for p in players]
        k = 1.0 if sc.speed() <= 0 else min(1.0, dt * 5.0)
        holding = self.holding_bars()
        for i, p in enumerate(players):
            if i in holding:
                continue
            d = p.score - self.shown_points[i]
            self.shown_points[i] = float(p.score) if abs(d) < 0.5 else self.shown_points[i] + d * k
        self.landings = {key: a for key, a in self.landings.items() if sc.time < a.until}

    def holding_bars(self) -> set[int]:
        """Seats whose bar waits for the tokens still landing."""
        out = set()
        for a in self.landings.values():
            if self.scene.time < a.land:
                out.add(a.seat)
                if a.taken_from is not None:
                    out.add(a.taken_from)
        return out

    def on_event(self, ev: SessionEvent) -> None:
        sc = self.scene
        match ev:
            case ev_.Claimed():
                self.show_claim(ev)
            case ev_.ClaimReleased():
                sc.toast(sc.narrator().tell(ev).rstrip("."), theme.WARN, 4.5)

    def show_claim(self, ev: ev_.Claimed) -> None:
        sc = self.scene
        seat = ev.seat
        cells = tuple(ev.cells)
        n = len(cells)
        start = max(sc.time, sc.busy_until) if seat != sc.session.viewer else sc.time
        land = start + sc.dur(TOKEN_STEP * n + TOKEN_POP)
        self.landings[ev.key] = Landing(start, land, land + sc.dur(1.8), seat, ev.kind, cells, ev.taken_from)
        sc.stage.hold(land + sc.dur(0.5))
        text = sc.narrator().claim(ev)

        def land_fx() -> None:
            if sc.closed:
                return
            sc.toast(text, token_colour(seat), 5.0)
            sc.app.sound.play("pop")
            lay2 = sc.layout()
            rect = self.places.set_rect(cells, list(ev.tiles), lay2)
            pts = ev.points
            if rect is not None and sc.speed() > 0:
                sc.effects.burst(rect.centerx, rect.centery, token_colour(seat), n=16, speed=220 * lay2.s, size=4 * lay2.s)
                sc.effects.float_text(f"+{pts}", rect.centerx, rect.y - int(6 * lay2.s), token_colour(seat), 38 * lay2.s)
            frm = ev.taken_from
            if frm is not None and frm != seat and sc.speed() > 0:
                box = self.places.seat_box(lay2, frm)
                sc.effects.float_text(f"−{pts}", box.face_center[0], box.face_center[1] - box.face_size // 2,
                                      token_colour(frm), 34 * lay2.s)
        sc.schedule(max(0.0, start - sc.time) + sc.dur(0.05), lambda: sc.app.sound.play("place", 0.5))
        sc.schedule(max(0.0, land - sc.time), land_fx)
