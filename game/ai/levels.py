"""The registry of computer levels: each level module registers its factory here when it is
imported (``register_player``); ``game.ai`` imports the built-in level modules and hands players
out (``make_player``).  This module imports nothing of the levels, so they never import back."""

from __future__ import annotations

from typing import Callable

PLAYER_FACTORIES: dict[str, Callable[[int], object]] = {}


def register_player(name: str, factory: Callable[[int], object]) -> None:
    PLAYER_FACTORIES[name] = factory
