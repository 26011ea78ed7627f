"""Turn cases: one position and one proposed turn, written by hand, judged by the engine.

The format (JSON; ``docs/turn-cases.md`` describes it for people)::

    {"variant": "classic", "options": {}, "players": 2, "melded": true,
     "table": ["K3 J K5 . R1 R2 R3 R4", "B1 B2 B3 B4"],
     "rack":  "K4 O9",
     "after": ["K3 K4 K5 . R1 R2 R3", "B1 B2 B3 . R4 B4 J"]}

``table`` and ``after`` are rows of cells, top to bottom; each row holds space-separated tokens,
one per cell from column 0: a tile in notation or ``.`` for an empty cell.  ``origin`` (optional,
``[row, col]``) is the cell of the first token of the first row (default ``[0, 0]``), for boards
that grow up or left.  Instead of ``after``, a Rummi200kub case may make a claim:
``"claim": {"type": "claim" | "hijack", "cell": [row, col], "vertical": false}`` (or ``"cells"``),
with the claims already on the board in ``"claims": [{"cell": [r, c], "vertical": false,
"by": [seat, ...]}]`` (the seats that claimed the set, in order; the player to move is seat 0).
``drawn`` (optional) names a rack tile drawn this turn, which may not be played yet.
``expect`` (optional, ``"legal"`` or ``"illegal"``) and ``note`` are for the people and tests that
keep case files; the checker ignores them.

Copies of a face are interchangeable: the checker hands them out itself (a tile that stays in
its cell keeps its copy; the others come from the table first, then from the rack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import actions as act
from . import engine
from .board import Board, Cell
from .tiles import ALL_TILE_IDS, NotationError, copies, face_key, parse_face
from .reasons import Reason
from .registry import REGISTRY, find_variant
from .turn import Problem

KNOWN_FIELDS = {"variant", "options", "players", "melded", "table", "rack", "drawn", "after", "claim", "claims",
                "origin", "expect", "note"}


class CaseError(ValueError):
    """A case that does not describe a position and a turn."""


@dataclass
class Verdict:
    legal: bool
    reasons: list[Problem]  # codes with data (``game.play.reasons`` words them)

    @property
    def codes(self) -> list[Reason]:
        return [p.code for p in self.reasons]


def _faces_grid(rows: Any, name: str, origin: Cell) -> dict[Cell, int]:
    if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
        raise CaseError(f"{name!r} must be a list of rows, each a string of tiles and '.'")
    out: dict[Cell, int] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row.split()):
            if token == ".":
                continue
            try:
                out[(origin[0] + r, origin[1] + c)] = parse_face(token)
            except NotationError as exc:
                raise CaseError(f"{name}, row {r + 1}: {exc}") from None
    return out


class _Copies:
    """Hands out physical copies of faces, refusing a third copy of anything."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, face: int, where: str) -> int:
        for t in copies(face):
            if t not in self.used:
                self.used.add(t)
                return t
        raise CaseError(f"{where}: there are only two of each tile (and two jokers)")


def _origin(case: dict) -> Cell:
    raw = case.get("origin", [0, 0])
    if not (isinstance(raw, list) and len(raw) == 2 and all(type(v) is int for v in raw)):
        raise CaseError("'origin' must be [row, column]")
    return raw[0], raw[1]


