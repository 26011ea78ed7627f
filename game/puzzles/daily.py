"""The daily puzzle: one per calendar date, the same on every machine (seeded by the date only),
a little harder on Saturdays and Sundays.

    daily(date) -> Puzzle       id "daily-YYYY-MM-DD"
    daily_grade(date) -> int    3..5 on weekdays, 6..7 at weekends
"""

from __future__ import annotations

import datetime as _dt

from .generator import generate
from .model import Puzzle, PuzzleError
from .rng import mix, seed_of

WEEKDAY_GRADES = (3, 4, 5)
WEEKEND_GRADES = (6, 7)


def _day(date: object) -> _dt.date:
    if not isinstance(date, _dt.date):
        raise PuzzleError(f"the daily puzzle needs a date, not {date!r}")
    return _dt.date(date.year, date.month, date.day)  # a datetime counts by its calendar date


def daily_seed(date: _dt.date) -> int:
    return seed_of("tile-rush-daily", _day(date).isoformat())


def daily_grade(date: _dt.date) -> int:
    day = _day(date)
    grades = WEEKEND_GRADES if day.weekday() >= 5 else WEEKDAY_GRADES
    return grades[mix("tile-rush-daily-grade", day.isoformat()) % len(grades)]


def daily(date: _dt.date) -> Puzzle:
    """The puzzle of a calendar date (a ``datetime`` counts by its date; the caller picks the
    player's local date)."""
    day = _day(date)
    return generate(daily_seed(day), daily_grade(day), pid=f"daily-{day.isoformat()}")
