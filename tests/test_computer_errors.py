"""A computer player's exception is a bug, never a move: the game a person plays goes on (the
turn is a draw and errors.log says what happened), while the simulator counts it in
``ai_errors`` and fails, and the test suite fails on any (``conftest._computer_errors_fail``)."""

from __future__ import annotations

import json
import logging

import pytest

from game.ai import players
from game.cli import demo, sim
from game.play.computer import computer_turn, play_out, seat_player
from game.rules import actions as act
from game.rules import engine
from game.storage import persistence
from game.ui import errorlog
from game.ui.worker import AIWorker

from uihelp import human_session

pytestmark = [pytest.mark.computer_errors, pytest.mark.logged_errors]  # the game logs what the broken player raised


@pytest.fixture
def broken_hard(monkeypatch):
    """Hard's planner raises, as in the review that found these errors silent."""

    def plan(self, turn):
        raise RuntimeError("the planner is broken")

    monkeypatch.setattr(players.HardPlayer, "plan", plan)
    monkeypatch.setattr(players.HardPlayer, "plan_initial", plan)


def test_a_raising_player_draws_and_the_turn_says_what_it_raised(broken_hard, caplog):
    state = engine.new_game("classic", [("A", "hard"), ("B", "basic")], seed=4)
    pool = len(state.pool)
    turn = computer_turn(state, seat_player(state))
    assert turn.result.ok and not turn.illegal and state.current == 1 and len(state.pool) == pool - 1
    assert turn.error == "RuntimeError: the planner is broken"
    assert [r.name for r in caplog.records] == ["game.ai"] and caplog.records[0].exc_info is not None


def test_the_simulator_counts_ai_errors_and_exits_non_zero(broken_hard, capsys):
    assert sim.main(["--players", "hard,basic", "--games", "1", "--seed", "3", "--json"]) == 1
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert summary["ai_errors"] > 0 and summary["illegal_moves"] == 0
    assert summary["ai_error_kinds"] == {"RuntimeError: the planner is broken": summary["ai_errors"]}
    assert "raised an exception" in err


def test_a_clean_simulation_reports_zero_ai_errors_and_exits_0(capsys):
    assert sim.main(["--players", "basic,basic", "--games", "1", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ai_errors"] == 0


def test_the_demo_counts_them_and_its_command_fails(broken_hard, capsys):
    report = demo.run_demo(turns=6, save=False, variant="classic", players=["hard", "basic"], seed=2)
    assert len(report.ai_errors) >= 3 and report.turns == 6
    assert demo.main(["--turns", "4", "--variant", "classic", "--players", "hard,basic", "--no-save", "--seed", "2"]) == 1


def test_play_out_goes_on_to_the_end_of_the_game(broken_hard):
    state = engine.new_game("classic", [("A", "hard"), ("B", "greedy-max")], seed=5, options={"rounds": 1})
    errors = [step.turn.error for step in play_out(state) if step.turn is not None and step.turn.error]
    assert state.phase == "game_over" and errors


def test_a_person_s_game_goes_on_and_errors_log_says_why(broken_hard):
    errorlog.log_game_errors()  # as the app does when it starts
    try:
        s = human_session("R1 K5", opponents=("hard",))
        s.draw()
        assert s.computer_to_move
        worker = AIWorker("sync")
        token, level, seed, view_d = s.computer.request()
        worker.submit(token, level, seed, view_d)
        (got_token, answer, err), = worker.poll()
        assert got_token == token and act.from_json(answer) == act.Draw() and "the planner is broken" in err
        assert s.computer.apply(token, answer).ok and not s.computer_to_move  # the game goes on
        assert s.computer.run_sync() is None  # the person's turn again
        log = (persistence.data_dir() / "errors.log").read_text()
        assert "the planner is broken" in log
    finally:
        for h in list(logging.getLogger("game").handlers):
            if isinstance(h, errorlog.ErrorLogHandler):
                logging.getLogger("game").removeHandler(h)


def test_the_synchronous_session_path_survives_too(broken_hard, caplog):
    s = human_session("R1 K5", opponents=("hard",))
    s.draw()
    assert s.computer.run_sync().ok and not s.computer_to_move
    assert any("the planner is broken" in r.getMessage() or r.exc_info for r in caplog.records)




@pytest.mark.slow
def test_the_tournament_simulator_reports_ai_errors_too(broken_hard, capsys):
    assert sim.main(["--tournament", "8", "--players", "hard", "--stage-games", "1,1,1", "--json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["ai_errors"] > 0 and "raised an exception" in err
