"""Lost moves: does a computer player ever place fewer tiles than its own search allows?

``python -m game.bench lost-moves [--json] [--positions N] [--variants ...] [--levels ...] [--seed S]``

Positions are taken from simulated games of every rule set (every second turn of the
first round, seats played by a mix of levels; the Golden Games at three players).  At
each position every level is asked for its move from the seat's own view, and the move
is compared with what that level's own search allowed:

* ``illegal``: the referee refuses the move the player returned;
* ``layout``: the player gave up an arrangement (sets from its finder) that places more
  tiles than the move it returned, although an equivalent layout of the same sets is
  legal (found here by a much longer walk through ``relayout.variants``);
* ``short`` (greedy-max only, whose strategy is "the most tiles"): the move places fewer
  tiles than the best legal arrangement among the finder's answers with every
  combination of the table's joker sets kept together, with and without rack jokers;
* on the crossword board (Rummi200kub): the play returned places fewer tiles than the
  best legal draft of the level's own search with no limit on the drafts checked (a
  claim is the player's choice and is not compared; so is Sage's turn where its check of the
  claim exchange took another turn, or where the plays it weighed by what they hand the rival held
  one with the most tiles).

The figure to watch is ``lost`` (the sum), whose goal is 0.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from itertools import combinations

from ..rules.tiles import is_joker

VARIANTS = {"classic": 2, "rummy-q": 2, "golden-games": 3, "rummibug": 2, "rummibug-relaxed": 2, "rummi200kub": 2}
LEVELS = ["easy", "medium", "hard", "expert", "greedy-max"]
HARVEST_MIX = ("hard", "greedy-max", "medium", "easy")
ORACLE_LAYOUTS = 3000


def harvest(variant: str, seats: int, count: int, seed: int) -> list:
    """``count`` player views from the first rounds of seeded simulated games."""
    from ..ai import make_player
    from ..play.computer import computer_turn
    from ..rules import engine
    from ..rules.state import derived_secret

    out: list = []
    g = 0
    while len(out) < count:
        gseed = seed + g
        kinds = [HARVEST_MIX[(g + i) % len(HARVEST_MIX)] for i in range(seats)]
        g += 1
        state = engine.new_game(variant, [(f"P{i + 1}", k) for i, k in enumerate(kinds)], seed=gseed,
                                secret=derived_secret("lost-moves", gseed))
        k = 0
        while state.phase == "play" and state.turn < 300 and len(out) < count:
            seat = state.current
            if k % 2 == 0:
                out.append(engine.view(state, seat))
            k += 1
            computer_turn(state, make_player(kinds[seat], state.player_seed(seat), state.variant.board_shape))
    return out


def _placed(view, action) -> int:
    from ..rules import actions as act

    if not isinstance(action, act.Play):
        return 0
    before = set(view.board.tiles())
    return sum(1 for t in action.board.tiles() if t not in before)


def legal_layout(view, sets) -> bool:
    """Does some layout of ``sets`` (jokers in any place they can stand) pass the referee?"""
    from ..ai.layout import layout
    from ..ai.relayout import table_readings, variants
    from ..rules.engine import check_view

    readings = table_readings(view.board)
    for arr in variants(sets, readings, limit=ORACLE_LAYOUTS):
        if not check_view(view, layout(view.board, arr, view.variant.grid_width)).problems:
            return True
    return False


def best_legal(view) -> int:
    """The most rack tiles of any legal arrangement among the finder's answers (see the module doc)."""
    from ..ai.layout import sets_of
    from ..ai.solver import SolverError, solve, solve_initial

    rack = [int(t) for t in view.rack]
    table = sets_of(view.board)
    cands = []
    try:
        if not view.me_melded:
            need = view.variant.initial_meld_points()
            for jokers in (True, False):
                res = solve_initial(rack, need, time_budget=3.0, use_rack_jokers=jokers)
                if res is not None:
                    cands.append(table + [list(s) for s in res.sets])
        else:
            joker_sets = [i for i, s in enumerate(table) if any(is_joker(t) for t in s)]
            for k in range(len(joker_sets) + 1):
                for keep in combinations(joker_sets, k):
                    for jokers in (True, False):
                        res = solve(table, rack, time_budget=3.0, keep=keep, use_rack_jokers=jokers)
                        if res.tiles_placed:
                            cands.append(res.sets)
    except SolverError:
        return 0
    mine = set(rack)
    best = 0
    for sets in sorted(cands, key=lambda s: -sum(1 for x in s for t in x if t in mine)):
        n = sum(1 for x in sets for t in x if t in mine)
        if n <= best:
            break
        if legal_layout(view, sets):
            best = n
    return best


