"""The rush model (scoring, the 10 s penalty, skip, survival misses), the daily puzzle and the packs."""

from __future__ import annotations

import datetime as dt

import pytest

from game.puzzles import PuzzleError, Rush, daily, daily_grade, level_open, pack_grade, pack_open, pack_puzzle, pack_stars, stars
from game.puzzles.packs import PACKS, PER_PACK, quick_seconds
from game.puzzles.rush import PENALTY, Outcome, par_seconds, rush_grade
from game.rules.reasons import Reason


def _answer(run: Rush):
    return [list(s) for s in run.current.answer]


def test_a_solve_scores_base_time_bonus_and_combo_then_moves_on():
    run = Rush("rush-3min", 11)
    first = run.current
    assert first.grade == 1 and run.time_left == 180.0
    run.tick(5.0)
    got = run.done(_answer(run))
    par = par_seconds(1)
    assert got.solved and got.base == 100 and got.time_bonus == 10 * int(par - 5.0)
    assert got.multiplier == 1.0 and got.combo == 1 and got.streak == 1
    assert got.points == 100 + got.time_bonus and run.score == got.points
    assert run.current is not first and run.records[0].outcome is Outcome.SOLVED
    run.tick(2.0)
    second = run.done(_answer(run))
    assert second.combo == 2 and second.multiplier == 1.5
    assert second.points == (second.base + second.time_bonus) * 3 // 2
    run.tick(par_seconds(run.current.grade) + 1)  # a slow solve: no bonus, the combo is over
    slow = run.done(_answer(run))
    assert slow.solved and slow.time_bonus == 0 and slow.combo == 0 and slow.multiplier == 1.0 and slow.streak == 3
    assert run.score == got.points + second.points + slow.points
    assert run.time_left == pytest.approx(180.0 - 5 - 2 - par_seconds(run.records[2].grade) - 1)


def test_the_combo_multiplier_stops_at_three():
    run = Rush("rush-5min", 2)
    mults = []
    for _ in range(8):
        run.tick(1.0)
        mults.append(run.done(_answer(run)).multiplier)
    assert mults == [1.0, 1.5, 2.0, 2.5, 3.0, 3.0, 3.0, 3.0]


def test_a_wrong_done_costs_ten_seconds_and_keeps_the_puzzle():
    run = Rush("rush-3min", 5)
    run.tick(1.0)
    run.done(_answer(run))
    puzzle = run.current
    got = run.done([list(s) for s in puzzle.table])  # rack tiles left over
    assert not got.solved and got.penalty == PENALTY and Reason.PUZZLE_RACK_NOT_PLACED in [p.code for p in got.problems]
    assert run.time_left == pytest.approx(180.0 - 1.0 - PENALTY)
    assert run.current is puzzle and run.streak == 0 and run.combo == 0 and run.score > 0
    assert run.record.wrong == 1
    assert run.done(_answer(run)).solved and run.records[1].wrong == 1


def test_a_wrong_done_near_the_end_ends_the_run():
    run = Rush("rush-3min", 5)
    run.tick(175.0)
    got = run.done([])
    assert got.penalty == 5.0 and got.ended and run.over and run.time_left == 0
    assert run.record.outcome is Outcome.OUT_OF_TIME
    assert not run.done(_answer(run)).solved  # nothing more after the end


def test_the_clock_runs_out_through_tick():
    run = Rush("rush-3min", 8)
    assert not run.tick(179.0)
    for bad in (-5.0, float("nan"), float("inf"), 0.0, None, "3", True):
        assert not run.tick(bad)
    assert run.time_left == pytest.approx(1.0)
    assert run.tick(3.0) and run.over and run.elapsed == pytest.approx(180.0)
    assert run.summary().records[-1].outcome is Outcome.OUT_OF_TIME


def test_skip_moves_on_at_no_score():
    run = Rush("rush-3min", 4)
    run.tick(1.0)
    run.done(_answer(run))
    score, first = run.score, run.current
    run.skip()
    assert run.score == score and run.current is not first and run.streak == 0 and run.combo == 0
    assert run.records[1].outcome is Outcome.SKIPPED and run.records[1].points == 0


def test_survival_has_no_clock_and_three_misses_end_it():
    run = Rush("survival", 3)
    assert run.time_left is None and run.lives_left == 3
    assert not run.tick(10_000.0) and not run.over
    run.done(_answer(run))
    for k in range(3):
        before = run.current
        got = run.done([])
        assert got.miss and not got.solved and got.penalty == 0
        assert run.misses == k + 1
        assert got.ended == (k == 2)
        if k < 2:
            assert run.current is not before  # a miss moves on
    s = run.summary()
    assert run.over and s.solved == 1 and s.missed == 3 and s.score == run.score


def test_puzzles_get_harder_with_each_solve():
    run = Rush("survival", 21)
    grades = []
    for _ in range(14):
        grades.append(run.current.grade)
        run.done(_answer(run))
    assert grades == sorted(grades) and grades[0] == 1 and grades[-1] >= 9
    assert [rush_grade(n) for n in range(15)] == sorted(rush_grade(n) for n in range(15))
    run.skip()
    assert run.current.grade == rush_grade(14)  # a skip does not make the next one harder


