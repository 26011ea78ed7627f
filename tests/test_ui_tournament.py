"""The tournament on screen, driven like a player would under the dummy video driver:
set-up, bracket, the human's table through the play screen (with a penalty), the other
tables simulated with a progress bar, quitting and resuming, knocked out: watch the rest
and skip to the medals.

Games are kept short: one game a table where the test allows it, the human's rack rigged
to go out (tests/tourhelp.py), and the *simulated* tables played by computer players that
always draw (a game then ends when the pool is empty, lowest rack first): the simulation
itself, with the real computer players, is tested in tests/test_tournament.py.  The
computer players at the human's table on screen are the real ones."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from tourhelp import (
    DrawingPlayer,
    lose_table_offscreen,
    rig_going_out,
    two_runs,
)
from uidrive import click, key, make_app, past_guard, run_until, step
from uihelp import set_rack

from game.play.session import TABLE
from game.storage import saves
from game.tournament import Tournament
from game.tournament.run import TournamentRun
from game.ui.scenes.common import DialogScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.title import TitleScene
from game.ui.scenes.tournament import (
    BracketScene,
    GameResultsScene,
    MedalsScene,
    SkipOverlay,
    TableOverScene,
    TournamentLobbyScene,
    TournamentPlayScene,
    TournamentSetupScene,
    to_bracket,
)

pytestmark = pytest.mark.usefixtures("drawing_tables")  # the simulated tables draw every turn


def button(scene, label: str):
    return next(w for w in scene.group.widgets if getattr(w, "label", "") == label)


def labels(scene) -> list[str]:
    return [getattr(w, "label", "") for w in scene.group.widgets]


def open_tournament(app) -> None:
    title = app.top
    assert isinstance(title, TitleScene)
    step(app)
    click(app, button(title, "Tournament").rect.center)


def new_run(field: int = 9, seed: int = 4, games=(1, 1, 1), **options) -> TournamentRun:
    run = TournamentRun.create(field, "You", seed=seed, levels=["basic"], options=options or None, games=games)
    assert run.save()
    return run


def human_turn(app, play) -> None:
    sess = play.session
    assert run_until(app, lambda: sess.phase != "play" or (sess.my_turn and not play.input_locked()), 120)


def play_to_game_end(app, play) -> None:
    """The human goes out on their next turn."""
    human_turn(app, play)
    rig_going_out(play.session)
    key(app, pygame.K_SPACE)


def saved_tournament() -> saves.LoadResult:
    res = saves.load_game(saves.TOURNAMENT_SLOT)
    assert res.ok and res.kind == "tournament", res.message
    return res


# -- entering --------------------------------------------------------------------------------------
def test_enter_a_nine_entrant_tournament_from_the_title(app):
    open_tournament(app)
    setup = app.top
    assert isinstance(setup, TournamentSetupScene) and setup.name == "tournament_setup"
    assert [v for v, _ in setup.field_chooser.options] == list(range(9, 49))
    # fewest entrants by keyboard, strict mode on
    setup.group.focus = 0
    for _ in range(3):
        key(app, pygame.K_LEFT)
    assert setup.field == 9
    setup.group.focus = setup.group.widgets.index(setup.strict_toggle)
    key(app, pygame.K_SPACE)
    assert setup.strict and setup.options()["warn_before_penalty"] is False
    step(app)
    click(app, setup.start_button.rect.center)
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    t = bracket.run.t
    assert t.field == 9 and t.entrants[0].kind == "human"
    assert t.to_dict()["options"]["warn_before_penalty"] is False
    # the bracket: a qualifying round of three tables of three, then the final; you are at one table
    data = bracket.data
    assert [st.name for st in data.stages] == ["Qualifying round", "Final"]
    assert [len(tb.players) for tb in data.stages[0].tables] == [3, 3, 3]
    mine = [tb for tb in data.stages[0].tables if tb.is_human_table]
    assert len(mine) == 1 and any(p.is_human for p in mine[0].players)
    assert labels(bracket)[0] == "Play your table"
    step(app, n=3)  # drawn without trouble
    # saved at once in the tournament slot; the title's Continue is not touched
    res = saved_tournament()
    assert Tournament.from_dict(res.tournament).to_dict() == t.to_dict()
    assert res.session == {"screen": "bracket"}
    assert not saves.autosave_exists()
    # Esc saves and goes back to the title; Tournament now offers to resume
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    open_tournament(app)
    lobby = app.top
    assert isinstance(lobby, TournamentLobbyScene)
    assert labels(lobby) == ["Resume tournament", "New tournament", "Back"]
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, BracketScene) and app.top.run.t.to_dict() == t.to_dict()


def test_a_new_tournament_over_one_in_progress_asks_first(app):
    old = new_run(seed=8)
    open_tournament(app)
    lobby = app.top
    click(app, button(lobby, "New tournament").rect.center)
    setup = app.top
    assert isinstance(setup, TournamentSetupScene)
    click(app, setup.start_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and "replaced" in dialog.message
    key(app, pygame.K_ESCAPE)  # keep it
    assert app.top is setup
    assert saved_tournament().tournament == old.t.to_dict()
    click(app, setup.start_button.rect.center)
    click(app, app.top.group.widgets[0].rect.center)  # start new
    assert isinstance(app.top, BracketScene)
    saved = saved_tournament().tournament
    assert saved != old.t.to_dict() and saved["field"] == 12


# -- the human's table -------------------------------------------------------------------------------
def test_play_the_table_penalty_results_between_games_and_the_other_tables(app):
    run = new_run(games=(2, 1, 1))
    bracket = to_bracket(app, run)
    step(app)
    key(app, pygame.K_RETURN)  # Play your table
    play = app.top
    assert isinstance(play, TournamentPlayScene)
    sess = play.session
    assert sess.state is run.t.live_game and sess.turn_time == 120
    assert "Qualifying round, table" in play.header_text() and "Game 1 of 2" in play.header_text()
    human_turn(app, play)
    # a failed manipulation: one tile alone on the table, then Space
    rack_before = sorted(sess.state.players[sess.viewer].rack)
    board_before = sess.state.board.copy()
    lone = sess.rack.tiles()[0]
    assert sess.move([lone], "table", (6, 20)).ok
    key(app, pygame.K_SPACE)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and "3 penalty tiles" in dialog.message  # warned first (not strict)
    click(app, dialog.group.widgets[0].rect.center)  # End turn anyway
    assert app.top is play
    step(app)
    assert play.banner is not None and play.banner[0] == "Penalty"
    assert "table is put back" in play.banner[1] and "3 penalty tiles" in play.banner[1]
    rack_after = sess.state.players[sess.viewer].rack
    assert len(rack_after) == len(rack_before) + 3 and set(rack_before) <= set(rack_after)
    assert sess.state.board == board_before
    # saved after the turn, with the play screen's data
    res = saved_tournament()
    assert res.session["screen"] == "play" and res.state.to_dict() == sess.state.to_dict()
    # game 1: the human goes out; the table's standings, then the next game
    play_to_game_end(app, play)
    assert run_until(app, lambda: isinstance(app.top, GameResultsScene), 20)
    results = app.top
    assert labels(results) == ["Next game"]
    step(app, n=2)
    assert sess.state.history[-1]["deltas"][sess.viewer] == 0
    past_guard(app)
    key(app, pygame.K_RETURN)
    assert app.top is play and sess.state.round == 2 and sess.phase == "play"
    # game 2: out again; the table is over and recorded
    play_to_game_end(app, play)
    assert run_until(app, lambda: isinstance(app.top, TableOverScene), 20)
    over = app.top
    step(app, n=2)
    ref = run.ref
    table = run.t.table(ref)
    assert table.status == "done" and table.played == "on screen"
    assert table.advanced == [run.t.human]
    assert over.verdict()[0] == "You win the table!" and "final" in over.verdict()[1].lower()
    assert saved_tournament().tournament["stages"][0]["tables"][ref.table]["status"] == "done"
    # Continue: back to the bracket, where the other tables are simulated a little per frame
    past_guard(app)
    key(app, pygame.K_RETURN)
    assert app.top is bracket
    sim = run.sim
    assert sim is not None and not sim.threaded
    before = sim.steps
    step(app)
    assert not sim.done and sim.steps == before + 1  # a frame simulates a turn or a few, never the lot
    assert labels(bracket)[0] == "Stop"
    fractions = [sim.fraction]
    while not sim.done:
        step(app, draw=len(fractions) % 10 == 0)
        fractions.append(sim.fraction)
        assert len(fractions) < 5000
    assert fractions == sorted(fractions) and len(fractions) > 3
    step(app)
    assert run.status == "playing" and run.t.current_stage == 1  # the final, with you in it
    assert "you play the final" in bracket.notice_text
    assert labels(bracket)[0] == "Play your table"
    assert all(tb.status == "done" for tb in run.t.stages[0].tables)


def test_strict_mode_takes_the_penalty_without_asking(app):
    run = new_run(warn_before_penalty=False)
    to_bracket(app, run)
    key(app, pygame.K_RETURN)
    play = app.top
    sess = play.session
    human_turn(app, play)
    n = len(sess.state.players[sess.viewer].rack)
    assert sess.move([sess.rack.tiles()[0]], "table", (6, 20)).ok
    key(app, pygame.K_SPACE)
    assert app.top is play  # no question asked
    step(app)
    assert play.banner[0] == "Penalty" and "3 penalty tiles" in play.banner[1]
    assert len(sess.state.players[sess.viewer].rack) == n + 3
    step(app, n=150)  # five seconds later the explanation is still there
    assert play.banner is not None and play.banner[0] == "Penalty"


# -- saving and resuming ---------------------------------------------------------------------------
def test_quit_mid_game_and_resume_where_you_were(app):
    run = new_run()
    to_bracket(app, run)
    key(app, pygame.K_RETURN)
    play = app.top
    sess = play.session
    human_turn(app, play)
    key(app, pygame.K_SPACE)  # draw
    key(app, pygame.K_g)  # sort the rack by groups (between turns): the arrangement is kept
    human_turn(app, play)
    step(app, n=30)  # a second of the two minutes goes by
    timer = sess.timer_left
    assert 110 < timer < 120
    row = max((r for r, _ in sess.table().cells), default=-1) + 2
    assert sess.move([sess.rack.tiles()[0]], TABLE, (row, 0)).ok  # a tile put down, the turn not ended
    draft = sess.table().to_list()
    slots = dict(sess.rack.slots)
    state = sess.state.to_dict()
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    assert "Save to a slot" not in labels(pause) and "Bracket" in labels(pause)
    click(app, button(pause, "Save and quit").rect.center)
    assert isinstance(app.top, TitleScene)
    # resume from the title: straight back into the game in progress
    open_tournament(app)
    lobby = app.top
    assert isinstance(lobby, TournamentLobbyScene)
    key(app, pygame.K_RETURN)
    play2 = app.top
    assert isinstance(play2, TournamentPlayScene) and isinstance(app.scenes[-2], BracketScene)
    sess2 = play2.session
    assert sess2.state.to_dict() == state
    assert sess2.rack.slots == slots and abs(sess2.timer_left - timer) < 0.1  # a frame may have passed
    assert sess2.table().to_list() == draft  # the turn as the player left it
    assert sess2.state is play2.run.t.live_game
    # the pause menu's Bracket keeps the game; Continue your game goes back to it
    key(app, pygame.K_ESCAPE)
    click(app, button(app.top, "Bracket").rect.center)
    bracket = app.top
    assert isinstance(bracket, BracketScene)
    assert labels(bracket)[0] == "Continue your game"
    key(app, pygame.K_RETURN)
    assert app.top.session is sess2


def test_closing_the_window_saves_the_tournament(app):
    run = new_run()
    to_bracket(app, run)
    key(app, pygame.K_RETURN)
    play = app.top
    human_turn(app, play)
    step(app, n=15)
    timer = play.session.timer_left
    app.step([pygame.event.Event(pygame.QUIT)], 1 / 30)
    assert not app.running
    res = saved_tournament()
    assert res.session["screen"] == "play" and abs(res.session["timer_remaining"] - timer) < 0.01
    back, note = TournamentRun.load()
    assert note == "" and back.has_game_in_progress()
    assert back.t.live_game.to_dict() == play.session.state.to_dict()


def test_a_damaged_tournament_save_is_explained_and_a_new_one_can_start(app):
    new_run()
    path = saves.slot_path(saves.TOURNAMENT_SLOT)
    for p in (path, path.with_name(path.name + ".bak")):
        if p.exists():
            p.write_text('{"format": "tile-rush-save", "schema": 2, "kind": "tournament"')
    open_tournament(app)
    lobby = app.top
    assert isinstance(lobby, TournamentLobbyScene) and lobby.run is None
    assert "could not be loaded" in lobby.note
    step(app, n=2)
    assert labels(lobby) == ["New tournament", "Back"]
    key(app, pygame.K_RETURN)
    setup = app.top
    click(app, setup.start_button.rect.center)  # nothing to lose: no question
    assert isinstance(app.top, BracketScene)
    assert saved_tournament().tournament["field"] == 12


# -- knocked out ---------------------------------------------------------------------------------------
def lose_the_table(app, play) -> None:
    """A computer player goes out on its next turn: the human (holding a full rack) is out."""
    sess = play.session
    human_turn(app, play)
    nxt = (sess.viewer + sess.variant.direction) % len(sess.players)
    state = sess.state
    runs = two_runs(state, avoid=state.players[sess.viewer].rack)
    set_rack(state, nxt, [t for run in runs for t in run])
    key(app, pygame.K_SPACE)  # the human draws; the next player goes out


def test_knocked_out_watch_the_rest_then_skip_to_the_medals(app):
    run = new_run(seed=6)
    bracket = to_bracket(app, run)
    key(app, pygame.K_RETURN)
    play = app.top
    lose_the_table(app, play)
    assert run_until(app, lambda: isinstance(app.top, TableOverScene), 30)
    over = app.top
    step(app)
    assert not over.mine_advanced() and "out of the tournament" in over.verdict()[1]
    past_guard(app)
    key(app, pygame.K_RETURN)
    assert app.top is bracket and run.status == "out" and not run.busy()
    assert labels(bracket)[:2] == ["Watch the rest", "Skip to the medals"]
    # watch: the bracket fills in table by table
    click(app, button(bracket, "Watch the rest").rect.center)
    sim = run.sim
    assert sim.until == "end" and bracket.watching
    done_before = sum(tb.status == "done" for tb in bracket.data.stages[0].tables)
    assert run_until(app, lambda: sim.tables_done >= 1, 60, draw_every=15)
    done_now = sum(tb.status == "done" for tb in bracket.data.stages[0].tables)
    assert done_now > done_before
    assert labels(bracket)[:2] == ["Skip to the medals", "Stop"]
    # then skip: a progress overlay, and the medals
    click(app, button(bracket, "Skip to the medals").rect.center)
    assert isinstance(app.top, SkipOverlay)
    step(app)
    assert isinstance(app.top, SkipOverlay) and not sim.done
    assert run_until(app, lambda: isinstance(app.top, MedalsScene), 120, draw_every=15)
    medals = app.top
    step(app, n=5)
    t = run.t
    assert t.finished and [m.medal for m in medals.medals] == ["gold", "silver", "bronze"]
    assert len({m.entrant for m in medals.medals}) == 3 and all(m.kind == "computer" for m in medals.medals)
    final = t.stages[-1].tables[0]
    assert [final.seats[i] for i in final.order[:3]] == [m.entrant for m in medals.medals]
    assert all(tb.tiles_conserved for st in t.stages for tb in st.tables)
    assert "knocked out" in run.human_line()
    saved = Tournament.from_dict(saved_tournament().tournament)
    assert saved.finished and saved.medals() == t.medals()
    # the bracket behind shows the medals; the title's Tournament offers the results
    past_guard(app)
    key(app, pygame.K_ESCAPE)
    assert app.top is bracket and labels(bracket)[0] == "Medals"
    key(app, pygame.K_ESCAPE)
    open_tournament(app)
    assert labels(app.top)[0] == "See the results"


def test_skip_straight_to_the_medals_and_stop_half_way(app):
    run = new_run(seed=6)
    lose_table_offscreen(run)  # as if played and lost on screen
    run.save()
    bracket = to_bracket(app, run)
    step(app)
    click(app, button(bracket, "Skip to the medals").rect.center)
    overlay = app.top
    assert isinstance(overlay, SkipOverlay)
    step(app, n=3)
    sim = run.sim
    assert not sim.done and sim.steps > 0
    # Stop: nothing is lost; the half-played table is replayed later and ends the same
    key(app, pygame.K_ESCAPE)
    assert app.top is bracket and sim.done and sim.cancelled
    assert labels(bracket)[0] == "Watch the rest"
    again = TournamentRun(Tournament.from_dict(saved_tournament().tournament))
    twin = TournamentRun(Tournament.from_dict(run.t.to_dict()))
    click(app, button(bracket, "Skip to the medals").rect.center)
    assert run_until(app, lambda: isinstance(app.top, MedalsScene), 120, draw_every=15)
    again.simulate("end").finish_now()
    twin.simulate("end").finish_now()
    assert again.t.medals() == run.t.medals() == twin.t.medals()
    assert again.t.to_dict()["stages"] == run.t.to_dict()["stages"]


def test_threaded_simulation_runs_off_the_frame_and_can_be_cancelled(monkeypatch):
    # players that take a moment, so that the thread is still at work when it is stopped
    monkeypatch.setattr(Tournament, "computer_player", lambda self, ref, seat, state: DrawingPlayer(0.003))
    run = new_run(seed=6)
    lose_table_offscreen(run)
    twin = TournamentRun(Tournament.from_dict(run.t.to_dict()))
    sim = run.simulate("end", mode="thread")
    assert sim.threaded
    sim.pump()  # nothing: the thread does the work, the frame only reads
    deadline = time.monotonic() + 60
    while sim.steps < 5 and not sim.done and time.monotonic() < deadline:
        time.sleep(0.005)
    assert sim.steps >= 5
    assert run.bracket() is sim.bracket or sim.done  # the screen draws the snapshot meanwhile
    assert not sim.done
    assert run.save()  # saving stops the thread first
    assert sim.done and sim.cancelled and not run.t.finished
    monkeypatch.setattr(Tournament, "computer_player", lambda self, ref, seat, state: DrawingPlayer())
    back, _ = TournamentRun.load()
    assert back.simulate("end", mode="thread").wait(120)
    twin.simulate("end").finish_now()
    assert back.t.finished and back.t.medals() == twin.t.medals()


def test_the_simulation_process_reports_saves_and_stops():
    """The game's own way: a separate process plays the tables (with the real computer
    players: the patch above does not reach it) and sends the tournament after each."""
    run = new_run(seed=6)
    lose_table_offscreen(run)
    done_before = sum(tb.status == "done" for tb in run.t.stages[0].tables)
    sim = run.simulate("end", mode="process")
    assert sim.mode == "process"
    deadline = time.monotonic() + 90
    while sim.tables_done < 1 and not sim.done and time.monotonic() < deadline:
        sim.pump()  # reads what the process sent; never waits
        time.sleep(0.02)
    assert sim.tables_done >= 1 and not sim.error
    done_now = sum(tb.status == "done" for tb in run.t.stages[0].tables)
    assert done_now > done_before and run.t.stages[0].tables[0].played == "simulated"
    # the process saved the table it finished
    saved = Tournament.from_dict(saved_tournament().tournament)
    assert sum(tb.status == "done" for tb in saved.stages[0].tables) >= done_now
    assert run.save()  # stops the process first
    assert sim.done and sim.cancelled and sim._proc is None
    back, _ = TournamentRun.load()
    assert back.t.to_dict() == run.t.to_dict()


# -- looks ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_every_tournament_screen_draws_at_both_sizes(size):
    app = make_app(size=size, speed=1.0)
    try:
        run = new_run(field=24, seed=3)
        lose_table_offscreen(run)
        bracket = to_bracket(app, run)
        step(app, n=3)
        geo = bracket.geometry()
        assert len(geo["cols"]) == 3
        # every column fits the width: no card wider than the screen, headings in view
        assert all(c["w"] <= size[0] for c in geo["cols"])
        key(app, pygame.K_END)
        step(app, n=2)
        assert bracket.scroll[1] > 0
        app.push(MedalsScene(app, run))
        step(app, n=3)
        app.pop()
        app.push(TournamentSetupScene(app))
        step(app, n=3)
        app.pop()
        bracket.show_info()
        step(app, n=3)
        assert app.top.name == "tournament_info"
    finally:
        app.shutdown()


def test_tournament_save_slot_is_its_own():
    run = new_run()
    assert saves.TOURNAMENT_SLOT not in saves.SLOTS  # never offered as a menu slot
    res = saved_tournament()
    assert res.state.variant_key == "golden-games"
    # between tables the save's game is the next table's deal (seated players, seeded)
    ref = run.t.next_table()
    names = [run.t.name(e) for e in run.t.table(ref).seats]
    assert [p.name for p in res.state.players] == names
    assert json.loads(json.dumps(res.tournament)) == run.t.to_dict()
    before = run.t.to_dict()
    assert run.t.preview_table().to_dict() == run.t.preview_table().to_dict()  # the same deal each time
    assert run.t.to_dict() == before and run.t.live_game is None  # and nothing started
    TournamentRun.delete_save()
    assert not TournamentRun.exists()
    assert TournamentRun.load() == (None, "")


def test_pause_menu_buttons_stay_in_place_across_modes(app):
    """Resume, Rules and Settings sit at the same places in a game, a demo and a tournament;
    a mode's own entry (Save to a slot, Bracket) comes after them."""
    from game.play.session import Session
    from game.ui.scenes.play import PlayScene
    from uihelp import human_session

    def pause_of(play) -> PauseScene:
        play.open_pause()
        pause = app.top
        assert isinstance(pause, PauseScene)
        step(app)
        return pause

    def places(pause) -> dict:
        return {label: button(pause, label).rect.topleft for label in ("Resume", "Rules", "Settings")}

    game = app.push(PlayScene(app, human_session(variant="golden-games", opponents=("basic", "basic"))))
    step(app)
    normal = pause_of(game)
    assert labels(normal)[:4] == ["Resume", "Rules", "Settings", "Save to a slot"]
    at_game = places(normal)
    app.pop()
    app.pop()
    demo_sess = human_session(variant="golden-games", opponents=("basic", "basic"))
    demo_sess.demo = True
    demo = app.push(PlayScene(app, demo_sess))
    step(app)
    at_demo = places(pause_of(demo))
    app.pop()
    app.pop()
    run = new_run()
    to_bracket(app, run)
    key(app, pygame.K_RETURN)
    play = app.top
    human_turn(app, play)
    tour = pause_of(play)
    assert labels(tour)[:4] == ["Resume", "Rules", "Settings", "Bracket"]
    assert places(tour) == at_game == at_demo
