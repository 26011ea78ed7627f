"""Screenshots of the screens' details a player reads: the rules screen of every rule set,
the Relaxed set-up, the opening draw, the Golden Games penalty warning, round results and
settings.

``python3 tools/detail_screens.py [OUTDIR] [--size WxH]`` draws them headless (SDL's dummy
video driver) and writes PNGs.  A development aid, not a test.
"""

from __future__ import annotations

import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
from shotkit import frames, save  # noqa: E402


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/details")
    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    frames(app, 5)

    from game.rules import engine
    from game.rules.variants import REGISTRY
    from game.play.session import Session
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
        lone = sess.rack.tiles()[0]
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
