"""Screenshots of a mid-game flat table before, during and after a computer's turn
(``python3 tools/table_turn_screens.py OUTDIR [--size WxH] [--seed S]``), drawn headless: the sets
the turn does not change keep their cells and the tiles keep their size.  A development aid, not a
test; it prints which sets moved (none, when all is right) and the tile width at each shot."""

from __future__ import annotations

import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
from shotkit import frames, save  # noqa: E402

from game.ai import make_player  # noqa: E402
from game.cli.bench_table import moved_unchanged  # noqa: E402
from game.play.computer import computer_turn  # noqa: E402
from game.play.session import Session  # noqa: E402
from game.rules import engine  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402

LEVELS = ("hard", "medium", "greedy-max", "hard")


def mid_game(seed: int, tiles_on_table: int = 45) -> Session:
    """A classic game played by computers (the person's seat too) until the table holds about
    ``tiles_on_table`` tiles and the seat after the person's is to move."""
    state = engine.new_game("classic", [("You", "human")] + [(f"CPU {i}", LEVELS[i]) for i in (1, 2, 3)], seed=seed)
    players = [make_player(LEVELS[i], 100 + i, state.variant.board_shape) for i in range(4)]
    while state.phase == "play" and state.turn < 300:
        if len(state.board) >= tiles_on_table and state.current == 1:
            break
        computer_turn(state, players[state.current])
    sess = Session(state, autosave=False)
    sess.begin_turn()
    return sess


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/shots")
    seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 11
    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    app.shown_controls_tip = True
    sess = mid_game(seed)
    play = app.push(PlayScene(app, sess))
    before = sess.state.board.copy()
    for _ in range(240):  # the deal lands on the rack; stop before the computer's turn is shown
        frames(app, 1)
        if play.turnshow.pb is not None or sess.state.board != before or play.time > 2.0:
            break
    save(app, outdir, f"{tag}-table-before-computer-turn")
    print(f"before: {len(before)} tiles, tile width {play.layout().grid.tile_w}, rows {play.layout().grid.rows}")
    widths = set()
    shot = False
    for _ in range(3000):
        frames(app, 1)
        pb = play.turnshow.pb
        if pb is not None:
            widths.add(play.layout().grid.tile_w)
            if not shot and pb.idx >= min(2, len(pb.steps)):
                frames(app, 20)
                save(app, outdir, f"{tag}-table-during-computer-turn")
                shot = True
        elif sess.state.current != 1 and play.time >= play.busy_until:
            break
    frames(app, 30)
    after = sess.state.board
    save(app, outdir, f"{tag}-table-after-computer-turn")
    print(f"after: {len(after)} tiles, tile width during the turn {sorted(widths)}, now {play.layout().grid.tile_w}, "
          f"rows {play.layout().grid.rows}; sets moved unchanged: {moved_unchanged(before, after)}")
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