def build(case: Any) -> tuple[Any, Any]:
    """The game position and the action a case describes.  Raises ``CaseError``."""
    if not isinstance(case, dict):
        raise CaseError("a case must be a JSON object")
    unknown = sorted(set(case) - KNOWN_FIELDS)
    if unknown:
        raise CaseError(f"unknown field(s): {', '.join(map(str, unknown))}")
    key = case.get("variant")
    if not isinstance(key, str) or key not in REGISTRY:
        raise CaseError(f"'variant' must be one of: {', '.join(sorted(REGISTRY))}")
    vcls = find_variant(key)
    players = case.get("players", max(2, vcls.min_players))
    if type(players) is not int or not vcls.min_players <= players <= vcls.max_players:
        raise CaseError(f"'players' must be a whole number from {vcls.min_players} to {vcls.max_players}")
    options = case.get("options", {})
    if not isinstance(options, dict):
        raise CaseError("'options' must be an object")
    try:
        vcls.coerce_options(options)
    except ValueError as exc:
        raise CaseError(f"options: {exc}") from None
    melded = case.get("melded", True)
    if not isinstance(melded, bool):
        raise CaseError("'melded' must be true or false")
    if ("after" in case) == ("claim" in case):
        raise CaseError("a case needs exactly one of 'after' (a play) or 'claim'")
    origin = _origin(case)
    table_faces = _faces_grid(case.get("table", []), "table", origin)
    rack_text = case.get("rack", "")
    if not isinstance(rack_text, str):
        raise CaseError("'rack' must be a string of tiles")
    try:
        rack_faces = [parse_face(t) for t in rack_text.split()]
    except NotationError as exc:
        raise CaseError(f"rack: {exc}") from None

    copies = _Copies()
    table = {cell: copies.take(f, "table") for cell, f in sorted(table_faces.items())}
    rack = [copies.take(f, "table and rack") for f in rack_faces]
    state = engine.new_game(key, [f"Player {i + 1}" for i in range(players)], seed=0, options=options)
    rest = [t for t in ALL_TILE_IDS if t not in copies.used]
    me = state.players[0]
    me.rack, me.melded = rack, melded
    for p in state.players[1:]:
        p.rack, p.melded = [rest.pop() for _ in range(min(14, max(0, len(rest) - 1)))], True
    state.pool = rest
    state.board = Board(table)
    state.current = state.dealer_first = 0
    state.drawn = _drawn(case.get("drawn"), rack)
    if "claims" in case:
        _place_claims(state, case["claims"])
    if "after" in case:
        return state, act.Play(Board(_assign_after(table, rack, _faces_grid(case["after"], "after", origin))))
    claim = case["claim"]
    try:
        action = act.from_json({"type": "claim", **claim}) if isinstance(claim, dict) else None
    except act.ActionError:
        action = None
    if not isinstance(action, act.Claim):
        raise CaseError("'claim' must be {\"type\": \"claim\" or \"hijack\", \"cell\": [row, col], \"vertical\": bool}")
    return state, action


def _assign_after(table: dict[Cell, int], rack: list[int], faces: dict[Cell, int]) -> dict[Cell, int]:
    """Physical copies for the proposed table: a tile that stays in its cell keeps its copy;
    the others come from the table's remaining copies first, then the rack's, then (for a
    tile the player does not have) a copy from elsewhere, which the engine then refuses."""
    out: dict[Cell, int] = {}
    free: list[int] = []
    for cell, t in sorted(table.items()):
        f = faces.get(cell)
        if f is not None and f == face_key(t):
            out[cell] = t
        else:
            free.append(t)
    free += rack
    taken = set(out.values())
    for cell, f in sorted(faces.items()):
        if cell in out:
            continue
        pick = next((t for t in free if t not in taken and t in copies(f)), None)
        if pick is None:
            pick = next((t for t in copies(f) if t not in taken), None)
        if pick is None:
            raise CaseError("after: there are only two of each tile (and two jokers)")
        out[cell] = pick
        taken.add(pick)
    return out


def _drawn(raw: Any, rack: list[int]) -> int | None:
    if raw is None:
        return None
    try:
        face = parse_face(raw) if isinstance(raw, str) else None
    except NotationError as exc:
        raise CaseError(f"drawn: {exc}") from None
    pick = [t for t in rack if face is not None and t in copies(face)]
    if not pick:
        raise CaseError("'drawn' must name a tile on the rack")
    return pick[-1]


def _place_claims(state: Any, raw: Any) -> None:
    """Put the claims already on the board, each by the rule set's own claim turn."""
    if not state.variant.has_claims:
        raise CaseError(f"{state.variant.title} has no claims")
    if not isinstance(raw, list):
        raise CaseError("'claims' must be a list of {\"cell\": [r, c], \"vertical\": bool, \"by\": [seat, ...]}")
    for rec in raw:
        if not isinstance(rec, dict) or not isinstance(rec.get("by"), list) or not rec["by"]:
            raise CaseError("each claim needs 'by': the seats that claimed the set, in order")
        target = {k: rec[k] for k in act.CLAIM_FIELDS if k in rec}
        for i, seat in enumerate(rec["by"]):
            if type(seat) is not int or not 0 <= seat < len(state.players):
                raise CaseError(f"claims: no seat {seat!r}")
            state.current = seat
            problems, _ = state.variant.claim_turn(state, act.claim("hijack" if i else "claim", **target))
            if problems:
                raise CaseError("claims: refused (" + ", ".join(str(p.code) for p in problems) + ")")
    state.current = 0


def judge(case: Any) -> Verdict:
    """Is the case's turn legal?  Raises ``CaseError`` for a malformed case."""
    state, action = build(case)
    if isinstance(action, act.Play):
        analysis = engine.check_play(state, action.board)
        return Verdict(not analysis.problems, _unique(analysis.problems))
    result = engine.apply(state, action)
    return Verdict(result.ok, _unique(result.problems))


def _unique(problems: Any) -> list[Problem]:
    return list(dict.fromkeys(problems))
