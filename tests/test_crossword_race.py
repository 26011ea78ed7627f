"""Rummi200kub: the hard crossword player's race to exactly 200 (``game/ai/crossword_race.py``),
on hand-built positions where it must choose a given claim, lock, hijack, play, or decline, and
where the frozen ``hard-v1`` chooses otherwise."""

from __future__ import annotations

import random

from game.ai import crossword
from game.rules import claims as cl
from game.rules import engine
from game.rules import actions as act

from r200pos import K_RUN, Pos, big_position, cells_of, hold, make_state


def record(state, cells, value, seats):
    """Scaffolding: a claim record on ``cells`` worth ``value``, claimed by ``seats`` in turn (two
    seats: hijacked; three: locked by the last)."""
    cells = [list(c) for c in cells]
    locked = len(seats) == cl.MAX_LAYERS
    state.extra["claims"].append({
        "cells": cells,
        "vertical": cells[0][1] == cells[1][1],
        "tiles": [state.board.cells[tuple(c)] for c in cells],
        "value": value,
        "layers": [{"seat": s, "side": cl.SIDE_TWO if i == 1 else cl.SIDE_BLANK} for i, s in enumerate(seats)],
        "locked": locked,
        "lock_seat": seats[-1] if locked else None,
    })
    state.players[seats[-1]].score += value


def choose(state, level="hard"):
    return crossword.choose(engine.view(state, state.current), level, random.Random(0))


def finishes(state, seat):
    return crossword._threats(cl.Position.from_state(state), state.variant.claim_rules(), seat)


def added(state, action):
    assert isinstance(action, act.Play)
    return sorted(set(action.board.cells.items()) - set(state.board.cells.items()))


def test_hard_never_hijacks_a_set_its_holder_locks_straight_back():
    pos = Pos().at(0, 0, "K13 R13 B13")
    state = make_state(pos, [pos.tiles("O1 K5"), pos.tiles("O2 K4")])
    hold(state, 1, 39, cells_of(0, 0, 3))
    # The holder has lock tokens: the third claim would take the set back and our 3 tokens with it.
    assert act.to_json(choose(state, "hard-v1")) == {"type": "hijack", "cells": [[0, 0], [0, 1], [0, 2]]}
    assert choose(state) == act.Draw()
    # Without a lock token left the holder cannot: now the hijack keeps its points.
    state.players[1].extra["locks"] = 0
    assert act.to_json(choose(state)) == {"type": "hijack", "cells": [[0, 0], [0, 1], [0, 2]]}


def test_hard_denies_a_finish_whatever_the_denial_costs():
    pos = big_position()
    state = make_state(pos, [pos.tiles("O2 R12"), pos.tiles("O1 K1")])
    record(state, K_RUN, 27, [0, 1])  # we claimed the black run, seat 1 hijacked it
    record(state, cells_of(-2, 2, 3, vertical=True), 149, [1, 0, 1])
    record(state, cells_of(-2, 2, 3), 63, [0, 1, 0])
    state.players[0].extra["tokens"] = 4
    # Seat 1 holds 176: the open 24-point group (K8 R8 B8) gives it exactly 200 next turn.  Claiming
    # the group does not stop that (it would hijack it); locking the black run takes 27 off it, with
    # our last tokens but one.  hard-v1 finds that too dear and draws.
    assert state.players[1].score == 176 and finishes(state, 1) == 1
    assert choose(state, "hard-v1") == act.Draw()
    action = choose(state)
    assert act.to_json(action) == {"type": "hijack", "cells": [list(c) for c in K_RUN]}
    assert engine.apply(state, action).ok
    assert state.extra["claims"][0]["locked"] and state.players[1].score == 149
    assert finishes(state, 1) == 0


def test_hard_spoils_a_finish_with_a_tile_instead_of_tokens():
    pos = big_position()
    o8, r12 = pos.tiles("O8 R12")
    state = make_state(pos, [[o8, r12], pos.tiles("O1 K1")])
    hold(state, 1, 176, K_RUN)
    assert finishes(state, 1) == 1  # the open 24-point group
    assert act.to_json(choose(state, "hard-v1"))["type"] == "hijack"  # tokens spent; the holder can lock it back
    action = choose(state)
    assert [t for _cell, t in added(state, action)] == [o8]
    assert engine.play(state, action.board).ok
    assert finishes(state, 1) == 0  # the group is now worth 32
    assert state.players[0].extra["tokens"] == 45


def test_hard_lays_a_set_worth_exactly_what_it_still_needs():
    pos = big_position()
    state = make_state(pos, [pos.tiles("R10 B10 O10"), pos.tiles("O1 K1")])
    hold(state, 0, 170, cells_of(-2, 2, 3))
    hold(state, 1, 100, cells_of(-2, 2, 3, vertical=True))
    # The most tiles is the group of four tens (40); three tens make exactly the 30 we need.
    assert len(added(state, choose(state, "hard-v1"))) == 3
    action = choose(state)
    assert len(added(state, action)) == 2
    assert engine.play(state, action.board).ok
    assert finishes(state, 0) == 1 and finishes(state, 1) == 0
