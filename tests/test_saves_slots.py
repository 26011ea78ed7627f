"""Saved games in their slots: backups, damaged files kept aside, failed and interrupted writes, the slot
list, the bridge the play screens call, and tournament saves."""

from __future__ import annotations

import os
import re
import time

import pytest

from game.storage import persistence, saves
from game.storage.saves import session_bridge

from savehelp import played


# -- slots, backups, damaged files ----------------------------------------------------------------


def test_load_falls_back_to_the_backup_and_keeps_the_damaged_file():
    first = played("classic", 4, seed=2)
    second = played("classic", 5, seed=2)
    assert saves.autosave(first).ok and saves.autosave(second).ok
    path = saves.slot_path("autosave")
    assert persistence.backup_path(path).exists()
    damaged_bytes = path.read_bytes()[:500]
    path.write_bytes(damaged_bytes)

    got = saves.load_game("autosave")
    assert got.ok and got.recovered_from_backup
    assert got.state.to_dict() == first.to_dict()
    assert "damaged" in got.message and "not valid JSON" in got.message
    assert len(got.damaged_files) == 1
    kept = got.damaged_files[0]
    assert re.fullmatch(r"autosave\.json\.damaged-\d{8}-\d{6}(-\d+)?", kept.name)
    assert kept.read_bytes() == damaged_bytes  # kept aside, never deleted
    # the slot itself is whole again
    again = saves.load_game("autosave")
    assert again.ok and not again.recovered_from_backup and not again.message
    assert again.state.to_dict() == first.to_dict()


def test_both_damaged_gives_a_message_and_loses_no_file():
    assert saves.autosave(played("classic", 2)).ok and saves.autosave(played("classic", 3)).ok
    path = saves.slot_path("autosave")
    path.write_bytes(b"{}")
    persistence.backup_path(path).write_bytes(b"\x00\xff garbage")
    got = saves.load_game("autosave")
    assert not got.ok and not got.missing and got.state is None
    assert "could not be loaded" in got.message and "not a Tile Rush save" in got.message and "not a text file" in got.message
    assert len(got.damaged_files) == 2 and all(p.exists() for p in got.damaged_files)
    assert sorted(p.read_bytes() for p in got.damaged_files) == sorted([b"{}", b"\x00\xff garbage"])
    assert not saves.autosave_exists()


def test_missing_file_with_a_backup_loads_the_backup():
    state = played("classic", 3)
    assert saves.save_game("slot1", state).ok and saves.save_game("slot1", state).ok
    saves.slot_path("slot1").unlink()
    got = saves.load_game("slot1")
    assert got.ok and got.recovered_from_backup and got.state.to_dict() == state.to_dict()
    assert saves.slot_path("slot1").exists()


def test_empty_slot_and_bad_slot_name():
    got = saves.load_game("slot3")
    assert not got.ok and got.missing and "no saved game" in got.message
    assert not saves.autosave_exists()
    with pytest.raises(ValueError, match="unknown save slot"):
        saves.save_game("../../etc", played("classic", 1))


def test_a_state_that_fails_its_checks_never_replaces_a_good_save():
    good = played("classic", 4)
    assert saves.autosave(good).ok
    before = saves.slot_path("autosave").read_bytes()
    broken = good.clone()
    broken.pool.append(broken.players[0].rack[0])  # a tile twice
    res = saves.autosave(broken)
    assert not res.ok and "failed its own check" in res.message
    assert saves.slot_path("autosave").read_bytes() == before


def test_a_disk_error_while_saving_is_reported_not_raised(monkeypatch):
    good = played("classic", 4)
    assert saves.autosave(good).ok
    before = saves.slot_path("autosave").read_bytes()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persistence, "atomic_write_bytes", full)
    res = saves.autosave(played("classic", 6))
    assert not res.ok and "No space left" in res.message
    assert saves.slot_path("autosave").read_bytes() == before


def test_an_interrupted_write_leaves_the_old_file(monkeypatch, tmp_path):
    target = tmp_path / "x.json"
    persistence.atomic_write_json(target, {"v": 1})
    real_replace = os.replace

    def boom(src, dst):
        if str(dst) == str(target):
            raise KeyboardInterrupt  # killed between the backup and the rename
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        persistence.atomic_write_json(target, {"v": 2})
    monkeypatch.setattr(os, "replace", real_replace)
    assert persistence.read_json(target) == ({"v": 1}, "")
    assert persistence.read_json(persistence.backup_path(target)) == ({"v": 1}, "")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp") and p.name.startswith(".")] == []


