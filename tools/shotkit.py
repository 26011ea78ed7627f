"""What every screenshot tool shares: importing it sets SDL's dummy drivers and a throwaway data
folder and puts the repository (and the tests' helpers) on the path; ``args`` reads
``[OUTDIR] [--size WxH]``; ``make_app``, ``frames`` and ``save`` drive the real scenes and write
PNGs.  Development aids, not tests: ``python3 tools/screens.py OUTDIR --all`` runs every tool."""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RUMMIKUB_HOME", tempfile.mkdtemp(prefix="tilerush-shots-"))
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "tests"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)

import pygame  # noqa: E402

from game.cli.text import parse_size  # noqa: E402


def args(argv: list[str], default_out: str = "/tmp/shots") -> tuple[str, tuple[int, int]]:
    """(output folder, window size) from ``[OUTDIR] [--size WxH]``; a bad size ends the tool
    with a plain message (exit 2).  The folder is created."""
    outdir = argv[0] if argv and not argv[0].startswith("--") else default_out
    size = (1280, 800)
    if "--size" in argv:
        k = argv.index("--size") + 1
        got = parse_size(argv[k] if k < len(argv) else "", 640, 400)
        if isinstance(got, str):
            print(f"error: --size: {got}", file=sys.stderr)
            raise SystemExit(2)
        size = got
    os.makedirs(outdir, exist_ok=True)
    return outdir, size


def make_app(size: tuple[int, int]):
    """The real app, headless, computer turns answered in this process."""
    import game.ui.wiring  # noqa: F401  (every screen registers itself)
    from game.ui.app import App

    app = App(size=size, fullscreen=False, ai_mode="sync", seed=7, persist_settings=False)
    app.start()
    return app


def frames(app, n: int, dt: float = 1 / 60, events=()) -> None:
    """Run ``n`` frames, sending ``events`` with the first."""
    app.step(list(events), dt)
    for _ in range(n - 1):
        app.step([], dt)


def save(app, outdir: str, name: str) -> str:
    path = os.path.join(outdir, name + ".png")
    pygame.image.save(app.screen, path)
    print(path)
    return path
