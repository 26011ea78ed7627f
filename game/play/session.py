"""One game in progress, as the play screen sees it (pure: no pygame here).

A ``Session`` owns one ``GameState`` and turns the player's *intents* (move these
tiles to that cell, undo, reset, draw, end the turn) into calls on the rules
core.  The turn in progress is a *draft*: a copy of the table the player edits
freely, plus where each of their tiles sits on their rack, plus an undo stack.
Nothing reaches the ``GameState`` until the rules core accepts it
(``engine.apply`` with an ``EndTurn``, ``Draw`` or ``Timeout`` action).

Its parts live beside it: the rack arrangement (``session.rack``, a ``rack.Rack``), the computer turns
(``session.computer``: asked for, not computed here), the saving (``session.saver``, and the
save format ``session_save``) and the default hooks (``hooks``).

The session reports what happened as a queue of plain event dicts
(``poll_events()``) that the screen turns into animation and sound, and calls
its saver's ``turn_hooks`` after every completed turn (autosave by default).
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from dataclasses import dataclass
from typing import Any

from . import draft as draft_edit
from . import session_save
from .computer_turns import ComputerTurns
from .events import NewTiles, Refused, SessionEvent, TurnBegan
from .narrate import Narrator
from .rack import RACK_MIN_COLS, RACK_ROWS, Rack
from .session_save import SESSION_VERSION, Saver
from .thinking import compute_ai_action, compute_hint
from .wire import view_from_dict, view_to_dict
from ..rules import actions as act
from ..rules import engine
from ..rules import events as ev_
from ..rules.board import Board, Cell
from ..rules.state import HUMAN, GameState, Phase
from ..rules.reasons import Reason
from ..rules.turn import Analysis, Problem

__all__ = [
    "HUMAN", "OPPONENT_NAMES", "RACK", "RACK_MIN_COLS", "RACK_ROWS", "SESSION_VERSION", "TABLE", "MoveResult", "Outcome",
    "Session", "compute_ai_action", "compute_hint", "view_from_dict", "view_to_dict",
]

log = logging.getLogger(__name__)  # what a bug caught here was (errors.log in the game)

OPPONENT_NAMES = ("Mia", "Otto", "Lena", "Bruno", "Yuki", "Sam", "Ines", "Theo")

TABLE = "table"
RACK = "rack"


@dataclass
class MoveResult:
    ok: bool
    message: str = ""


# What an end-turn / draw intent did (``ok`` when the turn ended): the engine's own result type.
Outcome = engine.TurnResult


class Session:
    """One game in progress: the state, the human's draft turn, timers and events (the rack
    arrangement, the computer turns and the saving are parts it owns)."""

    def __init__(self, state: GameState, *, timer_left: float | None = None, demo: bool = False,
                 rack_slots: dict | None = None, rack_cols: int | None = None, autosave: bool = True,
                 game_id: str | None = None) -> None:
        self.state = state
        self.demo = demo
        self.game_id = secrets.token_hex(8) if game_id is None else game_id  # counts the game once in the statistics
        self.hints_used = 0  # hints the person asked for and was shown (the statistics count them)
        self.fresh = False  # a new deal not saved yet (``Session.new``); ``begin()`` saves it
        self._begun = False
        self.saver = Saver(self, autosave=autosave, demo=demo)  # when it is written (``turn_hooks``), what the disk said
        self.computer = ComputerTurns(self, self._turn_done)  # the computer seats' turns, asked for one at a time
        self.elapsed = 0.0  # seconds of play (for the statistics)
        self._events: list[dict] = []
        self.viewer = next((i for i, p in enumerate(state.players) if p.kind == HUMAN), 0)
        self.rack = Rack(self._rack_edit)  # where the viewer's tiles sit on their rack
        if rack_slots:
            self.rack.restore(self.my_rack(), rack_slots, rack_cols)
        self.rack.sync(self.my_rack(), initial=not rack_slots)
        self.draft: Board | None = None
        self._undo: list[tuple[Board, dict]] = []
        self.version = 0  # bumps whenever anything visible changes
        self._analysis: tuple[int, Analysis] | None = None
        self._preview: tuple | None = None
        self._changed: tuple[int, bool] | None = None
        self.begin_turn(timer_left)

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, variant: str, opponents: list[str], *, seed: int | None = None, options: dict | None = None,
            player_name: str = "You", demo: bool = False, autosave: bool = True) -> "Session":
        """A new game: the human in seat 0 (a computer too in ``demo``), then ``opponents`` (levels)."""
        seats: list[tuple[str, str]] = []
        first_kind = opponents[0] if demo and opponents else HUMAN
        if demo:
            seats.append((OPPONENT_NAMES[-1], first_kind))
        else:
            seats.append((player_name or "You", HUMAN))
        for i, level in enumerate(opponents):
            seats.append((OPPONENT_NAMES[i % len(OPPONENT_NAMES)], level))
        state = engine.new_game(variant, seats, seed=seed, options=options)
        session = cls(state, demo=demo, autosave=autosave)
        session.fresh = True
        return session

    def to_dict(self) -> dict:
        """The session as saved (``game.play.session_save``): the game state plus the clock, the rack
        arrangement, the session's flags and the person's unfinished turn."""
        return session_save.to_dict(self)

    @classmethod
    def from_dict(cls, d: Any, autosave: bool = True) -> "Session":
        """Rebuild a session; raises ``StateError`` with a clear reason on a damaged dict."""
        return session_save.from_dict(cls, d, autosave)

    # -- who is who ---------------------------------------------------------------------------
    @property
    def variant(self):
        return self.state.variant

    @property
    def players(self):
        return self.state.players

    def kind(self, seat: int) -> str:
        return self.state.players[seat].kind

    def is_human(self, seat: int) -> bool:
        return self.state.players[seat].kind == HUMAN

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def my_turn(self) -> bool:
        """The viewer may edit a draft now."""
        return self.state.phase == Phase.PLAY and self.state.current == self.viewer and self.is_human(self.viewer)

    @property
    def computer_to_move(self) -> bool:
        return self.state.phase == Phase.PLAY and not self.is_human(self.state.current)

    def my_rack(self) -> list[int]:
        """The viewer's tiles in the game state (``rack`` shows where each sits)."""
        return list(self.state.players[self.viewer].rack)

    @property
    def person(self) -> int | None:
        """The seat told in the second person: the viewer's, when a person plays it (None in a demo)."""
        return self.viewer if self.is_human(self.viewer) else None

    def hint_view(self) -> dict | None:
        """The viewer's own view (JSON-able) for a hint, during their turn; else None."""
        return view_to_dict(engine.view(self.state, self.viewer)) if self.my_turn else None

    @property
    def grid_width(self) -> int:
        return self.variant.grid_width

    @property
    def turn_time(self) -> int:
        return int(self.variant.turn_time() or 0)

    # -- events ------------------------------------------------------------------------------
    def _emit(self, ev: SessionEvent) -> None:
        self._events.append(ev)
        self.version += 1

    def poll_events(self) -> list[SessionEvent]:
        out, self._events = self._events, []
        return out

    # -- the turn in progress -------------------------------------------------------------------
    def begin_turn(self, timer_left: float | None = None) -> None:
        """The current seat's turn starts from the state as it is (also a position set up by hand)."""
        self.timer_left = float(timer_left) if timer_left is not None else float(self.turn_time)
        self._undo = []
        self.draft = self.state.board.copy() if self.my_turn else None
        self.rack.begin_turn(self.my_turn)
        self._analysis = None
        self.version += 1
        self.saver.turn_started()
        if self.state.phase == Phase.PLAY:
            self._emit(TurnBegan(self.state.current, self.is_human(self.state.current)))

    def table(self) -> Board:
        """The table as the viewer sees it now (their draft during their turn)."""
        return self.draft if self.draft is not None else self.state.board

    @property
    def draft_changed(self) -> bool:
        """The player changed the table this turn.  On a flat table that means its sets: a set
        moved to another place is the same table (ending the turn then draws)."""
        if self.draft is None:
            return False
        if self._changed is None or self._changed[0] != self.version:
            same = self.draft == self.state.board
            if not same and self.variant.flat_table:
                same = draft_edit.sets_of(self.draft) == draft_edit.sets_of(self.state.board)
            self._changed = (self.version, not same)
        return self._changed[1]

    @property
    def draft_moved(self) -> bool:
        """Any tile of the table is somewhere else than when the turn began."""
        return self.draft is not None and self.draft != self.state.board

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def start_tiles(self) -> set[int]:
        """Tiles that were on the table when the turn began."""
        return self.state.board.tile_set()

    def held_table_tiles(self) -> list[int]:
        """Table tiles the player has taken onto the rack this turn (they must go back)."""
        start = self.start_tiles()
        return [t for t in self.rack.slots if t in start]

    def analysis(self) -> Analysis | None:
        """The rules core's verdict on the current draft (cached per change)."""
        if self.draft is None:
            return None
        if self._analysis is None or self._analysis[0] != self.version:
            self._analysis = (self.version, engine.check_play(self.state, self.draft))
        return self._analysis[1]

    def _push_undo(self) -> None:
        self._undo.append((self.draft.copy() if self.draft is not None else Board(), dict(self.rack.slots)))
        if len(self._undo) > 500:
            del self._undo[0]

    def _rack_edit(self) -> None:
        """The person is about to rearrange the rack (``Rack.sort``): one undo step during their turn."""
        if self.draft is not None:
            self._push_undo()
        self.version += 1

    def where(self, tile: int) -> tuple[str, Cell] | None:
        if tile in self.rack.slots:
            return (RACK, self.rack.slots[tile])
        board = self.table()
        for cell, t in board.cells.items():
            if t == tile:
                return (TABLE, cell)
        return None

    def move(self, tiles: list[int], area: str, cell: Cell, vertical: bool = False, lead: int = 0,
             whole_set: bool = False) -> MoveResult:
        """Move ``tiles`` (in this order, side by side) so the first lands on ``cell`` of
        ``area`` (``"table"`` or ``"rack"``).  On a flat table the tiles join the set they are
        put on or at (tile ``lead`` is the one under the pointer) or start a new one, and sets
        are kept apart (``game.play.draft``); ``whole_set`` moves a set as it is.  On the rack
        tiles already there are pushed right; on a crossword board nothing is pushed (see
        ``crossword_cells``), and ``vertical`` lays the tiles down a column."""
        tiles = [int(t) for t in dict.fromkeys(tiles)]
        if not tiles:
            return MoveResult(False, "nothing to move")
        if area == TABLE and not self.variant.flat_table:
            return self._move_crossword(tiles, (int(cell[0]), int(cell[1])), vertical)
        if area == TABLE:
            return self._move_flat(tiles, (int(cell[0]), int(cell[1])), lead, whole_set)
        if area != RACK:
            return MoveResult(False, f"unknown area {area!r}")
        on_table = {t for t in self.table().cells.values()}
        if any(t in on_table for t in tiles) and self.draft is None:
            return MoveResult(False, "wait for your turn to change the table")
        owned = set(self.rack.slots) | on_table
        if self.draft is None:
            owned = set(self.rack.slots)
        if not all(t in owned for t in tiles):
            return MoveResult(False, "those tiles cannot be moved")
        r, c = int(cell[0]), int(cell[1])
        if not (0 <= r < RACK_ROWS and c >= 0):
            return MoveResult(False, "that is not a place on your rack")

        before_draft = self.draft.copy() if self.draft is not None else None
        before_slots = dict(self.rack.slots)
        moving = set(tiles)
        if self.draft is not None:
            for cl in [cl for cl, t in self.draft.cells.items() if t in moving]:
                del self.draft.cells[cl]
            if self.variant.flat_table:
                self.draft = draft_edit.close_groups(before_draft, self.draft)  # a group closes its gap
        self.rack.take(tiles)
        self.rack.place(tiles, r, c)
        if before_draft is not None:
            self._undo.append((before_draft, before_slots))
        self.version += 1
        return MoveResult(True)

    def crossword_cells(self, tiles: list[int], cell: Cell, vertical: bool = False) -> list[Cell]:
        """Where ``tiles`` go on a crossword board when the first is put at ``cell``: the free
        cells from there along the row (or down the column), stepping over the tiles already
        on the board (so a set is laid across another and nothing moves).  One tile goes to
        ``cell`` itself (a tile there changes places with it, see ``move``)."""
        return draft_edit.crossword_cells(self.table(), tiles, cell, vertical)

    def _move_crossword(self, tiles: list[int], cell: Cell, vertical: bool) -> MoveResult:
        """``move`` onto a crossword board.  One tile dropped on another changes places with it
        (a table tile goes to the rack slot the dropped tile came from, to be used this turn:
        that is how a joker is freed)."""
        if self.draft is None or not self.my_turn:
            return MoveResult(False, "wait for your turn to change the table")
        cells = self.crossword_cells(tiles, cell, vertical)
        plan = dict(zip(tiles, cells))
        other = self.draft.get(cell) if len(tiles) == 1 else None
        if other is None or other == tiles[0]:
            return self.place(plan)
        src = self.where(tiles[0])
        if src is None:
            return MoveResult(False, "those tiles cannot be moved")
        if src[0] == TABLE:
            plan[other] = src[1]
            return self.place(plan)
        res = self.place(plan, [other])
        if res.ok:
            self.rack.put(other, src[1])  # the slot the dropped tile left
        return res

    def place(self, table: dict[int, Cell] | None = None, to_rack: list[int] | tuple = ()) -> MoveResult:
        """Put tiles on exactly these table cells (``{tile: (row, col)}``) and take these
        table tiles onto the rack, in one step (one undo).  Every other tile stays where it
        is, so each target cell must be free or be left by a tile that moves too.  The
        click controls (add a set, add to a set, split, take a tile, swap a joker) use it."""
        table = {int(t): (int(c[0]), int(c[1])) for t, c in (table or {}).items()}
        to_rack = [int(t) for t in dict.fromkeys(to_rack)]
        if not table and not to_rack:
            return MoveResult(False, "nothing to move")
        if self.draft is None or not self.my_turn:
            return MoveResult(False, "wait for your turn to change the table")
        where = self.draft.where()
        if set(table) & set(to_rack):
            return MoveResult(False, "a tile cannot go to the table and the rack at once")
        if not all(t in where or t in self.rack.slots for t in table) or not all(t in where or t in self.rack.slots for t in to_rack):
            return MoveResult(False, "those tiles cannot be moved")
        cells = list(table.values())
        if len(set(cells)) != len(cells):
            return MoveResult(False, "two tiles cannot share a cell")
        if self.variant.flat_table and any(r < 0 or not 0 <= c < self.grid_width for r, c in cells):
            return MoveResult(False, "no room there: the table is only %d cells wide" % self.grid_width)
        moving = set(table) | set(to_rack)
        if any(self.draft.get(cell) is not None and self.draft.get(cell) not in moving for cell in cells):
            return MoveResult(False, "no room there")
        self._push_undo()
        before = self.draft.copy()
        for t in moving:
            if t in where:
                del self.draft.cells[where[t]]
        self.rack.take(table)
        for t, cell in table.items():
            self.draft.cells[cell] = t
        if self.variant.flat_table:
            self.draft = draft_edit.close_groups(before, self.draft)  # a group closes its gap
        self.rack.add(to_rack)
        self.version += 1
        return MoveResult(True)

    def pinned_tiles(self) -> list[int]:
        """Table tiles the player may not move now (their sets show no grip): the table as the
        turn began, before the player's initial meld in rule sets where it may not be touched then."""
        if self.draft is None or self.state.players[self.viewer].melded or not self.variant.initial_table_untouched:
            return []
        return self.state.board.tiles()

    def preview_move(self, tiles: list[int], cell: Cell, lead: int = 0, whole_set: bool = False) -> list[Cell]:
        """Where ``move`` would put ``tiles`` on a flat table (nothing changes): their cells, in order."""
        tiles = [int(t) for t in dict.fromkeys(tiles)]
        if self.draft is None or not tiles or len(tiles) > self.grid_width:
            return []
        key = (self.version, tuple(tiles), tuple(cell), lead, whole_set)
        if self._preview is None or self._preview[0] != key:
            where = self._flat_result(tiles, (int(cell[0]), int(cell[1])), lead, whole_set).where()
            self._preview = (key, [where[t] for t in tiles if t in where])
        return list(self._preview[1])

    def _flat_result(self, tiles: list[int], cell: Cell, lead: int, whole_set: bool) -> Board:
        rows = draft_edit.rows_at_turn_start(self.state.board.cells)  # the rows the table shows this turn
        if whole_set:
            return draft_edit.move_set(self.draft, tiles, cell, self.grid_width, rows)
        return draft_edit.drop(self.draft, tiles, cell, self.grid_width, lead, rows)

    def _move_flat(self, tiles: list[int], cell: Cell, lead: int, whole_set: bool) -> MoveResult:
        """``move`` onto a flat table: the draft editing of ``game.play.draft``."""
        if self.draft is None or not self.my_turn:
            return MoveResult(False, "wait for your turn to change the table")
        on_table = self.draft.tile_set()
        if not all(t in on_table or t in self.rack.slots for t in tiles):
            return MoveResult(False, "those tiles cannot be moved")
        if len(tiles) > self.grid_width:
            return MoveResult(False, "that is more tiles than a row of the table holds: put them down in parts")
        board = self._flat_result(tiles, cell, lead, whole_set)
        self._push_undo()
        self.rack.take(tiles)
        self.draft = board
        self.version += 1
        return MoveResult(True)

    def resume_turn(self, draft: Board, slots: dict[int, Cell], cols: int = 0) -> None:
        """The person's unfinished turn put back as it was left (``turnsave.restore`` checked that
        it is this turn's): the draft table and the rack slots, no undo steps."""
        self.draft, self._undo = draft, []
        self.rack.arrange(slots, cols)
        self.version += 1  # the cached analysis is stale

    def undo(self) -> bool:
        if not self._undo:
            return False
        board, slots = self._undo.pop()
        if self.draft is not None:
            self.draft = board
        self.rack.arrange(slots)
        self.version += 1
        return True

    def reset(self) -> bool:
        """Put every tile back where it was when the turn began."""
        if self.draft is None or (not self.draft_moved and not self.rack.moved):
            return False
        self._push_undo()
        self.draft = self.state.board.copy()
        self.rack.back_to_turn_start()
        self.rack.sync(self.my_rack())
        self.version += 1
        return True

    # -- ending the turn ---------------------------------------------------------------------
    def problems(self) -> list[Problem]:
        a = self.analysis()
        return list(a.problems) if a is not None else []

    def preview(self):
        """What ending the turn now would do, from the rules core (``engine.preview_end_turn``):
        ``outcome`` draw / play / penalty / refused, a ``message``, and ``warn``/``warnings``
        when the screen should ask first.  None when it is not the viewer's turn."""
        if self.draft is None or not self.my_turn:
            return None
        # sets only moved about: ending the turn draws (see ``end_turn``)
        board = self.draft if self.draft_changed or self.held_table_tiles() else self.state.board
        return engine.preview_end_turn(self.state, board)

    def would_penalise(self) -> bool:
        """Ending the turn now would cost the variant's failed-play penalty."""
        pv = self.preview()
        return pv is not None and pv.outcome == "penalty"

    def end_turn_warnings(self) -> list[Problem]:
        """Warnings a rule set wants shown before the turn ends (e.g. a hand limit), as codes with
        data (``game.play.reasons.cautions`` words them)."""
        pv = self.preview()
        return list(pv.warnings) if pv is not None else []

    def draw(self) -> Outcome:
        """Draw a tile (tiles moved this turn go back first)."""
        if not self.my_turn:
            return Outcome(False, [Problem(Reason.NOT_YOUR_TURN)])
        if self.draft_moved or self.held_table_tiles():
            self.draft = self.state.board.copy()
            self.rack.back_to_turn_start()
            self.rack.sync(self.my_rack())
        result = engine.apply(self.state, act.Draw())
        if not result.ok:
            self.version += 1
            return Outcome(False, result.problems)
        return self._turn_done(self.viewer, result.events, self.state.board.copy())

    def end_turn(self) -> Outcome:
        """Play the draft (or draw when the table is unchanged)."""
        if not self.my_turn:
            return Outcome(False, [Problem(Reason.NOT_YOUR_TURN)])
        held = self.held_table_tiles()
        if held and not self.variant.failed_play_penalty:
            problem = Problem(Reason.HELD_TILES_UNUSED, tiles=tuple(held))
            self._emit(Refused(self.viewer, (problem,)))
            return Outcome(False, [problem])
        if not self.draft_changed and not held:
            return self.draw()
        before = self.state.board.copy()
        draft = self.draft.copy()
        result = engine.apply(self.state, act.EndTurn(draft))
        if not result.ok:
            self._emit(Refused(self.viewer, tuple(result.problems)))
            return Outcome(False, result.problems)
        if not result.played:
            # a penalty: the table is restored and the tiles go back to the rack
            self.rack.back_to_turn_start()
        return self._turn_done(self.viewer, result.events, before)

    def _turn_done(self, seat: int, events: list[ev_.Event], before: Board) -> Outcome:
        self.draft = None
        self._emit_engine_events(seat, events, before)
        self._after_turn()
        return Outcome(True, [], events)

    def _emit_engine_events(self, seat: int, events: list[ev_.Event], before: Board) -> None:
        """The engine's events for the screen; a play gets the table before and after it and
        its points (an initial meld's as the rules counted them, else the sets it changed)."""
        for ev in events:
            match ev:
                case ev_.Played(points=points):
                    after = self.state.board.copy()
                    if points is None:
                        points = draft_edit.changed_value(before, after, self.variant.reads_columns)
                    ev = dataclasses.replace(ev, before=before, after=after, points=points)
            self._emit(ev)

    def _after_turn(self) -> None:
        new = self.rack.sync(self.my_rack())
        if new:
            self._emit(NewTiles(tuple(new)))
        self.computer.cancel()
        self.begin_turn()  # first, so the save holds the next turn with its full clock
        self.saver.finish(final_saved=self.saver.save())

    def begin(self) -> None:
        """The game appears on screen (the play screen calls this once, after whoever made the
        session set its hooks): a fresh deal is saved at once, as a real game is, so a kill
        during the first turn resumes this game; a finished game loaded from a save gets its
        game-over hooks (``Saver.finish``)."""
        if self._begun:
            return
        self._begun = True
        if self.fresh and self.state.phase == Phase.PLAY:
            self.fresh = False
            self.saver.save()
        self.saver.finish()

    # -- the clock --------------------------------------------------------------------------
    def tick(self, dt: float) -> Outcome | None:
        """Advance the turn timer; when the viewer's time runs out the rule set's consequence happens."""
        if self.state.phase != Phase.PLAY:
            return None
        self.elapsed += dt
        if self.turn_time > 0:
            self.timer_left = max(0.0, self.timer_left - dt)
        if self.saver.due():
            self.saver.save()
        if self.turn_time <= 0:
            return None
        if self.timer_left > 0 or not self.is_human(self.state.current):
            return None
        seat = self.state.current
        before = self.state.board.copy()
        draft = self.draft.copy() if self.draft is not None else None
        if self.draft is not None:
            self.rack.back_to_turn_start()
        result = engine.apply(self.state, act.Timeout(draft))
        self._emit(ev_.TimedOut(seat, stood=result.played))
        return self._turn_done(seat, result.events, before)

    def human_action(self, action: act.Claim) -> Outcome:
        """A rule set's own kind of turn for the viewer (a claim), through ``engine.apply``;
        the turn ends when the rules accept it."""
        if not self.my_turn:
            return Outcome(False, [Problem(Reason.NOT_YOUR_TURN)])
        if not self.variant.has_claims:
            return Outcome(False, [Problem(Reason.NO_SUCH_ACTION)])
        before = self.state.board.copy()
        result = engine.apply(self.state, action)
        if not result.ok:
            self._emit(Refused(self.viewer, tuple(result.problems)))
            return Outcome(False, list(result.problems))
        self.rack.back_to_turn_start()
        return self._turn_done(self.viewer, result.events, before)

    # -- rounds -------------------------------------------------------------------------------
    def next_round(self) -> bool:
        if self.state.phase != Phase.ROUND_OVER:
            return False
        engine.next_round(self.state)
        self.rack.sync(self.my_rack(), initial=True)
        self._emit(ev_.RoundStarted(self.state.round))
        self.begin_turn()
        self.saver.save()  # save the fresh deal
        return True

    def ranking(self) -> list[int]:
        return engine.ranking(self.state)

    def status_lines(self) -> list[str]:
        try:
            notes = self.variant.status_lines(self.state, self.viewer)
            teller = Narrator([p.name for p in self.state.players], self.viewer)
            return [teller.note(n) for n in notes]
        except Exception:  # a rule set's bug: logged, the screen shows no status lines
            log.exception("the rule set's status lines")
            return []
