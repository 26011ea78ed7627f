"""The scenes, and the hooks other screens plug into.

``EXTRA_SCENES`` maps the title menu's "tournament" and "statistics" entries to
scene factories ``factory(app) -> Scene``.
"""

from __future__ import annotations

from typing import Callable

EXTRA_SCENES: dict[str, Callable] = {}


def _statistics_scene(app):
    from .statistics import StatisticsScene

    return StatisticsScene(app)


EXTRA_SCENES["statistics"] = _statistics_scene


def first_scene(app) -> list:
    """The scenes the app starts with: the title; a demo game on top with ``--demo``; for a
    first-time player of the real game (``app.welcome``), the first classic lesson on top, with
    the lesson menu under it, so Back leads to the other lessons and then to the title."""
    from .title import TitleScene

    title = TitleScene(app)
    scenes = [title]
    if app.welcome and not app.demo and title.first_time:
        from .lesson import first_lesson_scene
        from .tutorial import TutorialScene

        scenes += [TutorialScene(app), first_lesson_scene(app)]
    if app.demo:
        from ...play.session import Session
        from .play import PlayScene

        from ...rules.variants import REGISTRY

        variant = app.variant or "classic"
        n = max(1, min(3, REGISTRY[variant].max_players - 1))
        session = Session.new(variant, ["medium"] * n, seed=app.seed, demo=True)
        scenes.append(PlayScene(app, session))
    return scenes


def _tournament(app):
    """The title menu's Tournament entry: resume the saved tournament or start one."""
    from .tournament import open_tournament

    return open_tournament(app)


EXTRA_SCENES["tournament"] = _tournament
