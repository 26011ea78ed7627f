"""The Golden Games tournament (sheet 003, rule 1), pure: no pygame.

* ``plan.py``: the draw and the schedule (stages, tables of three or four, seeds);
* ``model.py``: the saved data as typed records, with the one check of its JSON;
* ``core.py``: ``Tournament``, a whole tournament (create, play a table, record it);
* ``simulate.py``: the computer tables, played through ``game.play.computer``;
* ``bracket.py``: what the screens show (bracket, medals, standings, the JSON report);
* ``schema.py``: the extra checks of a tournament save, registered with the saves layer;
* ``run.py``: ``TournamentRun``, a tournament in progress on screen (sessions, saves,
  the simulation in a process, a thread or stepped from the frame).

Importing the package registers the save check (``schema.py``), so a tournament save
can be loaded wherever the tournament can be played.
"""

from .bracket import Bracket, Medal, PlayerRow, StageView, Standing, TableView
from .core import Tournament
from .model import KIND, SCHEMA_VERSION, VARIANT, Entrant, GameRecord, LiveTable, Stage, Table, TournamentData
from .plan import (
    DEFAULT_GAMES,
    DEFAULT_LEVELS,
    FALLBACK_LEVEL,
    MAX_FIELD,
    MAX_GAMES,
    MEDALS,
    MIN_FIELD,
    NAME_LIMIT,
    READINGS,
    SUGGESTED_FIELD,
    StagePlan,
    TableRef,
    TournamentError,
    check_field,
    computer_names,
    derive_seed,
    describe_structure,
    resolve_level,
    split_tables,
    stage_plan,
    stage_shape,
)
from .schema import tournament_problems
from .simulate import Progress

__all__ = [
    "Bracket", "DEFAULT_GAMES", "DEFAULT_LEVELS", "Entrant", "FALLBACK_LEVEL", "GameRecord", "KIND", "LiveTable",
    "MAX_FIELD", "MAX_GAMES", "MEDALS", "MIN_FIELD", "Medal", "NAME_LIMIT", "PlayerRow",
    "Progress", "READINGS", "SCHEMA_VERSION", "SUGGESTED_FIELD", "Stage", "StagePlan", "StageView", "Standing",
    "Table", "TableRef", "TableView", "Tournament", "TournamentData", "TournamentError", "VARIANT", "check_field",
    "computer_names", "derive_seed", "describe_structure", "resolve_level", "split_tables", "stage_plan",
    "stage_shape", "tournament_problems",
]
