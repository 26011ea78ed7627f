"""Saved games: format, round trips for every rule set, migration, damaged files,
recovery from backups, the check CLI, fuzzing, and kills at random moments."""

from __future__ import annotations

import copy
import functools
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.storage import persistence, saves
from game.storage.saves import session_bridge
from game.cli.demo import Demo, demo_turn
from game.rules import engine
from game.rules.state import SCHEMA_VERSION as STATE_SCHEMA
from game.rules.state import GameState
from game.rules.tiles import format_tiles, notation
from game.rules.variants import REGISTRY
from game.storage.saves import format as fmt
from game.cli.saves import check_file
from game.cli.saves import main as saves_cli
from game.storage.saves.legacy import to_schema1
from game.storage.saves.validate import state_problems

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "saves"
DAMAGED = ROOT / "tests" / "data" / "damaged"
DAMAGED_EXPECTED = ROOT / "tests" / "data" / "damaged-expected.json"


def played(variant: str, turns: int, seed: int = 5, seats: int = 3, options: dict | None = None) -> GameState:
    """A game of ``variant`` after ``turns`` completed turns by the basic player."""
    vcls = REGISTRY[variant]
    n = max(vcls.min_players, min(seats, vcls.max_players))
    state = engine.new_game(variant, [("You", "human")] + [(f"Computer {i}", "basic") for i in range(1, n)], seed=seed, options=options)
    done = 0
    while done < turns and state.phase != "game_over":
        if state.phase == "round_over":
            engine.next_round(state)
            continue
        demo_turn(state)
        done += 1
    return state


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
        a = demo_turn(state).result
        b = demo_turn(got.state).result
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
        demo_turn(state)
        demo_turn(got)
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


# -- fuzzing --------------------------------------------------------------------------------------

ODD_VALUES = [None, True, False, 0, -1, 1, 2, 52, 104, 105, 106, 999, 2**31, -(2**63), 10**30, 0.5, -0.0, 1e300,
              "", "x", "R5", "J", "human", "basic", "play", "\u0000", "\u202e", [], {}, [0], [[0, 0, 5]], {"a": 1}, [[[]]]]


def _random_path(rng: random.Random, obj):
    """A (container, key) pair somewhere in ``obj``."""
    parent, key = None, None
    node = obj
    while isinstance(node, (dict, list)) and node and (parent is None or rng.random() < 0.85):
        parent = node
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        node = node[key]
    return parent, key


def _mutate_tree(rng: random.Random, env: dict) -> None:
    for _ in range(rng.randint(1, 3)):
        parent, key = _random_path(rng, env)
        if parent is None:
            continue
        op = rng.random()
        value = parent[key]
        if op < 0.35:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif op < 0.55 and type(value) is int:
            parent[key] = value + rng.choice((-2, -1, 1, 2, 52, -105))
        elif op < 0.7:
            if isinstance(parent, dict):
                del parent[key]
            else:
                parent.pop(key)
        elif op < 0.85 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(value))
        elif isinstance(parent, list) and len(parent) > 1:
            j = rng.randrange(len(parent))
            parent[key], parent[j] = parent[j], parent[key]
        elif isinstance(parent, dict):
            parent[rng.choice(["zz", "extra", key + "_"]) if isinstance(key, str) else "zz"] = copy.deepcopy(value)


def _mutate_bytes(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    op = rng.randrange(5)
    if op == 0:
        return bytes(data[: rng.randrange(len(data))])
    if op == 1:
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif op == 2:
        i = rng.randrange(len(data))
        del data[i : i + rng.randint(1, 40)]
    elif op == 3:
        i = rng.randrange(len(data))
        data[i:i] = rng.choice([b"0", b"-", b"1e999", b"NaN", b",", b"]", b"}", b'"', b"\\u0000", b"\xff\xfe"])
    else:
        i = rng.randrange(len(data))
        j = rng.randrange(len(data))
        data[i:i] = data[j : j + rng.randint(1, 60)]
    return bytes(data)


def _bases() -> list[dict]:
    mid = played("classic", 20, seed=12)
    over = played("classic", 9, seed=13)
    engine.finish_round(over, "stalled")
    return [
        fmt.build(mid, {"timer_remaining": None, "seat_kinds": [p.kind for p in mid.players]}),
        fmt.build(over, {}),
        to_schema1(played("classic", 7, seed=14), timer_remaining=None),
        json.loads((EXAMPLES / "classic.json").read_text()),
    ]


def _assert_loaded_legally(data: fmt.SaveData) -> None:
    state = data.state
    assert state.conservation_problems() == []
    assert sorted(state.pool + state.board.tiles() + [t for p in state.players for t in p.rack]) == list(range(106))
    assert state_problems(state) == []
    again = fmt.decode_bytes(fmt.encode(fmt.build(state, data.session)))  # saves again and loads again
    assert again.state.to_dict() == state.to_dict()
    if state.phase == "play":  # and the game can go on
        probe = state.clone()
        result = demo_turn(probe).result
        assert result.ok and probe.conservation_problems() == []


@pytest.mark.slow
def test_fuzz_damaged_truncated_and_tampered_saves():
    rng = random.Random(20261121)
    bases = _bases()
    counts = {"refused": 0, "loaded": 0}
    reasons = set()
    for i in range(3000):
        base = bases[i % len(bases)]
        if rng.random() < 0.35:
            blob = _mutate_bytes(rng, fmt.encode(base) if base["schema"] == 2 else json.dumps(base).encode())
        else:
            env = copy.deepcopy(base)
            _mutate_tree(rng, env)
            if env.get("schema") == 2 and "checksum" in env and rng.random() < 0.85:
                env["checksum"] = fmt.checksum(env)  # re-signed, so the deeper checks are reached
            try:
                blob = json.dumps(env).encode()
            except (TypeError, ValueError):
                continue
        try:
            data = fmt.decode_bytes(blob)
        except fmt.SaveError as exc:
            assert not exc.unexpected, f"case {i}: an unanticipated failure: {exc}"
            assert str(exc)
            counts["refused"] += 1
            reasons.add(str(exc).split(":")[0])
            continue
        _assert_loaded_legally(data)
        counts["loaded"] += 1
    # the mix reaches both outcomes, and many different checks
    assert counts["refused"] > 1000 and counts["loaded"] > 50, counts
    assert len(reasons) > 20


@functools.lru_cache(maxsize=None)
def _hypothesis_base() -> str:
    return json.dumps(fmt.build(played("classic", 10, seed=3), {}))


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None)
@given(key=st.sampled_from(["game", "session", "players", "pool", "board", "rng", "history", "events", "extra", "options", "current", "phase", "turn"]), value=JSONISH)
def test_any_json_in_any_field_is_refused_or_loaded_legally(key, value):
    env = json.loads(_hypothesis_base())
    if key in ("game", "session"):
        env[key] = value
    else:
        env["game"][key] = value
    env["checksum"] = fmt.checksum(env)
    try:
        data = fmt.decode_bytes(json.dumps(env).encode())
    except fmt.SaveError as exc:
        assert not exc.unexpected, str(exc)
    else:
        _assert_loaded_legally(data)


