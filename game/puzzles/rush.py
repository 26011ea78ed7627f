"""The rush: puzzles against the clock (or against three misses), pure and driven by ``tick``.

Modes (``MODES``): ``rush-3min`` and ``rush-5min`` count down 180 / 300 seconds; ``survival`` has
no clock and ends at the third miss.  Puzzles get harder as they are solved (``rush_grade``: grade
1 to start, two grades more for every three solved, up to 10); puzzle ``n`` of a run is seeded by
the run's seed and ``n`` only.

``done(lines)`` asks the referee (``check_table``): every line a valid set, every table tile kept,
every rack tile placed.

* Solved: ``points = (100 * grade + time bonus) * multiplier``.  The time bonus is 10 a second
  under par (``par_seconds``: 10 + 5 * grade).  A solve within par is *fast*: fast solves in a row
  build the combo (multiplier x1, x1.5, x2, x2.5, then x3); a slow solve, a wrong Done or a skip
  resets it.  The streak counts solves in a row (a wrong Done or a skip resets it).  The next
  puzzle comes up.
* Wrong: in a timed rush it costs ``PENALTY`` (10) seconds and the puzzle stays; in survival it is
  a miss and the next puzzle comes up (the third miss ends the run).
* ``skip()``: the next puzzle, no score.
* ``hint()``: the hint or the answer was shown: solving that puzzle scores nothing and ends the combo.
* ``tick(dt)``: time passes; at 0 the run ends (the puzzle on the table counts as out of time).

``summary()`` lists every puzzle met (grade, seconds, outcome, points) for the screens after a run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Callable, Sequence

from .generator import generate
from .model import MAX_GRADE, Puzzle, PuzzleError, check_table
from .rng import seed_of
from ..rules.reasons import Reason
from ..rules.turn import Problem

PENALTY = 10.0
MAX_COMBO_STEP = 4  # the multiplier stops growing at x3


@dataclass(frozen=True)
class ModeRules:
    name: str
    seconds: float | None  # the clock, or None (survival)
    lives: int | None  # misses that end the run, or None


MODES = {
    "rush-3min": ModeRules("rush-3min", 180.0, None),
    "rush-5min": ModeRules("rush-5min", 300.0, None),
    "survival": ModeRules("survival", None, 3),
}


class Outcome(str, Enum):
    SOLVED = "solved"
    MISSED = "missed"  # a wrong Done in survival
    SKIPPED = "skipped"
    OUT_OF_TIME = "out of time"  # on the table when the clock ran out
    LEFT = "left"  # on the table when the player ended the run


def rush_grade(solved: int) -> int:
    """The grade of the next puzzle after ``solved`` solves."""
    return min(MAX_GRADE, 1 + solved * 2 // 3)


def par_seconds(grade: int) -> float:
    return 10.0 + 5.0 * grade


@dataclass
class Record:
    """One puzzle of a run, for the summary (``puzzle`` keeps the answer for "Show answer")."""

    index: int
    puzzle: Puzzle
    seconds: float = 0.0
    outcome: Outcome | None = None  # None while on the table
    points: int = 0
    wrong: int = 0  # wrong Dones on it
    hinted: bool = False  # the hint or the answer was shown: solving it scores nothing

    @property
    def grade(self) -> int:
        return self.puzzle.grade

    def to_json(self) -> dict:
        return {"index": self.index, "id": self.puzzle.id, "grade": self.grade, "seconds": round(self.seconds, 3),
                "outcome": self.outcome.value if self.outcome else None, "points": self.points, "wrong": self.wrong,
                "hinted": self.hinted}


@dataclass(frozen=True)
class DoneResult:
    """What a Done did, for the score pop, the streak counter and the sound."""

    solved: bool
    problems: tuple[Problem, ...] = ()  # the referee's reasons when not solved (codes with data)
    points: int = 0
    base: int = 0
    time_bonus: int = 0
    multiplier: float = 1.0
    combo: int = 0
    streak: int = 0
    penalty: float = 0.0  # seconds taken off the clock
    miss: bool = False  # counted as a miss (survival)
    ended: bool = False  # the run is over


@dataclass(frozen=True)
class Summary:
    mode: str
    seed: int
    score: int
    solved: int
    missed: int
    skipped: int
    best_streak: int
    seconds: float
    records: tuple[Record, ...] = field(default=())

    def to_json(self) -> dict:
        return {"mode": self.mode, "seed": self.seed, "score": self.score, "solved": self.solved, "missed": self.missed,
                "skipped": self.skipped, "best_streak": self.best_streak, "seconds": round(self.seconds, 3),
                "records": [r.to_json() for r in self.records]}


class Rush:
    """One run of a mode.  ``make`` builds puzzle ``index`` of grade ``grade`` (default: the
    generator, seeded by the run's seed and the index)."""

    def __init__(self, mode: str, seed: int, make: Callable[[int, int], Puzzle] | None = None) -> None:
        if mode not in MODES:
            raise PuzzleError(f"unknown mode {mode!r}: choose {', '.join(MODES)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise PuzzleError(f"seed must be a whole number, not {seed!r}")
        self.rules = MODES[mode]
        self.mode = mode
        self.seed = seed
        self._make = make or self._generate
        self.time_left: float | None = self.rules.seconds
        self.elapsed = 0.0
        self.score = 0
        self.solved = 0
        self.misses = 0
        self.combo = 0
        self.streak = 0
        self.best_streak = 0
        self.over = False
        self.records: list[Record] = []
        self._next()

    # -- the puzzle on the table ----------------------------------------------------------
    def _generate(self, index: int, grade: int) -> Puzzle:
        return generate(seed_of("tile-rush-run", self.mode, self.seed, index), grade, pid=f"{self.mode}-{index + 1}")

    def _next(self) -> None:
        index = len(self.records)
        self.records.append(Record(index, self._make(index, rush_grade(self.solved))))

    @property
    def record(self) -> Record:
        return self.records[-1]

    @property
    def current(self) -> Puzzle:
        return self.records[-1].puzzle

    @property
    def lives_left(self) -> int | None:
        return None if self.rules.lives is None else self.rules.lives - self.misses

    @property
    def multiplier(self) -> float:
        return _multiplier(self.combo)

    # -- what the player does -------------------------------------------------------------
    def tick(self, dt: float) -> bool:
        """``dt`` seconds pass (negative, non-finite or non-numbers count as 0).  True when the run
        ended in this tick."""
        if self.over or isinstance(dt, bool) or not isinstance(dt, (int, float)) or not 0 < dt < float("inf"):
            return False  # NaN, infinity, negative or not a number: no time passes
        if self.time_left is not None:
            dt = min(dt, self.time_left)
            self.time_left -= dt
        self.elapsed += dt
        self.record.seconds += dt
        if self.time_left is not None and self.time_left <= 0:
            self._finish(Outcome.OUT_OF_TIME)
            return True
        return False

    def done(self, lines: Sequence[Sequence[int]]) -> DoneResult:
        """Check the table laid out for the current puzzle (lines of tile ids in table order)."""
        if self.over:
            return DoneResult(False, (Problem(Reason.PUZZLE_RUN_OVER),), ended=True)
        problems = tuple(check_table(self.current, lines))
        if problems:
            return self._wrong(problems)
        rec = self.record
        grade = rec.grade
        par = par_seconds(grade)
        fast = rec.seconds <= par and not rec.hinted
        self.combo = self.combo + 1 if fast else 0
        base = 0 if rec.hinted else 100 * grade
        bonus = 0 if rec.hinted else 10 * max(0, int(par - rec.seconds))
        step = min(max(self.combo - 1, 0), MAX_COMBO_STEP)
        points = (base + bonus) * (2 + step) // 2
        self.score += points
        self.solved += 1
        self.streak += 1
        self.best_streak = max(self.best_streak, self.streak)
        rec.outcome, rec.points = Outcome.SOLVED, points
        self._next()
        return DoneResult(True, (), points, base, bonus, (2 + step) / 2, self.combo, self.streak)

    def _wrong(self, problems: tuple[Problem, ...]) -> DoneResult:
        self.combo = 0
        self.streak = 0
        self.record.wrong += 1
        if self.rules.lives is not None:
            self.misses += 1
            self.record.outcome = Outcome.MISSED
            if self.misses >= self.rules.lives:
                self.over = True
            else:
                self._next()
            return DoneResult(False, problems, miss=True, ended=self.over)
        penalty = min(PENALTY, self.time_left or 0.0)
        self.time_left = (self.time_left or 0.0) - penalty
        if self.time_left <= 0:
            self._finish(Outcome.OUT_OF_TIME)
        return DoneResult(False, problems, penalty=penalty, ended=self.over)

    def hint(self) -> None:
        """The hint or the answer is shown for the current puzzle: solving it now scores nothing and
        starts the combo again (the streak goes on)."""
        if not self.over:
            self.record.hinted = True

    def skip(self) -> None:
        """The next puzzle, no score (the combo and the streak start again)."""
        if self.over:
            return
        self.combo = 0
        self.streak = 0
        self.record.outcome = Outcome.SKIPPED
        self._next()

    def end(self) -> None:
        """The player stops the run."""
        if not self.over:
            self._finish(Outcome.LEFT)

    def _finish(self, outcome: Outcome) -> None:
        self.over = True
        if self.record.outcome is None:
            self.record.outcome = outcome

    # -- after the run --------------------------------------------------------------------
    def summary(self) -> Summary:
        count = {o: sum(1 for r in self.records if r.outcome is o) for o in Outcome}
        return Summary(self.mode, self.seed, self.score, count[Outcome.SOLVED], count[Outcome.MISSED],
                       count[Outcome.SKIPPED], self.best_streak, self.elapsed, tuple(self.records))


def _multiplier(combo: int) -> float:
    return (2 + min(max(combo - 1, 0), MAX_COMBO_STEP)) / 2
