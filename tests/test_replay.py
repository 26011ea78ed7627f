"""Replays: a whole simulated game rebuilt from its deal and log ends on exactly its final state;
the turn log in words; the finder's verdict on the player's turns; kept games; the screens."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.ai import FLAT, make_player
from game.play.computer import computer_turn
from game.play.narrate import Narrator
from game.replay import store, timeline
from game.rules import engine
from game.rules import events
from game.rules.board import Board
from game.rules.state import GameState, derived_secret
from game.rules.tiles import rack_value
from helpers import rig
from uidrive import click, key, make_app, step


def told(state: GameState, viewer: int):
    """The replay's words, as the replay screen tells them."""
    return Narrator([p.name for p in state.players], viewer, reads_columns=state.variant.reads_columns).tell


def simulate(variant: str, kinds: list[str], seed: int, options=None) -> GameState:
    state = engine.new_game(variant, [(f"P{i}", k) for i, k in enumerate(kinds)], seed=seed, options=options,
                            secret=derived_secret("replay-test", seed))
    while state.phase != "game_over":
        if state.phase == "round_over":
            engine.next_round(state)
            continue
        computer_turn(state, make_player(kinds[state.current], state.player_seed(state.current), board=FLAT))
    return state


@pytest.mark.parametrize("variant,kinds,options", [
    ("classic", ["basic", "basic"], {"rounds": 2}),
    ("golden-games", ["basic", "basic", "basic"], {"rounds": 1}),
])
@pytest.mark.slow
def test_a_whole_simulated_game_replays_to_exactly_its_final_state(variant, kinds, options):
    state = simulate(variant, kinds, 11, options)
    assert state.phase == "game_over" and len(state.actions) > 20
    frames, game = timeline.rebuild(state, viewer=0, tell=told(state, 0))
    assert game.to_dict() == state.to_dict()
    assert len(frames) == len(state.actions) + 1
    last = frames[-1]
    assert last.board == state.board
    assert last.racks == [p.rack for p in state.players]
    assert last.scores == [p.score for p in state.players]
    assert last.phase == "game_over"
    # forward and back: any frame is the game after that many actions
    mid = len(frames) // 2
    again = engine.replay(state, mid)
    assert frames[mid].board == again.board and frames[mid].racks == [p.rack for p in again.players]
    # the log in words: plain sentences, colour names, never tile codes
    words = [line for f in frames for line in f.lines]
    assert any("draws a tile" in w for w in words) and any(" run" in w or "group of" in w for w in words)
    assert not any(code in w for w in words for code in (" R5", " K1", " B1", " O1"))
    own = [f for f in frames if f.before is not None]
    assert own and all(f.seat == 0 for f in own)


def test_a_game_in_progress_replays_up_to_now():
    state = simulate("classic", ["basic", "basic"], 4, {"rounds": 1})
    part = engine.replay(state, 30)
    frames = timeline.build(part, 0, tell=told(part, 0))
    assert len(frames) == 31 and frames[-1].board == part.board


def test_a_move_of_the_log_that_does_not_apply_gives_the_referees_reasons():
    from game.rules import actions as act
    from game.rules.reasons import Reason

    state = simulate("classic", ["basic", "basic"], 4, {"rounds": 1})
    state.actions.insert(1, act.to_log(act.NextRound(), state.board))  # a new round in the middle of one
    with pytest.raises(timeline.ReplayError, match="Move 2 of the log does not apply") as got:
        timeline.build(state, tell=told(state, 0))
    assert [p.code for p in got.value.problems] == [Reason.NEXT_ROUND_EARLY]


def test_old_saves_without_a_log_say_so():
    state = simulate("classic", ["basic", "basic"], 5, {"rounds": 1})
    d = state.to_dict()
    del d["actions"], d["secret"], d["replayable"]
    old = GameState.from_dict(d)
    with pytest.raises(timeline.ReplayError, match="no move log"):
        timeline.build(old, tell=told(old, 0))
    entry = store.entry_from({"state": d})
    assert not entry.ok and "no move log" in entry.note


def test_the_finder_marks_a_turn_where_more_tiles_could_go_down():
    state = rig("classic", ["R3 R4 R5 K9 O9 B9 K1", "K2 K7 O11"], table=["B10 B11 B12"])
    view = engine.view(state, 0)
    board = state.board.copy()
    frame = timeline.Frame(1, 1, 0, "draw", ["You draw a tile."], board, [], [0, 0], [], view)
    missed = timeline.analyse(frame)
    assert missed is not None and missed.more == 6
    check = engine.check_view(view, missed.board)
    assert not check.problems  # the finder's table is a legal play from that position
    # a turn that placed as much as could be placed gets no mark
    played = timeline.Frame(1, 1, 0, "play", [], missed.board, [], [0, 0], list(missed.tiles), view)
    assert timeline.analyse(played) is None


