"""A full disk at a game's end loses nothing that matters: the result and the replay are written
when space comes back (the game waits in memory), the finished game never comes back as a game in
progress, and the player is told once that saving failed and once that it works again.  The disk
is full by a monkeypatched write (ENOSPC), not a real one."""

from __future__ import annotations

import pytest
from helpers import FullDisk
from helpers import play_session as play

from game.play import unsaved
from game.play.session import Session
from game.replay import store
from game.storage import saves, stats

pytestmark = pytest.mark.logged_errors  # a full disk: the failed saves are logged


@pytest.fixture
def disk(monkeypatch):
    return FullDisk(monkeypatch)


def game_that_ends_on_a_full_disk(disk) -> Session:
    sess = Session.new("classic", ["basic"], seed=3, options={"rounds": 1})
    play(sess, until=lambda s: s.state.total_turns >= 3)
    assert saves.load_game("autosave").ok  # the game in progress is on disk
    disk.full = True
    play(sess)
    assert disk.refused and unsaved.waiting() == 1
    return sess


def test_the_finished_game_waits_and_never_comes_back_as_a_game_in_progress(disk):
    sess = game_that_ends_on_a_full_disk(disk)
    assert not stats.stats_path().exists() and not store.kept(sess.game_id)
    got = saves.load_game("autosave")
    assert got.missing and not got.ok  # the earlier turn's save was set aside, not offered to continue
    folder = saves.slot_path("autosave").parent
    assert list(folder.glob("autosave.json.finished-*"))  # kept while the game waits
    assert not any(info.exists for info in saves.list_slots() if not info.finished)
    notice = unsaved.take_notice()
    assert "could not be saved (no space left on device)" in notice
    assert unsaved.retry() is False and unsaved.take_notice() == ""  # told once


def test_when_space_comes_back_the_result_and_the_replay_are_written_once(disk):
    sess = game_that_ends_on_a_full_disk(disk)
    unsaved.take_notice()
    disk.full = False
    assert unsaved.retry() and unsaved.waiting() == 0
    assert unsaved.take_notice() == unsaved.WORKS_AGAIN and unsaved.take_notice() == ""
    counted = stats.load_stats().get("classic")
    assert counted.games == 1 and counted.recent[-1]["id"] == sess.game_id
    assert store.kept(sess.game_id) and [e.ok for e in store.entries()] == [True]
    assert not saves.load_game("autosave").ok  # the finished game is cleared from the autosave, as always
    assert unsaved.retry() and stats.load_stats().get("classic").games == 1


def test_a_new_game_saved_after_space_comes_back_writes_the_waiting_game_first(disk):
    old = game_that_ends_on_a_full_disk(disk)
    disk.full = False
    new = Session.new("classic", ["basic"], seed=4, options={"rounds": 1})
    new.begin()  # its first save
    assert unsaved.waiting() == 0 and stats.load_stats().get("classic").recent[-1]["id"] == old.game_id
    got = saves.load_game("autosave")
    assert got.ok and got.session["game_id"] == new.game_id
    assert not saves.load_game(saves.kept_slot("classic")).ok  # the finished game was not put aside as unfinished


def test_the_app_tells_the_player_once_each_way_and_retries_by_itself(disk):
    from uidrive import make_app, step

    from game.ui.scenes.common import DialogScene

    app = make_app(speed=0.0)
    try:
        game_that_ends_on_a_full_disk(disk)
        step(app)
        assert isinstance(app.top, DialogScene) and "could not be saved" in app.top.message
        app.pop()
        step(app, n=5, dt=unsaved.RETRY_EVERY)
        assert not isinstance(app.top, DialogScene)  # still full: not said again
        disk.full = False
        step(app, n=2, dt=unsaved.RETRY_EVERY)
        assert isinstance(app.top, DialogScene) and app.top.message == unsaved.WORKS_AGAIN
        assert stats.load_stats().get("classic").games == 1
    finally:
        app.shutdown()


def test_an_idle_app_still_wakes_to_try_again(disk):
    from uidrive import make_app, step

    app = make_app(speed=0.0)
    try:
        for _ in range(200):  # until the title is at rest (nothing moves: no frame until input)
            step(app, dt=0.5)
            if app.resting_for() is None:
                break
        assert app.resting_for() is None
        game_that_ends_on_a_full_disk(disk)
        app.keep_saving()
        app.pop()  # the notice
        for _ in range(200):
            step(app, dt=0.5)
            if app.resting_for() != 0.0:
                break
        wait = app.resting_for()
        assert wait is not None and wait <= unsaved.RETRY_EVERY
    finally:
        app.shutdown()


def test_a_failed_turn_save_is_said_once_and_so_is_saving_working_again(disk):
    from uidrive import make_app, step
    from uihelp import human_session

    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play.scene import SAVING_WORKS_AGAIN

    app = make_app(speed=0.0)
    try:
        s = human_session("R10 R11 R12 K5 B7", autosave=True)
        play = app.push(PlayScene(app, s))
        step(app)
        disk.full = True
        assert s.draw().ok
        step(app)
        said = [t.text for t in play.toasts]
        assert any("No space left" in t for t in said)
        s.computer.run_sync()  # the next turns fail the same way: nothing new is said
        step(app)
        assert [t.text for t in play.toasts].count(said[-1]) == 1 and SAVING_WORKS_AGAIN not in said
        disk.full = False
        while not s.my_turn:
            s.computer.run_sync()
        step(app)
        assert SAVING_WORKS_AGAIN in [t.text for t in play.toasts]
        assert saves.load_game("autosave").state.total_turns == s.state.total_turns
    finally:
        app.shutdown()


def test_the_words_saving_works_again_replace_the_failure_on_screen_at_once():
    from uidrive import make_app, step
    from uihelp import human_session

    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.play.scene import SAVING_WORKS_AGAIN

    app = make_app(speed=0.0)
    try:
        s = human_session("R10 R11 R12 K5 B7", autosave=True)
        play = app.push(PlayScene(app, s))
        for _ in range(100):  # until the screen is at rest
            step(app, dt=0.2)
            if app.resting_for() is None:
                break
        s.saver.error = "could not save the game (not saved: No space left on device)"
        step(app, n=2)
        drawn = app.frames_drawn
        s.saver.error = ""
        step(app)
        texts = [t.text for t in play.toasts]
        assert SAVING_WORKS_AGAIN in texts and not any("No space" in t for t in texts)
        assert app.frames_drawn > drawn  # the same number of notices, other words: drawn now
    finally:
        app.shutdown()
