"""Finished games kept for replay: one JSON file per game in ``replays/`` in the data folder
(the game's deal, action log and final state: ``GameState.to_dict``), the newest ``KEEP``.

Written with the crash-safe helpers of ``game.storage.persistence``; an unreadable or damaged file is
listed with its reason and never stops the others from loading.  A replay is checked as a save is
(``check``): a checksum over its fields, known fields only, its game through the saves' own checks
(names that draw, sizes and counters in range, a known rule set, a legal table) and exactly one
person at the table, whose view it is.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..storage import persistence
from ..storage.saves.format import checksum
from ..storage.saves.gamecheck import SaveError, game_from_dict
from ..storage.saves.validate import people_problems
from ..storage.textcheck import text_problem
from ..rules.state import HUMAN, GameState, Phase, StateError

FOLDER = "replays"
FORMAT = "tile-rush-replay"
KEEP = 120  # at least the last 100 games
FIELDS = {"format", "game_id", "viewer", "saved", "game", "checksum"}
_NAME = re.compile(r"^\d{8}-\d{6}-[0-9a-zA-Z_-]{1,64}\.json$")


@dataclass
class Entry:
    path: Path
    title: str  # "Classic, 3 players"
    when: str  # "2026-11-25 03:40"
    note: str  # who won / why it cannot be replayed
    game_id: str
    viewer: int = 0
    state: GameState | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.state is not None and self.state.replayable and not self.problem


def folder() -> Path:
    path = persistence.data_dir() / FOLDER
    path.mkdir(parents=True, exist_ok=True)
    return path


def _safe_id(game_id: str) -> str:
    return re.sub(r"[^0-9a-zA-Z_-]", "-", str(game_id))[:64] or "game"


def kept(game_id: str) -> bool:
    """Is a replay of this game on disk?"""
    gid = _safe_id(game_id)
    try:
        return any(p.name.endswith(f"-{gid}.json") for p in folder().iterdir())
    except OSError:
        return False


def keep(state: GameState, game_id: str, viewer: int = 0, when: float | None = None) -> Path | None:
    """Store a finished game (once per ``game_id``) and forget the oldest beyond ``KEEP``.
    Returns the file, or None when it could not be written."""
    try:
        with persistence.files_lock():  # look, write and prune as one step beside another process doing the same
            return _keep(state, game_id, viewer, when)
    except OSError:
        return None


def _keep(state: GameState, game_id: str, viewer: int, when: float | None) -> Path | None:
    where = folder()
    gid = _safe_id(game_id)
    if any(p.name.endswith(f"-{gid}.json") for p in where.iterdir()):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    path = where / f"{stamp}-{gid}.json"
    doc = {"format": FORMAT, "game_id": str(game_id), "viewer": int(viewer),
           "saved": time.strftime("%Y-%m-%d %H:%M", time.localtime(when)), "game": state.to_dict()}
    doc["checksum"] = checksum(doc)
    persistence.atomic_write_json(path, doc, keep_backup=False)
    prune(where)
    return path


def prune(where: Path, keep_n: int = KEEP) -> int:
    persistence.check_writable()
    files = sorted(p for p in where.iterdir() if _NAME.match(p.name))
    old = files[:-keep_n] if len(files) > keep_n else []
    for p in old:
        try:
            p.unlink()
        except OSError:
            pass
    return len(old)


def entry_from(doc: Any, path: Path | None = None, state: GameState | None = None) -> Entry:
    """An ``Entry`` for a replay document or a saved session (``{"state": ...}``) or a bare state
    (``state``: its game, already checked)."""
    path = path or Path("")
    if not isinstance(doc, dict):
        return Entry(path, "Unknown game", "", "the file is not a saved game", "", problem="damaged")
    raw = doc.get("game", doc.get("state", doc))
    viewer = doc.get("viewer", 0)
    viewer = viewer if type(viewer) is int and viewer >= 0 else 0
    when = doc.get("saved") if isinstance(doc.get("saved"), str) else ""
    gid = doc.get("game_id") if isinstance(doc.get("game_id"), str) else ""
    try:
        state = state or GameState.from_dict(raw)
    except (StateError, ValueError, TypeError, KeyError) as exc:
        return Entry(path, "Unknown game", when, f"this file is damaged ({exc})", gid, problem="damaged")
    viewer = viewer if viewer < len(state.players) else 0
    title = f"{state.variant.title}, {len(state.players)} players"
    if not state.replayable:
        note = "saved by an older version: it has no move log, so it cannot be replayed"
    elif state.phase == Phase.GAME_OVER:
        winner = state.variant.ranking(state)[0]
        note = "you won" if winner == viewer else f"{state.players[winner].name} won"
        note += f" after {state.total_turns} turns"
    else:
        note = f"in progress: round {state.round}, {state.total_turns} turns so far"
    return Entry(path, title, when, note, gid, viewer, state)


def check(doc: Any) -> GameState:
    """The game of a replay file that passes every check a save passes; raises ``SaveError`` with a
    sentence.  A replay kept before replays had a checksum loads when everything else is right."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError("not a Tile Rush replay")
    unknown = set(doc) - FIELDS
    if unknown:
        raise SaveError(f"the replay has unknown fields: {', '.join(sorted(map(str, unknown))[:5])}")
    if "checksum" in doc and doc["checksum"] != checksum(doc):
        raise SaveError("the replay was changed or damaged after it was written (checksum mismatch)")
    for key, limit in (("game_id", 64), ("saved", 40)):
        problem = text_problem(doc.get(key), limit, f"the replay's {key.replace('_', ' ')}")
        if problem:
            raise SaveError(problem)
    state = game_from_dict(doc.get("game"), "the replay's game")
    problems = people_problems(state)
    if problems:
        raise SaveError(problems[0])
    if type(doc.get("viewer")) is not int or state.players[doc["viewer"]].kind != HUMAN:
        raise SaveError("the replay is not seen from the person's seat")
    return state


def load(path: Path) -> Entry:
    obj, reason = persistence.read_json(path)
    if obj is None:
        return Entry(path, "Unknown game", "", f"cannot read this replay ({reason})", "", problem="unreadable")
    try:
        state = check(obj)
    except SaveError as exc:
        return Entry(path, "Unknown game", "", f"this file is damaged ({exc})", "", problem="damaged")
    return entry_from(obj, path, state)


def entries(limit: int = KEEP) -> list[Entry]:
    """The kept games, newest first."""
    try:
        files = sorted((p for p in folder().iterdir() if _NAME.match(p.name)), reverse=True)[:limit]
    except OSError:
        return []
    return [load(p) for p in files]
