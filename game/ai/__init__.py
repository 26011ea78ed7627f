"""Computer opponents (pure: no pygame).  ``make_player(level, seed)`` builds one."""

from __future__ import annotations

from .levels import PLAYER_FACTORIES, register_player

__all__ = ["PLAYER_FACTORIES", "make_player", "player_names", "register_player"]
_LOADED = False


def _builtin() -> None:
    """Import the built-in level modules (each registers itself in ``levels``)."""
    global _LOADED
    _LOADED = True
    from .basic_level import BasicLevel

    register_player("basic", lambda seed: BasicLevel(seed))
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
