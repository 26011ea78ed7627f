"""The autosave copies set aside when a game finished on a full disk (``autosave.json.finished-*``,
an earlier turn of that game) are removed once the finished game is on disk whole (its replay
kept): when space comes back, or at the next start.  A copy whose game never reached the disk (the
player quit anyway), or that cannot be read, is the only copy of something and stays.  The disk is
full by a monkeypatched write (ENOSPC), not a real one."""

from __future__ import annotations

import os

import pytest
from helpers import FullDisk
from helpers import play_session as play

from game.play import unsaved
from game.play.session import Session
from game.replay import store
from game.storage import persistence, saves

pytestmark = pytest.mark.logged_errors  # a full disk: the failed saves are logged


@pytest.fixture
def disk(monkeypatch):
    return FullDisk(monkeypatch)


def set_aside():
    return sorted(p.name for p in saves.slot_path("autosave").parent.glob("autosave.json*.finished-*"))


def game_that_ends_on_a_full_disk(disk, seed: int = 3) -> Session:
    sess = Session.new("classic", ["basic"], seed=seed, options={"rounds": 1})
    play(sess, until=lambda s: s.state.total_turns >= 3)
    disk.full = True
    play(sess)
    assert unsaved.waiting() == 1 and set_aside()  # the earlier turn is set aside
    return sess


def test_the_copies_set_aside_go_once_the_finished_game_is_on_disk(disk):
    sess = game_that_ends_on_a_full_disk(disk)
    assert unsaved.retry() is False and set_aside()  # still full: kept
    disk.full = False
    assert unsaved.retry() and store.kept(sess.game_id)
    assert set_aside() == []


def test_a_game_that_never_reached_the_disk_keeps_its_copy(disk):
    game_that_ends_on_a_full_disk(disk)
    unsaved.forget()  # the player quit anyway: the result and the replay are lost
    disk.full = False
    kept = set_aside()
    assert unsaved.drop_set_aside() == [] and set_aside() == kept


def test_at_start_only_the_copies_of_games_on_disk_go(disk):
    lost = game_that_ends_on_a_full_disk(disk, seed=3)
    unsaved.forget()  # quit while the disk was full
    lost_copies = set_aside()
    disk.full = False
    saved = game_that_ends_on_a_full_disk(disk, seed=5)
    assert set_aside() != lost_copies
    disk.full = False
    unsaved.forget()
    store.keep(saved.state, saved.game_id)  # the second game's replay reached the disk another way
    from game.cli.app import claim_data_folder
    from game.storage import locks

    claim = claim_data_folder()
    try:
        assert set_aside() == lost_copies and not store.kept(lost.game_id)
    finally:
        if isinstance(claim, locks.InstanceLock):
            claim.release()


def test_an_unreadable_copy_or_a_special_file_stays(disk):
    folder = saves.slot_path("autosave").parent
    (folder / "autosave.json.finished-20260101-000000").write_text("{ not json", encoding="utf-8")
    os.mkfifo(folder / "autosave.json.finished-20260101-000001")
    assert unsaved.drop_set_aside() == []
    assert set_aside() == ["autosave.json.finished-20260101-000000", "autosave.json.finished-20260101-000001"]


def test_a_read_only_copy_removes_nothing(disk):
    sess = game_that_ends_on_a_full_disk(disk)
    unsaved.forget()
    disk.full = False
    store.keep(sess.state, sess.game_id)
    persistence.set_read_only("already open")
    try:
        assert unsaved.drop_set_aside() == [] and set_aside()
    finally:
        persistence.set_read_only("")
    assert unsaved.drop_set_aside() and set_aside() == []


def test_two_games_set_aside_in_the_same_second_keep_both(disk, monkeypatch):
    import time

    monkeypatch.setattr(time, "strftime", lambda fmt, *a: "20260101-000000")
    first = game_that_ends_on_a_full_disk(disk, seed=3)
    unsaved.forget()
    disk.full = False
    second = game_that_ends_on_a_full_disk(disk, seed=5)
    unsaved.forget()
    games = {unsaved_game(p) for p in set_aside()}
    assert games == {first.game_id, second.game_id} and len(set_aside()) == 4


def unsaved_game(name: str) -> str:
    from game.storage.saves import shelf

    return shelf.set_aside_game(saves.slot_path("autosave").parent / name)
