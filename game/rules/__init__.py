"""The referee: pure, deterministic rules for every rule set (no pygame here)."""

from .board import Board, Line
from .melds import Meld, check_line, check_set
from .state import GameState, PlayerState, StateError
from .tiles import NotationError, Tile, format_tiles, notation, parse_tiles, tile
from .turn import Problem, TurnStart, analyse, validate
from .variants import REGISTRY, Variant, find_variant

__all__ = [
    "Board", "Line", "Meld", "check_line", "check_set", "GameState", "PlayerState", "StateError",
    "NotationError", "Tile", "format_tiles", "notation", "parse_tiles", "tile", "Problem", "TurnStart",
    "analyse", "validate", "REGISTRY", "Variant", "find_variant",
]