# -- killed while saving --------------------------------------------------------------------------

SAVER = r"""
import sys
from game.storage import saves
from game.cli.demo import demo_turn
from game.rules import engine

seed = int(sys.argv[1])
def fresh(s):
    return engine.new_game("classic", [("You", "human"), ("Computer 1", "basic"), ("Computer 2", "basic")], seed=s)
state = fresh(seed)
print("ready", flush=True)
i = 0
while True:
    if state.phase == "round_over":
        engine.next_round(state)
    elif state.phase == "game_over":
        state = fresh(seed + i)
    else:
        demo_turn(state)
    res = saves.save_game("autosave" if i % 4 else "slot1", state, {"timer_remaining": None, "i": i})
    if not res.ok:
        print(res.message, flush=True)
        sys.exit(3)
    i += 1
"""


@pytest.mark.slow
def test_killing_a_saving_process_at_random_moments_never_loses_the_save(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, RUMMIKUB_HOME=str(home), PYTHONPATH=str(ROOT))
    rng = random.Random(7)
    kills = 0
    interrupted_writes = 0
    last_i = -1
    for k in range(30):
        had = {slot: saves.slot_path(slot).exists() for slot in ("autosave", "slot1")}
        temps_before = {p.name for p in saves.saves_dir().iterdir() if p.name.endswith(".tmp")}
        proc = subprocess.Popen([sys.executable, "-c", SAVER, str(100 + k)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.12))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL, f"the saver stopped by itself ({proc.returncode})"
        kills += 1
        temps = {p.name for p in saves.saves_dir().iterdir() if p.name.endswith(".tmp")}
        interrupted_writes += bool(temps - temps_before)
        for slot in ("autosave", "slot1"):
            if not (had[slot] or saves.slot_path(slot).exists()):
                continue
            ok, text = check_file(saves.slot_path(slot))
            assert ok, f"kill {k}: {slot} does not load: {text}"  # the file itself is whole: no fallback needed
            got = saves.load_game(slot)
            assert got.ok and not got.recovered_from_backup and not got.damaged_files, got.message
            if slot == "autosave":
                last_i = got.session["i"]
    assert kills == 30 and last_i > 0
    # Stray temporary files may remain from writes cut short; they never count as saves.
    print(f"{interrupted_writes} of {kills} kills interrupted a write")


# -- the "done when": kill, Continue, same turn, same future draws ------------------------


def test_continue_after_sigkill_resumes_the_same_turn_with_the_same_draws(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, RUMMIKUB_HOME=str(home), PYTHONPATH=str(ROOT))
    players = ["basic", "basic", "basic"]
    seed = 11
    cmd = [sys.executable, "-m", "game.demo", "--slot", "autosave", "--variant", "classic", "--players", ",".join(players), "--seed", str(seed), "--turns", "0", "--progress"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    target = random.Random(3).randint(8, 30)
    seen = 0
    for line in proc.stdout:
        if line.startswith("saved "):
            seen += 1
            if seen >= target:
                break
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL and seen >= target

    got = saves.load_game("autosave")  # what the title screen's Continue does
    assert got.ok, got.message
    resumed = got.state
    assert resumed.total_turns >= target - 1 and resumed.phase == "play"

    # An uninterrupted game from the same seed, stopped at the same moment, is the same game.
    replay = Demo("classic", players, seed, save=False)
    while (replay.state.round, replay.state.total_turns) < (resumed.round, resumed.total_turns):
        replay.step()
    assert replay.state.to_dict() == resumed.to_dict()  # racks, pool order, board, scores, whose turn, generator
    next_draws = list(reversed(replay.state.pool[-5:]))
    assert list(reversed(resumed.pool[-5:])) == next_draws

    # ...and it goes on the same way, draw for draw.
    cont = Demo("classic", players, seed, save=False, state=resumed)
    drawn_a, drawn_b = [], []
    for _ in range(40):
        a, b = replay.step(), cont.step()
        drawn_a += [e.get("tile") for e in (a.result.events if a.result else []) if e.get("type") == "draw"]
        drawn_b += [e.get("tile") for e in (b.result.events if b.result else []) if e.get("type") == "draw"]
        assert cont.state.to_dict() == replay.state.to_dict()
    assert drawn_a == drawn_b and drawn_a[: len(next_draws)] == next_draws[: len(drawn_a)]


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
