"""A tournament's data: typed records with one validation (pure: no pygame).

``TournamentData.from_dict`` is the one place a tournament's plain JSON is checked
(the shape, the stage plan, who sits where, totals and rankings, the game in
progress); ``to_dict`` writes exactly the JSON it reads::

    {"schema": 1, "kind": "golden-games-tournament", "seed", "field", "games": [3, 2, 1],
     "levels", "options", "human": 0 | null,
     "entrants": [{"id", "name", "kind": "human" | "computer", "level", "plays_as"}],
     "stages": [{"index", "name", "games", "advance", "final", "entrants": [ids],
                 "tables": [{"index", "seats": [ids], "seed", "status": "pending" | "live" | "done",
                             "games": [{"scores", "winner", "reason"}], "totals", "games_won",
                             "order", "advanced", "tie_break", "turns", "illegal_moves",
                             "tiles_conserved", "played"}]}],
     "live": null | {"stage", "table", "illegal_moves", "tiles_conserved", "game": GameState}}

Every check raises ``TournamentError`` with a sentence; ``from_dict`` turns any other
error a damaged file can cause into one too.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field as dc_field
from typing import Any

from ..rules.state import HUMAN, GameState, StateError
from ..rules.variants.golden import GoldenGames
from .plan import MAX_GAMES, NAME_LIMIT, StagePlan, TableRef, TournamentError, check_field, stage_plan

COMPUTER = "computer"  # an entrant played by a computer level (the level is in ``plays_as``)

SCHEMA_VERSION = 1
KIND = "golden-games-tournament"
VARIANT = GoldenGames.key
TABLE_STATUSES = ("pending", "live", "done")


def need(cond: bool, message: str) -> None:
    if not cond:
        raise TournamentError(message)


def _is_int(v: Any) -> bool:
    return type(v) is int


# -- input checks (creating a tournament and loading one) ------------------------------------------


def check_games(games: Any) -> tuple[int, int, int]:
    if not isinstance(games, (list, tuple)) or len(games) != 3 or not all(
        type(g) is int and 1 <= g <= MAX_GAMES for g in games
    ):
        raise TournamentError(f"games per stage must be three whole numbers from 1 to {MAX_GAMES} (first stage, winners' rounds, final)")
    return tuple(games)  # type: ignore[return-value]


def check_levels(levels: Any) -> list[str]:
    if isinstance(levels, str) or not isinstance(levels, (list, tuple)) or not levels:
        raise TournamentError("the computer levels must be a non-empty list of level names")
    out = []
    for lv in levels:
        if not isinstance(lv, str) or not lv.strip() or len(lv) > 40:
            raise TournamentError(f"bad computer level {lv!r}")
        out.append(lv.strip())
    return out


def check_options(options: Any) -> dict:
    if not isinstance(options, dict):
        raise TournamentError("the rule options must be an object")
    if "rounds" in options:
        raise TournamentError("the games a table plays are set by the stage, not by the 'rounds' option")
    try:
        coerced = GoldenGames.coerce_options(dict(options))
    except ValueError as exc:
        raise TournamentError(str(exc)) from None
    coerced.pop("rounds", None)
    return coerced


# -- the records -------------------------------------------------------------------------------------


@dataclass
class Entrant:
    id: int
    name: str
    kind: str  # "human" or "computer"
    level: str  # the level asked for ("" for the human)
    plays_as: str  # the level that plays ("basic" while the asked one does not exist yet)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def shown_level(self) -> str:
        return self.plays_as or self.level

    @property
    def seat_kind(self) -> str:
        """The kind of player in a game: "human" or the computer level that plays."""
        return HUMAN if self.is_human else self.plays_as

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "kind": self.kind, "level": self.level, "plays_as": self.plays_as}

    @classmethod
    def from_dict(cls, e: Any, i: int) -> "Entrant":
        need(isinstance(e, dict), f"entrant {i + 1} is damaged")
        need(e.get("id") == i and _is_int(e.get("id")), f"entrant {i + 1} has the wrong id")
        name = e.get("name")
        need(isinstance(name, str) and 0 < len(name) <= NAME_LIMIT, f"entrant {i + 1} has no proper name")
        return cls(i, name, e.get("kind"), e.get("level"), e.get("plays_as"))

    def check(self) -> None:
        i = self.id
        need(self.kind in (HUMAN, COMPUTER), f"entrant {i + 1} must be human or computer")
        need(isinstance(self.level, str) and isinstance(self.plays_as, str), f"entrant {i + 1} has a damaged level")
        if not self.is_human:
            need(bool(self.plays_as), f"entrant {i + 1} has no computer level")


@dataclass
class GameRecord:
    """One finished game of a table: each seat's points, the winner's seat, why it ended."""

    scores: list[int]
    winner: int | None
    reason: str

    def to_dict(self) -> dict:
        return {"scores": list(self.scores), "winner": self.winner, "reason": self.reason}

    @classmethod
    def from_dict(cls, g: Any, n: int, where: str) -> "GameRecord":
        need(isinstance(g, dict) and isinstance(g.get("scores"), list) and len(g["scores"]) == n
             and all(_is_int(x) and x >= 0 for x in g["scores"]), f"{where} has a damaged game")
        need(g.get("winner") is None or (_is_int(g["winner"]) and 0 <= g["winner"] < n), f"{where} has a damaged game")
        need(isinstance(g.get("reason"), str), f"{where} has a damaged game")
        return cls(list(g["scores"]), g["winner"], g["reason"])


@dataclass
class Table:
    """A table of a stage: who sits where, and once it is done, its games and ranking
    (``order``: seats best first; ``advanced``: the entrants who go on)."""

    index: int
    seats: list[int]
    seed: int
    status: str = "pending"
    games: list[GameRecord] = dc_field(default_factory=list)
    totals: list[int] = dc_field(default_factory=list)
    games_won: list[int] = dc_field(default_factory=list)
    order: list[int] = dc_field(default_factory=list)
    advanced: list[int] = dc_field(default_factory=list)
    tie_break: str = ""
    turns: int = 0
    illegal_moves: int = 0
    tiles_conserved: bool = True
    played: str = ""

    @property
    def done(self) -> bool:
        return self.status == "done"

    def to_dict(self) -> dict:
        return {"index": self.index, "seats": list(self.seats), "seed": self.seed, "status": self.status,
                "games": [g.to_dict() for g in self.games], "totals": list(self.totals),
                "games_won": list(self.games_won), "order": list(self.order), "advanced": list(self.advanced),
                "tie_break": self.tie_break, "turns": self.turns, "illegal_moves": self.illegal_moves,
                "tiles_conserved": self.tiles_conserved, "played": self.played}

    @classmethod
    def from_dict(cls, tb: Any, index: int, p: StagePlan, field: int, where: str) -> "Table":
        need(isinstance(tb, dict), f"{where} is damaged")
        need(tb.get("index") == index, f"{where} has the wrong number")
        seats = tb.get("seats")
        need(isinstance(seats, list) and all(_is_int(x) and 0 <= x < field for x in seats) and len(set(seats)) == len(seats),
             f"{where} has damaged seats")
        need(_is_int(tb.get("seed")), f"{where} has a damaged seed")
        need(tb.get("status") in TABLE_STATUSES, f"{where} has an unknown status")
        for key in ("games", "totals", "games_won", "order", "advanced"):
            need(isinstance(tb.get(key), list), f"{where} is missing {key!r}")
        need(isinstance(tb.get("tie_break"), str) and isinstance(tb.get("played"), str), f"{where} is damaged")
        need(_is_int(tb.get("turns")) and _is_int(tb.get("illegal_moves")) and isinstance(tb.get("tiles_conserved"), bool),
             f"{where} has damaged statistics")
        out = cls(index, list(seats), tb["seed"], tb["status"], [], copy.deepcopy(tb["totals"]),
                  copy.deepcopy(tb["games_won"]), list(tb["order"]), list(tb["advanced"]), tb["tie_break"],
                  tb["turns"], tb["illegal_moves"], tb["tiles_conserved"], tb["played"])
        n = len(seats)
        if tb["status"] != "done":
            need(not tb["games"] and not tb["advanced"] and not tb["order"], f"{where} has results but is not finished")
            return out
        games = tb["games"]
        need(len(games) == p.games, f"{where} must have {p.games} game{'' if p.games == 1 else 's'}")
        out.games = [GameRecord.from_dict(g, n, where) for g in games]
        totals = [sum(g.scores[i] for g in out.games) for i in range(n)]
        need(tb["totals"] == totals, f"{where}: the totals do not add up")
        need(len(tb["games_won"]) == n and all(_is_int(x) and 0 <= x <= len(games) for x in tb["games_won"]),
             f"{where} has damaged games won")
        order = tb["order"]
        need(sorted(order) == list(range(n)) and all(_is_int(x) for x in order), f"{where} has a damaged ranking")
        need(all(totals[a] <= totals[b] for a, b in zip(order, order[1:])), f"{where}: the ranking does not follow the totals")
        need(tb["advanced"] == [seats[i] for i in order[: p.advance]], f"{where}: the wrong players went on")
        return out


@dataclass
class Stage:
    """A stage as seated: the plan's figures, the entrants (sorted ids) and the tables."""

    index: int
    name: str
    games: int
    advance: int
    final: bool
    entrants: list[int]
    tables: list[Table]

    @property
    def complete(self) -> bool:
        return all(tb.done for tb in self.tables)

    def to_dict(self) -> dict:
        return {"index": self.index, "name": self.name, "games": self.games, "advance": self.advance,
                "final": self.final, "entrants": list(self.entrants), "tables": [tb.to_dict() for tb in self.tables]}

    @classmethod
    def from_dict(cls, s: Any, p: StagePlan, field: int, expected: list[int]) -> "Stage":
        where = f"stage {p.index + 1}"
        need(isinstance(s, dict), f"{where} is damaged")
        for key, want in (("index", p.index), ("name", p.name), ("games", p.games), ("advance", p.advance), ("final", p.final)):
            need(s.get(key) == want, f"{where} does not match the tournament plan ({key})")
        need(isinstance(s.get("entrants"), list) and sorted(s["entrants"]) == sorted(expected) and s["entrants"] == sorted(s["entrants"]),
             f"{where} does not hold the players who went on")
        tables = s.get("tables")
        need(isinstance(tables, list) and sorted(len(tb.get("seats", [])) if isinstance(tb, dict) else -1 for tb in tables) == sorted(p.tables),
             f"{where} has the wrong tables")
        out = [Table.from_dict(tb, t_index, p, field, f"{where}, table {t_index + 1}") for t_index, tb in enumerate(tables)]
        seated = [e for tb in out for e in tb.seats]
        need(sorted(seated) == sorted(expected), f"{where} does not seat every player exactly once")
        return cls(p.index, p.name, p.games, p.advance, p.final, list(s["entrants"]), out)


