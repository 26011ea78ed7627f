"""Saved games under fuzzing: damaged, truncated and tampered files are refused clearly or load a legal game."""

from __future__ import annotations

import copy
import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.play.computer import computer_turn, seat_player
from game.rules import engine
from game.storage.saves import format as fmt
from game.storage.saves.legacy import to_schema1
from game.storage.saves.validate import state_problems

from savehelp import EXAMPLES, played


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
        result = computer_turn(probe, seat_player(probe)).result
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
