"""Write the example saves in ``saves/``: one mid-game save per registered rule set,
plus one classic save in the older schema 1.

    python3 tools/make_example_saves.py [--out saves] [--turns 12]

Each game is played by the basic computer player (the human seat too) from a fixed
seed until at least ``--turns`` turns are done and the table holds a set, then saved
with a fixed date, so running the script again gives the same files unless the rules
changed.  Run it after merging a new rule set; the tests expect one file per
rule set (``saves/<key>.json``) and check that every file loads.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.play.computer import computer_turn, seat_player  # noqa: E402
from game.rules import engine  # noqa: E402
from game.rules.variants import REGISTRY  # noqa: E402
from game.storage.saves import build, decode  # noqa: E402
from game.storage.saves.legacy import to_schema1  # noqa: E402

SEED = 2026
SAVED_AT = "2026-01-01T12:00:00+00:00"
MAX_TURNS = 400


def mid_game(variant: str, min_turns: int, seed: int = SEED):
    """A game of ``variant`` some turns in, between turns, with sets on the table."""
    vcls = REGISTRY[variant]
    n = max(vcls.min_players, min(3, vcls.max_players))
    seats = [("You", "human")] + [(f"Computer {i}", "basic") for i in range(1, n)]
    state = engine.new_game(variant, seats, seed=seed)
    while state.total_turns < MAX_TURNS:
        if state.phase == "round_over":
            engine.next_round(state)
            continue
        if state.phase == "game_over":
            break
        if state.total_turns >= min_turns and len(state.board) and state.phase == "play":
            break
        computer_turn(state, seat_player(state))
    return state


def session_for(state) -> dict:
    turn_time = state.variant.turn_time()
    return {
        "timer_remaining": max(turn_time - 7, 0) if turn_time else None,
        "seat_kinds": [p.kind for p in state.players],
    }


def write(path: Path, obj: dict) -> None:
    path.write_text(json.dumps(obj, indent=1, sort_keys=True) + "\n", encoding="ascii")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "saves"), help="folder to write to (default: saves/)")
    ap.add_argument("--turns", type=int, default=12, help="play at least this many turns (default 12)")
    args = ap.parse_args(argv)
    if args.turns < 0:
        print("error: --turns must be 0 or more", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for key in sorted(REGISTRY):
        state = mid_game(key, args.turns)
        env = build(state, session_for(state), saved_at=SAVED_AT)
        decode(env)  # never write an example that does not load
        write(out / f"{key}.json", env)
        print(f"{key}: round {state.round}, {state.total_turns} turns, {len(state.board)} tiles on the table -> {out / (key + '.json')}")
    state = mid_game("classic", args.turns + 5, seed=SEED + 1)
    old = to_schema1(state, timer_remaining=None, saved=datetime(2025, 6, 1, 9, 30, 0))
    decode(old)
    write(out / "classic-schema1.json", old)
    print(f"classic (schema 1): {state.total_turns} turns -> {out / 'classic-schema1.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
