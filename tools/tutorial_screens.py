"""Screenshots of the tutorial and the replay screens, drawn headless.

``python3 tools/tutorial_screens.py [OUTDIR] [--size WxH]``.  A development aid, not a test.
"""

from __future__ import annotations

import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
from shotkit import frames, save  # noqa: E402


def do_moves(scene, moves):
    from game.rules import actions as act
    from game.tutorial import coach

    sess = scene.session
    for text, cell in moves:
        if text == "claim":
            sess.human_action(act.claim("claim", cell=[cell[0], cell[1]], vertical=cell[2]))
            for ev in sess.poll_events():
                scene.on_event(ev)
            continue
        ids = coach.resolve(sess.state, sess.table(), list(sess.rack.slots), text)
        scene.move_tiles(ids, "table", tuple(cell))


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/shots")
    tag = f"{size[0]}x{size[1]}"
    app = shotkit.make_app(size)
    frames(app, 60)
    save(app, outdir, f"{tag}-title-first-time")
    from game.tutorial import lessons as data
    from game.ui.scenes.lesson import LessonScene
    from game.ui.scenes.tutorial import TutorialScene

    app.push(TutorialScene(app))
    frames(app, 10)
    save(app, outdir, f"{tag}-tutorial-menu")
    for track_key, li, si, tagname in (("classic", 0, 0, "sets"), ("classic", 5, 0, "joker"),
                                       ("golden-games", 0, 0, "golden-penalty"), ("rummibug", 0, 0, "rummibug-35"),
                                       ("rummi200kub", 0, 0, "r200-crossing"), ("rummi200kub", 4, 0, "r200-exact-200")):
        track = data.track(track_key)
        scene = app.push(LessonScene(app, track, li, si))
        frames(app, 240)
        save(app, outdir, f"{tag}-lesson-{tagname}")
        step = track["lessons"][li]["steps"][si]
        do_moves(scene, step["wrong"][0])
        frames(app, 20)
        if not any(m[0] == "claim" for m in step["wrong"][0]):
            scene.end_or_draw()
        frames(app, 30)
        save(app, outdir, f"{tag}-lesson-{tagname}-nudge")
        scene.session.reset()
        do_moves(scene, step["solution"])
        frames(app, 20)
        if not any(m[0] == "claim" for m in step["solution"]):
            scene.end_or_draw()
        frames(app, 20)
        save(app, outdir, f"{tag}-lesson-{tagname}-done")
        app.pop_to("tutorial")
        frames(app, 2)
    if "--no-replay" not in argv:
        replay_screens(app, outdir, tag)
    app.shutdown()


def replay_screens(app, outdir, tag):
    """A replay on an analysed turn, the finder's table shown."""
    from game.play.computer import computer_turn, seat_player
    from game.rules import engine
    from game.rules.state import HUMAN, derived_secret
    from game.ui.scenes.replay import ReplayScene

    st = engine.new_game("classic", [("You", "medium"), ("Mia", "easy")], seed=3, options={"rounds": 1},
                         secret=derived_secret("t", 3))
    while st.phase == "play":
        computer_turn(st, seat_player(st))
    st.players[0].kind = HUMAN
    sc = app.push(ReplayScene(app, st, 0))
    frames(app, 3)
    target = next(i for i in sc.analyst.todo if sc.analyst.wait(i) is not None and sc.frames[i].board.cells)
    sc.go(target)
    frames(app, 4)
    save(app, outdir, f"{tag}-replay-analysed")
    sc.toggle_show()
    frames(app, 4)
    save(app, outdir, f"{tag}-replay-shown")
    sc.go(len(sc.frames) - 1)
    frames(app, 4)
    save(app, outdir, f"{tag}-replay-end")
    app.pop()


if __name__ == "__main__":
    main(sys.argv[1:])
