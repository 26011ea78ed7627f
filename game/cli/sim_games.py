"""One game of the simulator (``python -m game.sim``): played, checked turn by turn and summarised
(``play_game``), and as game k of a run (``play_entry_game``).  Both the simulator and its worker
processes (``game/cli/sim_jobs.py``) play games with these."""

from __future__ import annotations

import gc
from collections import Counter

from ..play.computer import play_out
from ..rules import engine
from ..rules import events as ev_
from ..rules.state import derived_secret


def play_game(variant: str, kinds: list[str], seed: int, options: dict | None = None, check: bool = True, stats: dict | None = None) -> dict:
    """Play one game.  Returns {"ranking": [...], "turns", "illegal", "ai_errors", "conserved", "reasons",
    "think": {seat: [ms]}, ...}."""
    seats = [(f"{k.title()} {i + 1}", k) for i, k in enumerate(kinds)]
    state = engine.new_game(variant, seats, seed=seed, options=options, secret=derived_secret("sim", seed))
    illegal = 0
    errors: list[str] = []
    conserved = True
    reasons: Counter = Counter()
    claims: Counter = Counter()
    think: dict[int, list[float]] = {i: [] for i in range(len(kinds))}
    think_cpu: dict[int, list[float]] = {i: [] for i in range(len(kinds))}
    turns = 0
    stalled = False
    for step in play_out(state):
        if step.kind == "stalled":
            stalled = True
            reasons["stalled"] += 1
        if step.turn is None:
            continue
        seat, turn = step.seat, step.turn
        if turn.error:
            errors.append(turn.error)
        think[seat].append(turn.think_ms)
        think_cpu[seat].append(turn.think_cpu_ms)
        illegal += turn.illegal
        turns += 1
        for ev in turn.result.events:
            match ev:
                case ev_.RoundEnded(reason=reason):
                    reasons[reason] += 1
                case ev_.Claimed():
                    claims[ev.kind] += 1
        if check and state.conservation_problems():
            conserved = False
    return {
        "ranking": engine.ranking(state),
        "turns": turns,
        "illegal": illegal,
        "ai_errors": errors,
        "conserved": conserved,
        "reasons": reasons,
        "claims": claims,
        "think": think,
        "think_cpu": think_cpu,
        "stalled": stalled,
        "scores": [p.score for p in state.players],
        "game_end": state.variant.game_end_reason(state),
        "state": state,
    }


def play_entry_game(variant: str, kinds: list[str], g: int, seed: int, options: dict | None = None,
                    rotate: bool = True) -> dict:
    """Game ``g`` of a run (seed ``seed + g``, seats rotated by ``g``), summarised by entry of
    ``kinds`` (what ``run`` adds up; no game state, so it can come back from another process)."""
    n = len(kinds)
    shift = g % n if rotate else 0
    order = [(i + shift) % n for i in range(n)]  # order[seat] = entry index
    res = play_game(variant, [kinds[e] for e in order], seed + g, options)
    res.pop("state")
    res["order"] = order
    gc.collect()  # the game's state and players, gone now (see ``GC_THRESHOLDS``)
    return res


# The cyclic garbage collector's thresholds while games are played: a run keeps big caches alive (the
# finder's bound vectors, checked sets) and makes few reference cycles, so the collector's default
# rounds (every 700 new objects, now and then over everything alive) cost about a tenth of a Rummy Q
# game's time and collect next to nothing.  A full collection after every game
# (``play_entry_game``) frees what a game left behind.  Collection changes no move.
GC_THRESHOLDS = (100_000, 50, 1000)


