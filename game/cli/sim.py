"""Headless simulator: ``python -m game.sim --variant classic --players basic,basic --games N --seed S [--json]``.

Plays whole games with computer players (``game.play.computer.play_out``), checks every
turn (tiles conserved, moves the referee rejects counted as illegal, a computer player's
exception counted in ``ai_errors``: the run then exits with status 1) and prints a summary.  Seats are
rotated from game to game so that no player keeps the same position; results
are reported per entry of ``--players``.

``python -m game.sim --tournament N [--players LEVELS] [--seed S] [--json]`` runs a
whole Golden Games tournament of N computer entrants (``game/tournament/``) and
prints its tables and medal table; ``--players`` is then the mix of computer levels
(a level not written yet plays as basic).
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import sys
import time
from collections import Counter
from dataclasses import asdict

from ..ai import player_names, sage, strategy
from .figures import percentile
from .sim_games import GC_THRESHOLDS, play_entry_game, play_game  # noqa: F401  (play_game: tests and tools use it from here)
from ..rules.variants import REGISTRY


def parse_options(items: list[str]) -> dict:
    out: dict = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"option {item!r} must look like name=value")
        k, v = item.split("=", 1)
        v = v.strip()
        if v.lower() in ("true", "false"):
            out[k.strip()] = v.lower() == "true"
        elif v.lstrip("-").isdigit():
            out[k.strip()] = int(v)
        else:
            out[k.strip()] = v
    return out


class _Totals:
    """What ``run`` adds up over the games, in game order."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.wins = [0] * n
        self.ahead = [0] * n  # (game, other entry) pairs in which the entry finished ahead
        self.think: dict[int, list[float]] = {i: [] for i in range(n)}
        self.think_cpu: dict[int, list[float]] = {i: [] for i in range(n)}
        self.reasons: Counter = Counter()
        self.claims: Counter = Counter()
        self.game_ends: Counter = Counter()
        self.illegal = 0
        self.ai_errors: Counter = Counter()
        self.conserved = True
        self.turns = 0
        self.scores = [0] * n
        self.played = 0

    def add(self, res: dict) -> None:
        n, order = self.n, res["order"]
        self.played += 1
        self.wins[order[res["ranking"][0]]] += 1
        for place, seat in enumerate(res["ranking"]):
            self.ahead[order[seat]] += n - 1 - place
        for seat, ms in res["think"].items():
            self.think[order[int(seat)]].extend(ms)
        for seat, ms in res["think_cpu"].items():
            self.think_cpu[order[int(seat)]].extend(ms)
        for seat, sc in enumerate(res["scores"]):
            self.scores[order[seat]] += sc
        self.reasons.update(res["reasons"])
        self.claims.update(res["claims"])
        self.game_ends[res["game_end"]] += 1
        self.illegal += res["illegal"]
        self.ai_errors.update(res["ai_errors"])
        self.conserved &= res["conserved"]
        self.turns += res["turns"]