def test_summary_lists_every_puzzle():
    run = Rush("rush-3min", 30)
    run.tick(3.0)
    run.done(_answer(run))
    run.tick(4.0)
    run.skip()
    run.tick(2.0)
    run.end()
    s = run.summary()
    assert [r.outcome for r in s.records] == [Outcome.SOLVED, Outcome.SKIPPED, Outcome.LEFT]
    assert [r.seconds for r in s.records] == [3.0, 4.0, 2.0]
    assert s.solved == 1 and s.skipped == 1 and s.seconds == 9.0
    data = s.to_json()
    assert data["records"][0]["grade"] == s.records[0].puzzle.grade and data["records"][2]["outcome"] == "left"


def test_runs_are_the_same_for_a_seed_and_bad_modes_are_refused():
    assert Rush("rush-3min", 9).current == Rush("rush-3min", 9).current
    assert Rush("rush-3min", 9).current != Rush("rush-3min", 10).current
    with pytest.raises(PuzzleError, match="unknown mode"):
        Rush("blitz", 1)
    with pytest.raises(PuzzleError):
        Rush("survival", "7")


def test_daily_is_the_same_for_a_date_and_differs_across_dates():
    day = dt.date(2026, 11, 27)
    assert daily(day) == daily(day)
    assert daily(dt.datetime(2026, 11, 27, 23, 59)) == daily(day)
    assert daily(day).id == "daily-2026-11-27"
    week = [daily(day + dt.timedelta(days=k)) for k in range(7)]
    assert len({str(p.to_json()["table"]) for p in week}) == 7
    assert [p.grade for p in week] == [daily_grade(day + dt.timedelta(days=k)) for k in range(7)]
    weekend = [daily_grade(day + dt.timedelta(days=k)) for k in range(60) if (day + dt.timedelta(days=k)).weekday() >= 5]
    weekday = [daily_grade(day + dt.timedelta(days=k)) for k in range(60) if (day + dt.timedelta(days=k)).weekday() < 5]
    assert min(weekend) > max(weekday)
    with pytest.raises(PuzzleError):
        daily("2026-11-27")


def test_packs_are_graded_and_fixed():
    assert [pack_grade(1, lv) for lv in range(1, PER_PACK + 1)][0] == 1
    assert pack_grade(PACKS, PER_PACK) == 10
    grades = [pack_grade(p, lv) for p in range(1, PACKS + 1) for lv in range(1, PER_PACK + 1)]
    assert grades == sorted(grades)
    p = pack_puzzle(3, 7)
    assert p == pack_puzzle(3, 7) and p.id == "pack-03-07" and p.grade == pack_grade(3, 7)
    assert pack_puzzle(3, 8) != p
    for bad in ((0, 1), (11, 1), (1, 13), (1, "2")):
        with pytest.raises(PuzzleError):
            pack_puzzle(*bad)


def test_stars_and_unlocking_in_order():
    assert stars(False, False, 1.0, 3) == 0
    assert stars(True, True, 999.0, 3) == 1
    assert stars(True, False, 999.0, 3) == 2
    assert stars(True, True, 1.0, 3) == 2
    assert stars(True, False, quick_seconds(3), 3) == 3
    progress: dict = {}
    assert level_open(progress, 1, 1) and not level_open(progress, 1, 2) and not pack_open(progress, 2)
    for lv in range(1, PER_PACK):
        progress[(1, lv)] = 1
    assert level_open(progress, 1, PER_PACK) and not pack_open(progress, 2)
    progress[(1, PER_PACK)] = 3
    assert pack_open(progress, 2) and level_open(progress, 2, 1) and not level_open(progress, 2, 2)
    assert not pack_open(progress, 3)
    assert pack_stars(progress, 1) == PER_PACK - 1 + 3


def test_a_hinted_puzzle_scores_nothing_and_ends_the_combo():
    run = Rush("rush-3min", 6)
    run.tick(1.0)
    first = run.done(_answer(run))
    run.hint()
    run.tick(1.0)
    got = run.done(_answer(run))
    assert got.solved and got.points == 0 and got.combo == 0 and got.streak == 2
    assert run.score == first.points and run.records[1].hinted and run.records[1].points == 0
    run.tick(1.0)
    assert run.done(_answer(run)).multiplier == 1.0  # the combo starts again


def test_the_rules_in_words_match_the_model():
    from game.puzzles.words import rules_text

    text = " ".join(body for _head, body in rules_text())
    assert f"costs {int(PENALTY)} seconds" in text and "3 or 5 minutes" in text and "3 misses" in text
    assert f"{PACKS} packs of {PER_PACK}" in text and "x3" in text
    assert f"{par_seconds(0):g} seconds plus" in text


def test_a_daily_puzzle_stays_the_same_across_versions():
    """Players on two machines (or two versions) must meet the same daily puzzle: a change to the
    generator that changes this one changes every day's puzzle, and must be made on purpose."""
    p = daily(dt.date(2026, 11, 27)).to_json()
    assert p["grade"] == 4
    assert p["table"] == [["O8", "J", "O10"], ["K5", "R5", "B5"]]
    assert p["rack"] == ["K6", "R6", "O5", "O9"]


def test_a_done_with_things_that_are_not_tiles_is_just_wrong():
    run = Rush("survival", 12)
    got = run.done([["R5", None, 3.5], [999, -1, 7], [True]])
    assert not got.solved and got.miss and all(p.code == Reason.PUZZLE_NOT_A_TILE for p in got.problems[:3])
