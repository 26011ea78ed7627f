import logging
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402

import game.ui.wiring  # noqa: E402,F401  (every screen registers itself before a test builds an App)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):
    """Every test gets its own data folder: nothing touches the player's saves."""
    monkeypatch.setenv("RUMMIKUB_HOME", str(tmp_path / "home"))
    yield
    from game.play import unsaved

    unsaved.forget()  # a finished game left waiting for the disk belongs to this test's folder only


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def _computer_errors_fail(request):
    """Any exception a computer player raises fails the test (a person's game survives it: the
    turn is a draw and ``game.ai`` logs it; ``game.play.computer.report_error``).  A test that
    breaks a player on purpose is marked ``computer_errors``."""
    handler = _Collect()
    log = logging.getLogger("game.ai")
    log.addHandler(handler)
    yield handler
    log.removeHandler(handler)
    if handler.records and request.node.get_closest_marker("computer_errors") is None:
        pytest.fail("a computer player raised: " + "; ".join(r.getMessage() for r in handler.records[:3]), pytrace=False)


@pytest.fixture(autouse=True)
def _caught_errors_fail(request):
    """What the game catches and writes to ``errors.log`` (a screen's ``log_error``, an error on the
    ``game`` loggers below the screens) fails the test: in front of a person a bug is logged and the
    game goes on, in the tests it is loud.  A test that breaks something on purpose (a damaged file,
    a full disk) is marked ``logged_errors``; a computer player's errors have their own marker."""
    from game.ui import errorlog

    caught: list[str] = []

    def watch(context, exc):
        caught.append(f"{context}: {type(exc).__name__}: {exc}" if exc is not None else context)

    handler = _Collect()
    log = logging.getLogger("game")
    errorlog.WATCHERS.append(watch)
    log.addHandler(handler)
    yield caught
    errorlog.WATCHERS.remove(watch)
    log.removeHandler(handler)
    caught += [r.getMessage() for r in handler.records if not r.name.startswith("game.ai")]
    if caught and request.node.get_closest_marker("logged_errors") is None:
        pytest.fail("the game caught and logged: " + "; ".join(caught[:3]), pytrace=False)


@pytest.fixture
def app(request):
    """The one headless App of the tests: animations off unless a module or a test says otherwise
    with ``pytest.mark.app(speed=..., tip_shown=...)`` (``tip_shown``: the rule set's controls
    tip counts as shown, so it does not cover the screen)."""
    from uidrive import make_app

    marker = request.node.get_closest_marker("app")
    kw = dict(marker.kwargs) if marker is not None else {}
    tip_shown = kw.pop("tip_shown", False)
    a = make_app(**{"speed": 0.0, **kw})
    a.shown_controls_tip = tip_shown
    yield a
    if a.running:
        a.shutdown()


@pytest.fixture
def drawing_tables(monkeypatch):
    """The tournament's simulated tables draw every turn, one simulated turn a frame."""
    from tourhelp import use_drawing_players

    use_drawing_players(monkeypatch)


@pytest.fixture
def fresh_text_caches():
    """Fonts ready and the text caches empty before the test and after it (``theme.reset_caches``):
    every text the test draws is made afresh, and none of its text outlives it."""
    import pygame

    from game.ui import theme

    pygame.font.init()
    theme.reset_caches()
    yield
    theme.reset_caches()
