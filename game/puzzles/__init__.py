"""Tile Rush puzzles: a table, a short rack, a proven answer (pure: no pygame; see docs/puzzles.md).

    Puzzle, PuzzleError, check_table        (model.py)
    generate(seed, grade), grade_of         (generator.py; blocks.py, rng.py; the proof: game/ai/breaks.py)
    daily(date)                             (daily.py)
    pack_puzzle(pack, level), stars, ...    (packs.py)
    Rush, MODES, DoneResult, Summary        (rush.py)
    rules_text()                            (words.py)
"""

from .daily import daily, daily_grade
from .generator import generate, grade_of, grade_puzzle
from .model import MAX_GRADE, MAX_RACK, MIN_GRADE, MIN_RACK, Puzzle, PuzzleError, check_table
from .packs import PACKS, PER_PACK, level_open, pack_grade, pack_open, pack_puzzle, pack_stars, stars
from .rush import MODES, DoneResult, Outcome, Record, Rush, Summary

__all__ = ["MAX_GRADE", "MAX_RACK", "MIN_GRADE", "MIN_RACK", "MODES", "PACKS", "PER_PACK", "DoneResult", "Outcome",
           "Puzzle", "PuzzleError", "Record", "Rush", "Summary", "check_table", "daily", "daily_grade", "generate",
           "grade_of", "grade_puzzle", "level_open", "pack_grade", "pack_open", "pack_puzzle", "pack_stars", "stars"]
