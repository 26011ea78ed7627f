"""The schema-1 writer, as the first release had it.

The game never writes schema 1 any more; this module exists so that
``tools/make_example_saves.py`` and the tests can produce schema-1 files from
real games and check that upgrading them (``format.migrate``) restores the game.
See docs/saves.md for the layout.
"""

from __future__ import annotations

import copy
from datetime import datetime

from ...rules.state import HUMAN, GameState
from ...rules.tiles import format_tiles
from .format import FORMAT


def to_schema1(state: GameState, timer_remaining: float | None = None, saved: datetime | None = None) -> dict:
    """A schema-1 save of ``state``.  Tiles are written in notation, so which copy of a
    face is which is not kept (copies are interchangeable in play); nor are the
    fields schema 1 did not have (events, last-drawn marks, the opening draw)."""
    horizontal = state.board.lines(vertical=False)
    version, internal, _gauss = state.rng.getstate()
    assert version == 3
    return {
        "format": FORMAT,
        "schema": 1,
        "saved": (saved or datetime.now()).strftime("%Y-%m-%d %H:%M:%S"),
        "rules": {"variant": state.variant_key, "options": copy.deepcopy(state.options)},
        "seats": [
            {
                "name": p.name,
                "computer": None if p.kind == HUMAN else p.kind,
                "rack": format_tiles(p.rack),
                "melded": p.melded,
                "score": p.score,
                "rounds_won": p.rounds_won,
            }
            for p in state.players
        ],
        "table": [{"row": ln.start[0], "col": ln.start[1], "tiles": format_tiles(ln.tiles)} for ln in horizontal],
        "pool": format_tiles(reversed(state.pool)),  # next tile to draw first
        "turn": {
            "round": state.round,
            "seat": state.current,
            "first": state.dealer_first,
            "number": state.turn,
            "total": state.total_turns,
            "passes": state.passes,
            "phase": state.phase,
        },
        "random": {"seed": state.seed, "state": list(internal)},
        "history": copy.deepcopy(state.history),
        "extra": copy.deepcopy(state.extra),
        "timer_remaining": timer_remaining,
    }
