"""Screenshots of the Tile Rush puzzle mode, drawn headless: the menu, a rush mid-run (a solve's
score pop, then the next puzzle with the score and the clock), a miss (10 seconds off), the
summary and a missed puzzle's answer played on the table, the daily puzzle (and
Skip's question there), the packs, a pack with
stars, and the records screen the statistics open.

``python3 tools/rush_screens.py [OUTDIR] [--size WxH]``: at 1280x800 and 1024x640, or only
at ``--size``.  The records shown (a best, a streak, stars) are written first into the
throwaway data folder.  A development aid, not a test.
"""

from __future__ import annotations

import datetime as _dt
import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
from shotkit import frames, save  # noqa: E402

SIZES = [(1280, 800), (1024, 640)]


def some_records() -> None:
    """A best, a three-day daily streak up to yesterday and some stars in pack 1."""
    from game.play.puzzle_runs import today
    from game.storage import arcade

    arcade.record_rush("rush-3min", 4120, 9, 5)
    arcade.record_rush("survival", 2650, 7, 4)
    for back in (3, 2, 1):
        arcade.record_daily(today() - _dt.timedelta(days=back))
    for level, stars in enumerate([3, 3, 2, 3, 1, 2, 3], start=1):
        arcade.record_pack(1, level, stars)


def apply_answer(scene) -> None:
    """Put the puzzle's answer on the table (as the hint's Apply does)."""
    from game.play.puzzle import answer_board

    sess = scene.session
    board = answer_board(sess.state, scene.puzzle.answer)
    assert sess.place(board.where(), []).ok


def shots(size: tuple[int, int], outdir: str) -> None:
    from game.play import puzzle_runs
    from game.ui.scenes.rush.menu import start_run

    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    frames(app, 30)
    app.open("rush_menu")
    frames(app, 30)
    save(app, outdir, f"{tag}-rush-menu")

    # a rush mid-run: two puzzles solved fast (a combo), the third being played
    run = puzzle_runs.rush_run("rush-3min", app.top.records, seed=8)
    start_run(app, run)
    for k in range(2):
        scene = app.top
        frames(app, 40)
        run.tick(9.0 + 4 * k)  # solved fast: a combo
        apply_answer(scene)
        frames(app, 20)
        scene.end_or_draw()
        frames(app, 24)
        if k == 1:
            save(app, outdir, f"{tag}-rush-solved")
        frames(app, 60)
    scene = app.top
    run.tick(31.0)  # a little under a minute into the run
    frames(app, 40)
    rack = [t for t in scene.session.rack.slots]
    answer = next(s for s in scene.puzzle.answer if rack[0] in s)
    line = next((ln for ln in scene.session.table().lines() if set(ln.tiles) & set(answer)), None)
    if line is not None:
        scene.move_tiles([rack[0]], "table", line.cells[-1])
    frames(app, 20)
    save(app, outdir, f"{tag}-rush-mid-run")

    # a miss: 10 seconds off, the ring flashes
    scene.end_or_draw()
    frames(app, 12)
    save(app, outdir, f"{tag}-rush-miss")

    # the run ends here: the summary, and the missed puzzle's answer on the table
    scene.end_here()
    frames(app, 30)
    save(app, outdir, f"{tag}-rush-summary")
    summary = app.top
    summary.answer_buttons[-1].activate()
    frames(app, 30)
    app.top.turnshow.hint.go(1)
    frames(app, 30)
    save(app, outdir, f"{tag}-rush-answer")
    app.pop()
    app.pop()
    frames(app, 10)

    # survival: the misses in the header
    start_run(app, puzzle_runs.rush_run("survival", app.top.records, seed=3))
    frames(app, 150)  # the tiles are dealt
    app.top.end_or_draw()
    frames(app, 120)
    save(app, outdir, f"{tag}-survival")
    app.pop()
    frames(app, 10)

    # the daily puzzle
    app.top.daily.activate()
    frames(app, 60)
    save(app, outdir, f"{tag}-daily")
    app.top.ask_skip()  # Skip asks before giving up today's puzzle
    frames(app, 10)
    save(app, outdir, f"{tag}-daily-give-up")
    app.pop()
    app.pop()
    frames(app, 10)

    # the packs, and pack 1 with stars
    app.top.packs.activate()
    frames(app, 20)
    save(app, outdir, f"{tag}-packs")
    app.top.cards[0].activate()
    frames(app, 20)
    save(app, outdir, f"{tag}-pack-stars")
    app.open("rush_records")  # as the statistics screen opens it
    frames(app, 10)
    save(app, outdir, f"{tag}-rush-records")
    app.shutdown()


def main(argv) -> int:
    outdir, size = shotkit.args(argv, "/tmp/shots")
    some_records()
    for got in ([size] if "--size" in argv else SIZES):
        shots(got, outdir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
