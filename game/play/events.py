"""The session's own events, beside the engine's (``game.rules.events``): what the play screen
hears from ``Session.poll_events`` that is not a change to the game itself.  Never saved.

* ``TurnBegan(seat, human)``: a turn starts (``human``: a person plays the seat).
* ``Refused(seat, problems)``: the person's move was refused, with the reasons.
* ``NewTiles(tiles)``: tiles arrived on the person's rack (a draw or a penalty).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from ..rules.events import Event, GameEvent
from ..rules.turn import Problem


@dataclass(frozen=True)
class TurnBegan(Event):
    type: ClassVar[str] = "turn"
    seat: int
    human: bool


@dataclass(frozen=True)
class Refused(Event):
    type: ClassVar[str] = "refused"
    seat: int
    problems: tuple[Problem, ...]  # codes with data: ``game.play.reasons`` words them


@dataclass(frozen=True)
class NewTiles(Event):
    type: ClassVar[str] = "rack_new"
    tiles: tuple[int, ...]


SessionEvent = Union[GameEvent, TurnBegan, Refused, NewTiles]
