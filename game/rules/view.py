"""What one seat may see: its own rack, never another's, never the pool order."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cached_property

from .board import Board
from .state import GameState
from .registry import find_variant


@dataclass(frozen=True)
class PlayerView:
    """The position as seen from one seat: its own rack, never another's, never the pool order."""

    seat: int
    variant_key: str
    options: dict
    rack: tuple[int, ...]
    board: Board
    melded: tuple[bool, ...]
    rack_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    pool_size: int
    current: int
    round: int
    turn: int
    extra: dict
    player_extra: tuple[dict, ...]
    history: tuple[dict, ...]

    @cached_property
    def variant(self):
        return find_variant(self.variant_key)(self.options)

    @property
    def me_melded(self) -> bool:
        return self.melded[self.seat]


def view(state: GameState, seat: int) -> PlayerView:
    return PlayerView(
        seat=seat,
        variant_key=state.variant_key,
        options=dict(state.options),
        rack=tuple(state.players[seat].rack),
        board=state.board.copy(),
        melded=tuple(p.melded for p in state.players),
        rack_sizes=tuple(len(p.rack) for p in state.players),
        scores=tuple(p.score for p in state.players),
        pool_size=len(state.pool),
        current=state.current,
        round=state.round,
        turn=state.turn,
        extra=copy.deepcopy(state.extra),
        player_extra=tuple(copy.deepcopy(p.extra) for p in state.players),
        history=tuple(copy.deepcopy(state.history)),
    )

