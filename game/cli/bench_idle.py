"""``python -m game.bench idle [--json]`` and ``python -m game.bench startup [--json]``.

``idle``: the process's CPU time while the real scene loop (``App.run``) runs headless with
nothing to do, as a share of one core: at the title once its tiles have come to rest
(``title_cpu_pct``), and on the play screen waiting for the player's move with nothing
animating (``play_cpu_pct``; a turn clock is on, so its ring redraws once a second).  Each
is measured over ``--seconds`` after the screen has settled.

``startup``: from starting a new Python process (``main.py``, headless) to the first
title frame on screen (its first ``pygame.display.flip``), in seconds; ``--runs`` times,
the median reported, with what the game printed to the console meanwhile (there should be
nothing: no sound device means no sound and one line in the log file, not console noise).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
GOAL_IDLE_PCT = 3.0
GOAL_STARTUP_S = 0.5
MARK = "TILE-RUSH-FIRST-FRAME"


def _headless(home: str) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["RUMMIKUB_HOME"] = home


def measure_loop(app, seconds: float, settle_limit: float = 30.0) -> dict:
    """Run ``app``'s real loop until it rests (or ``settle_limit``), then ``seconds`` more;
    the process CPU time over those seconds as a share of one core."""
    marks: dict = {"start": time.perf_counter()}

    def until() -> bool:
        now = time.perf_counter()
        if "t0" not in marks:
            if app.resting_for() != 0 or now - marks["start"] > settle_limit:
                marks["t0"], marks["c0"], marks["f0"] = now, time.process_time(), app.frames_drawn
                marks["settled_s"] = now - marks["start"]
            return False
        if now - marks["t0"] >= seconds:
            marks["t1"], marks["c1"], marks["f1"] = now, time.process_time(), app.frames_drawn
            return True
        return False

    app.run(until=until)
    wall = marks["t1"] - marks["t0"]
    return {"cpu_pct": round(100.0 * (marks["c1"] - marks["c0"]) / wall, 2), "seconds": round(wall, 2),
            "frames": marks["f1"] - marks["f0"], "settled_s": round(marks["settled_s"], 2)}


def waiting_session(timer: int):
    """A classic game with the person to move, three computer opponents, a turn clock."""
    from ..rules import engine
    from ..play.session import Session

    seats = [("You", "human"), ("Mia", "basic"), ("Otto", "basic"), ("Lena", "basic")]
    state = engine.new_game("classic", seats, seed=7, options={"turn_time": timer})
    state.current = 0
    return Session(state, autosave=False)


def run_idle(args) -> int:
    if not 0.5 <= args.seconds <= 120 or args.timer < 0:  # (nan fails the first test too)
        print("error: --seconds must be between 0.5 and 120, --timer 0 or more", file=sys.stderr)
        return 2
    from ..ui import wiring  # noqa: F401  (every screen registers itself)
    from ..ui.app import App

    home = tempfile.mkdtemp(prefix="tile-rush-bench-")
    _headless(home)
    settings = {"window_size": [1280, 800], "fullscreen": False}
    out = {}
    app = App(settings=dict(_defaults(), **settings), ai_mode="sync", persist_settings=False)
    out["title"] = measure_loop(app, args.seconds)

    from ..ui.scenes.play import PlayScene

    app = App(settings=dict(_defaults(), **settings), ai_mode="sync", persist_settings=False)
    app.start()
    app.push(PlayScene(app, waiting_session(args.timer)))
    out["play"] = measure_loop(app, args.seconds)
    result = {"title_cpu_pct": out["title"]["cpu_pct"], "play_cpu_pct": out["play"]["cpu_pct"],
              "goal_pct": GOAL_IDLE_PCT, "details": out}
    if args.json:
        print(json.dumps(result))
    else:
        for name in ("title", "play"):
            d = out[name]
            print(f"{name:<6} {d['cpu_pct']:>6.2f} % of a core over {d['seconds']} s ({d['frames']} frames drawn; "
                  f"at rest after {d['settled_s']} s)")
        print(f"goal: at most {GOAL_IDLE_PCT} %")
    return 0


def _defaults() -> dict:
    from ..storage.settings import DEFAULT_SETTINGS

    return dict(DEFAULT_SETTINGS)


# -- start-up -----------------------------------------------------------------------------------------

CHILD = f"""
import os, runpy, sys
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # as main.py does before pygame is imported
import pygame
_flip = pygame.display.flip
_done = []
def flip():
    _flip()
    if not _done:
        _done.append(1)
        os.write(1, b"{MARK}\\n")
pygame.display.flip = flip
sys.argv = ["main.py", "--frames", "1"]
runpy.run_path("main.py", run_name="__main__")
"""


def one_start(home: str, env: dict) -> tuple[float, list[str]]:
    """Seconds from starting ``main.py`` to its first frame, and the console lines it printed."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    first = None
    lines = []
    assert proc.stdout is not None
    for raw in proc.stdout:
        if raw.strip() == MARK.encode() and first is None:
            first = time.perf_counter() - t0
        elif raw.strip():
            lines.append(raw.decode("utf-8", "replace").rstrip())
    _, err = proc.communicate(timeout=60)
    lines += [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
    return (first if first is not None else float("nan")), lines


def run_startup(args) -> int:
    if not 1 <= args.runs <= 50:
        print("error: --runs must be between 1 and 50", file=sys.stderr)
        return 2
    home = tempfile.mkdtemp(prefix="tile-rush-bench-")
    env = dict(os.environ)
    env["SDL_VIDEODRIVER"] = "dummy"
    env.pop("SDL_AUDIODRIVER", None)  # as a player starts it: the sound device is looked for
    if args.audio_driver:
        env["SDL_AUDIODRIVER"] = args.audio_driver
    env["RUMMIKUB_HOME"] = home
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    times, console = [], []
    for _ in range(args.runs):
        t, lines = one_start(home, env)
        times.append(t)
        console = console or lines
    result = {"first_frame_s": round(statistics.median(times), 3), "min_s": round(min(times), 3),
              "max_s": round(max(times), 3), "runs": len(times), "goal_s": GOAL_STARTUP_S,
              "console_lines": len(console), "console": console[:20]}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"first title frame {result['first_frame_s']} s after start (median of {len(times)}; "
              f"{result['min_s']} .. {result['max_s']}); goal {GOAL_STARTUP_S} s")
        print(f"console: {len(console)} line(s)" + "".join(f"\n  {ln}" for ln in console[:20]))
    return 0


def add_idle(sub) -> None:
    p = sub.add_parser("idle", help="CPU used at rest: the title and the play screen waiting for the player")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--seconds", type=float, default=4.0, help="seconds measured on each screen (default 4)")
    p.add_argument("--timer", type=int, default=120, help="the turn clock on the play screen (seconds; 0 = off)")
    p.set_defaults(func=run_idle)


def add_startup(sub) -> None:
    p = sub.add_parser("startup", help="seconds from starting the game to the first title frame (headless)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--runs", type=int, default=5, help="starts to measure (default 5; the median is reported)")
    p.add_argument("--audio-driver", default="", help="SDL_AUDIODRIVER for the game (default: as a player has it)")
    p.set_defaults(func=run_startup)