def run(variant: str, kinds: list[str], games: int, seed: int, options: dict | None = None, rotate: bool = True,
        progress: bool = False, time_limit: float | None = None, jobs: int = 1) -> dict:
    """Play ``games`` seeded games (seeds ``seed``, ``seed + 1``, ...).  With ``time_limit``
    (seconds) no game starts once that much time has passed: the summary then says how many
    games were played (``games``) and how many were asked for (``games_asked``).  With ``jobs``
    above 1 the games are played in that many processes (``game/cli/sim_jobs.py``); game k gets
    the same seed and seats as in a serial run, and the summary is the serial one but for the
    timings (and ``jobs``)."""
    n = len(kinds)
    tot = _Totals(n)
    t0 = time.perf_counter()

    def tick(done: int) -> None:
        if progress:
            bar = "#" * (30 * done // games)
            sys.stderr.write(f"\r[{bar:<30}] {done}/{games} games")
            sys.stderr.flush()

    if jobs > 1 and games > 1:
        from .sim_jobs import play_games
        for res in play_games(variant, kinds, games, seed, options, rotate, time_limit, jobs):
            tot.add(res)
            tick(tot.played)
    else:
        thresholds = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLDS)
        try:
            for g in range(games):
                if time_limit is not None and g and time.perf_counter() - t0 > time_limit:
                    break
                tot.add(play_entry_game(variant, kinds, g, seed, options, rotate))
                tick(g + 1)
        finally:
            gc.set_threshold(*thresholds)
    if progress:
        sys.stderr.write("\n")
    wins, ahead, think, think_cpu = tot.wins, tot.ahead, tot.think, tot.think_cpu
    reasons, claims, game_ends, ai_errors = tot.reasons, tot.claims, tot.game_ends, tot.ai_errors
    illegal, conserved, turns_total, scores, played = tot.illegal, tot.conserved, tot.turns, tot.scores, tot.played
    seconds = time.perf_counter() - t0
    asked, games = games, played
    summary = {
        "variant": variant,
        "players": kinds,
        "games": games,
        "games_asked": asked,
        "seed": seed,
        "wins": wins,
        "win_rate": [round(w / games, 4) if games else 0.0 for w in wins],
        # at three or four players: the share of the other players each one finished ahead of
        # (a fair share is 0.5; heads-up it is the win rate)
        "ahead_rate": [round(a / (games * (n - 1)), 4) if games else 0.0 for a in ahead],
        "mean_score": [round(s / games, 2) if games else 0.0 for s in scores],
        "turns_mean": round(turns_total / games, 2) if games else 0.0,
        "end_reasons": dict(reasons),
        "game_end_reasons": dict(game_ends),
        "illegal_moves": illegal,
        # a computer player's exception (its turn went on as a draw): a bug, and the run fails
        "ai_errors": sum(ai_errors.values()),
        "ai_error_kinds": dict(ai_errors.most_common(5)),
        "tiles_conserved": conserved,
        "think_ms_p50": [round(percentile(think[i], 0.5), 3) for i in range(n)],
        "think_ms_p99": [round(percentile(think[i], 0.99), 3) for i in range(n)],
        # processor time of the same choices: on a shared, busy machine the wall clock also
        # counts the time other programs ran; this is what a quiet machine would show
        "think_cpu_ms_p99": [round(percentile(think_cpu[i], 0.99), 3) for i in range(n)],
        "seconds": round(seconds, 3),
        "jobs": jobs,
    }
    if REGISTRY[variant].has_claims:
        # Rule sets with claims (Rummi200kub): how many claims, hijacks and locking claims were made.
        summary["claims"] = {k: claims.get(k, 0) for k in ("claim", "hijack", "lock")}
    return summary


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.sim", description="Play computer-only games headless and summarise them.")
    ap.add_argument("--variant", default=None, help=f"rule set: {', '.join(REGISTRY)} (default classic; golden-games with --tournament)")
    ap.add_argument("--players", default=None, help=f"comma-separated levels: {', '.join(player_names())} (default basic,basic)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                    help="start no game after this many seconds (the summary says how many were played)")
    ap.add_argument("--jobs", type=_jobs, default=1, metavar="N",
                    help="play the games in N processes (default 1); the summary is the same as with 1 but for the "
                         "timings (with --time-limit no game starts after that many seconds, in any process)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule-set option (repeatable)")
    ap.add_argument("--knob", action="append", default=[], metavar="NAME=VALUE",
                    help="set one of the hard player's knobs for this rule set (game/ai/strategy.py; repeatable): "
                         "a tuning trial anyone can rerun")
    ap.add_argument("--sage-knob", action="append", default=[], metavar="NAME=VALUE",
                    help="set one of Sage's (expert's) knobs for this rule set, on top of hard's (game/ai/sage.py: "
                         "a strategy knob on flat tables, a profile knob on the crossword board; repeatable)")
    ap.add_argument("--no-rotate", action="store_true", help="keep every player in the same seat")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--tournament", type=int, default=None, metavar="N",
                    help="run a whole Golden Games tournament of N computer entrants and print the medal table")
    ap.add_argument("--stage-games", default=None, metavar="A,B,C",
                    help="with --tournament: games a table plays in the first stage, winners' rounds and final (default 3,2,1)")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.tournament is not None:
        if args.jobs != 1:
            print("error: --jobs plays separate games; a tournament is played in one process", file=sys.stderr)
            return 2
        return tournament_main(args)
    if args.stage_games is not None:
        print("error: --stage-games goes with --tournament", file=sys.stderr)
        return 2
    variant = args.variant if args.variant is not None else "classic"
    if variant not in REGISTRY:
        print(f"error: unknown rule set {variant!r}; choose from {', '.join(REGISTRY)}", file=sys.stderr)
        return 2
    kinds = [k.strip() for k in (args.players if args.players is not None else "basic,basic").split(",") if k.strip()]
    bad = [k for k in kinds if k not in player_names()]
    if bad:
        print(f"error: unknown player level {bad[0]!r}; choose from {', '.join(player_names())}", file=sys.stderr)
        return 2
    vcls = REGISTRY[variant]
    board = vcls().board_shape
    off = [k for k in kinds if k not in player_names(board)]
    if off:
        print(f"error: level {off[0]!r} does not play {vcls.title} ({board} board); choose from {', '.join(player_names(board))}",
              file=sys.stderr)
        return 2
    if not vcls.min_players <= len(kinds) <= vcls.max_players:
        print(f"error: {vcls.title} needs {vcls.min_players} to {vcls.max_players} players", file=sys.stderr)
        return 2
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        options = vcls.coerce_options(parse_options(args.option))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        if args.knob:
            set_knobs(variant, args.knob)
        if args.sage_knob:
            sage.set_knobs(REGISTRY[variant](), knob_items(args.sage_knob))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    summary = run(variant, kinds, args.games, args.seed, options, rotate=not args.no_rotate, progress=sys.stderr.isatty(),
                  time_limit=args.time_limit, jobs=args.jobs)
    if args.knob:
        summary["knobs"] = asdict(strategy.STRATEGIES[variant])
    if args.sage_knob:
        summary["sage_knobs"] = dict(sage.SAGE[variant])
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{summary['games']} {vcls.title} games in {summary['seconds']} s, {summary['turns_mean']} turns on average")
        for i, k in enumerate(kinds):
            print(f"  {k:<12} wins {summary['wins'][i]:>5} ({summary['win_rate'][i]:.1%})  think p50 {summary['think_ms_p50'][i]} ms  p99 {summary['think_ms_p99'][i]} ms")
        print(f"  end reasons: {summary['end_reasons']}   game ends: {summary['game_end_reasons']}")
        if "claims" in summary:
            print(f"  claims: {summary['claims']}")
        print(f"  illegal moves: {summary['illegal_moves']}   tiles conserved: {summary['tiles_conserved']}")
        if args.knob:
            print(f"  hard's knobs: {', '.join(args.knob)}")
        if args.sage_knob:
            print(f"  Sage's knobs: {', '.join(args.sage_knob)}")
    if summary["ai_errors"]:
        print(f"error: {summary['ai_errors']} computer turns raised an exception (they went on as draws): "
              + "; ".join(f"{n} x {text}" for text, n in summary["ai_error_kinds"].items()), file=sys.stderr)
        return 1
    return 0


