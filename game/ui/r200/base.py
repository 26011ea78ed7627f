"""The claims plugin's base: what it reads from the rules core (cached per session version) and
where sets and tiles are on screen."""

from __future__ import annotations

import pygame

from ...play import reasons
from ...rules import actions as act
from ...rules import claims as cl
from .. import variant_ui
from ..boardview import BoardView
from ..tileart import ASPECT


class ClaimsBase(variant_ui.Plugin):
    """The state of the claims plugin, its data from the rules core and its geometry."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.mode = False  # claim mode
        self.focus = 0  # index into options()
        self.hover_key: str | None = None
        self.refused: tuple[tuple, str, float] | None = None  # cells, text, until
        self.pressed: str | None = None
        self.claim_press: tuple | None = None  # (pos, key) of a press on a set in claim mode
        self.mouse = (0, 0)
        self.anims: dict[str, dict] = {}  # set key -> {"start", "seat", "kind", "cells"}
        self.shown_points: list[float] = [float(p.score) for p in scene.session.players]
        self._cache: dict[str, tuple] = {}

    # -- data from the rules core ------------------------------------------------------------------
    @property
    def session(self):
        return self.scene.session

    @property
    def variant(self):
        return self.session.variant

    def _cached(self, name: str, fn):
        v = self.session.version
        hit = self._cache.get(name)
        if hit is None or hit[0] != v:
            try:
                value = fn()
            except Exception:
                value = None
            hit = (v, value)
            self._cache[name] = hit
        return hit[1]

    def view(self) -> dict:
        got = self._cached("view", lambda: self.variant.claims_view(self.session.state))
        return got or {"target": 200, "sets": [], "players": []}

    def target(self) -> int:
        return int(self.view().get("target") or 200)

    def options(self) -> list[dict]:
        """What the viewer may claim now (on their turn), in reading order."""
        sess = self.session

        def make():
            if not sess.my_turn:
                return []
            opts = self.variant.claim_options(sess.state, sess.viewer)
            return sorted(opts, key=lambda o: (o["cells"][0][0], o["cells"][0][1], o["vertical"]))
        return self._cached("options", make) or []

    def table_tiles(self) -> set:
        """The tiles on the table as the viewer sees it (their draft during their turn)."""
        return self._cached("table_tiles", lambda: self.session.table().tile_set()) or set()

    def board_sets(self) -> list:
        return self._cached("sets", lambda: cl.board_sets(self.session.state.board)) or []

    def claimed_by_key(self) -> dict[str, dict]:
        return {s["key"]: s for s in self.view()["sets"]}

    def problems_for(self, cells, vertical: bool) -> list[str]:
        try:
            claim = act.claim("claim", cells=[list(c) for c in cells], vertical=vertical)
            probs = self.variant.claim_problems(self.session.state, claim)
        except Exception:
            return ["that set cannot be claimed"]
        return [reasons.say(p) for p in probs]

    # -- geometry ------------------------------------------------------------------------------------
    def tile_box(self, cell, tile: int | None, lay) -> tuple[float, float, int] | None:
        """Where the tile on ``cell`` is drawn now: (x, y, w); None when it is not on the board."""
        sc = self.scene
        sp = sc.sprites.get(tile) if tile is not None else None
        if sp is not None and tile in self.table_tiles():
            return (sp.pos[0], sp.pos[1], sp.w)
        if tile is None:
            g = lay.grid
            x, y = g.cell_pos(tuple(cell))
            return (x, y, g.tile_w)
        return None

    def set_rect(self, cells, tiles, lay, pad: float = 0.12) -> pygame.Rect | None:
        boxes = [self.tile_box(c, t, lay) for c, t in zip(cells, tiles)]
        boxes = [b for b in boxes if b is not None]
        if not boxes:
            return None
        w = boxes[0][2]
        p = max(3, int(w * pad))
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[0] + b[2] for b in boxes)
        y1 = max(b[1] + b[2] * ASPECT for b in boxes)
        return pygame.Rect(int(x0) - p, int(y0) - p, int(x1 - x0) + 2 * p, int(y1 - y0) + 2 * p)

    def line_at(self, pos):
        """The board set under ``pos`` (where two cross: the focused option, else an option)."""
        lay = self.scene.layout()
        clip = lay.extra.get("table_clip") or lay.table
        if not clip.collidepoint(pos):
            return None
        board = variant_ui.find(self.scene.plugin, BoardView)
        if board is not None and board.button_at(pos) is not None:
            return None  # the board's toolbar is over it
        cell = lay.grid.cell_at(pos)
        if cell is None or self.session.state.board.get(cell) is None:
            return None
        here = [ln for ln in self.board_sets() if cell in ln.cells]
        if not here:
            return None
        keys = {self.key_of(ln): ln for ln in here}
        opts = self.options()
        focused = opts[self.focus]["key"] if self.mode and opts and self.focus < len(opts) else None
        if focused in keys:
            return keys[focused]
        for o in opts:
            if o["key"] in keys:
                return keys[o["key"]]
        return here[0]

    @staticmethod
    def key_of(line) -> str:
        return cl.set_key(line.cells, line.vertical)
