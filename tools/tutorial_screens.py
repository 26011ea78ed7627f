"""Screenshots of the tutorial and the replay screens, drawn headless.

``python3 tools/tutorial_screens.py [OUTDIR] [--size WxH]``.  A development aid, not a test.
"""

from __future__ import annotations

import os
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("RUMMIKUB_HOME", tempfile.mkdtemp(prefix="tilerush-shots-"))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from game.ui.app import App  # noqa: E402


def frames(app, n, dt=1 / 60, events=()):
    app.step(list(events), dt)
    for _ in range(n - 1):
        app.step([], dt)


def save(app, outdir, name):
    path = os.path.join(outdir, name + ".png")
    pygame.image.save(app.screen, path)
    print(path)


def do_moves(scene, moves):
    from game.tutorial import coach

    sess = scene.session
    for text, cell in moves:
        if text == "claim":
            sess.human_action({"type": "claim", "cell": [cell[0], cell[1]], "vertical": cell[2]})
            for ev in sess.poll_events():
                scene.on_event(ev)
            continue
        ids = coach.resolve(sess.state, sess.table(), list(sess.rack_slots), text)
        scene.move_tiles(ids, "table", tuple(cell))


def main(argv):
    outdir = argv[0] if argv and not argv[0].startswith("--") else "/tmp/shots"
    size = (1280, 800)
    if "--size" in argv:
        w, h = argv[argv.index("--size") + 1].split("x")
        size = (int(w), int(h))
    os.makedirs(outdir, exist_ok=True)
    tag = f"{size[0]}x{size[1]}"
    app = App(size=size, fullscreen=False, ai_mode="sync", seed=7, persist_settings=False)
    app.start()
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
        app.pop_to(TutorialScene)
        frames(app, 2)
    if "--no-replay" not in argv:
        replay_screens(app, outdir, tag)
    app.shutdown()


def replay_screens(app, outdir, tag):
    from game.ui.scenes import replay as replay_ui

    replay_ui.screenshots(app, outdir, tag, frames, save)


if __name__ == "__main__":
    main(sys.argv[1:])
