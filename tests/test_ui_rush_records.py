"""The Tile Rush menus and their records, driven headless: the daily puzzle's streak, a pack's
stars and its next puzzle opening, a rush's personal best, and a damaged records file."""

from __future__ import annotations

import pygame

from game.play import puzzle_runs
from game.storage import arcade
from game.ui.scenes.rush.menu import start_run
from game.ui.scenes.rush.puzzle import NEXT_AFTER, PuzzleScene
from rushhelp import solve_by_dragging
from uidrive import DT, key, run_until, settle, step


def open_menu(app):
    app.open("rush_menu")
    step(app)
    assert app.top.name == "rush_menu"
    return app.top


def finish_puzzle(app, scene) -> None:
    key(app, pygame.K_SPACE)
    run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)


def start_and_solve(app, run) -> PuzzleScene:
    """Start ``run`` and solve its first puzzle by dragging, Done with Space; its puzzle screen."""
    start_run(app, run)
    scene = app.top
    settle(app, scene)
    solve_by_dragging(app, scene)
    key(app, pygame.K_SPACE)
    return scene


def test_the_daily_puzzle_solved_starts_the_streak_and_the_menu_shows_it(app):
    menu = open_menu(app)
    assert menu.records.daily_streak() == 0
    menu.daily.activate()
    scene = app.top
    assert isinstance(scene, PuzzleScene) and scene.puzzle.id == f"daily-{puzzle_runs.today().isoformat()}"
    settle(app, scene)
    key(app, pygame.K_h)  # the answer, applied: still a solve (the daily streak counts solves)
    key(app, pygame.K_h, pygame.KMOD_SHIFT)
    settle(app, scene)
    finish_puzzle(app, scene)
    summary = app.top
    assert summary.name == "rush_summary" and summary.title_text() == "Solved!"
    assert any("Daily streak: 1 day" in n for n in summary.notes)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.records.daily_streak() == 1
    assert menu.records.daily_solved(puzzle_runs.today())


def test_a_pack_puzzle_solved_quickly_without_a_hint_wins_three_stars_and_opens_the_next(app):
    open_menu(app).packs.activate()
    packs = app.top
    assert packs.name == "rush_packs"
    assert [c.enabled for c in packs.cards] == [True] + [False] * (puzzle_runs.PACK_COUNT - 1)
    packs.cards[0].activate()
    pack = app.top
    assert pack.name == "rush_pack"
    assert [c.enabled for c in pack.cards] == [True] + [False] * (puzzle_runs.PER_PACK - 1)
    pack.cards[0].activate()
    scene = app.top
    settle(app, scene)
    assert scene.puzzle.grade == 1
    solve_by_dragging(app, scene)
    finish_puzzle(app, scene)
    summary = app.top
    assert any("3 stars" in n for n in summary.notes)
    assert summary.again.label == "Next puzzle"
    key(app, pygame.K_ESCAPE)  # back to the pack
    assert app.top is pack
    assert pack.cards[0].stars == 3 and pack.cards[1].enabled
    assert arcade.load_arcade().packs == {(1, 1): 3}
    pack.cards[0].activate()  # again, and on to the next from its summary
    scene = app.top
    settle(app, scene)
    key(app, pygame.K_k)  # skipped (asked first): no stars lost
    assert app.top.name == "dialog"
    app.top.group.widgets[0].activate()  # Give up
    step(app)
    summary = app.top
    assert summary.name == "rush_summary" and summary.again.label == "Play again"
    summary.again.activate()
    assert app.top.puzzle.id == "pack-01-01"
    assert arcade.load_arcade().packs == {(1, 1): 3}


def test_a_rush_with_points_is_a_new_best_shown_on_the_menu(app):
    menu = open_menu(app)
    assert menu.records.best("rush-3min") is None
    run = puzzle_runs.rush_run("rush-3min", menu.records, seed=11)
    scene = start_and_solve(app, run)
    assert run.score > 0
    run_until(app, lambda: app.top is not scene, limit_s=NEXT_AFTER + 1)
    nxt = app.top
    settle(app, nxt)
    key(app, pygame.K_ESCAPE)
    app.top.group.widgets[0].activate()  # End here
    step(app)
    summary = app.top
    assert any(n.startswith("New personal best") and f"{run.score:,}" in n for n in summary.notes)
    bests = next(n for n in summary.notes if n.startswith("Your bests"))
    assert bests.endswith("in a row (1 run played)")  # the runs played are counted, not listed as a best
    key(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.records.best("rush-3min") == run.score
    # a puzzle is no game: nothing but the puzzle records was written (no save, no statistics)
    written = {p.name for p in arcade.arcade_path().parent.iterdir() if p.is_file()}
    assert written <= {"arcade.json", "arcade.json.bak", "errors.log", "files.lock"}, written  # (the folder's lock)


def test_a_damaged_records_file_is_said_on_the_menu_and_kept_aside(app):
    path = arcade.arcade_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "tile-rush-arcade", "schema": 1, "bests": 7}', encoding="utf-8")
    menu = open_menu(app)
    assert "damaged" in menu.records.notice
    step(app, n=3)
    assert app.crashes == 0
    assert any(p.name.startswith("arcade.json") and p != path for p in path.parent.iterdir())
    menu.mode_buttons[2].activate()  # survival still starts
    assert isinstance(app.top, PuzzleScene)


def test_how_to_play_opens_the_tile_rush_lesson(app):
    menu = open_menu(app)
    menu.lesson.activate()
    lesson = app.top
    assert lesson.name == "lesson" and lesson.lesson["key"] == "rush"
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_the_statistics_screen_opens_the_tile_rush_records(app):
    arcade.record_rush("rush-5min", 2300, 6, 3)
    arcade.record_pack(1, 1, 2)
    app.open("statistics")
    step(app)
    stats = app.top
    stats.rush_button.activate()
    records = app.top
    assert records.name == "rush_records"
    cards = dict(records.card_texts())
    assert dict(cards["Rush 5 minutes"])["Best score"] == "2,300"
    assert dict(cards["Rush 3 minutes"])["Best score"] == "–"
    assert dict(cards["Packs"])["Stars"].startswith("2 of ")
    step(app, n=3)
    key(app, pygame.K_ESCAPE)
    assert app.top is stats and app.crashes == 0


def test_closing_the_window_mid_celebration_keeps_what_the_run_earned(app):
    run = puzzle_runs.rush_run("rush-3min", puzzle_runs.Records(), seed=11)
    scene = start_and_solve(app, run)
    assert scene.moving_at is not None and run.score > 0  # the solved banner is up
    app.step([pygame.event.Event(pygame.QUIT)], DT)
    assert not app.running and app.crashes == 0
    best = arcade.load_arcade().best("rush-3min")
    assert (best.runs, best.best_score, best.most_solved) == (1, run.score, 1)
