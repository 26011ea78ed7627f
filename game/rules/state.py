"""``GameState``: everything a game is, as plain data with a lossless JSON form.

The state owns the random generator (its full internal state is serialised),
so a game rebuilt with ``from_dict`` continues with exactly the same draws.
The pool is kept in draw order (``pool[-1]`` is drawn next).
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .board import Board
from .events import Event, EventError
from .events import from_json as event_from_json
from .tiles import ALL_TILE_IDS
from .registry import find_variant

if TYPE_CHECKING:  # pragma: no cover
    from .problems import StateProblem
    from .variants.base import Variant

SCHEMA_VERSION = 2
SECRET_HEX = 32  # characters of hex in a game's secret (128 bits)
MAX_LOG = 20000  # actions a game's log may hold (a long game has a few hundred)


def new_secret() -> str:
    """A fresh random key for the computer players' seeds (never derived from the deal)."""
    return secrets.token_hex(SECRET_HEX // 2)


def derived_secret(*parts: object) -> str:
    """A secret derived from the parts (for reproducible tools such as the simulator, where the
    seed is given on the command line: there nothing is hidden from anyone)."""
    text = "\x1f".join(str(p) for p in parts)
    return hashlib.sha256(b"tile-rush players\x1f" + text.encode()).hexdigest()[:SECRET_HEX]


HUMAN = "human"  # a seat's kind when a person plays it; any other kind is a computer level (game.ai.player_names())


class Phase(StrEnum):
    """Where a game stands.  A ``str``: it compares equal to, and is saved as, its plain value."""

    PLAY = "play"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"


class StateError(ValueError):
    """A state dict that does not describe a legal game."""


@dataclass
class PlayerState:
    name: str
    kind: str = HUMAN  # HUMAN or a computer level such as "basic", "easy", "hard"
    rack: list[int] = field(default_factory=list)
    melded: bool = False
    score: int = 0
    rounds_won: int = 0
    extra: dict = field(default_factory=dict)  # variant data (claim tokens, penalties, ...)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "kind": self.kind,
            "rack": list(self.rack),
            "melded": self.melded,
            "score": self.score,
            "rounds_won": self.rounds_won,
            "extra": copy.deepcopy(self.extra),
        }

    @classmethod
    def from_dict(cls, d: dict) -> "PlayerState":
        return cls(
            name=_str(d, "name"),
            kind=_str(d, "kind"),
            rack=_int_list(d, "rack"),
            melded=_bool(d, "melded"),
            score=_int(d, "score"),
            rounds_won=_int(d, "rounds_won"),
            extra=_dict(d, "extra"),
        )


