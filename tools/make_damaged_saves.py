"""Write the set of damaged saves in ``tests/data/damaged/`` and what each refusal says
(``tests/data/damaged-expected.json``: file name -> words the refusal must contain).  ``python -m game.saves check`` must
reject every one with that reason; tests/test_saves_format.py checks it.

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
from game.storage.saves import build, decode, encode  # noqa: E402
from game.storage.saves.format import SaveError, checksum  # noqa: E402
from game.storage.saves.legacy import to_schema1  # noqa: E402

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
    variant("control-characters-in-name.json", "cannot be shown", lambda e: e["game"]["players"][0].update(name="You\u0007\u001b[2J"))
    variant("drawn-tile-not-on-rack.json", "drawn this turn", lambda e: e["game"].update(drawn=e["game"]["pool"][0]))
    variant("history-winner.json", "winner", lambda e: e["game"]["history"].append({"round": 1, "reason": "out", "winner": 9}))
    variant("event-tile.json", "tile that does not exist", lambda e: e["game"]["events"].append({"type": "draw", "seat": 0, "tile": 999, "turn": 1}))
    variant("wrong-kind.json", "unknown kind of save", lambda e: e.update(kind="screenshot"))
    variant("rack-of-text.json", "whole numbers", lambda e: e["game"]["players"][0].update(rack=["R5", "R6"]))
    variant("far-off-table.json", "far off the table", lambda e: e["game"]["board"][0].__setitem__(0, 10**9))
    # text that draws nothing (pygame refuses to render it) and other hand edits a save must not get past
    variant("invisible-name.json", "cannot be shown", lambda e: e["game"]["players"][0].update(name="\ufe0f"))
    variant("grapheme-joiner-name.json", "cannot be shown", lambda e: e["game"]["players"][1].update(name="\u034f\u034f"))
    variant("lone-surrogate-name.json", "cannot be shown", lambda e: e["game"]["players"][0].update(name="Ann\ud800"))
    variant("demo-mark-on-players-game.json", "marked as a demo", lambda e: e["session"].update(demo=True))
    variant("all-zero-random-state.json", "all zero", lambda e: e["game"]["rng"].update(internal=[0] * 624 + [624]))
    variant("random-version-as-text.json", "unknown version", lambda e: e["game"]["rng"].update(version="3"))
    variant("round-9999-no-history.json", "score history", lambda e: e["game"].update(round=9999))
    variant("year-0.json", "save date", lambda e: e.update(saved_at="0000-01-01T00:00:00+00:00"))
    variant("year-1.json", "out of range", lambda e: e.update(saved_at="0001-01-01T00:00:00+00:00"))
    variant("game-id-invisible.json", "game's id", lambda e: e["session"].update(game_id="\u200b"))

    def nul_reason(env):
        g = env["game"]
        g.update(phase="round_over", round_end_reason="out\u0000", round_winner=0)
        g["history"].append({"round": 1, "reason": "out", "winner": 0, "deltas": [0] * len(g["players"])})

    variant("nul-in-round-end-reason.json", "reason", nul_reason)
    text = json.dumps(resign(copy.deepcopy(good)), sort_keys=True)
    out["duplicate-keys.json"] = (text.replace('"kind": "game",', '"kind": "game", "kind": "game",', 1).encode(), "appears twice")
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

    out.update(damaged_tournaments())
    for name, (data, why) in out.items():
        try:
            from game.storage.saves import decode_bytes

            decode_bytes(data)
        except SaveError as exc:
            if why.lower() not in str(exc).lower():
                raise AssertionError(f"{name}: refused, but for another reason: {exc}")
        else:
            raise AssertionError(f"{name} loads, but should not")
    decode(good)
    return out


def damaged_tournaments() -> dict[str, tuple[bytes, str]]:
    """Tournament saves (a human's table in progress after the other tables played), each
    with one thing broken and its checksum recomputed."""
    from game.play.computer import computer_turn, seat_player
    from game.tournament import Tournament

    t = Tournament.create(9, "You", seed=3, levels=["basic"], games=(1, 1, 1))
    t.simulate_pending()
    state = t.start_table(t.human_table())
    for _ in range(6):
        computer_turn(state, seat_player(state))
    good = build(state, {"screen": "play"}, kind="tournament", saved_at=SAVED_AT, tournament=t.to_dict())
    decode(good)
    out: dict[str, tuple[bytes, str]] = {}

    def variant(name: str, why: str, change) -> None:
        env = copy.deepcopy(good)
        change(env)
        out[name] = (json.dumps(resign(env), sort_keys=True).encode(), why)

    def live(change):
        def apply(env):  # the save's own copy stays good: the game inside the tournament is checked too
            change(env["tournament"]["live"]["game"])
        return apply

    def entrant_name(name):
        def apply(env):
            env["tournament"]["entrants"][4]["name"] = name
        return apply

    variant("tournament-entrant-nul.json", "cannot be shown", entrant_name("Ann\u0000"))
    variant("tournament-entrant-surrogate.json", "cannot be shown", entrant_name("\udc80Bob"))
    variant("tournament-entrant-fe0f.json", "cannot be shown", entrant_name("\ufe0f"))
    variant("tournament-history-numbers.json", "game in progress is damaged: the score history holds an entry that is not", live(lambda g: g.update(history=[1, 2])))
    variant("tournament-huge-score.json", "game in progress is damaged: seat 2 has an impossible score", live(lambda g: g["players"][1].update(score=10**40)))
    variant("tournament-unknown-seat-kind.json", "game in progress is damaged: seat 3 is played by an unknown computer level", live(lambda g: g["players"][2].update(kind="wizard")))

    def bad_set(g):
        cell = g["board"][0]
        for i, t in enumerate(g["pool"]):
            tiles = [c[2] for c in g["board"] if c[0] == cell[0]][:3]
            tiles[0] = t
            if not check_line(tiles):
                g["pool"][i], cell[2] = cell[2], t
                return
        raise AssertionError("no tile breaks the set")

    variant("tournament-invalid-set.json", "game in progress is damaged: the table holds an invalid set", live(bad_set))
    variant("tournament-game-disagrees.json", "does not agree",
            lambda e: e["tournament"]["live"]["game"]["players"][1].update(score=e["game"]["players"][1]["score"] + 5))

    def table_reason(env):
        tb = next(tb for tb in env["tournament"]["stages"][0]["tables"] if tb["status"] == "done")
        tb["games"][0]["reason"] = "out\ufe0f\u0000"

    variant("tournament-table-reason.json", "reason", table_reason)
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
