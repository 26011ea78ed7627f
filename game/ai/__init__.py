"""Computer opponents (pure: no pygame).  ``make_player(level, seed, board)`` builds one."""

from __future__ import annotations

from .levels import BOARDS, CROSSWORD, FLAT, PLAYER_FACTORIES, Player, register_player

__all__ = ["BOARDS", "CROSSWORD", "FLAT", "PLAYER_FACTORIES", "Player", "make_player", "player_names", "register_player"]
_LOADED = False


def _builtin() -> None:
    """Import the built-in level modules (each registers itself in ``levels``)."""
    global _LOADED
    _LOADED = True
    from . import basic  # noqa: F401  (registers basic on the flat table)
    from . import players  # noqa: F401  (registers easy, medium, hard and greedy-max)
    from . import expert  # noqa: F401  (registers expert)
    from . import crossword  # noqa: F401  (every level's player on the crossword board, and hard-v1 there)


def player_names(board: str | None = None) -> list[str]:
    """The computer levels (those that play on ``board``, when given)."""
    if not _LOADED:
        _builtin()
    return [name for name, boards in PLAYER_FACTORIES.items() if board is None or board in boards]


def make_player(level: str, seed: int, board: str) -> Player:
    """Level ``level``'s player for ``board`` (a rule set's ``board_shape``), seeded with ``seed``."""
    if not _LOADED:
        _builtin()
    if level not in PLAYER_FACTORIES:
        raise KeyError(f"unknown computer level {level!r}; choose from {', '.join(PLAYER_FACTORIES)}")
    boards = PLAYER_FACTORIES[level]
    if board not in boards:
        raise KeyError(f"computer level {level!r} does not play on the {board} board")
    return boards[board](seed)
