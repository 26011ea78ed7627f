"""The Tile Rush screens driven headless: a puzzle solved by moves on the real play screen scores,
a wrong Done costs 10 seconds, Skip moves on, survival ends at the third miss, Show answer
reaches the answer, Esc leaves cleanly, and bad input never crashes."""

from __future__ import annotations

import random

import pygame
import pytest

from game.play import puzzle_runs
from game.play.puzzle_run import SingleRun
from game.puzzles import generate
from game.puzzles.rush import PENALTY
from game.ui.scenes.rush.menu import start_run
from game.ui.scenes.rush.puzzle import NEXT_AFTER, AnswerScene, PuzzleScene
from rushhelp import lines_of, same_sets, solve_by_dragging
from uidrive import DT, click, drag, key, motion, run_until, settle, step


def start(app, run) -> PuzzleScene:
    start_run(app, run)
    scene = app.top
    assert isinstance(scene, PuzzleScene)
    settle(app, scene)
    return scene


def easy_rush(seed: int = 11):
    run = puzzle_runs.rush_run("rush-3min", None, seed=seed)
    assert run.puzzle.grade == 1
    return run


def test_solving_a_puzzle_by_moves_scores_it_and_the_next_comes(app):
    run = easy_rush()
    scene = start(app, run)
    solve_by_dragging(app, scene)
    assert scene.session.placed_all(), lines_of(scene)
    assert scene.end_button(True)[0] == "Done"
    key(app, pygame.K_SPACE)
    assert run.score > 0 and run.rush.solved == 1
    assert scene.last is not None and scene.last.solved and scene.last.points == run.score
    assert scene.banner is not None and "+" in scene.banner[1]
    run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)
    nxt = app.top
    assert isinstance(nxt, PuzzleScene) and nxt.puzzle is run.puzzle and run.number == 2


def test_a_wrong_done_costs_ten_seconds_and_the_puzzle_stays(app):
    run = easy_rush()
    scene = start(app, run)
    before = run.clock()[0]
    key(app, pygame.K_SPACE)  # nothing placed
    after = run.clock()[0]
    assert before - after == pytest.approx(PENALTY, abs=2 * DT)
    assert scene.last is not None and not scene.last.solved and scene.last.penalty == PENALTY
    assert any("10 seconds" in t.text for t in scene.toasts)
    step(app, n=int((NEXT_AFTER + 0.5) / DT))
    assert app.top is scene and run.puzzle is scene.puzzle and run.score == 0


def test_skip_moves_on_at_no_score(app):
    run = easy_rush()
    scene = start(app, run)
    key(app, pygame.K_k)
    assert app.top is not scene and isinstance(app.top, PuzzleScene)
    assert run.number == 2 and run.score == 0
    assert [r.result for r in run.rows()][0] == "skipped"
    # the Skip button does the same
    nxt = app.top
    settle(app, nxt)
    click(app, nxt.layout().buttons["skip"].center)
    assert run.number == 3


def test_survival_ends_after_three_misses_with_the_summary(app):
    run = puzzle_runs.rush_run("survival", None, seed=4)
    assert run.clock() is None and run.misses_allowed == 3
    for miss in range(1, 4):
        scene = app.top if miss > 1 else start(app, run)
        settle(app, scene)
        key(app, pygame.K_SPACE)
        assert run.misses == miss
        run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)
    assert run.over
    summary = app.top
    assert summary.name == "rush_summary"
    assert [r.result for r in summary.rows] == ["missed"] * 3
    assert "survival over" in summary.title_text().lower()


