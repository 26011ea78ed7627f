"""What the worker computes for the play screen: a computer player's move and a hint for the person.

Both take a ``PlayerView`` (rebuilt from ``game.play.wire``) and return an ``Action``
(``game.rules.actions``; the pipe carries its ``to_json`` form).  Pure Python: no pygame here.
"""

from __future__ import annotations

from ..rules import actions as act
from ..rules.engine import PlayerView


def compute_ai_action(level: str, seed: int, view: PlayerView, cache: dict | None = None) -> act.Action:
    """Ask a computer player for its move (used by the worker and by ``run_ai_sync``): the
    level's player for the board of the view's rule set."""
    from ..ai import make_player

    key = (level, seed, view.variant.board_shape)
    player = cache.get(key) if cache is not None else None
    if player is None:
        player = make_player(level, seed, view.variant.board_shape)
        if cache is not None:
            cache[key] = player
    return player.choose(view)


def compute_hint(view: PlayerView) -> act.Play | act.Draw:
    """A suggested move for ``view`` (``game.ai.hint``): ``Play(board)`` (the tiles it lays are
    the board's tiles that were on the rack), or ``Draw()`` when there is no legal play."""
    from ..ai import hint as hint_mod

    result = hint_mod.hint(view)
    if result is None:
        return act.Draw()
    return act.Play(result["board"])