MAX_JOBS = 64


def _jobs(text: str) -> int:
    """``--jobs``: a whole number of processes, 1 to ``MAX_JOBS``."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number of processes, not {text!r}") from None
    if not 1 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"must be 1 to {MAX_JOBS} processes, not {value}")
    return value


def knob_items(items: list[str]) -> dict[str, str]:
    """``name=value`` items as a dict; raises ``ValueError`` with a reason."""
    knobs: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"a knob must look like name=value, not {item!r}")
        name, value = (x.strip() for x in item.split("=", 1))
        if name in knobs:
            raise ValueError(f"knob {name} is given twice")
        knobs[name] = value
    return knobs


def set_knobs(variant: str, items: list[str]) -> None:
    """Set hard's knobs for ``variant`` from ``name=value`` items; raises ``ValueError`` with a reason."""
    strategy.STRATEGIES[variant] = strategy.with_knobs(strategy.strategy_for(REGISTRY[variant]()), knob_items(items))


# Levels the tournament accepts: those that exist, and those being written (played by basic until then).
def tournament_main(args) -> int:
    from .. import tournament as tm

    def fail(message: str) -> int:
        print(f"error: {message}", file=sys.stderr)
        return 2

    if args.variant is not None and args.variant != tm.VARIANT:
        return fail(f"--tournament plays the {tm.VARIANT} rules, not {args.variant!r}")
    if not tm.MIN_FIELD <= args.tournament <= tm.MAX_FIELD:
        return fail(f"--tournament needs {tm.MIN_FIELD} to {tm.MAX_FIELD} entrants, not {args.tournament}")
    levels = None
    if args.players is not None:
        levels = [k.strip() for k in args.players.split(",") if k.strip()]
        known = set(player_names())
        bad = [k for k in levels if k not in known]
        if bad or not levels:
            return fail(f"unknown player level {bad[0] if bad else args.players!r}; choose from {', '.join(sorted(known))}")
    games = tm.DEFAULT_GAMES
    if args.stage_games is not None:
        try:
            games = tuple(int(x) for x in args.stage_games.split(","))
        except ValueError:
            return fail("--stage-games must be three whole numbers such as 3,2,1")
    try:
        if args.knob:
            set_knobs(tm.VARIANT, args.knob)
        options = parse_options(args.option)
        t = tm.Tournament.create(args.tournament, None, seed=args.seed, levels=levels, games=games, options=options)
    except ValueError as exc:
        return fail(str(exc))
    bar = sys.stderr.isatty()

    def progress(info: tm.Progress) -> None:
        if bar:
            filled = int(30 * info.fraction)
            sys.stderr.write(f"\r[{'#' * filled:<30}] {info.text[:60]:<60}")
            sys.stderr.flush()

    t0 = time.perf_counter()
    errors = _ErrorCount()  # a computer player's exception: its turn went on as a draw (game.play.computer)
    logging.getLogger("game.ai").addHandler(errors)
    try:
        t.simulate_rest(progress)
    finally:
        logging.getLogger("game.ai").removeHandler(errors)
    if bar:
        sys.stderr.write("\n")
    summary = t.summary()
    summary["seconds"] = round(time.perf_counter() - t0, 3)
    summary["ai_errors"] = errors.count
    if args.knob:
        summary["knobs"] = asdict(strategy.STRATEGIES[tm.VARIANT])
    if args.json:
        print(json.dumps(summary))
        return _ai_error_status(errors.count)
    print(f"Golden Games tournament: {summary['entrants']} entrants, seed {summary['seed']}, "
          f"{summary['games_played']} games in {summary['seconds']} s")
    for stage in summary["stages"]:
        print(f"{stage['name']} ({stage['games']} game{'s' if stage['games'] != 1 else ''} a table)")
        for i, tb in enumerate(stage["tables"], 1):
            cells = [f"{name} {total}{' *' if name in tb['advanced'] else ''}" for name, total in zip(tb["players"], tb["totals"])]
            print(f"  Table {i}: " + ", ".join(cells) + (f"   ({tb['tie_break']})" if tb["tie_break"] else ""))
    print("Medals")
    for m in summary["medals"]:
        print(f"  {m['medal'].title():<7} {m['name']:<14} {m['level']:<8} {m['total']:>4} points")
    print(f"illegal moves: {summary['illegal_moves']}   tiles conserved: {summary['tiles_conserved']}")
    return _ai_error_status(errors.count)


class _ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


def _ai_error_status(count: int) -> int:
    if count:
        print(f"error: {count} computer turns raised an exception (they went on as draws)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
