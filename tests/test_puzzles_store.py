"""The puzzle records (rush bests, the daily streak, pack stars) and that they survive damage."""

from __future__ import annotations

import datetime as dt
import json
import os

import pytest

from game.storage import arcade, persistence


def test_bests_per_mode():
    a, new = arcade.record_rush("rush-3min", 1200, 6, 4)
    assert new and a.message == ""
    a, new = arcade.record_rush("rush-3min", 900, 8, 2)
    assert not new
    a, new = arcade.record_rush("survival", 300, 2, 2)
    b = arcade.load_arcade().best("rush-3min")
    assert (b.runs, b.best_score, b.most_solved, b.best_streak) == (2, 1200, 8, 4)
    assert arcade.load_arcade().best("survival").runs == 1
    assert arcade.load_arcade().best("rush-5min").runs == 0
    for bad in (("", 1, 1, 1), ("rush-3min", -1, 1, 1), ("rush-3min", 1.5, 1, 1), ("rush-3min", 1, True, 1)):
        with pytest.raises(ValueError):
            arcade.record_rush(*bad)


def test_daily_streak_counts_days_in_a_row():
    day = dt.date(2026, 11, 20)
    for k in (0, 1, 2, 4, 5):
        arcade.record_daily(day + dt.timedelta(days=k))
    arcade.record_daily(day + dt.timedelta(days=5))  # twice the same day changes nothing
    a = arcade.load_arcade()
    assert len(a.daily_solved) == 5 and a.daily_best_streak == 3
    assert arcade.daily_streak(a, day + dt.timedelta(days=5)) == 2
    assert arcade.daily_streak(a, day + dt.timedelta(days=6)) == 2  # today's still open
    assert arcade.daily_streak(a, day + dt.timedelta(days=7)) == 0
    arcade.record_daily(day + dt.timedelta(days=3))
    a = arcade.load_arcade()
    assert a.daily_best_streak == 6 and arcade.daily_streak(a, day + dt.timedelta(days=5)) == 6


def test_pack_stars_keep_the_best():
    arcade.record_pack(2, 5, 2)
    arcade.record_pack(2, 5, 1)
    arcade.record_pack(2, 6, 0)
    assert arcade.load_arcade().packs == {(2, 5): 2}
    arcade.record_pack(2, 5, 3)
    assert arcade.load_arcade().packs == {(2, 5): 3}
    with pytest.raises(ValueError):
        arcade.record_pack(2, 5, 4)


def test_damaged_file_falls_back_to_the_backup_then_starts_afresh():
    arcade.record_rush("rush-5min", 500, 3, 3)
    arcade.record_pack(1, 1, 3)  # the first state is now the backup
    path = arcade.arcade_path()
    data = json.loads(path.read_text())
    data["packs"]["01-01"] = 7  # a hand edit: seven stars
    path.write_text(json.dumps(data))
    a = arcade.load_arcade()
    assert a.source == "backup" and "damaged" in a.message and "01-01" in a.message
    assert a.best("rush-5min").best_score == 500 and a.packs == {}
    assert arcade.take_notice() == a.message and arcade.take_notice() == ""
    kept = list(path.parent.glob("arcade.json.damaged-*"))
    assert len(kept) == 1 and '"01-01": 7' in kept[0].read_text()
    assert arcade.load_arcade().source == "file"

    path.write_bytes(b"\xff\xfe not json")
    persistence.backup_path(path).write_text("[]")
    a = arcade.load_arcade()
    assert a.source == "fresh" and a.bests == {} and "started afresh" in a.message
    assert len(list(path.parent.glob("arcade.json*.damaged-*"))) == 3  # nothing deleted
    arcade.record_rush("rush-5min", 10, 1, 1)
    assert arcade.load_arcade().best("rush-5min").runs == 1


@pytest.mark.parametrize("edit", [
    lambda d: d.update(schema=0),
    lambda d: d["daily"].update(solved=["2026-11-02", "2026-11-01"]),
    lambda d: d["daily"].update(solved=["2026-02-30"]),
    lambda d: d["daily"].update(best_streak=0),
    lambda d: d["bests"]["rush-3min"].update(best_score=-5),
    lambda d: d["bests"]["rush-3min"].update(runs=0),
    lambda d: d["bests"].update({"\u200b": d["bests"]["rush-3min"]}),
    lambda d: d["packs"].update({"1-1": 2}),
    lambda d: d.update(packs=[]),
])
def test_hand_edits_are_refused_with_a_reason(edit):
    arcade.record_rush("rush-3min", 50, 1, 1)
    arcade.record_daily(dt.date(2026, 11, 1))
    path = arcade.arcade_path()
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data))
    os.remove(persistence.backup_path(path))
    a = arcade.load_arcade()
    assert a.source == "fresh" and "damaged" in a.message and a.bests == {}
    assert list(path.parent.glob("arcade.json.damaged-*"))


def test_an_unreadable_file_is_left_alone():
    path = arcade.arcade_path()
    path.mkdir(parents=True)  # a folder where the file should be, and an older backup beside it
    persistence.backup_path(path).write_text(json.dumps({"format": "tile-rush-arcade", "schema": 1, "bests": {},
                                                          "daily": {"solved": [], "best_streak": 0}, "packs": {}}))
    a = arcade.load_arcade()
    assert "could not be read" in a.message and a.bests == {}
    got, _new = arcade.record_rush("rush-3min", 5, 1, 1)  # no crash, and nothing written over it
    assert path.is_dir() and got.message
    assert json.loads(persistence.backup_path(path).read_text())["bests"] == {}  # the backup was not used either


def test_a_file_from_a_newer_version_is_left_as_it_is():
    arcade.record_rush("rush-3min", 50, 1, 1)
    path = arcade.arcade_path()
    data = json.loads(path.read_text())
    data["schema"] = 2
    path.write_text(json.dumps(data))
    a = arcade.load_arcade()
    assert "newer version" in a.message and a.bests == {}
    arcade.record_rush("rush-3min", 999, 5, 5)
    assert json.loads(path.read_text())["schema"] == 2  # not written over
    assert not list(path.parent.glob("arcade.json*.damaged-*"))
