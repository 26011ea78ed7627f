"""Find positions for ``tests/data/lost_moves.json`` where a player that tries no other layout loses tiles.

    python3 tools/find_lost_positions.py [--variants classic ...] [--positions 150] [--seed 1] [--minutes 8]

Walks the lost-moves benchmark's own games (``game.cli.bench_lost.harvest``) on the flat rule sets and,
at every position with a joker on the table, asks each level for its move with ``_Turn.layouts`` at 0
(the first layout only).  Where the benchmark then reports a ``layout`` loss while the real player (all
its layouts) places every tile allowed, the position is printed, one JSON object a line, in the file's
format: ``cause`` is ``late`` when the play goes out and is found even with no time left (the 16 likeliest
layouts) but lost without them, else ``layout``.  One process; stop it with ``--minutes``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai import players as players_mod  # noqa: E402
from game.cli import bench_lost  # noqa: E402
from game.rules.tiles import is_joker  # noqa: E402

LEVELS = ["medium", "hard", "expert", "greedy-max"]
SEED = 5  # the level's seed, as in tests/test_lost_moves.py


def record(view, variant: str, level: str, cause: str, allowed: int) -> dict:
    return {"variant": variant, "level": level, "seat": view.seat, "options": dict(view.options),
            "rack": [int(t) for t in view.rack], "cells": [[r, c, int(t)] for (r, c), t in sorted(view.board.cells.items())],
            "melded": list(view.melded), "rack_sizes": list(view.rack_sizes), "pool_size": view.pool_size,
            "turn": view.turn, "round": view.round, "cause": cause, "allowed": allowed}


def check(view, level: str, *, layouts: int = 48, sure: int = 16, late: bool = False) -> tuple[str, int, int]:
    real = players_mod._Turn.__init__

    def out_of_time(self, v, budget):
        real(self, v, budget)
        self.deadline = 0.0

    players_mod._Turn.layouts, players_mod._Turn.sure_layouts = layouts, sure
    if late:
        players_mod._Turn.__init__ = out_of_time
    try:
        return bench_lost.check_flat(view, level, SEED)
    finally:
        players_mod._Turn.layouts, players_mod._Turn.sure_layouts = 48, 16
        players_mod._Turn.__init__ = real


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", default=[v for v in bench_lost.VARIANTS if v != "rummi200kub"])
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--minutes", type=float, default=8.0)
    args = ap.parse_args(argv)
    end = time.monotonic() + 60 * args.minutes
    for variant in args.variants:
        for i, view in enumerate(bench_lost.harvest(variant, bench_lost.VARIANTS[variant], args.positions, args.seed)):
            if time.monotonic() > end:
                return 0
            if view.variant.board_shape != "flat" or not any(is_joker(t) for t in view.board.tiles()):
                continue
            for level in LEVELS:
                verdict, placed, allowed = check(view, level, layouts=0)
                if verdict != "layout":
                    continue
                full = check(view, level)
                if full[0] != "ok" or full[1] != allowed:
                    continue
                going_out = allowed == len(view.rack)
                late = going_out and check(view, level, late=True)[:2] == ("ok", allowed) \
                    and check(view, level, sure=0, late=True)[0] == "layout"
                print(f"# {variant} position {i} {level}: {placed} of {allowed} with one layout", file=sys.stderr)
                print(json.dumps(record(view, variant, level, "late" if late else "layout", allowed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
