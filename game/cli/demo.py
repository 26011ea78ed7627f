"""Headless demo: computer players in every seat, saving exactly as a real game does.

``Demo`` advances one completed turn per ``step()`` and autosaves after it (and after
a new round is dealt, and when a game ends), through the same ``game.storage.saves.save_game``
the play screen uses; ``run_demo`` loops it.  The on-screen attract mode
(``python main.py --demo``) can drive a ``Demo`` one step per animation; headless it
runs as ``python -m game.demo``.

The demo saves into its own slot (``demo``) by default, so the attract mode never
overwrites the player's autosave.  Computer players are seeded per turn from the
game's secret, the seat and the turn number (``GameState.player_seed``), so a game
resumed from a save plays on exactly as the uninterrupted game would have.

Pure Python: no pygame here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator

from ..storage import saves
from ..ai import player_names
from ..play.computer import PlayOutStep, play_out
from ..rules import engine
from ..rules.state import GameState, Phase, derived_secret
from ..rules.variants import REGISTRY
from .figures import percentile
from .sim import parse_options

DEFAULT_SEATS = 4
MAX_SEED = 2**63  # a game's seed is below this (``saves.validate.MAX_SEED``)


@dataclass
class DemoStep:
    kind: str  # "turn", "new_round", "new_game"
    result: engine.TurnResult | None = None
    saved: saves.SaveResult | None = None
    game_over: bool = False


@dataclass
class DemoReport:
    games_started: int = 0
    games_finished: int = 0
    turns: int = 0
    illegal: int = 0
    ai_errors: list[str] = field(default_factory=list)  # a computer player's exceptions (the turns went on as draws)
    saves: int = 0
    failed_saves: list[str] = field(default_factory=list)
    save_ms: list[float] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)


class Demo:
    """Computer-only games, one completed turn per ``step()``, autosaving as a real game does."""

    def __init__(
        self,
        variant: str | None = None,
        players: list[str] | None = None,
        seed: int | None = None,
        slot: str = saves.DEMO_SLOT,
        save: bool = True,
        resume: bool = False,
        state: GameState | None = None,
        options: dict | None = None,
    ) -> None:
        if variant is not None and variant not in REGISTRY:
            raise ValueError(f"unknown rule set {variant!r}; choose from {', '.join(REGISTRY)}")
        bad = [p for p in players or [] if p not in player_names()]
        if bad:
            raise ValueError(f"unknown computer level {bad[0]!r}; choose from {', '.join(player_names())}")
        keys = [variant] if variant is not None else list(REGISTRY)  # without a rule set: each in turn
        off = [(p, k) for k in keys for p in players or [] if p not in player_names(REGISTRY[k]().board_shape)]
        if off:
            raise ValueError(f"computer level {off[0][0]!r} does not play {REGISTRY[off[0][1]].title}")
        saves.slot_path(slot)  # checks the slot name
        self.variant = variant
        self.options = dict(options or {})  # applied to each rule set that has the option (e.g. rounds=1)
        self.players = list(players) if players else None
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED):
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}")
        self.seed = random.SystemRandom().randrange(2**31) if seed is None else int(seed)
        self.slot = slot
        self.save_enabled = save
        self.report = DemoReport()
        self.games = 0
        self.resume_message = ""
        self._steps: tuple[GameState, Iterator[PlayOutStep]] | None = None  # ``play_out`` of the state being played
        self.state: GameState | None = state
        if self.state is None and resume:
            loaded = saves.load_game(slot)
            self.resume_message = loaded.message
            if loaded.ok and loaded.state.phase != Phase.GAME_OVER:
                self.state = loaded.state
        if self.state is None:
            self.new_game()

    # -- games --------------------------------------------------------------------------
    def next_variant(self) -> str:
        if self.variant:
            return self.variant
        keys = sorted(REGISTRY)
        return keys[(self.seed + self.games) % len(keys)]

    def new_game(self) -> GameState:
        key = self.next_variant()
        vcls = REGISTRY[key]
        kinds = self.players or ["basic"] * DEFAULT_SEATS
        kinds = (kinds * vcls.max_players)[: max(vcls.min_players, min(vcls.max_players, len(kinds)))]
        seats = [(f"Computer {i + 1}", k) for i, k in enumerate(kinds)]
        names = {spec.name for spec in vcls.all_option_specs()}
        options = {k: v for k, v in self.options.items() if k in names}
        seed = (self.seed + self.games) % MAX_SEED
        self.state = engine.new_game(key, seats, seed=seed, options=options, secret=derived_secret("demo", seed))
        self.games += 1
        self.report.games_started += 1
        self.report.variants.append(key)
        return self.state

    def session(self) -> dict:
        """What the UI adds to a save; the demo's own marker plus the fields a real game has."""
        return {"mode": "demo", "timer_remaining": None, "seat_kinds": [p.kind for p in self.state.players]}

    def save(self) -> saves.SaveResult | None:
        if not self.save_enabled:
            return None
        t0 = time.perf_counter()
        res = saves.save_game(self.slot, self.state, self.session())
        self.report.save_ms.append((time.perf_counter() - t0) * 1000)
        if res.ok:
            self.report.saves += 1
        else:
            self.report.failed_saves.append(res.message)
        return res

    # -- one step -------------------------------------------------------------------------
    def step(self) -> DemoStep:
        """Advance by one completed turn (or deal the next round, or start the next game)
        and save, exactly as the play screen does after each of these."""
        state = self.state
        if state.phase == Phase.GAME_OVER:
            self.new_game()
            return DemoStep("new_game", saved=self.save())
        if self._steps is None or self._steps[0] is not state:
            self._steps = (state, play_out(state))  # a "human" seat plays as basic
        step = next(self._steps[1])
        if step.kind == "new_round":
            return DemoStep("new_round", saved=self.save())
        result = None
        if step.turn is not None:
            result = step.turn.result
            self.report.turns += 1
            self.report.illegal += step.turn.illegal
            if step.turn.error:
                self.report.ai_errors.append(step.turn.error)
        over = state.phase == Phase.GAME_OVER
        self.report.games_finished += over
        return DemoStep("turn", result, self.save(), over)


