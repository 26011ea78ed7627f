"""Every screen of the game by name, and the play screen's plug-ins.

This is the one table of the screens (``game/ui/routes.py``): each name's factory imports
its scene module when the screen is first opened, so the title comes up without loading
the play screen, the tournament or the statistics.  The plug-ins of the play screen (the
crossword board, the click controls, Rummi200kub's claims, the set grips:
``game/ui/variant_ui.py``) are loaded when the first play screen asks for its plug-in.

Whatever builds an ``App`` imports this module first: ``game/cli/app.py``, the benchmarks,
the tests' conftest and helpers, the screenshot tools.  No module of ``game/ui`` imports it,
so no scene imports another to open it.
"""

from __future__ import annotations

from . import routes, variant_ui
from .routes import opening, route


def _load_plugins() -> None:
    # in this order: the general parts combine as the board (or the flat table's camera), then the click
    # controls, then the set grips
    from . import boardview, tableview, controls, r200, setgrip  # noqa: F401  (each registers itself)


variant_ui.load_later(_load_plugins)


@opening
def _first_scenes(app) -> list:
    from .scenes.title import first_scenes

    return first_scenes(app)


@route("title")
def _title(app):
    from .scenes.title import TitleScene

    return TitleScene(app)


@route("setup")
def _setup(app):
    from .scenes.setup import SetupScene

    return SetupScene(app)


@route("play")
def _play(app, session):
    from .scenes.play import PlayScene

    return PlayScene(app, session)


@route("pause")
def _pause(app, play):
    from .scenes.pause import PauseScene

    return PauseScene(app, play)


@route("round_results")
def _round_results(app, play):
    from .scenes.results import RoundResultsScene

    return RoundResultsScene(app, play)


@route("game_over")
def _game_over(app, play):
    from .scenes.results import GameOverScene

    return GameOverScene(app, play)


@route("rules")
def _rules(app, variant_key: str = "classic"):
    from .scenes.rules import RulesScene

    return RulesScene(app, variant_key)


@route("settings")
def _settings(app):
    from .scenes.settings import SettingsScene

    return SettingsScene(app)


@route("slots")
def _slots(app, mode: str, play=None):
    from .scenes.slots import SlotsScene

    return SlotsScene(app, mode, play)


@route("tutorial")
def _tutorial(app):
    from .scenes.tutorial import TutorialScene

    return TutorialScene(app)


@route("lesson")
def _lesson(app, track: dict, lesson_index: int, step_index: int = 0):
    from .scenes.lesson import LessonScene

    return LessonScene(app, track, lesson_index, step_index)


@route("first_lesson")
def _first_lesson(app):
    from .scenes.lesson import first_lesson_scene

    return first_lesson_scene(app)


@route("replay")
def _replay(app, state, viewer: int = 0, title: str = ""):
    from .scenes.replay import ReplayScene

    return ReplayScene(app, state, viewer, title)


@route("replays")
def _replays(app):
    from .scenes.replay import ReplayListScene

    return ReplayListScene(app)


@route("already_open")
def _already_open(app, folder: str):
    from .scenes.already_open import AlreadyOpenScene

    return AlreadyOpenScene(app, folder)


@route("statistics")
def _statistics(app):
    from .scenes.statistics import StatisticsScene

    return StatisticsScene(app)


@route("tournament")
def _tournament(app):
    """The title menu's Tournament: the saved tournament's lobby, or the set-up."""
    from .scenes.tournament import open_tournament

    return open_tournament(app)


@route("tournament_setup")
def _tournament_setup(app, replacing=None):
    from .scenes.tournament import TournamentSetupScene

    return TournamentSetupScene(app, replacing=replacing)


@route("tournament_info")
def _tournament_info(app, run, field: int):
    from .scenes.tournament import TournamentInfoScene

    return TournamentInfoScene(app, run, field)


@route("bracket")
def _bracket(app, run):
    from .scenes.tournament import BracketScene

    return BracketScene(app, run)


@route("rush_menu")
def _rush_menu(app):
    from .scenes.rush.menu import RushMenuScene

    return RushMenuScene(app)


@route("rush_packs")
def _rush_packs(app):
    from .scenes.rush.packs import PacksScene

    return PacksScene(app)


@route("rush_pack")
def _rush_pack(app, pack: int):
    from .scenes.rush.packs import PackScene

    return PackScene(app, pack)


@route("rush_records")
def _rush_records(app):
    from .scenes.rush.records import RushRecordsScene

    return RushRecordsScene(app)


@route("rush_summary")
def _rush_summary(app, run, notes=None):
    from .scenes.rush.summary import RushSummaryScene

    return RushSummaryScene(app, run, notes)


@route("dialog")
def _dialog(app, title: str, message: str, choices: list, **style):
    """``style``: DialogScene's ``tone`` and ``focus``."""
    from .scenes.common import DialogScene

    return DialogScene(app, title, message, choices, **style)


@route("error")
def _error(app, title: str, message: str):
    from .scenes.common import ErrorScene

    return ErrorScene(app, title, message)


routes.wired()
