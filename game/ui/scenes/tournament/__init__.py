"""The Golden Games tournament on screen.

Screens, all driven by a ``TournamentRun`` (``game/tournament/run.py``):

* ``entry.py``: ``TournamentLobbyScene`` (a tournament is saved: resume it, or see
  its results, or start a new one) and ``TournamentSetupScene`` (the field size, 9
  to 48, with the stages it makes, the computer players' levels and strict mode);
* ``bracket.py`` (drawn by ``canvas.py``): ``BracketScene``, every stage, table,
  game and score, who went on and why, the human highlighted; scrolls; runs the
  computer tables' simulation with a progress bar and offers "Watch the rest" /
  "Skip to the medals" to a knocked-out player (``SkipOverlay``);
* ``table.py``: ``TournamentPlayScene``, the play screen for the human's table, with
  the table's standings between games and at the end;
* ``medals.py``: ``MedalsScene``, the podium, and ``TournamentInfoScene``.

Everything is saved through the save system's tournament slot after every
turn, every game and every simulated table, and when the window closes.
"""

from .bracket import BracketScene, SkipOverlay
from .entry import TournamentLobbyScene, TournamentSetupScene, open_tournament
from .medals import MedalsScene, TournamentInfoScene
from .parts import entrant_face, face_of, to_bracket, to_title
from .table import GameResultsScene, TableOverScene, TournamentPlayScene

__all__ = [
    "BracketScene", "GameResultsScene", "MedalsScene", "SkipOverlay", "TableOverScene", "TournamentInfoScene",
    "TournamentLobbyScene", "TournamentPlayScene", "TournamentSetupScene", "entrant_face", "face_of",
    "open_tournament", "to_bracket", "to_title",
]
