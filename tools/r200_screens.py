"""Screenshots of Rummi200kub's play screen on a busy rigged board (claims, a hijack, a lock).

``python3 tools/r200_screens.py [OUTDIR] [--size WxH]`` drives the real scenes under SDL's
dummy video driver and writes PNGs: the board, a hover, claim mode, zoomed in, a set laid
down a column, a computer's hijack for exactly 200, its banner and results, and the results
of a game that ended blocked.  A development aid, not a test.
"""

from __future__ import annotations

import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402
from r200rig import rigged_state, tile  # noqa: E402
from shotkit import frames, save  # noqa: E402

from game.rules import engine  # noqa: E402
from game.play.session import Session  # noqa: E402
from game.ui import variant_ui  # noqa: E402
from game.ui.r200 import ClaimsScreen  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def cell_centre(play, cell):
    return play.layout().grid.cell_rect(cell).center


def settle(app, play, limit=600):
    for _ in range(limit):
        if not play.input_locked() and not any(sp.moving for sp in play.sprites.values()):
            break
        app.step([], 1 / 60, draw=False)


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/r200shots")
    tag = f"{size[0]}x{size[1]}-r200"
    app = shotkit.make_app(size)
    app.shown_controls_tip = True

    # the human to move on the busy board
    sess = Session(rigged_state(), autosave=False)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    frames(app, 10)
    save(app, outdir, f"{tag}-board")
    frames(app, 3, events=[motion(cell_centre(play, (-2, 6)))])
    save(app, outdir, f"{tag}-hover-locked")
    frames(app, 3, events=[key(pygame.K_c)])
    frames(app, 20)
    save(app, outdir, f"{tag}-claim-mode")
    frames(app, 3, events=[motion(cell_centre(play, (-2, 8)))])
    save(app, outdir, f"{tag}-claim-hover-hijack")
    frames(app, 3, events=[motion(cell_centre(play, (-2, 6)))])
    save(app, outdir, f"{tag}-claim-hover-refused")
    frames(app, 3, events=[key(pygame.K_ESCAPE)])
    # zoom in around the 8s
    pos = cell_centre(play, (1, 7))
    frames(app, 3, events=[motion(pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)])
    frames(app, 10)
    save(app, outdir, f"{tag}-zoomed")
    frames(app, 3, events=[key(pygame.K_HOME)])
    app.pop()

    # a computer's hijack for exactly 200
    sess = Session(rigged_state(current=1), autosave=False)
    play = app.push(PlayScene(app, sess))
    for i in range(600):
        app.step([], 1 / 60, draw=False)
        claims = variant_ui.find(play.plugin, ClaimsScreen)
        if claims is not None and claims.clock.busy():
            break
    frames(app, 12)
    save(app, outdir, f"{tag}-mia-hijack-landing")
    frames(app, 40)
    save(app, outdir, f"{tag}-mia-hijack-landed")
    frames(app, 90)
    save(app, outdir, f"{tag}-exact-200-banner")
    frames(app, 240)
    save(app, outdir, f"{tag}-exact-200-results")
    app.pop_to("play")
    app.pop()

    # a game that ended blocked: closest to 200
    st = rigged_state()
    st.pool = []
    engine.finish_round(st, "blocked")
    sess = Session(st, autosave=False)
    play = app.push(PlayScene(app, sess))
    frames(app, 60)
    save(app, outdir, f"{tag}-blocked-banner")
    frames(app, 240)
    save(app, outdir, f"{tag}-blocked-results")
    app.pop_to("play")
    app.pop()

    # laying two tiles along row 2 across the 12s (the run R10 R11 R12 R13 forms)
    st = rigged_state()
    from uihelp import give

    mine = [tile("R11") + 1, tile("R13") + 1]  # the second copies
    give(st, 0, mine)
    sess = Session(st, autosave=False)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    sp = play.sprites[mine[0]]
    start = (sp.pos[0] + sp.w / 2, sp.pos[1] + sp.w / 2)
    play.controls.select(mine)
    target = cell_centre(play, (2, 10))
    evs = [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)]
    frames(app, 2, events=evs)
    for i in range(1, 9):
        x = start[0] + (target[0] - start[0]) * i / 8
        y = start[1] + (target[1] - start[1]) * i / 8
        frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(1, 0, 0))])
    frames(app, 4)
    save(app, outdir, f"{tag}-drag-across")
    frames(app, 30, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(target[0]), int(target[1])), button=1)])
    save(app, outdir, f"{tag}-dropped-across")
    app.pop()

    # a run laid down a column across a row's set (V), dragged from the rack
    from uihelp import human_session, lay_table, tiles

    sess = human_session("R7 R9", variant="rummi200kub", melded=True, opponents=("basic", "basic"))
    lay_table(sess.state, ["K8 R8 O8"])
    sess = Session(sess.state, autosave=False)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    frames(app, 2, events=[key(pygame.K_v)])
    r7, r9 = tiles("R7 R9")
    play.controls.select([r7, r9])
    sp = play.sprites[r7]
    start = (sp.pos[0] + sp.w / 2, sp.pos[1] + sp.w / 2)
    target = cell_centre(play, (-1, 1))
    frames(app, 2, events=[motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(start[0]), int(start[1])), button=1)])
    for i in range(1, 9):
        x = start[0] + (target[0] - start[0]) * i / 8
        y = start[1] + (target[1] - start[1]) * i / 8
        frames(app, 1, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0), buttons=(1, 0, 0))])
    frames(app, 4)
    save(app, outdir, f"{tag}-drag-down")
    frames(app, 30, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(target[0]), int(target[1])), button=1)])
    save(app, outdir, f"{tag}-dropped-down")
    app.pop()

    # the initial-meld counter: a group of 6s down through the black 6 on the board (12 of 30)
    from game.play.session import TABLE

    sess = human_session("R6 B6 R10 B10 O10", variant="rummi200kub", opponents=("basic",))
    lay_table(sess.state, ["K5 K6 K7"])
    sess = Session(sess.state, autosave=False)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    (r, c), = [cell for cell, t in sess.table().cells.items() if t == tiles("K6")[0]]
    sess.move(tiles("R6"), TABLE, (r - 1, c))
    sess.move(tiles("B6"), TABLE, (r + 1, c))
    frames(app, 30)
    save(app, outdir, f"{tag}-initial-meld-counter")
    app.shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