@dataclass
class GameState:
    variant_key: str
    options: dict
    players: list[PlayerState]
    seed: int = 0
    pool: list[int] = field(default_factory=list)
    board: Board = field(default_factory=Board)
    current: int = 0
    dealer_first: int = 0  # who started this round
    round: int = 1
    turn: int = 0  # turns played this round
    total_turns: int = 0
    phase: Phase = Phase.PLAY
    passes: int = 0  # consecutive turns without a play while the pool is empty
    drawn: int | None = None  # the tile the current player drew at the start of this turn (if any)
    last_drawn: dict = field(default_factory=dict)  # seat -> tile drawn on their last turn (shown marked)
    opening_draw: list[int] = field(default_factory=list)  # tiles drawn to decide who starts
    round_end_reason: str = ""
    round_winner: int | None = None
    history: list[dict] = field(default_factory=list)  # one entry per finished round
    extra: dict = field(default_factory=dict)  # variant data shared by all (claims, tournament, ...)
    events: list[Event] = field(default_factory=list)  # recent events for the screen (bounded)
    rng: random.Random = field(default_factory=random.Random)
    secret: str = field(default_factory=new_secret)  # keys the computer players' seeds; never in a view
    actions: list[dict] = field(default_factory=list)  # every accepted action since the deal (log form)
    replayable: bool = True  # False for a game saved before the log existed

    _variant: Variant | None = field(default=None, repr=False, compare=False)

    @property
    def variant(self) -> Variant:
        """The rule set object for ``variant_key`` and ``options`` (looked up in ``game.rules.registry``)."""
        if self._variant is None or self._variant.key != self.variant_key:
            self._variant = find_variant(self.variant_key)(self.options)
        return self._variant

    @property
    def player(self) -> PlayerState:
        return self.players[self.current]

    def player_seed(self, seat: int) -> int:
        """The seed a computer player gets for this turn: a keyed hash of the game's secret,
        the round, the turn and the seat.  Nothing a player sees reveals the secret, so no
        seat can rebuild the deal or the pool order from it."""
        msg = f"{self.round}:{self.total_turns}:{seat}".encode()
        digest = hmac.new(bytes.fromhex(self.secret), msg, hashlib.sha256).digest()
        return int.from_bytes(digest[:4], "big") % 2**31

    def conservation_problems(self) -> list[str]:
        """Every one of the 106 tiles exactly once across pool, board and racks."""
        seen: dict[int, str] = {}
        problems = []
        places = [("pool", self.pool), ("table", self.board.tiles())]
        places += [(f"rack of {p.name}", p.rack) for p in self.players]
        for where, tiles in places:
            for t in tiles:
                if not isinstance(t, int) or not 0 <= t <= 105:
                    problems.append(f"{where} holds an unknown tile {t!r}")
                elif t in seen:
                    problems.append(f"tile {t} is both in the {seen[t]} and the {where}")
                else:
                    seen[t] = where
        missing = set(ALL_TILE_IDS) - set(seen)
        if missing:
            problems.append(f"{len(missing)} tile(s) missing")
        return problems

    def start_set_position(self) -> None:
        """A position set up by hand (a Tile Rush puzzle, a lesson) begins: seat 0 to move on the
        first turn, nothing drawn or played yet; ValueError when the tiles are not all accounted for."""
        self.current = 0
        self.turn = 0
        self.drawn = None
        self.actions = []
        problems = self.conservation_problems()
        if problems:
            raise ValueError("; ".join(problems))

    def problems(self) -> "list[StateProblem]":
        """Everything that makes this state impossible beyond what ``from_dict`` refuses, as codes
        with data (``game/rules/problems.py``); empty for a game that can go on."""
        from .problems import state_problems

        return state_problems(self)

    def log(self, event: Event, keep: int = 200) -> None:
        self.events.append(dataclasses.replace(event, turn=self.total_turns))
        if len(self.events) > keep:
            del self.events[: len(self.events) - keep]

    def clone(self) -> "GameState":
        return GameState.from_dict(self.to_dict())

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {
            "schema": SCHEMA_VERSION,
            "variant": self.variant_key,
            "options": copy.deepcopy(self.options),
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
            "pool": list(self.pool),
            "board": self.board.to_list(),
            "current": self.current,
            "dealer_first": self.dealer_first,
            "round": self.round,
            "turn": self.turn,
            "total_turns": self.total_turns,
            "phase": Phase(self.phase).value,
            "passes": self.passes,
            "drawn": self.drawn,
            "last_drawn": {str(k): v for k, v in self.last_drawn.items()},
            "opening_draw": list(self.opening_draw),
            "round_end_reason": self.round_end_reason,
            "round_winner": self.round_winner,
            "history": copy.deepcopy(self.history),
            "extra": copy.deepcopy(self.extra),
            "events": [ev.to_json() for ev in self.events],
            "rng": {"version": version, "internal": list(internal), "gauss": gauss},
            "secret": self.secret,
            "actions": copy.deepcopy(self.actions),
            "replayable": self.replayable,
        }

    @classmethod
    def from_dict(cls, d: Any) -> "GameState":
        """Rebuild a state, checking every field; raises ``StateError`` with a clear reason."""
        if not isinstance(d, dict):
            raise StateError("a game state must be a JSON object")
        try:
            if d.get("schema") != SCHEMA_VERSION:
                raise StateError(f"unsupported schema version {d.get('schema')!r}")
            key = _str(d, "variant")
            try:
                vcls = find_variant(key)
            except KeyError as exc:
                raise StateError(str(exc.args[0])) from None
            try:
                options = vcls.coerce_options(_dict(d, "options"))
            except ValueError as exc:
                raise StateError(str(exc)) from None
            raw_players = d.get("players")
            if not isinstance(raw_players, list) or not vcls.min_players <= len(raw_players) <= vcls.max_players:
                raise StateError(f"{key} needs {vcls.min_players} to {vcls.max_players} players")
            players = [PlayerState.from_dict(p if isinstance(p, dict) else {}) for p in raw_players]
            board_raw = d.get("board")
            if not isinstance(board_raw, list) or not all(
                isinstance(x, list) and len(x) == 3 and all(type(v) is int for v in x) for x in board_raw
            ):
                raise StateError("board must be a list of [row, col, tile] triples")
            board = Board.from_list(board_raw)
            if len(board) != len(board_raw):
                raise StateError("two tiles share one cell of the board")
            rng_raw = _dict(d, "rng")
            internal = rng_raw.get("internal")
            if not isinstance(internal, list) or len(internal) != 625 or not all(type(v) is int and 0 <= v < 2**32 for v in internal[:624]) or type(internal[624]) is not int or not 0 <= internal[624] <= 624:
                raise StateError("random generator state is damaged")
            gauss = rng_raw.get("gauss")
            if gauss is not None and not isinstance(gauss, float):
                raise StateError("random generator state is damaged")
            rng = random.Random()
            rng.setstate((int(rng_raw.get("version", 3)), tuple(internal), gauss))
            phase_text = _str(d, "phase")
            if phase_text not in Phase.__members__.values():
                raise StateError(f"unknown phase {phase_text!r}")
            phase = Phase(phase_text)
            drawn = d.get("drawn")
            if drawn is not None and type(drawn) is not int:
                raise StateError("drawn must be a tile or null")
            last_drawn_raw = _dict(d, "last_drawn")
            last_drawn = {}
            for k, v in last_drawn_raw.items():
                if not str(k).isdigit() or type(v) is not int:
                    raise StateError("last_drawn is damaged")
                last_drawn[int(k)] = v
            winner = d.get("round_winner")
            if winner is not None and (type(winner) is not int or not 0 <= winner < len(players)):
                raise StateError("round_winner is out of range")
            history = d.get("history", [])
            events = d.get("events", [])
            if not isinstance(history, list) or not isinstance(events, list):
                raise StateError("history and events must be lists")
            secret, actions, replayable = _log_fields(d)
            state = cls(
                variant_key=key,
                options=options,
                players=players,
                seed=_int(d, "seed"),
                pool=_int_list(d, "pool"),
                board=board,
                current=_int(d, "current"),
                dealer_first=_int(d, "dealer_first"),
                round=_int(d, "round"),
                turn=_int(d, "turn"),
                total_turns=_int(d, "total_turns"),
                phase=phase,
                passes=_int(d, "passes"),
                drawn=drawn,
                last_drawn=last_drawn,
                opening_draw=_int_list(d, "opening_draw"),
                round_end_reason=_str(d, "round_end_reason"),
                round_winner=winner,
                history=copy.deepcopy(history),
                extra=copy.deepcopy(_dict(d, "extra")),
                events=_events(events),
                rng=rng,
                secret=secret,
                actions=actions,
                replayable=replayable,
            )
        except StateError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError) as exc:
            raise StateError(f"damaged game state ({exc})") from None
        if not 0 <= state.current < len(players) or not 0 <= state.dealer_first < len(players):
            raise StateError("the player to move is out of range")
        if state.round < 1 or state.turn < 0 or state.passes < 0:
            raise StateError("round and turn counters are out of range")
        problems = state.conservation_problems()
        if problems:
            raise StateError("tiles are not all accounted for: " + "; ".join(problems[:3]))
        return state