def check_flat(view, level: str, seed: int) -> tuple[str, int, int]:
    """(verdict, tiles placed, tiles the reference allows) for one level at one position."""
    from ..ai import FLAT, make_player
    from ..rules import actions as act
    from ..rules.engine import check_view

    player = make_player(level, seed, FLAT)
    action = player.choose(view)
    if isinstance(action, act.Play) and check_view(view, action.board).problems:
        return "illegal", 0, 0
    placed = _placed(view, action)
    turn = player.last_turn
    mine = set(int(t) for t in view.rack)
    for sets in (turn.refused if turn is not None else []):
        n = sum(1 for x in sets for t in x if t in mine)
        if n > placed and legal_layout(view, sets):
            return "layout", placed, n
    if level == "greedy-max":
        best = best_legal(view)
        if placed < best:
            return "short", placed, best
        return "ok", placed, best
    return "ok", placed, placed


def check_crossword(view, level: str, seed: int) -> tuple[str, int, int]:
    from ..ai import CROSSWORD, crossword, make_player
    from ..rules import actions as act
    from ..rules.engine import check_view

    player = make_player(level, seed, CROSSWORD)
    action = player.choose(view)
    if isinstance(action, act.Play) and check_view(view, action.board).problems:
        return "illegal", 0, 0
    level = player.profile  # the crossword profile it plays with
    if isinstance(action, act.Claim):
        return "ok", 0, 0  # a claim: the player's choice
    placed = _placed(view, action)
    ref = crossword.find_play(crossword.Ctx(view, level, random.Random(seed)), cap=None)
    best = 0 if ref is None else sum(1 for t in ref.tiles() if t not in set(view.board.tiles()))
    if placed < best and _sage_choice(view, player, seed, action, best):
        return "ok", placed, best  # Sage's choice: its exchange check, or among plays holding the most tiles
    if placed < best:
        return "short", placed, best
    return "ok", placed, best


def _sage_choice(view, player, seed: int, action, best: int) -> bool:
    """Did a shaping profile (Sage's) place fewer tiles by its own choice: its check of the claim
    exchange took another turn than the one before the check, or the plays it weighed held one with
    ``best`` tiles?  False for a profile that does not shape its plays."""
    from ..ai.crossword_draft import Ctx
    from ..ai.crossword_shape import plays, shaped_turn

    prof = player.knobs(view.variant) if player.knobs else None
    if prof is None or not (prof.shape or prof.exchange):
        return False
    if shaped_turn(Ctx(view, player.profile, random.Random(seed), prof)) != action:
        return True
    weighed = plays(Ctx(view, player.profile, random.Random(seed), prof), prof.shape_cands)
    return max((n for _, n in weighed), default=0) >= best


def run(args: argparse.Namespace) -> int:
    from ..ai import player_names

    unknown = [v for v in args.variants if v not in VARIANTS] + [lv for lv in args.levels if lv not in player_names()]
    if unknown:
        print(f"error: unknown rule set or level: {', '.join(unknown)}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    rows = []
    examples = []
    totals: Counter = Counter()
    for variant in args.variants:
        views = harvest(variant, VARIANTS[variant], args.positions, args.seed)
        board = views[0].variant.board_shape if views else ""
        for level in [lv for lv in args.levels if lv in player_names(board)]:  # hard-v1: the crossword board only
            verdicts: Counter = Counter()
            for i, view in enumerate(views):
                seed = args.seed * 7919 + i
                check = check_crossword if view.variant.board_shape == "crossword" else check_flat
                verdict, placed, best = check(view, level, seed)
                verdicts[verdict] += 1
                if verdict != "ok" and len(examples) < 20:
                    examples.append({"variant": variant, "level": level, "position": i, "verdict": verdict,
                                     "placed": placed, "allowed": best, "rack": [int(t) for t in view.rack],
                                     "table": [list(map(int, ln.tiles)) for ln in view.variant.lines(view.board)]})
            lost = sum(n for v, n in verdicts.items() if v != "ok")
            totals.update(verdicts)
            rows.append({"variant": variant, "level": level, "positions": len(views), "lost": lost,
                         **{k: verdicts.get(k, 0) for k in ("illegal", "layout", "short")}})
    summary = {
        "positions": sum(r["positions"] for r in rows) // max(1, len(args.levels)),
        "checks": sum(r["positions"] for r in rows),
        "lost": sum(r["lost"] for r in rows),
        "by_kind": {k: totals.get(k, 0) for k in ("illegal", "layout", "short")},
        "rows": rows,
        "examples": examples,
        "seed": args.seed,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{'rule set':<18} {'level':<11} {'positions':>9} {'lost':>5} {'illegal':>8} {'layout':>7} {'short':>6}")
        for r in rows:
            print(f"{r['variant']:<18} {r['level']:<11} {r['positions']:>9} {r['lost']:>5} {r['illegal']:>8} "
                  f"{r['layout']:>7} {r['short']:>6}")
        print(f"lost moves: {summary['lost']} of {summary['checks']} checks ({summary['seconds']} s)")
    return 0


def add_lost_moves(sub) -> None:
    p = sub.add_parser("lost-moves", help="does any player place fewer tiles than its own search allows?")
    p.add_argument("--positions", type=int, default=100, help="positions per rule set (default 100)")
    p.add_argument("--variants", nargs="+", default=list(VARIANTS), help="rule sets (default: all six)")
    p.add_argument("--levels", nargs="+", default=LEVELS, choices=LEVELS + ["hard-v1"], help="levels to check")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)
