"""``python -m game.bench puzzles [--json] [--per-grade N] [--seed S]``: time puzzle generation,
proof and grade included (``game.puzzles.generate``), N seeds for each grade 1..10; prints p50,
p90, p99 and max milliseconds per grade and over all, and the load average beside them.  The goal
is p99 at most 100 ms, so a rush never waits for its next puzzle.
"""

from __future__ import annotations

import json
import os
import sys
import time

from .figures import percentile


def _load() -> str:
    try:
        one, five, fifteen = os.getloadavg()
    except (OSError, AttributeError):
        return "unknown"
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


def run_puzzles(args) -> int:
    from ..puzzles.generator import generate

    if not 1 <= args.per_grade <= 10_000:
        print("error: --per-grade must be 1 to 10000", file=sys.stderr)
        return 2
    by_grade: dict[int, list[float]] = {}
    off_grade = 0
    for grade in range(1, 11):
        times = by_grade.setdefault(grade, [])
        for k in range(args.per_grade):
            t0 = time.perf_counter()
            puzzle = generate(args.seed + k, grade)
            times.append((time.perf_counter() - t0) * 1000)
            off_grade += puzzle.grade != grade
    every = [t for ts in by_grade.values() for t in ts]

    def figures(ts: list[float]) -> dict:
        return {"n": len(ts), "p50_ms": round(percentile(ts, 0.5), 2), "p90_ms": round(percentile(ts, 0.9), 2),
                "p99_ms": round(percentile(ts, 0.99), 2), "max_ms": round(max(ts), 2)}

    result = {"benchmark": "puzzles", **figures(every), "goal_p99_ms": 100, "off_grade": off_grade,
              "by_grade": {str(g): figures(ts) for g, ts in by_grade.items()}, "load_average": _load()}
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{'grade':<6} {'n':>5} {'p50 ms':>8} {'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for g, ts in by_grade.items():
        f = figures(ts)
        print(f"{g:<6} {f['n']:>5} {f['p50_ms']:>8.2f} {f['p90_ms']:>8.2f} {f['p99_ms']:>8.2f} {f['max_ms']:>8.2f}")
    f = figures(every)
    print(f"{'all':<6} {f['n']:>5} {f['p50_ms']:>8.2f} {f['p90_ms']:>8.2f} {f['p99_ms']:>8.2f} {f['max_ms']:>8.2f}")
    print(f"puzzles off their grade: {off_grade}; load average {result['load_average']}")
    return 0


def add_puzzles(sub) -> None:
    p = sub.add_parser("puzzles", help="time puzzle generation (proof and grade included)")
    p.add_argument("--per-grade", type=int, default=50, help="seeds timed for each grade (default 50)")
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run_puzzles)
