"""Benchmarks that print figures (timing goals live here, never in tests).

``python -m game.bench frames [--json] [--frames N] [--size WxH] [--ai process|thread|sync]``: per-frame
time of a busy play screen (see ``game/ui/bench_frames.py``).

Each benchmark is a subcommand: a function ``add_NAME(subparsers)`` registers its arguments and sets
``func`` to the function that runs it (returns the exit status).  Add new ones to ``SUBCOMMANDS``.
"""

from __future__ import annotations

import argparse
import sys


def add_frames(sub) -> None:
    from .ui.bench_frames import add_frames as add  # imports no pygame until it runs

    add(sub)


SUBCOMMANDS = [add_frames]


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
