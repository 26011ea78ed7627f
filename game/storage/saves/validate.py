"""Checks a loaded game must pass beyond ``GameState.from_dict``, in words a player can read.

``GameState.from_dict`` already checks types, the rule set and its options, the
random generator state, and that all 106 tiles are accounted for exactly once;
``GameState.problems()`` (``game/rules/problems.py``) finds what makes the state itself
impossible (counters, seats, a legal table, history and events, the rule set's own
bookkeeping) as codes with data.  Here those codes become sentences, and what only a game
from disk must satisfy is added: plain JSON in the variant data, names and reasons that a
screen can draw, seat kinds this version knows.

Everything returns a list of sentences; an empty list means "fine".
"""

from __future__ import annotations

from typing import Any, Callable

from ...rules.problems import MAX_ABS_SCORE, MAX_REASON, MAX_SEED, MAX_TURNS, Code, StateProblem  # noqa: F401
from ...rules.state import HUMAN, GameState
from ...rules.tiles import tiles_in_words
from ..textcheck import text_problem

MAX_NAME = 32
MAX_KIND = 24
MAX_JSON_DEPTH = 24
MAX_JSON_NODES = 200_000


def plain_json_problem(obj: Any, where: str, max_depth: int = MAX_JSON_DEPTH, max_nodes: int = MAX_JSON_NODES) -> str | None:
    """None when ``obj`` is plain JSON data (objects with text keys, lists, text,
    whole or finite numbers, booleans, null) of bounded depth and size."""
    stack: list[tuple[Any, int]] = [(obj, 0)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            return f"{where} is far too large"
        if depth > max_depth:
            return f"{where} is nested too deeply"
        if value is None or isinstance(value, (bool, int, str)):
            continue
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                return f"{where} holds a number out of range"
            continue
        if isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str):
                    return f"{where} has a key that is not text"
                stack.append((v, depth + 1))
            continue
        if isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
            continue
        return f"{where} holds a {type(value).__name__}, which is not plain JSON"
    return None


def known_kinds() -> set[str]:
    from ...ai import player_names

    return {HUMAN, *player_names()}


def name_problem(name: str, where: str) -> str | None:
    problem = text_problem(name, MAX_NAME, "the name")
    return None if problem is None else f"{where}: {problem}"


def reason_problem(reason: Any, where: str) -> str | None:
    """A round-end reason is shown on the score screen: short plain text that draws."""
    if not isinstance(reason, str):
        return f"{where} has a damaged reason"
    if reason and text_problem(reason, MAX_REASON, "the reason"):
        return f"{where} has a damaged reason ({text_problem(reason, MAX_REASON, 'the reason')})"
    return None


def state_problems(state: GameState, check_json: bool = True) -> list[str]:
    """Everything beyond ``from_dict`` that a game from disk must satisfy.  ``check_json``
    may be False when the whole game dict was already checked to be plain JSON."""
    if check_json:
        for what, value in (
            ("the rule-set data", state.extra),
            ("the rule-set options", state.options),
            ("the score history", state.history),
            ("the event list", [ev.to_json() for ev in state.events]),
            *((f"the rule-set data of seat {i + 1}", p.extra) for i, p in enumerate(state.players)),
        ):
            problem = plain_json_problem(value, what)
            if problem:
                return [problem]
    out: list[str] = []
    kinds = known_kinds()
    for i, p in enumerate(state.players):
        who = f"seat {i + 1}"
        problem = name_problem(p.name, who)
        if problem:
            out.append(problem)
        if p.kind not in kinds:
            shown = p.kind if len(p.kind) <= MAX_KIND and p.kind.isprintable() else p.kind[:MAX_KIND].encode("unicode_escape").decode()
            out.append(f"{who} is played by an unknown computer level {shown!r} (known: {', '.join(sorted(kinds))})")
    if state.round_end_reason:
        problem = reason_problem(state.round_end_reason, "the round's end")
        if problem:
            out.append(problem)
    for k, entry in enumerate(state.history):
        problem = reason_problem(entry.get("reason", ""), f"round {k + 1} of the score history") if isinstance(entry, dict) else None
        if problem:
            out.append(problem)
            break
    out.extend(message(p, state) for p in state.problems())
    return out


