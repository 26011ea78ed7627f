"""The Tile Rush modes as runs the puzzle screen plays, and the records the menus show (pure).

``rush_run(mode)`` wraps the rush model (``game.puzzles.rush.Rush``) as a ``PuzzleRun``;
``daily_run(date)`` and ``pack_run(pack, level)`` are one puzzle each (``SingleRun``).
``Records`` reads the saved bests, daily streak and pack stars once (``game.storage.arcade``)
and saves what a run earned; a damaged file was set aside by the storage and ``notice`` says so.
"""

from __future__ import annotations

import datetime as _dt
import secrets

from ..puzzles import packs as packs_mod
from ..storage import arcade
from ..puzzles.daily import daily
from ..puzzles.rush import MODES, PENALTY, Rush
from . import reasons
from .puzzle_run import PuzzleRun, Row, SingleRun, Verdict

RUSH_MODES = tuple(MODES)
MODE_TITLES = {"rush-3min": "Rush 3 minutes", "rush-5min": "Rush 5 minutes", "survival": "Survival"}
MODE_BLURBS = {
    "rush-3min": f"As many puzzles as you can in 3 minutes; a wrong Done costs {int(PENALTY)} seconds.",
    "rush-5min": f"As many puzzles as you can in 5 minutes; a wrong Done costs {int(PENALTY)} seconds.",
    "survival": "No clock: the puzzles get harder until your third wrong Done.",
}
PACK_COUNT = packs_mod.PACKS
PER_PACK = packs_mod.PER_PACK


def today() -> _dt.date:
    """The player's calendar date (the daily puzzle's)."""
    return _dt.date.today()


def pack_grades(pack: int) -> tuple[int, int]:
    """The easiest and the hardest grade in a pack (1..PACK_COUNT)."""
    grades = pack_puzzle_grades(pack)
    return min(grades), max(grades)


def pack_puzzle_grades(pack: int) -> list[int]:
    return [packs_mod.pack_grade(pack, level) for level in range(1, PER_PACK + 1)]


def quick_seconds(grade: int) -> int:
    return int(packs_mod.quick_seconds(grade))


def unlock_rule(pack: int) -> str:
    return f"Solve every puzzle of pack {pack - 1} to open pack {pack}." if pack > 1 else ""


def rules_text() -> list[tuple[str, str]]:
    """The Tile Rush paragraphs of the in-game rules screen (headings and text), with the
    figures the puzzle modes use."""
    from ..puzzles.daily import WEEKDAY_GRADES, WEEKEND_GRADES
    from ..puzzles.rush import par_seconds

    lo, hi = pack_grades(1)
    return [
        ("Tile Rush puzzles", "A puzzle is a table of valid sets and a rack of 3 to 8 tiles, every one of which can be "
                              "placed (the game has proven it and keeps the answer). Place every rack tile, moving table "
                              "tiles as you need, then press Done: every set must be valid, every table tile still on the "
                              "table and every rack tile placed. There is no initial meld and nothing to draw. A puzzle's "
                              "grade (1 to 10) says how much of the table must change: grade 1 is an extension, grade 10 "
                              "a rearrangement of several sets. The controls are the game's; Space is Done, K skips, H "
                              "shows the answer's next step and Shift+H puts it on the table."),
        ("Rush and Survival", f"Rush 3 minutes and Rush 5 minutes: solve as many as you can before the clock runs out; "
                              f"the puzzles get harder as you solve them. A solve scores 100 points a grade plus 10 a "
                              f"second under par ({int(par_seconds(1))} seconds at grade 1, 5 more a grade). Solves "
                              f"within par in a row build a combo (x1.5 from the second, then x2, x2.5, up to x3); a slow solve, a wrong Done "
                              f"or a Skip ends it. A wrong Done costs {int(PENALTY)} seconds; Skip moves on with no points. "
                              "The hint shows the answer step by step: a puzzle solved after it scores nothing. Survival "
                              "has no clock: a wrong Done is a miss and the next puzzle comes; the third miss ends the run."),
        ("Daily puzzle and packs", f"The daily puzzle is the same for everyone on a calendar date (your computer's date), "
                                   f"grade {WEEKDAY_GRADES[0]} to {WEEKDAY_GRADES[-1]} on weekdays and "
                                   f"{WEEKEND_GRADES[0]} to {WEEKEND_GRADES[-1]} at weekends; the streak counts the days "
                                   f"in a row you solved it. The {PACK_COUNT} packs hold {PER_PACK} puzzles each, pack 1 "
                                   f"grades {lo} to {hi} and one grade harder each pack. A puzzle earns a star for being "
                                   f"solved, one for no hint and one for speed ({quick_seconds(1)} seconds at grade 1, "
                                   f"{quick_seconds(2) - quick_seconds(1)} more a grade). A puzzle opens when the one "
                                   "before it is solved, a pack when every puzzle of the pack before it is solved."),
    ]


