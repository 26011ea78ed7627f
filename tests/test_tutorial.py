"""The tutorial: every lesson driven to its end with synthesised input on the real play screen,
the coach's verdicts and nudges, remembered progress, the title's first lesson."""

from __future__ import annotations

import json

import pygame
import pytest

from game.rules import actions as act
from game.tutorial import coach, progress
from game.tutorial import lessons as data
from game.play import reasons
from game.play.session import Session
from uidrive import DT, cell_center, click, drag, key, make_app, run_until, settle, step, tile_center

STEPS = [(tr["key"], li, si) for tr in data.TRACKS for li, le in enumerate(tr["lessons"]) for si in range(len(le["steps"]))]
LESSONS = [(tr["key"], li) for tr in data.TRACKS for li in range(len(tr["lessons"]))]


def claim_action(cell) -> act.Claim:
    return act.claim("claim", cell=[cell[0], cell[1]], vertical=cell[2])


def _try(track, step, moves):
    state = coach.build_state(track, step)
    sess = Session(state, autosave=False)
    for text, cell in moves:
        if text == "claim":
            return state, coach.judge_claim(step, state, claim_action(cell), reasons)
        ids = coach.resolve(state, sess.table(), list(sess.rack.slots), text)
        assert sess.move(ids, "table", tuple(cell)).ok, text
    return state, coach.judge(step, state, sess.draft, reasons)


@pytest.mark.parametrize("track_key,li,si", STEPS)
def test_solution_passes_and_wrong_try_gets_its_nudge(track_key, li, si):
    track = data.track(track_key)
    step = track["lessons"][li]["steps"][si]
    state, right = _try(track, step, step["solution"])
    assert right.ok, right.text
    moves, phrase = step["wrong"]
    _, wrong = _try(track, step, moves)
    assert not wrong.ok
    assert phrase in wrong.text
    assert wrong.text and "invalid" not in wrong.text.lower()
    # the position is a real game: every tile accounted for, the player to move
    assert not state.conservation_problems() and state.current == 0


def test_every_rule_set_has_a_track():
    from game.rules.variants import REGISTRY

    tracks = {tr["variant"] for tr in data.TRACKS}
    assert tracks == set(REGISTRY)
    r200 = {lesson["key"] for lesson in data.RUMMI200KUB["lessons"]}
    assert r200 == {"crossing", "claim", "hijack", "lock", "exact-200"}
    json.dumps(data.TRACKS)  # plain data


def test_nudge_names_the_missing_tile():
    from game.rules.tiles import parse_tiles

    assert coach.diagnose([int(t) for t in parse_tiles("R6 R8")], reasons) == "That run needs the red 7 between the 6 and the 8."
    assert "red 7 to 8" in coach.diagnose([int(t) for t in parse_tiles("R6 R9 R10")], reasons)
    assert "does not belong" in coach.diagnose([int(t) for t in parse_tiles("R6 R7 B8")], reasons)
    assert "two red" in coach.diagnose([int(t) for t in parse_tiles("R6 B6 R6")], reasons)


def test_a_legal_play_that_is_not_the_lesson_gets_told_what_to_make():
    track = data.CLASSIC
    step = track["lessons"][0]["steps"][1]  # the group of 9s; the rack holds the black 11 and blue 12 too
    state, verdict = _try(track, step, [["R9 K9 B9", [1, 2]], ["B12", [3, 2]]])
    assert not verdict.ok  # a lone blue 12 is not a set
    state, verdict = _try(track, step, [["K9", [1, 2]], ["R9", [1, 3]], ["t:K9", [1, 2]]])
    assert not verdict.ok


def test_progress_is_remembered_and_a_damaged_file_starts_again():
    assert progress.load() == set() and not progress.exists()
    assert progress.mark_done("classic/sets")
    assert progress.load() == {"classic/sets"} and progress.exists()
    from game.storage import persistence

    assert progress.mark_done("classic/initial")  # the first file is now the backup
    (persistence.data_dir() / progress.FILE).write_text("{broken")
    assert progress.load() == {"classic/sets"}  # the damaged file is set aside, the backup is read
    progress.mark_done("classic/split")
    assert progress.load() == {"classic/sets", "classic/split"}


# -- the real screen, driven with synthesised input --------------------------------------------------


def _drag_tile(app, scene, tile, cell):
    settle(app, scene)
    drag(app, tile_center(scene, tile), cell_center(scene, "table", cell))
    settle(app, scene)


def _play_step(app, scene):
    """Do the step's moves with the mouse, one tile at a time, then press End turn."""
    sess = scene.session
    for text, cell in scene.step["solution"]:
        if text == "claim":  # Claim a set (C), then a click on one of the set's tiles
            key(app, pygame.K_c)
            settle(app, scene)
            click(app, tile_center(scene, sess.state.board.get((cell[0], cell[1]))))
            return
        r, c = cell
        ids = coach.resolve(sess.state, sess.table(), list(sess.rack.slots), text)
        for k, t in enumerate(ids):
            _drag_tile(app, scene, t, (r, c + k))
            # the drop lands where the table's set rules put it (joined to the set it touches, in order)
            assert any((x == t or x >> 1 == t >> 1) for x in sess.table().tiles())
    click(app, scene.layout().buttons["end"].center)


