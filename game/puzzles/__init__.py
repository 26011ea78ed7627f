"""Tile Rush puzzles: a table, a short rack, a proven answer (pure: no pygame).

    Puzzle, PuzzleError, check_table      (model.py)
    generate(seed, grade), grade_of       (generate.py)
    daily(date)                           (daily.py)
    pack_puzzle(pack, level), stars, ...  (packs.py)
    Rush, RushMode                        (rush.py)
"""

from .generate import generate, grade_of, grade_puzzle
from .model import MAX_GRADE, MAX_RACK, MIN_GRADE, MIN_RACK, Puzzle, PuzzleError, check_table

__all__ = ["MAX_GRADE", "MAX_RACK", "MIN_GRADE", "MIN_RACK", "Puzzle", "PuzzleError", "check_table", "generate",
           "grade_of", "grade_puzzle"]
