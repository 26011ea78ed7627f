"""What the puzzle screen plays: a run of Tile Rush puzzles, one after another (pure).

``PuzzleRun`` is the interface the screen talks to (hooks, overridden by each kind of run):
the puzzle on the table, the clock, ``done`` with the table as the player left it, ``skip``,
``hint``, the summary's rows, and ``finish`` (bests, streak and stars saved).  ``RushRun``
wraps the rush model of ``game.puzzles`` (3 or 5 minutes against the clock, or survival);
``SingleRun`` is one puzzle (the daily puzzle, a pack's puzzle), timed for its stars.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import reasons


@dataclass(frozen=True)
class Verdict:
    """What a Done did: ``solved`` (with ``points``, the combo's ``multiplier`` and the ``streak``
    of puzzles solved in a row) or not (``penalty`` seconds off the clock, ``misses`` so far)."""

    solved: bool
    points: int = 0
    multiplier: float = 1.0
    streak: int = 0
    penalty: float = 0.0
    misses: int = 0
    text: str = ""  # solved: a line for the banner; not solved: the referee's first reason


@dataclass(frozen=True)
class Row:
    """One puzzle of the run, for the summary: its number, grade, seconds spent, and how it
    ended ("solved", "missed" or "skipped"; "open" when the run ended on it)."""

    number: int
    puzzle: object  # game.puzzles.Puzzle
    seconds: float
    result: str
    points: int = 0
    hint: bool = False
    wrong: int = 0  # wrong Dones on it


class PuzzleRun:
    """The interface of a run (see the module's docstring); every hook is overridden."""

    mode = ""  # rush-3min, rush-5min, survival, daily, pack
    title = ""
    keeps_score = True  # solves earn points (a rush, survival); one puzzle earns stars or a streak instead

    @property
    def puzzle(self):
        """The puzzle being played (a ``game.puzzles.Puzzle``), None once the run is over."""
        raise NotImplementedError

    @property
    def number(self) -> int:
        """The puzzle being played, counted from 1."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def score(self) -> int:
        return 0

    @property
    def streak(self) -> int:
        return 0

    @property
    def misses(self) -> int:
        return 0

    @property
    def misses_allowed(self) -> int | None:
        """Misses that end the run (survival), None when misses only cost time."""
        return None

    def clock(self) -> tuple[float, float] | None:
        """(seconds left, seconds at the start) of a countdown, None with no countdown."""
        return None

    def puzzle_seconds(self) -> float:
        """Seconds spent on the puzzle being played."""
        raise NotImplementedError

    def tick(self, dt: float) -> None:
        raise NotImplementedError

    def done(self, sets: list[list[int]]) -> Verdict:
        """The player pressed Done with these sets on the table."""
        raise NotImplementedError

    def skip(self) -> None:
        raise NotImplementedError

    def give_up_question(self) -> tuple[str, str] | None:
        """(title, message) the screen asks before Skip gives up the run's only puzzle; None when
        Skip just moves on to the next puzzle (asked nothing)."""
        return None

    def hint(self) -> None:
        """A hint was shown for the puzzle being played."""

    def stop(self) -> None:
        """The player ended the run early (the puzzle being played counts as open)."""
        raise NotImplementedError

    def rows(self) -> list[Row]:
        raise NotImplementedError

    def finish(self) -> list[str]:
        """Save what the run earned (once); lines for the summary (a new best, the streak)."""
        return []

    def again(self) -> "PuzzleRun":
        """A fresh run of the same kind (Play again)."""
        raise NotImplementedError

    def again_label(self) -> str:
        """The summary's button for ``again``."""
        return "Play again"

    def summary_title(self) -> str:
        """The summary's title."""
        return f"{self.title}: over"

    def header(self, number: int, puzzle) -> str:
        """The header's line on the puzzle screen showing puzzle ``number`` of the run."""
        return f"{self.title}  ·  Puzzle {number}  ·  Grade {puzzle.grade}"


class SingleRun(PuzzleRun):
    """One puzzle (the daily puzzle, a pack's puzzle): no countdown, the seconds it took and
    whether a hint was shown are kept for its stars; ``record(run)`` saves what it earned and
    returns the summary's lines.  A wrong Done is a miss and costs nothing else.  Skip gives the
    puzzle up (the run is over), so the screen asks first: ``give_up`` is that question."""

    keeps_score = False

    def __init__(self, puzzle, mode: str, title: str, record=None, again=None, next_label: str = "",
                 give_up: tuple[str, str] = ("Give up this puzzle?", "It ends unsolved, with its answer on the summary.")
                 ) -> None:
        self._puzzle = puzzle
        self.give_up = give_up
        self.mode = mode
        self.title = title
        self._record = record
        self._again = again  # again(run) -> the run Play again starts
        self.next_label = next_label  # the button's label when a solve leads on to another puzzle
        self.seconds = 0.0
        self.hinted = False
        self.solved = False
        self.stopped = False
        self.wrong = 0
        self.finished: list[str] | None = None

    @property
    def puzzle(self):
        return None if self.over else self._puzzle

    @property
    def number(self) -> int:
        return 1

    @property
    def over(self) -> bool:
        return self.solved or self.stopped

    @property
    def misses(self) -> int:
        return self.wrong

    def header(self, number: int, puzzle) -> str:
        return f"{self.title}  ·  Grade {puzzle.grade}"

    def summary_title(self) -> str:
        return "Solved!" if self.solved else "Not solved this time"

    def puzzle_seconds(self) -> float:
        return self.seconds

    def tick(self, dt: float) -> None:
        if not self.over:
            self.seconds += max(0.0, float(dt))

    def done(self, sets: list[list[int]]) -> Verdict:
        from ..puzzles import check_table

        if self.over:
            return Verdict(False, text="the puzzle is over")
        problems = check_table(self._puzzle, sets)
        if problems:
            self.wrong += 1
            return Verdict(False, misses=self.wrong, text=reasons.say(problems[0]))
        self.solved = True
        m, sec = divmod(int(self.seconds), 60)
        return Verdict(True, text=f"Solved in {m}:{sec:02d}" + (" with a hint" if self.hinted else ""))

    def skip(self) -> None:
        self.stopped = True

    def give_up_question(self) -> tuple[str, str] | None:
        return self.give_up

    def stop(self) -> None:
        self.stopped = True

    def hint(self) -> None:
        self.hinted = True

    def rows(self) -> list[Row]:
        result = "solved" if self.solved else "skipped" if self.stopped else "open"
        return [Row(1, self._puzzle, self.seconds, result, 0, self.hinted, self.wrong)]

    def finish(self) -> list[str]:
        if self.finished is None:
            self.finished = list(self._record(self)) if self._record is not None else []
        return list(self.finished)

    def again(self) -> "PuzzleRun":
        return self._again(self) if self._again is not None else SingleRun(self._puzzle, self.mode, self.title, self._record,
                                                                      give_up=self.give_up)

    def again_label(self) -> str:
        return self.next_label if self.solved and self.next_label else "Play again"