def test_backup_is_copied_where_hard_links_are_missing(monkeypatch, tmp_path):
    def no_links(*args):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "y.json"
    persistence.atomic_write_json(target, {"v": 1})
    persistence.atomic_write_json(target, {"v": 2})
    assert persistence.read_json(target) == ({"v": 2}, "")
    assert persistence.read_json(persistence.backup_path(target)) == ({"v": 1}, "")


def test_stale_temporary_files_are_cleaned_but_fresh_ones_kept(tmp_path):
    old = tmp_path / ".autosave.json.abc.tmp"
    fresh = tmp_path / ".autosave.json.def.tmp"
    keep = tmp_path / "autosave.json"
    for p in (old, fresh, keep):
        p.write_text("x")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert persistence.clean_stale_temps(tmp_path) == 1
    assert not old.exists() and fresh.exists() and keep.exists()


def test_list_slots_summarises_each_slot():
    a = played("classic", 10, seed=4)
    assert saves.save_game("slot1", a).ok
    assert saves.autosave(a).ok and saves.autosave(played("classic", 11, seed=4)).ok
    saves.slot_path("autosave").write_text("{broken")
    infos = {i.slot: i for i in saves.list_slots()}
    assert list(infos) == ["autosave", "slot1", "slot2", "slot3"]
    s1 = infos["slot1"]
    assert s1.exists and s1.ok and s1.variant == "classic" and s1.variant_title == "Classic"
    assert s1.round == a.round and [p[0] for p in s1.players] == [p.name for p in a.players]
    assert s1.saved_at[:4].isdigit() and "Classic" in s1.line()
    auto = infos["autosave"]  # damaged, but its backup is good: list says so and moves nothing
    assert auto.ok and auto.from_backup and "not valid JSON" in auto.message
    assert saves.slot_path("autosave").read_text() == "{broken"
    assert not infos["slot2"].exists and infos["slot2"].line() == "Slot 2: empty"


# -- the bridge the play screens call (game.storage.saves.session_bridge) ------------------------------------------


def test_session_bridge_round_trip_and_demo_slot():
    state = played("classic", 9, seed=17)
    session = {"kind": "tile-rush-session", "version": 1, "state": state.to_dict(), "seats": [p.kind for p in state.players],
               "timer_left": None, "demo": False, "rack_cols": 12, "rack_slots": [[state.players[0].rack[0], 0, 3]]}
    assert not session_bridge.has_autosave()
    assert session_bridge.autosave(session).ok
    assert session_bridge.has_autosave() and session_bridge.autosave_path() == saves.slot_path("autosave")
    data, message = session_bridge.load_autosave()
    assert data == session and message == ""
    attract = played("classic", 12, seed=18)
    for p in attract.players:
        p.kind = "basic"  # the attract mode plays every seat
    demo = dict(session, demo=True, state=attract.to_dict())
    session_bridge.autosave(demo)
    assert session_bridge.load_autosave()[0] == session  # the attract mode never overwrites the player's game
    assert saves.load_game(saves.DEMO_SLOT).session["demo"] is True
    session_bridge.autosave(session)  # the first one becomes the backup
    session_bridge.autosave_path().write_text("{")
    data, message = session_bridge.load_autosave()
    assert data == session and "so the save before it was loaded" in message
    broken = dict(session, state=dict(session["state"], current=99))
    with pytest.raises(OSError, match="not saved"):
        session_bridge.autosave(broken)
    saves.delete_slot("autosave")
    assert session_bridge.load_autosave() == (None, "Autosave: no saved game.")


def test_tournament_save_round_trip_and_check():
    from game.tournament import Tournament

    t = Tournament.create(9, "You", seed=3)
    table = t.start_table(t.human_table())
    assert saves.save_game("slot1", table, {"screen": "bracket"}, kind="tournament", tournament=t.to_dict()).ok
    got = saves.load_game("slot1")
    assert got.ok and got.kind == "tournament" and got.state.to_dict() == table.to_dict()
    assert Tournament.from_dict(got.tournament).to_dict() == t.to_dict()
    damaged = t.to_dict()
    damaged["seed"] = "x"
    res = saves.save_game("slot2", table, {}, kind="tournament", tournament=damaged)
    assert not res.ok and "the tournament is damaged" in res.message
    assert not saves.save_game("slot2", table, {}, kind="tournament").ok  # a tournament save needs its data
