"""The room kept for a finished game (``game.storage.reserve``): a game that ends after the disk
filled up is saved at once (final position, replay, result), so quitting while the disk is still
full loses nothing.  The disk is a byte budget behind a monkeypatched write: full, except for the
room given back when the reserve file is removed."""

from __future__ import annotations

import os
from collections import namedtuple

import pytest
from helpers import FullDisk
from helpers import play_session as play

from game.play import unsaved
from game.play.session import Session
from game.replay import store
from game.storage import persistence, reserve, saves, stats

pytestmark = pytest.mark.logged_errors  # a full disk: the failed saves are logged


class Disk(FullDisk):
    """Full when ``full`` is set: then only the room of a removed reserve file can be written."""

    def __init__(self, monkeypatch) -> None:
        super().__init__(monkeypatch)
        self.used = 0

    def refuses(self, data: bytes) -> bool:
        room = 0 if reserve.path().exists() else reserve.SIZE
        if self.used + len(data) > room:
            return True
        self.used += len(data)
        return False


@pytest.fixture
def disk(monkeypatch):
    return Disk(monkeypatch)


def game_that_ends_on_a_full_disk(disk) -> Session:
    persistence.data_dir()
    assert reserve.ensure() and reserve.held()  # as the game does when it starts
    sess = Session.new("classic", ["basic"], seed=3, options={"rounds": 1})
    play(sess, until=lambda s: s.state.total_turns >= 3)
    disk.full = True
    play(sess)
    assert disk.refused  # the last turns' saves were refused: the disk really was full
    return sess


def on_disk(game_id: str) -> bool:
    counted = stats.load_stats().get("classic")
    return counted.games == 1 and counted.recent[-1]["id"] == game_id and store.kept(game_id)


def test_a_game_that_ends_on_a_full_disk_is_saved_in_the_kept_room(disk):
    sess = game_that_ends_on_a_full_disk(disk)
    assert unsaved.waiting() == 0 and not reserve.path().exists()
    assert on_disk(sess.game_id)
    assert saves.load_game("autosave").missing  # cleared once the result was on disk, as usual
    assert not list(saves.slot_path("autosave").parent.glob("autosave.json.finished-*"))  # nothing stale
    assert unsaved.take_notice() == unsaved.ROOM_USED and unsaved.take_notice() == ""  # said once
    unsaved.forget()  # the player quits while the disk is still full: the game is on disk all the same
    assert on_disk(sess.game_id)


def test_without_the_kept_room_the_game_waits_and_keeping_room_follows_when_space_comes_back(disk):
    persistence.data_dir()
    sess = Session.new("classic", ["basic"], seed=3, options={"rounds": 1})
    play(sess, until=lambda s: s.state.total_turns >= 3)
    disk.full = True  # and no room kept: the disk was already nearly full when the game started
    play(sess)
    assert unsaved.waiting() == 1 and "could not be saved" in unsaved.take_notice()
    disk.full = False
    assert unsaved.retry() and on_disk(sess.game_id)
    assert unsaved.take_notice() == unsaved.WORKS_AGAIN
    assert reserve.held()  # room kept again for the next game


def test_the_app_says_the_game_was_saved_but_the_disk_is_full(disk):
    from uidrive import make_app, step

    from game.ui.scenes.common import DialogScene

    app = make_app(speed=0.0)
    try:
        game_that_ends_on_a_full_disk(disk)
        step(app)
        assert isinstance(app.top, DialogScene) and app.top.message == unsaved.ROOM_USED
        assert app.top.title == unsaved.TITLES[unsaved.ROOM_USED]
    finally:
        app.shutdown()


def test_the_room_is_kept_only_when_the_disk_has_plenty(monkeypatch):
    home = persistence.data_dir()
    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(reserve.shutil, "disk_usage", lambda p: usage(10**9, 10**9, reserve.MIN_FREE - 1))
    assert not reserve.ensure() and not (home / reserve.RESERVE_FILE).exists()
    monkeypatch.setattr(reserve.shutil, "disk_usage", lambda p: usage(10**9, 0, reserve.MIN_FREE))
    assert reserve.ensure()
    data = (home / reserve.RESERVE_FILE).read_bytes()
    assert len(data) == reserve.SIZE and len(set(data[:4096])) > 200  # random: no file system can shrink it
    assert reserve.release() and not reserve.release()  # removed once; nothing to give back after