@pytest.mark.slow
@pytest.mark.parametrize("track_key,li", LESSONS)
def test_each_lesson_driven_to_its_end(track_key, li):
    from game.ui.scenes.common import DialogScene
    from game.ui.scenes.lesson import LessonScene
    from game.ui.scenes.tutorial import TutorialScene

    app = make_app(speed=4.0)
    try:
        menu = app.push(TutorialScene(app, track_key))
        step(app, n=2)
        click(app, menu.lesson_buttons[li].rect.center)
        track = data.track(track_key)
        lesson = track["lessons"][li]
        for si in range(len(lesson["steps"])):
            scene = app.top
            assert isinstance(scene, LessonScene) and scene.step_index == si
            settle(app, scene)
            # a wrong try first: the card shows its nudge, nothing is played
            moves, phrase = scene.step["wrong"]
            sess = scene.session
            for text, cell in moves:
                if text == "claim":
                    assert not sess.human_action(claim_action(cell)).ok
                    break
                ids = coach.resolve(sess.state, sess.table(), list(sess.rack.slots), text)
                assert scene.move_tiles(ids, "table", tuple(cell))
            else:
                key(app, pygame.K_SPACE)
            assert scene.verdict is not None and not scene.verdict.ok and phrase in scene.verdict.text
            if sess.draft_changed:
                click(app, scene.layout().buttons["reset"].center)
                assert not sess.draft_changed
            _play_step(app, scene)
            assert scene.verdict is not None and scene.verdict.ok, scene.verdict.text
            if si + 1 < len(lesson["steps"]):
                run_until(app, lambda: app.top is not scene, 10)
            else:
                run_until(app, lambda: isinstance(app.top, DialogScene), 10)
        assert isinstance(app.top, DialogScene) and app.top.title == "Lesson done"
        assert data.lesson_key(track_key, lesson["key"]) in progress.load()
        step(app, n=3)
        click(app, app.top.group.widgets[-1].rect.center)  # All lessons
        step(app, n=2)
        assert app.top is menu
        assert "done" in menu.lesson_buttons[li].label  # every lesson can be played again
    finally:
        app.shutdown()


def test_a_first_time_player_gets_the_first_lesson_from_the_title():
    from game.ui.scenes.lesson import LessonScene
    from game.ui.scenes.title import TitleScene

    app = make_app()
    try:
        title = app.top
        assert isinstance(title, TitleScene)
        step(app, n=3)
        learn = title.group.widgets[2]
        assert learn.label.startswith("Start here") and title.group.focus == 2
        key(app, pygame.K_RETURN)
        assert isinstance(app.top, LessonScene)
        assert app.top.track["key"] == "classic" and app.top.lesson_index == 0
        key(app, pygame.K_ESCAPE)
        step(app, n=2)
        app.pop_to("title")
        title.refresh()
        assert title.group.widgets[2].label == "Learn to play"  # no longer a first-time player
    finally:
        app.shutdown()


def test_the_penalty_lesson_plays_the_penalty_for_real():
    from game.ui.scenes.lesson import LessonScene

    app = make_app(speed=4.0)
    try:
        scene = app.push(LessonScene(app, data.GOLDEN, 0, 0))
        settle(app, scene)
        sess = scene.session
        before = len(sess.state.players[0].rack)
        for text, cell in scene.step["solution"]:
            scene.move_tiles(coach.resolve(sess.state, sess.table(), list(sess.rack.slots), text), "table", tuple(cell))
        scene.end_or_draw()
        assert scene.verdict.ok
        assert len(sess.state.players[0].rack) == before + 3  # the table went back and 3 tiles were drawn
        for _ in range(int(1.0 / DT)):
            step(app)
        assert sess.state.current == 1 and not sess.computer.thinking  # the other seats wait
    finally:
        app.shutdown()


def test_the_real_game_opens_the_first_lesson_for_a_first_time_player_once():
    from game.storage import persistence
    from game.ui.scenes.lesson import LessonScene
    from game.ui.scenes.title import TitleScene
    from game.ui.scenes.tutorial import TutorialScene

    app = make_app(welcome=True)
    try:
        assert isinstance(app.top, LessonScene)
        assert app.top.track["key"] == "classic" and app.top.lesson_index == 0
        assert [type(s) for s in app.scenes] == [TitleScene, TutorialScene, LessonScene]
    finally:
        app.shutdown()
    again = make_app(welcome=True)  # the lesson was offered: the next start shows the title
    try:
        assert isinstance(again.top, TitleScene)
    finally:
        again.shutdown()
    assert (persistence.data_dir() / progress.FILE).exists()


def test_a_player_with_a_saved_game_starts_on_the_title():
    from game.storage.saves import session_bridge
    from game.ui.scenes.title import TitleScene
    from uihelp import human_session

    assert session_bridge.autosave(human_session(seed=3).to_dict()).ok
    app = make_app(welcome=True)
    try:
        assert isinstance(app.top, TitleScene) and app.top.group.widgets[0].label == "Continue"
    finally:
        app.shutdown()