def test_show_answer_plays_the_answer_and_reaches_it(app):
    run = puzzle_runs.rush_run("rush-3min", None, seed=2)
    scene = start(app, run)
    key(app, pygame.K_ESCAPE)  # asks first
    assert app.top.name == "dialog"
    dialog = app.top
    dialog.group.widgets[0].activate()  # End here
    step(app)
    summary = app.top
    assert summary.name == "rush_summary" and len(summary.rows) == 1
    summary.answer_buttons[0].activate()
    answer = app.top
    assert isinstance(answer, AnswerScene)
    hint = answer.turnshow.hint
    assert hint.active and hint.steps
    for _ in range(len(hint.steps) - 1):  # Next through every step
        key(app, pygame.K_h)
    assert hint.idx == len(hint.steps) - 1
    key(app, pygame.K_h, pygame.KMOD_SHIFT)  # Apply
    settle(app, answer)
    assert same_sets(lines_of(answer), answer.puzzle.answer)
    assert answer.session.placed_all()
    key(app, pygame.K_ESCAPE)
    assert app.top is summary


def test_esc_leaves_cleanly_back_to_the_menu_and_the_title(app):
    app.open("rush_menu")
    step(app)
    menu = app.top
    assert menu.name == "rush_menu"
    menu.mode_buttons[0].activate()
    scene = app.top
    settle(app, scene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Esc on the question keeps playing
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    app.top.group.widgets[0].activate()  # End here
    step(app)
    assert app.top.name == "rush_summary"
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"
    assert app.crashes == 0


def test_the_clock_ends_the_rush_with_the_summary(app):
    run = easy_rush()
    scene = start(app, run)
    run.tick(run.clock()[0] - 0.05)
    run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)
    assert app.top.name == "rush_summary"
    assert app.top.title_text() == "Time!"
    assert [r.result for r in app.top.rows] == ["out of time"]


def test_hint_shows_the_answer_and_a_solve_after_it_scores_nothing(app):
    run = easy_rush()
    scene = start(app, run)
    key(app, pygame.K_h)
    assert scene.turnshow.hint.active
    key(app, pygame.K_h, pygame.KMOD_SHIFT)
    settle(app, scene)
    assert scene.session.placed_all()
    key(app, pygame.K_SPACE)
    assert run.rush.solved == 1 and run.score == 0
    assert run.rows()[0].hint and run.rows()[0].points == 0


def test_a_single_puzzle_times_itself_and_ends_on_its_summary(app):
    run = SingleRun(generate(5, 1), "daily", "Daily puzzle")
    scene = start(app, run)
    step(app, n=30)
    assert run.puzzle_seconds() > 0.5 and run.clock() is None
    solve_by_dragging(app, scene)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)
    assert app.top.name == "rush_summary" and app.top.title_text() == "Solved!"


def test_skip_on_the_daily_puzzle_asks_before_giving_it_up(app):
    import datetime

    run = puzzle_runs.daily_run(datetime.date(2026, 11, 27))
    scene = start(app, run)
    key(app, pygame.K_k)
    ask = app.top
    assert ask is not scene and ask.name == "dialog" and ask.title == "Give up today's puzzle?"
    assert ask.group.widgets[ask.group.focus].label == "Keep playing"  # the safe choice is selected
    seconds = run.puzzle_seconds()
    step(app, n=10)
    assert run.puzzle_seconds() == seconds  # the clock stops while asking
    key(app, pygame.K_ESCAPE)  # Esc keeps playing
    assert app.top is scene and not run.over
    key(app, pygame.K_k)
    key(app, pygame.K_RETURN)  # Enter on the selected choice keeps playing too
    assert app.top is scene and not run.over
    click(app, scene.layout().buttons["skip"].center)  # the Skip button asks the same
    ask = app.top
    assert ask.name == "dialog" and ask.title == "Give up today's puzzle?"
    ask.group.widgets[0].activate()  # Give up
    step(app)
    assert app.top.name == "rush_summary" and [r.result for r in run.rows()] == ["skipped"]
    assert app.crashes == 0


def test_skip_on_a_packs_puzzle_asks_and_a_rush_does_not(app):
    run = puzzle_runs.pack_run(1, 1)
    scene = start(app, run)
    key(app, pygame.K_k)
    assert app.top.name == "dialog" and app.top.title == "Give up this puzzle?"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and not run.over
    assert easy_rush().give_up_question() is None  # a rush's Skip moves on at once (see above)


