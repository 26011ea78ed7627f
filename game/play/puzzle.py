"""A Tile Rush puzzle as a game position the play screen can show (pure: no pygame here).

A puzzle is a one-seat position: the player's rack and a table of valid sets, no pool to draw
from, no initial meld, no turn clock of its own (the rush's clock is the mode's, see
``game.puzzles``).  ``puzzle_state`` builds that ``GameState``; ``PuzzleSession`` is the
``Session`` over it, so the play screen's table, rack, drag and drop, keyboard and undo work
unchanged, while ending the turn is the mode's business (``Done`` checks the table).
``answer_board`` lays the proven answer out on the table for the hint's step-by-step playback.
"""

from __future__ import annotations

from typing import Sequence

from ..rules import engine
from ..rules.board import GRID_WIDTH, Board
from ..rules.state import HUMAN, GameState
from ..rules.reasons import Reason
from ..rules.turn import Problem
from .session import Outcome, Session

PUZZLE_VARIANT = "classic"
ROOM = 3  # cells kept free at the right end of each row, so a set there can still grow


def lay_sets(sets: Sequence[Sequence[int]], width: int = GRID_WIDTH, keep: Board | None = None) -> Board:
    """``sets`` side by side on a flat table ``width`` cells wide, one empty cell between two
    sets, a new row when a row is full.  With ``keep``, a set found whole on that board keeps
    its place (so a playback moves only what the answer changes) and the others fill the gaps."""
    if keep is None:
        return Board.from_sets([[int(t) for t in s] for s in sets], width)
    board = Board()
    lines = {tuple(ln.tiles): ln.cells[0] for ln in keep.lines()}
    rest: list[list[int]] = []
    for s in sets:  # sets the answer keeps whole stay put
        tiles = [int(t) for t in s]
        start = lines.pop(tuple(tiles), None)
        if start is None:
            rest.append(tiles)
        else:
            board.place_line(start, tiles)
    left: list[list[int]] = []
    for tiles in rest:  # a set grown from an old one keeps the old tiles where they were
        start = _grown_from(tiles, lines, board, width)
        if start is None:
            left.append(tiles)
        else:
            board.place_line(start, tiles)
    for tiles in left:
        board.place_line(board.free_slot(len(tiles), width), tiles)
    return board


def _grown_from(tiles: list[int], lines: dict, board: Board, width: int):
    """Where ``tiles`` go so that an old line inside them (``lines``: tiles to first cell) stays
    in place, when that fits on the row with a free cell each side; None otherwise."""
    for old, (row, col) in list(lines.items()):
        n = len(old)
        for k in range(len(tiles) - n + 1):
            if tuple(tiles[k:k + n]) != old:
                continue
            c0 = col - k
            span = [(row, c) for c in range(c0 - 1, c0 + len(tiles) + 1)]
            if c0 >= 0 and c0 + len(tiles) <= width and not any(cell in board.cells for cell in span):
                del lines[old]
                return (row, c0)
    return None


def puzzle_state(table: Sequence[Sequence[int]], rack: Sequence[int], name: str = "You") -> GameState:
    """The puzzle's position: seat 0 (the only seat) to move, melded, holding ``rack``, the
    ``table`` sets laid out; every other tile is in the pool, which the player never draws
    from.  Raises ``ValueError`` with a reason for a position that is not one (a tile twice,
    a tile that does not exist)."""
    state = engine.new_game(PUZZLE_VARIANT, [(name or "You", HUMAN), ("-", "easy")], seed=0, secret="0" * 32)
    state.players = state.players[:1]
    board = lay_sets(table, GRID_WIDTH - ROOM)
    mine = [int(t) for t in rack]
    used = board.tiles() + mine
    if len(set(used)) != len(used):
        raise ValueError("a tile is both on the table and the rack, or twice in one place")
    if any(not 0 <= t <= 105 for t in used):
        raise ValueError("a tile that does not exist")
    state.board = board
    state.pool = [t for t in range(106) if t not in set(used)]
    me = state.players[0]
    me.rack = mine
    me.melded = True
    state.start_set_position()
    return state


def answer_board(state: GameState, answer: Sequence[Sequence[int]]) -> Board:
    """The answer's sets on the table, the sets the answer keeps whole left where they are."""
    return lay_sets(answer, state.variant.grid_width, keep=state.board)


class PuzzleSession(Session):
    """A puzzle on the play screen: no turn clock, nothing saved, no drawing; the table is
    checked by the mode (``placed_all``, ``table_sets``), never played into the rules core."""

    def __init__(self, state: GameState) -> None:
        super().__init__(state, autosave=False)

    @property
    def turn_time(self) -> int:
        return 0

    def draw(self) -> Outcome:
        return Outcome(False, [Problem(Reason.PUZZLE_NO_POOL)])

    def table_sets(self) -> list[list[int]]:
        """The table as the player has it now, as sets of tiles (each line left to right)."""
        return [list(ln.tiles) for ln in self.table().lines()]

    def placed_all(self) -> bool:
        """Every rack tile is on the table and the rules core finds the table valid."""
        if self.draft is None:
            return False
        rack = set(self.state.players[self.viewer].rack)
        if not rack <= self.draft.tile_set() or self.held_table_tiles():
            return False
        analysis = self.analysis()
        return analysis is not None and analysis.ok
