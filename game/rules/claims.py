"""Claims on sets (Rummi200kub): tokens on every tile of one set, hijacks, locks.

Pure data helpers shared by the rule set (which applies claims to a
``GameState``) and the computer players (which only see a ``PlayerView``).
Both are read through ``Position``, so the referee and the players use one
set of rules.

The record of one claimed set, stored as plain JSON in ``state.extra["claims"]``::

    {"cells": [[r, c], ...],        # the set's cells, in table order
     "vertical": false,             # orientation of the set
     "tiles": [t, ...],             # the tiles on those cells when first claimed
     "value": 24,                   # face value of the set (jokers as the tile they stand for)
     "layers": [{"seat": 0, "side": "blank"}, {"seat": 2, "side": "2"}],
     "locked": false,               # true after the third claim
     "lock_seat": null}             # who placed the lock token (on the first cell)

The holder of a set is the seat of its top layer.  Claim tokens left and lock
tokens left are kept per player in ``player.extra["tokens"]`` and
``player.extra["locks"]``; a player's score is the sum of the points of the
sets they hold (``points_of``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Iterable

from . import events
from .actions import Claim
from .board import Board, Cell, Line
from .melds import check_line
from .reasons import Reason
from .turn import Problem

TARGET = 200
SIDE_BLANK = "blank"
SIDE_TWO = "2"
MAX_LAYERS = 3  # claim, hijack, then the locking claim


@dataclass(frozen=True)
class ClaimRules:
    """The claim readings a game was set up with (from the variant's options)."""

    target: int = TARGET
    allow_over: bool = False  # may a claim take you past the target?
    hijack_double: bool = False  # does the "2" side score double?
    crossing_claims: bool = True  # may a tile carry tokens of two crossing claimed sets?
    needs_initial: bool = True  # must a player have made the initial play before claiming?
    frozen: bool = True  # claimed sets may not be changed (only crossed); else a change releases the claim


@dataclass
class Position:
    """What the claim rules look at: the board, the claims and each seat's supplies."""

    board: Board
    claims: list[dict]
    tokens: list[int]
    locks: list[int]
    scores: list[int]
    melded: list[bool]
    names: list[str] = field(default_factory=list)

    @classmethod
    def from_state(cls, state: Any) -> "Position":
        return cls(
            board=state.board,
            claims=list(state.extra.get("claims", [])),
            tokens=[int(p.extra.get("tokens", 0)) for p in state.players],
            locks=[int(p.extra.get("locks", 0)) for p in state.players],
            scores=[p.score for p in state.players],
            melded=[p.melded for p in state.players],
            names=[p.name for p in state.players],
        )

    @classmethod
    def from_view(cls, view: Any) -> "Position":
        return cls(
            board=view.board,
            claims=list(view.extra.get("claims", [])),
            tokens=[int(e.get("tokens", 0)) for e in view.player_extra],
            locks=[int(e.get("locks", 0)) for e in view.player_extra],
            scores=list(view.scores),
            melded=list(view.melded),
        )

    def copy(self) -> "Position":
        return Position(self.board, _copied(self.claims), list(self.tokens), list(self.locks), list(self.scores), list(self.melded), list(self.names))

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"player {seat + 1}"


def _copied(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, tuples, numbers, strings): what
    ``copy.deepcopy`` gives for claim records, without its bookkeeping (it is called often)."""
    kind = type(value)
    if kind is dict:
        return {k: _copied(v) for k, v in value.items()}
    if kind is list:
        return [_copied(v) for v in value]
    if kind is tuple:
        return tuple(_copied(v) for v in value)
    if kind in (int, str, bool, float) or value is None:
        return value
    return copy.deepcopy(value)


# -- sets on the board ---------------------------------------------------------------------------


def set_key(cells: Iterable[Iterable[int]], vertical: bool) -> str:
    """A stable name for a set: orientation and first cell, e.g. ``"h:0,3"``."""
    first = next(iter(cells))
    r, c = first
    return f"{'v' if vertical else 'h'}:{r},{c}"


def board_sets(board: Board) -> list[Line]:
    """Every line of three or more tiles on the crossword board (the claimable sets)."""
    return [ln for ln in board.lines(vertical=True) if len(ln.cells) >= 3]


def find_record(claims: list[dict], cells: Iterable[Cell], vertical: bool) -> int | None:
    want = [list(c) for c in cells]
    for i, rec in enumerate(claims):
        if rec.get("vertical") == vertical and rec.get("cells") == want:
            return i
    return None


def holder(rec: dict) -> int:
    return int(rec["layers"][-1]["seat"])


def layer_points(rec: dict, layer: int, rules: ClaimRules) -> int:
    side = rec["layers"][layer]["side"]
    return rec["value"] * (2 if rules.hijack_double and side == SIDE_TWO else 1)


def record_points(rec: dict, rules: ClaimRules) -> int:
    """Points the set is worth to its holder."""
    return layer_points(rec, len(rec["layers"]) - 1, rules)


def points_of(claims: list[dict], n_players: int, rules: ClaimRules) -> list[int]:
    """Each seat's claimed points (the score)."""
    out = [0] * n_players
    for rec in claims:
        out[holder(rec)] += record_points(rec, rules)
    return out


def next_side(rec: dict | None) -> str:
    """Side of the tokens the next claim on this set shows: blank, the "2" side, then blank with a lock."""
    n = 0 if rec is None else len(rec["layers"])
    return SIDE_TWO if n == 1 else SIDE_BLANK


def kind_of(rec: dict | None) -> str:
    """What the next claim on a set is: a claim, a hijack, or the locking third claim."""
    n = 0 if rec is None else len(rec["layers"])
    return ("claim", "hijack", "lock")[n] if n < MAX_LAYERS else "locked"


def line_for(board: Board, action: Any) -> tuple[Line | None, Problem | None]:
    """The set an action points at.  Accepts ``{"cells": [[r, c], ...]}`` (every cell of the set, or,
    for a single cell, the set through it when that is unambiguous), ``{"cell": [r, c], "vertical": bool}``
    or ``{"key": "h:r,c"}``.  Returns (line, None) or (None, why not)."""
    if not isinstance(action, dict):
        return None, Problem(Reason.CLAIM_NAMES_NO_SET)
    try:
        sets = board_sets(board)
        if "key" in action:
            key = str(action["key"])
            for ln in sets:
                if set_key(ln.cells, ln.vertical) == key:
                    return ln, ""
            return None, Problem(Reason.CLAIM_UNKNOWN_KEY, detail=key)
        if "cell" in action:
            cell = _cell(action["cell"])
            vertical = action.get("vertical")
            through = [ln for ln in sets if cell in ln.cells and (vertical is None or ln.vertical == bool(vertical))]
            if not through:
                return None, Problem(Reason.CLAIM_NO_SET_THERE if board.get(cell) is not None else Reason.CLAIM_EMPTY_CELL)
            if len(through) > 1:
                return None, Problem(Reason.CLAIM_WHICH_SET)
            return through[0], ""
        raw = action.get("cells")
        if not isinstance(raw, (list, tuple)) or not raw:
            return None, Problem(Reason.CLAIM_NEEDS_CELLS)
        cells = [_cell(c) for c in raw]
    except (TypeError, ValueError):
        return None, Problem(Reason.CLAIM_BAD_CELLS)
    if len(set(cells)) != len(cells):
        return None, Problem(Reason.CLAIM_CELL_TWICE)
    empty = [c for c in cells if board.get(c) is None]
    if empty:
        return None, Problem(Reason.CLAIM_EMPTY_CELLS)
    want = set(cells)
    for ln in sets:
        if set(ln.cells) == want:
            return ln, ""
    if len(cells) == 1:
        through = [ln for ln in sets if cells[0] in ln.cells]
        if len(through) == 1:
            return through[0], ""
        if len(through) > 1:
            return None, Problem(Reason.CLAIM_WHICH_SET)
    touched = [ln for ln in sets if want & set(ln.cells)]
    if len(touched) > 1 and want >= set(touched[0].cells):
        return None, Problem(Reason.CLAIM_ONE_SET)
    return None, Problem(Reason.CLAIM_WHOLE_SET)


def _cell(raw: Any) -> Cell:
    if not isinstance(raw, (list, tuple)) or len(raw) != 2 or not all(type(v) is int for v in raw):
        raise ValueError("bad cell")
    return (int(raw[0]), int(raw[1]))


# -- the claim check ---------------------------------------------------------------------------------


@dataclass
class ClaimCheck:
    """The verdict on a claim: problems (empty = allowed; codes with data, on the set's
    cells when the claim named a set) and what it would do."""

    problems: list[Problem]
    line: Line | None = None
    kind: str = ""  # "claim", "hijack" or "lock"
    value: int = 0  # face value of the set
    points: int = 0  # points it gives the claimant
    previous: int | None = None  # seat that held the set before
    record: int | None = None  # index of the existing claim record

    @property
    def ok(self) -> bool:
        return not self.problems


def check_claim(pos: Position, seat: int, action: Claim, rules: ClaimRules) -> ClaimCheck:
    """May ``seat`` make this claim (or hijack) now?  Never raises on bad input."""
    line, why = line_for(pos.board, action.where())
    if line is None:
        return ClaimCheck([why or Problem(Reason.CLAIM_NAMES_NO_SET)])
    return check_line_claim(pos, seat, line, rules, action.kind)


def check_line_claim(pos: Position, seat: int, line: Line, rules: ClaimRules, want: str = "claim") -> ClaimCheck:
    """``check_claim`` for a set already found on the board (``want``: "claim" or "hijack")."""
    meld = check_line(line.tiles)
    if not meld:
        return ClaimCheck([Problem(Reason.CLAIM_INVALID_SET, line.cells, tuple(line.tiles), fault=meld.reason)], line)
    idx = find_record(pos.claims, line.cells, line.vertical)
    rec = pos.claims[idx] if idx is not None else None
    kind = kind_of(rec)
    previous = holder(rec) if rec else None
    value = meld.value if rec is None else int(rec["value"])
    points = value * (2 if rules.hijack_double and next_side(rec) == SIDE_TWO else 1)
    codes: list[Reason] = []
    n = len(line.cells)
    if rules.needs_initial and not pos.melded[seat]:
        codes.append(Reason.CLAIM_BEFORE_INITIAL)
    if kind == "locked":
        codes.append(Reason.CLAIM_LOCKED)
    elif previous == seat:
        codes.append(Reason.CLAIM_HELD_ALREADY)
    if want == "hijack" and rec is None:
        codes.append(Reason.HIJACK_UNCLAIMED)
    problems = [Problem(c, line.cells) for c in codes]
    if kind != "locked" and pos.tokens[seat] < n:
        problems.append(Problem(Reason.CLAIM_FEW_TOKENS, line.cells, numbers=(n, pos.tokens[seat])))
    if kind == "lock" and pos.locks[seat] < 1:
        problems.append(Problem(Reason.CLAIM_NO_LOCK, line.cells))
    if not rules.crossing_claims and kind == "claim":
        cells = set(line.cells)
        for other in pos.claims:
            if {tuple(c) for c in other["cells"]} & cells:
                problems.append(Problem(Reason.CLAIM_CROSSING, line.cells))
                break
    if not rules.allow_over and kind != "locked" and previous != seat:
        if pos.scores[seat] + points > rules.target:
            problems.append(Problem(Reason.CLAIM_PAST_TARGET, line.cells, numbers=(points, pos.scores[seat], rules.target)))
    return ClaimCheck(problems, line, kind, value, points, previous, idx)


def apply_claim(pos: Position, seat: int, chk: ClaimCheck, rules: ClaimRules) -> events.Claimed:
    """Apply an allowed claim to ``pos`` (claims, supplies, scores).  Returns the event."""
    assert chk.ok and chk.line is not None
    line = chk.line
    n = len(line.cells)
    if chk.record is None:
        rec = {
            "cells": [list(c) for c in line.cells],
            "vertical": line.vertical,
            "tiles": [int(t) for t in line.tiles],
            "value": chk.value,
            "layers": [],
            "locked": False,
            "lock_seat": None,
        }
        pos.claims.append(rec)
    else:
        rec = pos.claims[chk.record]
    rec["layers"].append({"seat": seat, "side": next_side(rec)})
    pos.tokens[seat] -= n
    if chk.kind == "lock":
        rec["locked"] = True
        rec["lock_seat"] = seat
        pos.locks[seat] -= 1
    pos.scores = points_of(pos.claims, len(pos.scores), rules)
    return events.CLAIMS[chk.kind](
        seat,
        set_key(line.cells, line.vertical),
        tuple((int(r), int(c)) for r, c in line.cells),
        tuple(int(t) for t in line.tiles),
        chk.value,
        record_points(rec, rules),
        chk.previous,
        rec["locked"],
    )


def options_for(pos: Position, seat: int, rules: ClaimRules) -> list[ClaimCheck]:
    """Every claim, hijack or lock ``seat`` may make now."""
    out = []
    for ln in board_sets(pos.board):
        chk = check_line_claim(pos, seat, ln, rules)
        if chk.ok:
            out.append(chk)
    return out


# -- claimed sets that a play changed --------------------------------------------------------------------


def intact(board: Board, rec: dict) -> bool:
    """Does the claimed set still lie exactly where it was claimed (same tiles, same line, not extended)?"""
    cells = [tuple(c) for c in rec["cells"]]
    if any(board.get(c) != t for c, t in zip(cells, rec["tiles"])):
        return False
    dr, dc = (1, 0) if rec["vertical"] else (0, 1)
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    return board.get((r0 - dr, c0 - dc)) is None and board.get((r1 + dr, c1 + dc)) is None


def release(pos: Position, idx: int, rules: ClaimRules) -> events.ClaimReleased:
    """Take a claim off a set a play changed: every token goes back to its owner, the points are lost."""
    rec = pos.claims.pop(idx)
    n = len(rec["cells"])
    for layer in rec["layers"]:
        pos.tokens[layer["seat"]] += n
    if rec.get("locked") and rec.get("lock_seat") is not None:
        pos.locks[rec["lock_seat"]] += 1
    pos.scores = points_of(pos.claims, len(pos.scores), rules)
    return events.ClaimReleased(holder(rec), tuple((int(r), int(c)) for r, c in rec["cells"]), rec["value"])


# -- saved data ----------------------------------------------------------------------------------------


class Fault(StrEnum):
    """What is wrong with one saved claim (``record_problems``)."""

    NOT_A_LIST = "not_a_list"  # the claims themselves
    NOT_AN_OBJECT = "not_an_object"
    VERTICAL = "vertical"  # not true or false
    CELLS_AND_TILES = "cells_and_tiles"
    NOT_ONE_LINE = "not_one_line"
    CLAIMED_TWICE = "claimed_twice"
    VALUE = "value"
    TOKENS = "tokens"
    LOCKED = "locked"  # locked, but not claimed three times (or the other way round)
    LOCK_OWNER = "lock_owner"
    NOT_ON_BOARD = "not_on_board"


def record_problems(claims: Any, board: Board, n_players: int) -> list[tuple[int | None, Fault]]:
    """(claim index, fault) for every saved claim that cannot be right (empty when all are);
    the index is None when the claims are not even a list."""
    if not isinstance(claims, list):
        return [(None, Fault.NOT_A_LIST)]
    out: list[tuple[int | None, Fault]] = []
    seen: set[tuple] = set()
    for i, rec in enumerate(claims):
        if not isinstance(rec, dict):
            out.append((i, Fault.NOT_AN_OBJECT))
            continue
        cells, tiles, layers = rec.get("cells"), rec.get("tiles"), rec.get("layers")
        if not isinstance(rec.get("vertical"), bool):
            out.append((i, Fault.VERTICAL))
            continue
        if (
            not isinstance(cells, list)
            or not isinstance(tiles, list)
            or len(cells) < 3
            or len(cells) != len(tiles)
            or not all(isinstance(c, list) and len(c) == 2 and all(type(v) is int for v in c) for c in cells)
            or not all(type(t) is int for t in tiles)
        ):
            out.append((i, Fault.CELLS_AND_TILES))
            continue
        dr, dc = (1, 0) if rec["vertical"] else (0, 1)
        if any(cells[k + 1] != [cells[k][0] + dr, cells[k][1] + dc] for k in range(len(cells) - 1)):
            out.append((i, Fault.NOT_ONE_LINE))
            continue
        key = (rec["vertical"], tuple(map(tuple, cells)))
        if key in seen:
            out.append((i, Fault.CLAIMED_TWICE))
        seen.add(key)
        if type(rec.get("value")) is not int or rec["value"] < 0:
            out.append((i, Fault.VALUE))
        if not isinstance(layers, list) or not 1 <= len(layers) <= MAX_LAYERS or not all(
            isinstance(l, dict) and type(l.get("seat")) is int and 0 <= l["seat"] < n_players and l.get("side") in (SIDE_BLANK, SIDE_TWO)
            for l in layers
        ):
            out.append((i, Fault.TOKENS))
            continue
        if rec.get("locked") is not (len(layers) == MAX_LAYERS):
            out.append((i, Fault.LOCKED))
        lock_seat = rec.get("lock_seat")
        if rec.get("locked") and (type(lock_seat) is not int or not 0 <= lock_seat < n_players):
            out.append((i, Fault.LOCK_OWNER))
        if any(board.get(tuple(c)) != t for c, t in zip(cells, tiles)):
            out.append((i, Fault.NOT_ON_BOARD))
    return out
