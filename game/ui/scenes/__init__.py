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
    """The scenes the app starts with: the title, and a demo game on top with ``--demo``."""
    from .title import TitleScene

    scenes = [TitleScene(app)]
    if app.demo:
        from ...session import Session
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
