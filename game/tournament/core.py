"""The Golden Games tournament (sheet 003, rule 1) as a whole (pure: no pygame).

The stages come from ``plan.py``; the data is ``model.TournamentData``.  A
tournament that is saved and resumed (``to_dict`` / ``from_dict``, plain JSON) at
any moment ends exactly as one played straight through, as every table is seeded.

The human's table is played on screen (``start_table`` gives the ``GameState``,
``record_result`` takes it back when the match is over); every other table is
simulated (``simulate_pending``, ``simulate_rest``, or the step-by-step
``iter_simulation`` a screen can advance a little every frame and draw from
``live_game`` to let a knocked-out player watch; see ``simulate.py``).
``bracket()`` and ``medals()`` give the screens everything as typed records
(``bracket.py``).
"""

from __future__ import annotations

import copy
import random
from typing import Any, Iterator

from ..play.narrate import TIE_BREAKS
from ..rules import engine
from ..rules.state import HUMAN, GameState, Phase, derived_secret
from . import bracket as views
from . import simulate
from .model import (
    COMPUTER,
    VARIANT,
    Entrant,
    GameRecord,
    LiveTable,
    Stage,
    Table,
    TournamentData,
    check_games,
    check_levels,
    check_options,
)
from .plan import (
    DEFAULT_GAMES,
    DEFAULT_LEVELS,
    FALLBACK_LEVEL,
    NAME_LIMIT,
    StagePlan,
    TableRef,
    TournamentError,
    check_field,
    computer_names,
    derive_seed,
    describe_structure,
    resolve_level,
    seat_order,
)


