"""Views and computer answers as plain data, for the worker process that thinks off the render loop.

``view_to_dict``/``view_from_dict`` carry a ``PlayerView`` through a pipe; ``action_to_wire``/
``action_from_wire`` do the same for a computer player's answer (its ``Board`` values become lists).
Pure Python: no pygame here.
"""

from __future__ import annotations

import copy
from typing import Any

from ..rules.board import Board
from ..rules.engine import PlayerView


def view_to_dict(view: PlayerView) -> dict:
    return {
        "seat": view.seat,
        "variant_key": view.variant_key,
        "options": copy.deepcopy(view.options),
        "rack": list(view.rack),
        "board": view.board.to_list(),
        "melded": list(view.melded),
        "rack_sizes": list(view.rack_sizes),
        "scores": list(view.scores),
        "pool_size": view.pool_size,
        "current": view.current,
        "round": view.round,
        "turn": view.turn,
        "extra": copy.deepcopy(view.extra),
        "player_extra": [copy.deepcopy(e) for e in view.player_extra],
        "history": [copy.deepcopy(h) for h in view.history],
    }


def view_from_dict(d: dict) -> PlayerView:
    return PlayerView(
        seat=int(d["seat"]),
        variant_key=str(d["variant_key"]),
        options=dict(d["options"]),
        rack=tuple(int(t) for t in d["rack"]),
        board=Board.from_list(d["board"]),
        melded=tuple(bool(m) for m in d["melded"]),
        rack_sizes=tuple(int(n) for n in d["rack_sizes"]),
        scores=tuple(int(s) for s in d["scores"]),
        pool_size=int(d["pool_size"]),
        current=int(d["current"]),
        round=int(d["round"]),
        turn=int(d["turn"]),
        extra=dict(d["extra"]),
        player_extra=tuple(dict(e) for e in d["player_extra"]),
        history=tuple(dict(h) for h in d["history"]),
    )


def action_to_wire(action: Any) -> Any:
    """An AI action with its ``Board`` values turned into lists (for a pipe)."""
    if not isinstance(action, dict):
        return action
    out = {}
    for k, v in action.items():
        if isinstance(v, list) and v and all(isinstance(b, Board) for b in v):
            v = [{"__board__": b.to_list()} for b in v]  # several boards (a hint's bigger plays)
        out[k] = {"__board__": v.to_list()} if isinstance(v, Board) else v
    return out


def _board_from_wire(v: Any) -> Any:
    if isinstance(v, dict) and set(v) == {"__board__"}:
        try:
            return Board.from_list(v["__board__"])
        except (TypeError, ValueError):
            return None
    return v


def action_from_wire(action: Any) -> Any:
    if not isinstance(action, dict):
        return action
    out = {}
    for k, v in action.items():
        if isinstance(v, list) and v and all(isinstance(b, dict) and set(b) == {"__board__"} for b in v):
            v = [b for b in map(_board_from_wire, v) if b is not None]
        out[k] = _board_from_wire(v)
    return out
