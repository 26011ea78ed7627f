"""The puzzle modes' records: personal bests per rush mode, the days the daily puzzle was solved
(for its streak) and the stars won in the packs.

Stored in ``<data folder>/arcade.json``, written crash-safe like the statistics (temporary file,
fsync, rename, the previous file kept as ``arcade.json.bak``), each read-add-write under the data
folder's lock (``persistence.files_lock``) so two copies of the game never lose each other's records.  Loading checks every field; a
damaged file is refused with a reason and kept aside, the backup used when it is good, else the
records start afresh.  Nothing here raises for anything found on disk.

    load_arcade() -> Arcade;  take_notice() -> str (the last recovery message, once)
    record_rush(mode, score, solved, best_streak) -> (Arcade, new best score?)
    record_daily(date) -> Arcade;  daily_streak(arcade, today) -> int
    record_pack(pack, level, stars) -> Arcade   (the best stars are kept)

Pure Python: no pygame here.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Any

from . import persistence
from .stats import MAX_COUNT, count_in
from .textcheck import text_problem

ARCADE_FILE = "arcade.json"
FORMAT = "tile-rush-arcade"
SCHEMA = 1
DAYS_KEPT = 800  # solved dates remembered (streaks longer than that still count in best_streak)
MAX_PACK = 99
MAX_LEVEL = 99


@dataclass
class ModeBest:
    runs: int = 0
    best_score: int = 0
    most_solved: int = 0  # puzzles solved in one run
    best_streak: int = 0  # solves in a row within one run

    def to_dict(self) -> dict:
        return {"runs": self.runs, "best_score": self.best_score, "most_solved": self.most_solved,
                "best_streak": self.best_streak}


@dataclass
class Arcade:
    bests: dict[str, ModeBest] = field(default_factory=dict)
    daily_solved: list[str] = field(default_factory=list)  # ISO dates, sorted, each once
    daily_best_streak: int = 0
    packs: dict[tuple[int, int], int] = field(default_factory=dict)  # (pack, level) -> stars 1..3
    source: str = "file"  # "file", "backup" or "fresh"
    message: str = ""  # set when the file was damaged or could not be written
    write_failed: bool = False
    hands_off: bool = False  # a file is there that could not be read (permissions, a folder): never written over

    def best(self, mode: str) -> ModeBest:
        return self.bests.get(mode, ModeBest())

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "schema": SCHEMA,
            "bests": {k: v.to_dict() for k, v in sorted(self.bests.items())},
            "daily": {"solved": list(self.daily_solved), "best_streak": self.daily_best_streak},
            "packs": {f"{p:02d}-{lv:02d}": s for (p, lv), s in sorted(self.packs.items())},
        }


def _best(d: Any, where: str) -> ModeBest:
    if not isinstance(d, dict):
        raise ValueError(f"{where}: not an object")
    best = ModeBest(*(count_in(d, k, where) for k in ("runs", "best_score", "most_solved", "best_streak")))
    if best.runs == 0 and (best.best_score or best.most_solved or best.best_streak):
        raise ValueError(f"{where}: a best without a run")
    return best


def _date(text: Any) -> _dt.date:
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError("the daily puzzle's dates are damaged")
    try:
        return _dt.date.fromisoformat(text)
    except ValueError:
        raise ValueError("the daily puzzle's dates are damaged") from None


def _check(obj: Any) -> Arcade:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise ValueError("not a Tile Rush puzzle records file")
    schema = obj.get("schema")
    if type(schema) is int and schema > SCHEMA:
        raise persistence.LeaveInPlace(f"the puzzle records were written by a newer version of the game (schema {schema})")
    if schema != SCHEMA:
        raise ValueError(f"unknown puzzle records schema {schema!r}")
    bests_raw, daily, packs_raw = obj.get("bests"), obj.get("daily"), obj.get("packs")
    if not isinstance(bests_raw, dict) or not isinstance(daily, dict) or not isinstance(packs_raw, dict):
        raise ValueError("the puzzle records are damaged")
    bests = {}
    for key, entry in bests_raw.items():
        if text_problem(key, 40, "the mode name") is not None:
            raise ValueError("the puzzle records name a mode that cannot exist")
        bests[key] = _best(entry, key)
    solved = daily.get("solved")
    if not isinstance(solved, list) or len(solved) > DAYS_KEPT:
        raise ValueError("the daily puzzle's dates are damaged")
    days = [_date(d) for d in solved]
    if days != sorted(set(days)):
        raise ValueError("the daily puzzle's dates are out of order")
    best_streak = count_in(daily, "best_streak", "daily")
    if best_streak < _longest_run(days):
        raise ValueError("daily: best_streak is damaged")
    packs = {}
    for key, stars in packs_raw.items():
        parts = key.split("-") if isinstance(key, str) else []
        if len(parts) != 2 or not all(p.isdigit() and len(p) == 2 for p in parts):
            raise ValueError(f"the pack record {str(key)[:20]!r} is damaged")
        pack, level = int(parts[0]), int(parts[1])
        if not (1 <= pack <= MAX_PACK and 1 <= level <= MAX_LEVEL) or type(stars) is not int or not 1 <= stars <= 3:
            raise ValueError(f"the pack record {key} is damaged")
        packs[(pack, level)] = stars
    return Arcade(bests, [d.isoformat() for d in days], best_streak, packs)


def _longest_run(days: list[_dt.date]) -> int:
    best = run = 0
    prev = None
    for d in days:
        run = run + 1 if prev is not None and (d - prev).days == 1 else 1
        best = max(best, run)
        prev = d
    return best


def arcade_path():
    return persistence.data_dir() / ARCADE_FILE


_notice = ""


def take_notice() -> str:
    """The message of the last recovery of a damaged records file in this process, once."""
    global _notice
    out, _notice = _notice, ""
    return out


def load_arcade() -> Arcade:
    """The records; a damaged file falls back to the backup, then to empty records.  Never raises."""
    global _notice
    try:
        got = persistence.load_with_backup(arcade_path(), _check)
    except OSError as exc:
        arcade = Arcade(source="fresh", message=f"The puzzle records could not be read ({exc.strerror or exc}).",
                        hands_off=True)
        _notice = arcade.message
        return arcade
    if got.value is not None:
        arcade = got.value
        arcade.source = got.source
        if got.problems:
            arcade.message = f"The puzzle records were damaged ({'; '.join(got.problems)}); the previous copy was used."
    elif got.missing:
        arcade = Arcade(source="fresh")
    elif got.unreadable:  # there but unreadable (permissions, a folder): not damage, and never written over
        arcade = Arcade(source="fresh", message=f"The puzzle records could not be read ({got.unreadable}); they are "
                        "left as they are and nothing new is saved.", hands_off=True)
    elif got.newer or not got.damaged:
        # written by a newer version (or damaged but could not be kept aside): left as it is, not written over
        arcade = Arcade(source="fresh", message=f"The puzzle records could not be used ({'; '.join(got.problems)}); "
                        "they are left as they are and nothing new is saved.", hands_off=True)
    else:
        kept = ", ".join(p.name for p in got.damaged)
        arcade = Arcade(source="fresh", message=f"The puzzle records were damaged ({'; '.join(got.problems)}) and were "
                        f"started afresh. The damaged file was kept as {kept}.")
    if arcade.message:
        _notice = arcade.message
    return arcade


def _write(arcade: Arcade) -> Arcade:
    if arcade.hands_off:
        return arcade
    try:
        persistence.atomic_write_json(arcade_path(), arcade.to_dict())
    except OSError as exc:
        arcade.message = f"The puzzle records could not be saved ({exc.strerror or exc})."
        arcade.write_failed = True
    return arcade


def record_rush(mode: str, score: int, solved: int, best_streak: int) -> tuple[Arcade, bool]:
    """Add one finished run; returns the records and whether its score is a new personal best.
    Raises ``ValueError`` only for arguments that are not a run's result."""
    if text_problem(mode, 40, "the mode name") is not None:
        raise ValueError(f"bad mode {mode!r}")
    for name, v in (("score", score), ("solved", solved), ("best_streak", best_streak)):
        if type(v) is not int or not 0 <= v <= MAX_COUNT:
            raise ValueError(f"bad {name} {v!r}")
    with persistence.files_lock():  # read, add, write: no other process's run slips in between
        arcade = load_arcade()
        best = arcade.bests.setdefault(mode, ModeBest())
        new_best = best.runs == 0 or score > best.best_score
        best.runs = min(MAX_COUNT, best.runs + 1)
        best.best_score = max(best.best_score, score)
        best.most_solved = max(best.most_solved, solved)
        best.best_streak = max(best.best_streak, best_streak)
        return _write(arcade), new_best and score > 0


