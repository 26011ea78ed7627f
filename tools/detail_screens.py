"""Screenshots of the screens' details a player reads: the rules screen of every rule set,
the Relaxed set-up, the opening draw, the Golden Games penalty warning, round results and
settings.

``python3 tools/detail_screens.py [OUTDIR] [--size WxH]`` draws them headless (SDL's dummy
video driver) and writes PNGs.  A development aid, not a test.
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RUMMIKUB_HOME", tempfile.mkdtemp(prefix="tilerush-details-"))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402


def frames(app, n, dt=1 / 60):
    for _ in range(n):
        app.step([], dt)


def save(app, outdir, name):
    path = os.path.join(outdir, name + ".png")
    pygame.image.save(app.screen, path)
    print(path)


def main(argv):
    outdir = argv[0] if argv and not argv[0].startswith("--") else "/tmp/details"
    size = (1280, 800)
    if "--size" in argv:
        w, h = argv[argv.index("--size") + 1].split("x")
        size = (int(w), int(h))
    os.makedirs(outdir, exist_ok=True)
    tag = f"{size[0]}x{size[1]}"
    app = App(size=size, fullscreen=False, ai_mode="sync", seed=7, persist_settings=False)
    app.start()
    frames(app, 5)

    from game.rules import engine
    from game.rules.variants import REGISTRY
    from game.session import Session
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.results import RoundResultsScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene

    for key in REGISTRY:
        app.push(RulesScene(app, key))
        frames(app, 5)
        save(app, outdir, f"{tag}-rules-{key}")
        app.pop()
    setup = app.push(SetupScene(app, "rummibug-relaxed"))
    frames(app, 20)
    save(app, outdir, f"{tag}-setup-relaxed")
    setup.count_chooser.set_value(1)
    setup.set_count(1)
    frames(app, 5)
    save(app, outdir, f"{tag}-setup-relaxed-one")
    app.pop()
    app.push(SettingsScene(app))
    frames(app, 5)
    save(app, outdir, f"{tag}-settings")
    app.pop()

    # the opening draw as a round starts
    sess = Session.new("classic", ["basic"] * 3, seed=9, autosave=False)
    play = app.push(PlayScene(app, sess))
    frames(app, 150)
    save(app, outdir, f"{tag}-opening-draw")
    app.pop()

    # Golden Games: a lone tile on the table, then Space: the penalty warning
    sess = Session.new("golden-games", ["basic"] * 2, seed=4, autosave=False)
    sess.state.current = 0
    play = app.push(PlayScene(app, sess))
    frames(app, 400)
    if sess.my_turn:
        lone = sess.rack_tiles()[0]
        sess.move([lone], "table", (2, 10))
        frames(app, 20)
        play.end_or_draw()
        frames(app, 20)
        save(app, outdir, f"{tag}-penalty-warning")
        app.pop()
    app.pop()

    # classic round results after round 1 of 3
    sess = Session.new("classic", ["basic"] * 3, seed=5, autosave=False)
    play = app.push(PlayScene(app, sess))
    frames(app, 5)
    engine.finish_round(sess.state, "blocked")
    app.push(RoundResultsScene(app, play))
    frames(app, 90)
    save(app, outdir, f"{tag}-results-classic")
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
