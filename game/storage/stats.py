"""Statistics per rule set: games, wins, best and average score, win streaks, fastest win.

Stored in ``<data folder>/stats.json``, written crash-safe like the saves (temporary
file, fsync, rename, previous file kept as ``stats.json.bak``).  Loading checks every
field; a damaged file is kept aside, the backup used when it is good, else the
statistics start afresh.  Nothing here raises for anything found on disk.

    record_game(variant, won, score, turns, seconds) -> Stats
    load_stats() -> Stats;  Stats.get(variant) -> VariantStats
    take_notice() -> str   (the last recovery message, once: for the statistics screen)
    reset_stats(variant=None)

Pure Python: no pygame here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from . import persistence
from .textcheck import text_problem

STATS_FILE = "stats.json"
FORMAT = "tile-rush-stats"
SCHEMA = 1
RECENT = 20  # last games kept per rule set, for the chart
MAX_COUNT = 10_000_000
MAX_ABS_SCORE = 10**12
MAX_SECONDS = 10.0**9
MAX_OTHER = 32  # rule sets this version does not know (a newer version's), kept as they are, at most


class NewerStats(persistence.LeaveInPlace):
    """Statistics written by a newer version of the game: not damaged, so left as they are."""


@dataclass
class VariantStats:
    games: int = 0
    wins: int = 0
    total_score: int = 0
    best_score: int | None = None  # highest (lowest where the rule set's lower score wins)
    current_streak: int = 0  # wins in a row up to the last game
    best_streak: int = 0
    fastest_win_turns: int | None = None  # fewest turns in a won game
    fastest_win_seconds: float | None = None  # shortest won game
    total_seconds: float = 0.0
    recent: list[dict] = field(default_factory=list)  # {"won", "score", "turns", "seconds", "at"[, "id"][, "hints"]}, oldest first
    hints: int = 0  # hints used in the games counted

    @property
    def losses(self) -> int:
        return self.games - self.wins

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.games if self.games else None

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    def to_dict(self) -> dict:
        return {
            "games": self.games,
            "wins": self.wins,
            "total_score": self.total_score,
            "best_score": self.best_score,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "fastest_win_turns": self.fastest_win_turns,
            "fastest_win_seconds": self.fastest_win_seconds,
            "total_seconds": self.total_seconds,
            "recent": [dict(r) for r in self.recent],
            "hints": self.hints,
        }

    @classmethod
    def from_dict(cls, d: Any, where: str) -> "VariantStats":
        if not isinstance(d, dict):
            raise ValueError(f"{where}: not an object")
        games = count_in(d, "games", where)
        wins = count_in(d, "wins", where)
        cur = count_in(d, "current_streak", where)
        best = count_in(d, "best_streak", where)
        if not wins <= games or not cur <= best <= wins:
            raise ValueError(f"{where}: wins and streaks do not add up")
        total = d.get("total_score")
        if type(total) is not int or abs(total) > MAX_ABS_SCORE:
            raise ValueError(f"{where}: total_score is damaged")
        best_score = _opt_int(d, "best_score", where, -MAX_ABS_SCORE, MAX_ABS_SCORE)
        if (best_score is None) != (games == 0):
            raise ValueError(f"{where}: best_score is damaged")
        fast_turns = _opt_int(d, "fastest_win_turns", where, 0, MAX_COUNT)
        fast_secs = _opt_seconds(d, "fastest_win_seconds", where)
        if (fast_turns is None) != (wins == 0) or (fast_secs is None) != (wins == 0):
            raise ValueError(f"{where}: the fastest win is damaged")
        total_seconds = _seconds(d.get("total_seconds"), f"{where}: total_seconds")
        recent = d.get("recent")
        if not isinstance(recent, list) or len(recent) > RECENT or len(recent) > games:
            raise ValueError(f"{where}: the recent games are damaged")
        hints = count_in(d, "hints", where) if "hints" in d else 0  # (files from before hints were counted)
        return cls(games, wins, total, best_score, cur, best, fast_turns, fast_secs, total_seconds,
                   [_recent(r, where) for r in recent], hints)


@dataclass
class Stats:
    variants: dict[str, VariantStats] = field(default_factory=dict)
    source: str = "file"  # "file", "backup" or "fresh"
    message: str = ""  # set when the file was damaged or could not be written
    write_failed: bool = False  # the last write did not reach the disk (the old file is kept)
    duplicate: bool = False  # record_game was given a game already recorded: nothing changed
    unreadable: bool = False  # the file exists but could not be read: left as it is, never written over
    newer: bool = False  # the file is a newer version's: shown as empty, never written over
    other: dict[str, dict] = field(default_factory=dict)  # rule sets this version does not know, kept unchanged

    def get(self, variant: str) -> VariantStats:
        return self.variants.get(variant, VariantStats())

    def to_dict(self) -> dict:
        variants = {**self.other, **{k: v.to_dict() for k, v in self.variants.items()}}
        return {"format": FORMAT, "schema": SCHEMA, "variants": dict(sorted(variants.items()))}


def count_in(d: dict, key: str, where: str) -> int:
    """``d[key]``, a whole count from 0 to ``MAX_COUNT``; ValueError naming ``where`` if it is damaged."""
    v = d.get(key)
    if type(v) is not int or not 0 <= v <= MAX_COUNT:
        raise ValueError(f"{where}: {key} is damaged")
    return v


def _opt_int(d: dict, key: str, where: str, low: int, high: int) -> int | None:
    v = d.get(key)
    if v is None:
        return None
    if type(v) is not int or not low <= v <= high:
        raise ValueError(f"{where}: {key} is damaged")
    return v


def _seconds(v: Any, what: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or not 0 <= v <= MAX_SECONDS:
        raise ValueError(f"{what} is damaged")
    return float(v)


def _opt_seconds(d: dict, key: str, where: str) -> float | None:
    v = d.get(key)
    return None if v is None else _seconds(v, f"{where}: {key}")


def _recent(r: Any, where: str) -> dict:
    if not isinstance(r, dict) or not isinstance(r.get("won"), bool) or text_problem(r.get("at"), 40, "the date"):
        raise ValueError(f"{where}: a recent game is damaged")
    score = r.get("score")
    turns = r.get("turns")
    if type(score) is not int or abs(score) > MAX_ABS_SCORE or type(turns) is not int or not 0 <= turns <= MAX_COUNT:
        raise ValueError(f"{where}: a recent game is damaged")
    out = {"won": r["won"], "score": score, "turns": turns, "seconds": _seconds(r.get("seconds"), f"{where}: a recent game"), "at": r["at"]}
    gid = r.get("id")
    if gid is not None:
        if not _good_id(gid):
            raise ValueError(f"{where}: a recent game is damaged")
        out["id"] = gid
    hints = r.get("hints")
    if hints is not None:
        if type(hints) is not int or not 0 < hints <= MAX_COUNT:
            raise ValueError(f"{where}: a recent game is damaged")
        out["hints"] = hints
    return out


def _good_id(gid: Any) -> bool:
    return text_problem(gid, 64, "the game id") is None


def _check(obj: Any) -> Stats:
    if not isinstance(obj, dict) or obj.get("format") != FORMAT:
        raise ValueError("not a Tile Rush statistics file")
    schema = obj.get("schema")
    if type(schema) is int and schema > SCHEMA:
        raise NewerStats(f"written by a newer version of Tile Rush (statistics version {schema}; this version "
                         f"reads up to {SCHEMA})")
    if schema != SCHEMA:
        raise ValueError(f"unknown statistics schema {schema!r}")
    variants = obj.get("variants")
    if not isinstance(variants, dict):
        raise ValueError("the statistics are damaged")
    from ..rules.variants import REGISTRY

    unknown = [key for key in variants if key not in REGISTRY]
    if len(unknown) > MAX_OTHER:  # no version of the game has had so many rule sets
        raise ValueError(f"the statistics name {len(unknown)} rule sets this version does not know")
    out, other = {}, {}
    for key, entry in variants.items():
        if text_problem(key, 40, "the rule-set name") is not None:
            raise ValueError("the statistics name a rule set that cannot exist")
        checked = VariantStats.from_dict(entry, key)
        if key in REGISTRY:
            out[key] = checked
        else:
            other[key] = entry  # a newer version's rule set: checked, then kept exactly as it was, not shown
    return Stats(out, other=other)


def stats_path():
    return persistence.data_dir() / STATS_FILE


_notice = ""  # the last recovery message, until a screen shows it (see ``take_notice``)


def take_notice() -> str:
    """The message of the last recovery of a damaged statistics file in this process (found by
    ``load_stats``, perhaps inside ``record_game`` at a game's end), once; then empty."""
    global _notice
    out, _notice = _notice, ""
    return out


def load_stats() -> Stats:
    """The statistics; a damaged file falls back to the backup, then to empty ones.  Never raises."""
    stats = _load_stats()
    if stats.message:
        global _notice
        _notice = stats.message
    return stats


def _load_stats() -> Stats:
    try:
        got = persistence.load_with_backup(stats_path(), _check)
    except OSError as exc:
        return Stats({}, "fresh", f"The statistics could not be read ({exc.strerror or exc}).")
    if got.unreadable:
        return Stats({}, "fresh", f"The statistics file {STATS_FILE} could not be read ({got.unreadable}). It was "
                                  "left as it is and is not written over; nothing is counted until it can be read.",
                     unreadable=True)
    if got.newer:
        return Stats({}, "fresh", f"The statistics file was {'; '.join(got.problems)}, so it was left as it is and "
                     "this version neither shows nor counts games in it.", newer=True)
    if got.value is not None:
        stats = got.value
        stats.source = got.source
        if got.problems:
            stats.message = f"The statistics file was damaged ({'; '.join(got.problems)}); the previous copy was used."
        return stats
    if got.missing:
        return Stats({}, "fresh")
    kept = ", ".join(p.name for p in got.damaged)
    msg = f"The statistics file was damaged ({'; '.join(got.problems)}) and was started afresh."
    if kept:
        msg += f" The damaged file was kept as {kept}."
    return Stats({}, "fresh", msg)


def _lower_wins(variant: str) -> bool:
    from ..rules.variants import REGISTRY

    cls = REGISTRY.get(variant)
    return bool(cls and cls.lower_score_wins)


def record_game(variant: str, won: bool, score: int, turns: int, seconds: float, when: datetime | None = None,
                game_id: str | None = None, hints: int = 0) -> Stats:
    """Add one finished game of the human player.  Returns the updated statistics
    (``message`` and ``write_failed`` say so if they could not be written; nothing raises
    for the disk).  With ``game_id`` a game is counted once: recording the same id again
    (a game finished, then resumed from a save made at its end) changes nothing and
    returns the statistics with ``duplicate`` set.  ``hints``: how many hints the player used.
    Raises ``ValueError`` only for arguments that are not a game result."""
    from ..rules.variants import REGISTRY

    if not isinstance(variant, str) or variant not in REGISTRY:
        raise ValueError(f"unknown rule set {variant!r}")
    if not isinstance(won, bool):
        raise ValueError("won must be True or False")
    if type(score) is not int or abs(score) > MAX_ABS_SCORE:
        raise ValueError(f"bad score {score!r}")
    if type(turns) is not int or not 0 <= turns <= MAX_COUNT:
        raise ValueError(f"bad number of turns {turns!r}")
    seconds = _seconds(seconds, "seconds")
    if game_id is not None and not _good_id(game_id):
        raise ValueError(f"bad game id {game_id!r}")
    if type(hints) is not int or not 0 <= hints <= MAX_COUNT:
        raise ValueError(f"bad number of hints {hints!r}")
    with persistence.files_lock():  # read, add, write: no other process's game slips in between
        return _record(variant, won, score, turns, seconds, when, game_id, hints)


def _record(variant: str, won: bool, score: int, turns: int, seconds: float, when: datetime | None,
            game_id: str | None, hints: int) -> Stats:
    stats = load_stats()
    if stats.unreadable:
        stats.message = stats.message or "The statistics file could not be read, so this game was not counted."
        stats.write_failed = True
        return stats
    if game_id is not None and any(r.get("id") == game_id for r in stats.get(variant).recent):
        stats.duplicate = True
        return stats
    entry = stats.variants.setdefault(variant, VariantStats())
    entry.games += 1
    entry.total_score += score
    entry.total_seconds += seconds
    if entry.best_score is None:
        entry.best_score = score
    else:
        entry.best_score = min(entry.best_score, score) if _lower_wins(variant) else max(entry.best_score, score)
    if won:
        entry.wins += 1
        entry.current_streak += 1
        entry.best_streak = max(entry.best_streak, entry.current_streak)
        entry.fastest_win_turns = turns if entry.fastest_win_turns is None else min(entry.fastest_win_turns, turns)
        entry.fastest_win_seconds = seconds if entry.fastest_win_seconds is None else min(entry.fastest_win_seconds, seconds)
    else:
        entry.current_streak = 0
    at = (when or datetime.now(timezone.utc).astimezone()).isoformat(timespec="seconds")
    record = {"won": won, "score": score, "turns": turns, "seconds": seconds, "at": at}
    if game_id is not None:
        record["id"] = game_id
    if hints:
        record["hints"] = hints
    entry.hints += hints
    entry.recent.append(record)
    del entry.recent[:-RECENT]
    _write(stats)
    return stats


def reset_stats(variant: str | None = None) -> Stats:
    """Forget one rule set's statistics, or all of them."""
    with persistence.files_lock():
        stats = load_stats()
        if stats.unreadable:
            stats.write_failed = True
            return stats
        if variant is None:
            stats.variants.clear()
        else:
            stats.variants.pop(variant, None)
        _write(stats)
        return stats


def _write(stats: Stats) -> None:
    if stats.newer:  # a newer version's file is never written over (its message says so already)
        return
    try:
        persistence.atomic_write_json(stats_path(), stats.to_dict())
    except OSError as exc:
        stats.message = f"The statistics could not be saved ({exc.strerror or exc})."
        stats.write_failed = True
