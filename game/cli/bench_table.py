"""Does the flat table stay where it was put?

``python -m game.bench table [--json] [--games N] [--seed S] [--variants ...] [--seats K]``

Plays seeded computer-only games (the first round of each) of every flat rule set and,
for every turn that changed the table, compares the table before the turn with the table
after it, as the play screen shows them:

* ``sets_moved_unchanged``: sets whose tiles the turn did not change but whose cells (or
  order) it did, over all turns; the goal is 0;
* ``tile_px_changes_within_turn``: turns during which the table's tiles change size on the
  play screen at 1280x800 or 1024x640: the screen's layout with the rows the turn needs
  (``draft.rows_in_turn``), seen as the table's camera shows it (``tableview.screen_fit``:
  the fit view of the rows the turn began with, ``draft.rows_at_turn_start``); the goal is 0;
* ``turns_scrolled``: turns whose play needed more rows than the view showed as the turn
  began (the view keeps the tile size and scrolls to the play), at either size;
* ``min_tile_px``: the table's tile width at each size in the fit view of the fullest table
  a turn began with (the tile size is taken again only between turns), and ``max_rows``,
  the most rows a turn needed.

The seats play a mix of levels (hard, greedy-max, medium, easy, rotated per game).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

SIZES = ((1280, 800), (1024, 640))
MIX = ("hard", "greedy-max", "medium", "easy")
MAX_TURNS = 400


def flat_rule_sets() -> list[str]:
    from ..rules.registry import REGISTRY

    return [key for key, cls in REGISTRY.items() if cls().flat_table]


def moved_unchanged(before, after) -> int:
    """Sets of ``before`` that ``after`` shows unchanged (the same faces: the two copies of a
    face are interchangeable) but on other cells or in another order."""
    from collections import Counter

    from ..rules.tiles import face_key

    def faces(ln) -> tuple[int, ...]:
        return tuple(face_key(t) for t in ln.tiles)

    kept = {(ln.cells, faces(ln)) for ln in after.lines()}
    elsewhere = Counter(tuple(sorted(faces(ln))) for ln in after.lines() if (ln.cells, faces(ln)) not in
                        {(b.cells, faces(b)) for b in before.lines()})
    out = 0
    for ln in before.lines():
        if (ln.cells, faces(ln)) in kept:
            continue
        key = tuple(sorted(faces(ln)))
        if elsewhere[key] > 0:
            elsewhere[key] -= 1
            out += 1
    return out


class ScreenTable:
    """The table on the play screen, per window size: (tile width, rows in view) when a turn
    that began with ``base`` rows needs ``rows`` (memoised)."""

    def __init__(self, players: int, direction: int, width: int, info_band: bool) -> None:
        self.args = (players, direction, width, info_band)
        self.memo: dict[tuple, tuple[int, int]] = {}

    def __call__(self, size: tuple[int, int], base: int, rows: int) -> tuple[int, int]:
        key = (size, base, rows)
        if key not in self.memo:
            from ..ui import playlayout
            from ..ui.tableview import screen_fit

            players, direction, width, info_band = self.args
            lay = playlayout.compute(size, players, 0, direction, width, rows, 14, None, info_band)
            self.memo[key] = screen_fit(lay, min(lay.grid.rows, base))
        return self.memo[key]


def play_game(variant: str, seats: int, seed: int) -> dict:
    """One seeded computer-only game (its first round): the figures of its turns."""
    from ..ai import make_player
    from ..play.computer import computer_turn
    from ..rules import engine
    from ..play.draft import rows_at_turn_start, rows_in_turn
    from ..rules.state import derived_secret

    kinds = [MIX[(seed + i) % len(MIX)] for i in range(seats)]
    state = engine.new_game(variant, [(f"P{i + 1}", k) for i, k in enumerate(kinds)], seed=seed,
                            secret=derived_secret("table-bench", seed))
    players = [make_player(kinds[i], state.player_seed(i), state.variant.board_shape) for i in range(seats)]
    screen = ScreenTable(seats, state.variant.direction, state.variant.grid_width,
                         bool(state.variant.status_lines(state, 0)))
    out = {"turns": 0, "plays": 0, "sets_moved_unchanged": 0, "tile_px_changes_within_turn": 0,
           "turns_scrolled": 0, "max_rows": 0}
    fullest = 1
    examples: list[dict] = []
    while state.phase == "play" and state.turn < MAX_TURNS:
        before = state.board.copy()
        base = rows_at_turn_start(before.cells)
        fullest = max(fullest, base)
        computer_turn(state, players[state.current])
        out["turns"] += 1
        after = state.board
        rows = rows_in_turn(base, list(before.cells) + list(after.cells))
        out["max_rows"] = max(out["max_rows"], rows)
        if after == before:
            continue
        out["plays"] += 1
        moved = moved_unchanged(before, after)
        out["sets_moved_unchanged"] += moved
        start = {size: screen(size, base, base) for size in SIZES}
        during = {size: screen(size, base, rows) for size in SIZES}
        if any(during[size][0] != start[size][0] for size in SIZES):
            out["tile_px_changes_within_turn"] += 1
        if any(rows > start[size][1] for size in SIZES):
            out["turns_scrolled"] += 1
        if moved and len(examples) < 3:
            examples.append({"turn": state.turn, "before": before.render(), "after": after.render()})
    fullest = max(fullest, rows_at_turn_start(state.board.cells))  # the table the last turn left
    out["min_tile_px"] = {f"{w}x{h}": screen((w, h), fullest, fullest)[0] for w, h in SIZES}
    out["examples"] = examples
    return out


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the figures alone on stdout (the layout imports pygame)
    flat = flat_rule_sets()
    unknown = [v for v in args.variants if v not in flat]
    if unknown:
        print(f"error: not a flat rule set: {', '.join(unknown)} (choose from {', '.join(flat)})", file=sys.stderr)
        return 2
    if args.games < 1 or not 2 <= args.seats <= 4:
        print("error: --games must be at least 1 and --seats 2 to 4", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    rows = []
    examples = []
    for variant in args.variants or flat:
        from ..rules.registry import find_variant

        vcls = find_variant(variant)
        seats = max(vcls.min_players, min(vcls.max_players, args.seats))
        row = {"variant": variant, "games": 0, "turns": 0, "plays": 0, "sets_moved_unchanged": 0,
               "tile_px_changes_within_turn": 0, "turns_scrolled": 0, "max_rows": 0, "min_tile_px": {}}
        for g in range(args.games):
            got = play_game(variant, seats, args.seed + g)
            row["games"] += 1
            for k in ("turns", "plays", "sets_moved_unchanged", "tile_px_changes_within_turn", "turns_scrolled"):
                row[k] += got[k]
            row["max_rows"] = max(row["max_rows"], got["max_rows"])
            for size, w in got["min_tile_px"].items():
                row["min_tile_px"][size] = min(w, row["min_tile_px"].get(size, w))
            examples += [{"variant": variant, "seed": args.seed + g, **e} for e in got["examples"]][:max(0, 5 - len(examples))]
        rows.append(row)
    summary = {
        "games": sum(r["games"] for r in rows),
        "seats": args.seats,
        "sets_moved_unchanged": sum(r["sets_moved_unchanged"] for r in rows),
        "tile_px_changes_within_turn": sum(r["tile_px_changes_within_turn"] for r in rows),
        "turns_scrolled": sum(r["turns_scrolled"] for r in rows),
        "min_tile_px": {f"{w}x{h}": min(r["min_tile_px"][f"{w}x{h}"] for r in rows) for w, h in SIZES},
        "rows": rows,
        "examples": examples,
        "seed": args.seed,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{'rule set':<18} {'games':>5} {'plays':>6} {'moved':>6} {'px changes':>10} {'scrolled':>8} {'rows':>5}"
              "  min tile px")
        for r in rows:
            sizes = ", ".join(f"{k} {v}" for k, v in r["min_tile_px"].items())
            print(f"{r['variant']:<18} {r['games']:>5} {r['plays']:>6} {r['sets_moved_unchanged']:>6} "
                  f"{r['tile_px_changes_within_turn']:>10} {r['turns_scrolled']:>8} {r['max_rows']:>5}  {sizes}")
        print(f"sets moved unchanged: {summary['sets_moved_unchanged']}, tile size changes within a turn: "
              f"{summary['tile_px_changes_within_turn']} ({summary['seconds']} s)")
    return 0


def add_table(sub) -> None:
    p = sub.add_parser("table", help="does the flat table keep its sets where they were put?")
    p.add_argument("--games", type=int, default=10, help="games per rule set (default 10)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (then seed+1, ...)")
    p.add_argument("--variants", nargs="+", default=[], help="flat rule sets (default: all)")
    p.add_argument("--seats", type=int, default=4, help="players per game (default 4; within each rule set's limits)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)
