"""Screenshots of the click controls (a development aid, not a test).

``python3 tools/control_screens.py [OUTDIR] [--size WxH]``: a Rummibug position,
then New set, a tile taken into the holding area, the joker question, the Split
tool and a refused draw, each saved as a PNG.
"""

from __future__ import annotations

import os
import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402
from uidrive import click, motion, settle, step, tile_center  # noqa: E402
from uihelp import give, human_session, lay_table, tiles  # noqa: E402

from game.play.session import Session  # noqa: E402
from game.ui.controls import ClickControls  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402
from game.ui.variant_ui import find  # noqa: E402

SETS = ["R3 R4 R5 R6 R7 R8", "K8 B8 O8", "O9 J O11", "B1 B2 B3 B4 B5 B6", "K12 R12 B12"]
RACK = "R2 R9 O10 K5 K6 K7 B7 B9 O1 O2 O3 K11 K13 R1"


def save(app, outdir, tag, name):
    path = os.path.join(outdir, f"{tag}-{name}.png")
    pygame.image.save(app.screen, path)
    print(path)


def position(variant="rummibug"):
    sess = human_session(variant=variant, opponents=("basic", "basic"), seed=5)
    st = sess.state
    lay_table(st, SETS)
    give(st, 0, tiles(RACK))
    st.players[0].melded = True
    return Session(st, autosave=False)


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/cshots")
    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    sess = position()
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    step(app, n=10)
    save(app, outdir, tag, "c0-start")
    # select three tiles, New set
    for t in tiles("K5 K6 K7"):
        click(app, tile_center(play, t))
    ctr = find(play.plugin, ClickControls)
    step(app, [motion(ctr.buttons(play.layout())["new"].center)], n=5)
    save(app, outdir, tag, "c1-selected")
    click(app, ctr.buttons(play.layout())["new"].center)
    settle(app, play)
    # add R9 to the red run
    click(app, tile_center(play, tiles("R9")[0]))
    click(app, tile_center(play, tiles("R5")[0]))
    settle(app, play)
    step(app, n=10)
    save(app, outdir, tag, "c2-added")
    # take B6 into the holding area
    click(app, tile_center(play, tiles("B6")[0]))
    settle(app, play)
    step(app, [motion((10, 10))], n=10)
    save(app, outdir, tag, "c3-holding")
    # the joker question
    click(app, tile_center(play, tiles("O10")[0]))
    click(app, tile_center(play, tiles("J")[0]))
    step(app, n=20)
    save(app, outdir, tag, "c4-joker")
    app.top.group.widgets[0].activate()
    settle(app, play)
    step(app, n=10)
    save(app, outdir, tag, "c5-joker-held")
    # split mode, hovering between R5 and R6
    click(app, ctr.buttons(play.layout())["split"].center)
    a, b = tile_center(play, tiles("R5")[0]), tile_center(play, tiles("R6")[0])
    step(app, [motion(((a[0] + b[0]) / 2, a[1]))], n=5)
    save(app, outdir, tag, "c6-split")
    click(app, ((a[0] + b[0]) / 2, a[1]))
    settle(app, play)
    step(app, n=10)
    save(app, outdir, tag, "c7-split-done")
    # ending the turn with held tiles is refused
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)], n=5)
    step(app, n=10)
    save(app, outdir, tag, "c8-refused")
    app.pop()
    # the 35-tile rule
    sess = human_session(variant="rummibug", opponents=("basic",), seed=5)
    st = sess.state
    st.players[0].melded = True
    while len(st.players[0].rack) < 36:
        st.players[0].rack.append(st.pool.pop())
    give(st, 0, tiles("R10 R11 R12"))
    sess = Session(st, autosave=False)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)], n=20)
    save(app, outdir, tag, "c9-must-meld")
    app.shutdown()


if __name__ == "__main__" and "--more" not in sys.argv:
    main(sys.argv[1:])


def more(argv):
    """The set-up screen's points target, the rules screen and a running score table."""
    outdir = argv[0] if argv and not argv[0].startswith("--") else "/tmp/cshots"
    size = (1280, 800)
    if "--size" in argv:
        w, h = argv[argv.index("--size") + 1].split("x")
        size = (int(w), int(h))
    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    from game.ui.scenes.results import RoundResultsScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.setup import SetupScene

    setup = app.push(SetupScene(app, "rummy-q"))
    step(app, n=5)
    field = next(w for w in setup.option_widgets if getattr(w, "label", "") == "Points that end the game")
    setup.group.focus = setup.group.widgets.index(field)
    step(app, n=3)
    save(app, outdir, tag, "s1-setup-rummyq")
    for k in (pygame.K_1, pygame.K_3, pygame.K_7):
        step(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
    save(app, outdir, tag, "s2-setup-typing")
    step(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], n=3)
    save(app, outdir, tag, "s3-setup-custom")
    app.pop()
    for key in ("rummy-q", "rummibug", "rummibug-relaxed"):
        rules = app.push(RulesScene(app, key))
        step(app, n=3)
        save(app, outdir, tag, f"r-{key}-top")
        rules.scroll = rules.max_scroll() * 0.45
        step(app, n=2)
        save(app, outdir, tag, f"r-{key}-mid")
        rules.scroll = rules.max_scroll()
        step(app, n=2)
        save(app, outdir, tag, f"r-{key}-end")
        app.pop()
    for key in ("rummibug-relaxed", "rummy-q"):
        sess = Session.new(key, ["basic", "basic"], seed=3, demo=True, autosave=False)
        for rnd in range(2):
            for _ in range(3000):
                if sess.phase != "play":
                    break
                sess.computer.run_sync()
            if rnd == 0 and sess.phase == "round_over":
                sess.next_round()
        play = app.push(PlayScene(app, sess))
        play.auto_next = False
        step(app, n=2)
        if sess.phase == "round_over":
            app.push(RoundResultsScene(app, play))
            step(app, n=30)
            save(app, outdir, tag, f"res-{key}")
            app.pop()
        app.pop()
    app.shutdown()


if __name__ == "__main__" and "--more" in sys.argv:
    more([a for a in sys.argv[1:] if a != "--more"])
