"""Two copies of the game on one data folder, tools beside the game, and files the game cannot read.

- one copy per data folder (``game/storage/locks.py``): a second copy is read-only, shows the
  "already open" screen and writes no file; every read-modify-write of a shared file holds a short
  lock, so processes recording games side by side (and a demo beside them) lose nothing;
- closing a copy never puts back its old settings, nor removes another game from the autosave;
- a file that cannot be read (no permission) is never written over nor replaced by its older backup;
- settings with missing or bad fields take the backup's values, then the defaults, and say so;
- ``errors.log`` and the lock files go through the special-file guard; the log rotates.

The unreadable-file cases run in a child process as another account (``nobody``) when the tests run
as root, who can read any file; otherwise the file's permissions alone make it unreadable.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from game.play import hooks
from game.play.session import Session
from game.storage import locks, persistence, saves, stats
from game.storage import settings as user_settings
from game.storage.saves import session_bridge
from game.tutorial import progress

ROOT = Path(__file__).resolve().parent.parent
GUARD = 120  # seconds: a hang fails the test instead of blocking the suite


@pytest.fixture(autouse=True)
def _writable_again():
    yield
    persistence.set_read_only("")  # a read-only App in a test must not leave the next test read-only


def child_env(home: Path, **extra: str) -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), "RUMMIKUB_HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1",
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **extra}


def python(code: str, home: Path, user: int | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          env=child_env(home), cwd=ROOT, timeout=GUARD, user=user, **kw)


def holder(home: Path, code: str, after: str = "") -> subprocess.Popen:
    """A child process that runs ``code`` (which takes a lock), prints "held", waits for its stdin to
    close, then runs ``after``."""
    script = textwrap.dedent(code) + "\nprint('held', flush=True)\nsys.stdin.read()\n" + textwrap.dedent(after)
    proc = subprocess.Popen([sys.executable, "-c", "import sys\n" + script], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env(home), cwd=ROOT)
    line = proc.stdout.readline()
    assert line.strip() == "held", proc.stderr.read()
    return proc


def release(proc: subprocess.Popen) -> None:
    proc.stdin.close()
    proc.wait(timeout=GUARD)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# -- one copy per data folder ------------------------------------------------------------------------------


def test_a_second_copy_does_not_get_the_data_folder():
    home = persistence.data_dir()
    proc = holder(home, "from game.storage import locks, persistence\nclaim = locks.claim_instance(persistence.data_dir())")
    try:
        assert locks.instance_running(home)
        assert locks.claim_instance(home) is None
    finally:
        release(proc)
    assert not locks.instance_running(home)  # the lock ends with its process: nothing stale is left
    claim = locks.claim_instance(home)
    assert claim is not None and claim.held and locks.claim_instance(home) is claim  # the same claim twice
    claim.release()
    assert not claim.held


def test_main_claims_the_data_folder_or_opens_read_only(monkeypatch):
    """``main.py`` claims the data folder before the App is built; without the claim the App is read-only."""
    import game.ui.app
    from game.cli.app import main

    built = []

    class Recorder:  # stands in for the window: only what main() hands over is looked at
        stop_signal = 0  # no signal ended the run

        def __init__(self, **kw) -> None:
            built.append(kw)

        def run(self, max_frames=None) -> int:
            return 0

    monkeypatch.setattr(game.ui.app, "App", Recorder)
    home = persistence.data_dir()
    assert main(["--demo"]) == 0 and built[-1]["read_only"] == "" and built[-1]["demo"] is True
    seen = python("from game.storage import locks, persistence\nprint(locks.instance_running(persistence.data_dir()))", home)
    assert seen.stdout.strip() == "True", seen.stderr  # another process sees this one's claim
    locks.claim_instance(home).release()
    proc = holder(home, "from game.storage import locks, persistence\nclaim = locks.claim_instance(persistence.data_dir())")
    try:
        assert main(["--demo"]) == 0
    finally:
        release(proc)
    assert "already open" in built[-1]["read_only"] and built[-1]["demo"] is False


def bait(home: Path) -> None:
    """Files a normal start would write: settings with a bad field (corrected and written back), statistics
    only in their backup (restored), a damaged autosave (kept aside), a stray temporary file (removed)."""
    (home / "saves").mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({**user_settings.DEFAULT_SETTINGS, "volume": "loud"}))
    (home / "stats.json.bak").write_text(json.dumps({"format": "tile-rush-stats", "schema": 1, "variants": {}}))
    (home / "saves" / "autosave.json").write_text("{damaged")
    stray = home / "saves" / ".slot1.json.abc.tmp"
    stray.write_text("x")
    os.utime(stray, (1, 1))


def test_a_second_copy_of_the_game_writes_no_file():
    home = persistence.data_dir()
    bait(home)
    before = snapshot(home)
    proc = holder(home, "from game.storage import locks, persistence\nclaim = locks.claim_instance(persistence.data_dir())")
    try:
        res = subprocess.run([sys.executable, "main.py", "--frames", "40"], capture_output=True, text=True,
                             env=child_env(home), cwd=ROOT, timeout=GUARD)
    finally:
        release(proc)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    after = snapshot(home)
    for name in ("tilerush.lock", "files.lock"):  # the first copy's lock files (empty)
        after.pop(name, None)
    assert after == before


def test_the_second_copy_says_so_and_offers_quit_or_a_read_only_look(monkeypatch):
    from game.ui.app import App
    from game.ui.scenes.already_open import TITLE, AlreadyOpenScene
    import pygame
    from uidrive import key

    stats.record_game("classic", True, 40, 20, 300.0, game_id="g1")
    home = persistence.data_dir()
    before = snapshot(home)
    app = App(ai_mode="sync", read_only="Tile Rush is already open with this data folder")
    app.start()
    try:
        top = app.top
        assert isinstance(top, AlreadyOpenScene) and len(app.scenes) == 1 and top.title == TITLE
        assert str(home) in top.message
        labels = [b.label for b in top.group.widgets]
        assert labels[0] == "Quit" and top.group.focus == 0
        assert any("Statistics" in label for label in labels) and any("Replays" in label for label in labels)
        app.step([], 0.016)
        top.group.widgets[1].action()  # Statistics (read-only)
        app.step([], 0.016)
        assert app.top.name == "statistics" and app.top.stats.get("classic").games == 1
        assert not app.top.reset_button.enabled  # nothing here changes a file
        app.top.back()
        top.group.widgets[2].action()  # Replays (read-only)
        app.step([], 0.016)
        assert app.top.name == "replays"
        app.top.back()
        app.set_setting("volume", 0.1)  # even a setting changed here is not written
        key(app, pygame.K_ESCAPE)  # Esc quits
        assert not app.running
        assert stats.record_game("classic", False, 5, 9, 60.0, game_id="g2").write_failed  # nothing writes
    finally:
        if app.running:
            app.shutdown()
    assert snapshot(home) == before


# -- read-modify-write under the short lock -----------------------------------------------------------------


def test_a_game_recorded_while_another_process_holds_the_lock_is_not_lost():
    """Another process holds the lock over its read-modify-write of the statistics: this process's
    game, recorded meanwhile, waits for it, and both games are counted."""
    import threading

    home = persistence.data_dir()
    stats.record_game("classic", True, 10, 20, 100.0, game_id="first")
    proc = holder(home, """
        from game.storage import persistence, stats
        lock = persistence.files_lock()
        lock.__enter__()
        """, after="""
        stats.record_game("classic", True, 12, 22, 110.0, game_id="theirs")
        lock.__exit__(None, None, None)
        """)
    done = []
    t = threading.Thread(target=lambda: done.append(stats.record_game("classic", False, 5, 30, 200.0, game_id="mine")))
    try:
        t.start()
        t.join(0.5)
        assert t.is_alive()  # waiting for the other process's lock
    finally:
        release(proc)
    t.join(GUARD)
    assert proc.returncode == 0 and done and not done[0].write_failed
    got = stats.load_stats().get("classic")
    assert got.games == 3 and {r.get("id") for r in got.recent} == {"first", "theirs", "mine"}


WORKER = """
import sys
from game.rules import engine
from game.replay import store
from game.storage import settings, stats
from game.tutorial import progress

