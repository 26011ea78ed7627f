"""Benchmarks that print figures (timing goals live here, never in tests).

``python -m game.bench solver [--files small mid large] [--repeat N] [--clock wall|cpu]
[--outside [--outside-dir DIR] [--order separate|interleaved]]`` times the meld finder on the positions
files and prints median, p90 and max milliseconds per file (on the wall clock, or the process's CPU time
with ``--clock cpu``); with ``--outside`` the published integer-programming finder (HiGHS through cvxpy,
installed for the run only: ``game/cli/bench_outside.py``) is timed on the same positions in the same
run (each file: all our solves, then all of its; or interleaved position by position).  The answers
(ours, and the outside finder's) are checked against the answers files (exit 1 on a wrong one).

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
import gc
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


def _read_positions(path: Path) -> list[tuple[str, list, list]]:
    from ..rules.tiles import parse_tiles

    data = json.loads(path.read_text(encoding="utf-8"))
    positions = []
    for entry in data:
        table = parse_tiles(entry["table"])
        positions.append((entry["id"], table, parse_tiles(entry["rack"], used=table)))
    return positions


def _read_answers(path: Path) -> dict[str, tuple[int, int]]:
    """The answers file beside a positions file (``NAME.answers.json``), or {} when there is none."""
    answers = path.with_name(path.stem + ".answers.json")
    if not answers.exists():
        return {}
    return {a["id"]: (a["tiles_placed"], a["value_placed"]) for a in json.loads(answers.read_text(encoding="utf-8"))}


def _fastest(call, repeat: int, clock=time.perf_counter) -> tuple[object, float]:
    """(the call's answer, the fastest of ``repeat`` runs in milliseconds on ``clock``).  The
    garbage collector waits until the call is over (as in ``timeit``): a collection of the other
    finder's objects would otherwise land in this one's time."""
    best = float("inf")
    got = None
    for _ in range(repeat):
        gc.disable()
        try:
            t0 = clock()
            got = call()
            best = min(best, clock() - t0)
        finally:
            gc.enable()
    return got, best * 1000


def _figures(ms: list[float]) -> tuple[float, float, float]:
    return statistics.median(ms), percentile(ms, 0.9), max(ms)


def _time_ours(positions, answers, repeat: int, clock, wrong: list[str]) -> tuple[list[float], tuple[str, float]]:
    """Our finder on every position of a file: (ms per position, (slowest id, its ms)); a
    wrong answer is added to ``wrong``."""
    out: list[float] = []
    worst = ("", 0.0)
    for pid, table, rack in positions:
        ms = _time_our_one(pid, table, rack, answers, repeat, clock, wrong)
        out.append(ms)
        if ms > worst[1]:
            worst = (pid, ms)
    return out, worst


def _time_our_one(pid, table, rack, answers, repeat: int, clock, wrong: list[str]) -> float:
    from ..ai.solver import solve

    res, ms = _fastest(lambda: solve(table, rack), repeat, clock)
    want = answers.get(pid)
    if want is not None and (res.tiles_placed, res.value_placed) != want:
        wrong.append(f"{pid}: our finder {(res.tiles_placed, res.value_placed)}, answers file {want}")
    return ms


def _time_outside_one(outside, pid, table, rack, answers, repeat: int, clock, wrong: list[str]) -> float:
    from ..rules.tiles import face_key

    faces = ([face_key(t) for t in table], [face_key(t) for t in rack])
    got, ms = _fastest(lambda: outside.solve(*faces), repeat, clock)
    want = answers.get(pid)
    if want is not None and got[:2] != want:
        wrong.append(f"{pid}: outside finder {got[:2]}, answers file {want}")
    return ms


def _time_file(positions, answers, outside, args, clock, wrong: list[str]) -> tuple:
    """One positions file: (our ms, (slowest id, ms), the outside finder's ms).  ``separate``: all
    our solves, then all the outside finder's; ``interleaved``: position by position (the two
    then share the processor's caches, which slows ours down about twice)."""
    if outside is None or args.order == "separate":
        ours, worst = _time_ours(positions, answers, args.repeat, clock, wrong)
        theirs = [] if outside is None else [
            _time_outside_one(outside, pid, table, rack, answers, args.repeat, clock, wrong)
            for pid, table, rack in positions]
        return ours, worst, theirs
    ours, theirs = [], []
    worst = ("", 0.0)
    for pid, table, rack in positions:
        ms = _time_our_one(pid, table, rack, answers, args.repeat, clock, wrong)
        ours.append(ms)
        if ms > worst[1]:
            worst = (pid, ms)
        theirs.append(_time_outside_one(outside, pid, table, rack, answers, args.repeat, clock, wrong))
    return ours, worst, theirs


def run_solver(args: argparse.Namespace) -> int:
    from ..rules.tiles import NotationError

    if args.repeat < 1:
        print("error: --repeat must be at least 1", file=sys.stderr)
        return 2
    files = []
    for name in args.files:
        path = _find_positions(name, args.dir)
        try:
            files.append((path, _read_positions(path), _read_answers(path)))
        except FileNotFoundError:
            print(f"error: no positions file {path}", file=sys.stderr)
            return 2
        except (OSError, ValueError, KeyError, TypeError, NotationError) as exc:
            print(f"error: cannot read {path}: {exc}", file=sys.stderr)
            return 2
    # the process's CPU time (its threads' too) is far less disturbed than the wall clock on a busy machine
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    outside = temp = None
    if args.outside:
        from . import bench_outside

        try:
            cp, temp = bench_outside.load(args.outside_dir)
            outside = bench_outside.OutsideFinder(cp)
        except bench_outside.OutsideUnavailable as exc:
            print(f"error: the outside finder is not available: {exc}", file=sys.stderr)
            return 2
    try:
        rows = []
        wrong: list[str] = []
        for path, positions, answers in files:
            ours, worst, theirs = _time_file(positions, answers, outside, args, clock, wrong)
            rows.append((path.stem, len(ours), _figures(ours), worst[0], _figures(theirs) if theirs else None))
    finally:
        if temp is not None:
            import shutil

            shutil.rmtree(temp, ignore_errors=True)
    print("load average (1, 5, 15 min): " + " ".join(f"{x:.2f}" for x in os.getloadavg())
          + ("; CPU time" if args.clock == "cpu" else "; wall clock"))
    head = f"{'file':<8} {'n':>4} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}  {'slowest':<10}"
    if outside is not None:
        head += f" {'outside median':>15} {'p90':>8} {'max':>8} {'median ratio':>13}"
    print(head)
    for stem, n, (med, p90, mx), who, other in rows:
        line = f"{stem:<8} {n:>4} {med:>10.2f} {p90:>8.2f} {mx:>8.2f}  {who:<10}"
        if other is not None:
            line += f" {other[0]:>15.2f} {other[1]:>8.2f} {other[2]:>8.2f} {other[0] / med:>12.1f}x"
        print(line)
    if outside is not None:
        how = ("interleaved position by position" if args.order == "interleaved"
               else "each file ours first, then theirs")
        print(f"outside finder: HiGHS through cvxpy (game/cli/bench_outside.py), the same positions, {how}")
    for line in wrong:
        print("wrong answer: " + line)
    return 1 if wrong else 0


def add_solver(sub) -> None:
    p = sub.add_parser("solver", help="time the meld finder on the positions files")
    p.add_argument("--files", nargs="+", default=["small", "mid", "large"], help="positions files or their names")
    p.add_argument("--dir", default=None, help="folder holding NAME.json (default: the shared positions)")
    p.add_argument("--repeat", type=int, default=1, help="solve each position N times and keep the fastest")
    p.add_argument("--outside", action="store_true",
                   help="also time a published integer-programming finder (HiGHS through cvxpy) on the same positions; "
                        "installs them into a throwaway folder for this run when they are not importable")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="time on the wall clock (default) or the process's CPU time (steadier on a busy machine)")
    p.add_argument("--outside-dir", default=None, metavar="DIR",
                   help="with --outside: install cvxpy into DIR (kept, and reused next time) instead of a throwaway folder")
    p.add_argument("--order", choices=("separate", "interleaved"), default="separate",
                   help="with --outside: time all our solves of a file, then all the outside finder's (default), "
                        "or both position by position (they then share the processor's caches)")
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
