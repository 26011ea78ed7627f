"""Benchmarks that print figures (timing goals live here, never in tests).

``python -m game.bench solver [--files small mid large] [--repeat N]`` times the meld finder on the
positions files and prints median, p90 and max milliseconds per file.

``python -m game.bench frames [--json] [--frames N] [--size WxH] [--ai process|thread|sync]``: per-frame
time of a busy play screen (see ``game/cli/bench_frames.py``).

``python -m game.bench idle [--json]``: CPU used at rest, at the title and waiting for the player's move;
``python -m game.bench startup [--json]``: seconds from start to the first title frame (``game/cli/bench_idle.py``);
``python -m game.bench lost-moves [--json] [--positions N]``: how often a computer player places fewer
tiles than its own search allows (see ``game/cli/bench_lost.py``); the goal is 0.

``python -m game.bench puzzles [--json] [--per-grade N]``: puzzle generation, proof and grade
included, p99 at most 100 ms (``game/cli/bench_puzzles.py``).

``python -m game.bench table [--json] [--games N] [--seed S]``: seeded computer-only games of every flat
rule set: sets moved although unchanged, tile size changes within a turn (goals 0) and the smallest tile
width at the table's fullest (``game/cli/bench_table.py``).

Each benchmark is a subcommand: a function ``add_NAME(subparsers)`` registers its arguments and sets
``func`` to the function that runs it (returns the exit status).  Add new ones to ``SUBCOMMANDS``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

from .figures import percentile

POSITIONS_DIR = Path(__file__).resolve().parent.parent.parent / "tests" / "data" / "positions"


def _find_positions(name: str, folder: str | None) -> Path:
    if os.sep in name or name.endswith(".json"):
        return Path(name)
    return (Path(folder) if folder else POSITIONS_DIR) / f"{name}.json"


# -- solver ---------------------------------------------------------------------------------


def run_solver(args: argparse.Namespace) -> int:
    from ..ai.solver import solve
    from ..rules.tiles import NotationError, parse_tiles

    if args.repeat < 1:
        print("error: --repeat must be at least 1", file=sys.stderr)
        return 2
    rows = []
    for name in args.files:
        path = _find_positions(name, args.dir)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            positions = []
            for entry in data:
                table = parse_tiles(entry["table"])
                positions.append((entry["id"], table, parse_tiles(entry["rack"], used=table)))
        except FileNotFoundError:
            print(f"error: no positions file {path}", file=sys.stderr)
            return 2
        except (OSError, ValueError, KeyError, TypeError, NotationError) as exc:
            print(f"error: cannot read {path}: {exc}", file=sys.stderr)
            return 2
        per_position: list[float] = []
        worst = ("", 0.0)
        for pid, table, rack in positions:
            best = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                solve(table, rack)
                best = min(best, time.perf_counter() - t0)
            per_position.append(best * 1000)
            if best * 1000 > worst[1]:
                worst = (pid, best * 1000)
        rows.append((path.stem, len(per_position), statistics.median(per_position), percentile(per_position, 0.9), max(per_position), worst[0]))
    print(f"{'file':<8} {'n':>4} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}  slowest")
    for stem, n, med, p90, mx, who in rows:
        print(f"{stem:<8} {n:>4} {med:>10.2f} {p90:>8.2f} {mx:>8.2f}  {who}")
    return 0


def add_solver(sub) -> None:
    p = sub.add_parser("solver", help="time the meld finder on the positions files")
    p.add_argument("--files", nargs="+", default=["small", "mid", "large"], help="positions files or their names")
    p.add_argument("--dir", default=None, help="folder holding NAME.json (default: the shared positions)")
    p.add_argument("--repeat", type=int, default=1, help="solve each position N times and keep the fastest")
    p.set_defaults(func=run_solver)


def add_frames(sub) -> None:
    from .bench_frames import add_frames as add  # imports no pygame until it runs

    add(sub)


def add_idle(sub) -> None:
    from .bench_idle import add_idle as add  # imports no pygame until it runs

    add(sub)


def add_startup(sub) -> None:
    from .bench_idle import add_startup as add

    add(sub)


def add_lost_moves(sub) -> None:
    from .bench_lost import add_lost_moves as add

    add(sub)


def add_puzzles(sub) -> None:
    from .bench_puzzles import add_puzzles as add

    add(sub)


def add_table(sub) -> None:
    from .bench_table import add_table as add

    add(sub)


SUBCOMMANDS = [add_solver, add_frames, add_idle, add_startup, add_lost_moves, add_puzzles, add_table]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.bench", description="Benchmarks that print figures.")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(sub)
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if not getattr(args, "func", None):
        ap.print_usage(sys.stderr)
        print("error: choose a benchmark: " + ", ".join(sub.choices), file=sys.stderr)
        return 2
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
