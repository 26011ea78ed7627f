"""What the worker computes for the play screen: a computer player's move and a hint for the person.

Both take a ``PlayerView`` (rebuilt from ``game.play.wire``): a move comes back as an ``Action``
(``game.rules.actions``), a hint as a ``Hint``; the pipe carries their ``to_json`` forms.  Pure Python: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import actions as act
from ..rules.board import Board
from ..rules.engine import PlayerView


def compute_ai_action(level: str, seed: int, view: PlayerView, cache: dict | None = None) -> act.Action:
    """Ask a computer player for its move (used by the worker and by ``ComputerTurns.run_sync``): the
    level's player for the board of the view's rule set."""
    from ..ai import make_player

    key = (level, seed, view.variant.board_shape)
    player = cache.get(key) if cache is not None else None
    if player is None:
        player = make_player(level, seed, view.variant.board_shape)
        if cache is not None:
            cache[key] = player
    return player.choose(view)


@dataclass(frozen=True)
class Hint:
    """The hint's answer: ``play``, the smallest play (``Play(board)``: the tiles it lays are the
    board's tiles that were on the rack) or ``Draw()`` when there is no legal play; ``more``, the
    boards of the bigger plays, one a step, the last placing the most tiles."""

    play: act.Play | act.Draw
    more: tuple[Board, ...] = ()

    def to_json(self) -> dict:
        return {"play": act.to_json(self.play), "more": [b.to_list() for b in self.more]}

    @classmethod
    def from_json(cls, data: Any) -> "Hint":
        """The worker's answer read back; raises ``ActionError`` or ``ValueError`` with a reason."""
        if not isinstance(data, dict) or not isinstance(data.get("more", []), list):
            raise act.ActionError("a hint must be a JSON object with a play and a list of bigger plays")
        play = act.from_json(data.get("play"))
        if not isinstance(play, (act.Play, act.Draw)):
            raise act.ActionError("a hint is a play or a draw")
        return cls(play, tuple(Board.from_list(b) for b in data.get("more", [])))


def compute_hint(view: PlayerView) -> Hint:
    """Suggested plays for ``view`` (``game.ai.hint.hints``): the smallest play first, then the
    bigger ones, the last placing the most tiles; ``Hint(Draw())`` when there is no legal play."""
    from ..ai import hint as hint_mod

    ladder = hint_mod.hints(view)
    if not ladder:
        return Hint(act.Draw())
    return Hint(act.Play(ladder[0]["board"]), tuple(h["board"] for h in ladder[1:]))
