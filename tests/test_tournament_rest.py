"""The tournament screens rest when nothing moves (game/ui/idle_frames.py): the bracket, a table's
results, the medals and "how it works" draw no frame until the player does something; they draw every frame
while the computer tables are simulated or the confetti falls.

The simulated tables are played by computer players that always draw (quick games), as in
tests/test_ui_tournament.py."""

from __future__ import annotations

import pygame
import pytest
from tourhelp import lose_table_offscreen, rig_going_out
from uidrive import key, make_app, motion, run_until, step

from game.tournament.run import TournamentRun
from game.ui.scenes.tournament import (
    BracketScene,
    GameResultsScene,
    MedalsScene,
    TableOverScene,
    TournamentInfoScene,
    to_bracket,
)

pytestmark = pytest.mark.usefixtures("drawing_tables")  # the simulated tables draw every turn


def new_run(seed: int = 4, games=(1, 1, 1)) -> TournamentRun:
    run = TournamentRun.create(9, "You", seed=seed, levels=["basic"], games=games)
    assert run.save()
    return run


def come_to_rest(app, limit: int = 900, dt: float = 1 / 30) -> None:
    for _ in range(limit):
        step(app, dt=dt)
        if app.resting_for() is None:
            return
    raise AssertionError(f"{app.top.name} never came to rest")


def assert_still(app) -> None:
    """No frame for two seconds of nothing; a mouse move draws one."""
    drawn = app.frames_drawn
    step(app, n=60)
    assert app.frames_drawn == drawn
    step(app, [motion((40, 40))])
    assert app.frames_drawn == drawn + 1


def test_the_bracket_draws_nothing_while_the_player_has_a_table_to_play(app):
    bracket = to_bracket(app, new_run())
    step(app)
    come_to_rest(app)
    assert app.top is bracket and bracket.next_frame() is None
    assert_still(app)


def test_the_bracket_redraws_when_its_notice_runs_out(app):
    bracket = to_bracket(app, new_run())
    come_to_rest(app)
    bracket.notice("The other tables are done.", seconds=2.0)
    step(app)
    wait = bracket.next_frame()
    assert wait is not None and 0 < wait <= 2.0
    drawn = app.frames_drawn
    step(app, n=75)  # two and a half seconds: one frame when the notice goes
    assert app.frames_drawn == drawn + 1 and bracket.next_frame() is None


def test_the_bracket_moves_while_the_tables_are_simulated_then_rests(app):
    run = new_run(seed=6)
    lose_table_offscreen(run)
    bracket = to_bracket(app, run)
    step(app)
    bracket.watch_rest()
    step(app)
    assert run.busy() and bracket.next_frame() == 0.0
    drawn = app.frames_drawn
    step(app, n=10)
    assert app.frames_drawn == drawn + 10  # the progress bar, the card being played
    assert run_until(app, lambda: isinstance(app.top, MedalsScene), 120)
    assert run.t.finished and bracket.sim_handled
    app.pop()  # the medals: back to the finished bracket
    come_to_rest(app)
    assert app.top is bracket
    assert_still(app)


def test_the_medals_move_while_the_confetti_falls_then_rest():
    app = make_app(speed=1.0)
    try:
        run = new_run()
        lose_table_offscreen(run)
        run.t.simulate_rest()
        medals = app.push(MedalsScene(app, run))
        step(app)
        assert medals.effects.busy and medals.next_frame() == 0.0
        come_to_rest(app, dt=0.1)
        assert not medals.effects.busy and medals.next_frame() is None
        assert_still(app)
    finally:
        app.shutdown()


def test_skip_to_the_medals_shows_the_podium_at_once_and_moves_without_input():
    app = make_app(speed=1.0)
    try:
        run = new_run()
        lose_table_offscreen(run)
        bracket = to_bracket(app, run)
        step(app)
        bracket.skip_to_medals()
        assert run_until(app, lambda: isinstance(app.top, MedalsScene), 60, draw_every=1)
        medals = app.top
        # the frame that opened it shows the podium and its buttons (laid out), and the next
        # frame is due at once: the confetti falls with nobody touching anything
        assert medals._layout_size == app.size and all(b.rect.w > 0 for b in medals.group.widgets)
        assert len(medals.medals) == 3  # drawn on their podium from this first frame
        assert app.resting_for() == 0.0
        age = medals.age
        step(app, n=3)
        assert medals.age > age and app.frames_drawn > 0
    finally:
        app.shutdown()


def test_the_medals_ignore_input_at_first(app):
    run = new_run()
    lose_table_offscreen(run)
    run.t.simulate_rest()
    bracket = to_bracket(app, run)
    medals = app.push(MedalsScene(app, run))
    step(app)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.top is medals
    step(app, n=25)
    key(app, pygame.K_ESCAPE)
    assert app.top is bracket


def test_a_tables_results_rest_once_shown(app):
    run = new_run(games=(2, 1, 1))
    bracket = to_bracket(app, run)
    step(app)
    key(app, pygame.K_RETURN)  # Play your table
    play = app.top
    sess = play.session
    for want in (GameResultsScene, TableOverScene):
        assert run_until(app, lambda: sess.phase != "play" or (sess.my_turn and not play.input_locked()), 120)
        rig_going_out(sess)
        key(app, pygame.K_SPACE)
        assert run_until(app, lambda: isinstance(app.top, want), 30)
        results = app.top
        come_to_rest(app)
        assert app.top is results and results.next_frame() is None
        assert_still(app)
        if want is GameResultsScene:
            key(app, pygame.K_RETURN)  # the next game
    over = app.top
    over.effects.confetti(app.size[0], n=40, size=9)  # as when the table is won with animations on
    step(app)
    assert over.next_frame() == 0.0
    come_to_rest(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, BracketScene) and app.top is bracket


def test_how_it_works_rests_and_redraws_once_for_a_scroll(app):
    bracket = to_bracket(app, new_run())
    step(app)
    bracket.show_info()
    step(app)
    info = app.top
    assert isinstance(info, TournamentInfoScene)
    come_to_rest(app)
    assert app.top is info and info.next_frame() is None
    assert_still(app)
    drawn = app.frames_drawn
    key(app, pygame.K_END)  # scrolled to the end: one frame, then still again
    assert info.scroll > 0 and app.frames_drawn == drawn + 1
    assert_still(app)
