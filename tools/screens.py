"""Save screenshots of every screen (for looking at the game without a display).

``python3 tools/screens.py [OUTDIR] [--size WxH] [--variant KEY]`` drives the real scenes under
SDL's dummy video driver and writes PNGs; ``--all`` also runs every other screenshot tool (the
table, computer turns and the log, the hint, the Rummi200kub board, click controls, the details
of each screen, the Tile Rush puzzle mode, the tournament, the tutorial and replay), each into a
sub-folder.  A development aid, not a test.
"""

from __future__ import annotations

import os
import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402
from shotkit import frames, save  # noqa: E402

TOOLS = ("control_screens", "detail_screens", "playback_screens", "r200_screens", "rush_screens", "table_screens",
         "table_turn_screens", "tournament_screens", "tutorial_screens")


def every_tool(outdir: str, size: tuple[int, int]) -> int:
    """Every screenshot tool, one after another, each in its own process, data folder and
    sub-folder (a first-time player's title needs a data folder nobody has used)."""
    import subprocess
    import tempfile

    here = os.path.dirname(os.path.abspath(__file__))
    runs = [(__file__, "screens")] + [(os.path.join(here, name + ".py"), name.replace("_screens", "")) for name in TOOLS]
    worst = 0
    for script, folder in runs:
        env = dict(os.environ, RUMMIKUB_HOME=tempfile.mkdtemp(prefix="tilerush-shots-"))
        got = subprocess.call([sys.executable, script, os.path.join(outdir, folder), "--size", f"{size[0]}x{size[1]}"], env=env)
        worst = worst or got
    return worst


def main(argv):
    outdir, size = shotkit.args(argv)
    variant = argv[argv.index("--variant") + 1] if "--variant" in argv else "classic"
    if "--all" in argv:
        return every_tool(outdir, size)
    tag = f"{size[0]}x{size[1]}" + ("" if variant == "classic" else "-" + variant)
    app = shotkit.make_app(size)
    frames(app, 90)
    save(app, outdir, f"{tag}-title")
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.tournament import open_tournament

    app.push(SetupScene(app))
    frames(app, 10)
    save(app, outdir, f"{tag}-setup")
    app.pop()
    app.push(SettingsScene(app))
    frames(app, 10)
    save(app, outdir, f"{tag}-settings")
    app.pop()
    app.push(RulesScene(app, variant))
    frames(app, 10)
    save(app, outdir, f"{tag}-rules")
    app.pop()
    app.push(open_tournament(app))  # every tournament screen: tools/tournament_screens.py
    frames(app, 10)
    save(app, outdir, f"{tag}-tournament")
    app.pop()
    persistence_screens(app, outdir, tag)
    # a game
    from game.rules.variants import REGISTRY
    from game.play.session import Session
    from game.ui.scenes.play import PlayScene

    n = min(3, REGISTRY[variant].max_players - 1)
    sess = Session.new(variant, ["basic"] * n, seed=11, autosave=False)
    play = app.push(PlayScene(app, sess))
    frames(app, 20)
    save(app, outdir, f"{tag}-deal")
    frames(app, 120)
    save(app, outdir, f"{tag}-play-start")
    # let the computers play a while (instant speed), then look at a busy table
    speed = app.settings["animation_speed"]
    app.settings["animation_speed"] = 0.0
    for _ in range(4000):
        if sess.phase != "play":
            break
        if sess.my_turn:
            sess.draw()
        app.step([], 1 / 60, draw=False)
        if len(sess.state.board) > 40 and sess.my_turn:
            break
    app.settings["animation_speed"] = speed
    frames(app, 60)
    save(app, outdir, f"{tag}-play-busy")
    # select two tiles and drag one
    rack = sess.rack.tiles()
    if sess.my_turn and rack:
        lay = play.layout()
        sp = play.sprites[rack[0]]
        x, y = sp.pos[0] + 10, sp.pos[1] + 10
        tx, ty = lay.grid.cell_pos((lay.grid.rows - 1, 3))
        evs = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 30, y - 30), rel=(30, -30), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(tx + 10, ty + 10), rel=(0, 0), buttons=(1, 0, 0))]
        frames(app, 5, events=evs)
        save(app, outdir, f"{tag}-play-drag")
        frames(app, 20, events=[pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(tx + 10, ty + 10), button=1)])
        frames(app, 10, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(tx + 10, ty + 10), rel=(0, 0), buttons=(0, 0, 0))])
        save(app, outdir, f"{tag}-play-invalid")
    from game.ui.scenes.pause import PauseScene

    app.push(PauseScene(app, play))
    frames(app, 10)
    save(app, outdir, f"{tag}-pause")
    app.pop()
    # finish the round quickly
    app.settings["animation_speed"] = 0.0
    for _ in range(20000):
        if sess.phase != "play":
            break
        if sess.my_turn:
            sess.reset()
            sess.draw()
        app.step([], 1 / 60, draw=False)
    app.settings["animation_speed"] = speed
    frames(app, 200)
    save(app, outdir, f"{tag}-results")
    demo_screens(app, outdir, tag, variant)
    app.shutdown()


