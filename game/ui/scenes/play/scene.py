"""The play screen.

The scene holds no rules: it turns mouse and keys into intents on the
``Session`` and draws what the session and the rules core say.  Animation is
view state: each tile has a sprite that slides to wherever the session puts
the tile; events from the session (a play, a draw, a timeout, a round's end)
add playback delays, flips, bursts and sounds."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from ....rules.state import Phase
from ....play import draft as draft_edit
from ....play.events import TurnBegan
from ....play.session import RACK, Session
from ....rules.tiles import is_joker, set_words, tiles_in_words
from ... import idle_frames, openingdraw, playlayout, theme, variant_ui
from ...anim import Effects, Sprite
from ...errorlog import log_error
from ...scene import Scene
from ...turnshow import TurnShow
from ...worker import HINT
from .controls import PlayInput
from .effects import PlayEffects
from .hud import PlayHud
from .records import MIN_THINK, Drag, Ghost, Highlight, Pending, Press, Toast
from .tabledraw import PlayTableDraw

SAVING_WORKS_AGAIN = "Saving works again: the game is saved."


class PlayScene(PlayEffects, PlayInput, PlayTableDraw, PlayHud, Scene):
    name = "play"
    has_turn_log = True  # the header's Turns tab and the log (a puzzle has no turns to show)

    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.plugin: variant_ui.Plugin = variant_ui.NO_PLUGIN  # set last (a plugin may look at the scene)
        self.place_vertical = False  # crossword boards: tiles put down in a column (V)
        self.sprites: dict[int, Sprite] = {}
        self.pending: dict[int, Pending] = {}
        self.ghosts: list[Ghost] = []
        self.effects = Effects()
        self.toasts: list[Toast] = []
        self.highlights: list[Highlight] = []
        self.selection: list[int] = []
        self.hint_tiles: list[int] = []
        self.hint_until = 0.0
        self.hint_token = 0
        self.hint_given: tuple[int, dict] | None = None  # (the turn, the hint shown in it): one a turn shows it again
        self.drag: Drag | None = None
        self.press: Press | None = None
        self.mouse = (0, 0)
        self.cursor: tuple[str, tuple[int, int]] = (RACK, (0, 0))
        self.kb_mode = False
        self.kb_since = -99.0
        self.time = 0.0
        self.busy_until = 0.0
        self.scheduled: list[tuple[float, Callable[[], None]]] = []
        self.think_started = 0.0
        self.ai_answer: tuple[int, object] | None = None
        self.ai_token = 0
        self.round_end_at: float | None = None
        self.results_at: float | None = None
        self.banner: tuple[str, str, tuple, float, float] | None = None  # title, sub, colour, start, until
        self.shake = 0.0
        self.last_tick_second = None
        self.pressed_button: str | None = None
        self._layout: playlayout.PlayLayout | None = None
        self._layout_key = None
        self._static: pygame.Surface | None = None
        self._static_key = None
        self._sync_sig = None
        self._layout_memo = None
        self._rows_base: tuple | None = None  # (the table as the turn began, its rows)
        self.auto_next = session.demo  # attract mode moves on by itself
        self.closed = False
        self.opening: openingdraw.OpeningDraw | None = None  # who starts, shown as a round begins
        self.shown_save_error = ""
        self.rest_sig: tuple | None = None  # what the picture showed at the last frame (game/ui/idle_frames.py)
        self._status_cache: tuple[int | None, list[str]] = (None, [])  # (game version, the rule set's status lines)
        self.turnshow = TurnShow(self)  # computer turns step by step, the turn log, the hint on the table
        self.plugin = variant_ui.plugin_for(self)

    # -- life cycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.session.begin()  # saves a fresh deal; counts a finished game loaded from a save
        self.app.tiles.warm(self.layout().grid.tile_w)
        self.app.tiles.warm(self.layout().rack_grid.tile_w)
        self.sync_sprites(snap=True)
        self.deal_animation()
        self.opening = openingdraw.begin(self)
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
        self._layout_key = None
        self.sync_sprites(snap=True)

    # -- layout -------------------------------------------------------------------------------------
    def layout(self) -> playlayout.PlayLayout:
        sess = self.session
        cam = self.plugin.layout_key()  # a board view's pan and zoom
        base = self._rows_base[1] if self._rows_base else None
        memo = (sess.version, self.app.size, self.drag is None, self._layout_key is None, cam, base)
        if memo == self._layout_memo and self._layout is not None:
            return self._layout
        board = sess.table()
        rows_needed = 0
        bounds = None
        if not sess.variant.flat_table:
            b = board.bounds() if len(board) else (0, 0, -1, -1)
            sb = sess.state.board.bounds() if len(sess.state.board) else b
            r0 = min(b[0], sb[0]) - 2 if len(board) else -3
            c0 = min(b[1], sb[1]) - 2 if len(board) else -6
            r1 = max(b[2], sb[2]) + 2 if len(board) else 3
            c1 = max(b[3], sb[3]) + 2 if len(board) else 6
            rows, cols = max(8, r1 - r0 + 1), max(16, c1 - c0 + 1)
            bounds = (r0, c0, rows, cols)
        else:
            # the rows as the turn began (a spare row for new sets), more only when needed:
            # the tile size holds for the whole turn
            rows_needed = draft_edit.rows_in_turn(self.table_rows_base(), list(board.cells) + list(sess.state.board.cells))
            if self.drag is not None and self._layout is not None:
                rows_needed = max(rows_needed, self._layout.grid.rows)
        # a table laid out wider than a row (an older save) is shown whole
        cols = max([c + 1 for _, c in board.cells] + [c + 1 for _, c in sess.state.board.cells] + [sess.grid_width])
        info_band = bool(self.status_lines())
        key = (self.app.size, len(sess.players), sess.viewer, sess.variant.direction, cols, rows_needed,
               sess.rack.cols, bounds, info_band, cam)
        if key != self._layout_key:
            self._layout = playlayout.compute(self.app.size, len(sess.players), sess.viewer, sess.variant.direction,
                                              cols, rows_needed, sess.rack.cols, bounds, info_band)
            self.plugin.adjust_layout(self._layout)  # e.g. a camera over the grid
            self._layout_key = key
        base = self._rows_base[1] if self._rows_base else None
        self._layout_memo = (sess.version, self.app.size, self.drag is None, False, cam, base)
        return self._layout

    def table_rows_base(self, rebase: bool = False) -> int:
        """The rows the flat table showed as this turn began.  Taken again (``rebase``) between
        turns: once the table the turn left is on the screen (a computer's turn played out)."""
        board = self.session.state.board
        sig = (self.session.state.round, len(board), hash(frozenset(board.cells.items())))
        if self._rows_base is None or (rebase and self._rows_base[0] != sig and not self.turnshow.playing):
            self._rows_base = (sig, draft_edit.rows_at_turn_start(board.cells))
        return self._rows_base[1]

    def status_lines(self) -> list[str]:
        """The rule set's status lines (cached per change of the game)."""
        v = self.session.version
        if self._status_cache[0] != v:
            self._status_cache = (v, self.session.status_lines())
        return self._status_cache[1]

    def seat_box(self, seat: int) -> playlayout.SeatBox:
        lay = self.layout()
        if seat == self.session.viewer:
            return lay.me
        return lay.seats.get(seat, lay.me)

    # -- tiles and sprites ----------------------------------------------------------------------------
    def speed(self) -> float:
        return self.app.anim_speed

    def dur(self, seconds: float) -> float:
        sp = self.speed()
        return 0.0 if sp <= 0 else seconds / sp

    # -- per frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        sess = self.session
        for ev in sess.poll_events():
            self.on_event(ev)
        if sess.variant.flat_table:
            self.table_rows_base(rebase=True)
        if self.scheduled:
            due = [fn for at, fn in self.scheduled if at <= self.time]
            self.scheduled = [(at, fn) for at, fn in self.scheduled if at > self.time]
            for fn in due:
                fn()
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
        self.turnshow.update(dt)
        self.sync_sprites()
        sp_dt = dt
        landed = 0
        for sp in self.sprites.values():
            if sp.update(sp_dt):
                landed += 1
        if landed and self.time < self.busy_until:
            self.app.sound.play("place", 0.6)
        for gh in self.ghosts:
            gh.age += dt
        self.ghosts = [g for g in self.ghosts if not g.done]
        self.effects.update(dt)
        self.toasts = [t for t in self.toasts if t.until > self.time]
        self.highlights = [h for h in self.highlights if h.until > self.time]
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)
        if self.banner and self.banner[4] <= self.time:
            self.banner = None
        if self.hint_tiles and self.time > self.hint_until:
            self.hint_tiles = []
        self.selection = [t for t in self.selection if t in self.sprites]
        if sess.saver.error != self.shown_save_error:  # said once when saving fails, once when it works again
            was, self.shown_save_error = self.shown_save_error, sess.saver.error
            if sess.saver.error:
                self.toast(sess.saver.error[0].upper() + sess.saver.error[1:], theme.BAD, 6.0)
            elif was:
                self.toasts = [t for t in self.toasts if t.text != was[0].upper() + was[1:]]  # no longer true
                self.toast(SAVING_WORKS_AGAIN, theme.GOOD, 4.0)
        self.plugin.update(dt)
        if self.opening is not None and self.opening.done:
            self.opening = None
        self.round_flow()

    def poll_worker(self) -> None:
        worker = self.app.started_worker
        if worker is None or not worker.pending:
            return
        for token, action, _err in worker.poll():
            if token == self.ai_token:
                self.ai_answer = (token, action)
            elif token == self.hint_token:
                self._hint_answer(action)

    def thinking_for(self) -> float:
        """Seconds the computer to move has been working on its move: 0 when no move is asked for
        or its answer is in (and the screen only waits out ``MIN_THINK``)."""
        if not self.session.computer.thinking or self.ai_answer is not None:
            return 0.0
        return self.time - self.think_started

    def run_computer(self) -> None:
        sess = self.session
        self.poll_worker()
        if sess.phase != "play" or not sess.computer_to_move:
            return
        if not sess.computer.thinking:
            if self.time < self.busy_until:
                return
            req = sess.computer.request()
            if req is None:
                return
            token, level, seed, view_d = req
            self.ai_token = token
            self.ai_answer = None
            self.think_started = self.time
            self.app.worker.submit(token, level, seed, view_d)
            return
        if self.ai_answer is not None and self.time - self.think_started >= self.dur(MIN_THINK):
            token, action = self.ai_answer
            self.ai_answer = None
            sess.computer.apply(token, action)
            for ev in sess.poll_events():
                self.on_event(ev)

    def round_flow(self) -> None:
        if self.round_end_at is not None and self.time >= self.round_end_at:
            self.round_end_at = None
            self.celebrate()
        if self.results_at is not None and self.time >= self.results_at:
            self.results_at = None
            self.show_results()

    def celebrate(self) -> None:
        sess = self.session
        st = sess.state
        winner = st.round_winner
        reason = st.round_end_reason
        lay = self.layout()
        if reason == "out" and winner is not None:
            who = self.name_of(winner)
            title = "You go out!" if who == "You" else f"{who} goes out!"
            colour = theme.GOLD if who == "You" else theme.ACCENT
        else:
            title = "Round over"
            who = self.name_of(winner) if winner is not None else ""
            colour = theme.ACCENT
        sub = {"out": "The rack is empty.", "blocked": "The pool is empty and nobody can play.",
               "pool": "The pool is empty."}.get(reason, "")
        if winner is not None and reason != "out":
            sub += f" {who} {'win' if who == 'You' else 'wins'} the round."
        custom = self.plugin.end_banner(reason, winner)  # (title, sub, colour)
        if custom:
            title, sub, colour = custom
        self.show_banner(title, sub.strip(), colour, 2.6)
        if self.speed() > 0:
            self.effects.confetti(lay.size[0], n=160 if winner == sess.viewer else 90, size=8 * lay.s)
        self.app.sound.play("win")
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

    # -- hints --------------------------------------------------------------------------------------
    def hint_mode(self) -> str:
        """Hints in this game: "off", "turn" (one a turn, the default) or "unlimited" (the
        ``hint_mode`` setting; a lesson overrides ``ask_hint`` and always helps)."""
        mode = self.app.settings.get("hint_mode", "turn")
        return mode if mode in ("off", "turn", "unlimited") else "turn"

    def ask_hint(self) -> None:
        sess = self.session
        if not sess.my_turn or self.input_locked():
            return
        mode = self.hint_mode()
        if mode == "off":
            self.toast("Hints are off: Settings turns them on", theme.INK_DIM, 3.0)
            return
        if mode == "turn" and self.hint_given is not None and self.hint_given[0] == sess.state.total_turns:
            self._hint_answer(self.hint_given[1], count=False)  # this turn's hint again: it is not a second one
            return
        view = sess.hint_view()
        if view is None:
            return
        self.hint_token -= 1
        self.app.worker.submit(self.hint_token, HINT, 0, view)
        self.toast("Looking for a play…", theme.INK_DIM, 1.5)

    def _hint_answer(self, answer, count: bool = True) -> None:
        from ....play.thinking import Hint
        from ....rules import actions as act

        sess = self.session
        if not sess.my_turn:
            return
        if count:
            self.hint_given = (sess.state.total_turns, answer)
        try:
            hint = Hint.from_json(answer)  # the worker's answer: the smallest play (or a draw), then bigger ones
        except (act.ActionError, ValueError, TypeError) as exc:
            log_error("a hint the worker sent could not be read", exc)
            hint = Hint(act.Draw())
        action = hint.play
        tiles: list[int] = []
        text = ""
        if isinstance(action, act.Play):
            start = sess.state.board.tile_set()
            rack = set(sess.state.players[sess.viewer].rack)
            board = action.board
            tiles = [t for t in board.tiles() if t not in start and t in rack]
            lines = [ln for ln in sess.variant.lines(board) if any(t in tiles for t in ln.tiles)]
            text = "  ·  ".join(set_words(ln.tiles) for ln in lines)
        if tiles and not text:
            text = tiles_in_words(sorted(tiles, key=lambda t: (is_joker(t), t)))
        self.toasts = [t for t in self.toasts if not t.text.startswith("Looking for a play")]
        if count and tiles:
            sess.hints_used += 1  # the statistics count it; a game won with hints says so
        if tiles and self.turnshow.hint_arrived(action.board, tiles, list(hint.more)):
            pass  # shown on the table
        elif tiles:
            self.hint_tiles = tiles
            self.hint_until = self.time + 8.0
            self.toast("Hint: try " + text, theme.GOLD, 6.0)
        else:
            move = "drawing a tile" if sess.state.pool else "passing"
            self.toast(f"No play found: {move} is fine this turn", theme.GOLD, 4.5)
        self.app.sound.play("pop")
