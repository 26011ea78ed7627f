"""Files and command lines a curious or unlucky player can break: special files in the
saves folder, text that draws nothing, tournament saves edited by hand, saves from a
newer version, bad settings, crash saves and the backup, and the tools' command lines.
(Each damaged save in tests/data/damaged is refused with its reason by test_saves_format.py.)"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.storage import persistence, saves, stats
from game.storage import settings as user_settings
from game.rules import engine
from game.cli.saves import main as saves_cli
from game.play.session import Session
from game.storage.textcheck import clean_text, text_problem
from game.tournament.run import TournamentRun

ROOT = Path(__file__).resolve().parent.parent
DAMAGED = ROOT / "tests" / "data" / "damaged"
INVISIBLE = ["\ufe0f", "\u034f", "\u034f\u034f", "a\x00b", "Ann\ud800", "\u200b", "\x00", "You\u0007", "\u0301x"]


def run_cli(*args: str, env: dict | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """A command line as a player runs it (a guard timeout only, so a hang fails instead of blocking the suite)."""
    full_env = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=full_env, cwd=cwd or ROOT,
                          timeout=120, errors="backslashreplace")


def no_traceback(res: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in res.stderr and "Traceback" not in res.stdout, res.stderr


# -- special files in the saves folder ----------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_named_like_a_save_is_never_opened_for_reading(tmp_path):
    path = saves.slot_path("slot1")
    os.mkfifo(path)
    raw, reason = persistence.read_bytes(path)
    assert raw is None and "not an ordinary file" in reason
    got = saves.load_game("slot1")  # returns at once (a blocking open would wait for a writer for ever)
    assert not got.ok and "not an ordinary file" in got.message
    assert path.exists() and not list(path.parent.glob("slot1.json.damaged-*"))  # not damage: left alone
    assert not saves.slot_info("slot1").ok
    res = run_cli("-m", "game.saves", "check", str(path.parent))
    no_traceback(res)
    assert res.returncode == 1 and "slot1.json: not an ordinary file" in res.stdout


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_not_read():
    path = saves.slot_path("slot2")
    os.symlink("/dev/zero", path)
    raw, reason = persistence.read_bytes(path)
    assert raw is None and "not an ordinary file" in reason
    assert not saves.load_game("slot2").ok


def test_never_more_than_the_limit_is_read(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 11)
    assert persistence.read_bytes(path, limit=10) == (None, persistence.TOO_LARGE)
    assert persistence.read_bytes(path, limit=11) == (b" " * 11, "")


# -- text that draws nothing ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", INVISIBLE)
def test_text_that_draws_nothing_is_refused(text):
    assert text_problem(text, 32) is not None


@pytest.mark.parametrize("text", ["You", "Zoë", "José", "e\u0301", "Łukasz", "王芳", "Ann-Marie", "O'Brien 2"])
def test_ordinary_names_are_accepted(text):
    assert text_problem(text, 32) is None


def test_text_drawing_never_raises():
    from game.ui import theme

    pygame.init()
    try:
        for text in INVISIBLE + ["", "\ud800", "ok"]:
            for wrap in (0, 200):
                surf = theme.text(text, 20, wrap=wrap)
                assert surf.get_width() >= 1 and surf.get_height() >= 1
            assert theme.fit_text(text * 3, 20, 40).get_width() <= 60
            assert isinstance(theme.wrap_lines(text + " word", 20, 100), list)
        assert "\ufe0f" not in clean_text("a\ufe0f") and "\ud800" not in clean_text("\ud800")
    finally:
        pygame.quit()


def test_a_player_name_that_draws_nothing_plays_anyway():
    """A name the settings screen could never produce, handed straight to a game: the
    play screen draws it (as nothing) instead of crashing."""
    from uidrive import make_app, step

    from game.ui.scenes.play import PlayScene

    app = make_app()
    try:
        sess = Session.new("classic", ["basic"], seed=3, player_name="\u034f", autosave=False)
        app.push(PlayScene(app, sess))
        step(app, n=3)
        assert app.crashes == 0
    finally:
        app.shutdown()


def test_settings_with_bad_values_are_reset_and_said_once():
    path = persistence.data_dir() / user_settings.SETTINGS_FILE
    good = dict(user_settings.DEFAULT_SETTINGS)
    path.write_text(json.dumps(dict(good, player_name="\ufe0f", volume="loud")))
    settings = user_settings.load_settings()
    assert settings["player_name"] == "You" and settings["volume"] == good["volume"]
    notice = user_settings.take_settings_notice()
    assert "your name" in notice and "volume" in notice
    assert user_settings.take_settings_notice() == ""  # once
    assert user_settings.load_settings() == settings and user_settings.take_settings_notice() == ""  # corrected on disk


def test_the_app_says_once_that_settings_were_reset():
    from game.ui.app import App
    from game.ui.scenes.common import DialogScene

    path = persistence.data_dir() / user_settings.SETTINGS_FILE
    path.write_text(json.dumps(dict(user_settings.DEFAULT_SETTINGS, player_name="\u200b")))
    app = App(ai_mode="sync", persist_settings=False)
    app.start()
    try:
        assert isinstance(app.top, DialogScene) and "your name" in app.top.message
    finally:
        app.shutdown()
    again = App(ai_mode="sync", persist_settings=False)
    again.start()
    try:
        assert not isinstance(again.top, DialogScene)
    finally:
        again.shutdown()


def test_statistics_naming_a_rule_set_that_draws_nothing_are_refused():
    stats.record_game("classic", True, 40, 12, 300.0)
    good = json.loads(stats.stats_path().read_text())
    stats.record_game("classic", False, 10, 12, 300.0)  # the good file becomes the backup
    bad = dict(good, variants={"\ufe0f": good["variants"]["classic"]})
    stats.stats_path().write_text(json.dumps(bad))
    got = stats.load_stats()
    assert list(got.variants) == ["classic"] and got.source == "backup" and "damaged" in got.message
    with pytest.raises(ValueError):
        stats.record_game("\u034f", True, 1, 1, 1.0)


# -- a crash save never replaces the last good backup -----------------------------------------------------


def _game(seed: int):
    return engine.new_game("classic", [("You", "human"), ("Computer", "basic")], seed=seed)


def test_a_save_made_after_an_error_keeps_the_backup():
    assert saves.autosave(_game(1)).ok and saves.autosave(_game(2)).ok
    bak = persistence.backup_path(saves.slot_path("autosave"))
    last_good = bak.read_bytes()
    with persistence.crash_saving():
        assert saves.autosave(_game(3)).ok
    assert bak.read_bytes() == last_good
    assert saves.load_game("autosave").state.seed == 3
    assert saves.autosave(_game(4)).ok  # an ordinary save keeps the previous one as the backup again
    assert json.loads(bak.read_text())["game"]["seed"] == 3


@pytest.mark.logged_errors  # made to fail on purpose
def test_the_app_crash_handler_keeps_the_backup():
    from uidrive import make_app

    from game.ui.scene import Scene

    class SavesOnClose(Scene):
        def closing(self):
            saves.autosave(_game(9))

    assert saves.autosave(_game(1)).ok and saves.autosave(_game(2)).ok
    bak = persistence.backup_path(saves.slot_path("autosave"))
    last_good = bak.read_bytes()
    app = make_app()
    try:
        app.push(SavesOnClose(app))
        app.crash(RuntimeError("drawing failed"))
        assert bak.read_bytes() == last_good
        assert saves.load_game("autosave").state.seed == 9
    finally:
        app.shutdown()


# -- saves from a newer version --------------------------------------------------------------------------


def test_a_save_from_a_newer_version_stays_where_it_is():
    path = saves.slot_path("slot1")
    shutil.copy(DAMAGED / "newer-schema.json", path)
    assert saves.save_game("slot3", _game(5)).ok
    shutil.copy(saves.slot_path("slot3"), persistence.backup_path(path))  # a good backup beside it
    got = saves.load_game("slot1")
    assert not got.ok and got.newer and "newer version" in got.message
    assert path.read_bytes() == (DAMAGED / "newer-schema.json").read_bytes()  # not renamed, not replaced
    assert not list(path.parent.glob("slot1.json.damaged-*"))


def test_continue_explains_a_save_from_a_newer_version():
    from uidrive import make_app

    from game.ui.scenes.loading import open_saved_game

    shutil.copy(DAMAGED / "newer-schema.json", saves.slot_path("autosave"))
    app = make_app()
    try:
        assert not open_saved_game(app, "autosave")
        assert "newer version" in app.top.message and "damaged" not in app.top.message.lower()
    finally:
        app.shutdown()


# -- tournament saves ---------------------------------------------------------------------------------------


def _tournament_in_play() -> TournamentRun:
    run = TournamentRun.create(9, "You", seed=4, levels=["basic"], games=(1, 1, 1))
    run.open_table()
    assert run.save()
    return run


@pytest.mark.parametrize("name", sorted(p.name for p in DAMAGED.glob("tournament-*.json")))
def test_a_damaged_tournament_save_falls_back_to_its_backup(name):
    run = _tournament_in_play()
    path = saves.slot_path(saves.TOURNAMENT_SLOT)
    shutil.copy(path, persistence.backup_path(path))
    shutil.copy(DAMAGED / name, path)
    loaded, note = TournamentRun.load()
    assert loaded is not None and "the save before it was loaded" in note
    assert loaded.t.to_dict() == run.t.to_dict()
    assert list(path.parent.glob("tournament.json.damaged-*"))  # set aside, never deleted


def test_a_tournament_save_that_fails_opens_the_lobby():
    from uidrive import make_app, step

    from game.ui.scenes.tournament import TournamentLobbyScene, open_tournament

    _tournament_in_play()
    path = saves.slot_path(saves.TOURNAMENT_SLOT)
    persistence.backup_path(path).unlink(missing_ok=True)
    shutil.copy(DAMAGED / "tournament-entrant-fe0f.json", path)
    app = make_app()
    try:
        lobby = app.push(open_tournament(app))
        step(app, n=3)
        assert isinstance(lobby, TournamentLobbyScene) and lobby.run is None
        assert "cannot be shown" in lobby.note and app.crashes == 0 and app.running
    finally:
        app.shutdown()


@pytest.mark.logged_errors  # made to fail on purpose
def test_the_tournament_lobby_opens_even_when_loading_raises(monkeypatch):
    from uidrive import make_app

    from game.ui.scenes.tournament import TournamentLobbyScene, open_tournament

    def broken():
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(TournamentRun, "load", staticmethod(broken))
    app = make_app()
    try:
        scene = open_tournament(app)
        assert isinstance(scene, TournamentLobbyScene) and "could not be opened" in scene.note
    finally:
        app.shutdown()


# -- command lines ---------------------------------------------------------------------------------------------


def test_solve_refuses_deeply_nested_json(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    res = run_cli("-m", "game.solve", str(path))
    no_traceback(res)
    assert res.returncode == 2 and "nested too deeply" in res.stderr


def test_solve_check_names_an_answer_missing_a_field(tmp_path):
    (tmp_path / "p.json").write_text(json.dumps([{"id": "a", "table": ["R5", "R6", "R7"], "rack": ["R8"]}]))
    (tmp_path / "p.answers.json").write_text(json.dumps([{"id": "a", "tiles_placed": 1}]))
    res = run_cli("-m", "game.solve", str(tmp_path / "p.json"), "--check")
    no_traceback(res)
    assert res.returncode == 2 and "'value_placed'" in res.stderr


@pytest.mark.parametrize("budget", ["nan", "inf", "-1", "0", "soon"])
def test_solve_budget_must_be_a_positive_number(budget):
    from game.cli.solve import main as solve_main

    assert solve_main(["--table", "R5 R6 R7", "--rack", "R8", "--budget", budget]) == 2


def test_saves_check_refuses_an_empty_path(tmp_path, capsys):
    assert saves_cli(["check", ""]) == 2
    assert "empty" in capsys.readouterr().err


def test_saves_check_and_list_create_nothing(tmp_path):
    home = tmp_path / "nowhere"
    for args in (["check"], ["list"]):
        res = run_cli("-m", "game.saves", *args, env={"RUMMIKUB_HOME": str(home)})
        no_traceback(res)
        assert res.returncode == 0 and not home.exists(), args


@pytest.mark.skipif(sys.platform == "darwin", reason="the file system must allow names that are not UTF-8")
def test_saves_check_reports_a_file_name_that_is_not_utf8(tmp_path):
    folder = tmp_path / "s"
    folder.mkdir()
    try:
        with open(os.path.join(os.fsencode(folder), b"slot\xff.json"), "wb") as fh:
            fh.write(b"{}")
    except OSError:
        pytest.skip("the file system refuses the name")
    res = run_cli("-m", "game.saves", "check", str(folder))
    no_traceback(res)
    assert res.returncode == 1 and "BAD" in res.stdout and "not a Tile Rush save" in res.stdout


def test_saves_check_and_list_print_names_a_console_cannot_show():
    env = {"PYTHONIOENCODING": "ascii"}  # the data folder is this test's own (conftest)
    state = engine.new_game("classic", [("Zoë", "human"), ("王芳", "basic")], seed=2)
    assert saves.save_game("slot1", state).ok
    for args in (["check"], ["list"]):
        res = run_cli("-m", "game.saves", *args, env=env)
        no_traceback(res)
        assert res.returncode == 0 and "Zo" in res.stdout, args


def test_window_size_errors_speak_plainly(capsys):
    from game.cli.app import main

    for size in ("²x800", "1280x", "0x0", "x"):
        assert main(["--size", size]) == 2
        err = capsys.readouterr().err
        assert "window size" in err and "_size" not in err and "invalid" not in err


def test_screens_tool_size_error_is_a_message(tmp_path):
    res = run_cli("tools/screens.py", str(tmp_path), "--size", "big")
    no_traceback(res)
    assert res.returncode == 2 and "window size" in res.stderr


@pytest.mark.parametrize("seed", ["-1", str(2**63), "9" * 30])
def test_demo_seed_out_of_range_is_refused(seed, capsys):
    from game.cli.demo import main as demo_main

    assert demo_main(["--seed", seed, "--turns", "1", "--no-save"]) == 2
    assert "seed" in capsys.readouterr().err


def test_demo_largest_seed_plays_and_saves(capsys):
    from game.cli.demo import main as demo_main

    assert demo_main(["--seed", str(2**63 - 1), "--turns", "2"]) == 0
    assert "0 failed" in capsys.readouterr().out


def test_demo_refuses_an_unknown_option(capsys):
    from game.cli.demo import main as demo_main

    assert demo_main(["--option", "colour=blue", "--turns", "1", "--no-save"]) == 2
    assert "'colour'" in capsys.readouterr().err
    assert demo_main(["--option", "rounds=1", "--turns", "1", "--no-save"]) == 0


def test_between_tables_the_saved_game_must_be_the_next_tables():
    from game.storage.saves import format as fmt
    from game.tournament import Tournament

    t = Tournament.create(9, "You", seed=4, levels=["basic"], games=(1, 1, 1))
    good = fmt.build(t.preview_table(), {"screen": "bracket"}, kind="tournament", tournament=t.to_dict())
    fmt.decode(good)
    other = engine.new_game("golden-games", [("Ann", "human"), ("Bob", "basic"), ("Cy", "basic")], seed=1)
    bad = fmt.build(other, {"screen": "bracket"}, kind="tournament", tournament=t.to_dict())
    with pytest.raises(fmt.SaveError, match="not the next table's"):
        fmt.decode(bad)
    levels = dict(t.to_dict(), levels=["basic\u200b"])
    with pytest.raises(fmt.SaveError, match="cannot be shown"):
        fmt.decode(fmt.build(t.preview_table(), {}, kind="tournament", tournament=levels))


@pytest.mark.logged_errors  # made to fail on purpose
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_an_error_log_that_is_a_pipe_is_not_waited_on():
    from game.ui.errorlog import log_error

    os.mkfifo(persistence.data_dir() / "errors.log")
    assert log_error("testing", RuntimeError("x")) == ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_game_starts_with_special_files_in_the_saves_folder():
    folder = saves.saves_dir()
    os.mkfifo(folder / "slot1.json")
    os.mkfifo(folder / "autosave.json")
    if os.path.exists("/dev/zero"):
        os.symlink("/dev/zero", folder / "slot2.json")
    res = run_cli("main.py", "--frames", "20", "--size", "960x600", env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    no_traceback(res)
    assert res.returncode == 0