me, count = sys.argv[1], int(sys.argv[2])
state = engine.new_game("classic", [("You", "human"), ("Ada", "basic")], seed=7)
for i in range(count):
    got = stats.record_game("classic", i % 2 == 0, i, 10 + i, 60.0, game_id=f"{me}-{i}")
    assert not got.write_failed, got.message
    assert store.keep(state, f"{me}-{i}", when=1_700_000_000 + i) is not None
    assert progress.mark_done(f"{me}/lesson{i}")
    assert settings.update_settings({"player_name": f"{me}{i}"}) is not None
print("ok")
"""


def test_two_games_and_a_demo_on_one_data_folder_lose_nothing(tmp_path):
    home = persistence.data_dir()
    script = tmp_path / "worker.py"
    script.write_text(WORKER)
    count = 30
    procs = [subprocess.Popen([sys.executable, str(script), name, str(count)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=child_env(home), cwd=ROOT)
             for name in ("one", "two")]
    procs.append(subprocess.Popen([sys.executable, "-m", "game.demo", "--turns", "30", "--seed", "3"],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env(home),
                                  cwd=ROOT))
    for p in procs:
        out, err = p.communicate(timeout=GUARD * 3)
        assert p.returncode == 0 and "Traceback" not in err, err
    got = stats.load_stats()
    assert got.message == "" and got.get("classic").games == 2 * count
    from game.replay import store

    kept = {e.game_id for e in store.entries()}
    assert kept == {f"{who}-{i}" for who in ("one", "two") for i in range(count)}
    assert progress.load() == {f"{who}/lesson{i}" for who in ("one", "two") for i in range(count)}
    assert user_settings.load_settings()["player_name"] in ("one29", "two29")
    assert saves.load_game("demo").ok
    assert not list(home.rglob("*.damaged-*"))


def test_closing_an_idle_copy_keeps_the_settings_another_changed():
    from game.ui.app import App

    app = App(ai_mode="sync", sound=False)
    assert app.settings["volume"] == user_settings.DEFAULT_SETTINGS["volume"]
    assert user_settings.update_settings({"volume": 0.2, "colorblind": True})  # another copy changes them
    app.shutdown()  # this one changed nothing: writes nothing
    assert user_settings.load_settings()["volume"] == 0.2
    other = App(ai_mode="sync", sound=False)
    other.settings["muted"] = True  # changed here while a tool changed the volume
    assert user_settings.update_settings({"volume": 0.4})
    other.shutdown()
    now = user_settings.load_settings()
    assert now["muted"] is True and now["volume"] == 0.4 and now["colorblind"] is True


def test_a_finished_game_never_removes_another_game_from_the_autosave():
    finished = Session.new("classic", ["basic"], seed=1)
    other = Session.new("classic", ["basic"], seed=2)
    session_bridge.autosave(finished.to_dict())
    session_bridge.autosave(other.to_dict())  # another game was saved there since
    hooks.default_record_result(finished)
    assert stats.load_stats().get("classic").games == 1
    got = saves.load_game("autosave")
    assert got.ok and got.session.get("game_id") == other.game_id  # still there
    hooks.default_record_result(other)
    assert not saves.load_game("autosave").ok  # its own game is cleared once counted


# -- files that cannot be read ---------------------------------------------------------------------------


@pytest.fixture
def shared_home():
    """A data folder another account can use (as a folder shared between accounts)."""
    folder = Path(tempfile.mkdtemp(prefix="tilerush-shared-"))
    os.chmod(folder, 0o777)
    (folder / "saves").mkdir()
    os.chmod(folder / "saves", 0o777)
    yield folder
    for p in folder.rglob("*"):
        os.chmod(p, 0o777) if p.is_dir() else os.chmod(p, 0o666)
    shutil.rmtree(folder)


def as_other_account(home: Path, code: str) -> dict:
    """Run ``code`` (which sets ``out``, a dict) where the files made unreadable cannot be read."""
    user = 65534 if os.geteuid() == 0 else None
    res = python("import json\nout = {}\n" + textwrap.dedent(code) + "\nprint(json.dumps(out))", home, user=user)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return json.loads(res.stdout.strip().splitlines()[-1])


def names(folder: Path) -> list[str]:
    """What is in ``folder`` but the (empty) lock files."""
    return sorted(p.name for p in folder.iterdir() if p.name not in (locks.FILES_FILE, locks.INSTANCE_FILE))


def unreadable(path: Path, data: bytes) -> None:
    path.write_bytes(data)
    os.chmod(path, 0)


def stats_doc(games: int) -> bytes:
    recent = [{"won": True, "score": 10, "turns": 20, "seconds": 60.0, "at": "2026-11-01T10:00:00+00:00"}] * min(games, 20)
    return json.dumps({"format": "tile-rush-stats", "schema": 1, "variants": {"classic": {
        "games": games, "wins": games, "total_score": 10 * games, "best_score": 10, "current_streak": games,
        "best_streak": games, "fastest_win_turns": 20, "fastest_win_seconds": 60.0, "total_seconds": 60.0 * games,
        "recent": recent}}}).encode()


def test_unreadable_statistics_are_never_replaced_by_the_older_backup(shared_home):
    path = shared_home / "stats.json"
    newer, older = stats_doc(8), stats_doc(7)
    unreadable(path, newer)
    (shared_home / "stats.json.bak").write_bytes(older)
    os.chmod(shared_home / "stats.json.bak", 0o666)
    out = as_other_account(shared_home, """
        from game.storage import stats
        first = stats.load_stats()
        out["message"] = first.message
        got = stats.record_game("classic", True, 30, 25, 100.0, game_id="g9")
        out["write_failed"] = got.write_failed
        out["again"] = stats.load_stats().get("classic").games
        """)
    assert "could not be read" in out["message"] and "ermission" in out["message"] and "damaged" not in out["message"]
    assert out["write_failed"] and out["again"] == 0
    assert path.read_bytes() == newer and (shared_home / "stats.json.bak").read_bytes() == older
    assert not list(shared_home.glob("*.damaged-*"))


def test_unreadable_statistics_without_a_backup_are_not_started_afresh(shared_home):
    path = shared_home / "stats.json"
    unreadable(path, stats_doc(8))
    out = as_other_account(shared_home, """
        from game.storage import stats
        out["failed"] = stats.record_game("classic", False, 3, 40, 90.0).write_failed
        stats.reset_stats()
        """)
    assert out["failed"]
    assert path.read_bytes() == stats_doc(8) and names(shared_home) == ["saves", "stats.json"]


def test_unreadable_tutorial_progress_keeps_its_lessons(shared_home):
    path = shared_home / "tutorial.json"
    newer = json.dumps({"format": "tile-rush-tutorial", "done": ["classic/1", "classic/2"]}).encode()
    older = json.dumps({"format": "tile-rush-tutorial", "done": ["classic/1"]}).encode()
    unreadable(path, newer)
    (shared_home / "tutorial.json.bak").write_bytes(older)
    os.chmod(shared_home / "tutorial.json.bak", 0o666)
    out = as_other_account(shared_home, """
        from game.tutorial import progress
        out["loaded"] = sorted(progress.load())
        out["marked"] = progress.mark_done("classic/3")
        out["why"] = progress.load_with_reason()[1]
        """)
    assert out["loaded"] == [] and out["marked"] is False
    assert "tutorial.json" in out["why"] and "could not be read (permission denied)" in out["why"]
    assert path.read_bytes() == newer and (shared_home / "tutorial.json.bak").read_bytes() == older


def test_an_unreadable_autosave_is_left_as_it_is(shared_home):
    import savehelp

    newer = saves.encode(saves.build(savehelp.played("classic", 6), {}))
    older = saves.encode(saves.build(savehelp.played("classic", 2), {}))
    path = shared_home / "saves" / "autosave.json"
    unreadable(path, newer)
    (shared_home / "saves" / "autosave.json.bak").write_bytes(older)
    os.chmod(shared_home / "saves" / "autosave.json.bak", 0o666)
    out = as_other_account(shared_home, """
        from game.storage import saves
        got = saves.load_game("autosave")
        out["ok"], out["message"] = got.ok, got.message
        out["line"] = saves.slot_info("autosave").line()
        """)
    assert not out["ok"] and "could not be read" in out["message"] and "ermission" in out["message"]
    assert "could not be read (permission denied)" in out["line"] and "damaged" not in out["line"]
    assert path.read_bytes() == newer and (shared_home / "saves" / "autosave.json.bak").read_bytes() == older
    assert not list((shared_home / "saves").glob("*.damaged-*"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_continue_says_the_autosave_could_not_be_read_not_that_it_is_damaged():
    """A file the game cannot read (here a pipe, which any account can make) on the title screen."""
    import savehelp
    from game.ui.scenes.common import ErrorScene
    from game.ui.scenes.loading import open_saved_game
    from game.ui.scenes.title import TitleScene
    from uidrive import make_app

    path = saves.slot_path("autosave")
    older = saves.encode(saves.build(savehelp.played("classic", 2), {}))
    persistence.backup_path(path).write_bytes(older)
    os.mkfifo(path)
    app = make_app()
    try:
        title = app.find("title")
        assert isinstance(title, TitleScene) and title.target.slot == "autosave"
        assert "could not be read" in title.continue_button.sub and "damaged" not in title.continue_button.sub
        assert not open_saved_game(app, "autosave")
        assert isinstance(app.top, ErrorScene) and app.top.title == "Saved game could not be read"
        assert "damaged" not in app.top.message.replace("It is not damaged", "")
    finally:
        app.shutdown()
    assert path.is_fifo() and persistence.backup_path(path).read_bytes() == older  # neither replaced nor moved


def test_unreadable_settings_run_on_defaults_and_are_not_written_over(shared_home):
    path = shared_home / "settings.json"
    mine = json.dumps({**user_settings.DEFAULT_SETTINGS, "volume": 0.3, "player_name": "Ada"}).encode()
    unreadable(path, mine)
    out = as_other_account(shared_home, """
        from game.storage import settings
        out["settings"] = settings.load_settings()
        out["notice"] = settings.take_settings_notice()
        out["saved"] = settings.update_settings({"volume": 0.9}) is not None or settings.save_settings(out["settings"])
        """)
    assert out["settings"] == user_settings.DEFAULT_SETTINGS and not out["saved"]
    assert "settings.json" in out["notice"] and "could not be read" in out["notice"] and "ermission" in out["notice"]
    assert path.read_bytes() == mine and names(shared_home) == ["saves", "settings.json"]


# -- settings with missing or bad fields ------------------------------------------------------------------


def good_backup(**fields) -> tuple[Path, bytes]:
    user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, **fields})
    user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, **fields})  # now the backup holds them too
    path = user_settings.settings_path()
    return path, persistence.backup_path(path).read_bytes()


def test_empty_settings_take_the_backup_and_never_overwrite_it():
    path, bak = good_backup(volume=0.25, player_name="Ada", colorblind=True)
    path.write_text("{}")
    got = user_settings.load_settings()
    assert got["volume"] == 0.25 and got["player_name"] == "Ada" and got["colorblind"] is True
    notice = user_settings.take_settings_notice()
    assert "previous copy" in notice
    kept = list(path.parent.glob("settings.json.damaged-*"))
    assert len(kept) == 1 and kept[0].read_text() == "{}" and kept[0].name in notice
    assert persistence.backup_path(path).read_bytes() == bak  # the good backup is untouched
    assert user_settings.load_settings() == got and user_settings.take_settings_notice() == ""  # corrected on disk


def test_every_field_of_the_wrong_type_falls_back_to_the_backup_then_the_default():
    path, bak = good_backup(volume=0.25, muted=True, window_size=[1152, 720])
    wrong = {k: ("x" if not isinstance(v, str) else 5) for k, v in user_settings.DEFAULT_SETTINGS.items()}
    persistence.backup_path(path).write_text(json.dumps({**json.loads(bak), "animation_speed": "fast"}))
    bak = persistence.backup_path(path).read_bytes()
    path.write_text(json.dumps(wrong))
    got = user_settings.load_settings()
    assert got["volume"] == 0.25 and got["muted"] is True and got["window_size"] == [1152, 720]
    assert got["animation_speed"] == user_settings.DEFAULT_SETTINGS["animation_speed"]  # bad in both: default
    notice = user_settings.take_settings_notice()
    assert "previous copy" in notice and "animation speed" in notice and "usual" in notice
    assert [p.read_text() for p in path.parent.glob("settings.json.damaged-*")] == [json.dumps(wrong)]
    assert persistence.backup_path(path).read_bytes() == bak


def test_a_field_missing_from_both_files_takes_its_default_quietly():
    path, _bak = good_backup(volume=0.5)
    old = {k: v for k, v in json.loads(path.read_text()).items() if k != "warn_invalid_end"}
    path.write_text(json.dumps(old))
    persistence.backup_path(path).write_text(json.dumps(old))  # both from a version before that setting
    assert user_settings.load_settings()["warn_invalid_end"] is True
    assert user_settings.take_settings_notice() == "" and not list(path.parent.glob("*.damaged-*"))


# -- every file through the special-file guard; errors.log rotates --------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_an_error_log_that_is_a_pipe_never_hangs_a_note():
    home = persistence.data_dir()
    os.mkfifo(home / "errors.log")
    res = python("""
        from game.ui.errorlog import log_error, log_line
        log_line("sound is off: no sound device")
        print(repr(log_error("a test")))
        """, home)
    assert res.returncode == 0 and res.stdout.strip() == "''", res.stderr
    assert "Logging error" not in res.stderr and "Traceback" not in res.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_game_starts_with_a_pipe_for_errors_log_and_no_sound_device():
    """The sound device failing to open writes a note to errors.log on every start: a pipe there must
    not hang the start (it used to wait for ever, before the title, deaf to SIGTERM)."""
    home = persistence.data_dir()
    os.mkfifo(home / "errors.log")
    res = subprocess.run([sys.executable, "main.py", "--frames", "20"], capture_output=True, text=True,
                         env=child_env(home, SDL_AUDIODRIVER="no-such-sound-driver"), cwd=ROOT, timeout=GUARD)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    assert (home / "errors.log").is_fifo()  # left as it is


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_lock_files_that_are_pipes_are_not_waited_on():
    home = persistence.data_dir()
    for name in (locks.FILES_FILE, locks.INSTANCE_FILE):
        os.mkfifo(home / name)
    res = python("""
        from game.storage import locks, persistence, stats
        print(stats.record_game("classic", True, 1, 2, 3.0).get("classic").games,
              locks.claim_instance(persistence.data_dir()) is not None)
        """, home)
    assert res.returncode == 0 and res.stdout.split() == ["1", "True"], res.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_backup_copied_where_there_are_no_hard_links_never_opens_a_pipe():
    home = persistence.data_dir()
    os.mkfifo(home / "settings.json")
    res = python("""
        import os
        def no_links(*a, **k):
            raise OSError("no hard links here")
        os.link = no_links
        from game.storage import settings
        print(settings.save_settings(dict(settings.DEFAULT_SETTINGS, volume=0.5)))
        """, home)
    assert res.returncode == 0 and res.stdout.strip() == "True", res.stderr
    assert user_settings.load_settings()["volume"] == 0.5


@pytest.mark.logged_errors  # fills the error log on purpose
def test_the_error_log_rotates(monkeypatch):
    from game.ui import errorlog

    monkeypatch.setattr(errorlog, "MAX_BYTES", 2000)
    for i in range(60):
        assert errorlog.log_error(f"problem {i}", ValueError("x" * 50))
    home = persistence.data_dir()
    names = sorted(p.name for p in home.glob("errors.log*"))
    assert names == ["errors.log", "errors.log.1", "errors.log.2"]
    assert all((home / n).stat().st_size <= 2000 for n in names)
    assert "problem 59" in (home / "errors.log").read_text()