def _events(raw: list) -> list[Event]:
    """The saved events, read back (an old save's migrated: ``events.from_json``)."""
    out = []
    for k, item in enumerate(raw):
        try:
            out.append(event_from_json(item))
        except EventError as exc:
            raise StateError(f"event {k + 1} is damaged: {exc}") from None
    return out


def _log_fields(d: dict) -> tuple[str, list[dict], bool]:
    """The secret and the action log.  A save from before they existed gets an empty log
    marked as not replayable, and a secret derived from its seed, so that loading it twice
    plays on the same way (such games were seeded from the deal seed anyway)."""
    if "actions" not in d:
        return derived_secret("legacy", d.get("seed")), [], False
    secret = _str(d, "secret")
    if len(secret) != SECRET_HEX or any(c not in "0123456789abcdef" for c in secret):
        raise StateError("the game's secret is damaged")
    actions = _get(d, "actions", list, "a list")
    if len(actions) > MAX_LOG or not all(isinstance(a, dict) and isinstance(a.get("type"), str) for a in actions):
        raise StateError("the action log is damaged")
    return secret, copy.deepcopy(actions), _bool(d, "replayable")


def _get(d: dict, key: str, kind: type | tuple, what: str) -> Any:
    if key not in d:
        raise StateError(f"missing field {key!r}")
    v = d[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise StateError(f"field {key!r} must be {what}")
    return v


def _str(d: dict, key: str) -> str:
    return _get(d, key, str, "text")


def _int(d: dict, key: str) -> int:
    v = _get(d, key, int, "a whole number")
    if isinstance(v, bool):
        raise StateError(f"field {key!r} must be a whole number")
    return v


def _bool(d: dict, key: str) -> bool:
    return _get(d, key, bool, "true or false")


def _dict(d: dict, key: str) -> dict:
    return _get(d, key, dict, "an object")


def _int_list(d: dict, key: str) -> list[int]:
    v = _get(d, key, list, "a list")
    if not all(type(x) is int for x in v):
        raise StateError(f"field {key!r} must hold whole numbers only")
    return list(v)
