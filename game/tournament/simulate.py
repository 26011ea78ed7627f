"""The computer tables of a tournament, played through the engine's action path (pure).

A table's game is played by ``game.play.computer.play_out`` (the loop the simulator and
the demo use: one computer turn per step, rounds dealt, a stuck round ended).
``iter_simulation`` yields a ``Progress`` after every turn, so a screen can advance it
a little every frame; ``simulate_pending`` and ``simulate_rest`` run it to a stop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator

from ..play.computer import play_out
from ..rules.state import HUMAN, GameState
from .model import LiveTable
from .plan import FALLBACK_LEVEL, TableRef, TournamentError, resolve_level

if TYPE_CHECKING:
    from .core import Tournament

@dataclass
class Progress:
    """Where a simulation stands: ``done`` of ``total`` games, the table being played
    (``turn`` is None once its games are over) and a line of text for a progress bar."""

    done: int
    total: int
    fraction: float
    text: str
    stage: int
    table: int
    game: int
    games: int
    turn: int | None

    @property
    def ref(self) -> TableRef:
        return TableRef(self.stage, self.table)


ProgressHook = Callable[[Progress], None]


def make_computer(level: str, seed: int, board: str = "flat"):
    """A computer player of ``level`` for ``board`` (the basic player when that level does not
    exist yet)."""
    from ..ai import make_player

    return make_player(resolve_level(level), seed, board)


def iter_simulation(t: "Tournament", stop_at_human: bool = True, stand_in: str | None = None,
                    only: TableRef | None = None) -> Iterator[Progress]:
    """Simulate tables one turn at a time, yielding a ``Progress`` after every turn.
    Plays every pending table in order, stage after stage.  With ``stop_at_human`` it
    leaves the human's tables alone and stops when one of them is all that is left
    (the human's table is played on screen); ``stand_in`` names a computer level to
    play the human's seat instead.  ``only`` limits it to one table.  A table started
    with ``start_table`` (to watch it) goes on from where it stands."""
    skip_human = stand_in is None
    total = games_to_simulate(t, stop_at_human, skip_human, only)
    done = 0
    while not t.finished:
        ref = only if only is not None else _next_to_simulate(t, skip_human)
        if ref is None:
            return
        if t.is_human_table(ref) and skip_human:
            raise TournamentError("the human's table is played on screen (or give a stand_in level)")
        t.unfinished_table(ref)
        live = t.data.live
        watched = live is not None and live.ref == ref
        if watched:
            state, stats = live.state, live
        else:
            state = t.deal(ref)
            stats = LiveTable(ref.stage, ref.table, state)  # the counts of a table nobody watches
            t.sim_table = (ref, state)
        stage = t.data.stages[ref.stage]
        label = f"{stage.name}, table {ref.table + 1} of {len(stage.tables)}"
        def player_for(state: GameState, ref: TableRef = ref):
            if state.player.kind == HUMAN:
                return make_computer(stand_in or FALLBACK_LEVEL, state.player_seed(state.current), state.variant.board_shape)
            return t.computer_player(ref, state.current, state)

        try:
            for step in play_out(state, player_for):
                if step.kind == "new_round":
                    done += 1
                    yield progress(t, done, total, label, ref, state)
                    continue
                if step.turn is None:
                    continue  # a stuck round ended
                if step.turn.illegal:
                    stats.illegal_moves += 1
                if stats.tiles_conserved and state.conservation_problems():
                    stats.tiles_conserved = False
                yield progress(t, done, total, label, ref, state)
        finally:
            t.sim_table = None
        done += 1
        how = "simulated" if not t.is_human_table(ref) else f"simulated ({stand_in} stand-in)"
        if watched:
            t.record_result(ref, state, played=how)
        else:
            t.record_result(ref, state, illegal_moves=stats.illegal_moves,
                            tiles_conserved=stats.tiles_conserved, played=how)
        yield progress(t, done, total, label, ref, None)
        if only is not None:
            return


def simulate_pending(t: "Tournament", hook: ProgressHook | None = None) -> None:
    """Simulate every table until one of the human's is next (or the tournament ends)."""
    for info in iter_simulation(t, stop_at_human=True):
        if hook:
            hook(info)


def simulate_rest(t: "Tournament", hook: ProgressHook | None = None, stand_in: str | None = None) -> None:
    """Simulate everything left, to the medals: for a knocked-out player who skips to the
    end, or a fully simulated tournament.  Refused while the human still has a table to
    play, unless ``stand_in`` names a computer level to play it for them."""
    if t.human_table() is not None and stand_in is None:
        raise TournamentError("you still have a table to play")
    for info in iter_simulation(t, stop_at_human=False, stand_in=stand_in):
        if hook:
            hook(info)


def _next_to_simulate(t: "Tournament", skip_human: bool) -> TableRef | None:
    pending = [r for r in t.pending_tables() if not (skip_human and t.is_human_table(r))]
    live = t.live_table
    return live if live in pending else (pending[0] if pending else None)


def games_to_simulate(t: "Tournament", stop_at_human: bool, skip_human: bool, only: TableRef | None) -> int:
    """Games the coming simulation will play (for its progress fraction)."""
    if t.finished:
        return 0
    s = t.current_stage
    stage = t.data.stages[s]
    live = t.data.live

    def left(i: int) -> int:
        if live is not None and live.ref == TableRef(s, i):
            return stage.games - len(live.state.history)
        return 0 if stage.tables[i].done else stage.games

    if only is not None:
        return left(only.table)
    total = sum(left(i) for i in range(len(stage.tables))
                if not (skip_human and t.is_human_table(TableRef(s, i))))
    if stop_at_human and skip_human and t.human_status() in ("playing", "advanced"):
        return total  # the simulation stops at the human's next table
    for p in t.plan()[s + 1 :]:
        total += len(p.tables) * p.games
    return total


def progress(t: "Tournament", done: int, total: int, label: str, ref: TableRef, state: GameState | None) -> Progress:
    stage = t.data.stages[ref.stage]
    game = min(state.round, stage.games) if state is not None else stage.games
    text = f"{label}, game {game} of {stage.games}"
    fraction = done / total if total else 1.0
    if state is not None and state.phase == "play" and total:
        fraction = min(1.0, (done + min(state.turn / 120, 0.95)) / total)
    return Progress(done, total, round(fraction, 4), text, ref.stage, ref.table, game, stage.games,
                    state.turn if state is not None else None)
