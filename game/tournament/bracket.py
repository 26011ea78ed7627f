"""What the screens show of a tournament, names resolved (pure: no pygame).

``bracket(t)`` gives every stage, table, score and who went on; ``medals(t)`` the
podium; ``standings(t)`` every entrant's result; ``summary(t)`` the simulator's
JSON report.  The records are snapshots: a screen may keep one while a
simulation goes on (they are plain values, so they also cross a process pipe).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.state import HUMAN
from .plan import MEDALS, READINGS, TableRef

if TYPE_CHECKING:
    from .core import Tournament


@dataclass
class PlayerRow:
    """An entrant at a table: the points of each game played so far and the total
    (``place`` once the table is done)."""

    entrant: int
    name: str
    kind: str
    level: str
    is_human: bool
    scores: list[int]
    total: int | None
    games_won: int | None
    place: int | None
    advanced: bool


@dataclass
class TableView:
    index: int
    label: str
    status: str  # "pending", "live", "simulating" or "done"
    is_human_table: bool
    games: int
    games_played: int
    players: list[PlayerRow]
    tie_break: str
    played: str

    @property
    def done(self) -> bool:
        return self.status == "done"

    def rows_shown(self) -> list[PlayerRow]:
        """The rows as a card shows them: by place once the table is done, else by seat."""
        return sorted(self.players, key=lambda p: p.place or 99) if self.done else list(self.players)


@dataclass
class StageView:
    index: int
    name: str
    games: int
    advance: int
    final: bool
    entrants: int
    table_sizes: list[int]
    status: str  # "done", "playing" or "waiting" (not seated yet: no tables)
    tables: list[TableView]


@dataclass
class Medal:
    medal: str
    place: int
    entrant: int
    name: str
    kind: str
    level: str
    total: int

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN


@dataclass
class Standing:
    entrant: int
    name: str
    kind: str
    level: str
    stage: int
    stage_name: str
    place: int | None
    total: int | None
    status: str  # "playing", "advanced", "out" or "final"
    medal: str | None


@dataclass
class Bracket:
    field: int
    seed: int
    finished: bool
    human: int | None
    human_status: str | None
    current_stage: int
    next_table: TableRef | None
    live_table: TableRef | None
    structure: list[str]
    readings: list[str]
    stages: list[StageView]
    medals: list[Medal]

    def human_tables(self) -> list[tuple[StageView, TableView, PlayerRow]]:
        """The human's seat at every table they sat at, first stage first."""
        return [(s, tb, row) for s in self.stages for tb in s.tables for row in tb.players if row.is_human]

    def medal_of(self, entrant: int) -> Medal | None:
        return next((m for m in self.medals if m.entrant == entrant), None)


def medals(t: "Tournament") -> list[Medal]:
    """Gold, silver and bronze once the final is played (else [])."""
    if not t.finished:
        return []
    tb = t.data.stages[-1].tables[0]
    out = []
    for place, seat in enumerate(tb.order[:3]):
        e = t.data.entrants[tb.seats[seat]]
        out.append(Medal(MEDALS[place], place + 1, e.id, e.name, e.kind, e.shown_level, tb.totals[seat]))
    return out


def standings(t: "Tournament") -> list[Standing]:
    """Every entrant's result so far, best first: the last stage reached, the place and
    total at that table, and a status: "playing", "advanced", "out", "final" (played
    the final) with ``medal`` set for the medallists."""
    medal_of = {m.entrant: m.medal for m in medals(t)}
    out = []
    for e in t.data.entrants:
        stage, tb = next((s, tb) for s in reversed(t.data.stages) for tb in s.tables if e.id in tb.seats)
        place = total = None
        status = "playing"
        if tb.done:
            seat = tb.seats.index(e.id)
            place, total = tb.order.index(seat) + 1, tb.totals[seat]
            status = "final" if stage.final else ("advanced" if e.id in tb.advanced else "out")
        out.append(Standing(e.id, e.name, e.kind, e.shown_level, stage.index, stage.name, place, total, status,
                            medal_of.get(e.id)))
    out.sort(key=lambda r: (-r.stage, 99 if r.place is None else r.place, 0 if r.total is None else r.total, r.entrant))
    return out