@pytest.mark.slow
def test_kept_games_are_the_newest_and_at_least_a_hundred():
    state = simulate("classic", ["basic", "basic"], 6, {"rounds": 1})
    state.players[0].kind = "human"  # a replay is of a person's game (seat 0 played as basic would)
    for i in range(store.KEEP + 5):
        assert store.keep(state, f"game{i:03d}", 0, when=1_700_000_000 + i) is not None
    assert store.keep(state, "game050", 0) is None  # once per game
    kept = store.entries()
    assert len(kept) == store.KEEP >= 100
    assert kept[0].game_id == f"game{store.KEEP + 4:03d}" and kept[-1].game_id == "game005"
    assert all(e.ok for e in kept[:3])
    # a damaged file is listed with its reason, the others still load
    kept[1].path.write_text("{nope")
    again = store.entries()
    assert not again[1].ok and again[0].ok and again[2].ok


def test_a_finished_game_is_kept_by_the_session():
    from game.play.session import Session

    sess = Session.new("classic", ["basic"], seed=3, options={"rounds": 1})
    st = sess.state
    while st.phase == "play":
        if sess.my_turn:
            sess.draw()
        else:
            sess.computer.run_sync()
    assert st.phase == "game_over"
    kept = store.entries()
    assert len(kept) == 1 and kept[0].game_id == sess.game_id and kept[0].ok
    assert timeline.rebuild(kept[0].state, 0, tell=told(kept[0].state, 0))[1].to_dict()["board"] == st.to_dict()["board"]


@pytest.mark.slow
def test_replay_screen_steps_forward_and_back_and_shows_the_finders_table():
    from game.ui.scenes.replay import ReplayScene

    state = simulate("classic", ["medium", "basic"], 3, {"rounds": 1})
    app = make_app()
    try:
        sc = app.push(ReplayScene(app, state, 0))
        step(app, n=2)
        assert sc.index == 0
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
        assert sc.index == 2
        key(app, pygame.K_LEFT)
        assert sc.index == 1
        key(app, pygame.K_END)
        assert sc.index == len(sc.frames) - 1
        target = next((i for i in sc.analyst.todo if sc.analyst.wait(i) is not None), None)
        assert target is not None
        sc.go(target)
        step(app, n=2)
        assert sc.show.visible and "more tile" in sc.show.label
        click(app, sc.show.rect.center)
        step(app, n=2)
        assert sc.showing and sc.show.label == "Show the game's table"
        key(app, pygame.K_RIGHT)
        assert not sc.showing
        key(app, pygame.K_ESCAPE)
        step(app)
        assert app.top is not sc
    finally:
        app.shutdown()


@pytest.mark.slow
def test_replay_screen_words(monkeypatch):
    from game.ui import theme
    from game.ui.scenes.replay import ReplayScene

    said: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda msg, *a, **kw: said.append(str(msg)) or real(msg, *a, **kw))
    state = simulate("classic", ["medium", "basic"], 3, {"rounds": 1})
    app = make_app()
    try:
        sc = app.push(ReplayScene(app, state, 0))
        step(app, n=2)
        target = next(i for i in sc.analyst.todo if sc.analyst.wait(i) is not None)
        sc.go(target)
        step(app, n=2)
        click(app, sc.show.rect.center)
        step(app, n=2)
        assert sc.showing
        assert any("could have gone down" in t for t in said) and any("best play found" in t for t in said)
        assert not [t for t in said if "finder" in t.lower()]
        # the rack line's points are the rack's value (the score is named as a score)
        said.clear()
        sc.go(len(sc.frames) - 1)
        step(app)
        rack = sc.frames[-1].racks[0]
        line = next(t for t in said if t.startswith("Your rack"))
        assert f"worth {rack_value(rack)} points" in line and f"score {sc.frames[-1].scores[0]}" in line
    finally:
        app.shutdown()


@pytest.mark.slow
def test_replays_list_from_statistics_holds_kept_and_old_games():
    from game.ui.scenes.common import DialogScene
    from game.ui.scenes.replay import ReplayListScene, ReplayScene
    from game.ui.scenes.statistics import StatisticsScene

    state = simulate("classic", ["basic", "basic"], 8, {"rounds": 1})
    state.players[0].kind = "human"  # a replay is of a person's game (seat 0 played as basic would)
    store.keep(state, "newgame", 0, when=1_700_000_100)
    d = state.to_dict()
    del d["actions"], d["secret"], d["replayable"]
    old = GameState.from_dict(d)
    store.keep(old, "oldgame", 0, when=1_700_000_000)
    app = make_app()
    try:
        stats_scene = app.push(StatisticsScene(app))
        step(app, n=2)
        click(app, stats_scene.replay_button.rect.center)
        lst = app.top
        assert isinstance(lst, ReplayListScene) and len(lst.rows) == 2
        step(app, n=2)
        click(app, lst.rows[1].rect.center)  # the old save
        assert isinstance(app.top, DialogScene) and "no move log" in app.top.message
        key(app, pygame.K_RETURN)
        step(app, n=2)
        click(app, lst.rows[0].rect.center)
        assert isinstance(app.top, ReplayScene) and app.top.frames
    finally:
        app.shutdown()


