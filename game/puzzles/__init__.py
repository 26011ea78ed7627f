"""Tile Rush puzzles: a table, a short rack, a proven answer (pure: no pygame).

    Puzzle, PuzzleError, check_table      (model.py)
    generate(seed, grade), grade_of       (generator.py)
    daily(date)                           (daily.py)
    pack_puzzle(pack, level), stars, ...  (packs.py)
    Rush, RushMode                        (rush.py)
"""

from .generator import generate, grade_of, grade_puzzle
from .model import MAX_GRADE, MAX_RACK, MIN_GRADE, MIN_RACK, Puzzle, PuzzleError, check_table

__all__ = ["MAX_GRADE", "MAX_RACK", "MIN_GRADE", "MIN_RACK", "Puzzle", "PuzzleError", "check_table", "generate",
           "grade_of", "grade_puzzle"]

from .daily import daily, daily_grade  # noqa: E402
from .packs import PACKS, PER_PACK, level_open, pack_grade, pack_open, pack_puzzle, pack_stars, stars  # noqa: E402
from .rush import MODES, DoneResult, Outcome, Record, Rush, Summary  # noqa: E402

__all__ += ["MODES", "PACKS", "PER_PACK", "DoneResult", "Outcome", "Record", "Rush", "Summary", "daily", "daily_grade",
            "level_open", "pack_grade", "pack_open", "pack_puzzle", "pack_stars", "stars"]