def test_k_on_a_finished_puzzles_answer_asks_nothing(app):
    import datetime

    run = puzzle_runs.daily_run(datetime.date(2026, 11, 27))
    scene = start(app, run)
    scene.end_here()
    step(app)
    summary = app.top
    assert summary.name == "rush_summary"
    summary.answer_buttons[-1].activate()
    answer = app.top
    settle(app, answer)
    assert isinstance(answer, AnswerScene)
    key(app, pygame.K_k)
    assert app.top is answer  # no "Give up today's puzzle?" over an answer


def test_bad_input_never_crashes(app):
    run = easy_rush(seed=21)
    scene = start(app, run)
    rng = random.Random(3)
    w, h = app.size
    keys = [pygame.K_SPACE, pygame.K_k, pygame.K_h, pygame.K_z, pygame.K_r, pygame.K_LEFT, pygame.K_RETURN,
            pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_s, pygame.K_g, pygame.K_l, pygame.K_x]
    for i in range(400):
        roll = rng.random()
        if roll < 0.35:
            key(app, rng.choice(keys), rng.choice([0, pygame.KMOD_SHIFT]))
        elif roll < 0.7:
            click(app, (rng.randrange(w), rng.randrange(h)))
        elif roll < 0.9:
            drag(app, (rng.randrange(w), rng.randrange(h)), (rng.randrange(w), rng.randrange(h)), steps=2)
        else:
            app.step([motion((rng.randrange(w), rng.randrange(h))), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)], DT)
        if app.top is not None and app.top.name == "dialog":
            key(app, pygame.K_ESCAPE)
    assert app.crashes == 0 and app.running
    app.step([pygame.event.Event(pygame.QUIT)], DT)  # the window closed mid-run
    assert not app.running


@pytest.mark.logged_errors  # a damaged puzzle, logged
def test_a_puzzle_that_is_not_a_position_is_skipped_not_a_crash(app, monkeypatch):
    run = easy_rush()
    first = run.puzzle
    broken = type(first)(first.id, first.grade, first.breaks, first.table, first.table[0], first.answer)
    monkeypatch.setattr(type(run), "puzzle", property(lambda self: broken if self.number == 1 else self.rush.current))
    start_run(app, run)
    assert isinstance(app.top, PuzzleScene) and run.number == 2


def first_answer(app):
    """A 3-minute rush stopped at once, its summary's first "Show answer" opened: the answer screen."""
    run = puzzle_runs.rush_run("rush-3min", None, seed=2)
    start(app, run)
    run.stop()
    app.top.end_run()
    step(app)
    app.top.answer_buttons[0].activate()
    return app.top


def test_the_answer_screens_big_button_steps_through_then_applies(app):
    answer = first_answer(app)
    steps = len(answer.turnshow.hint.steps)
    labels = []
    for _ in range(steps):
        labels.append(answer.end_button(True)[0])
        key(app, pygame.K_SPACE)
    settle(app, answer)
    assert labels == ["Next step"] * (steps - 1) + ["Apply"]
    assert same_sets(lines_of(answer), answer.puzzle.answer) and answer.session.placed_all()
    assert answer.end_button(True)[0] == "Show again"
    key(app, pygame.K_SPACE)  # the answer again, from the puzzle as it was
    assert answer.turnshow.hint.active and not answer.session.draft_moved


def test_a_long_summary_scrolls_and_play_again_starts_a_new_run(app):
    run = puzzle_runs.rush_run("survival", None, seed=6)
    for _ in range(20):
        run.skip()
    start(app, run)
    run.stop()
    app.top.end_run()
    step(app)
    summary = app.top
    assert len(summary.rows) == 21 and summary.fit < 21
    assert [b.rect.w > 0 for b in summary.answer_buttons].count(True) == summary.fit
    app.step([motion(summary.row_rects[0].center), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3)], DT)
    step(app)
    assert summary.top_row == 3 and summary.answer_buttons[3].rect.w and not summary.answer_buttons[0].rect.w
    summary.group.focus = summary.top_row + summary.fit - 1
    key(app, pygame.K_DOWN)  # the focus moves past the last row shown: the list follows
    assert summary.top_row == 4
    summary.again.activate()
    nxt = app.top
    assert isinstance(nxt, PuzzleScene) and nxt.run is not run and nxt.run.mode == "survival" and nxt.run.number == 1