def _seat(state: GameState, d: dict) -> str:
    return f"seat {d['seat'] + 1}"


def _name(state: GameState, d: dict) -> str:
    return state.players[d["seat"]].name


def _entry(d: dict) -> str:
    return f"round {d['entry'] + 1} of the score history"


_CLAIM_FAULTS = {
    "not_a_list": "claims must be a list", "not_an_object": "is not an object",
    "vertical": "vertical must be true or false", "cells_and_tiles": "cells and tiles are damaged",
    "not_one_line": "its cells are not one line", "claimed_twice": "the set is claimed twice",
    "value": "value must be a whole number", "tokens": "its tokens are damaged",
    "locked": "only a set claimed three times is locked", "lock_owner": "the lock token has no owner",
    "not_on_board": "its tiles are not on the board where it says",
}


def _claim(d: dict) -> str:
    words = _CLAIM_FAULTS.get(d["fault"], "is damaged")
    if d["claim"] is None:
        return words
    return f"claim {d['claim'] + 1} {words}" if d["fault"] == "not_an_object" else f"claim {d['claim'] + 1}: {words}"


MESSAGES: dict[Code, Callable[[GameState, dict], str]] = {
    Code.SCORE: lambda st, d: f"{_seat(st, d)} has an impossible score {d['score']}",
    Code.ROUNDS_WON: lambda st, d: f"{_seat(st, d)} has won {d['rounds_won']} rounds, but this is round {d['round']}",
    Code.SEED: lambda st, d: "the game seed is out of range",
    Code.ROUND: lambda st, d: f"round {d['round']} is out of range",
    Code.TURNS: lambda st, d: f"turn counters are out of range (turn {d['turn']}, {d['total']} in all)",
    Code.PASSES: lambda st, d: f"the count of passes ({d['passes']}) is out of range",
    Code.DRAWN_TILE: lambda st, d: "the tile drawn this turn is not on the rack of the player to move",
    Code.LAST_DRAWN: lambda st, d: "the record of last drawn tiles names a seat or tile that does not exist",
    Code.OPENING_DRAW: lambda st, d: "the opening draw does not match the seats",
    Code.RESULT_IN_PLAY: lambda st, d: "the round is in play but already has a result",
    Code.EMPTY_RACK_IN_PLAY: lambda st, d: f"{_seat(st, d)} has no tiles left, yet the round is still in play",
    Code.NO_END_REASON: lambda st, d: "a finished round has no reason for ending",
    Code.HISTORY_ROUNDS: lambda st, d: f"this is round {d['round']}, but the score history holds {d['rounds']} rounds",
    Code.RNG_ALL_ZERO: lambda st, d: "the random generator state is damaged (all zero)",
    Code.CELL_FAR_OFF: lambda st, d: f"a tile lies far off the table (row {d['row']}, column {d['col']})",
    Code.INVALID_SET: lambda st, d: f"the table holds an invalid set ({tiles_in_words(d['tiles'])})",
    Code.NOT_CONNECTED: lambda st, d: "the tiles on the board do not form one connected group",
    Code.HISTORY_NOT_OBJECT: lambda st, d: "the score history holds an entry that is not an object",
    Code.HISTORY_TOO_LONG: lambda st, d: f"the score history has {d['rounds']} rounds, but this is round {d['round']}",
    Code.HISTORY_ROUND: lambda st, d: f"{_entry(d)} names a round that does not exist",
    Code.HISTORY_WINNER: lambda st, d: f"{_entry(d)} names a winner who is not at the table",
    Code.HISTORY_FIELD: lambda st, d: f"{_entry(d)} has damaged {d['field'].replace('_', ' ')}",
    Code.EVENTS_TOO_MANY: lambda st, d: f"the event list is far too long ({d['count']})",
    Code.EVENT_TURN: lambda st, d: f"a {d['kind']} event happened on a turn that has not been played",
    Code.EVENT_SEAT: lambda st, d: f"a {d['kind']} event names a seat that is not at the table",
    Code.EVENT_TILES: lambda st, d: f"a {d['kind']} event names a tile that does not exist",
    Code.RULES_CHECK_FAILED: lambda st, d: f"the rule set could not check this game ({d['error']})",
    Code.PENALTY_TALLY: lambda st, d: f"{_name(st, d)}'s hand-limit {d['field'].replace('_', ' ')} is damaged",
    Code.PENALTY_ROUND_ABOVE_GAME: lambda st, d: f"{_name(st, d)}'s hand-limit penalties for this round exceed the game's",
    Code.HISTORY_PENALTIES: lambda st, d: f"{_entry(d)} has damaged penalties",
    Code.CLAIMS_NOT_OBJECT: lambda st, d: "claims data is damaged",
    Code.CLAIM_RECORD: lambda st, d: _claim(d),
    Code.CLAIM_TOKENS: lambda st, d: f"{_name(st, d)}'s {'claim' if d['field'] == 'tokens' else 'lock'} tokens are damaged",
    Code.CLAIMED_SCORES: lambda st, d: "the scores do not match the claimed sets",
    Code.EXACT_WINNER: lambda st, d: "the winner of the game is out of range",
}


