"""Views and computer answers as plain data, for the worker process that thinks off the render loop.

``view_to_dict``/``view_from_dict`` carry a ``PlayerView`` through a pipe; a computer player's
answer goes back as its action's JSON form (``game.rules.actions.to_json``; read back by
``engine.apply`` through ``actions.from_json``).  Pure Python: no pygame here.
"""

from __future__ import annotations

import copy
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
