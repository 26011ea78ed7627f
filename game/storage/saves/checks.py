"""Checks for data a save carries beside its game, registered by the part of the game that
owns that data (the saves layer never imports it).

A save's ``tournament`` field is checked by ``game/tournament/schema.py``, which registers
itself here when ``game.tournament`` is imported.  A checker takes the field's data and
the save's own ``game`` (for a save of that kind, else None) and returns sentences, an
empty list when all is well.  Data with no registered checker cannot be trusted, so
``problems`` answers None and the loader refuses it.
"""

from __future__ import annotations

from typing import Any, Callable

Checker = Callable[[Any, "dict | None"], list[str]]

CHECKERS: dict[str, Checker] = {}


def register(field: str, checker: Checker) -> None:
    """``checker`` checks the save field ``field`` from now on."""
    CHECKERS[field] = checker


def problems(field: str, data: Any, envelope_game: dict | None) -> list[str] | None:
    """What ``field``'s checker finds wrong with ``data``; None when no checker is registered."""
    checker = CHECKERS.get(field)
    if checker is None:
        return None
    return checker(data, envelope_game)
