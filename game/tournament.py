"""The Golden Games tournament (sheet 003, rule 1), as plain data (pure: no pygame).

    "Game should be played in tables of three or four, depending on how many
    participants there are.  Each table plays three (3) games.  The winners
    (lowest score) from each table then play two games.  The winners then play
    one game and that determines the gold (low score), silver (second lowest
    score) and bronze (third lowest score)."

How a field of any size from 6 to 64 entrants (the setup screen offers 9 to 48)
is turned into stages (``stage_plan``):

* A stage with 3 or 4 entrants is the **final**: one table, one game; the lowest
  total takes gold, then silver, then bronze (a fourth finalist gets no medal).
* Any other stage seats its entrants at T tables of 3 or 4, split as evenly as
  possible (sizes differ by at most one; the tables of three come first, so
  13 -> 3+3+3+4).  The first stage (**qualifying round**) plays three games a
  table, later stages (**winners' rounds**) two games.  Each table's winner
  goes on: the lowest total over the table's games, ties broken by more games
  won, then the lower score in the last game, then a tie-break draw (as in the
  sheet's opening draw: each tied player draws a tile, the highest goes first).
* T is the fewest tables that seat everyone (tables of four), unless that
  gives 5 to 8 tables: 5 to 8 table winners could only form two tables, whose
  two winners are too few for a final.  Then the smallest T from 9 up that
  still seats everyone at tables of three or four is used, if there is one;
  otherwise (fields of 17 to 26, or 6 to 8) the **top two** of each table go
  on, which always fills a following stage of 4 or of 10 to 16.
* So 9-16 entrants play a qualifying round and a final (the table winners fit
  one final table, and a two-game round between the same three or four people
  would decide nothing the final does not); 17-48 entrants play a qualifying
  round, one winners' round (three or four tables, two games each) and a
  final, as on the sheet; larger fields may need two winners' rounds.

Seats are drawn by lot (seeded) at every stage.  Every table has its own seed,
derived from the tournament seed, the stage and the table, so the result of a
table does not depend on the order tables are played in, and a tournament that
is saved and resumed (``to_dict`` / ``from_dict``, plain JSON) at any moment
ends exactly as one played straight through.

The human's table is played on screen (``start_table`` gives the ``GameState``,
``record_result`` takes it back when the match is over); every other table is
simulated (``simulate_pending``, ``simulate_rest``, or the
step-by-step ``iter_simulation`` a screen can advance a little every frame and
draw from ``live_game`` to let a knocked-out player watch).  ``bracket()`` and
``medals()`` give the screens everything as plain data.
"""

from __future__ import annotations

import copy
import hashlib
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from .rules import engine
from .rules.state import GameState, StateError, derived_secret
from .rules.variants.golden import GoldenGames

SCHEMA_VERSION = 1
KIND = "golden-games-tournament"
VARIANT = GoldenGames.key
MIN_FIELD = 6
MAX_FIELD = 64
SUGGESTED_FIELD = (9, 48)  # what the setup screen offers
DEFAULT_LEVELS = ("easy", "medium", "hard")
FALLBACK_LEVEL = "basic"
DEFAULT_GAMES = (3, 2, 1)  # games a table plays: first stage, winners' rounds, final
MAX_GAMES = 5
MAX_TURNS_PER_GAME = 3000  # a simulated game that runs this long is ended as "stalled"
MEDALS = ("gold", "silver", "bronze")
TABLE_STATUSES = ("pending", "live", "done")
NAME_LIMIT = 24
SAVE_FILE = "tournament.json"

FIRST_NAMES = (
    "Agnes", "Albert", "Alma", "Arthur", "Beatrice", "Bernard", "Betty", "Carl", "Clara", "Clifford",
    "Dolores", "Donald", "Doris", "Earl", "Edith", "Edna", "Elmer", "Esther", "Eugene", "Evelyn",
    "Florence", "Frank", "Gladys", "Gloria", "Harold", "Hazel", "Herbert", "Irene", "Irving", "June",
    "Lillian", "Lloyd", "Lois", "Louise", "Mabel", "Marjorie", "Martha", "Marvin", "Mildred", "Myrtle",
    "Norma", "Norman", "Opal", "Otis", "Pearl", "Ralph", "Rosa", "Ruth", "Stanley", "Thelma",
    "Vera", "Virgil", "Walter", "Wanda", "Wilbur", "Wilma",
)
SURNAME_INITIALS = "ABCDEFGHJKLMNOPRSTVW"


READINGS = (
    "Rule 1 names three stages (tables play 3 games; the table winners play 2; their winners play 1 for the medals). "
    "A field is split into tables of three or four as evenly as possible (13 players: 3+3+3+4), using the fewest tables "
    "unless that leaves 5 to 8 tables, whose winners could not fill three tables; then 9 tables are used when the field allows.",
    "When the table winners fit at one table (3 or 4 of them: fields of 9 to 16), they play the final straight away: "
    "a two-game round between the same players would decide nothing the final does not.",
    "When the table winners alone cannot fill a following round (5 to 8 tables: fields of 17 to 26), the top two of "
    "each table go on, so that the next round has three or four tables and its winners make a final of three or four.",
    "A table's winner has the lowest total over the table's games; ties go to more games won, then the lower score in "
    "the last game, then a tie-break draw (each tied player draws a tile, the highest number wins, as in rule 2). "
    "The same order decides gold, silver and bronze in the final; a fourth finalist gets no medal.",
    "Seats are drawn by lot for every round.",
)


