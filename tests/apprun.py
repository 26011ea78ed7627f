"""A scripted player for the real app, for tests that run it in a subprocess (and kill it).

    python tests/apprun.py [--seed N] [--variant KEY] [--size WxH]

Runs ``game.ui.app.App.run()`` (the real loop: clock, events, drawing, the computer's
worker process, saving) under whatever SDL driver the environment names (the tests use
the dummy one).  The only addition is the player's input, synthesised into each frame's
events as a person would give it: on the title screen Continue when it is offered, else
New game; on the set-up screen the Start button; in the game, Space (draw a tile) when it
is the person's turn; Enter on any dialog.  After every frame in which a turn completed it
prints ``turn ROUND TOTAL_TURNS`` (the turn's autosave is already on disk then), so a test
knows how far the game got before it kills the process.

A test helper only: nothing in the game reads it.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

import game.ui.wiring  # noqa: E402,F401  (every screen registers itself)
from game.ui.app import App  # noqa: E402


def key_event(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def click_events(pos) -> list[pygame.event.Event]:
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def player_input(app: App) -> list[pygame.event.Event]:
    """What the scripted person does on this frame (nothing, most frames)."""
    from game.ui.scenes.common import DialogScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.title import TitleScene

    top = app.top
    if isinstance(top, TitleScene):
        top.ensure_layout()
        new = next(w for w in top.group.widgets if w.label == "New game")
        button = top.continue_button if top.continue_button.enabled else new
        return click_events(button.rect.center)
    if isinstance(top, SetupScene):
        top.ensure_layout()
        return click_events(top.start_button.rect.center)
    if isinstance(top, PlayScene):
        if top.session.my_turn and not top.input_locked():
            return [key_event(pygame.K_SPACE)]
        return []
    if isinstance(top, DialogScene):
        return [key_event(pygame.K_RETURN)]
    return []


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--variant", default="classic")
    ap.add_argument("--size", default="960x600")
    args = ap.parse_args(argv)
    w, h = (int(x) for x in args.size.split("x"))
    app = App(size=(w, h), fullscreen=False, seed=args.seed, variant=args.variant)
    real_step = app.step
    last = [None]

    def step(events, dt, draw=True):
        ok = real_step(list(events) + player_input(app), dt, draw)
        from game.ui.scenes.play import PlayScene

        play = next((s for s in reversed(app.scenes) if isinstance(s, PlayScene)), None)  # a tournament table too
        if play is not None:
            st = play.session.state
            mark = (play.session.game_id, st.round, st.total_turns)
            if mark != last[0]:
                last[0] = mark
                print(f"turn {st.round} {st.total_turns}", flush=True)
        return ok

    app.step = step
    app.resting_for = lambda: 0.0  # the scripted input arrives through step(), so the loop never rests
    return app.run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