def _day(date: Any) -> _dt.date:
    if not isinstance(date, _dt.date):
        raise ValueError(f"a date is needed, not {date!r}")
    return _dt.date(date.year, date.month, date.day)


def record_daily(date: _dt.date) -> Arcade:
    """The daily puzzle of ``date`` was solved (solving it again changes nothing)."""
    day = _day(date)
    with persistence.files_lock():
        arcade = load_arcade()
        days = sorted({_dt.date.fromisoformat(d) for d in arcade.daily_solved} | {day})[-DAYS_KEPT:]
        arcade.daily_solved = [d.isoformat() for d in days]
        arcade.daily_best_streak = max(arcade.daily_best_streak, _longest_run(days))
        return _write(arcade)


def daily_streak(arcade: Arcade, today: _dt.date) -> int:
    """Days solved in a row up to ``today`` (or up to yesterday while today's is still open)."""
    day = _day(today)
    solved = set(arcade.daily_solved)
    if day.isoformat() not in solved:
        day -= _dt.timedelta(days=1)
    streak = 0
    while day.isoformat() in solved:
        streak += 1
        day -= _dt.timedelta(days=1)
    return streak


def record_pack(pack: int, level: int, stars: int) -> Arcade:
    """A pack puzzle played: its best stars are kept (0 stars records nothing)."""
    if type(pack) is not int or not 1 <= pack <= MAX_PACK or type(level) is not int or not 1 <= level <= MAX_LEVEL:
        raise ValueError(f"bad pack puzzle {pack!r}-{level!r}")
    if type(stars) is not int or not 0 <= stars <= 3:
        raise ValueError(f"bad stars {stars!r}")
    with persistence.files_lock():
        arcade = load_arcade()
        if stars > arcade.packs.get((pack, level), 0):
            arcade.packs[(pack, level)] = stars
            return _write(arcade)
        return arcade