class Tournament:
    """A whole tournament.  Build one with ``Tournament.create`` or ``Tournament.from_dict``."""

    def __init__(self, data: TournamentData) -> None:
        self.data = data  # checked; see to_dict
        self.sim_table: tuple[TableRef, GameState] | None = None  # the table iter_simulation is playing

    # -- creating ----------------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        field: int,
        human_name: str | None = None,
        seed: int | None = None,
        levels: list[str] | tuple[str, ...] | None = None,
        games: tuple[int, int, int] | list[int] = DEFAULT_GAMES,
        options: dict | None = None,
    ) -> "Tournament":
        """A new tournament of ``field`` entrants, the human (named ``human_name``) one of
        them, or none for a fully simulated tournament.  Computer entrants get names and a
        level from ``levels`` (in turn, then shuffled; a level that does not exist yet plays
        as the basic player).  ``games``: games a table plays in the first stage, in
        winners' rounds and in the final.  ``options``: Golden Games options for every
        table (not ``rounds``, which the stage sets).  Raises ``TournamentError``."""
        check_field(field)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TournamentError("the seed must be a whole number")
        games = check_games(games)
        levels = check_levels(DEFAULT_LEVELS if levels is None else levels)
        options = check_options(options or {})
        if human_name is not None:
            if not isinstance(human_name, str) or not human_name.strip():
                raise TournamentError("the player's name must not be empty")
            human_name = human_name.strip()[:NAME_LIMIT]
        rng = random.Random(derive_seed(seed, "entrants"))
        n_computers = field - (1 if human_name else 0)
        names = computer_names(n_computers, seed, (human_name,) if human_name else ())
        mix = [levels[i % len(levels)] for i in range(n_computers)]
        rng.shuffle(mix)
        entrants = []
        if human_name:
            entrants.append(Entrant(0, human_name, HUMAN, "", ""))
        for name, level in zip(names, mix):
            entrants.append(Entrant(len(entrants), name, COMPUTER, level, resolve_level(level)))
        data = TournamentData(seed, field, games, list(levels), options, 0 if human_name else None, entrants)
        t = cls(data)
        t._seat_stage(0, [e.id for e in entrants])
        return t

    # -- reading ----------------------------------------------------------------------------------
    @property
    def seed(self) -> int:
        return self.data.seed

    @property
    def field(self) -> int:
        return self.data.field

    @property
    def human(self) -> int | None:
        """The human's entrant id, or None in a fully simulated tournament."""
        return self.data.human

    @property
    def entrants(self) -> list[Entrant]:
        return copy.deepcopy(self.data.entrants)

    def entrant(self, entrant: int) -> Entrant:
        return copy.copy(self.data.entrants[entrant])

    @property
    def stages(self) -> list[Stage]:
        """The stages seated so far (a copy)."""
        return copy.deepcopy(self.data.stages)

    def plan(self) -> list[StagePlan]:
        return self.data.plan()

    def describe_structure(self) -> list[str]:
        return describe_structure(self.field, self.data.games)

    @property
    def finished(self) -> bool:
        stages = self.data.stages
        return bool(stages) and stages[-1].final and stages[-1].tables[0].done

    @property
    def current_stage(self) -> int:
        return len(self.data.stages) - 1

    def table(self, ref: TableRef) -> Table:
        return copy.deepcopy(self._table(ref))

    def name(self, entrant: int) -> str:
        return self.data.entrants[entrant].name

    def pending_tables(self) -> list[TableRef]:
        """Tables of the current stage not yet finished, in order."""
        if self.finished:
            return []
        s = self.current_stage
        return [TableRef(s, i) for i, tb in enumerate(self.data.stages[s].tables) if not tb.done]

    def is_human_table(self, ref: TableRef) -> bool:
        return self.human is not None and self.human in self._table(ref).seats

    def human_table(self) -> TableRef | None:
        """The human's unfinished table in the current stage, if any."""
        return next((r for r in self.pending_tables() if self.is_human_table(r)), None)

    def next_table(self) -> TableRef | None:
        """The next table to play: the human's own table first (it is played on screen),
        then the others in order; None when the tournament is over."""
        pending = self.pending_tables()
        if self.live_table in pending:
            return self.live_table
        return self.human_table() or (pending[0] if pending else None)

    def human_status(self) -> str | None:
        """None (no human), "playing" (their table is to be played), "advanced" (through,
        waiting for the other tables), "out" (knocked out, tournament still going) or
        "finished" (the tournament is over)."""
        if self.human is None:
            return None
        if self.finished:
            return "finished"
        for tb in self.data.stages[-1].tables:
            if self.human in tb.seats:
                if not tb.done:
                    return "playing"
                return "advanced" if self.human in tb.advanced else "out"
        return "out"

    # -- playing a table on screen ------------------------------------------------------------------
    @property
    def live_game(self) -> GameState | None:
        """The game of the table started with ``start_table`` (the human's, or one being
        watched), saved with the tournament; None between tables.  After a resume it may
        already be over (saved just before ``record_result``): record it then."""
        live = self.data.live
        return None if live is None else live.state

    @property
    def live_table(self) -> TableRef | None:
        live = self.data.live
        return None if live is None else live.ref

    def start_table(self, ref: TableRef) -> GameState:
        """The ``GameState`` of a table of the current stage, dealt and ready (or the game in
        progress, after a resume).  The tournament keeps it, so ``to_dict`` saves it."""
        tb = self.unfinished_table(ref)
        if self.data.live is not None:
            if self.live_table == ref:
                return self.data.live.state
            raise TournamentError("another table is being played; finish it first")
        self.data.live = LiveTable(ref.stage, ref.table, self.deal(ref))
        tb.status = "live"
        return self.data.live.state

    def preview_table(self, ref: TableRef | None = None) -> GameState:
        """The deal ``start_table`` would give a table (by default the next table, or the
        final once the tournament is over), without starting it: nothing changes.  A save
        file that always holds a game can hold this one between tables."""
        if ref is None:
            ref = self.next_table() or TableRef(len(self.data.stages) - 1, 0)
        if self.data.live is not None and self.live_table == ref:
            return self.data.live.state
        self._table(ref)
        return self.deal(ref)

    def deal(self, ref: TableRef) -> GameState:
        """A table's first deal (seeded by the table: the same every time)."""
        tb = self._table(ref)
        stage = self.data.stages[ref.stage]
        seats = [(e.name, e.seat_kind) for e in (self.data.entrants[i] for i in tb.seats)]
        options = dict(self.data.options, rounds=stage.games)
        secret = derived_secret("tournament", self.seed, ref.stage, ref.table)
        return engine.new_game(VARIANT, seats, seed=tb.seed, options=options, secret=secret)

    def computer_player(self, ref: TableRef, seat: int, state: GameState):
        """The computer player for ``seat`` at this point of the game (seeded by the game's
        ``player_seed``, so a game resumed after a save plays on exactly as it would have)."""
        tb = self._table(ref)
        entrant = self.data.entrants[tb.seats[seat]]
        level = FALLBACK_LEVEL if entrant.is_human else entrant.plays_as
        return simulate.make_computer(level, state.player_seed(seat), state.variant.board_shape)

    def record_result(self, ref: TableRef, state: GameState, *, illegal_moves: int = 0,
                      tiles_conserved: bool | None = None, played: str = "on screen") -> Table:
        """Record a finished table from its ``GameState`` (the match over: phase "game_over")
        and, when it was the stage's last table, seat the next stage.  Returns (a copy of) the
        table's record.  Raises ``TournamentError`` when the state does not belong to the table."""
        tb = self.unfinished_table(ref)
        stage = self.data.stages[ref.stage]
        if not isinstance(state, GameState):
            raise TournamentError("a table's result must be a finished game")
        if state.variant_key != VARIANT:
            raise TournamentError("that game was not played under the Golden Games rules")
        names = [self.data.entrants[i].name for i in tb.seats]
        if [p.name for p in state.players] != names:
            raise TournamentError("that game was not played by this table's players")
        if int(state.options.get("rounds", 0)) != stage.games:
            raise TournamentError(f"this table plays {stage.games} game{'' if stage.games == 1 else 's'}")
        if state.phase != Phase.GAME_OVER or len(state.history) != stage.games:
            raise TournamentError("the table's games are not finished yet")
        problems = state.conservation_problems()
        if problems:
            raise TournamentError("the game lost track of its tiles: " + problems[0])
        impossible = state.problems()  # the rules' own idea of a game that could have happened
        if impossible:
            raise TournamentError("the table's game is impossible: " + ", ".join(str(p.code) for p in impossible[:3]))
        live = self.data.live
        if live is not None and live.ref == ref and live.state is state:
            illegal_moves += int(live.illegal_moves)
            if tiles_conserved is None:
                tiles_conserved = bool(live.tiles_conserved)
        variant = state.variant
        order = variant.ranking(state)
        tb.games = [GameRecord([int(x) for x in h["deltas"]], h["winner"], str(h["reason"])) for h in state.history]
        tb.totals = [p.score for p in state.players]
        tb.games_won = [p.rounds_won for p in state.players]
        tb.order = list(order)
        tb.advanced = [tb.seats[i] for i in order[: stage.advance]]
        tb.tie_break = ""
        k = max(stage.advance, 3 if stage.final else 1)
        for a, b in zip(order[:k], order[1 : k + 1]):
            if tb.totals[a] == tb.totals[b]:
                tb.tie_break = f"{names[a]} ahead of {names[b]}: {TIE_BREAKS[variant.tie_break_reason(state, a, b)]}"
                break
        tb.turns = state.total_turns
        tb.illegal_moves = int(illegal_moves)
        tb.tiles_conserved = True if tiles_conserved is None else bool(tiles_conserved)
        tb.played = played
        tb.status = "done"
        if self.live_table == ref:
            self.data.live = None
        self._advance_if_complete()
        return copy.deepcopy(tb)

    # -- simulating (simulate.py) ---------------------------------------------------------------------
    @property
    def simulating(self) -> tuple[TableRef, GameState] | None:
        """(table, game) being simulated by ``iter_simulation`` right now, to watch it; a
        simulation is not saved half-way: after a resume the table is simulated again from
        its start, and (being seeded) plays out exactly the same."""
        return self.sim_table

    def iter_simulation(self, stop_at_human: bool = True, stand_in: str | None = None,
                        only: TableRef | None = None) -> Iterator[simulate.Progress]:
        """See ``simulate.iter_simulation``."""
        return simulate.iter_simulation(self, stop_at_human, stand_in, only)

    def simulate_pending(self, progress: simulate.ProgressHook | None = None) -> None:
        """Simulate every table until one of the human's is next (or the tournament ends)."""
        simulate.simulate_pending(self, progress)

    def simulate_rest(self, progress: simulate.ProgressHook | None = None, stand_in: str | None = None) -> None:
        """Simulate everything left, to the medals (see ``simulate.simulate_rest``)."""
        simulate.simulate_rest(self, progress, stand_in)

    # -- results (bracket.py) -------------------------------------------------------------------------
    def medals(self) -> list[views.Medal]:
        """Gold, silver and bronze once the final is played (else [])."""
        return views.medals(self)

    def standings(self) -> list[views.Standing]:
        """Every entrant's result so far, best first."""
        return views.standings(self)

    def bracket(self) -> views.Bracket:
        """Everything the bracket screen shows, names resolved."""
        return views.bracket(self)

    def summary(self) -> dict:
        """A compact JSON report (the simulator's ``--tournament --json``)."""
        return views.summary(self)

    # -- saving --------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole tournament as plain JSON data, the game in progress included."""
        return self.data.to_dict()

    @classmethod
    def from_dict(cls, d: Any) -> "Tournament":
        """Rebuild a tournament, checking everything; raises ``TournamentError`` with a clear reason."""
        t = cls(TournamentData.from_dict(d))
        t._advance_if_complete()
        return t

    # -- internals -----------------------------------------------------------------------------------
    def _table(self, ref: TableRef) -> Table:
        if not isinstance(ref, TableRef):
            raise TournamentError("a table is named by a TableRef(stage, table)")
        stages = self.data.stages
        if not 0 <= ref.stage < len(stages) or not 0 <= ref.table < len(stages[ref.stage].tables):
            raise TournamentError(f"there is no table {ref.table + 1} in stage {ref.stage + 1}")
        return stages[ref.stage].tables[ref.table]

    def unfinished_table(self, ref: TableRef) -> Table:
        """The table ``ref`` of the current stage; raises ``TournamentError`` when it is done or not there."""
        tb = self._table(ref)
        if ref.stage != self.current_stage:
            raise TournamentError("that table is not in the current stage")
        if tb.done:
            raise TournamentError("that table has already played")
        return tb

    def _seat_stage(self, index: int, entrants: list[int]) -> None:
        p = self.plan()[index]
        if len(entrants) != p.entrants:
            raise TournamentError("the stage plan and the players going on disagree")
        order = seat_order(self.seed, index, entrants)
        tables, k = [], 0
        for t, size in enumerate(p.tables):
            tables.append(Table(t, order[k : k + size], derive_seed(self.seed, "table", index, t)))
            k += size
        self.data.stages.append(Stage(index, p.name, p.games, p.advance, p.final, sorted(entrants), tables))

    def _advance_if_complete(self) -> None:
        stage = self.data.stages[-1]
        if stage.final or not stage.complete:
            return
        going_on = [i for tb in stage.tables for i in tb.advanced]
        self._seat_stage(stage.index + 1, going_on)
