"""Screenshots of following the game: a computer's turn mid-playback with its caption, the
turn log open, and a hint on the table (``python3 tools/playback_screens.py OUTDIR
[--size WxH]``), drawn headless.  A development aid, not a test."""

from __future__ import annotations

import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402
from shotkit import frames, save  # noqa: E402
from uihelp import give, human_session, lay_table, set_rack  # noqa: E402

from game.rules.tiles import parse_tiles  # noqa: E402
from game.ui.scenes.play import PlayScene  # noqa: E402

TABLE = ["K3 K4 K5 K6 K7 K8", "R5 R6 J R8", "B4 R4 K4 O4", "O9 O10 O11", "R10 B10 O10", "B1 B2 B3"]


def position():
    """The person (melded) has just drawn; Mia (hard) is to move with a play that splits,
    frees a joker and makes a new set."""
    sess = human_session("", melded=True, opponents=("hard", "medium", "basic"), seed=5)
    st = sess.state
    lay_table(st, TABLE)
    set_rack(st, 1, parse_tiles("K5 R7 B9 B11 O2 R12 K1", used=st.board.tiles()))
    give(st, 0, parse_tiles("O12 O8 B5 K9 K9 R9", used=st.board.tiles()))
    for p in st.players:
        p.melded = True
    st.current = 1
    sess.begin_turn()
    return sess


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/shots")
    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    app.shown_controls_tip = True
    sess = position()
    play = app.push(PlayScene(app, sess))
    for _ in range(600):  # the computer thinks, then its turn is played out
        frames(app, 1)
        pb = play.turnshow.pb
        if pb is not None and pb.idx >= min(2, len(pb.steps)) and app.settings.get("turn_speed", "normal"):
            break
    frames(app, 24)
    save(app, outdir, f"{tag}-turn-playback")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 400), button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 400), button=1)], 1 / 60)
    for _ in range(3000):  # the others play on until it is the person's turn again
        frames(app, 1)
        if sess.my_turn and not play.input_locked():
            break
    app.turn_log_open = True
    frames(app, 30)
    save(app, outdir, f"{tag}-turn-log")
    # a click on the oldest play in the list: that very turn is shown again, the log aside
    panel = play.turnshow.panel
    rows = [(r, e) for r, e in panel.entry_rects(play.layout()) if e.replayable]
    if rows:
        r, entry = rows[-1]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1)], 1 / 60)
        frames(app, 40)
        print(f"replaying {entry.name}: {entry.lines[0]}")
        save(app, outdir, f"{tag}-turn-log-replaying")
        frames(app, 2, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0)])
        frames(app, 30)
    app.turn_log_open = False
    play.ask_hint()
    for _ in range(600):
        frames(app, 1)
        if play.turnshow.hint.active:
            break
    frames(app, 20)
    save(app, outdir, f"{tag}-hint")
    hint = play.turnshow.hint
    if len(hint.steps) > 1:
        hint.go(1)
        frames(app, 10)
        save(app, outdir, f"{tag}-hint-step2")
    while hint.has_more:  # More, up to the play with the most tiles, at its last step
        hint.more()
    hint.go(len(hint.steps) - 1)
    frames(app, 10)
    save(app, outdir, f"{tag}-hint-last")
    app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
