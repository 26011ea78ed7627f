"""Saved games: the envelope and checksum, round trips for every rule set, the example saves, migration
from older schemas, and the check command on damaged files."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys

import pytest

from game.storage import saves
from game.play.computer import computer_turn, seat_player
from game.rules import engine
from game.rules.state import SCHEMA_VERSION as STATE_SCHEMA
from game.rules.state import GameState
from game.rules.tiles import format_tiles, notation
from game.rules.variants import REGISTRY
from game.storage.saves import format as fmt
from game.cli.saves import check_file
from game.cli.saves import main as saves_cli
from game.storage.saves.legacy import to_schema1

from savehelp import ROOT, EXAMPLES, DAMAGED, DAMAGED_EXPECTED, played


def faces(state: GameState) -> tuple:
    """The position in notation (which copy of a face is which does not matter in play)."""
    return (
        format_tiles(state.pool),
        tuple(format_tiles(p.rack) for p in state.players),
        tuple(sorted((cell, notation(t)) for cell, t in state.board.cells.items())),
        state.current,
        state.round,
        state.turn,
        state.total_turns,
        state.phase,
        tuple(p.score for p in state.players),
        tuple(p.melded for p in state.players),
    )


# -- the format ---------------------------------------------------------------------------------


def test_envelope_fields_and_checksum():
    state = played("classic", 6)
    env = fmt.build(state, {"timer_remaining": None})
    assert env["format"] == "tile-rush-save" and env["schema"] == fmt.SCHEMA and env["kind"] == "game"
    assert env["game"] == state.to_dict()
    assert env["checksum"] == fmt.checksum(env) and env["checksum"].startswith("sha256:")
    # the checksum does not depend on layout: an indented copy of the file loads too
    pretty = json.dumps(env, indent=2).encode()
    assert fmt.decode_bytes(pretty).state.to_dict() == state.to_dict()
    env["game"]["players"][0]["score"] += 1
    with pytest.raises(fmt.SaveError, match="checksum"):
        fmt.decode(env)


def test_the_game_schema_inside_a_save_is_the_core_one():
    # If GameState's schema changes, saves need a migration step: this fails as a reminder.
    assert fmt.GAME_SCHEMA[fmt.SCHEMA] == STATE_SCHEMA


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_round_trip_every_rule_set(variant):
    state = played(variant, 14, seed=21)
    session = {"timer_remaining": state.variant.turn_time() or None, "seat_kinds": [p.kind for p in state.players], "ui": {"zoom": 1.5}}
    res = saves.save_game("slot2", state, session)
    assert res.ok, res.message
    got = saves.load_game("slot2")
    assert got.ok and not got.message and not got.recovered_from_backup
    assert got.state.to_dict() == state.to_dict()
    assert got.session == session
    # the same future: both copies play on identically, draw for draw
    for _ in range(12):
        if state.phase != "play":
            break
        a = computer_turn(state, seat_player(state)).result
        b = computer_turn(got.state, seat_player(got.state)).result
        assert a.events == b.events
        assert got.state.to_dict() == state.to_dict()


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_round_trip_between_rounds(variant):
    state = played(variant, 5, seed=8)
    engine.finish_round(state, "stalled")  # as the simulator ends a stuck round
    assert state.phase in ("round_over", "game_over")
    assert saves.save_game("slot3", state).ok
    got = saves.load_game("slot3")
    assert got.ok and got.state.to_dict() == state.to_dict()
    if state.phase == "round_over":  # the next deal is the same too
        engine.next_round(state)
        engine.next_round(got.state)
        assert got.state.to_dict() == state.to_dict()


# -- example saves ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(REGISTRY))
def test_every_rule_set_has_an_example_save(variant):
    path = EXAMPLES / f"{variant}.json"
    assert path.exists(), f"no example save for {variant}: run python3 tools/make_example_saves.py"
    data = fmt.decode_bytes(path.read_bytes())
    assert data.state.variant_key == variant
    assert data.state.phase == "play" and len(data.state.board) > 0 and data.state.total_turns > 0


def test_every_example_save_loads_and_one_is_from_an_older_schema():
    files = sorted(EXAMPLES.glob("*.json"))
    assert files
    schemas = set()
    for path in files:
        ok, text = check_file(path)
        assert ok, f"{path.name}: {text}"
        schemas.add(fmt.decode_bytes(path.read_bytes()).schema)
    assert fmt.SCHEMA in schemas and min(schemas) < fmt.SCHEMA


def test_example_saves_load_through_a_slot(tmp_path):
    # An example copied into the data folder is what a player would have: it loads as a slot.
    for path in sorted(EXAMPLES.glob("*.json")):
        saves.slot_path("slot1").write_bytes(path.read_bytes())
        got = saves.load_game("slot1")
        assert got.ok, got.message
        assert got.schema == json.loads(path.read_text())["schema"]


# -- migration ----------------------------------------------------------------------------------


def test_schema1_upgrade_restores_the_game_and_its_future():
    state = played("classic", 16, seed=33, options={"turn_time": 30})
    state.players[1].score = -17  # something schema 1 must carry
    old = to_schema1(state, timer_remaining=12.5)
    assert old["schema"] == 1 and isinstance(old["seats"][0]["rack"], str)
    data = fmt.decode(copy.deepcopy(old))
    assert data.schema == 1 and data.upgraded
    assert data.session == {"timer_remaining": 12.5}
    got = data.state
    assert faces(got) == faces(state)
    assert got.rng.getstate() == state.rng.getstate()
    assert fmt.decode(copy.deepcopy(old)).state.secret == got.secret  # the same future on every load
    state.secret = got.secret  # what schema 1 could not carry: the computer players' key
    assert [p.kind for p in got.players] == [p.kind for p in state.players]
    for _ in range(30):
        if state.phase != "play":
            break
        computer_turn(state, seat_player(state))
        computer_turn(got, seat_player(got))
        assert faces(got) == faces(state)


def test_migrate_is_a_chain_and_refuses_what_it_cannot_upgrade():
    state = played("classic", 3)
    v1 = to_schema1(state)
    v2 = fmt.migrate(copy.deepcopy(v1))
    assert v2["schema"] == 2 and set(v2) >= {"format", "saved_at", "kind", "game", "session"}
    assert fmt.migrate(v2) is v2  # current schema: unchanged
    for schema, words in ((0, "unknown schema"), (99, "newer version"), ("2", "no schema")):
        with pytest.raises(fmt.SaveError, match=words):
            fmt.migrate(dict(v1, schema=schema))
    broken = copy.deepcopy(v1)
    broken["seats"] = "nobody"
    with pytest.raises(fmt.SaveError):
        fmt.migrate(broken)


# -- the check command ------------------------------------------------------------------------


def _damaged_cases():
    return sorted(json.loads(DAMAGED_EXPECTED.read_text()).items())


@pytest.mark.parametrize("name,words", _damaged_cases())
def test_check_rejects_each_damaged_file_with_its_reason(name, words, capsys):
    path = DAMAGED / name
    assert path.exists()
    assert saves_cli(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"BAD {path}: ") and out.count("\n") == 1
    assert words.lower() in out.lower()


def test_every_damaged_file_is_listed():
    assert sorted(p.name for p in DAMAGED.iterdir()) == sorted(n for n, _ in _damaged_cases())


@pytest.mark.slow
def test_check_command_exit_codes(tmp_path):
    env = dict(os.environ, RUMMIKUB_HOME=str(tmp_path / "home"))

    def run(*args):
        return subprocess.run([sys.executable, "-m", "game.saves", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)

    good = run("check", str(EXAMPLES / "classic.json"))
    assert good.returncode == 0 and good.stdout.startswith("OK ") and good.stdout.count("\n") == 1
    assert "Classic, round 1" in good.stdout
    bad = run("check", str(DAMAGED / "illegal-table.json"))
    assert bad.returncode == 1 and "invalid set" in bad.stdout
    assert run("check", str(tmp_path / "nothing.json")).returncode == 1
    for args in ((), ("frobnicate",), ("check", "a", "b"), ("check", "--bogus")):
        r = run(*args)
        assert r.returncode == 2 and "usage" in (r.stdout + r.stderr)
    # no PATH: every save in the data folder, backups included
    empty = run("check")
    assert empty.returncode == 0 and "no saves" in empty.stdout
    folder = tmp_path / "home" / "saves"
    folder.mkdir(parents=True)
    (folder / "autosave.json").write_bytes((EXAMPLES / "classic.json").read_bytes())
    (folder / "slot1.json").write_bytes((EXAMPLES / "classic-schema1.json").read_bytes())
    both = run("check")
    assert both.returncode == 0 and both.stdout.count("OK ") == 2
    (folder / "slot1.json.bak").write_bytes(b"{")
    r = run("check")
    assert r.returncode == 1 and "BAD" in r.stdout and "slot1.json.bak" in r.stdout
    assert (folder / "slot1.json.bak").read_bytes() == b"{"  # check moves nothing
