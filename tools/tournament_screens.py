"""Save screenshots of every tournament screen (a development aid, not a test).

``python3 tools/tournament_screens.py [OUTDIR] [--size WxH]`` drives the real
scenes under SDL's dummy video driver, as ``tools/screens.py`` does: the set-up,
the bracket, the human's table (a penalty, the results between games, the end of
the table), the simulation's progress, watching the rest, the medals and the
resume screen.  The human's play is rigged where a screen needs it.
"""

from __future__ import annotations

import sys

import shotkit  # noqa: E402  (headless SDL, a throwaway data folder, the repository on the path)
import pygame  # noqa: E402
from shotkit import frames, save  # noqa: E402

import game.ui.wiring  # noqa: E402,F401  (every screen registers itself)
from game.ui.app import App  # noqa: E402


def until(app, cond, limit=20000, dt=1 / 60):
    for i in range(limit):
        if cond():
            return True
        app.step([], dt, draw=(i % 30 == 0))
    return cond()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click_events(pos):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def button(scene, label):
    return next(w for w in scene.group.widgets if getattr(w, "label", "") == label)


def main(argv):
    outdir, size = shotkit.args(argv, "/tmp/tshots")
    tag = f"{size[0]}x{size[1]}"
    app = App(size=size, fullscreen=False, ai_mode="sync", seed=5, persist_settings=False)
    app.start()
    frames(app, 30)
    title = app.top
    frames(app, 2, events=click_events(button(title, "Tournament").rect.center))
    setup = app.top
    setup.field_chooser.set_value(13)
    setup.set_field(13)
    frames(app, 10)
    save(app, outdir, f"{tag}-t01-setup")
    setup.field_chooser.set_value(48)
    setup.set_field(48)
    setup.strict_toggle.activate()
    frames(app, 4)
    save(app, outdir, f"{tag}-t02-setup-48-strict")
    setup.field_chooser.set_value(9)
    setup.set_field(9)
    setup.strict_toggle.activate()
    frames(app, 2, events=click_events(setup.start_button.rect.center))
    bracket = app.top
    frames(app, 20)
    save(app, outdir, f"{tag}-t03-bracket-start")
    bracket.show_info()
    frames(app, 5)
    save(app, outdir, f"{tag}-t03b-how-it-works")
    frames(app, 2, events=[key(pygame.K_ESCAPE)])

    # the human's table: penalty first
    from tourhelp import rig_going_out

    frames(app, 2, events=[key(pygame.K_RETURN)])
    play = app.top
    run = bracket.run
    sess = play.session
    speed = app.settings["animation_speed"]
    app.settings["animation_speed"] = 0.0
    until(app, lambda: sess.my_turn and not play.input_locked())
    frames(app, 30)
    save(app, outdir, f"{tag}-t04-play")
    # a failed manipulation: one tile from the rack alone on the table
    t0 = sess.rack.tiles()[0]
    sess.move([t0], "table", (4, 3))
    frames(app, 5)
    play.end_or_draw()
    frames(app, 5)
    save(app, outdir, f"{tag}-t05-penalty-warning")
    dialog = app.top
    frames(app, 2, events=click_events(dialog.group.widgets[0].rect.center))
    app.settings["animation_speed"] = speed
    frames(app, 40)
    save(app, outdir, f"{tag}-t06-penalty-banner")
    # quit from the pause menu and come back through the title's Tournament
    frames(app, 2, events=[key(pygame.K_ESCAPE)])
    frames(app, 10)
    save(app, outdir, f"{tag}-t06b-pause")
    frames(app, 2, events=click_events(button(app.top, "Save and quit").rect.center))
    frames(app, 2, events=click_events(button(app.top, "Tournament").rect.center))
    frames(app, 10)
    save(app, outdir, f"{tag}-t06c-lobby-in-progress")
    frames(app, 2, events=[key(pygame.K_RETURN)])
    play = app.top
    sess = play.session
    bracket = app.scenes[-2]
    run = bracket.run
    app.settings["animation_speed"] = 0.0
    # the human goes out at once in every game: a rack of two runs
    from game.ui.scenes.tournament import BracketScene, GameResultsScene, MedalsScene, TableOverScene

    def win_game():
        until(app, lambda: sess.phase != "play" or (sess.my_turn and not play.input_locked()))
        if sess.phase != "play":
            return
        rig_going_out(sess)
        play.end_or_draw()

    games = run.t.stages[run.ref.stage].games
    for g in range(games):
        win_game()
        until(app, lambda: isinstance(app.top, (GameResultsScene, TableOverScene)))
        app.settings["animation_speed"] = speed
        frames(app, 60)  # past the result screen's first moments, when it ignores keys (INPUT_GUARD)
        if isinstance(app.top, GameResultsScene):
            if g == 0:
                save(app, outdir, f"{tag}-t07-game-results")
            frames(app, 2, events=[key(pygame.K_RETURN)])
            app.settings["animation_speed"] = 0.0
        else:
            save(app, outdir, f"{tag}-t08-table-over")
            break
    frames(app, 2, events=[key(pygame.K_RETURN)])
    frames(app, 5)
    assert isinstance(app.top, BracketScene), app.top
    frames(app, 12)
    save(app, outdir, f"{tag}-t09-bracket-simulating")
    until(app, lambda: not run.busy())
    frames(app, 20)
    save(app, outdir, f"{tag}-t10-bracket-your-final")
    # the final: this time lose (draw every turn) to see the medals with you on the podium or not
    frames(app, 2, events=[key(pygame.K_RETURN)])
    play = app.top
    sess = play.session
    games = run.t.stages[run.ref.stage].games
    for g in range(games):
        win_game()
        until(app, lambda: isinstance(app.top, (GameResultsScene, TableOverScene)))
        frames(app, 40)
        if isinstance(app.top, TableOverScene):
            app.settings["animation_speed"] = speed
            frames(app, 30)
            save(app, outdir, f"{tag}-t11-final-over")
            break
        frames(app, 2, events=[key(pygame.K_RETURN)])
    frames(app, 2, events=[key(pygame.K_RETURN)])
    frames(app, 60)
    assert isinstance(app.top, MedalsScene), app.top
    save(app, outdir, f"{tag}-t12-medals")
    frames(app, 2, events=[key(pygame.K_ESCAPE)])
    frames(app, 10)
    save(app, outdir, f"{tag}-t13-bracket-finished")
    app.settings["animation_speed"] = speed

    # a knocked-out player: a new 24-entrant tournament, the human's table simulated with a stand-in
    from game.tournament.run import TournamentRun
    from game.ui.scenes.tournament import to_bracket

    run2 = TournamentRun.create(24, "You", seed=3)
    ref = run2.t.human_table()
    for _info in run2.t.iter_simulation(stop_at_human=True, stand_in="basic", only=ref):
        pass
    run2.save()
    b2 = to_bracket(app, run2)
    frames(app, 20)
    save(app, outdir, f"{tag}-t14-bracket-24-after-table")
    b2.after_table()
    frames(app, 2, events=[key(pygame.K_RETURN)])  # Watch the rest
    frames(app, 90)
    save(app, outdir, f"{tag}-t15-bracket-24-watching")
    until(app, lambda: not run2.busy() or run2.t.current_stage == 1)
    frames(app, 60)
    save(app, outdir, f"{tag}-t16-bracket-24-watching-round2")
    frames(app, 2, events=click_events(button(b2, "Skip to the medals").rect.center))
    frames(app, 3)
    save(app, outdir, f"{tag}-t16b-skipping")
    until(app, lambda: isinstance(app.top, MedalsScene))
    save(app, outdir, f"{tag}-t17a-medals-24-at-once")  # the frame that opened them: the podium is there
    frames(app, 90)
    save(app, outdir, f"{tag}-t17-medals-24")
    frames(app, 2, events=[key(pygame.K_ESCAPE)])
    frames(app, 10)
    save(app, outdir, f"{tag}-t18-bracket-24-finished")
    frames(app, 2, events=[key(pygame.K_END)])
    frames(app, 4)
    save(app, outdir, f"{tag}-t19-bracket-24-scrolled")
    app.pop()
    # the resume screen
    title = app.top
    frames(app, 2, events=click_events(button(title, "Tournament").rect.center))
    frames(app, 10)
    save(app, outdir, f"{tag}-t20-lobby")
    frames(app, 2, events=[key(pygame.K_ESCAPE)])
    app.shutdown()
    pygame.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
