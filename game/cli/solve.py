"""Meld finder on the command line.

``python -m game.solve FILE.json [FILE.json ...]`` solves every position of a positions file and prints
one JSON line per position, ``{"id", "tiles_placed", "value_placed", "seconds", "placed", "optimal"}``
(``placed`` in notation), then a summary (median, p90, max seconds) on stderr.  With ``--check`` the
results are compared with ``FILE.answers.json`` and every arrangement is re-checked by the rules core.

``python -m game.solve --table "R5 R6 R7 | K9 B9 O9" --rack "R8 J K1"`` prints the new arrangement in
notation (sets separated by ``' | '``) and what was placed.  ``--initial 30`` asks for an initial meld
from the rack instead (the table is left as it is).

Bad input (a missing or malformed file, bad notation, an invalid table set, a bad flag) gets a clear
message and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from ..ai.solver import SolverError, check_result, solve, solve_initial
from .figures import percentile
from ..play.reasons import fault_words
from ..rules.melds import check_set
from ..rules.tiles import NotationError, format_tiles, parse_tiles


class InputError(ValueError):
    """Bad input from the command line or a positions file."""


def parse_table(text: str) -> list[list[int]]:
    """``"R5 R6 R7 | K9 B9 O9"`` -> sets of distinct physical tiles; each set must be valid."""
    sets: list[list[int]] = []
    used: list[int] = []
    for part in text.split("|"):
        if not part.strip():
            if text.strip():
                raise InputError(f"empty set in table {text!r} (sets are separated by '|')")
            continue
        tiles = parse_tiles(part, used=used)
        meld = check_set(tiles)
        if not meld:
            raise InputError(f"table set {format_tiles(tiles)!r} is not a valid set: {fault_words(meld.reason, tiles)}")
        used.extend(tiles)
        sets.append([int(t) for t in tiles])
    return sets


def _position(entry: object, index: int) -> tuple[str, list[int], list[int]]:
    if not isinstance(entry, dict):
        raise InputError(f"position {index} is not an object")
    pid = entry.get("id", f"#{index}")
    table, rack = entry.get("table"), entry.get("rack")
    if not isinstance(table, list) or not isinstance(rack, list):
        raise InputError(f"position {pid}: 'table' and 'rack' must be lists of tiles")
    if not all(isinstance(t, str) for t in table + rack):
        raise InputError(f"position {pid}: tiles must be written in notation such as \"R5\" or \"J\"")
    try:
        t = parse_tiles(table)
        r = parse_tiles(rack, used=t)
    except NotationError as exc:
        raise InputError(f"position {pid}: {exc}") from None
    return str(pid), [int(x) for x in t], [int(x) for x in r]


def _read_json(path: str, what: str):
    """The JSON in ``path`` (plain: no NaN, no key twice, not absurdly deep), or InputError."""
    from ..storage.persistence import read_bytes, parse_json

    raw, reason = read_bytes(path)
    if raw is None:
        raise InputError(f"no such file: {path}" if reason == "no such file" else f"cannot read {what}{path}: {reason}")
    data, reason = parse_json(raw)
    if reason:
        raise InputError(f"{what}{path}: {reason}")
    return data


def _answers(raw: object, apath: str) -> dict:
    """{id: (tiles_placed, value_placed)} from an answers file; every entry checked."""
    if not isinstance(raw, list):
        raise InputError(f"answers {apath} should hold a list of answers")
    out = {}
    for k, a in enumerate(raw):
        if not isinstance(a, dict):
            raise InputError(f"answers {apath}: answer {k + 1} is not an object")
        missing = [key for key in ("id", "tiles_placed", "value_placed") if key not in a]
        if missing:
            raise InputError(f"answers {apath}: answer {k + 1} has no {missing[0]!r}")
        if not all(type(a[key]) is int and a[key] >= 0 for key in ("tiles_placed", "value_placed")):
            raise InputError(f"answers {apath}: answer {k + 1} ({str(a['id'])[:40]}) needs whole numbers for 'tiles_placed' and 'value_placed'")
        out[str(a["id"])] = (a["tiles_placed"], a["value_placed"])
    return out


def solve_file(path: str, budget: float | None, objective: str, check: bool, out=None, err=None) -> tuple[int, int]:
    """Solve every position of a file; returns (positions with bad input, mismatches)."""
    out = out or sys.stdout
    err = err or sys.stderr
    data = _read_json(path, "")
    if not isinstance(data, list):
        raise InputError(f"{path} should hold a list of positions")
    answers = {}
    if check:
        apath = path[:-5] + ".answers.json" if path.endswith(".json") else path + ".answers.json"
        if not os.path.exists(apath):
            raise InputError(f"--check needs {apath}")
        answers = _answers(_read_json(apath, "answers "), apath)
    times: list[float] = []
    bad = 0
    errors = 0
    for index, entry in enumerate(data):
        try:
            pid, table, rack = _position(entry, index)
            t0 = time.perf_counter()
            res = solve(table, rack, objective=objective, time_budget=budget)
            seconds = time.perf_counter() - t0
        except (InputError, SolverError) as exc:
            print(f"error: {exc}", file=err)
            errors += 1
            continue
        times.append(seconds)
        line = {
            "id": pid,
            "tiles_placed": res.tiles_placed,
            "value_placed": res.value_placed,
            "seconds": round(seconds, 6),
            "placed": [format_tiles([t]) for t in res.placed],
            "optimal": res.optimal,
        }
        print(json.dumps(line), file=out)
        if check:
            problems = check_result(table, rack, res)
            want = answers.get(pid)
            if want is None:
                problems.append("no answer in the answers file")
            elif want != (res.tiles_placed, res.value_placed):
                problems.append(
                    f"expected {want[0]} tiles / {want[1]} points, "
                    f"got {res.tiles_placed} / {res.value_placed}"
                )
            for p in problems:
                print(f"MISMATCH {pid}: {p}", file=err)
            bad += bool(problems)
    name = os.path.basename(path)
    print(
        f"{name}: {len(times)} positions, median {percentile(times, 0.5):.4f} s, "
        f"p90 {percentile(times, 0.9):.4f} s, max {max(times, default=0.0):.4f} s"
        + (f", {bad} mismatch(es)" if bad else "")
        + (f", {errors} bad position(s)" if errors else ""),
        file=err,
    )
    return errors, bad


def solve_text(table_text: str, rack_text: str, budget: float | None, objective: str, initial: int | None,
               max_disturbed: int | None, out=None) -> int:
    out = out or sys.stdout
    try:
        table_sets = parse_table(table_text or "")
        used = [t for s in table_sets for t in s]
        rack = [int(t) for t in parse_tiles(rack_text or "", used=used)]
    except NotationError as exc:
        raise InputError(str(exc)) from None
    if initial is not None:
        res = solve_initial(rack, initial, objective=objective, time_budget=budget)
        if res is None:
            print(f"no initial meld worth {initial} points or more", file=out)
            return 1
        sets = [list(s) for s in table_sets] + res.sets
        print(" | ".join(format_tiles(s) for s in sets), file=out)
        print(f"placed: {format_tiles(res.placed)} ({res.tiles_placed} tiles, {res.value_placed} points, meld worth {res.meld_points})", file=out)
        return 0
    res = solve(table_sets, rack, objective=objective, time_budget=budget, max_disturbed=max_disturbed)
    print(res.notation(), file=out)
    tag = "" if res.optimal else " (not proved optimal)"
    print(f"placed: {format_tiles(res.placed) or 'nothing'} ({res.tiles_placed} tiles, {res.value_placed} points){tag}", file=out)
    return 0


def _budget(text: str) -> float:
    from .text import parse_seconds

    got = parse_seconds(text)
    if isinstance(got, str):
        raise argparse.ArgumentTypeError(got)
    return got


def main(argv: list[str] | None = None) -> int:
    from .text import safe_output

    safe_output()
    ap = argparse.ArgumentParser(
        prog="python -m game.solve",
        description="Find the arrangement of the table that places the most rack tiles (ties: most points).",
    )
    ap.add_argument("files", nargs="*", help="positions files (JSON lists of {id, table, rack})")
    ap.add_argument("--table", help='table sets in notation, e.g. "R5 R6 R7 | K9 B9 O9"')
    ap.add_argument("--rack", help='rack tiles in notation, e.g. "R8 J K1"')
    ap.add_argument("--budget", type=_budget, default=None, metavar="SECONDS", help="time budget per position (best found so far)")
    ap.add_argument("--objective", choices=("tiles", "points"), default="tiles", help="most tiles first (default) or most points first")
    ap.add_argument("--initial", type=int, default=None, metavar="POINTS", help="initial meld from the rack worth at least POINTS")
    ap.add_argument("--max-disturbed", type=int, default=None, metavar="N", help="break up at most N table sets")
    ap.add_argument("--check", action="store_true", help="compare with FILE.answers.json and re-check every arrangement")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.budget is not None and args.budget <= 0:
        print("error: --budget must be a positive number of seconds", file=sys.stderr)
        return 2
    if args.max_disturbed is not None and args.max_disturbed < 0:
        print("error: --max-disturbed must be 0 or more", file=sys.stderr)
        return 2
    if args.initial is not None and args.initial < 1:
        print("error: --initial must be at least 1", file=sys.stderr)
        return 2
    text_mode = args.table is not None or args.rack is not None
    if text_mode and args.files:
        print("error: give either positions files or --table/--rack, not both", file=sys.stderr)
        return 2
    if not text_mode and not args.files:
        ap.print_usage(sys.stderr)
        print("error: give a positions file, or --table and --rack", file=sys.stderr)
        return 2
    try:
        if text_mode:
            if args.rack is None:
                print("error: --rack is required with --table", file=sys.stderr)
                return 2
            return solve_text(args.table or "", args.rack, args.budget, args.objective, args.initial, args.max_disturbed)
        errors = bad = 0
        for path in args.files:
            e, b = solve_file(path, args.budget, args.objective, args.check)
            errors += e
            bad += b
        return 2 if errors else 1 if bad else 0
    except (InputError, SolverError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print("error: the input is nested too deeply", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
