"""A rigged Rummi200kub game for the screen tests and screenshots: a busy crossword board
with claims, a hijack and a lock, reached through the rules core's own claim actions.

The board (52 tiles, the first copy of every numbered tile)::

    row 0:          the run K1 .. K13 (columns 0..12)
    odd numbers:    R n, B n, O n above K n (rows -3..-1): a group of four read downwards
    even numbers:   B n, R n, O n below K n (rows 1..3); the 8s only R8, O8 (K8 R8 O8 = 24)

Claims (seats: 0 You, 1 Mia, 2 Otto, 3 Lena): Otto the run (91); Mia the 13s, 12s, 10s and
9s (176); You the 8s (24); the 11s claimed by You and hijacked by Lena (the "2" side); the
7s claimed by You, hijacked by Otto and locked by Lena.  Scores: You 24, Mia 176, Otto 91,
Lena 72.  Mia can hijack the 8s from You for exactly 200.
"""

from __future__ import annotations

from game.rules import engine
from game.rules.board import Board
from game.rules.tiles import parse_tiles
from game.play.session import Session

NAMES = ("You", "Mia", "Otto", "Lena")


def tile(text: str) -> int:
    return int(parse_tiles(text)[0])


def comb_cells() -> dict[tuple[int, int], int]:
    cells: dict[tuple[int, int], int] = {}
    for n in range(1, 14):
        c = n - 1
        cells[(0, c)] = tile(f"K{n}")
        if n % 2:
            for r, col in zip((-3, -2, -1), "RBO"):
                cells[(r, c)] = tile(f"{col}{n}")
        elif n == 8:
            cells[(1, c)] = tile("R8")
            cells[(2, c)] = tile("O8")
        else:
            for r, col in zip((1, 2, 3), "BRO"):
                cells[(r, c)] = tile(f"{col}{n}")
    return cells


def group_cells(n: int) -> list[list[int]]:
    c = n - 1
    if n % 2:
        return [[-3, c], [-2, c], [-1, c], [0, c]]
    rows = (0, 1, 2) if n == 8 else (0, 1, 2, 3)
    return [[r, c] for r in rows]


RUN = [[0, c] for c in range(13)]

CLAIMS = [  # (seat, cells) in the order they are made
    (2, RUN),
    (1, group_cells(13)), (1, group_cells(12)), (1, group_cells(10)), (1, group_cells(9)),
    (0, group_cells(8)),
    (0, group_cells(11)), (3, group_cells(11)),
    (0, group_cells(7)), (2, group_cells(7)), (3, group_cells(7)),
]


def rigged_state(levels=("basic", "basic", "basic"), seed: int = 5, rack: int = 10, claims=CLAIMS, current: int = 0):
    """The board above with ``claims`` made; every rack ``rack`` tiles; ``current`` to move."""
    seats = [(NAMES[0], "human")] + [(NAMES[i + 1], lv) for i, lv in enumerate(levels)]
    state = engine.new_game("rummi200kub", seats, seed=seed)
    cells = comb_cells()
    wanted = set(cells.values())
    for p in state.players:
        p.rack = [t for t in p.rack if t not in wanted]
    state.pool = [t for t in state.pool if t not in wanted]
    for p in state.players:
        while len(p.rack) > rack:
            state.pool.insert(0, p.rack.pop())
        while len(p.rack) < rack and state.pool:
            p.rack.append(state.pool.pop())
        p.melded = True
    state.board = Board(dict(cells))
    assert not state.conservation_problems()
    for seat, cl in claims:
        state.current = seat
        res = engine.apply(state, {"type": "claim", "cells": cl})
        assert res.ok, (seat, cl, res.codes)
    state.history = []
    state.current = current
    state.drawn = None
    assert state.phase == "play"
    return state


def rigged_session(**kw) -> Session:
    return Session(rigged_state(**kw), autosave=False)
