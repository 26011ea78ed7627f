"""The draw and the schedule of a Golden Games tournament (pure: no pygame).

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

Seats are drawn by lot (seeded) at every stage; every table has its own seed
(``derive_seed``), so a table's result does not depend on the order tables are
played in.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any

MIN_FIELD = 6
MAX_FIELD = 64
SUGGESTED_FIELD = (9, 48)  # what the setup screen offers
DEFAULT_LEVELS = ("easy", "medium", "hard")
FALLBACK_LEVEL = "basic"
DEFAULT_GAMES = (3, 2, 1)  # games a table plays: first stage, winners' rounds, final
MAX_GAMES = 5
MEDALS = ("gold", "silver", "bronze")
NAME_LIMIT = 24

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


@dataclass(frozen=True)
class TableRef:
    """Which table: ``stage`` and ``table`` are indexes into ``Tournament.stages``."""

    stage: int
    table: int


@dataclass
class StagePlan:
    """One stage of the schedule: ``tables`` are the table sizes, ``advance`` how many go on
    from each table (0 for the final)."""

    index: int
    name: str
    entrants: int
    tables: list[int]
    games: int
    advance: int
    final: bool


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


def stage_plan(field: int, games: tuple[int, int, int] | list[int] = DEFAULT_GAMES) -> list[StagePlan]:
    """Every stage a field of ``field`` entrants goes through."""
    check_field(field)
    out: list[StagePlan] = []
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
        out.append(StagePlan(index, name, count, sizes, g, advance, final))
        if final:
            break
        count = advance * len(sizes)
    middle = [s for s in out if not s.final and s.index > 0]
    if len(middle) > 1:
        for k, s in enumerate(middle, 1):
            s.name = f"Winners' round {k}"
    return out


def check_field(field: Any) -> int:
    if isinstance(field, bool) or not isinstance(field, int):
        raise TournamentError("the number of entrants must be a whole number")
    if not MIN_FIELD <= field <= MAX_FIELD:
        raise TournamentError(f"a tournament needs {MIN_FIELD} to {MAX_FIELD} entrants, not {field}")
    return field


def table_sizes(tables) -> str:
    """"12 tables of 4", "3 tables of 3 and 1 of 4": the seating in words (a sum of a dozen
    fours, "4+4+4+...", is unreadable in a small window)."""
    counts = sorted((size, list(tables).count(size)) for size in set(tables))
    if len(counts) == 1:
        size, n = counts[0]
        return f"{n} table{'s' if n != 1 else ''} of {size}"
    (small, n_small), (big, n_big) = counts[0], counts[-1]
    return f"{n_small} table{'s' if n_small != 1 else ''} of {small} and {n_big} of {big}"


def describe_structure(field: int, games: tuple[int, int, int] | list[int] = DEFAULT_GAMES) -> list[str]:
    """One sentence per stage, for the setup and bracket screens."""
    lines = []
    for s in stage_plan(field, games):
        g = f"{s.games} game{'s' if s.games != 1 else ''}"
        if s.final:
            lines.append(f"{s.name}: {s.entrants} players at one table play {g}; lowest total takes gold, then silver and bronze.")
            continue
        who = "each table's winner goes on" if s.advance == 1 else "the top two of each table go on"
        lines.append(f"{s.name}: {s.entrants} players at {table_sizes(s.tables)} play {g}; {who}.")
    return lines


def resolve_level(level: str) -> str:
    """The computer level actually used: ``level`` when it exists (on the Golden Games' flat
    table), else the basic player."""
    from ..ai import FLAT, player_names

    return level if level in player_names(FLAT) else FALLBACK_LEVEL


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


def seat_order(seed: int, stage: int, entrants: list[int]) -> list[int]:
    """The seats of a stage drawn by lot: ``entrants`` in the seeded order they sit down."""
    order = list(entrants)
    random.Random(derive_seed(seed, "seats", stage)).shuffle(order)
    return order
