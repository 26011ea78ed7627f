"""Actions: every change a game goes through, as small typed values with a JSON form.

``engine.apply(state, action)`` is the one way to change a game: the play screen, the
simulator, the attract mode, the tournament and the computer players' fallbacks all
send one of these.  Each accepted action is appended to ``GameState.actions`` in its
log form, so a game can be replayed from its deal (``engine.replay``).

* ``Play(board)``: the player to move ends the turn with ``board`` as the table; refused
  unless legal.
* ``EndTurn(board)``: the player ends the turn with a draft: played when legal; where the
  rule set has a failed-play penalty and the draft leaves incomplete sets, the penalty;
  otherwise refused.  An unchanged table is a draw.
* ``Draw()``: draw a tile, or pass when the pool is empty.
* ``Timeout(board)``: the clock ran out with ``board`` (or None) as the draft.
* ``Claim(kind, target)``: a claim or hijack of one set (rule sets with claims).
* ``Forfeit()``: the turn ends with nothing played or drawn (a computer player with no
  legal move left): the failed-play penalty where the rule set has one, else a pass.
* ``NextRound()``: deal the next round.
* ``EndRound(reason)``: end a round that cannot end by itself (the simulator's "stalled").

JSON forms (``to_json``/``from_json``): ``{"type": "play" | "end_turn" | "timeout",
"board": [[row, col, tile], ...]}`` (``"board": null`` for a timeout without a draft),
``{"type": "draw"}``, ``{"type": "claim" | "hijack", ...}`` with the set named by
``"cells"``, ``"cell"`` and ``"vertical"``, or ``"key"``, ``{"type": "forfeit"}``,
``{"type": "next_round"}``, ``{"type": "end_round", "reason": TEXT}``.  In the log a
board is stored as the change from the table before the action: ``"put"`` (cells that
received a tile, ``[row, col, tile]``) and ``"lift"`` (cells emptied, ``[row, col]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .board import Board

CLAIM_KINDS = ("claim", "hijack")
CLAIM_FIELDS = ("cells", "cell", "vertical", "key")


class ActionError(ValueError):
    """A JSON action that does not describe any action."""


@dataclass(frozen=True)
class Play:
    board: Any  # a Board; anything else is refused by the engine with a reason


@dataclass(frozen=True)
class EndTurn:
    board: Any


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class Timeout:
    board: Any = None


@dataclass(frozen=True)
class Claim:
    kind: str  # "claim" or "hijack"
    target: tuple[tuple[str, Any], ...]  # the set: (field, value) pairs of CLAIM_FIELDS

    def where(self) -> dict:
        """The set the claim names, as ``claims.line_for`` reads it (``cells``, ``cell`` and
        ``vertical``, or ``key``)."""
        return {k: _thaw(v) for k, v in self.target}


@dataclass(frozen=True)
class Forfeit:
    pass


@dataclass(frozen=True)
class NextRound:
    pass


@dataclass(frozen=True)
class EndRound:
    reason: str


Action = Union[Play, EndTurn, Draw, Timeout, Claim, Forfeit, NextRound, EndRound]
BOARD_ACTIONS = {"play": Play, "end_turn": EndTurn, "timeout": Timeout}
SIMPLE_ACTIONS = {"draw": Draw, "forfeit": Forfeit, "next_round": NextRound}
TURN_ACTIONS = (Play, EndTurn, Draw, Timeout, Claim, Forfeit)


def claim(kind: str, **target: Any) -> Claim:
    return Claim(kind, tuple((k, _freeze(target[k])) for k in CLAIM_FIELDS if k in target))


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def to_json(action: Action) -> dict:
    """The JSON form of an action (boards in full)."""
    for name, cls in BOARD_ACTIONS.items():
        if type(action) is cls:
            board = action.board
            return {"type": name, "board": board.to_list() if isinstance(board, Board) else None}
    for name, cls in SIMPLE_ACTIONS.items():
        if type(action) is cls:
            return {"type": name}
    if isinstance(action, Claim):
        return {"type": action.kind, **{k: _thaw(v) for k, v in action.target}}
    if isinstance(action, EndRound):
        return {"type": "end_round", "reason": action.reason}
    raise ActionError(f"not an action: {action!r}")


def _board_from_json(raw: Any) -> Board:
    if not isinstance(raw, list) or not all(
        isinstance(x, list) and len(x) == 3 and all(type(v) is int for v in x) for x in raw
    ):
        raise ActionError("a table must be a list of [row, column, tile] triples of whole numbers")
    board = Board.from_list(raw)
    if len(board) != len(raw):
        raise ActionError("two tiles share one cell of the table")
    return board


def from_json(data: Any) -> Action:
    """An action from its JSON form; raises ``ActionError`` with a reason a person can read."""
    if isinstance(data, TURN_ACTIONS + (NextRound, EndRound)):
        return data
    if not isinstance(data, dict):
        raise ActionError("an action must be a JSON object with a \"type\"")
    kind = data.get("type")
    if kind in BOARD_ACTIONS:
        raw = data.get("board")  # a JSON table only: a move with a ``Board`` is a typed action
        if raw is None and kind == "timeout":
            return Timeout(None)
        return BOARD_ACTIONS[kind](_board_from_json(raw))
    if kind in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[kind]()
    if kind in CLAIM_KINDS:
        return Claim(kind, tuple((k, _freeze(data[k])) for k in CLAIM_FIELDS if k in data))
    if kind == "end_round":
        reason = data.get("reason")
        if not isinstance(reason, str) or not reason.isidentifier():
            raise ActionError("end_round needs a reason word")
        return EndRound(reason)
    raise ActionError(f"unknown action type {kind!r}")


def to_log(action: Action, before: Board) -> dict:
    """The log form: like ``to_json``, with a board stored as its change from ``before``."""
    data = to_json(action)
    board = action.board if isinstance(action, (Play, EndTurn, Timeout)) else None
    if isinstance(board, Board):
        del data["board"]
        data["put"] = [[r, c, t] for (r, c), t in sorted(board.cells.items()) if before.get((r, c)) != t]
        data["lift"] = [[r, c] for (r, c) in sorted(before.cells) if (r, c) not in board.cells]
    return data


def from_log(entry: Any, before: Board) -> Action:
    """Read one log entry back, against the table it was played on."""
    if isinstance(entry, dict) and entry.get("type") in BOARD_ACTIONS and "put" in entry:
        put, lift = entry.get("put"), entry.get("lift")
        if not isinstance(put, list) or not isinstance(lift, list):
            raise ActionError("a logged table change needs \"put\" and \"lift\" lists")
        board = before.copy()
        for cell in lift:
            if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
                raise ActionError("\"lift\" holds [row, column] pairs")
            board.remove((cell[0], cell[1]))
        for item in _board_from_json(put).cells.items():
            board.place(*item)
        return BOARD_ACTIONS[entry["type"]](board)
    return from_json(entry)
