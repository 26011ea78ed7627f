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
    """Suggested plays for ``view`` (``game.ai.hint.hints``): ``{"type": "play", "board", "tiles",
    "more"}`` (the smallest play, then the bigger ones in ``more``, the last placing the most
    tiles), or ``{"type": "draw"}`` when there is no legal play."""
    from ..ai import hint as hint_mod

    ladder = hint_mod.hints(view)
    if not ladder:
        return {"type": "draw"}
    return {"type": "play", "board": ladder[0]["board"], "tiles": [int(t) for t in ladder[0]["tiles"]],
            "more": [h["board"] for h in ladder[1:]]}