def message(problem: StateProblem, state: GameState) -> str:
    """A state problem in words (the sentence a refused save or replay shows)."""
    words = MESSAGES.get(problem.code)
    return words(state, problem.data) if words is not None else f"the game is impossible ({problem.code})"


def people_problems(state: GameState, none_allowed: bool = False) -> list[str]:
    """A game has exactly one person at the table (the screen shows one rack and waits for one
    player); ``none_allowed`` for a tournament's table, which the person may have left."""
    people = [i + 1 for i, p in enumerate(state.players) if p.kind == HUMAN]
    if len(people) > 1:
        return [f"seats {people[0]} and {people[1]} are both played by a person (a game has one player)"]
    if not people and not none_allowed:
        return ["no seat is played by a person (only the attract mode plays without one)"]
    return []


def session_problems(session: Any, state: GameState, kind: str = "game") -> list[str]:
    """The UI's own data: free-form plain JSON, with the fields we know checked, and the seats the
    session's mode allows: exactly one person in a game (the game has one rack on screen and waits
    for its player), none in the attract mode's games, at most one at a tournament's table (the
    person may be out of the tournament)."""
    if not isinstance(session, dict):
        return ["the session data must be an object"]
    problem = plain_json_problem(session, "the session data", max_nodes=50_000)
    if problem:
        return [problem]
    out = []
    if "timer_remaining" in session:
        v = session["timer_remaining"]
        limit = state.variant.turn_time()
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                out.append("the remaining turn time must be a number of seconds")
            elif not 0 <= v <= limit:
                out.append(f"the remaining turn time {v} is outside 0..{limit} seconds")
    if "game_id" in session and text_problem(session["game_id"], 64, "the game id"):
        out.append("the game's id is damaged")
    demo = session.get("demo", False)
    if not isinstance(demo, bool):
        out.append("the demo mark must be true or false")
    elif demo or session.get("mode") == "demo":
        people = [i + 1 for i, p in enumerate(state.players) if p.kind == HUMAN]
        if people:  # the attract mode plays every seat itself; a game with a person in it is never a demo
            out.append(f"a game with a person in seat {people[0]} is marked as a demo")
    else:
        out.extend(people_problems(state, none_allowed=kind == "tournament"))
    if "seat_kinds" in session:
        v = session["seat_kinds"]
        kinds = known_kinds()
        if not isinstance(v, list) or len(v) != len(state.players) or not all(isinstance(k, str) and k in kinds for k in v):
            out.append("the seat kinds do not match the seats")
    return out
