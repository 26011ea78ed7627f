"""Helpers for the tournament screen tests (and tools/tournament_screens.py): rig the
human's rack so that a game ends at once, seeded and without waiting for long games."""

from __future__ import annotations

from uihelp import set_rack


def two_runs(state) -> list[list[int]]:
    """Two runs of three (worth 30 or more together) made of tiles not on the table."""
    on_table = set(state.board.tiles())
    runs: list[list[int]] = []
    used: set[int] = set()
    for start in range(11, 0, -1):
        for colour in range(4):
            run = []
            for n in range(start, start + 3):
                face = colour * 13 + n - 1
                pick = next((t for t in (face * 2, face * 2 + 1) if t not in on_table and t not in used), None)
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
    session._sync_rack(initial=True)
    session._begin_turn(session.timer_left)
    row = max([r for r, _ in session.table().cells] + [-1]) + 2
    for k, run in enumerate(runs):
        res = session.move(run, "table", (row, k * 5))
        assert res.ok, res.message
    return runs