def test_a_puzzle_solved_with_the_keyboard_only(app):
    run = easy_rush(seed=11)
    scene = start(app, run)
    answer = [list(s) for s in scene.puzzle.answer]

    def go_to(area, cell) -> None:
        for _ in range(80):
            if scene.cursor == (area, tuple(cell)):
                return
            now_area, (r, c) = scene.cursor
            if now_area != area:
                k = pygame.K_TAB
            elif r != cell[0]:
                k = pygame.K_DOWN if r < cell[0] else pygame.K_UP
            else:
                k = pygame.K_RIGHT if c < cell[1] else pygame.K_LEFT
            key(app, k)
        raise AssertionError(f"the cursor did not reach {area} {cell}: {scene.cursor}")

    key(app, pygame.K_RIGHT)  # the first arrow shows the cursor
    for tile in [int(t) for t in scene.puzzle.rack]:
        home = next(s for s in answer if tile in s)
        go_to("rack", scene.session.rack.slots[tile])
        key(app, pygame.K_RETURN)  # picked up
        assert scene.selection == [tile]
        line = next(ln for ln in scene.session.table().lines() if set(ln.tiles) & set(home))
        before = home.index(tile) < min(home.index(t) for t in line.tiles if t in home)
        go_to("table", line.cells[0] if before else line.cells[-1])
        key(app, pygame.K_RETURN, pygame.KMOD_SHIFT)  # into that tile's set
        settle(app, scene)
        assert tile in scene.session.table().tile_set()
    assert scene.session.placed_all()
    key(app, pygame.K_SPACE)
    assert run.rush.solved == 1 and run.score > 0


def test_a_one_step_answer_asks_for_no_next_step(app):
    scene = start(app, SingleRun(generate(3, 2), "daily", "Daily puzzle"))
    key(app, pygame.K_h)
    assert len(scene.turnshow.hint.steps) == 1  # the puzzle's answer is one set laid
    text = scene.status_text(None)[0]
    assert "Next" not in text and "Apply (Shift+H)" in text


def test_the_answer_screen_shows_no_score_and_says_what_space_does(app):
    answer = first_answer(app)
    step(app)
    assert answer.score_line(answer.session.state.players[0]) == ""
    hint = answer.turnshow.hint
    for _ in range(len(hint.steps) - 1):
        assert answer.status_text(None)[0] == "The answer, step by step: Next step (Space)"
        key(app, pygame.K_SPACE)
    assert "Apply (Space)" in answer.status_text(None)[0]
    key(app, pygame.K_SPACE)
    settle(app, answer)
    assert answer.session.placed_all() and "Show again (Space)" in answer.status_text(None)[0]
    key(app, pygame.K_SPACE)  # the answer again, then closed: the puzzle as it was, nothing to place for points
    assert hint.active
    key(app, pygame.K_ESCAPE)
    assert app.top is answer and not hint.active
    assert "Show again (Space)" in answer.status_text(None)[0] and "Place" not in answer.status_text(None)[0]


def test_one_puzzle_shows_no_score_on_its_screen_nor_on_its_summary(app):
    run = SingleRun(generate(5, 1), "daily", "Daily puzzle")
    scene = start(app, run)
    assert scene.score_line(scene.session.state.players[0]) == ""  # a daily puzzle earns a streak, not points
    solve_by_dragging(app, scene)
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)
    summary = app.top
    assert summary.name == "rush_summary" and summary.headline() == "1 of 1 solved"
    assert "points" not in summary.columns(0, 1.0)
    step(app)  # drawn without the points column


def test_a_rush_keeps_its_score_on_screen_and_on_its_summary(app):
    run = easy_rush()
    scene = start(app, run)
    assert scene.score_line(scene.session.state.players[0]) == "Score 0"
    run.stop()
    scene.end_run()
    step(app)
    summary = app.top
    assert summary.headline() == "Score 0  ·  0 of 1 solved" and "points" in summary.columns(0, 1.0)
