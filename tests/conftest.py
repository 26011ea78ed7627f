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


@pytest.fixture
def app():
    """A headless App with animations off (a test module may define its own ``app``)."""
    from uidrive import make_app

    a = make_app(speed=0.0)
    yield a
    if a.running:
        a.shutdown()


@pytest.fixture
def drawing_tables(monkeypatch):
    """The tournament's simulated tables draw every turn, one simulated turn a frame."""
    from tourhelp import use_drawing_players

    use_drawing_players(monkeypatch)
