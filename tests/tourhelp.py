"""Helpers for the tournament screen tests (and tools/tournament_screens.py): rig the
human's rack so that a game ends at once, seeded and without waiting for long games."""

from __future__ import annotations

import time

from uihelp import set_rack

from game.rules import actions as act
from game.rules import engine
from game.rules.tiles import COLORS, copies, face_of
from game.tournament import Tournament
from game.ui.scenes.tournament import parts


class DrawingPlayer:
    """Draws every turn (a quick stand-in for the simulated tables' computer players)."""

    def __init__(self, pause: float = 0.0) -> None:
        self.pause = pause

    def choose(self, view) -> act.Draw:
        if self.pause:
            time.sleep(self.pause)
        return act.Draw()


def use_drawing_players(monkeypatch) -> None:
    """The simulated tables draw every turn, one simulated turn a frame (the least the frame
    does), whatever the machine's speed."""
    monkeypatch.setattr(Tournament, "computer_player", lambda self, ref, seat, state: DrawingPlayer())
    monkeypatch.setattr(parts, "SIM_BUDGET", 0.0)


def two_runs(state, avoid=()) -> list[list[int]]:
    """Two runs of three (worth 30 or more together) made of tiles not on the table
    (nor in ``avoid``)."""
    on_table = set(state.board.tiles()) | {int(t) for t in avoid}
    runs: list[list[int]] = []
    used: set[int] = set()
    for start in range(11, 0, -1):
        for colour in COLORS:
            run = []
            for n in range(start, start + 3):
                pick = next((t for t in copies(face_of(colour, n)) if t not in on_table and t not in used), None)
                if pick is None:
                    break
                run.append(pick)
            if len(run) == 3:
                runs.append(run)
                used.update(run)
                if len(runs) == 2:
                    return runs
    raise AssertionError("no two runs left outside the table")


def rig_going_out(session) -> list[list[int]]:
    """At the start of the human's turn: their rack becomes exactly two runs, which are put
    on the table (the draft); ending the turn then plays them and goes out."""
    state = session.state
    assert session.my_turn, "rig at the start of the human's turn"
    runs = two_runs(state)
    set_rack(state, session.viewer, [t for run in runs for t in run])
    session.rack.sync(session.my_rack(), initial=True)
    session.begin_turn(session.timer_left)
    row = max([r for r, _ in session.table().cells] + [-1]) + 2
    for k, run in enumerate(runs):
        res = session.move(run, "table", (row, k * 5))
        assert res.ok, res.codes
    return runs


def go_out_now(state) -> None:
    """The player to move plays two runs from a rack rigged to hold just those: out."""
    runs = two_runs(state)
    set_rack(state, state.current, [t for run in runs for t in run])
    board = state.board.copy()
    row = max([r for r, _ in board.cells] + [-1]) + 2
    for k, run in enumerate(runs):
        for i, t in enumerate(run):
            board.cells[(row, k * 5 + i)] = t
    result = engine.play(state, board)
    assert result.ok, result.problems


def lose_table_offscreen(run) -> None:
    """The human's table played without the screen: the human draws every turn and the
    first computer player to move goes out, game after game.  The human is out."""
    t = run.t
    ref = t.human_table()
    state = t.start_table(ref)
    human = [p.kind for p in state.players].index("human")
    while state.phase != "game_over":
        if state.phase == "round_over":
            engine.next_round(state)
        elif state.current == human:
            assert engine.draw(state).ok
        else:
            go_out_now(state)
    t.record_result(ref, state)
    assert t.human_status() == "out"
