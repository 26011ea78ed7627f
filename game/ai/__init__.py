"""Computer opponents (pure: no pygame).  ``make_player(level, seed)`` builds one."""

from __future__ import annotations

from typing import Callable

PLAYER_FACTORIES: dict[str, Callable[[int], object]] = {}
_LOADED = False


def register_player(name: str, factory: Callable[[int], object]) -> None:
    PLAYER_FACTORIES[name] = factory


def _builtin() -> None:
    global _LOADED
    _LOADED = True
    from .basic import BasicPlayer

    register_player("basic", lambda seed: BasicPlayer(seed))
    from . import players  # noqa: F401  (registers easy, medium, hard and greedy-max)
    from . import expert  # noqa: F401  (registers expert)
    from . import frozen  # noqa: F401  (registers hard-v1, a frozen level for the simulator)


def player_names() -> list[str]:
    if not _LOADED:
        _builtin()
    return list(PLAYER_FACTORIES)


def make_player(level: str, seed: int = 0):
    if not _LOADED:
        _builtin()
    if level not in PLAYER_FACTORIES:
        raise KeyError(f"unknown computer level {level!r}; choose from {', '.join(PLAYER_FACTORIES)}")
    return PLAYER_FACTORIES[level](seed)
