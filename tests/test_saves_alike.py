"""Saves and replays are checked alike: one person at the table (none only in the attract mode's
games), replays checksummed and their games put through the saves' own checks."""

from __future__ import annotations

import json

import pytest
from savehelp import played

from game.replay import store
from game.rules.state import GameState
from game.storage import saves
from game.storage.saves.format import build, checksum


def _resealed(state_dict: dict, session: dict | None = None, kind: str = "game") -> dict:
    env = build(state_dict, session or {}, kind=kind)
    env["checksum"] = checksum(env)
    return env


def _load_envelope(env: dict) -> saves.LoadResult:
    saves.slot_path("slot1").write_text(json.dumps(env))
    return saves.load_game("slot1")


def test_a_resealed_save_with_a_second_person_is_refused():
    d = played("classic", 6).to_dict()
    d["players"][1]["kind"] = "human"
    got = _load_envelope(_resealed(d))
    assert not got.ok and "both played by a person" in got.message


def test_a_save_without_a_person_loads_only_as_the_attract_modes_game():
    d = played("classic", 6).to_dict()
    d["players"][0]["kind"] = "basic"
    got = _load_envelope(_resealed(d))
    assert not got.ok and "no seat is played by a person" in got.message
    assert saves.save_game("slot2", d, {}).ok is False  # nor is such a game written
    assert saves.save_game(saves.DEMO_SLOT, d, {"demo": True}).ok
    assert saves.load_game(saves.DEMO_SLOT).ok


def _kept_replay(mutate=None, reseal: bool = True) -> store.Entry:
    state = played("classic", 8)
    path = store.keep(state, "g1", 0)
    assert path is not None
    doc = json.loads(path.read_text())
    assert doc["checksum"] == checksum(doc)
    if mutate is not None:
        mutate(doc)
        if reseal:
            doc["checksum"] = checksum(doc)
        path.write_text(json.dumps(doc))
    return store.load(path)


def test_a_kept_replay_loads_and_carries_a_checksum():
    entry = _kept_replay()
    assert entry.ok and entry.state is not None and entry.viewer == 0


def test_a_replay_changed_after_it_was_written_is_refused():
    entry = _kept_replay(lambda d: d["game"]["players"][1].update(score=5), reseal=False)
    assert not entry.ok and "checksum" in entry.note


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["game"]["players"][1].update(name="M" * 5000), "longer than 32"),
    (lambda d: d["game"]["players"][1].update(name="\u200b\u200b"), "cannot be shown"),
    (lambda d: d["game"]["players"][1].update(kind="human"), "both played by a person"),
    (lambda d: d["game"]["players"][0].update(kind="basic"), "no seat is played by a person"),
    (lambda d: d.update(viewer=1), "person's seat"),
    (lambda d: d["game"].update(variant="made-up-rules"), "damaged"),
    (lambda d: d.update(game_id="x" * 500), "longer than 64"),
    (lambda d: d.update(extra={"a": 1}), "unknown fields"),
])
def test_a_resealed_replay_is_checked_as_a_save_is(mutate, words):
    entry = _kept_replay(mutate)
    assert not entry.ok and entry.problem == "damaged" and words in entry.note, entry.note


def test_a_replay_kept_before_replays_had_a_checksum_still_loads():
    entry = _kept_replay(lambda d: d.pop("checksum"), reseal=False)
    assert entry.ok


def test_the_check_gives_the_same_game_as_the_file():
    state = played("classic", 8)
    path = store.keep(state, "g2", 0)
    assert store.check(json.loads(path.read_text())).to_dict() == GameState.from_dict(state.to_dict()).to_dict()
