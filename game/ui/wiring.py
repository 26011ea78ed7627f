"""Every screen of the game, registered once.

Importing this module imports the play screen's plug-ins (the crossword board, the click
controls, the claims of Rummi 200kub, the set grips: ``game/ui/variant_ui.py``) and every
scene module, so each registers itself under its name (``game/ui/routes.py``).  Whatever
builds an ``App`` imports it first: ``game/cli/app.py``, the benchmarks, the tests' helpers
and the screenshot tools.  No module of ``game/ui`` imports it.
"""

from __future__ import annotations

# the plug-ins, in the order their general parts combine (the board first, then the click controls)
from . import boardview, controls, r200, setgrip  # noqa: F401
from . import routes
from .scenes import (  # noqa: F401
    attract, common, keepgame, lesson, loading, pause, play, replay, results, rules, settings, setup, slots,
    statistics, title, tournament, tutorial,
)

routes.add("tournament", tournament.open_tournament)  # the title menu's Tournament: the lobby or the set-up
routes.wired()
