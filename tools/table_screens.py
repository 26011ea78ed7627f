"""Screenshots of the table: a classic game with 40 tiles on the table (at rest, a drop being
previewed, a whole set dragged by its grip) and the Rummi200kub board after placing a tile.

``python3 tools/table_screens.py [OUTDIR] [--size WxH]`` draws headless and prints the tile
sizes on the table and the rack.  A development aid, not a test.
"""

from __future__ import annotations

import os
import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402
from shotkit import ROOT  # noqa: E402
from uihelp import lay_table  # noqa: E402

from game.rules import engine  # noqa: E402
from game.play.session import Session  # noqa: E402
import game.ui.wiring  # noqa: E402,F401  (every screen registers itself)

FORTY = ["K1 K2 K3 K4", "R5 B5 O5", "B7 B8 B9 B10 B11", "O1 O2 O3", "K9 R9 O9", "R10 R11 R12 R13",
         "K6 R6 B6 O6", "O10 O11 O12", "B1 B2 B3 J", "K12 R12 B12", "R2 R3 R4 J"]


def forty_tile_session() -> Session:
    seats = [("You", "human"), ("Mia", "basic"), ("Otto", "basic"), ("Lena", "basic")]
    state = engine.new_game("classic", seats, seed=11)
    lay_table(state, FORTY)
    state.current = 0
    for p in state.players:
        p.melded = True
    return Session(state, autosave=False)


def run(app, n: int, events=()) -> None:
    app.step(list(events), 1 / 60)
    for _ in range(n - 1):
        app.step([], 1 / 60)


def save(app, outdir: str, name: str) -> str:
    path = os.path.join(outdir, name + ".png")
    pygame.image.save(app.screen, path)
    print(path)
    return path


def motion(pos, held=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=held)


def main(argv) -> None:
    outdir, size = shotkit.args(argv, "/tmp/table-shots")
    tag = f"{size[0]}x{size[1]}"
    from game.ui.scenes.play import PlayScene

    app = shotkit.make_app(size)
    app.shown_controls_tip = True
    sess = forty_tile_session()
    play = app.push(PlayScene(app, sess))
    run(app, 150)
    lay = play.layout()
    print(f"{tag}: {len(sess.table())} table tiles {lay.grid.cols}x{lay.grid.rows} cells, "
          f"table tile {lay.grid.tile_w} px, rack tile {lay.rack_grid.tile_w} px")
    save(app, outdir, f"{tag}-table40")
    # a rack tile dragged to the end of a run: the preview shows where it lands
    from game.rules.melds import check_line

    tile, line = next((t, ln) for ln in sess.table().lines() for t in sess.rack.tiles() if check_line(list(ln.tiles) + [t]))
    sp = play.sprites[tile]
    start = (sp.pos[0] + sp.w / 2, sp.pos[1] + sp.w * 0.6)
    end_cell = (line.cells[-1][0], line.cells[-1][1] + 1)
    target = lay.grid.cell_rect(end_cell).center
    run(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=1)])
    for i in range(1, 9):
        run(app, 1, [motion((start[0] + (target[0] - start[0]) * i / 8, start[1] + (target[1] - start[1]) * i / 8), (1, 0, 0))])
    save(app, outdir, f"{tag}-table40-drop-preview")
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, target)), button=1)])
    run(app, 40)
    save(app, outdir, f"{tag}-table40-after-drop")
    # a whole set dragged by its grip
    from game.ui import variant_ui
    from game.ui.setgrip import SetGrip

    grip = variant_ui.find(play.plugin, SetGrip)
    rect, line = grip.grips(play.layout())[2]
    start = rect.center
    target = play.layout().grid.cell_rect((play.layout().grid.rows - 1, 2)).center
    run(app, 1, [motion(start)])
    save(app, outdir, f"{tag}-table40-grip-hover")
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=1)])
    for i in range(1, 9):
        run(app, 1, [motion((start[0] + (target[0] - start[0]) * i / 8, start[1] + (target[1] - start[1]) * i / 8), (1, 0, 0))])
    save(app, outdir, f"{tag}-table40-set-drag")
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, target)), button=1)])
    run(app, 40)
    save(app, outdir, f"{tag}-table40-set-moved")
    app.pop()

    # Rummi200kub: the board after placing a tile from the rack
    sys.path.insert(0, os.path.join(ROOT, "tests"))
    from r200rig import rigged_session

    sess = rigged_session()
    play = app.push(PlayScene(app, sess))
    run(app, 150)
    save(app, outdir, f"{tag}-r200-board")
    tile = sess.rack.tiles()[0]
    sp = play.sprites[tile]
    start = (sp.pos[0] + sp.w / 2, sp.pos[1] + sp.w * 0.6)
    g = play.layout().grid
    cell = (4, 1)
    target = g.cell_rect(cell).center
    run(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=1)])
    for i in range(1, 9):
        run(app, 1, [motion((start[0] + (target[0] - start[0]) * i / 8, start[1] + (target[1] - start[1]) * i / 8), (1, 0, 0))])
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, target)), button=1)])
    run(app, 40)
    where = sess.table().where().get(tile)
    print(f"{tag}: Rummi200kub tile dropped on {cell}, landed on {where}")
    save(app, outdir, f"{tag}-r200-after-placing")
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
