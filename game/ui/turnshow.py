"""Following the game on the play screen: a computer's turn played out step by step with
a caption, the turn log, and the hint shown on the table.

``TurnShow(scene)`` is owned by the play screen, which calls its hooks: ``on_event`` (every
session event: the log), ``computer_play`` (a computer's play arrived), ``handle`` (input
first: a click or key skips a playback), ``update``, ``adjust_targets`` (where tiles are
drawn while a turn is played out), ``draw_under`` / ``draw_over`` and ``hint_arrived``.

A playback moves the tiles of one step at a time (``game.play.steps``) to their places on
the table after the turn, lights the sets the step made, and shows the step's caption;
tiles still to come wait where they were (or on the player's rack, unseen).  The speed is
the ``turn_speed`` setting: slow, normal, fast or instant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..play.events import SessionEvent, TurnBegan
from ..play.steps import Step, positions, turn_steps
from ..rules import events as ev_
from . import keymap, portrait_art, theme
from .errorlog import log_error
from .hintshow import HintShow
from .turnlog_panel import TurnLogPanel

STEP_SECONDS = {"slow": 1.7, "normal": 1.0, "fast": 0.5, "instant": 0.0}  # one step, move and pause


def turn_speed(settings: dict) -> str:
    v = settings.get("turn_speed", "normal")
    return v if v in STEP_SECONDS else "normal"


@dataclass
class Playback:
    seat: int
    name: str
    before: object  # Board
    after: object  # Board
    steps: list[Step]
    step_s: float
    replay: bool = False
    lines: list = field(default_factory=list)  # the changed sets (for the landing effects)
    points: int = 0
    idx: int = 0  # steps begun
    next_at: float = 0.0

    @property
    def shown(self) -> Step | None:
        return self.steps[self.idx - 1] if self.idx else None


class TurnShow:
    def __init__(self, scene) -> None:
        from ..play.turnlog import TurnLog, rebuilt

        self.scene = scene
        self.pb: Playback | None = None
        sess = scene.session
        try:  # a game continued from a save shows the turns before it was left
            self.log = rebuilt(sess.state, scene.name_of, sess.variant.reads_columns, you=sess.person)
        except Exception as exc:  # the log is a view: it never stops the game
            log_error("turn log", exc)
            self.log = TurnLog(you=sess.person)
        self.panel = TurnLogPanel(self)
        self.hint = HintShow(self)
        self._ate_press = False

    # -- the settings -------------------------------------------------------------------------
    @property
    def speed(self) -> str:
        speed = turn_speed(self.scene.app.settings)
        if self.scene.session.demo and speed in ("slow", "normal"):
            return "fast"  # the attract mode keeps moving
        return speed

    def set_speed(self, value: str) -> None:
        if value in STEP_SECONDS:
            self.scene.app.set_setting("turn_speed", value)

    @property
    def playing(self) -> bool:
        return self.pb is not None

    @property
    def replaying(self) -> bool:
        """An old turn is being shown again (the person's clock stands still meanwhile)."""
        return self.pb is not None and self.pb.replay

    # -- events -------------------------------------------------------------------------------
    def on_event(self, ev: SessionEvent) -> None:
        sc = self.scene
        sess = sc.session
        try:
            self.log.add(ev, sc.name_of, sess.state.round, sess.variant.reads_columns)
        except Exception as exc:  # the log is a view: it never stops the game
            log_error("turn log", exc)
        if isinstance(ev, (TurnBegan, ev_.RoundStarted, ev_.RoundEnded)):
            self.hint.clear()

    def computer_play(self, seat: int, before, after, lines, points: int) -> bool:
        """A computer's play: played out step by step (True), as the screen's own landing otherwise."""
        sc = self.scene
        speed = self.speed
        steps = turn_steps(before, after, sc.name_of(seat), vertical=sc.session.variant.reads_columns,
                           you=seat == sc.session.person)
        if not steps:
            return False
        pb = Playback(seat, sc.name_of(seat), before.copy(), after.copy(), steps, STEP_SECONDS[speed],
                      lines=list(lines), points=points)
        self.start(pb)
        if speed == "instant":
            self.skip()
        return True

    def replay_last(self) -> bool:
        """Show the last computer turn again ("Show last turn")."""
        sess = self.scene.session
        viewer = sess.viewer if sess.is_human(sess.viewer) else None
        entry = self.log.last_replayable(viewer)
        return self.replay(entry)

    def replay(self, entry) -> bool:
        sc = self.scene
        if entry is None or not entry.replayable or self.pb is not None or entry.round != sc.session.state.round:
            return False
        sc.controls.let_go()
        self.hint.clear()
        self.start(Playback(entry.seat, entry.name, entry.before, entry.after, entry.steps,
                            max(STEP_SECONDS[self.speed], STEP_SECONDS["fast"]), replay=True))
        return True

    def start(self, pb: Playback) -> None:
        sc = self.scene
        self.pb = pb
        pb.next_at = sc.time + (sc.dur(0.15) if not pb.replay else 0.35)
        total = pb.next_at - sc.time + len(pb.steps) * pb.step_s + 0.3
        sc.stage.hold(sc.time + total)
        sc.resync_sprites()  # tiles go back to where the turn began

    def skip(self) -> None:
        """To the end of the turn at once."""
        pb = self.pb
        sc = self.scene
        if pb is None:
            return
        from .scenes.play.records import Pending

        for st in pb.steps[pb.idx:]:
            for t in st.tiles:
                sc.pending[t] = Pending(duration=0.18)
        pb.idx = len(pb.steps)
        pb.next_at = sc.time
        sc.stage.wait_until(sc.time + sc.dur(0.2))
        sc.hurry_round_end(sc.dur(0.5))  # the round's end comes as soon as the tiles are down
        sc.resync_sprites()
        self._end()

    def _begin_step(self, pb: Playback) -> None:
        from .scenes.play.records import Highlight, Pending

        sc = self.scene
        st = pb.steps[pb.idx]
        pb.idx += 1
        pb.next_at = sc.time + pb.step_s
        move = min(0.5, pb.step_s * 0.55)
        lay = sc.layout()
        box = sc.seat_box(pb.seat)
        start = (box.face_center[0] - lay.grid.tile_w / 2, box.face_center[1] - lay.grid.tile_w * 0.6)
        for k, t in enumerate(st.tiles):
            if t in st.from_rack and t not in sc.sprites:
                sc.pending[t] = Pending(start=start, delay=k * 0.04, duration=move, start_scale=0.55, ease="out_cubic")
            else:
                sc.pending[t] = Pending(delay=k * 0.03, duration=move, ease="in_out_cubic")
        for cells in st.lines:
            sc.highlights.append(Highlight(tuple(cells), theme.GOLD, sc.time + max(0.5, pb.step_s + 0.1)))
        sc.resync_sprites()
        sc.app.sound.play("place", 0.7)

    def _end(self) -> None:
        pb, self.pb = self.pb, None
        sc = self.scene
        sc.resync_sprites()
        if pb is not None and not pb.replay:
            sc.land_effects(pb.lines, pb.points, pb.seat)

    def update(self, dt: float) -> None:
        pb = self.pb
        if pb is not None:
            sc = self.scene
            while pb.idx < len(pb.steps) and sc.time >= pb.next_at:
                self._begin_step(pb)
            if pb.idx >= len(pb.steps) and sc.time >= pb.next_at:
                self._end()
        self.hint.update(dt)

    # -- where tiles are drawn -------------------------------------------------------------------
    def adjust_targets(self, out: dict, lay) -> None:
        pb = self.pb
        if pb is None:
            self.hint.adjust_targets(out, lay)
            return
        g = lay.grid
        pos = positions(pb.before, pb.after, pb.steps, pb.idx)
        coming = pb.after.tile_set()
        table_now = self.scene.session.table().tile_set() if pb.replay else set()
        for t in list(out):
            if t in pos:
                x, y = g.cell_pos(pos[t])
                out[t] = (x, y, g.tile_w)
            elif t in coming or t in table_now:
                del out[t]  # still on the player's rack; or put down since (a turn shown again)

    # -- input ---------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        if ev.type == pygame.MOUSEBUTTONUP and self._ate_press and self.scene.drag is None:
            self._ate_press = False
            return True  # the end of the click that skipped
        if self.pb is not None:
            if ev.type == pygame.MOUSEBUTTONDOWN or (ev.type == pygame.KEYDOWN and keymap.intent(ev, "play", "app") not in (
                    "pause", "fullscreen")):
                self._ate_press = ev.type == pygame.MOUSEBUTTONDOWN
                self.skip()
                return True
            return False
        if self.scene.drag is not None:
            return False  # a drop lands wherever it is let go
        if self.panel.handle(ev):
            return True
        return self.hint.handle(ev)

    def hint_arrived(self, board, tiles, more=()) -> bool:
        return self.hint.present(board, tiles, more)

    def current(self, seat: int) -> int:
        """The seat to show as the one playing: a computer while its turn is played out."""
        return self.pb.seat if self.pb is not None and not self.pb.replay else seat

    def status(self) -> str | None:
        """The status line while a turn is played out."""
        pb = self.pb
        if pb is None:
            return None
        return f"{pb.name} {'play' if pb.seat == self.scene.session.person else 'plays'}" + (" (shown again)" if pb.replay else "")

    def toast_lift(self, lay) -> int:
        if self.pb is not None:
            return int(self.caption_rect(lay, self.pb).h + 14 * lay.s)
        if self.hint.active:
            return int(self.hint.bar_rect(lay).h + 14 * lay.s)
        return 0

    # -- drawing -------------------------------------------------------------------------------
    def bar_rect(self, lay) -> pygame.Rect:
        s = lay.s
        t = lay.table
        w = int(min(t.w - 24 * s, 820 * s))
        h = int(60 * s)
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (t.centerx, t.bottom - int(10 * s))
        return r

    def caption_lines(self, lay, pb: Playback, step: Step | None = None) -> list[str]:
        """A step's caption wrapped at the normal size beside the face (never shrunk, never cut)."""
        s = lay.s
        r = self.bar_rect(lay)
        fs = int(r.h * 0.74)
        st = step or pb.shown or pb.steps[0]
        return theme.wrap_lines(st.caption, 22 * s, r.w - fs - int(44 * s), bold=True)

    def caption_rect(self, lay, pb: Playback) -> pygame.Rect:
        """The playback's bar, taller when the turn's longest caption takes two lines (or more),
        the same size for every step of the turn."""
        s = lay.s
        r = self.bar_rect(lay)
        lines = max(len(self.caption_lines(lay, pb, st)) for st in pb.steps)
        foot = theme.font(theme.readable(16 * s), True).get_linesize()
        h = max(r.h, int(theme.font(22 * s, True).get_linesize() * lines + foot + 16 * s))
        return pygame.Rect(r.x, r.bottom - h, r.w, h)

    def draw_under(self, surf, lay) -> None:
        if self.pb is None:
            self.hint.draw_under(surf, lay)

    def draw_over(self, surf, lay) -> None:
        if self.pb is not None:
            self.draw_caption(surf, lay, self.pb)
        else:
            self.hint.draw_over(surf, lay)
        self.panel.draw(surf, lay)

    def draw_caption(self, surf, lay, pb: Playback) -> None:
        s = lay.s
        r = self.caption_rect(lay, pb)
        sc = self.scene
        theme.draw_panel(surf, r, radius=int(14 * s), fill=(8, 14, 28), alpha=235, edge=theme.GOLD, shadow=int(6 * s))
        fs = int(self.bar_rect(lay).h * 0.74)
        seat = sc.session.players[pb.seat]
        surf.blit(portrait_art.player_face(seat.kind, seat.name, fs), (r.x + int(10 * s), r.centery - fs // 2))
        x = r.x + int(20 * s) + fs
        st = pb.shown or pb.steps[0]
        n = len(pb.steps)
        where = "  ·  ".join((["Shown again"] if pb.replay else []) + ([f"Step {max(1, pb.idx)} of {n}"] if n > 1 else []))
        hint = "click or press a key to skip"
        right = theme.text(hint, theme.readable(16 * s), theme.INK_DIM, bold=False)
        y = r.y + int(8 * s)
        for line in self.caption_lines(lay, pb, st):
            surf.blit(theme.text(line, 22 * s, theme.INK), (x, y))
            y += theme.font(22 * s, True).get_linesize()
        if where:
            wt = theme.text(where, theme.readable(16 * s), theme.GOLD)
            surf.blit(wt, (x, r.bottom - wt.get_height() - int(6 * s)))
        surf.blit(right, (r.right - right.get_width() - int(14 * s), r.bottom - right.get_height() - int(6 * s)))