class TournamentError(ValueError):
    """A bad tournament request or a damaged tournament save (the message says which)."""


# -- the stage plan -------------------------------------------------------------------------------


def split_tables(count: int, tables: int) -> list[int]:
    """Table sizes for ``count`` players at ``tables`` tables, as even as possible,
    smaller tables first (13 at 4 tables -> [3, 3, 3, 4])."""
    base, extra = divmod(count, tables)
    return [base] * (tables - extra) + [base + 1] * extra


def _winners_fit(tables: int) -> bool:
    """Can the table winners alone fill the next stage?  3-4 make a final; 9 or more make
    three or more tables (hence a final of 3-4 winners, perhaps after more rounds)."""
    return tables in (3, 4) or tables >= 9


def stage_shape(count: int) -> tuple[list[int], int]:
    """(table sizes, players going on from each table) for a stage of ``count`` entrants;
    a final is one table and sends nobody on."""
    if count in (3, 4):
        return [count], 0
    low, high = -(-count // 4), count // 3
    if count < 3 or low > high:
        raise TournamentError(f"{count} players cannot be seated at tables of three or four")
    tables = low
    if not _winners_fit(low):
        tables = next((t for t in range(max(low, 9), high + 1)), low)
    return split_tables(count, tables), 1 if _winners_fit(tables) else 2


def stage_plan(field: int, games: tuple[int, int, int] | list[int] = DEFAULT_GAMES) -> list[dict]:
    """Every stage a field of ``field`` entrants goes through, as plain data:
    ``[{"index", "name", "entrants", "tables": [sizes], "games", "advance", "final"}]``."""
    check_field(field)
    out: list[dict] = []
    count = field
    while True:
        sizes, advance = stage_shape(count)
        final = advance == 0
        index = len(out)
        if final:
            name, g = "Final", games[2]
        elif index == 0:
            name, g = "Qualifying round", games[0]
        else:
            name, g = "Winners' round", games[1]
        out.append({"index": index, "name": name, "entrants": count, "tables": sizes, "games": g,
                    "advance": advance, "final": final})
        if final:
            break
        count = advance * len(sizes)
    middle = [s for s in out if not s["final"] and s["index"] > 0]
    if len(middle) > 1:
        for k, s in enumerate(middle, 1):
            s["name"] = f"Winners' round {k}"
    return out


def check_field(field: Any) -> int:
    if isinstance(field, bool) or not isinstance(field, int):
        raise TournamentError("the number of entrants must be a whole number")
    if not MIN_FIELD <= field <= MAX_FIELD:
        raise TournamentError(f"a tournament needs {MIN_FIELD} to {MAX_FIELD} entrants, not {field}")
    return field


def describe_structure(field: int, games: tuple[int, int, int] | list[int] = DEFAULT_GAMES) -> list[str]:
    """One sentence per stage, for the setup and bracket screens."""
    lines = []
    for s in stage_plan(field, games):
        g = f"{s['games']} game{'s' if s['games'] != 1 else ''}"
        if s["final"]:
            lines.append(f"{s['name']}: {s['entrants']} players at one table play {g}; lowest total takes gold, then silver and bronze.")
            continue
        sizes = "+".join(map(str, s["tables"]))
        who = "each table's winner goes on" if s["advance"] == 1 else "the top two of each table go on"
        lines.append(f"{s['name']}: {s['entrants']} players at {len(s['tables'])} tables ({sizes}) play {g}; {who}.")
    return lines


def resolve_level(level: str) -> str:
    """The computer level actually used: ``level`` when it exists, else the basic player."""
    from .ai import player_names

    return level if level in player_names() else FALLBACK_LEVEL


def derive_seed(*parts: Any) -> int:
    """A stable 31-bit seed from the tournament seed and labels (independent of hash seeds)."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def computer_names(count: int, seed: int, avoid: tuple[str, ...] = ()) -> list[str]:
    """``count`` distinct names such as "Doris K." (seeded), none equal to one in ``avoid``."""
    rng = random.Random(derive_seed(seed, "names"))
    taken = {a.casefold() for a in avoid}
    firsts = list(FIRST_NAMES)
    letters = list(SURNAME_INITIALS)
    rng.shuffle(firsts)
    rng.shuffle(letters)
    out: list[str] = []
    shift = 0
    while len(out) < count:
        for k, first in enumerate(firsts):
            name = f"{first} {letters[(k + shift) % len(letters)]}."
            if name.casefold() not in taken and len(out) < count:
                taken.add(name.casefold())
                out.append(name)
        shift += 1
    return out


@dataclass(frozen=True)
class TableRef:
    """Which table: ``stage`` and ``table`` are indexes into ``Tournament.stages``."""

    stage: int
    table: int


Progress = Callable[[dict], None]


# -- the tournament ---------------------------------------------------------------------------------


class Tournament:
    """A whole tournament.  Build one with ``Tournament.create`` or ``Tournament.from_dict``."""

    def __init__(self, data: dict, live: GameState | None = None) -> None:
        self._d = data  # the plain-data form (checked); see to_dict
        self._live = live  # the GameState of the table being played, if any
        self._sim: tuple[TableRef, GameState] | None = None  # the table iter_simulation is playing

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
        games = _check_games(games)
        levels = _check_levels(DEFAULT_LEVELS if levels is None else levels)
        options = _check_options(options or {})
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
            entrants.append({"id": 0, "name": human_name, "kind": "human", "level": "", "plays_as": ""})
        for name, level in zip(names, mix):
            entrants.append({"id": len(entrants), "name": name, "kind": "computer", "level": level,
                             "plays_as": resolve_level(level)})
        data = {
            "schema": SCHEMA_VERSION,
            "kind": KIND,
            "seed": seed,
            "field": field,
            "games": list(games),
            "levels": list(levels),
            "options": options,
            "human": 0 if human_name else None,
            "entrants": entrants,
            "stages": [],
            "live": None,
        }
        t = cls(data)
        t._seat_stage(0, [e["id"] for e in entrants])
        return t

    # -- reading ----------------------------------------------------------------------------------
    @property
    def seed(self) -> int:
        return self._d["seed"]

    @property
    def field(self) -> int:
        return self._d["field"]

    @property
    def human(self) -> int | None:
        """The human's entrant id, or None in a fully simulated tournament."""
        return self._d["human"]

    @property
    def entrants(self) -> list[dict]:
        return copy.deepcopy(self._d["entrants"])

    @property
    def stages(self) -> list[dict]:
        """The stages seated so far (plain data, a copy)."""
        return copy.deepcopy(self._d["stages"])

    def plan(self) -> list[dict]:
        return stage_plan(self.field, self._d["games"])

    @staticmethod
    def readings() -> list[str]:
        """How the tournament reads the sheet where it is silent (for the bracket's help screen)."""
        return list(READINGS)

    def describe_structure(self) -> list[str]:
        return describe_structure(self.field, self._d["games"])

    @property
    def finished(self) -> bool:
        stages = self._d["stages"]
        return bool(stages) and stages[-1]["final"] and stages[-1]["tables"][0]["status"] == "done"

    @property
    def current_stage(self) -> int:
        return len(self._d["stages"]) - 1

    def table(self, ref: TableRef) -> dict:
        return copy.deepcopy(self._table(ref))

    def name(self, entrant: int) -> str:
        return self._d["entrants"][entrant]["name"]

    def pending_tables(self) -> list[TableRef]:
        """Tables of the current stage not yet finished, in order."""
        if self.finished:
            return []
        s = self.current_stage
        return [TableRef(s, i) for i, tb in enumerate(self._d["stages"][s]["tables"]) if tb["status"] != "done"]

    def is_human_table(self, ref: TableRef) -> bool:
        return self.human is not None and self.human in self._table(ref)["seats"]

    def human_table(self) -> TableRef | None:
        """The human's unfinished table in the current stage, if any."""
        return next((r for r in self.pending_tables() if self.is_human_table(r)), None)

    def next_table(self) -> TableRef | None:
        """The next table to play: the human's own table first (it is played on screen),
        then the others in order; None when the tournament is over."""
        pending = self.pending_tables()
        if self._live_ref() in pending:
            return self._live_ref()
        return self.human_table() or (pending[0] if pending else None)

    def human_status(self) -> str | None:
        """None (no human), "playing" (their table is to be played), "advanced" (through,
        waiting for the other tables), "out" (knocked out, tournament still going) or
        "finished" (the tournament is over)."""
        if self.human is None:
            return None
        if self.finished:
            return "finished"
        stage = self._d["stages"][-1]
        for tb in stage["tables"]:
            if self.human in tb["seats"]:
                if tb["status"] != "done":
                    return "playing"
                return "advanced" if self.human in tb["advanced"] else "out"
        return "out"

    # -- playing a table on screen ------------------------------------------------------------------
    @property
    def live_game(self) -> GameState | None:
        """The game of the table started with ``start_table`` (the human's, or one being
        watched), saved with the tournament; None between tables.  After a resume it may
        already be over (saved just before ``record_result``): record it then."""
        return self._live

    @property
    def live_table(self) -> TableRef | None:
        return self._live_ref()

    def start_table(self, ref: TableRef) -> GameState:
        """The ``GameState`` of a table of the current stage, dealt and ready (or the game in
        progress, after a resume).  The tournament keeps it, so ``to_dict`` saves it."""
        tb = self._pending(ref)
        if self._live is not None:
            if self._live_ref() == ref:
                return self._live
            raise TournamentError("another table is being played; finish it first")
        self._live = self._new_game(ref)
        self._d["live"] = {"stage": ref.stage, "table": ref.table, "illegal_moves": 0, "tiles_conserved": True}
        tb["status"] = "live"
        return self._live

    def preview_table(self, ref: TableRef | None = None) -> GameState:
        """The deal ``start_table`` would give a table (by default the next table, or the
        final once the tournament is over), without starting it: nothing changes.  A save
        file that always holds a game can hold this one between tables."""
        if ref is None:
            ref = self.next_table() or TableRef(len(self._d["stages"]) - 1, 0)
        if self._live is not None and self._live_ref() == ref:
            return self._live
        self._table(ref)
        return self._new_game(ref)

    def _new_game(self, ref: TableRef) -> GameState:
        tb = self._table(ref)
        stage = self._d["stages"][ref.stage]
        seats = [(e["name"], "human" if e["kind"] == "human" else e["plays_as"])
                 for e in (self._d["entrants"][i] for i in tb["seats"])]
        options = dict(self._d["options"], rounds=stage["games"])
        secret = derived_secret("tournament", self.seed, ref.stage, ref.table)
        return engine.new_game(VARIANT, seats, seed=tb["seed"], options=options, secret=secret)

    def computer_player(self, ref: TableRef, seat: int, state: GameState):
        """The computer player for ``seat`` at this point of the game (seeded by the game's
        ``player_seed``, so a game resumed after a save plays on exactly as it would have)."""
        tb = self._table(ref)
        entrant = self._d["entrants"][tb["seats"][seat]]
        level = entrant["plays_as"] if entrant["kind"] == "computer" else FALLBACK_LEVEL
        from .ai import make_player

        return make_player(resolve_level(level), state.player_seed(seat))

    def record_result(self, ref: TableRef, state: GameState, *, illegal_moves: int = 0,
                      tiles_conserved: bool | None = None, played: str = "on screen") -> dict:
        """Record a finished table from its ``GameState`` (the match over: phase "game_over")
        and, when it was the stage's last table, seat the next stage.  Returns the table's
        record.  Raises ``TournamentError`` when the state does not belong to the table."""
        tb = self._pending(ref)
        stage = self._d["stages"][ref.stage]
        if not isinstance(state, GameState):
            raise TournamentError("a table's result must be a finished game")
        if state.variant_key != VARIANT:
            raise TournamentError("that game was not played under the Golden Games rules")
        names = [self._d["entrants"][i]["name"] for i in tb["seats"]]
        if [p.name for p in state.players] != names:
            raise TournamentError("that game was not played by this table's players")
        if int(state.options.get("rounds", 0)) != stage["games"]:
            raise TournamentError(f"this table plays {stage['games']} game(s)")
        if state.phase != "game_over" or len(state.history) != stage["games"]:
            raise TournamentError("the table's games are not finished yet")
        problems = state.conservation_problems()
        if problems:
            raise TournamentError("the game lost track of its tiles: " + problems[0])
        live = self._d.get("live") or {}
        if self._live_ref() == ref and self._live is state:
            illegal_moves += int(live.get("illegal_moves", 0))
            if tiles_conserved is None:
                tiles_conserved = bool(live.get("tiles_conserved", True))
        variant = state.variant
        order = variant.ranking(state)
        tb["games"] = [
            {"scores": [int(x) for x in h["deltas"]], "winner": h["winner"], "reason": str(h["reason"])}
            for h in state.history
        ]
        tb["totals"] = [p.score for p in state.players]
        tb["games_won"] = [p.rounds_won for p in state.players]
        tb["order"] = list(order)
        tb["advanced"] = [tb["seats"][i] for i in order[: stage["advance"]]]
        tb["tie_break"] = ""
        k = max(stage["advance"], 3 if stage["final"] else 1)
        for a, b in zip(order[:k], order[1 : k + 1]):
            if tb["totals"][a] == tb["totals"][b]:
                tb["tie_break"] = f"{names[a]} ahead of {names[b]}: {variant.tie_break_reason(state, a, b)}"
                break
        tb["turns"] = state.total_turns
        tb["illegal_moves"] = int(illegal_moves)
        tb["tiles_conserved"] = True if tiles_conserved is None else bool(tiles_conserved)
        tb["played"] = played
        tb["status"] = "done"
        if self._live_ref() == ref:
            self._live = None
            self._d["live"] = None
        self._advance_if_complete()
        return copy.deepcopy(tb)

    # -- simulating ----------------------------------------------------------------------------------
    @property
    def simulating(self) -> tuple[TableRef, GameState] | None:
        """(table, game) being simulated by ``iter_simulation`` right now, to watch it; a
        simulation is not saved half-way: after a resume the table is simulated again from
        its start, and (being seeded) plays out exactly the same."""
        return self._sim

    def iter_simulation(self, stop_at_human: bool = True, stand_in: str | None = None,
                        only: TableRef | None = None) -> Iterator[dict]:
        """Simulate tables one turn at a time, yielding a progress dict after every turn
        (``done``/``total`` games, ``fraction``, ``text``, ``stage``, ``table``, ``game``).
        Plays every pending table in order, stage after stage.  With ``stop_at_human`` it
        leaves the human's tables alone and stops when one of them is all that is left
        (the human's table is played on screen); ``stand_in`` names a computer level to
        play the human's seat instead.  ``only`` limits it to one table.  A table started
        with ``start_table`` (to watch it) goes on from where it stands."""
        from .play.computer import computer_turn

        skip_human = stand_in is None
        total = self._games_to_simulate(stop_at_human, skip_human, only)
        done = 0
        while not self.finished:
            ref = only if only is not None else self._next_to_simulate(skip_human)
            if ref is None:
                return
            if self.is_human_table(ref) and skip_human:
                raise TournamentError("the human's table is played on screen (or give a stand_in level)")
            self._pending(ref)
            if self._live_ref() == ref:
                state, stats = self._live, self._d["live"]
            else:
                state, stats = self._new_game(ref), {"illegal_moves": 0, "tiles_conserved": True}
                self._sim = (ref, state)
            stage = self._d["stages"][ref.stage]
            label = f"{stage['name']}, table {ref.table + 1} of {len(stage['tables'])}"
            try:
                while state.phase != "game_over":
                    if state.phase == "round_over":
                        engine.next_round(state)
                        done += 1
                        yield self._progress(done, total, label, ref, state)
                        continue
                    if state.turn > MAX_TURNS_PER_GAME:
                        engine.finish_round(state, "stalled")
                        continue
                    if state.player.kind == "human":
                        from .ai import make_player

                        player = make_player(resolve_level(stand_in or FALLBACK_LEVEL), state.player_seed(state.current))
                    else:
                        player = self.computer_player(ref, state.current, state)
                    if computer_turn(state, player).illegal:
                        stats["illegal_moves"] += 1
                    if stats["tiles_conserved"] and state.conservation_problems():
                        stats["tiles_conserved"] = False
                    yield self._progress(done, total, label, ref, state)
            finally:
                self._sim = None
            done += 1
            how = "simulated" if not self.is_human_table(ref) else f"simulated ({stand_in} stand-in)"
            if self._live_ref() == ref:
                self.record_result(ref, state, played=how)
            else:
                self.record_result(ref, state, illegal_moves=stats["illegal_moves"],
                                   tiles_conserved=stats["tiles_conserved"], played=how)
            yield self._progress(done, total, label, ref, None)
            if only is not None:
                return

    def simulate_pending(self, progress: Progress | None = None) -> None:
        """Simulate every table until one of the human's is next (or the tournament ends)."""
        for info in self.iter_simulation(stop_at_human=True):
            if progress:
                progress(info)

    def simulate_rest(self, progress: Progress | None = None, stand_in: str | None = None) -> None:
        """Simulate everything left, to the medals: for a knocked-out player who skips to the
        end, or a fully simulated tournament.  Refused while the human still has a table to
        play, unless ``stand_in`` names a computer level to play it for them."""
        if self.human_table() is not None and stand_in is None:
            raise TournamentError("you still have a table to play")
        for info in self.iter_simulation(stop_at_human=False, stand_in=stand_in):
            if progress:
                progress(info)

    # -- results ------------------------------------------------------------------------------------
    def medals(self) -> list[dict]:
        """Gold, silver and bronze once the final is played (else []):
        ``[{"medal", "place", "entrant", "name", "kind", "level", "total"}]``."""
        if not self.finished:
            return []
        tb = self._d["stages"][-1]["tables"][0]
        out = []
        for place, seat in enumerate(tb["order"][:3]):
            e = self._d["entrants"][tb["seats"][seat]]
            out.append({"medal": MEDALS[place], "place": place + 1, "entrant": e["id"], "name": e["name"],
                        "kind": e["kind"], "level": e["plays_as"] or e["level"], "total": tb["totals"][seat]})
        return out

    def standings(self) -> list[dict]:
        """Every entrant's result so far, best first: the last stage reached, the place and
        total at that table, and a status: "playing", "advanced", "out", "final" (played
        the final) with "medal" set for the medallists."""
        medal_of = {m["entrant"]: m["medal"] for m in self.medals()}
        out = []
        for e in self._d["entrants"]:
            stage, tb = next((s, tb) for s in reversed(self._d["stages"]) for tb in s["tables"]
                             if e["id"] in tb["seats"])
            place = total = None
            status = "playing"
            if tb["status"] == "done":
                seat = tb["seats"].index(e["id"])
                place, total = tb["order"].index(seat) + 1, tb["totals"][seat]
                status = "final" if stage["final"] else ("advanced" if e["id"] in tb["advanced"] else "out")
            out.append({"entrant": e["id"], "name": e["name"], "kind": e["kind"],
                        "level": e["plays_as"] or e["level"], "stage": stage["index"],
                        "stage_name": stage["name"], "place": place, "total": total,
                        "status": status, "medal": medal_of.get(e["id"])})
        out.sort(key=lambda r: (-r["stage"], 99 if r["place"] is None else r["place"],
                                0 if r["total"] is None else r["total"], r["entrant"]))
        return out

    def bracket(self) -> dict:
        """Everything the bracket screen shows, names resolved, as plain data."""
        plan = self.plan()
        stages = []
        for p in plan:
            if p["index"] < len(self._d["stages"]):
                s = self._d["stages"][p["index"]]
                tables = [self._table_view(TableRef(s["index"], i)) for i in range(len(s["tables"]))]
                status = "done" if all(tb["status"] == "done" for tb in s["tables"]) else "playing"
            else:
                tables, status = [], "waiting"
            stages.append({"index": p["index"], "name": p["name"], "games": p["games"], "advance": p["advance"],
                           "final": p["final"], "entrants": p["entrants"], "table_sizes": p["tables"],
                           "status": status, "tables": tables})
        return {
            "field": self.field,
            "seed": self.seed,
            "finished": self.finished,
            "human": self.human,
            "human_status": self.human_status(),
            "current_stage": self.current_stage,
            "next_table": _ref_dict(self.next_table()),
            "live_table": _ref_dict(self._live_ref()),
            "structure": self.describe_structure(),
            "readings": list(READINGS),
            "stages": stages,
            "medals": self.medals(),
        }

    def summary(self) -> dict:
        """A compact JSON report (the simulator's ``--tournament --json``)."""
        stages = []
        illegal = 0
        conserved = True
        games = 0
        for s in self._d["stages"]:
            tables = []
            for tb in s["tables"]:
                names = [self.name(i) for i in tb["seats"]]
                tables.append({"players": names, "scores": [g["scores"] for g in tb["games"]],
                               "totals": tb.get("totals", []), "advanced": [self.name(i) for i in tb["advanced"]],
                               "tie_break": tb.get("tie_break", "")})
                illegal += tb.get("illegal_moves", 0)
                conserved &= tb.get("tiles_conserved", True)
                games += len(tb["games"])
            stages.append({"name": s["name"], "games": s["games"], "tables": tables})
        return {"entrants": self.field, "seed": self.seed, "finished": self.finished, "stages": stages,
                "medals": [{"medal": m["medal"], "name": m["name"], "level": m["level"], "total": m["total"]}
                           for m in self.medals()],
                "games_played": games, "illegal_moves": illegal, "tiles_conserved": conserved}

    # -- saving --------------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The whole tournament as plain JSON data, the game in progress included."""
        d = copy.deepcopy(self._d)
        if d["live"] is not None:
            d["live"]["game"] = self._live.to_dict() if self._live is not None else None
        return d

    @classmethod
    def from_dict(cls, d: Any) -> "Tournament":
        """Rebuild a tournament, checking everything; raises ``TournamentError`` with a clear reason."""
        try:
            return _load(cls, d)
        except TournamentError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
            raise TournamentError(f"damaged tournament save ({exc})") from None

    # -- internals -----------------------------------------------------------------------------------
    def _table(self, ref: TableRef) -> dict:
        if not isinstance(ref, TableRef):
            raise TournamentError("a table is named by a TableRef(stage, table)")
        stages = self._d["stages"]
        if not 0 <= ref.stage < len(stages) or not 0 <= ref.table < len(stages[ref.stage]["tables"]):
            raise TournamentError(f"there is no table {ref.table + 1} in stage {ref.stage + 1}")
        return stages[ref.stage]["tables"][ref.table]

    def _pending(self, ref: TableRef) -> dict:
        tb = self._table(ref)
        if ref.stage != self.current_stage:
            raise TournamentError("that table is not in the current stage")
        if tb["status"] == "done":
            raise TournamentError("that table has already played")
        return tb

    def _live_ref(self) -> TableRef | None:
        live = self._d.get("live")
        return TableRef(live["stage"], live["table"]) if live else None

    def _seat_stage(self, index: int, entrants: list[int]) -> None:
        p = self.plan()[index]
        if len(entrants) != p["entrants"]:
            raise TournamentError("the stage plan and the players going on disagree")
        order = list(entrants)
        random.Random(derive_seed(self.seed, "seats", index)).shuffle(order)
        tables, k = [], 0
        for t, size in enumerate(p["tables"]):
            tables.append({
                "index": t,
                "seats": order[k : k + size],
                "seed": derive_seed(self.seed, "table", index, t),
                "status": "pending",
                "games": [],
                "totals": [],
                "games_won": [],
                "order": [],
                "advanced": [],
                "tie_break": "",
                "turns": 0,
                "illegal_moves": 0,
                "tiles_conserved": True,
                "played": "",
            })
            k += size
        self._d["stages"].append({"index": index, "name": p["name"], "games": p["games"], "advance": p["advance"],
                                  "final": p["final"], "entrants": sorted(entrants), "tables": tables})

    def _advance_if_complete(self) -> None:
        stage = self._d["stages"][-1]
        if stage["final"] or any(tb["status"] != "done" for tb in stage["tables"]):
            return
        going_on = [i for tb in stage["tables"] for i in tb["advanced"]]
        self._seat_stage(stage["index"] + 1, going_on)

    def _next_to_simulate(self, skip_human: bool) -> TableRef | None:
        pending = [r for r in self.pending_tables() if not (skip_human and self.is_human_table(r))]
        live = self._live_ref()
        return live if live in pending else (pending[0] if pending else None)

    def _games_to_simulate(self, stop_at_human: bool, skip_human: bool, only: TableRef | None) -> int:
        """Games the coming simulation will play (for its progress fraction)."""
        if self.finished:
            return 0
        s = self.current_stage
        stage = self._d["stages"][s]

        def left(i: int) -> int:
            ref = TableRef(s, i)
            if self._live_ref() == ref and self._live is not None:
                return stage["games"] - len(self._live.history)
            return 0 if stage["tables"][i]["status"] == "done" else stage["games"]

        if only is not None:
            return left(only.table)
        total = sum(left(i) for i in range(len(stage["tables"]))
                    if not (skip_human and self.is_human_table(TableRef(s, i))))
        if stop_at_human and skip_human and self.human_status() in ("playing", "advanced"):
            return total  # the simulation stops at the human's next table
        for p in self.plan()[s + 1 :]:
            total += len(p["tables"]) * p["games"]
        return total

    def _progress(self, done: int, total: int, label: str, ref: TableRef, state: GameState | None) -> dict:
        stage = self._d["stages"][ref.stage]
        game = min(state.round, stage["games"]) if state is not None else stage["games"]
        text = f"{label}, game {game} of {stage['games']}"
        fraction = done / total if total else 1.0
        if state is not None and state.phase == "play" and total:
            fraction = min(1.0, (done + min(state.turn / 120, 0.95)) / total)
        return {"done": done, "total": total, "fraction": round(fraction, 4), "text": text,
                "stage": ref.stage, "table": ref.table, "game": game, "games": stage["games"],
                "turn": state.turn if state is not None else None}

    def _table_view(self, ref: TableRef) -> dict:
        tb = self._table(ref)
        live = self._live if self._live_ref() == ref else None
        if live is None and self._sim is not None and self._sim[0] == ref:
            live = self._sim[1]
        players = []
        for seat, eid in enumerate(tb["seats"]):
            e = self._d["entrants"][eid]
            if tb["status"] == "done":
                scores = [g["scores"][seat] for g in tb["games"]]
                total, won = tb["totals"][seat], tb["games_won"][seat]
                place = tb["order"].index(seat) + 1
            elif live is not None:
                scores = [h["deltas"][seat] for h in live.history]
                total, won, place = live.players[seat].score, live.players[seat].rounds_won, None
            else:
                scores, total, won, place = [], None, None, None
            players.append({"entrant": eid, "name": e["name"], "kind": e["kind"], "level": e["plays_as"] or e["level"],
                            "is_human": e["kind"] == "human", "scores": scores, "total": total, "games_won": won,
                            "place": place, "advanced": eid in tb["advanced"]})
        stage = self._d["stages"][ref.stage]
        games_played = len(tb["games"]) if tb["status"] == "done" else (len(live.history) if live is not None else 0)
        status = "simulating" if self._sim is not None and self._sim[0] == ref else tb["status"]
        return {"index": ref.table, "label": f"Table {ref.table + 1}", "status": status,
                "is_human_table": self.is_human_table(ref), "games": stage["games"], "games_played": games_played,
                "players": players, "tie_break": tb["tie_break"], "played": tb["played"]}


def _ref_dict(ref: TableRef | None) -> dict | None:
    return None if ref is None else {"stage": ref.stage, "table": ref.table}


# -- checking input and saves ------------------------------------------------------------------------


def _check_games(games: Any) -> tuple[int, int, int]:
    if not isinstance(games, (list, tuple)) or len(games) != 3 or not all(
        type(g) is int and 1 <= g <= MAX_GAMES for g in games
    ):
        raise TournamentError(f"games per stage must be three whole numbers from 1 to {MAX_GAMES} (first stage, winners' rounds, final)")
    return tuple(games)  # type: ignore[return-value]


def _check_levels(levels: Any) -> list[str]:
    if isinstance(levels, str) or not isinstance(levels, (list, tuple)) or not levels:
        raise TournamentError("the computer levels must be a non-empty list of level names")
    out = []
    for lv in levels:
        if not isinstance(lv, str) or not lv.strip() or len(lv) > 40:
            raise TournamentError(f"bad computer level {lv!r}")
        out.append(lv.strip())
    return out


def _check_options(options: Any) -> dict:
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


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise TournamentError(message)


def _is_int(v: Any) -> bool:
    return type(v) is int


def _load(cls: type[Tournament], d: Any) -> Tournament:
    _need(isinstance(d, dict), "a tournament save must be a JSON object")
    _need(d.get("kind") == KIND, "this is not a Golden Games tournament save")
    _need(d.get("schema") == SCHEMA_VERSION, f"unsupported tournament save version {d.get('schema')!r}")
    for key in ("seed", "field", "games", "levels", "options", "human", "entrants", "stages", "live"):
        _need(key in d, f"the tournament save is missing {key!r}")
    _need(_is_int(d["seed"]), "the seed must be a whole number")
    field = check_field(d["field"])
    games = _check_games(d["games"])
    levels = _check_levels(d["levels"])
    options = _check_options(d["options"])
    _need(options == d["options"], "the rule options are incomplete or damaged")
    entrants = d["entrants"]
    _need(isinstance(entrants, list) and len(entrants) == field, f"the save must list {field} entrants")
    names = set()
    humans = []
    for i, e in enumerate(entrants):
        _need(isinstance(e, dict), f"entrant {i + 1} is damaged")
        _need(e.get("id") == i and _is_int(e.get("id")), f"entrant {i + 1} has the wrong id")
        name = e.get("name")
        _need(isinstance(name, str) and 0 < len(name) <= NAME_LIMIT, f"entrant {i + 1} has no proper name")
        _need(name.casefold() not in names, f"two entrants are called {name!r}")
        names.add(name.casefold())
        _need(e.get("kind") in ("human", "computer"), f"entrant {i + 1} must be human or computer")
        _need(isinstance(e.get("level"), str) and isinstance(e.get("plays_as"), str), f"entrant {i + 1} has a damaged level")
        if e["kind"] == "human":
            humans.append(i)
        else:
            _need(bool(e["plays_as"]), f"entrant {i + 1} has no computer level")
    human = d["human"]
    _need(human is None or _is_int(human), "the human entrant is damaged")
    _need(humans == ([] if human is None else [human]), "the save's human entrant does not match its entrants")
    plan = stage_plan(field, games)
    stages = d["stages"]
    _need(isinstance(stages, list) and 1 <= len(stages) <= len(plan), "the stages are damaged")
    expected = list(range(field))
    for s_index, s in enumerate(stages):
        p = plan[s_index]
        where = f"stage {s_index + 1}"
        _need(isinstance(s, dict), f"{where} is damaged")
        for key in ("index", "name", "games", "advance", "final"):
            _need(s.get(key) == p[key], f"{where} does not match the tournament plan ({key})")
        _need(isinstance(s.get("entrants"), list) and sorted(s["entrants"]) == sorted(expected) and s["entrants"] == sorted(s["entrants"]),
              f"{where} does not hold the players who went on")
        tables = s.get("tables")
        _need(isinstance(tables, list) and sorted(len(tb.get("seats", [])) if isinstance(tb, dict) else -1 for tb in tables) == sorted(p["tables"]),
              f"{where} has the wrong tables")
        seated = []
        going_on = []
        for t_index, tb in enumerate(tables):
            _check_table(tb, t_index, p, field, f"{where}, table {t_index + 1}")
            seated += tb["seats"]
            going_on += tb["advanced"]
        _need(sorted(seated) == sorted(expected), f"{where} does not seat every player exactly once")
        complete = all(tb["status"] == "done" for tb in tables)
        if s_index < len(stages) - 1:
            _need(complete, f"{where} is not finished but a later stage exists")
        expected = sorted(going_on)
    t = cls({"schema": SCHEMA_VERSION, "kind": KIND, "seed": d["seed"], "field": field, "games": list(games),
             "levels": levels, "options": options, "human": human, "entrants": copy.deepcopy(entrants),
             "stages": copy.deepcopy(stages), "live": None})
    live = d["live"]
    live_tables = [(s["index"], tb["index"]) for s in stages for tb in s["tables"] if tb["status"] == "live"]
    if live is None:
        _need(not live_tables, "a table is marked as being played but its game is missing")
    else:
        _need(isinstance(live, dict), "the game in progress is damaged")
        ref = TableRef(live.get("stage"), live.get("table"))
        _need(live_tables == [(ref.stage, ref.table)], "the game in progress does not match the tables")
        _need(_is_int(live.get("illegal_moves")) and isinstance(live.get("tiles_conserved"), bool),
              "the game in progress is damaged")
        try:
            state = GameState.from_dict(live.get("game"))
        except StateError as exc:
            raise TournamentError(f"the game in progress is damaged: {exc}") from None
        tb = t._table(ref)
        _need(state.variant_key == VARIANT, "the game in progress is not a Golden Games game")
        _need([p.name for p in state.players] == [entrants[i]["name"] for i in tb["seats"]],
              "the game in progress is not this table's")
        _need(state.options.get("rounds") == stages[ref.stage]["games"], "the game in progress has the wrong number of games")
        t._d["live"] = {"stage": ref.stage, "table": ref.table, "illegal_moves": live["illegal_moves"],
                        "tiles_conserved": live["tiles_conserved"]}
        t._live = state
    t._advance_if_complete()
    return t


def _check_table(tb: Any, index: int, p: dict, field: int, where: str) -> None:
    _need(isinstance(tb, dict), f"{where} is damaged")
    _need(tb.get("index") == index, f"{where} has the wrong number")
    seats = tb.get("seats")
    _need(isinstance(seats, list) and all(_is_int(x) and 0 <= x < field for x in seats) and len(set(seats)) == len(seats),
          f"{where} has damaged seats")
    _need(_is_int(tb.get("seed")), f"{where} has a damaged seed")
    _need(tb.get("status") in TABLE_STATUSES, f"{where} has an unknown status")
    for key in ("games", "totals", "games_won", "order", "advanced"):
        _need(isinstance(tb.get(key), list), f"{where} is missing {key!r}")
    _need(isinstance(tb.get("tie_break"), str) and isinstance(tb.get("played"), str), f"{where} is damaged")
    _need(_is_int(tb.get("turns")) and _is_int(tb.get("illegal_moves")) and isinstance(tb.get("tiles_conserved"), bool),
          f"{where} has damaged statistics")
    n = len(seats)
    if tb["status"] != "done":
        _need(not tb["games"] and not tb["advanced"] and not tb["order"], f"{where} has results but is not finished")
        return
    games = tb["games"]
    _need(len(games) == p["games"], f"{where} must have {p['games']} game(s)")
    for g in games:
        _need(isinstance(g, dict) and isinstance(g.get("scores"), list) and len(g["scores"]) == n
              and all(_is_int(x) and x >= 0 for x in g["scores"]), f"{where} has a damaged game")
        _need(g.get("winner") is None or (_is_int(g["winner"]) and 0 <= g["winner"] < n), f"{where} has a damaged game")
        _need(isinstance(g.get("reason"), str), f"{where} has a damaged game")
    totals = [sum(g["scores"][i] for g in games) for i in range(n)]
    _need(tb["totals"] == totals, f"{where}: the totals do not add up")
    _need(len(tb["games_won"]) == n and all(_is_int(x) and 0 <= x <= len(games) for x in tb["games_won"]),
          f"{where} has damaged games won")
    order = tb["order"]
    _need(sorted(order) == list(range(n)) and all(_is_int(x) for x in order), f"{where} has a damaged ranking")
    _need(all(totals[a] <= totals[b] for a, b in zip(order, order[1:])), f"{where}: the ranking does not follow the totals")
    _need(tb["advanced"] == [seats[i] for i in order[: p["advance"]]], f"{where}: the wrong players went on")


# -- files ---------------------------------------------------------------------------------------


def save_path() -> Path:
    from .storage.persistence import data_dir

    return data_dir() / SAVE_FILE


def save(t: Tournament, path: Path | None = None) -> None:
    """Write the tournament (crash-safe, the previous save kept as a backup)."""
    from .storage.persistence import atomic_write_json

    atomic_write_json(path or save_path(), t.to_dict())


def load(path: Path | None = None) -> tuple[Tournament | None, str]:
    """(tournament, "") or (None, reason).  A damaged save falls back to its backup; never raises."""
    from .storage.persistence import backup_path, read_json

    path = Path(path or save_path())
    reasons = []
    for candidate in (path, backup_path(path)):
        raw, why = read_json(candidate)
        if raw is None:
            reasons.append(why)
            continue
        try:
            return Tournament.from_dict(raw), ""
        except TournamentError as exc:
            reasons.append(str(exc))
    return None, reasons[0]
