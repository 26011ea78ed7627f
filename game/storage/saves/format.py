"""The save-file format: an envelope around ``GameState.to_dict()``, its checksum,
the schema versions and the upgrade chain.  See docs/saves.md.

Schema 2 (current)::

    {"format": "tile-rush-save", "schema": 2, "saved_at": "2026-11-21T05:30:12+01:00",
     "kind": "game" | "tournament", "game": GameState.to_dict(), "session": {...UI data...},
     ["tournament": {...},] "checksum": "sha256:<hex of the canonical JSON of all other fields>"}

Decoding never trusts the file: every field is checked (``validate.py``) and any
problem becomes a ``SaveError`` whose message a player can read.  No pickle, no eval:
``json`` only, with NaN, infinities and overflowing numbers refused.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

from ..persistence import LeaveInPlace, dump_json, parse_json
from ...rules.state import SCHEMA_VERSION as STATE_SCHEMA
from ...rules.state import HUMAN, GameState, Phase
from ...rules.tiles import NotationError, parse_tiles
from . import checks
from .gamecheck import SaveError, game_from_dict
from .validate import plain_json_problem, session_problems

FORMAT = "tile-rush-save"
SCHEMA = 2  # the schema this version writes
OLDEST_SCHEMA = 1  # the oldest schema it can upgrade
GAME_SCHEMA = {2: 2}  # save schema -> the GameState schema its "game" holds
KINDS = ("game", "tournament")
MIN_YEAR, MAX_YEAR = 2000, 9000  # a save date outside these years was edited or damaged
FIELDS = {"format", "schema", "saved_at", "kind", "game", "session", "tournament", "checksum"}


class NewerSaveError(SaveError, LeaveInPlace):
    """A save written by a newer version of the game: not damaged, so it is left where it is."""


@dataclass
class SaveData:
    """A save that passed every check."""

    state: GameState
    session: dict = field(default_factory=dict)
    kind: str = "game"
    saved_at: str = ""
    schema: int = SCHEMA  # the schema found in the file, before upgrading
    tournament: dict | None = None

    @property
    def upgraded(self) -> bool:
        return self.schema != SCHEMA


def now_iso() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def checksum(envelope: dict) -> str:
    body = {k: v for k, v in envelope.items() if k != "checksum"}
    return "sha256:" + hashlib.sha256(dump_json(body)).hexdigest()


def build(
    state: GameState | dict,
    session: dict | None = None,
    kind: str = "game",
    saved_at: str | None = None,
    tournament: dict | None = None,
) -> dict:
    """The schema-2 envelope for ``state`` (a ``GameState`` or its ``to_dict()``)."""
    game = state.to_dict() if isinstance(state, GameState) else copy.deepcopy(state)
    if kind not in KINDS:
        raise ValueError(f"unknown save kind {kind!r}")
    env = {
        "format": FORMAT,
        "schema": SCHEMA,
        "saved_at": saved_at or now_iso(),
        "kind": kind,
        "game": game,
        "session": copy.deepcopy(session) if session is not None else {},
    }
    if tournament is not None:
        env["tournament"] = copy.deepcopy(tournament)
    env["checksum"] = checksum(env)
    return env


def encode(envelope: dict) -> bytes:
    return dump_json(envelope)


# -- upgrading older schemas ------------------------------------------------------------------


def _v1_to_v2(d: dict) -> dict:
    """Schema 1 (the first release's layout, documented in docs/saves.md) to schema 2.

    Schema 1 wrote tiles in notation (``"R5 R5 J"``), the table as horizontal lines with
    their first cell, the pool with the next tile to draw *first*, the turn counters in
    one ``turn`` object, the generator state as ``random``, the seat's level as
    ``computer`` (null for a person), local time without a zone as ``saved``, and the
    timer at the top level.  It had no events, last-drawn marks or opening draw.
    """
    rules = _need(d, "rules", dict)
    seats = _need(d, "seats", list)
    turn = _need(d, "turn", dict)
    rnd = _need(d, "random", dict)
    used: set[int] = set()

    def tiles(text: Any, what: str) -> list[int]:
        if not isinstance(text, str):
            raise SaveError(f"schema-1 save: {what} must be tiles in notation")
        try:
            got = parse_tiles(text, used)
        except NotationError as exc:
            raise SaveError(f"schema-1 save: {what}: {exc}") from None
        used.update(got)
        return [int(t) for t in got]

    board = []
    for k, line in enumerate(_need(d, "table", list)):
        if not isinstance(line, dict):
            raise SaveError("schema-1 save: a table line is damaged")
        row, col = _need(line, "row", int), _need(line, "col", int)
        for i, t in enumerate(tiles(line.get("tiles"), f"table line {k + 1}")):
            board.append([row, col + i, t])
    players = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise SaveError(f"schema-1 save: seat {i + 1} is damaged")
        computer = seat.get("computer")
        if computer is not None and not isinstance(computer, str):
            raise SaveError(f"schema-1 save: seat {i + 1} has a damaged computer level")
        players.append(
            {
                "name": seat.get("name"),
                "kind": computer or HUMAN,
                "rack": tiles(seat.get("rack"), f"the rack of seat {i + 1}"),
                "melded": seat.get("melded"),
                "score": seat.get("score"),
                "rounds_won": seat.get("rounds_won"),
                "extra": {},
            }
        )
    pool = list(reversed(tiles(d.get("pool"), "the pool")))
    history = d.get("history", [])
    phase = turn.get("phase")
    last = history[-1] if isinstance(history, list) and history and isinstance(history[-1], dict) else {}
    finished = phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    saved = _need(d, "saved", str)
    try:
        saved_at = datetime.strptime(saved, "%Y-%m-%d %H:%M:%S").astimezone().isoformat(timespec="seconds")
    except ValueError:
        raise SaveError(f"schema-1 save: the date {saved[:40]!r} is damaged") from None
    internal = rnd.get("state")
    game = {
        "schema": GAME_SCHEMA[2],
        "variant": rules.get("variant"),
        "options": rules.get("options"),
        "seed": rnd.get("seed"),
        "players": players,
        "pool": pool,
        "board": board,
        "current": turn.get("seat"),
        "dealer_first": turn.get("first"),
        "round": turn.get("round"),
        "turn": turn.get("number"),
        "total_turns": turn.get("total"),
        "phase": phase,
        "passes": turn.get("passes"),
        "drawn": None,
        "last_drawn": {},
        "opening_draw": [],
        "round_end_reason": last.get("reason", "") if finished else "",
        "round_winner": last.get("winner") if finished else None,
        "history": history,
        "extra": d.get("extra", {}),
        "events": [],
        "rng": {"version": 3, "internal": internal, "gauss": None},
    }
    session = {}
    if d.get("timer_remaining") is not None:
        session["timer_remaining"] = d["timer_remaining"]
    return {"format": FORMAT, "schema": 2, "saved_at": saved_at, "kind": "game", "game": game, "session": session}


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2}


def migrate(d: dict) -> dict:
    """Upgrade an envelope of any known older schema to ``SCHEMA``, one step at a time.
    Raises ``SaveError`` for a schema that is unknown, newer, or cannot be upgraded."""
    schema = d.get("schema")
    if type(schema) is not int:
        raise SaveError("the save has no schema version")
    if schema > SCHEMA:
        raise NewerSaveError(f"this save was made by a newer version of Tile Rush and needs that version to open it "
                             f"(save version {schema}; this version reads up to {SCHEMA})")
    if schema < OLDEST_SCHEMA:
        raise SaveError(f"unknown schema version {schema}")
    while schema < SCHEMA:
        step = MIGRATIONS[schema]
        try:
            d = step(d)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise SaveError(f"cannot upgrade this schema-{schema} save ({exc})") from None
        if d.get("schema") != schema + 1:
            raise SaveError(f"upgrading schema {schema} went wrong")  # a bug in a step
        schema += 1
    return d


def _need(d: Any, key: str, kind: type) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise SaveError(f"the save is missing {key!r}")
    v = d[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise SaveError(f"the save's {key!r} is damaged")
    return v


# -- decoding -------------------------------------------------------------------------------


def decode(obj: Any) -> SaveData:
    """Check a parsed save completely and rebuild the game; raises ``SaveError``."""
    try:
        return _decode(obj)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError("the save is nested too deeply") from None
    except Exception as exc:  # untrusted input must never crash the game
        raise SaveError(f"the save is damaged ({type(exc).__name__}: {str(exc)[:120]})", unexpected=True) from None


def decode_bytes(raw: bytes) -> SaveData:
    obj, reason = parse_json(raw)
    if reason:
        raise SaveError(reason)
    return decode(obj)


def _decode(obj: Any) -> SaveData:
    if not isinstance(obj, dict):
        raise SaveError("not a Tile Rush save (the file is not a JSON object)")
    if obj.get("format") != FORMAT:
        raise SaveError("not a Tile Rush save (no \"format\": \"tile-rush-save\")")
    found = obj.get("schema")
    if type(found) is int and found >= 2:
        if found <= SCHEMA:
            unknown = set(obj) - FIELDS
            if unknown:
                raise SaveError(f"the save has unknown fields: {', '.join(sorted(map(str, unknown))[:5])}")
            stored = obj.get("checksum")
            if not isinstance(stored, str):
                raise SaveError("the save has no checksum")
            if stored != checksum(obj):
                raise SaveError("the save was changed or damaged after it was written (checksum mismatch)")
    d = migrate(obj)
    saved_at = _need(d, "saved_at", str)
    try:
        when = datetime.fromisoformat(saved_at)
    except ValueError:
        raise SaveError(f"the save date {saved_at[:40]!r} is damaged") from None
    if not MIN_YEAR <= when.year <= MAX_YEAR:
        raise SaveError(f"the save date {saved_at[:40]!r} is out of range (year {when.year})")
    kind = _need(d, "kind", str)
    if kind not in KINDS:
        raise SaveError(f"unknown kind of save {kind[:20]!r}")
    game = _need(d, "game", dict)
    if GAME_SCHEMA.get(SCHEMA) != STATE_SCHEMA:  # pragma: no cover - caught by a test when the core changes
        raise SaveError("this version cannot read its own saves (state schema changed without a save migration)")
    state = game_from_dict(game, "the game")
    session = d.get("session", {})
    problems = session_problems(session, state, kind)
    if problems:
        raise SaveError("; ".join(problems[:3]))
    tournament = d.get("tournament")
    if kind == "tournament" and not isinstance(tournament, dict):
        raise SaveError("a tournament save needs its tournament data")
    if tournament is not None:
        if not isinstance(tournament, dict):
            raise SaveError("the tournament data must be an object")
        problem = plain_json_problem(tournament, "the tournament data")
        if problem:
            raise SaveError(problem)
        problems = checks.problems("tournament", tournament, game if kind == "tournament" else None)
        if problems is None:  # game/tournament/schema.py registers the check when game.tournament is imported
            raise SaveError("a tournament save cannot be checked here: the tournament is not loaded")
        if problems:
            raise SaveError("the tournament is damaged: " + "; ".join(problems[:3]))
    return SaveData(state, session, kind, saved_at, found, tournament)


# -- a one-line description ---------------------------------------------------------------------


def summary(data: SaveData) -> str:
    s = data.state
    title = s.variant.title or s.variant_key
    seats = ", ".join(f"{p.name} {p.score}" for p in s.players)
    phase = {Phase.PLAY: f"turn {s.turn + 1}", Phase.ROUND_OVER: "round over", Phase.GAME_OVER: "game over"}[s.phase]
    when = data.saved_at.replace("T", " ")[:16]
    old = f", schema {data.schema} (upgrades to {SCHEMA})" if data.upgraded else ""
    return f"{title}, round {s.round}, {phase}, {len(s.players)} players ({seats}), {len(s.pool)} tiles in the pool, saved {when}{old}"
