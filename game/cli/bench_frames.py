"""``python -m game.bench frames [--json] [--frames N] [--size WxH] [--ai process|thread]``

Renders a busy play screen for a fixed number of frames under SDL's dummy video
driver and prints the per-frame time (handling, update and drawing of one
frame): ``{"frames", "p50_ms", "p99_ms", "max_ms"}`` plus what was on screen.

The scene: 100 tiles on the table in 25 sets, 20 tiles on the rack, three
opponents, the countdown ring in its last ten seconds, a computer opponent
thinking in the worker the whole time (its answers are never applied, it is
asked again), a computer turn played out step by step with its caption (again as
soon as it ends), the turn log open, and animations running all along: tiles sliding in and popping,
rack tiles flipping, score bursts, confetti, tile backs flying to the seats.

A real game holds 106 tiles, so 100 on the table plus 20 on the rack cannot
all be distinct: the rack's 20 are extra pictures drawn through the same code
path (see ``BenchPlayScene.face_id``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time

from ..rules import events as ev_
from ..rules.tiles import ALL_TILE_IDS, JOKER_IDS
from .figures import percentile

NUMBERED_TILES = len(ALL_TILE_IDS) - len(JOKER_IDS)  # ids 0 .. NUMBERED_TILES - 1 are the numbered tiles

GOAL_P99_MS = 8.0


def busy_state():
    """A classic game in the middle of a long round: 100 tiles on the table."""
    from ..rules import engine
    from ..ai import player_names
    from ..rules.board import Board
    from ..rules.tiles import COLORS, copies, face_of

    names = player_names()
    level = next((lv for lv in ("hard", "medium", "basic") if lv in names), names[0])
    state = engine.new_game("classic", [("You", "human"), ("Mia", level), ("Otto", "basic"), ("Lena", "basic")], seed=1,
                            options={"turn_time": 120, "rounds": 3})
    sets = []
    for colour in COLORS:
        for copy in range(2):
            ids = [copies(face_of(colour, n))[copy] for n in range(2, 14)]
            sets += [ids[0:4], ids[4:8], ids[8:12]]
    sets.append([copies(face_of(c, 1))[1] for c in COLORS])  # the second copies of the 1s, as a group
    board = Board.from_sets(sets, 28)
    ones = [copies(face_of(c, 1))[0] for c in COLORS]
    state.board = board
    state.pool = []
    racks = [[], [ones[0], ones[1], JOKER_IDS[0]], [ones[2], JOKER_IDS[1]], [ones[3]]]
    for p, rack in zip(state.players, racks):
        p.rack = list(rack)
        p.melded = True
    state.current = 1
    assert not state.conservation_problems(), state.conservation_problems()
    return state


def make_session_class():
    from ..play.session import Session

    class BenchSession(Session):
        def tick(self, dt: float):
            """The clock stands still: the computer thinks all along (``BenchPlayScene.run_computer``)."""
            return None

    return BenchSession


def make_scene_class():
    from ..play.session import view_to_dict
    from ..rules import engine
    from ..ui.anim import Motion
    from ..ui.scenes.play import PlayScene

    class BenchPlayScene(PlayScene):
        RACK = 20
        _turn: tuple | None = None  # the turn the benchmark plays out again and again, made once

        def run_computer(self) -> None:
            """The computer keeps thinking: once asked, its answer is asked for again every
            0.25 s and never applied."""
            sess = self.session
            if not sess.computer.thinking:
                PlayScene.run_computer(self)  # the first request
                return
            drv = self.driver
            drv.poll_worker()
            if drv.answer is not None and self.time - drv.think_started >= 0.25:
                view = view_to_dict(engine.view(sess.state, sess.state.current))
                drv.ask_again(sess.kind(sess.state.current), 0, view)

        def face_id(self, key: int) -> int:
            return key if key < 1000 else ((key - 1000) * 5) % NUMBERED_TILES

        def targets(self):
            out = super().targets()
            lay = self.layout()
            rg = lay.rack_grid
            per_row = self.RACK // 2
            for i in range(self.RACK):
                x, y = rg.cell_pos((i // per_row, i % per_row))
                out[1000 + i] = (x, y, rg.tile_w)
            return out

        def follow(self) -> None:
            """A computer's turn played out step by step (again as soon as it ends), its
            caption on screen, and the turn log open with a screenful of turns."""
            from ..play.steps import turn_steps
            from ..ui.turnshow import Playback

            after = self.session.state.board
            if self._turn is None:
                before = after.copy()
                laid = [ln for ln in after.lines()][:2]
                for ln in laid:
                    for cell in ln.cells:
                        before.remove(cell)
                moved = after.lines()[-1]
                for cell, t in zip(moved.cells, moved.tiles):
                    before.remove(cell)
                    before.place((cell[0] + 1, cell[1]), t)
                self._turn = (before, turn_steps(before, after, "Mia"))
                self.app.turn_log_open = True
                for k in range(12):
                    self.turnshow.log.add(ev_.Played(1 + k % 3, tuple(after.tiles()), False, before=before, after=after),
                                          self.name_of, 1)
                    self.turnshow.log.add(ev_.Drew(1 + (k + 1) % 3, 0), self.name_of, 1)
            if self.turnshow.pb is None:
                before, steps = self._turn
                self.turnshow.start(Playback(1, "Mia", before, after, steps, 0.5, lines=after.lines()[:2], points=20))
                self.stage.busy_until = 0.0  # the computer goes on thinking all along

        def churn(self, frame: int) -> None:
            """Keep animations running."""
            self.follow()
            lay = self.layout()
            s = lay.s
            keys = [k for k in self.sprites if k < 1000]
            if frame % 40 == 0:
                for k in keys[(frame // 40) % 5 :: 8][:14]:
                    sp = self.sprites[k]
                    start = (sp.target[0] + 90 * s, sp.target[1] - 60 * s)
                    sp.pos = start
                    sp.motion = Motion(start=start, duration=0.5, ease="out_back", start_scale=1.25)
                    sp.pop = sp.pop_len = 0.3
                lines = self.session.state.board.lines()
                pick = lines[(frame // 40) % len(lines)]
                self.land_effects([pick], 26, 1)
            if frame % 25 == 0:
                for i in range(3):
                    sp = self.sprites.get(1000 + (frame // 25 * 3 + i) % self.RACK)
                    if sp is not None:
                        sp.motion = Motion(start=(sp.target[0], sp.target[1] - 40 * s), duration=0.45, flip=True)
            if frame % 120 == 0:
                self.effects.confetti(lay.size[0], n=120, size=8 * s)
            if frame % 30 == 0:
                for seat in (2, 3):
                    self.playback.ghost_to_seat(seat, 2)
            self.session.timer_left = 10.0 - (frame % 300) / 60.0 * 1.5

    return BenchPlayScene


def run(frames: int = 600, size=(1280, 800), ai_mode: str = "process", warmup: int = 30) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = None
    if "RUMMIKUB_HOME" not in os.environ:
        home = tempfile.mkdtemp(prefix="tilerush-bench-")
        os.environ["RUMMIKUB_HOME"] = home
    import pygame

    from ..ui import wiring  # noqa: F401  (every screen registers itself)
    from ..ui.app import App

    settings = {"volume": 0.0, "muted": True, "animation_speed": 1.0, "window_size": list(size), "fullscreen": False,
                "colorblind": False, "warn_invalid_end": True, "player_name": "You"}
    app = App(settings=settings, ai_mode=ai_mode, persist_settings=False, sound=False)
    app.start()
    scene_cls = make_scene_class()
    session = make_session_class()(busy_state(), autosave=False)
    scene = scene_cls(app, session)
    app.push(scene)
    scene.stage.busy_until = 0.0  # no opening deal: the computer starts thinking at once
    dt = 1.0 / 60.0
    times: list[float] = []
    cpu: list[float] = []
    try:
        for f in range(warmup + frames):
            scene.churn(f)
            c0 = time.thread_time()
            t0 = time.perf_counter()
            app.step([], dt)
            pygame.display.flip()
            t1 = time.perf_counter()
            c1 = time.thread_time()
            if f >= warmup:
                times.append((t1 - t0) * 1000.0)
                cpu.append((c1 - c0) * 1000.0)
        table = len(session.state.board)
        rack = sum(1 for k in scene.sprites if k >= 1000)
        thinking = session.computer.thinking
        kind = app.worker.kind
        answered = scene.driver.token
        playback = scene.turnshow.pb is not None and scene.turnshow.pb.steps
        log_open = scene.turnshow.panel.open and len(scene.turnshow.log.entries)
    finally:
        app.shutdown()
        pygame.quit()
    return {
        "frames": frames,
        "p50_ms": round(statistics.median(times), 3),
        "p99_ms": round(percentile(times, 0.99), 3),
        "max_ms": round(max(times), 3),
        "mean_ms": round(sum(times) / len(times), 3),
        "cpu_p50_ms": round(statistics.median(cpu), 3),
        "cpu_p99_ms": round(percentile(cpu, 0.99), 3),
        "cpu_max_ms": round(max(cpu), 3),
        "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
        "goal_p99_ms": GOAL_P99_MS,
        "table_tiles": table,
        "rack_tiles": rack,
        "ai_thinking": thinking,
        "ai_worker": kind,
        "ai_requests": answered // 1_000_000 + 1 if answered else 0,
        "size": list(size),
        "playback_steps": len(playback) if playback else 0,
        "log_entries": log_open or 0,
    }


def add_frames(sub) -> None:
    """Register ``frames`` on ``python -m game.bench``'s sub-parsers."""
    p = sub.add_parser("frames", help="per-frame time of a busy play screen under the dummy video driver")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--frames", type=int, default=600, help="frames to measure (default 600)")
    p.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    p.add_argument("--ai", default="process", choices=("process", "thread", "sync"), help="where the computer thinks")
    p.set_defaults(func=run_frames)


def run_frames(args: argparse.Namespace) -> int:
    from .text import parse_size

    got = parse_size(args.size, 640, 400)
    if isinstance(got, str):
        print(f"error: --size: {got}", file=sys.stderr)
        return 2
    w, h = got
    if args.frames < 1:
        print("error: --frames must be at least 1", file=sys.stderr)
        return 2
    result = run(args.frames, (w, h), args.ai)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['frames']} frames at {w}x{h}: p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
              f"max {result['max_ms']} ms (goal: p99 under {GOAL_P99_MS} ms); frame CPU time p99 {result['cpu_p99_ms']} ms")
        print(f"  {result['table_tiles']} tiles on the table, {result['rack_tiles']} on the rack, computer thinking in a "
              f"{result['ai_worker']} ({result['ai_requests']} requests); load average {result['load_average']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m game.cli.bench_frames [options]`` (the same as ``python -m game.bench frames``)."""
    ap = argparse.ArgumentParser(prog="python -m game.bench")
    add_frames(ap.add_subparsers(dest="command"))
    try:
        args = ap.parse_args(["frames", *(sys.argv[1:] if argv is None else argv)])
    except SystemExit as exc:
        return int(exc.code or 0)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