class RushRun(PuzzleRun):
    """A rush (3 or 5 minutes) or survival, on the rush model (a puzzle solved after its hint
    scores nothing there: the hint shows the answer)."""

    def __init__(self, mode: str, seed: int, records: "Records | None" = None) -> None:
        self.rush = Rush(mode, seed)
        self.mode = mode
        self.title = MODE_TITLES[mode]
        self.records = records
        self.finished: list[str] | None = None

    @property
    def puzzle(self):
        return None if self.rush.over else self.rush.current

    @property
    def number(self) -> int:
        return len(self.rush.records)

    @property
    def over(self) -> bool:
        return self.rush.over

    @property
    def score(self) -> int:
        return self.rush.score

    @property
    def streak(self) -> int:
        return self.rush.streak

    @property
    def misses(self) -> int:
        return self.rush.misses

    @property
    def misses_allowed(self) -> int | None:
        return self.rush.rules.lives

    def clock(self) -> tuple[float, float] | None:
        total = self.rush.rules.seconds
        return None if total is None else (self.rush.time_left or 0.0, total)

    def puzzle_seconds(self) -> float:
        return self.rush.record.seconds

    def tick(self, dt: float) -> None:
        self.rush.tick(dt)

    def done(self, sets: list[list[int]]) -> Verdict:
        hinted = self.rush.record.hinted
        got = self.rush.done(sets)
        if got.solved:
            note = "Solved with the answer shown: no points" if hinted else ""
            return Verdict(True, got.points, got.multiplier, got.streak, text=note)
        text = reasons.say(got.problems[0]) if got.problems else "not solved yet"
        return Verdict(False, penalty=got.penalty, misses=self.rush.misses, text=text)

    def skip(self) -> None:
        self.rush.skip()

    def hint(self) -> None:
        self.rush.hint()

    def stop(self) -> None:
        self.rush.end()

    def rows(self) -> list[Row]:
        out = []
        for rec in self.rush.records:
            result = rec.outcome.value if rec.outcome is not None else "open"
            out.append(Row(rec.index + 1, rec.puzzle, rec.seconds, result, rec.points, rec.hinted, rec.wrong))
        return out

    def finish(self) -> list[str]:
        if self.finished is None:
            self.finished = self.records.record_rush(self.rush.summary()) if self.records is not None else []
        return list(self.finished)

    def again(self) -> PuzzleRun:
        return rush_run(self.mode, Records())

    def summary_title(self) -> str:
        last = self.rush.records[-1].outcome if self.rush.records else None
        if self.rush.rules.lives is not None and self.rush.misses >= self.rush.rules.lives:
            return "Three misses: survival over"
        return "Time!" if last is not None and last.value == "out of time" else f"{self.title}: over"

    def header(self, number: int, puzzle) -> str:
        mult = self.rush.multiplier
        return super().header(number, puzzle) + (f"  ·  Combo x{mult:g}" if mult > 1 and number == self.number else "")


