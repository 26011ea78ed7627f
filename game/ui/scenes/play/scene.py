"""The play screen: a scene built from parts.

The scene holds no rules: it turns mouse and keys into intents on the ``Session`` and draws
what the session and the rules core say.  It owns an ordered list of parts (``part.py``), each
with its own state, and only routes to them: input goes to the parts in order until one
consumes it, the session's events and the frame's update (then its late update) go to all in
order, and the picture is drawn pass by pass, back to front.  The parts, front to back:

* ``opening``: who starts, shown as a round begins (``adapters.OpeningPart``);
* ``turnshow``: a computer's turn played out step by step, the turn log (``adapters.TurnShowPart``);
* the rule set's own panel (``variant_ui.Plugin``, through ``adapters.PluginPart``);
* ``hint``: the hint asked for and shown (``hint.py``);
* ``playback``: the session's events as effects, the tiles' sprites (``effects.py``);
* ``controls``: mouse and keys, the drag, the selection, the keyboard cursor (``controls.py``);
* ``hud``: everything around the table (``hud.py``);
* ``table_view``: the felt, the tiles and their marks (``tabledraw.py``).

``driver`` (``computer.py``) asks the worker for computer moves; the scene's ``run_computer``
hook runs it each frame.  What the parts share is the ``stage`` (clock, sprites, pending
motions).  The scene's public methods are its hooks (a puzzle, a lesson and a tournament table
override some: the texts of the HUD, the intents) and the surface a rule set's panel may use
(listed in ``game/ui/variant_ui.py``)."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from ....play import reasons
from ....play.events import Refused, SessionEvent, TurnBegan
from ....play.narrate import Narrator
from ....play.session import Session
from ....rules import events as ev_
from ....rules.state import Phase
from ... import idle_frames, openingdraw, playlayout, theme, variant_ui
from ...anim import Effects, Sprite
from ...errorlog import log_error
from ...scene import Scene
from ...turnshow import TurnShow
from .. import attract
from ..common import DialogScene
from .adapters import OpeningPart, PluginPart, TurnShowPart
from .computer import ComputerDriver
from .controls import Controls
from .effects import Playback
from .hint import HintPart
from .hud import Hud
from .layouts import LayoutKeeper
from .effects import Banner
from .part import Part, Stage
from .records import TOAST_TIME, Drag, Highlight, Pending, Press, Toast
from .tabledraw import TableView

SAVING_WORKS_AGAIN = "Saving works again: the game is saved."


class PlayScene(Scene):
    name = "play"
    has_turn_log = True  # the header's Turns tab and the log (a puzzle has no turns to show)
    shows_deal = True  # a new round's tiles fly from the pool (a lesson's later steps go straight on)

    # -- what a rule set's panel (and the older screen code) may use: names for the parts' own -------
    # fields, read through to the part that owns each; changes go through the owner's intents
    @property
    def time(self) -> float:
        """Seconds since the screen opened."""
        return self.stage.time

    @property
    def busy_until(self) -> float:
        """Input waits, and the turn clock stops, until then."""
        return self.stage.busy_until


    @property
    def sprites(self) -> dict[int, Sprite]:
        return self.stage.sprites

    @property
    def pending(self) -> dict[int, Pending]:
        """Motions taken up at the next sync of the sprites."""
        return self.stage.pending

    @property
    def toasts(self) -> list[Toast]:
        return self.playback.toasts

    @property
    def banner(self) -> Banner | None:
        return self.playback.banner

    @property
    def effects(self) -> Effects:
        """Particles and rising texts."""
        return self.playback.effects

    @property
    def highlights(self) -> list[Highlight]:
        return self.playback.highlights

    @property
    def selection(self) -> list[int]:
        return self.controls.selection


    @property
    def drag(self) -> Drag | None:
        return self.controls.drag


    @property
    def press(self) -> Press | None:
        return self.controls.press


    @property
    def mouse(self) -> tuple[int, int]:
        return self.controls.mouse


    @property
    def cursor(self) -> tuple[str, tuple[int, int]]:
        """The keyboard cursor: (area, cell)."""
        return self.controls.cursor


    @property
    def kb_mode(self) -> bool:
        """The keyboard cursor is shown."""
        return self.controls.kb_mode

    @property
    def place_vertical(self) -> bool:
        """Crossword boards: tiles go down a column (V)."""
        return self.controls.place_vertical


    @property
    def hint_tiles(self) -> list[int]:
        """The rack tiles a hint points at."""
        return self.hint.tiles

    @property
    def opening(self) -> "openingdraw.OpeningDraw | None":
        """Who starts, while it is shown."""
        return self.opening_part.view

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.plugin: variant_ui.Plugin = variant_ui.NO_PLUGIN  # set last (a plugin may look at the scene)
        self.stage = Stage()  # the clock, the sprites: the view state the parts share
        self.playback = Playback(self)  # events turned into effects: toasts, banners, flying tiles
        self.controls = Controls(self)  # mouse and keys: the drag, the selection, the keyboard cursor
        self.hud = Hud(self)  # around the table: header, panels, buttons, status line, tooltips
        self.table_view = TableView(self)  # the felt, the tiles, the marks on them
        self.hint = HintPart(self)
        self.driver = ComputerDriver(self)  # asks the worker for the computer's moves
        self.opening_part = OpeningPart(self)
        self.layouts = LayoutKeeper(self)
        self.round_end_at: float | None = None
        self.results_at: float | None = None
        self.last_tick_second = None
        self.auto_next = session.demo  # attract mode moves on by itself
        self.closed = False
        self.shown_save_error = ""
        self.rest_sig: tuple | None = None  # what the picture showed at the last frame (game/ui/idle_frames.py)
        self._status_cache: tuple[int | None, list[str]] = (None, [])  # (game version, the rule set's status lines)
        self.turnshow = TurnShow(self)  # computer turns step by step, the turn log, the hint on the table
        self.plugin = variant_ui.plugin_for(self)
        # front to back: input goes to them in this order until one consumes it, events and updates
        # (then late updates) to all in this order; drawing goes back to front
        self.parts: list[Part] = [self.opening_part, TurnShowPart(self.turnshow), PluginPart(self), self.hint,
                                  self.playback, self.controls, self.hud, self.table_view]

    # -- life cycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.session.begin()  # saves a fresh deal; counts a finished game loaded from a save
        self.app.tiles.warm(self.layout().grid.tile_w)
        self.app.tiles.warm(self.layout().rack_grid.tile_w)
        self.sync_sprites(snap=True)
        self.playback.deal_animation()
        self.opening_part.begin()
        for ev in self.session.poll_events():
            if isinstance(ev, TurnBegan):
                self.on_event(ev)
        if self.session.phase != "play":
            self.round_end_at = self.time

    def leave(self) -> None:
        self.session.computer.cancel()
        self.closed = True

    def closing(self) -> None:
        """The window is closing: save the game as it stood at the start of this turn."""
        if self.session.phase in (Phase.PLAY, Phase.ROUND_OVER):
            for hook in self.session.saver.turn_hooks:
                try:
                    hook(self.session)
                except Exception as exc:
                    log_error("autosave on close", exc)

    def next_frame(self) -> float | None:
        return idle_frames.play_next_frame(self)  # frames only while something moves (game/ui/idle_frames.py)

    def minimised(self) -> None:
        if not self.session.demo:
            self.open_pause()  # the turn clock stops while the window is minimised

    def resized(self, size) -> None:
        self.layouts.forget()
        self.sync_sprites(snap=True)

    # -- routing ------------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        """Input goes to the parts in order until one consumes it."""
        if self.session.demo and attract.leaves_demo(ev):  # any key or click ends the attract mode
            attract.leave_demo(self.app, self)
            return
        for part in self.parts:
            if part.handle(ev):
                return

    def on_event(self, ev: SessionEvent) -> None:
        """An event from the session: the scene's own round flow, then every part in order."""
        match ev:
            case TurnBegan(seat=seat, human=human):
                self.last_tick_second = None
                if human and seat == self.session.viewer:
                    self.controls.clear_selection()
            case ev_.TimedOut():
                self.controls.cancel_drag()
            case ev_.RoundEnded():
                self.round_end_at = max(self.time, self.busy_until) + self.dur(0.3)
        for part in self.parts:
            part.on_event(ev)
        if isinstance(ev, ev_.RoundStarted):
            self.opening_part.begin()

    def update(self, dt: float) -> None:
        self.stage.time += dt
        sess = self.session
        for ev in sess.poll_events():
            self.on_event(ev)
        if sess.variant.flat_table:
            self.layouts.rows_base(rebase=True)
        self.playback.run_due()
        # the clock runs once the previous move has been shown, and never while an old turn is shown again
        if self.time >= self.busy_until and sess.phase == "play" and not self.turnshow.replaying:
            before = sess.timer_left
            outcome = sess.tick(dt)
            if outcome is None and sess.turn_time > 0 and sess.is_human(sess.state.current):
                sec = int(math.ceil(sess.timer_left))
                if sec <= 10 and sec != self.last_tick_second and before > sess.timer_left:
                    self.last_tick_second = sec
                    self.app.sound.play("tick")
            for ev in sess.poll_events():
                self.on_event(ev)
        self.run_computer()
        for part in self.parts:
            part.update(dt)
        if sess.saver.error != self.shown_save_error:  # said once when saving fails, once when it works again
            was, self.shown_save_error = self.shown_save_error, sess.saver.error
            if sess.saver.error:
                self.toast(sess.saver.error[0].upper() + sess.saver.error[1:], theme.BAD, 6.0)
            elif was:
                self.playback.drop_toasts(was[0].upper() + was[1:])  # no longer true
                self.toast(SAVING_WORKS_AGAIN, theme.GOOD, 4.0)
        for part in self.parts:
            part.late_update(dt)
        self.round_flow()

    def draw(self, surf: pygame.Surface) -> None:
        """Pass by pass (``part.DRAW_PASSES``), each pass back to front through the parts."""
        lay = self.layout()
        parts = self.parts[::-1]
        for part in parts:
            part.draw_back(surf, lay)
        for part in parts:
            part.draw_under(surf, lay)
        for part in parts:
            part.draw_tiles(surf, lay)
        for part in parts:
            part.draw_over(surf, lay)
        for part in parts:
            part.draw_lifted(surf, lay)
        for part in parts:
            part.draw_hud(surf, lay)
        for part in parts:
            part.draw_top(surf, lay)
        for part in parts:
            part.draw_pointer(surf, lay)
        if self.session.demo:
            attract.draw_badge(surf, self, lay)

    # -- layout -------------------------------------------------------------------------------------
    def layout(self) -> playlayout.PlayLayout:
        return self.layouts.get()

    def layout_key(self):
        """Changes whenever the layout is computed anew."""
        return self.layouts.key

    def table_rows_base(self, rebase: bool = False) -> int:
        return self.layouts.rows_base(rebase)

    def status_lines(self) -> list[str]:
        """The rule set's status lines (cached per change of the game; a hook: a puzzle has none)."""
        v = self.session.version
        if self._status_cache[0] != v:
            self._status_cache = (v, self.session.status_lines())
        return self._status_cache[1]

    def seat_box(self, seat: int) -> playlayout.SeatBox:
        lay = self.layout()
        if seat == self.session.viewer:
            return lay.me
        return lay.seats.get(seat, lay.me)

    def speed(self) -> float:
        return self.app.anim_speed

    def dur(self, seconds: float) -> float:
        sp = self.speed()
        return 0.0 if sp <= 0 else seconds / sp

    def analysis(self):
        """The rules core's verdict on the player's draft (on the player's turn; else None)."""
        return self.session.analysis() if self.session.my_turn else None

    # -- the playback's, for a rule set's panel ---------------------------------------------------------
    def toast(self, text: str, colour=theme.INK, seconds: float = TOAST_TIME, big: bool = False) -> None:
        self.playback.toast(text, colour, seconds, big)

    def show_banner(self, title: str, sub: str, colour, seconds: float = 2.4) -> None:
        self.playback.show_banner(title, sub, colour, seconds)

    def schedule(self, delay: float, fn: Callable[[], None]) -> None:
        self.playback.schedule(delay, fn)

    def targets(self) -> dict[int, tuple[float, float, int]]:
        """Where each tile's sprite goes (a hook: the frame benchmark adds tiles)."""
        return self.playback.targets()

    def sync_sprites(self, snap: bool = False) -> None:
        self.playback.sync_sprites(snap)

    def resync_sprites(self) -> None:
        self.playback.resync_sprites()

    def land_effects(self, lines, points: int, seat: int) -> None:
        self.playback.land_effects(lines, points, seat)

    def name_of(self, seat: int) -> str:
        return "You" if seat == self.session.viewer and self.session.is_human(seat) else self.session.players[seat].name

    def narrator(self) -> Narrator:
        """The session's events in words: the person in the second person (``name_of``'s "You")."""
        sess = self.session
        you = sess.viewer if sess.is_human(sess.viewer) else None
        return Narrator([p.name for p in sess.players], you)

    # -- the controls' and the table's, for a rule set's panel ------------------------------------------
    def hit_tile(self, pos) -> tuple[int, str] | None:
        return self.controls.hit_tile(pos)

    def ordered(self, tiles: list[int]) -> list[int]:
        return self.controls.ordered(tiles)

    def move_tiles(self, tiles: list[int], area: str, cell, lead: int = 0, whole: bool = False) -> bool:
        return self.controls.move_tiles(tiles, area, cell, lead, whole)

    def table_clip(self, surf, lay, on: bool = True):
        """Drawing limited to the felt, where the layout asks for it (a board that pans)."""
        return self.table_view.table_clip(surf, lay, on)

    def cell_runs(self, g, cells) -> list[pygame.Rect]:
        return self.table_view.cell_runs(g, cells)

    def face_id(self, key: int) -> int:
        """The tile picture for a sprite key (the same number in a real game; a hook)."""
        return key

    def tip_box(self, size, lay, avoid: pygame.Rect | None = None, keep_clear=()) -> pygame.Rect:
        return self.hud.tip_box(size, lay, avoid, keep_clear)

    # -- the computer -------------------------------------------------------------------------------
    def run_computer(self) -> None:
        """Each frame: the computer's turn moves on (a hook: a puzzle or a lesson has none)."""
        self.driver.run()

    def thinking_for(self) -> float:
        return self.driver.thinking_for()

    # -- the round's flow ---------------------------------------------------------------------------
    def hurry_round_end(self, within: float) -> None:
        """A round that is over shows its end no later than ``within`` seconds from now (a turn
        being shown was skipped to its end)."""
        if self.round_end_at is not None:
            self.round_end_at = min(self.round_end_at, self.time + within)

    def round_flow(self) -> None:
        if self.round_end_at is not None and self.time >= self.round_end_at:
            self.round_end_at = None
            self.celebrate()
        if self.results_at is not None and self.time >= self.results_at:
            self.results_at = None
            self.show_results()

    def celebrate(self) -> None:
        self.playback.celebrate()
        self.results_at = self.time + self.dur(2.4)

    def show_results(self) -> None:
        if self.app.top is not self:
            self.results_at = self.time + 0.1
            return
        if self.session.phase == Phase.GAME_OVER:
            self.app.open("game_over", self)
        elif self.session.phase == Phase.ROUND_OVER:
            self.app.open("round_results", self)

    def next_round(self) -> None:
        if self.session.next_round():
            for ev in self.session.poll_events():
                self.on_event(ev)

    # -- the HUD's texts (hooks: a puzzle, a lesson, a tournament table word them their own way) --------
    def header_text(self) -> str:
        return self.hud.header_text()

    def status_text(self, analysis) -> tuple[str, tuple]:
        return self.hud.status_text(analysis)

    def end_button(self, enabled: bool) -> tuple[str, str]:
        return self.hud.end_button(enabled)

    def score_line(self, me) -> str:
        return self.hud.score_line(me)

    def me_notes(self, me) -> tuple[str, tuple[str, tuple] | None]:
        return self.hud.me_notes(me)

    def me_score(self, lay, me) -> tuple[pygame.Surface, pygame.Rect]:
        return self.hud.me_score(lay, me)

    def ring_colour(self, frac: float):
        return self.hud.ring_colour(frac)

    def draw_ring_for(self, surf, box, active: bool, s: float) -> None:
        self.hud.draw_ring_for(surf, box, active, s)

    def draw_pool(self, surf, lay) -> None:
        self.hud.draw_pool(surf, lay)

    def hovered_problem(self, lay, analysis) -> str:
        return self.hud.hovered_problem(lay, analysis)

    def shown_problems(self, analysis) -> list:
        return self.hud.shown_problems(analysis)

    # -- hints --------------------------------------------------------------------------------------
    def hint_mode(self) -> str:
        """Hints in this game: "off", "turn" or "unlimited" (a hook: a lesson always helps)."""
        return self.hint.mode()

    def ask_hint(self) -> None:
        self.hint.ask()

    # -- the player's intents (hooks: a puzzle, a lesson, a tournament table change some) ------------
    def input_locked(self) -> bool:
        return self.time < self.busy_until or self.round_end_at is not None or self.results_at is not None

    def can_edit_table(self) -> bool:
        return self.session.my_turn and not self.input_locked()

    def button_at(self, pos) -> str | None:
        return self.hud.button_at(pos)

    def button_enabled(self, name: str) -> bool:
        sess = self.session
        if name == "menu":
            return True
        if name in ("runs", "groups"):
            return bool(sess.rack.slots)
        mine = sess.my_turn and not self.input_locked()
        if name == "undo":
            return mine and sess.can_undo
        if name == "reset":
            return mine and (sess.draft_moved or bool(sess.held_table_tiles()))
        if name == "hint":
            return mine and self.hint_mode() != "off"
        if name == "end":
            return mine
        return False


    def press_button(self, name: str) -> None:
        if not self.button_enabled(name):
            return
        self.app.sound.play("click")
        {"menu": self.open_pause, "runs": lambda: self.sort("runs"), "groups": lambda: self.sort("groups"),
         "undo": self.undo, "reset": self.reset, "hint": self.ask_hint, "end": self.end_or_draw}[name]()

    def sort(self, how: str) -> None:
        self.session.rack.sort(how)
        self.app.sound.play("deal")

    def undo(self) -> None:
        if self.session.undo():
            self.app.sound.play("deal")

    def reset(self) -> None:
        if self.session.reset():
            self.controls.clear_selection()
            self.app.sound.play("deal")

    def end_or_draw(self) -> None:
        """Space / the big button: draw when nothing changed, else end the turn; the rules
        core's preview says when to ask first (a penalty, a hand-limit warning)."""
        sess = self.session
        if not sess.my_turn or self.input_locked():
            return
        changed = sess.draft_changed or bool(sess.held_table_tiles())
        go = self.do_end_turn if changed else self.do_draw
        pv = sess.preview()
        if pv is not None and pv.outcome == "penalty" and pv.warn and self.app.settings.get("warn_invalid_end", True):
            self.app.push(DialogScene(self.app, "The table is not valid", reasons.preview_words(pv),
                                      [("End turn anyway", "danger", go), ("Keep playing", "secondary", None)],
                                      tone=theme.WARN, focus=1))
            return
        if pv is not None and pv.outcome in ("play", "draw") and pv.warnings:
            self.app.push(DialogScene(self.app, "Before you end your turn", reasons.cautions(pv.warnings),
                                      [("End turn anyway", "danger", go), ("Keep playing", "secondary", None)],
                                      tone=theme.WARN, focus=1))
            return
        go()

    def do_end_turn(self) -> None:
        out = self.session.end_turn()
        self.controls.drop_drag()
        if out.ok:
            self.controls.clear_selection()
            self.app.sound.play("place")
        events = self.session.poll_events()
        for ev in events:
            self.on_event(ev)
        if not out.ok and not any(isinstance(ev, Refused) for ev in events):
            self.toast("Not yet: " + (reasons.say_all(out.problems) or "that play is not valid"), theme.BAD, 4.5)
            self.app.sound.play("invalid")

    def do_draw(self) -> None:
        out = self.session.draw()
        if not out.ok and not self.plugin.draw_refused(out):
            self.toast(reasons.say_all(out.problems) or "You cannot draw now", theme.BAD, 4.0)
            self.app.sound.play("invalid")
        self.controls.clear_selection()
        for ev in self.session.poll_events():
            self.on_event(ev)

    def open_pause(self) -> None:
        self.controls.cancel_drag()
        self.app.open("pause", self)

    def key(self, ev) -> None:
        """A key no part in front took (a hook: a puzzle adds its own)."""
        self.controls.key(ev)
