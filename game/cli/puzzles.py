"""``python -m game.puzzles --count N --seed S [--grade G] [--json]``: generated puzzles with their
answers and grades.

With ``--json`` one JSON object per line: ``{"id", "grade", "breaks", "table": [[tiles]],
"rack": [tiles], "answer": [[tiles]]}`` (tiles in notation, "R5", "J"); without it, the same in
words a person reads.  Puzzle ``k`` (0-based) uses seed ``S + k``; without ``--grade`` the grades
go round 1 to 10.  Bad flags get a clear message and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from ..puzzles.generator import generate
from ..puzzles.model import MAX_GRADE, MIN_GRADE
from ..rules.tiles import format_tiles

MAX_COUNT = 100_000


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one clear line, status 2 (argparse's own would print the usage too)
        raise SystemExit(f"error: {message} (see python -m game.puzzles --help)")


def _whole(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="python -m game.puzzles", description="Generate Tile Rush puzzles with proven answers.")
    ap.add_argument("--count", type=_whole, default=1, help=f"how many puzzles (1 to {MAX_COUNT})")
    ap.add_argument("--seed", type=_whole, default=0, help="seed of the first puzzle (the next ones count up)")
    ap.add_argument("--grade", type=_whole, default=None, help=f"grade {MIN_GRADE} to {MAX_GRADE} (default: 1 to 10 in turn)")
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    return ap


def main(argv: list[str] | None = None, out=None, err=None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        if isinstance(exc.code, str):
            print(exc.code, file=err)
            return 2
        return int(exc.code or 0)
    if not 1 <= args.count <= MAX_COUNT:
        print(f"error: --count must be 1 to {MAX_COUNT}, not {args.count}", file=err)
        return 2
    if args.grade is not None and not MIN_GRADE <= args.grade <= MAX_GRADE:
        print(f"error: --grade must be {MIN_GRADE} to {MAX_GRADE}, not {args.grade}", file=err)
        return 2
    try:
        for k in range(args.count):
            grade = args.grade if args.grade is not None else k % MAX_GRADE + 1
            puzzle = generate(args.seed + k, grade)
            if args.json:
                print(json.dumps(puzzle.to_json()), file=out, flush=True)
            else:
                print(f"{puzzle.id}: grade {puzzle.grade}, {puzzle.breaks} set(s) to break", file=out)
                print("  table:  " + " | ".join(format_tiles(s) for s in puzzle.table), file=out)
                print("  rack:   " + format_tiles(puzzle.rack), file=out)
                print("  answer: " + " | ".join(format_tiles(s) for s in puzzle.answer), file=out, flush=True)
    except BrokenPipeError:  # the reader stopped (``| head``): stop quietly
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
    return 0