class Records:
    """The saved bests per mode, the dates the daily puzzle was solved and the pack stars
    (``game.storage.arcade``), read once; ``record_*`` save what a run earned and return the
    summary's lines.  ``notice`` says when a damaged file was set aside."""

    def __init__(self) -> None:
        self.arcade = arcade.load_arcade()
        self.notice = arcade.take_notice() or self.arcade.message

    # -- reading ----------------------------------------------------------------------------
    def best(self, mode: str) -> int | None:
        best = self.arcade.best(mode)
        return best.best_score if best.runs else None

    def daily_solved(self, date: _dt.date) -> bool:
        return date.isoformat() in self.arcade.daily_solved

    def daily_streak(self, date: _dt.date | None = None) -> int:
        """Days in a row the daily puzzle was solved, up to ``date`` (today) or the day before
        (today's may still be solved)."""
        return arcade.daily_streak(self.arcade, date or today())

    def pack_stars(self, pack: int) -> list[int]:
        return [self.arcade.packs.get((pack, level), 0) for level in range(1, PER_PACK + 1)]

    def pack_open(self, pack: int) -> bool:
        return packs_mod.pack_open(self.arcade.packs, pack)

    def level_open(self, pack: int, level: int) -> bool:
        return packs_mod.level_open(self.arcade.packs, pack, level)

    def total_stars(self) -> tuple[int, int]:
        """(stars won, stars there are) over every pack."""
        won = sum(packs_mod.pack_stars(self.arcade.packs, pack) for pack in range(1, PACK_COUNT + 1))
        return won, PACK_COUNT * PER_PACK * packs_mod.MAX_STARS

    # -- saving -----------------------------------------------------------------------------
    def _saved(self, got: "arcade.Arcade", notes: list[str]) -> list[str]:
        self.arcade = got
        return notes + ([got.message] if got.write_failed and got.message else [])

    def record_rush(self, summary) -> list[str]:
        before = self.best(summary.mode)
        got, new_best = arcade.record_rush(summary.mode, summary.score, summary.solved, summary.best_streak)
        title = MODE_TITLES.get(summary.mode, summary.mode)
        if new_best:
            notes = [f"New personal best for {title}: {summary.score:,}" + (f" (was {before:,})" if before else "")]
        else:
            notes = [f"Your best for {title}: {before:,}"] if before else []
        best = got.best(summary.mode)
        notes.append(f"Your bests: {best.most_solved} solved in a run, {best.best_streak} in a row "
                     f"({best.runs} run{'s' if best.runs != 1 else ''} played)")  # the count is no best
        return self._saved(got, notes)

    def record_daily(self, date: _dt.date, solved: bool, seconds: float) -> list[str]:
        if not solved:
            streak = self.daily_streak(date)
            return [f"Your streak of {streak} day{'s' if streak != 1 else ''} stays while today's puzzle is open"] if streak else []
        got = arcade.record_daily(date)
        streak = arcade.daily_streak(got, date)
        return self._saved(got, [f"Daily streak: {streak} day{'s' if streak != 1 else ''}"])

    def record_pack(self, pack: int, level: int, stars: int) -> list[str]:
        before = self.arcade.packs.get((pack, level), 0)
        got = arcade.record_pack(pack, level, stars)
        words = f"{stars} star{'s' if stars != 1 else ''}"
        if stars > before:
            notes = [f"{words} for pack {pack}, puzzle {level}" + (f" (best before: {before})" if before else "")]
        else:
            notes = [f"{words} this time; your best is {before}"] if before else []
        return self._saved(got, notes)


def rush_run(mode: str, records: "Records | None" = None, seed: int | None = None) -> RushRun:
    return RushRun(mode, secrets.randbelow(2 ** 31) if seed is None else seed, records)


def daily_run(date: _dt.date, records: "Records | None" = None) -> SingleRun:
    def record(run: SingleRun) -> list[str]:
        return records.record_daily(date, run.solved, run.seconds) if records is not None else []

    return SingleRun(daily(date), "daily", f"Daily puzzle, {date.day} {date.strftime('%b')}", record,
                     again=lambda run: daily_run(date, Records()),
                     give_up=("Give up today's puzzle?", "It ends unsolved, with its answer on the summary. Your daily "
                              "streak stays while today's puzzle is open: you can try it again today."))


def pack_run(pack: int, level: int, records: "Records | None" = None) -> SingleRun:
    puzzle = packs_mod.pack_puzzle(pack, level)

    def record(run: SingleRun) -> list[str]:
        got = packs_mod.stars(run.solved, run.hinted, run.seconds, puzzle.grade)
        return records.record_pack(pack, level, got) if records is not None else []

    def again(run: SingleRun) -> SingleRun:
        following = level + 1 if run.solved and level < PER_PACK else level
        return pack_run(pack, following, Records())

    return SingleRun(puzzle, "pack", f"Pack {pack}, puzzle {level}", record, again,
                     next_label="Next puzzle" if level < PER_PACK else "")


__all__ = ["MODE_BLURBS", "MODE_TITLES", "PACK_COUNT", "PENALTY", "PER_PACK", "RUSH_MODES", "Records", "RushRun",
           "daily_run", "pack_grades", "pack_puzzle_grades", "pack_run", "quick_seconds", "rush_run", "today",
           "unlock_rule"]

