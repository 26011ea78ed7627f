"""The registry of computer levels: each level module registers, for each board shape it plays
on (``FLAT`` tables of rows, the ``CROSSWORD`` board of Rummi200kub), a factory here when it is
imported (``register_player``); ``game.ai`` imports the built-in level modules and hands players
out (``make_player(level, seed, board)``).  A level is one name to a person: which player plays
it is the registry's choice by the rule set's board (``Variant.board_shape``), so no player asks
which board it is on.  This module imports nothing of the levels, so they never import back."""

from __future__ import annotations

from typing import Callable, Protocol

from ..rules.actions import Action

FLAT = "flat"
CROSSWORD = "crossword"
BOARDS = (FLAT, CROSSWORD)


class Player(Protocol):
    """A computer player: ``choose(view) -> Action`` for the seat of its own view."""

    def choose(self, view) -> Action: ...


PLAYER_FACTORIES: dict[str, dict[str, Callable[[int], Player]]] = {}


def register_player(name: str, factory: Callable[[int], Player], board: str = FLAT) -> None:
    """``factory(seed)`` builds level ``name``'s player for ``board`` (one of ``BOARDS``)."""
    if board not in BOARDS:
        raise ValueError(f"unknown board shape {board!r}; choose from {', '.join(BOARDS)}")
    PLAYER_FACTORIES.setdefault(name, {})[board] = factory