@dataclass
class LiveTable:
    """The table being played on screen (or watched): its game is saved with the tournament."""

    stage: int
    table: int
    state: GameState = dc_field(repr=False, compare=False)
    illegal_moves: int = 0
    tiles_conserved: bool = True

    @property
    def ref(self) -> TableRef:
        return TableRef(self.stage, self.table)

    def to_dict(self) -> dict:
        return {"stage": self.stage, "table": self.table, "illegal_moves": self.illegal_moves,
                "tiles_conserved": self.tiles_conserved, "game": self.state.to_dict()}


@dataclass
class TournamentData:
    """The whole tournament as saved."""

    seed: int
    field: int
    games: tuple[int, int, int]
    levels: list[str]
    options: dict
    human: int | None
    entrants: list[Entrant]
    stages: list[Stage] = dc_field(default_factory=list)
    live: LiveTable | None = None

    def table(self, ref: TableRef) -> Table:
        return self.stages[ref.stage].tables[ref.table]

    def plan(self) -> list[StagePlan]:
        return stage_plan(self.field, self.games)

    def to_dict(self) -> dict:
        return {
            "schema": SCHEMA_VERSION,
            "kind": KIND,
            "seed": self.seed,
            "field": self.field,
            "games": list(self.games),
            "levels": list(self.levels),
            "options": copy.deepcopy(self.options),
            "human": self.human,
            "entrants": [e.to_dict() for e in self.entrants],
            "stages": [s.to_dict() for s in self.stages],
            "live": None if self.live is None else self.live.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Any) -> "TournamentData":
        """Check everything; raises ``TournamentError`` with a clear reason, whatever the damage."""
        try:
            return cls._from_dict(d)
        except TournamentError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
            raise TournamentError(f"damaged tournament save ({exc})") from None

    @classmethod
    def _from_dict(cls, d: Any) -> "TournamentData":
        need(isinstance(d, dict), "a tournament save must be a JSON object")
        need(d.get("kind") == KIND, "this is not a Golden Games tournament save")
        need(d.get("schema") == SCHEMA_VERSION, f"unsupported tournament save version {d.get('schema')!r}")
        for key in ("seed", "field", "games", "levels", "options", "human", "entrants", "stages", "live"):
            need(key in d, f"the tournament save is missing {key!r}")
        need(_is_int(d["seed"]), "the seed must be a whole number")
        field = check_field(d["field"])
        games = check_games(d["games"])
        levels = check_levels(d["levels"])
        options = check_options(d["options"])
        need(options == d["options"], "the rule options are incomplete or damaged")
        raw = d["entrants"]
        need(isinstance(raw, list) and len(raw) == field, f"the save must list {field} entrants")
        names = set()
        entrants = []
        for i, e in enumerate(raw):
            entrant = Entrant.from_dict(e, i)
            need(entrant.name.casefold() not in names, f"two entrants are called {entrant.name!r}")
            names.add(entrant.name.casefold())
            entrant.check()
            entrants.append(entrant)
        humans = [e.id for e in entrants if e.is_human]
        human = d["human"]
        need(human is None or _is_int(human), "the human entrant is damaged")
        need(humans == ([] if human is None else [human]), "the save's human entrant does not match its entrants")
        plan = stage_plan(field, games)
        raw_stages = d["stages"]
        need(isinstance(raw_stages, list) and 1 <= len(raw_stages) <= len(plan), "the stages are damaged")
        expected = list(range(field))
        stages = []
        for s_index, s in enumerate(raw_stages):
            stage = Stage.from_dict(s, plan[s_index], field, expected)
            if s_index < len(raw_stages) - 1:
                need(stage.complete, f"stage {s_index + 1} is not finished but a later stage exists")
            expected = sorted(e for tb in stage.tables for e in tb.advanced)
            stages.append(stage)
        data = cls(d["seed"], field, games, levels, options, human, entrants, stages, None)
        data.live = _live_from_dict(d["live"], data)
        return data


def _live_from_dict(live: Any, data: TournamentData) -> LiveTable | None:
    live_tables = [(s.index, tb.index) for s in data.stages for tb in s.tables if tb.status == "live"]
    if live is None:
        need(not live_tables, "a table is marked as being played but its game is missing")
        return None
    need(isinstance(live, dict), "the game in progress is damaged")
    ref = TableRef(live.get("stage"), live.get("table"))
    need(live_tables == [(ref.stage, ref.table)], "the game in progress does not match the tables")
    need(_is_int(live.get("illegal_moves")) and isinstance(live.get("tiles_conserved"), bool),
         "the game in progress is damaged")
    try:
        state = GameState.from_dict(live.get("game"))
    except StateError as exc:
        raise TournamentError(f"the game in progress is damaged: {exc}") from None
    stage = data.stages[ref.stage]
    tb = stage.tables[ref.table]
    need(state.variant_key == VARIANT, "the game in progress is not a Golden Games game")
    need([p.name for p in state.players] == [data.entrants[i].name for i in tb.seats],
         "the game in progress is not this table's")
    need(state.options.get("rounds") == stage.games, "the game in progress has the wrong number of games")
    return LiveTable(ref.stage, ref.table, state, live["illegal_moves"], live["tiles_conserved"])