def test_a_short_reserve_is_written_whole_again():
    home = persistence.data_dir()
    (home / reserve.RESERVE_FILE).write_bytes(b"x" * 100)  # a reserve cut short (a kill while writing it)
    assert not reserve.held() and reserve.ensure() and reserve.held()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_or_a_folder_of_that_name_is_left_alone():
    home = persistence.data_dir()
    p = home / reserve.RESERVE_FILE
    os.mkfifo(p)
    assert not reserve.ensure() and not reserve.release() and p.is_fifo()  # never opened, never removed
    p.unlink()
    p.mkdir()
    assert not reserve.ensure() and not reserve.release() and p.is_dir()


def test_a_read_only_copy_neither_keeps_nor_gives_back_room():
    home = persistence.data_dir()
    persistence.set_read_only("already open")
    try:
        assert not reserve.ensure() and not (home / reserve.RESERVE_FILE).exists()
    finally:
        persistence.set_read_only("")
    assert reserve.ensure()
    persistence.set_read_only("already open")
    try:
        assert not reserve.release() and reserve.held()
    finally:
        persistence.set_read_only("")


def test_the_game_keeps_the_room_when_it_claims_its_data_folder():
    from game.cli.app import claim_data_folder
    from game.storage import locks

    claim = claim_data_folder()
    try:
        assert claim is not None and reserve.held()
    finally:
        if isinstance(claim, locks.InstanceLock):
            claim.release()


def a_game_waiting_for_the_disk(disk) -> Session:
    """No room kept (the disk was nearly full at start) and the disk fills before the game's end."""
    sess = Session.new("classic", ["basic"], seed=3, options={"rounds": 1})
    play(sess, until=lambda s: s.state.total_turns >= 3)
    disk.full = True
    play(sess)
    assert unsaved.waiting() == 1
    return sess


def shown_waiting(app, disk) -> Session:
    """``a_game_waiting_for_the_disk`` with the app running: its "could not be saved" notice seen
    and dismissed, the title screen on top."""
    from uidrive import step

    sess = a_game_waiting_for_the_disk(disk)
    step(app)
    app.pop()  # "could not be saved"
    return sess


def test_closing_the_window_while_a_finished_game_waits_asks_first(disk, app):
    import pygame

    from game.ui.scenes.common import DialogScene

    shown_waiting(app, disk)
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.running and isinstance(app.top, DialogScene) and app.top.title == unsaved.QUIT_TITLE
    app.top.back()  # Esc: keep Tile Rush open
    assert app.running and not isinstance(app.top, DialogScene)
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.running and app.top.title == unsaved.QUIT_TITLE  # asked again
    app.dispatch(pygame.event.Event(pygame.QUIT))  # closing once more while asked: quits
    assert not app.running


def test_with_room_again_closing_saves_the_game_and_quits_without_asking(disk, app):
    import pygame

    sess = shown_waiting(app, disk)
    disk.full = False
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert not app.running and on_disk(sess.game_id)


def test_the_titles_quit_asks_too(disk, app):
    from game.ui.scenes.common import DialogScene

    shown_waiting(app, disk)
    quit_button = next(w for w in app.top.group.widgets if getattr(w, "label", "") == "Quit")
    quit_button.activate()
    assert app.running and isinstance(app.top, DialogScene) and app.top.title == unsaved.QUIT_TITLE
    app.top.group.widgets[0].activate()  # "Quit anyway"
    assert not app.running


def test_the_question_goes_when_the_game_reaches_the_disk_while_it_is_asked(disk, app):
    import pygame
    from uidrive import step

    shown_waiting(app, disk)
    app.dispatch(pygame.event.Event(pygame.QUIT))
    assert app.top.title == unsaved.QUIT_TITLE
    disk.full = False
    step(app, n=2, dt=unsaved.RETRY_EVERY)
    assert app.top.message == unsaved.WORKS_AGAIN
    app.pop()
    assert app.top.name == "title" and app.running  # the question is gone with the reason for it