def run_demo(
    turns: int | None = None,
    save: bool = True,
    *,
    variant: str | None = None,
    players: list[str] | None = None,
    seed: int | None = None,
    slot: str = saves.DEMO_SLOT,
    resume: bool = False,
    options: dict | None = None,
    stop: Callable[[], bool] | None = None,
    on_step: Callable[[Demo, DemoStep], None] | None = None,
) -> DemoReport:
    """Play computer-only games for ``turns`` completed turns (forever when None, until
    ``stop()`` says so), saving after every turn.  Returns what happened."""
    demo = Demo(variant, players, seed, slot, save, resume, options=options)
    if save:
        demo.save()  # a real game saves as soon as it is dealt
    while turns is None or demo.report.turns < turns:
        if stop is not None and stop():
            break
        step = demo.step()
        if on_step is not None:
            on_step(demo, step)
    return demo.report


def main(argv: list[str] | None = None) -> int:
    from .text import safe_output

    safe_output()
    ap = argparse.ArgumentParser(prog="python -m game.demo", description="Computer-only games headless, saving after every turn as a real game does.")
    ap.add_argument("--turns", type=int, default=200, help="completed turns to play (0 = until interrupted)")
    ap.add_argument("--variant", default=None, help=f"rule set (default: take turns): {', '.join(REGISTRY)}")
    ap.add_argument("--players", default=None, help=f"comma-separated levels: {', '.join(player_names())}")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--slot", default=saves.DEMO_SLOT, choices=saves.ALL_SLOTS, help="save slot (default: demo)")
    ap.add_argument("--no-save", action="store_true", help="play without saving")
    ap.add_argument("--resume", action="store_true", help="continue the game in the slot, if there is one")
    ap.add_argument("--progress", action="store_true", help="print a line after every save")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule-set option, applied where the rule set has it (e.g. rounds=1)")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    if args.turns < 0:
        print("error: --turns must be 0 or more", file=sys.stderr)
        return 2
    players = [p.strip() for p in args.players.split(",") if p.strip()] if args.players else None
    try:
        options = parse_options(args.option)
        if args.variant in REGISTRY:
            REGISTRY[args.variant].coerce_options(options)  # a bad option is reported before playing
        else:
            known = {spec.name for vcls in REGISTRY.values() for spec in vcls.all_option_specs()}
            unknown = sorted(set(options) - known)
            if unknown:
                raise ValueError(f"no rule set has the option {unknown[0]!r}; options: {', '.join(sorted(known))}")
        demo = Demo(args.variant, players, args.seed, args.slot, not args.no_save, args.resume, options=options)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if demo.resume_message:
        print(demo.resume_message)
    t0 = time.perf_counter()
    if not args.no_save:
        demo.save()

    def show(d: Demo, step: DemoStep) -> None:
        s = d.state
        if args.progress and step.saved is not None:
            print(f"saved {step.kind} game {d.games} round {s.round} turn {s.total_turns} ok={step.saved.ok}", flush=True)
        if step.game_over:
            ranking = engine.ranking(s)
            print(f"game {d.games} ({s.variant_key}) over after {s.total_turns} turns: {s.players[ranking[0]].name} wins", flush=True)

    try:
        while args.turns == 0 or demo.report.turns < args.turns:
            show(demo, demo.step())
    except KeyboardInterrupt:
        pass
    r = demo.report
    secs = time.perf_counter() - t0
    print(f"{r.turns} turns, {r.games_started} games started, {r.games_finished} finished, {r.illegal} illegal moves, in {secs:.2f} s")
    if r.ai_errors:
        print(f"error: {len(r.ai_errors)} computer turns raised an exception (they went on as draws), the first: {r.ai_errors[0]}",
              file=sys.stderr)
    if not args.no_save:
        print(f"{r.saves} saves, {len(r.failed_saves)} failed; save time p50 {percentile(r.save_ms, 0.5):.2f} ms, p99 {percentile(r.save_ms, 0.99):.2f} ms")
        for msg in r.failed_saves[:3]:
            print(f"  {msg}")
    return 1 if r.failed_saves or r.ai_errors else 0


if __name__ == "__main__":
    sys.exit(main())
