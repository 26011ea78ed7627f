"""Screenshots of the flat table's zoom and scroll: a 40-tile table in the fit view, zoomed in
with the wheel and scrolled (right-drag), a rack tile dropped there; a full table (a row per
set, eight rows) in the fit view; and a computer's play that needs more rows than the table
showed, the view following it at the turn's tile size.

``python3 tools/table_view_screens.py [OUTDIR] [--size WxH]`` draws headless and prints the
tile sizes and the cells in view.  A development aid, not a test.
"""

from __future__ import annotations

import math
import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402

from game.play.session import Session  # noqa: E402
from game.rules import actions as act  # noqa: E402
from game.rules.board import Board  # noqa: E402
from game.rules.tiles import format_tiles  # noqa: E402
import game.ui.wiring  # noqa: E402,F401  (every screen registers itself)
from game.ui.scenes.play import PlayScene  # noqa: E402
from game.ui.tableview import TableView  # noqa: E402
from game.ui.variant_ui import find  # noqa: E402
from table_screens import forty_tile_session, motion, run, save  # noqa: E402
from uihelp import computer_with_two_long_runs, human_session, lay_table  # noqa: E402

FULL = ["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13",
        "K11 K12 K13", "R11 R12 R13", "K1 R1 B1 O1", "K2 R2 B2", "K3 R3 O3", "B4 O4 R4"]


def wheel(app, pos, y: int) -> None:
    run(app, 1, [motion(pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)])


def right_drag(app, start, end) -> None:
    run(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=3)])
    for i in range(1, 9):
        run(app, 1, [motion((start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8), (0, 0, 1))])
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, end)), button=3)])


def drag(app, start, end) -> None:
    run(app, 1, [motion(start), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(map(int, start)), button=1)])
    for i in range(1, 9):
        run(app, 1, [motion((start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8), (1, 0, 0))])
    run(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(map(int, end)), button=1)])


def report(tag: str, play, what: str) -> None:
    view = find(play.plugin, TableView)
    r0, c0, r1, c1 = view.visible_cells()
    print(f"{tag} {what}: tile {play.layout().grid.tile_w} px, rows {r0:.1f}-{r1:.1f}, columns {c0:.1f}-{c1:.1f}")


def open_at_rest(app, sess):
    """A play screen for ``sess``, the opening draw closed, after a few seconds of frames."""

    play = app.push(PlayScene(app, sess))
    if play.opening is not None:
        play.opening.close()  # who starts: not what these pictures are about
    run(app, 150)
    return play


def run_until(app, cond) -> None:
    for _ in range(600):
        run(app, 1)
        if cond():
            return


def main(argv) -> None:
    outdir, size = shotkit.args(argv, "/tmp/table-view-shots")
    tag = f"{size[0]}x{size[1]}"

    app = shotkit.make_app(size)
    app.shown_controls_tip = True
    sess = forty_tile_session()
    play = open_at_rest(app, sess)
    report(tag, play, "40 tiles, fit")
    save(app, outdir, f"{tag}-view-fit")
    felt = play.layout().table
    wheel(app, (felt.x + felt.w * 0.3, felt.y + felt.h * 0.3), 3)
    right_drag(app, felt.center, (felt.centerx - felt.w * 0.15, felt.centery - felt.h * 0.2))
    run(app, 20, [motion((felt.right - 40, felt.bottom - 30))])
    report(tag, play, "zoomed and scrolled")
    save(app, outdir, f"{tag}-view-zoomed")
    view = find(play.plugin, TableView)
    r0, c0, _r1, _c1 = view.visible_cells()
    cell = (math.ceil(r0) + 1, math.ceil(c0) + 1)  # well inside the view
    while sess.table().get(cell) is not None or sess.table().get((cell[0], cell[1] + 1)) is not None:
        cell = (cell[0], cell[1] + 1)
    tile = sess.rack.tiles()[0]
    sp = play.sprites[tile]
    drag(app, (sp.pos[0] + sp.w / 2, sp.pos[1] + sp.w * 0.6), play.layout().grid.cell_rect(cell).center)
    run(app, 40)
    print(f"{tag}: {format_tiles([tile])} dropped on {cell}, landed on {sess.table().where().get(tile)}")
    save(app, outdir, f"{tag}-view-zoomed-drop")
    app.pop()

    # a full table: eight rows
    sess = human_session("K13 R13", melded=True, seed=5)
    st = sess.state
    lay_table(st, FULL)
    st.board = Board({(r, c): t for r, ln in enumerate(st.board.lines()) for c, t in enumerate(ln.tiles)})
    sess = Session(st, autosave=False)
    play = open_at_rest(app, sess)
    report(tag, play, "full table, fit")
    save(app, outdir, f"{tag}-view-full")
    app.pop()

    # a computer's play needing two rows more than the four full ones (and the spare row)
    sess, after = computer_with_two_long_runs()
    app.worker.submit = lambda *a, **k: None  # the play below is the computer's answer
    play = app.push(PlayScene(app, sess))
    run_until(app, lambda: sess.computer.thinking)
    run(app, 5)
    report(tag, play, "computer to move")
    save(app, outdir, f"{tag}-view-before-play")
    play.driver.answered(play.driver.token, act.to_json(act.Play(after)))
    run_until(app, lambda: play.turnshow.pb is not None and play.turnshow.pb.idx == len(play.turnshow.pb.steps))
    run(app, 12)
    report(tag, play, "the play's last step")
    save(app, outdir, f"{tag}-view-play-followed")
    run_until(app, lambda: sess.my_turn and not play.input_locked())
    run(app, 30)
    report(tag, play, "the next turn")
    save(app, outdir, f"{tag}-view-after-play")
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