def test_tutorial_and_replay_cores_do_not_import_pygame():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    code = ("import game.tutorial.coach, game.tutorial.lessons, game.tutorial.progress, game.replay.store, "
            "game.replay.timeline\nimport sys\nprint('\\n'.join(sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True).stdout
    mods = set(out.split())
    assert "game.replay.timeline" in mods and "game.tutorial.coach" in mods
    assert not any(m == "pygame" or m.startswith("pygame.") for m in mods)


def test_the_game_in_progress_is_offered_up_to_now():
    from game.play.session import Session
    from game.ui.scenes.replay import in_progress

    assert in_progress() is None
    sess = Session.new("classic", ["basic"], seed=3, options={"rounds": 1})
    for _ in range(6):
        sess.draw() if sess.my_turn else sess.computer.run_sync()
    entry = in_progress()
    assert entry is not None and entry.ok and "in progress" in entry.note
    frames, game = timeline.rebuild(entry.state, entry.viewer, tell=told(entry.state, entry.viewer))
    assert len(frames) == 7 and game.to_dict()["board"] == sess.state.to_dict()["board"]
    assert frames[-1].racks[0] == sess.state.players[0].rack


def test_a_continued_game_shows_the_turns_before_it_was_left_in_its_log():
    from game.ai import FLAT, make_player
    from game.play import computer, turnlog
    from game.rules import engine

    state = engine.new_game("classic", [("You", "medium"), ("Mia", "basic"), ("Otto", "basic")], seed=21)
    live = turnlog.TurnLog(you=0)
    name_of = lambda seat: "You" if seat == 0 else state.players[seat].name  # noqa: E731
    players = {i: make_player(p.kind, seed=i, board=FLAT) for i, p in enumerate(state.players)}
    for _ in range(30):  # as the play screen logs each turn's events while it plays them
        if state.phase != "play":
            break
        seat, before, round_no = state.current, state.board.copy(), state.round
        result = computer.computer_turn(state, players[seat]).result
        for ev in result.events:
            if isinstance(ev, events.Played):
                ev = dataclasses.replace(ev, before=before, after=state.board.copy())
            live.add(ev, name_of, round_no)
    back = turnlog.rebuilt(type(state).from_dict(state.to_dict()), name_of, you=0)
    assert [(e.seat, e.kind, e.lines, e.tiles) for e in back.entries] == [(e.seat, e.kind, e.lines, e.tiles) for e in live.entries]
    assert any(e.kind == "play" for e in back.entries) and back.last_replayable() is not None
    old = state.clone()
    old.replayable = False  # a save from before the log: nothing to tell, and no error
    assert turnlog.rebuilt(old, name_of).entries == []


def test_a_play_is_told_by_its_sets_as_the_turn_log_tells_it():
    from uihelp import tiles

    run, group = tiles("R2 R3 R4"), tiles("K10 R10 O10")
    before, after = Board(), Board()
    after.place_line((0, 0), run)
    after.place_line((1, 0), group)
    played = events.Played(1, tuple(group + run), True, 39, before=before, after=after)
    said = Narrator(["You", "Mia"], 0).tell(played)
    assert said == "Mia lays a red 2-4 run. Mia lays a group of 10s (initial meld, 39 points)."
    assert Narrator(["You", "Mia"], 1).tell(played).startswith("You lay a red 2-4 run.")
    # without the table (an event from an older log): tile by tile, as before
    assert Narrator(["You", "Mia"], 0).tell(events.Played(1, tuple(run), False)) == "Mia plays 3 tiles: red 2, red 3, red 4."


def test_the_replay_log_says_each_play_as_the_play_screens_turn_log():
    from game.play import computer, turnlog

    state = engine.new_game("classic", [("You", "medium"), ("Mia", "basic"), ("Otto", "basic")], seed=21)
    players = {i: make_player(p.kind, seed=i, board=FLAT) for i, p in enumerate(state.players)}
    for _ in range(30):
        if state.phase != "play":
            break
        computer.computer_turn(state, players[state.current])
    name_of = lambda seat: "You" if seat == 0 else state.players[seat].name  # noqa: E731
    log = turnlog.rebuilt(state, name_of, you=0)  # the play screen's turn log of the same game
    frames = timeline.build(state, 0, tell=told(state, 0))
    plays = [f for f in frames if f.kind == "play"]
    entries = [e for e in log.entries if e.kind == "play"]
    assert len(plays) == len(entries) >= 3
    for f, e in zip(plays, entries):
        assert f.lines[0].startswith(". ".join(e.lines)), (f.lines, e.lines)
    assert any(" run" in f.lines[0] or "group of" in f.lines[0] for f in plays)


def test_the_deal_says_you_start_when_the_viewer_starts():
    # the player is named "You" on screen whatever their name
    for seed in range(40):
        state = engine.new_game("classic", [("Alex", "human"), ("Mia", "basic")], seed=seed,
                                secret=derived_secret("replay-test", seed))
        if state.current == 0:
            break
    else:
        pytest.skip("no seed where the viewer starts")
    frames = timeline.build(state, 0, tell=told(state, 0))
    assert frames[0].lines == ["Round 1 is dealt: You start."]