def persistence_screens(app, outdir, tag):
    """Statistics (with games, empty, a recovered file, the reset question) and the messages
    shown when a saved game is recovered or refused."""
    import json
    import random
    from datetime import datetime, timedelta

    from game.storage import persistence, saves, stats
    from game.storage.saves import session_bridge
    from game.play.session import Session
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.title import TitleScene

    rnd = random.Random(5)
    t0 = datetime(2026, 10, 1, 20, 0)
    for i in range(26):
        won = rnd.random() < 0.45
        stats.record_game("classic", won, rnd.randint(15, 110) if won else -rnd.randint(4, 70), rnd.randint(24, 90),
                          rnd.uniform(240, 1500), when=t0 + timedelta(hours=7 * i))
    for i in range(4):
        stats.record_game("golden-games", i == 2, rnd.randint(0, 60), rnd.randint(30, 90), rnd.uniform(600, 1800),
                          when=t0 + timedelta(days=i))
    sc = app.push(StatisticsScene(app))
    sc.set_tab(0)
    frames(app, 6)
    save(app, outdir, f"{tag}-statistics")
    plot, slot = sc.chart_geometry(app.scale, stats.RECENT)
    frames(app, 3, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(int(plot.x + 4.5 * slot), plot.centery), rel=(0, 0),
                                              buttons=(0, 0, 0))])
    save(app, outdir, f"{tag}-statistics-hover")
    sc.set_tab(1)
    frames(app, 3)
    save(app, outdir, f"{tag}-statistics-golden")
    sc.set_tab(2)
    frames(app, 3)
    save(app, outdir, f"{tag}-statistics-empty")
    sc.set_tab(0)
    sc.ask_reset()
    frames(app, 6)
    save(app, outdir, f"{tag}-statistics-reset")
    app.pop()
    app.pop()
    # a damaged statistics file: the backup is used and the screen says so
    stats.stats_path().write_text('{"format": "tile-rush-stats", "schema": 1, "variants": {"classic": {"games": "many"')
    app.push(StatisticsScene(app))
    frames(app, 6)
    save(app, outdir, f"{tag}-statistics-recovered")
    app.pop()
    # saved games: recovered from the backup, then refused
    sess = Session.new("classic", ["basic", "basic", "basic"], seed=21, autosave=False)
    for _ in range(2):
        session_bridge.autosave(sess.to_dict())
        while not sess.my_turn:
            sess.computer.run_sync()
        sess.draw()
    path = saves.slot_path("autosave")
    path.write_bytes(path.read_bytes()[:-30])
    title = app.top if isinstance(app.top, TitleScene) else app.push(TitleScene(app))
    title.refresh()
    frames(app, 2)
    title.continue_game()
    frames(app, 150)  # the tiles are dealt, then the message comes up over the game
    save(app, outdir, f"{tag}-continue-recovered")
    app.pop_to("title")
    frames(app, 2)
    saves.slot_path("autosave").write_text(json.dumps({"format": "tile-rush-save", "schema": 2, "game": [1, 2, 3]}))
    persistence.backup_path(saves.slot_path("autosave")).write_text("")
    title.refresh()
    title.continue_game()
    frames(app, 10)
    save(app, outdir, f"{tag}-continue-refused")
    app.pop_to("title")
    title.refresh()
    saves.delete_slot("slot1")
    d = sess.to_dict()
    saves.save_game("slot1", d.pop("state"), d)
    saves.save_game("slot1", sess.state, {})
    saves.slot_path("slot1").write_text("{}")
    title.refresh()
    title.continue_game()
    frames(app, 10)
    save(app, outdir, f"{tag}-slots-recovered")
    app.pop_to("title")
    frames(app, 2)


def demo_screens(app, outdir, tag, variant):
    """The attract mode: the computer in every seat, and how to leave it."""
    from game.rules.variants import REGISTRY
    from game.play.session import Session
    from game.ui.scenes.play import PlayScene

    app.pop_to("title")
    n = min(3, REGISTRY[variant].max_players - 1)
    demo = Session.new(variant, ["basic"] * n, seed=5, demo=True)
    app.push(PlayScene(app, demo))
    speed = app.settings["animation_speed"]
    app.settings["animation_speed"] = 0.0
    for _ in range(3000):
        if demo.state.total_turns >= 14 or demo.phase != "play":
            break
        app.step([], 1 / 60, draw=False)
    app.settings["animation_speed"] = speed
    frames(app, 90)
    save(app, outdir, f"{tag}-demo")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
