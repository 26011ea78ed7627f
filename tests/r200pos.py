"""Hand-built Rummi200kub positions shared by the test_variant_r200_*.py files: a position
builder, a game around it, claims by cells, scores near 200 and the joker position."""

from __future__ import annotations

from game.rules import engine
from game.rules.board import Board
from game.rules.state import GameState
from game.rules.tiles import ALL_TILE_IDS, parse_tiles
from game.rules.turn import TurnStart, analyse
from game.rules.variants import find_variant

KEY = "rummi200kub"


class Pos:
    """Builds a legal game position tile by tile: ``at(r, c, "K8 R8 B8")`` lays tiles across,
    ``down(r, c, ...)`` lays them downwards; racks get the other copies of repeated faces."""

    def __init__(self) -> None:
        self.board = Board()
        self.used: list[int] = []

    def _take(self, text: str) -> list[int]:
        tiles = [int(t) for t in parse_tiles(text, self.used)]
        self.used += tiles
        return tiles

    def at(self, r: int, c: int, text: str) -> "Pos":
        for i, t in enumerate(self._take(text)):
            self.board.place((r, c + i), t)
        return self

    def down(self, r: int, c: int, text: str) -> "Pos":
        for i, t in enumerate(self._take(text)):
            self.board.place((r + i, c), t)
        return self

    def tiles(self, text: str) -> list[int]:
        return self._take(text)

    def cell(self, r: int, c: int) -> int:
        return self.board.cells[(r, c)]


def make_state(pos: Pos, racks: list[list[int]], melded=None, seed: int = 5, options: dict | None = None, current: int = 0) -> GameState:
    """A game whose board and racks are set by hand; the pool holds every other tile."""
    n = len(racks)
    state = engine.new_game(KEY, [(f"P{i}", "human") for i in range(n)], seed=seed, options=options)
    state.board = pos.board.copy()
    for p, rack in zip(state.players, racks):
        p.rack = list(rack)
        p.melded = True
    if melded is not None:
        for p, m in zip(state.players, melded):
            p.melded = m
    taken = set(state.board.tiles()) | {t for r in racks for t in r}
    state.pool = [t for t in ALL_TILE_IDS if t not in taken]
    state.current = current
    assert not state.conservation_problems()
    return state


def messages(result) -> list:
    """A refusal's reason codes."""
    return [p.code for p in result.problems]


def variant(**options):
    return find_variant(KEY)(options)


def claim(state, *cells, kind="claim"):
    return engine.apply(state, {"type": kind, "cells": [list(c) for c in cells]})


def cells_of(r, c, n, vertical=False):
    return [(r + i, c) if vertical else (r, c + i) for i in range(n)]


def check(pos: Pos, rack: list[int], board: Board, melded=True, extra=None):
    start = TurnStart(pos.board.copy(), rack, melded, None, extra or {"claims": []})
    return analyse(variant(), start, board).problems


def claim_position(n_players=3, **options):
    pos = Pos().at(0, 0, "K8 R8 B8").down(-2, 2, "B6 B7").at(-2, 3, "K6 R6")
    racks = [pos.tiles("O1"), pos.tiles("O2"), pos.tiles("O3"), pos.tiles("O4")][:n_players]
    return pos, make_state(pos, racks, options=options or None)


def conserve(state):
    on = set(state.board.tiles()) | {t for p in state.players for t in p.rack}
    state.pool = [t for t in ALL_TILE_IDS if t not in on]
    assert not state.conservation_problems()


def hold(state, seat, points, cells):
    """Scaffolding for scores near 200: ``seat`` holds the set on ``cells``, recorded as worth
    ``points`` (as if it stood for the sets they claimed earlier)."""
    tiles = [state.board.cells[tuple(c)] for c in cells]
    vertical = cells[0][1] == cells[1][1]
    state.extra["claims"].append({"cells": [list(c) for c in cells], "vertical": vertical, "tiles": tiles, "value": points,
                                  "layers": [{"seat": seat, "side": "blank"}], "locked": False, "lock_seat": None})
    state.players[seat].score += points


def big_position():
    """K8 R8 B8 across (24), B6 B7 B8 down (21), B6 K6 R6 across (18), K8 K9 K10 down (27)."""
    return Pos().at(0, 0, "K8 R8 B8").down(-2, 2, "B6 B7").at(-2, 3, "K6 R6").down(1, 0, "K9 K10")


K_RUN = cells_of(0, 0, 3, vertical=True)


def joker_position():
    pos = Pos().at(0, 0, "K8 J B8").down(-2, 2, "B6 B7")
    return pos
