"""Events: what happened in a game, as small frozen values with a JSON form.

``engine.apply`` reports what an accepted action did as a list of these (``TurnResult.events``)
and keeps the recent ones in ``GameState.events`` (saved in their JSON form).  They are codes
with data, never sentences: ``game.play.narrate`` tells them in words.  Whoever reacts to
them (the session, the screens, the simulator) matches on the type.

* ``RoundStarted(round, first)``: a round was dealt; ``first`` starts it.
* ``Played(seat, tiles, initial, points, timeout)``: a play ended the turn (``points``: what
  an initial meld counted; the session fills it in for every play, with ``before`` and
  ``after``, the table around the play).
* ``Drew(seat, tile, timeout)`` / ``Passed(seat, timeout)``: a tile drawn, or a pass when the
  pool is empty (``timeout``: the clock ended the turn).
* ``TimedOut(seat, stood)``: the turn clock ran out (before the draw or the penalty it causes;
  ``stood``: the session's word that the finished play stood).
* ``Penalised(seat, tiles, penalty, returned, problems, reason)``: the failed-play penalty;
  ``reason`` is a ``PenaltyReason``, ``problems`` the ``Reason`` codes of what was wrong (older
  saves hold sentences there: they load, and nothing shows them).
* ``HandLimitPenalised(seat, points, held, limit)``: Rummibug's hand-limit points.
* ``Claimed`` / ``Hijacked`` / ``Locked`` (``seat, key, cells, tiles, value, points, taken_from,
  locked``): Rummi200kub's tokens put on a set; ``ClaimReleased(seat, cells, value)``: a
  claim taken off a set a play changed.
* ``RoundEnded(round, reason, winner, deltas, racks, rack_values, scores, record)``.

``turn`` (every event) is the game's turn count when the event was logged (``GameState.log``).

JSON form: ``{"type": ..., field: value, ...}`` as the saves have always held them
(``to_json``; tuples become lists, ``Claimed.taken_from`` is ``"from"``, a ``Claimed``'s
``"kind"`` says which of the three it is, ``RoundEnded.record`` is spread into the object).
``from_json`` is the one place that reads that form back, and so migrates an old save's
events (free-text penalty reasons become codes, the sentences older versions stored are
dropped: the words are the narrator's now).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, Union

from .board import Board


class EventError(ValueError):
    """A JSON event that does not describe any event."""


class PenaltyReason(StrEnum):
    """Why the failed-play penalty was taken."""

    INCOMPLETE_SETS = "incomplete_sets"  # the turn ended with incomplete or invalid sets on the table
    TIME_RAN_OUT = "time_ran_out"  # the clock ran out with incomplete sets on the table
    NO_LEGAL_MOVE = "no_legal_move"  # a computer player had no legal move left


# the sentences older versions stored as a penalty's reason
_OLD_REASONS = {
    "incomplete sets were left on the table": PenaltyReason.INCOMPLETE_SETS,
    "time ran out with incomplete sets on the table": PenaltyReason.TIME_RAN_OUT,
    "no legal move": PenaltyReason.NO_LEGAL_MOVE,
}


@dataclass(frozen=True)
class Event:
    type: ClassVar[str] = ""
    turn: int | None = field(default=None, kw_only=True)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "turn" and value is None:
                continue
            out[f.metadata.get("json", f.name)] = _plain(value)
        return out

    def seats(self) -> tuple[int, ...]:
        """The seats this event names (checked against the table by ``GameState.problems``)."""
        return ()

    def tiles_named(self) -> tuple[int, ...]:
        """The tiles this event names."""
        return ()


@dataclass(frozen=True)
class SeatEvent(Event):
    seat: int

    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_start"
    round: int
    first: int | None = None

    def seats(self) -> tuple[int, ...]:
        return () if self.first is None else (self.first,)


@dataclass(frozen=True)
class Played(SeatEvent):
    type: ClassVar[str] = "play"
    tiles: tuple[int, ...]
    initial: bool
    points: int | None = None
    timeout: bool = False
    before: Board | None = field(default=None, compare=False)  # filled in by the session
    after: Board | None = field(default=None, compare=False)

    def to_json(self) -> dict:
        out = super().to_json()
        for key in ("points", "before", "after"):
            if out[key] is None:
                del out[key]
        if not self.timeout:
            del out["timeout"]
        return out

    def tiles_named(self) -> tuple[int, ...]:
        return self.tiles


@dataclass(frozen=True)
class Drew(SeatEvent):
    type: ClassVar[str] = "draw"
    tile: int
    timeout: bool = False

    def to_json(self) -> dict:
        return _without_false(super().to_json(), "timeout")

    def tiles_named(self) -> tuple[int, ...]:
        return (self.tile,)


@dataclass(frozen=True)
class Passed(SeatEvent):
    type: ClassVar[str] = "pass"
    timeout: bool = False

    def to_json(self) -> dict:
        return _without_false(super().to_json(), "timeout")


@dataclass(frozen=True)
class TimedOut(SeatEvent):
    type: ClassVar[str] = "timeout"
    stood: bool = False  # the finished play stood (the session says so; the engine logs a play then)

    def to_json(self) -> dict:
        return _without_false(super().to_json(), "stood")


@dataclass(frozen=True)
class Penalised(SeatEvent):
    type: ClassVar[str] = "penalty"
    tiles: tuple[int, ...]  # drawn as the penalty
    penalty: int  # tiles the rule set's penalty is
    returned: tuple[int, ...] = ()  # put down this turn, back to the rack
    problems: tuple[str, ...] = ()  # what was wrong with the table: ``reasons.Reason`` codes
    reason: PenaltyReason = PenaltyReason.INCOMPLETE_SETS

    def tiles_named(self) -> tuple[int, ...]:
        return self.tiles + self.returned


@dataclass(frozen=True)
class HandLimitPenalised(SeatEvent):
    type: ClassVar[str] = "hand_limit_penalty"
    points: int  # negative
    held: int
    limit: int


@dataclass(frozen=True)
class Claimed(SeatEvent):
    """Tokens put on an unclaimed set (``Hijacked``: on a set another player holds;
    ``Locked``: a lock tile on top, the set is closed)."""

    type: ClassVar[str] = "claim"
    kind: ClassVar[str] = "claim"
    key: str
    cells: tuple[tuple[int, int], ...]
    tiles: tuple[int, ...]
    value: int
    points: int
    taken_from: int | None = field(default=None, metadata={"json": "from"})
    locked: bool = False

    def to_json(self) -> dict:
        return {**super().to_json(), "kind": self.kind}

    def seats(self) -> tuple[int, ...]:
        return (self.seat,) if self.taken_from is None else (self.seat, self.taken_from)

    def tiles_named(self) -> tuple[int, ...]:
        return self.tiles


@dataclass(frozen=True)
class Hijacked(Claimed):
    kind: ClassVar[str] = "hijack"


@dataclass(frozen=True)
class Locked(Claimed):
    kind: ClassVar[str] = "lock"


CLAIMS = {cls.kind: cls for cls in (Claimed, Hijacked, Locked)}


@dataclass(frozen=True)
class ClaimReleased(Event):
    type: ClassVar[str] = "claim_released"
    seat: int | None  # who held it (None: nobody any more)
    cells: tuple[tuple[int, int], ...]
    value: int

    def seats(self) -> tuple[int, ...]:
        return () if self.seat is None else (self.seat,)


@dataclass(frozen=True)
class RoundEnded(Event):
    type: ClassVar[str] = "round_end"
    round: int
    reason: str
    winner: int | None
    deltas: tuple[int, ...]
    racks: tuple[str, ...]
    rack_values: tuple[int, ...]
    scores: tuple[int, ...]
    record: tuple[tuple[str, Any], ...] = ()  # the rule set's own fields (``Variant.round_record``)

    def to_json(self) -> dict:
        out = super().to_json()
        del out["record"]
        for k, v in self.record:
            out.setdefault(k, _plain(v))
        return out

    def seats(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)


GameEvent = Union[RoundStarted, Played, Drew, Passed, TimedOut, Penalised, HandLimitPenalised,
                  Claimed, ClaimReleased, RoundEnded]
TYPES: dict[str, type[Event]] = {cls.type: cls for cls in (RoundStarted, Played, Drew, Passed, TimedOut, Penalised,
                                                           HandLimitPenalised, Claimed, ClaimReleased, RoundEnded)}


def _plain(value: Any) -> Any:
    if isinstance(value, Board):
        return value.to_list()
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, StrEnum):
        return str(value)
    return value


def _without_false(out: dict, key: str) -> dict:
    if not out[key]:
        del out[key]
    return out


def frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    return value


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_KINDS = {int: _whole, bool: lambda v: isinstance(v, bool), str: lambda v: isinstance(v, str)}


def from_json(data: Any) -> GameEvent:
    """An event from its JSON form (also an old save's); raises ``EventError`` with a reason a
    person can read.  Keys an event does not have (the sentences older versions stored) are
    dropped."""
    if isinstance(data, Event):
        return data  # type: ignore[return-value]
    if not isinstance(data, dict):
        raise EventError("an event must be a JSON object with a \"type\"")
    kind = data.get("type")
    cls = TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventError(f"unknown event type {kind!r}")
    if cls is Claimed:
        cls = CLAIMS.get(data.get("kind", "claim"))  # type: ignore[assignment]
        if cls is None:
            raise EventError(f"unknown kind of claim {data.get('kind')!r}")
    args: dict[str, Any] = {}
    names = set()
    for f in fields(cls):
        key = f.metadata.get("json", f.name)
        names.add(key)
        if f.name == "record":
            continue
        if key in data:
            args[f.name] = frozen(data[key])
    if cls is RoundEnded:
        args["record"] = tuple((k, frozen(v)) for k, v in data.items() if k not in names and k != "type")
    if cls is Penalised and "reason" in args:
        reason = args["reason"]
        args["reason"] = _OLD_REASONS.get(reason) or _reason(reason)
    if cls is Played:
        args.pop("before", None)
        args.pop("after", None)
    try:
        event = cls(**args)
    except TypeError as exc:
        raise EventError(f"a {kind} event is missing a field ({exc})") from None
    _check(event)
    return event  # type: ignore[return-value]


def _reason(raw: Any) -> PenaltyReason:
    try:
        return PenaltyReason(raw)
    except ValueError:
        raise EventError(f"unknown penalty reason {raw!r}") from None


def _cells(v: Any) -> bool:
    return isinstance(v, tuple) and all(isinstance(c, tuple) and len(c) == 2 and all(_whole(x) for x in c) for c in v)


# what each declared field type accepts (ranges are ``GameState.problems``'s)
_ACCEPTS = {
    "int": _whole,
    "int | None": lambda v: v is None or _whole(v),
    "bool": lambda v: isinstance(v, bool),
    "str": lambda v: isinstance(v, str),
    "tuple[int, ...]": lambda v: isinstance(v, tuple) and all(_whole(x) for x in v),
    "tuple[str, ...]": lambda v: isinstance(v, tuple) and all(isinstance(x, str) for x in v),
    "tuple[tuple[int, int], ...]": _cells,
}


def _check(event: Event) -> None:
    for f in fields(event):
        accepts = _ACCEPTS.get(str(f.type))
        if accepts is not None and not accepts(getattr(event, f.name)):
            raise EventError(f"a {event.type} event's {f.metadata.get('json', f.name)} is damaged")
