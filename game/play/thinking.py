"""What the worker computes for the play screen: a computer player's move and a hint for the person.

Both take a ``PlayerView`` (rebuilt from ``game.play.wire``) and return a plain action dict.
Pure Python: no pygame here.
"""

from __future__ import annotations

from ..rules.engine import PlayerView


def compute_ai_action(level: str, seed: int, view: PlayerView, cache: dict | None = None) -> dict:
    """Ask a computer player for its move (used by the worker and by ``run_ai_sync``)."""
    from ..ai import make_player

    key = (level, seed)
    player = cache.get(key) if cache is not None else None
    if player is None:
        player = make_player(level, seed)
        if cache is not None:
            cache[key] = player
    return player.choose(view)


def compute_hint(view: PlayerView) -> dict:
    """A suggested play for ``view`` (``game.ai.hint``): ``{"type": "play", "board", "tiles"}``,
    or ``{"type": "draw"}`` when there is no legal play."""
    from ..ai import hint as hint_mod

    result = hint_mod.hint(view)
    if result is None:
        return {"type": "draw"}
    return {"type": "play", "board": result["board"], "tiles": [int(t) for t in result["tiles"]]}