def bracket(t: "Tournament") -> Bracket:
    """Everything the bracket screen shows."""
    stages = []
    for p in t.plan():
        if p.index < len(t.data.stages):
            s = t.data.stages[p.index]
            tables = [table_view(t, TableRef(s.index, i)) for i in range(len(s.tables))]
            status = "done" if s.complete else "playing"
        else:
            tables, status = [], "waiting"
        stages.append(StageView(p.index, p.name, p.games, p.advance, p.final, p.entrants, list(p.tables), status, tables))
    return Bracket(t.field, t.seed, t.finished, t.human, t.human_status(), t.current_stage, t.next_table(),
                   t.live_table, t.describe_structure(), list(READINGS), stages, medals(t))


def table_view(t: "Tournament", ref: TableRef) -> TableView:
    tb = t.data.table(ref)
    live = t.live_game if t.live_table == ref else None
    sim = t.sim_table
    if live is None and sim is not None and sim[0] == ref:
        live = sim[1]
    players = []
    for seat, eid in enumerate(tb.seats):
        e = t.data.entrants[eid]
        if tb.done:
            scores = [g.scores[seat] for g in tb.games]
            total, won = tb.totals[seat], tb.games_won[seat]
            place = tb.order.index(seat) + 1
        elif live is not None:
            scores = [h["deltas"][seat] for h in live.history]
            total, won, place = live.players[seat].score, live.players[seat].rounds_won, None
        else:
            scores, total, won, place = [], None, None, None
        players.append(PlayerRow(eid, e.name, e.kind, e.shown_level, e.is_human, scores, total, won, place,
                                 eid in tb.advanced))
    stage = t.data.stages[ref.stage]
    games_played = len(tb.games) if tb.done else (len(live.history) if live is not None else 0)
    status = "simulating" if sim is not None and sim[0] == ref else tb.status
    return TableView(ref.table, f"Table {ref.table + 1}", status, t.is_human_table(ref), stage.games, games_played,
                     players, tb.tie_break, tb.played)


def summary(t: "Tournament") -> dict:
    """A compact JSON report (the simulator's ``--tournament --json``)."""
    stages = []
    illegal = 0
    conserved = True
    games = 0
    for s in t.data.stages:
        tables = []
        for tb in s.tables:
            names = [t.name(i) for i in tb.seats]
            tables.append({"players": names, "scores": [list(g.scores) for g in tb.games], "totals": list(tb.totals),
                           "advanced": [t.name(i) for i in tb.advanced], "tie_break": tb.tie_break})
            illegal += tb.illegal_moves
            conserved &= tb.tiles_conserved
            games += len(tb.games)
        stages.append({"name": s.name, "games": s.games, "tables": tables})
    return {"entrants": t.field, "seed": t.seed, "finished": t.finished, "stages": stages,
            "medals": [{"medal": m.medal, "name": m.name, "level": m.level, "total": m.total} for m in medals(t)],
            "games_played": games, "illegal_moves": illegal, "tiles_conserved": conserved}


# -- words for the screens -----------------------------------------------------------------------------


def human_line(data: Bracket) -> str:
    """One sentence on where the human stands."""
    human = data.human
    if human is None:
        return ""
    status = data.human_status
    stages = data.stages
    mine = data.human_tables()
    if status == "finished":
        medal = data.medal_of(human)
        if medal is not None:
            return f"You won {medal.medal}!"
        last_stage, tb, row = mine[-1]
        if last_stage.final:
            return f"You finished {ordinal(row.place)} in the final."
        return f"You were knocked out in the {last_stage.name.lower()} ({ordinal(row.place)} at {tb.label.lower()})."
    if not mine:
        return ""
    stage, tb, row = mine[-1]
    where = f"{tb.label} of the {stage.name.lower()}" if not stage.final else "the final"
    if status == "playing":
        if tb.games_played or tb.status == "live":
            return f"Your game at {where.lower()} is in progress: game {min(tb.games_played + 1, tb.games)} of {tb.games}."
        games = f"{tb.games} game{'s' if tb.games != 1 else ''}"
        if not stage.final:
            return f"You play at {where.lower()}: {games}, lowest total goes on."
        return f"You are in the final: {games} for gold, silver and bronze."
    nxt = stages[stage.index + 1].name if stage.index + 1 < len(stages) else ""
    if status == "advanced":
        how = "won" if row.place == 1 else f"came {ordinal(row.place)} at"
        return f"You {how} {tb.label.lower()}: through to the {nxt.lower()}!"
    if status == "out":
        return f"You came {ordinal(row.place)} at {tb.label.lower()} and are out of the tournament."
    return ""


def ordinal(n: int | None) -> str:
    if not isinstance(n, int):
        return "?"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
