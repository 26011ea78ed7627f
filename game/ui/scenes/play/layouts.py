"""The play screen's layout, computed anew only when what it depends on changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....play import draft as draft_edit
from ... import playlayout

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene


class LayoutKeeper:
    """Owns the layout (and the keys it was computed for) and the flat table's rows as the turn began."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.layout: playlayout.PlayLayout | None = None
        self.key = None
        self._memo = None
        self._rows_base: tuple | None = None  # (the table as the turn began, its rows)

    def forget(self) -> None:
        """The window changed size: the next ``get`` computes the layout anew."""
        self.key = None

    def get(self) -> playlayout.PlayLayout:
        sc = self.scene
        sess = sc.session
        dragging = bool(sc.controls.dragged_tiles())
        cam = sc.plugin.layout_key()  # a board view's pan and zoom
        base = self._rows_base[1] if self._rows_base else None
        memo = (sess.version, sc.app.size, not dragging, self.key is None, cam, base)
        if memo == self._memo and self.layout is not None:
            return self.layout
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
            rows_needed = draft_edit.rows_in_turn(self.rows_base(), list(board.cells) + list(sess.state.board.cells))
            if dragging and self.layout is not None:
                rows_needed = max(rows_needed, self.layout.grid.rows)
        # a table laid out wider than a row (an older save) is shown whole
        cols = max([c + 1 for _, c in board.cells] + [c + 1 for _, c in sess.state.board.cells] + [sess.grid_width])
        info_band = bool(sc.status_lines())
        key = (sc.app.size, len(sess.players), sess.viewer, sess.variant.direction, cols, rows_needed,
               sess.rack.cols, bounds, info_band, cam)
        if key != self.key:
            self.layout = playlayout.compute(sc.app.size, len(sess.players), sess.viewer, sess.variant.direction,
                                             cols, rows_needed, sess.rack.cols, bounds, info_band)
            sc.plugin.adjust_layout(self.layout)  # e.g. a camera over the grid
            self.key = key
        base = self._rows_base[1] if self._rows_base else None
        self._memo = (sess.version, sc.app.size, not dragging, False, cam, base)
        return self.layout

    def rows_base(self, rebase: bool = False) -> int:
        """The rows the flat table showed as this turn began.  Taken again (``rebase``) between
        turns: once the table the turn left is on the screen (a computer's turn played out)."""
        sc = self.scene
        board = sc.session.state.board
        sig = (sc.session.state.round, len(board), hash(frozenset(board.cells.items())))
        if self._rows_base is None or (rebase and self._rows_base[0] != sig and not sc.turnshow.playing):
            self._rows_base = (sig, draft_edit.rows_at_turn_start(board.cells))
        return self._rows_base[1]
