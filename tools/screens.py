"""Save screenshots of every screen (for looking at the game without a display).

``python3 tools/screens.py [OUTDIR] [--size WxH]`` drives the real scenes under
SDL's dummy video driver and writes PNGs.  A development aid, not a test.
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RUMMIKUB_HOME", tempfile.mkdtemp(prefix="tilerush-shots-"))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402


def frames(app, n, dt=1 / 60, events=()):
    app.step(list(events), dt)
    for _ in range(n - 1):
        app.step([], dt)


def save(app, outdir, name):
    path = os.path.join(outdir, name + ".png")
    pygame.image.save(app.screen, path)
    print(path)


def main(argv):
    outdir = argv[0] if argv and not argv[0].startswith("--") else "/tmp/shots"
    size = (1280, 800)
    variant = argv[argv.index("--variant") + 1] if "--variant" in argv else "classic"
    if "--size" in argv:
        w, h = argv[argv.index("--size") + 1].split("x")
        size = (int(w), int(h))
    os.makedirs(outdir, exist_ok=True)
    tag = f"{size[0]}x{size[1]}" + ("" if variant == "classic" else "-" + variant)
    app = App(size=size, fullscreen=False, ai_mode="sync", seed=7, persist_settings=False)
    app.start()
    frames(app, 90)
    save(app, outdir, f"{tag}-title")
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.tournament import open_tournament

    app.push(SetupScene(app))
    frames(app, 10)
    save(app, outdir, f"{tag}-setup")
    app.pop()
    app.push(SettingsScene(app))
    frames(app, 10)
    save(app, outdir, f"{tag}-settings")
    app.pop()
    app.push(RulesScene(app, variant))
    frames(app, 10)
    save(app, outdir, f"{tag}-rules")
    app.pop()
    app.push(open_tournament(app))  # every tournament screen: tools/tournament_screens.py
    frames(app, 10)
    save(app, outdir, f"{tag}-tournament")
    app.pop()
    # a game
    from game.session import Session
    from game.ui.scenes.play import PlayScene

    from game.rules.variants import REGISTRY

    n = min(3, REGISTRY[variant].max_players - 1)
    sess = Session.new(variant, ["basic"] * n, seed=11, autosave=False)
    play = app.push(PlayScene(app, sess))
    frames(app, 20)
    save(app, outdir, f"{tag}-deal")
    frames(app, 120)
    save(app, outdir, f"{tag}-play-start")
    # let the computers play a while (instant speed), then look at a busy table
    speed = app.settings["animation_speed"]
    app.settings["animation_speed"] = 0.0
    for _ in range(4000):
        if sess.phase != "play":
            break
        if sess.my_turn:
            sess.draw()
        app.step([], 1 / 60, draw=False)
        if len(sess.state.board) > 40 and sess.my_turn:
            break
    app.settings["animation_speed"] = speed
    frames(app, 60)
    save(app, outdir, f"{tag}-play-busy")
    # select two tiles and drag one
    rack = sess.rack_tiles()
    if sess.my_turn and rack:
        lay = play.layout()
        sp = play.sprites[rack[0]]
        x, y = sp.pos[0] + 10, sp.pos[1] + 10
        tx, ty = lay.grid.cell_pos((lay.grid.rows - 1, 3))
        evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 30, y - 30), rel=(30, -30), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(tx + 10, ty + 10), rel=(0, 0), buttons=(1, 0, 0))]
        frames(app, 5, events=evs)
        save(app, outdir, f"{tag}-play-drag")
        frames(app, 20, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(tx + 10, ty + 10), button=1)])
        frames(app, 10, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(tx + 10, ty + 10), rel=(0, 0), buttons=(0, 0, 0))])
        save(app, outdir, f"{tag}-play-invalid")
    from game.ui.scenes.pause import PauseScene

    app.push(PauseScene(app, play))
    frames(app, 10)
    save(app, outdir, f"{tag}-pause")
    app.pop()
    # finish the round quickly
    app.settings["animation_speed"] = 0.0
    for _ in range(20000):
        if sess.phase != "play":
            break
        if sess.my_turn:
            sess.reset()
            sess.draw()
        app.step([], 1 / 60, draw=False)
    app.settings["animation_speed"] = speed
    frames(app, 200)
    save(app, outdir, f"{tag}-results")
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
