"""The hint part: asking the worker for a play, and showing its answer (a glow on the rack's
tiles and a toast, or the hint's own show on the table: ``game/ui/hintshow.py``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ....play.events import SessionEvent, TurnBegan
from ....play.thinking import Hint
from ....rules import actions as act
from ....rules.tiles import is_joker, set_words, tiles_in_words
from ... import theme
from ...errorlog import log_error
from ...worker import HINT
from .part import Part

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene

HINT_MODES = ("off", "turn", "unlimited")


class HintPart(Part):
    """Owns the tiles a hint points at (and until when), the worker's token for the hint asked
    for, and this turn's hint (asked again, it is shown again, not counted again)."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.stage = scene.stage
        self.tiles: list[int] = []
        self.until = 0.0
        self.token = 0
        self.given: tuple[int, dict] | None = None  # (the turn, the hint shown in it)

    # -- what other parts may ask ---------------------------------------------------------------------
    def point_at(self, tiles: list[int], seconds: float) -> None:
        """The rack's ``tiles`` glow for ``seconds``."""
        self.tiles = list(tiles)
        self.until = self.stage.time + seconds

    def clear(self) -> None:
        self.tiles = []


    def update(self, dt: float) -> None:
        if self.tiles and self.stage.time > self.until:
            self.tiles = []

    def on_event(self, ev: SessionEvent) -> None:
        if isinstance(ev, TurnBegan) and ev.human and ev.seat == self.scene.session.viewer:
            self.tiles = []

    # -- asking -------------------------------------------------------------------------------------
    def mode(self) -> str:
        """Hints in this game: "off", "turn" (one a turn, the default) or "unlimited" (the
        ``hint_mode`` setting)."""
        mode = self.scene.app.settings.get("hint_mode", "turn")
        return mode if mode in HINT_MODES else "turn"

    def ask(self) -> None:
        sc = self.scene
        sess = sc.session
        if not sess.my_turn or sc.input_locked():
            return
        mode = sc.hint_mode()
        if mode == "off":
            sc.playback.toast("Hints are off: Settings turns them on", theme.INK_DIM, 3.0)
            return
        if mode == "turn" and self.given is not None and self.given[0] == sess.state.total_turns:
            self.answer(self.given[1], count=False)  # this turn's hint again: it is not a second one
            return
        view = sess.hint_view()
        if view is None:
            return
        self.token -= 1
        sc.app.worker.submit(self.token, HINT, 0, view)
        sc.playback.toast("Looking for a play…", theme.INK_DIM, 1.5)

    def answer(self, answer, count: bool = True) -> None:
        """The worker's answer (the smallest play, or a draw, then bigger ones) shown."""
        sc = self.scene
        sess = sc.session
        if not sess.my_turn:
            return
        if count:
            self.given = (sess.state.total_turns, answer)
        try:
            hint = Hint.from_json(answer)
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
        sc.playback.drop_toasts("Looking for a play")
        if count and tiles:
            sess.hints_used += 1  # the statistics count it; a game won with hints says so
        if tiles and sc.turnshow.hint_arrived(action.board, tiles, list(hint.more)):
            pass  # shown on the table
        elif tiles:
            self.point_at(tiles, 8.0)
            sc.playback.toast("Hint: try " + text, theme.GOLD, 6.0)
        else:
            move = "drawing a tile" if sess.state.pool else "passing"
            sc.playback.toast(f"No play found: {move} is fine this turn", theme.GOLD, 4.5)
        sc.app.sound.play("pop")

    # -- drawing (a glow on the tiles pointed at) ----------------------------------------------------
    def glow(self, tile: int) -> float | None:
        """How bright the hint's glow on ``tile`` is now (0..1), or None when it has none."""
        if tile not in self.tiles:
            return None
        return 0.5 + 0.5 * math.sin(self.stage.time * 5)
