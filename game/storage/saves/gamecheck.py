"""The game inside a save: ``SaveError`` (a refusal a player can read) and the checks every saved
game passes, for ordinary saves (``format.py``) and a tournament's game in progress alike.

Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import Any

from ...rules.state import GameState, StateError
from .validate import plain_json_problem, state_problems


class SaveError(ValueError):
    """A save that cannot be loaded; ``str(err)`` is a sentence for the player.

    ``unexpected`` marks a refusal caused by an exception no check anticipated
    (the file is still refused; the tests make sure this never happens)."""

    def __init__(self, message: str, unexpected: bool = False) -> None:
        super().__init__(message)
        self.unexpected = unexpected


def game_from_dict(game: Any, what: str) -> GameState:
    """A game from a save (``what`` names it in messages) with every check an ordinary
    save's game passes: plain JSON, ``GameState.from_dict``, then ``state_problems``."""
    if not isinstance(game, dict):
        raise SaveError(f"{what} is missing or damaged")
    problem = plain_json_problem(game, what)
    if problem:
        raise SaveError(problem)
    rng = game.get("rng")
    if isinstance(rng, dict) and (type(rng.get("version")) is not int or rng.get("version") != 3):
        raise SaveError(f"{what} is damaged: the random generator state has an unknown version")
    try:
        state = GameState.from_dict(game)
    except StateError as exc:
        raise SaveError(f"{what} is damaged: {exc}") from None
    problems = state_problems(state, check_json=False)
    if problems:
        raise SaveError(f"{what} is damaged: " + "; ".join(problems[:3]))
    return state
