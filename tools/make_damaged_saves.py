"""Write the set of damaged saves in ``tests/data/damaged/`` and what each refusal says
(``tests/data/damaged-expected.json``: file name -> words the refusal must contain).  ``python -m game.saves check`` must
reject every one with that reason; tests/test_saves.py checks it.

    python3 tools/make_damaged_saves.py [--out tests/data/damaged]

Each file breaks one thing in an otherwise good classic save (a checksum is
recomputed where the point is to reach a deeper check), so each refusal shows that
one check works.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rules.melds import check_line  # noqa: E402
from game.saves import build, decode, encode  # noqa: E402
from game.saves.format import SaveError, checksum  # noqa: E402
from game.saves.legacy import to_schema1  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from make_example_saves import SAVED_AT, mid_game, session_for  # noqa: E402


def resign(env: dict) -> dict:
    env["checksum"] = checksum(env)
    return env


def damaged_set() -> dict[str, tuple[bytes, str]]:
    """file name -> (contents, words the reason must contain)"""
    state = mid_game("classic", 12)
    good = build(state, session_for(state), saved_at=SAVED_AT)
    raw = encode(good)
    out: dict[str, tuple[bytes, str]] = {}

    def variant(name: str, why: str, change) -> None:
        env = copy.deepcopy(good)
        change(env)
        out[name] = (json.dumps(resign(env), sort_keys=True).encode(), why)

    out["empty.json"] = (b"", "empty")
    out["truncated.json"] = (raw[: len(raw) // 2], "not valid JSON")
    out["binary.json"] = (bytes(range(256)) * 4, "not a text file")
    out["not-an-object.json"] = (b"[1, 2, 3]\n", "not a JSON object")
    out["other-format.json"] = (json.dumps({"format": "some-other-game", "schema": 2}).encode(), "not a Tile Rush save")
    env = copy.deepcopy(good)
    env["schema"] = 99
    out["newer-schema.json"] = (json.dumps(env).encode(), "newer version")
    env = copy.deepcopy(good)
    env["game"]["players"][0]["score"] += 50  # edited without a new checksum
    out["edited-score.json"] = (json.dumps(env).encode(), "checksum mismatch")
    out["nan-number.json"] = (raw.replace(b'"timer_remaining":null', b'"timer_remaining":NaN'), "not valid JSON")
    out["huge-number.json"] = (raw.replace(b'"timer_remaining":null', b'"timer_remaining":1e400'), "out of range")

    def duplicate(env):
        g = env["game"]
        g["pool"][0] = g["players"][1]["rack"][0]

    variant("duplicate-tile.json", "tiles are not all accounted for", duplicate)
    variant("missing-tile.json", "tiles are not all accounted for", lambda e: e["game"]["pool"].pop(3))
    variant("unknown-rule-set.json", "unknown rule set", lambda e: e["game"].update(variant="snakes-and-ladders"))

    def illegal_table(env):
        g = env["game"]
        cell = g["board"][1]  # the second tile of the first set
        for i, t in enumerate(g["pool"]):
            tiles = [c[2] for c in g["board"] if c[0] == cell[0]][:3]
            tiles[1] = t
            if not check_line(tiles):
                g["pool"][i], cell[2] = cell[2], t
                return
        raise AssertionError("no tile breaks the set")

    variant("illegal-table.json", "invalid set", illegal_table)
    variant("seat-out-of-range.json", "out of range", lambda e: e["game"].update(current=7))
    variant("damaged-random-state.json", "random generator", lambda e: e["game"]["rng"]["internal"].pop())
    variant("negative-timer.json", "remaining turn time", lambda e: e["session"].update(timer_remaining=-5))
    variant("unknown-level.json", "unknown computer level", lambda e: e["game"]["players"][1].update(kind="grandmaster"))
    variant("control-characters-in-name.json", "control characters", lambda e: e["game"]["players"][0].update(name="You\u0007\u001b[2J"))
    variant("drawn-tile-not-on-rack.json", "drawn this turn", lambda e: e["game"].update(drawn=e["game"]["pool"][0]))
    variant("history-winner.json", "winner", lambda e: e["game"]["history"].append({"round": 1, "reason": "out", "winner": 9}))
    variant("event-tile.json", "tile that does not exist", lambda e: e["game"]["events"].append({"type": "draw", "seat": 0, "tile": 999, "turn": 1}))
    variant("wrong-kind.json", "unknown kind of save", lambda e: e.update(kind="screenshot"))
    variant("rack-of-text.json", "whole numbers", lambda e: e["game"]["players"][0].update(rack=["R5", "R6"]))
    variant("far-off-table.json", "far off the table", lambda e: e["game"]["board"][0].__setitem__(0, 10**9))
    deep = b'{"format":"tile-rush-save","schema":2,"session":' + b"[" * 5_000 + b"]" * 5_000 + b"}"
    out["deeply-nested.json"] = (deep, "nested too deeply")

    old = to_schema1(state, saved=datetime(2025, 6, 1, 9, 30, 0))
    bad = copy.deepcopy(old)
    bad["seats"][0]["rack"] = bad["seats"][0]["rack"] + " R14"
    out["schema1-bad-tile.json"] = (json.dumps(bad).encode(), "bad tile")
    bad = copy.deepcopy(old)
    bad["seats"][0]["rack"] = bad["seats"][0]["rack"] + " R5 R5 R5"
    out["schema1-three-copies.json"] = (json.dumps(bad).encode(), "too many R5")
    bad = copy.deepcopy(old)
    del bad["turn"]
    out["schema1-no-turn.json"] = (json.dumps(bad).encode(), "missing 'turn'")

    for name, (data, why) in out.items():
        try:
            from game.saves import decode_bytes

            decode_bytes(data)
        except SaveError as exc:
            if why.lower() not in str(exc).lower():
                raise AssertionError(f"{name}: refused, but for another reason: {exc}")
        else:
            raise AssertionError(f"{name} loads, but should not")
    decode(good)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "tests" / "data" / "damaged"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    files = damaged_set()
    for name, (data, _) in files.items():
        (out / name).write_bytes(data)
    expected = {name: why for name, (_, why) in sorted(files.items())}
    (out.parent / "damaged-expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")
    print(f"{len(files)} damaged saves written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
