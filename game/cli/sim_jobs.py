"""The simulator's games played in several processes (``python -m game.sim --jobs N``).

Game k of a run always gets seed ``seed + k`` and the seats a serial run gives it
(``sim_games.play_entry_game``), and every game depends only on its seed, so the games can be played
in any process in any order: ``play_games`` hands them out to ``jobs`` worker processes (started
with ``spawn``, so nothing of the parent's state leaks in but what is passed: the rule set's
knobs for hard and Sage, which ``--knob`` and ``--sage-knob`` may have changed) and gives the
results back in game order, which ``sim.run`` adds up exactly as a serial run would.

With a time limit a worker starts no game once that much time has passed since the run began
(game 0 always starts, as in a serial run); the run then keeps the games before the first one
not started, so the games played are always games 0 to k - 1, the same as a serial run that
stopped there.
"""

from __future__ import annotations

import gc
import multiprocessing
import signal
import time
from typing import Iterator

from ..ai import sage, strategy
from .sim_games import GC_THRESHOLDS, play_entry_game


def _start_worker(variant: str, knobs, sage_knobs) -> None:
    """In a new worker process: the parent's knobs for the rule set, and the simulator's
    collector thresholds (``sim_games.GC_THRESHOLDS``).  Ctrl-C is the parent's to handle: leaving
    the pool ends the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.set_threshold(*GC_THRESHOLDS)
    if knobs is not None:
        strategy.STRATEGIES[variant] = knobs
    if sage_knobs is not None:
        sage.SAGE[variant] = dict(sage_knobs)


def _one_game(task: tuple) -> dict | None:
    variant, kinds, g, seed, options, rotate, stop_at = task
    if g and stop_at is not None and time.time() > stop_at:
        return None  # past the time limit: not started
    return play_entry_game(variant, kinds, g, seed, options, rotate)


def play_games(variant: str, kinds: list[str], games: int, seed: int, options: dict | None, rotate: bool,
               time_limit: float | None, jobs: int) -> Iterator[dict]:
    """The results of games 0, 1, ... (``sim_games.play_entry_game``), in game order, played in
    ``jobs`` processes; stops before the first game the time limit kept from starting."""
    stop_at = None if time_limit is None else time.time() + time_limit
    ctx = multiprocessing.get_context("spawn")
    init = (variant, strategy.STRATEGIES.get(variant), sage.SAGE.get(variant))
    tasks = ((variant, kinds, g, seed, options, rotate, stop_at) for g in range(games))
    with ctx.Pool(min(jobs, games), initializer=_start_worker, initargs=init) as pool:
        for res in pool.imap(_one_game, tasks, chunksize=1):
            if res is None:
                break  # leaving the pool stops the workers: the games after it are not needed
            yield res
