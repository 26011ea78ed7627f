"""Checks a loaded game must pass beyond ``GameState.from_dict``.

``GameState.from_dict`` already checks types, the rule set and its options, the
random generator state, and that all 106 tiles are accounted for exactly once.
Here we add what a save from disk must also satisfy before the game trusts it:
names and numbers in range, seats that exist, a legal table, tidy history and
event lists (the screens read them), plain JSON in the variant data, and
whatever the rule set itself checks (``Variant.state_problems(state)`` when a
variant defines it).

Everything returns a list of sentences; an empty list means "fine".
"""

from __future__ import annotations

from typing import Any

from ...rules.state import HUMAN, GameState, Phase
from ...rules.tiles import tiles_in_words
from ..textcheck import text_problem

MAX_NAME = 32
MAX_REASON = 40
MAX_KIND = 24
MAX_ABS_SCORE = 10_000_000
MAX_ROUND = 10_000
MAX_TURNS = 10_000_000
MAX_CELL = 10_000
MAX_EVENTS = 1_000
MAX_HISTORY = MAX_ROUND
MAX_SEED = 2**63
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


def _is_tile(v: Any) -> bool:
    return type(v) is int and 0 <= v <= 105


def _is_int(v: Any) -> bool:
    return type(v) is int


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


def rng_problem(state: GameState) -> str | None:
    """The generator state must be one ``random`` could have reached: an all-zero state
    deals the same tiles for ever."""
    _version, internal, _gauss = state.rng.getstate()
    if not any(internal[:624]):
        return "the random generator state is damaged (all zero)"
    return None


def state_problems(state: GameState, check_json: bool = True) -> list[str]:
    """Everything beyond ``from_dict`` that a game from disk must satisfy.  ``check_json``
    may be False when the whole game dict was already checked to be plain JSON."""
    out: list[str] = []
    if check_json:
        for what, value in (
            ("the rule-set data", state.extra),
            ("the rule-set options", state.options),
            ("the score history", state.history),
            ("the event list", state.events),
            *((f"the rule-set data of seat {i + 1}", p.extra) for i, p in enumerate(state.players)),
        ):
            problem = plain_json_problem(value, what)
            if problem:
                return [problem]
    n = len(state.players)
    seats = range(n)
    kinds = known_kinds()

    # players
    for i, p in enumerate(state.players):
        who = f"seat {i + 1}"
        problem = name_problem(p.name, who)
        if problem:
            out.append(problem)
        if p.kind not in kinds:
            shown = p.kind if len(p.kind) <= MAX_KIND and p.kind.isprintable() else p.kind[:MAX_KIND].encode("unicode_escape").decode()
            out.append(f"{who} is played by an unknown computer level {shown!r} (known: {', '.join(sorted(kinds))})")
        if abs(p.score) > MAX_ABS_SCORE:
            out.append(f"{who} has an impossible score {p.score}")
        if not 0 <= p.rounds_won <= state.round:
            out.append(f"{who} has won {p.rounds_won} rounds, but this is round {state.round}")

    # counters
    if not abs(state.seed) < MAX_SEED:
        out.append("the game seed is out of range")
    if state.round > MAX_ROUND:
        out.append(f"round {state.round} is out of range")
    if not 0 <= state.turn <= state.total_turns <= MAX_TURNS:
        out.append(f"turn counters are out of range (turn {state.turn}, {state.total_turns} in all)")
    if not 0 <= state.passes <= max(state.total_turns, 0):
        out.append(f"the count of passes ({state.passes}) is out of range")

    # who drew what
    if state.drawn is not None:
        if not _is_tile(state.drawn) or state.drawn not in state.player.rack:
            out.append("the tile drawn this turn is not on the rack of the player to move")
    for seat, t in state.last_drawn.items():
        if seat not in seats or not _is_tile(t):
            out.append("the record of last drawn tiles names a seat or tile that does not exist")
            break
    if state.opening_draw and (len(state.opening_draw) != n or not all(_is_tile(t) for t in state.opening_draw)):
        out.append("the opening draw does not match the seats")

    # round state
    if state.phase == Phase.PLAY:
        if state.round_winner is not None or state.round_end_reason:
            out.append("the round is in play but already has a result")
        empty = [i + 1 for i, p in enumerate(state.players) if not p.rack]
        if empty:  # the engine ends a round the moment a rack is emptied
            out.append(f"seat {empty[0]} has no tiles left, yet the round is still in play")
    elif not state.round_end_reason or len(state.round_end_reason) > MAX_REASON:
        out.append("a finished round has no reason for ending")
    if state.round_end_reason:
        problem = reason_problem(state.round_end_reason, "the round's end")
        if problem:
            out.append(problem)
    if state.round < 1:
        out.append(f"round {state.round} is out of range")
    elif len(state.history) <= state.round and len(state.history) not in (
        (state.round - 1,) if state.phase == Phase.PLAY else (state.round - 1, state.round)
    ):  # (more rounds than this one: history_problems says so)
        out.append(f"this is round {state.round}, but the score history holds {len(state.history)} rounds")
    problem = rng_problem(state)
    if problem:
        out.append(problem)

    # the table
    out.extend(board_problems(state))

    # history (the score table reads it) and events (the play screen reads them)
    out.extend(history_problems(state))
    out.extend(event_problems(state))

    if not out:
        try:
            out.extend(str(p) for p in state.variant.state_problems(state))
        except Exception as exc:  # a variant's own check must not crash loading
            out.append(f"the rule set could not check this game ({type(exc).__name__})")
    return out


def board_problems(state: GameState) -> list[str]:
    """Cells in range; between turns of a round in play, every line a valid set (and,
    on a crossword board, one connected group).  A finished round's table is shown
    as it was left, so only its cells are checked."""
    out: list[str] = []
    for (r, c) in state.board.cells:
        if abs(r) > MAX_CELL or abs(c) > MAX_CELL:
            return [f"a tile lies far off the table (row {r}, column {c})"]
    if state.phase != Phase.PLAY:
        return out
    variant = state.variant
    for line in state.board.lines(vertical=variant.crossword):
        meld = line.check()
        if not meld:
            out.append(f"the table holds an invalid set ({tiles_in_words(line.tiles)}: {meld.reason})")
            if len(out) >= 3:
                break
    if variant.crossword and not state.board.is_connected():
        out.append("the tiles on the board do not form one connected group")
    return out


def history_problems(state: GameState) -> list[str]:
    n = len(state.players)
    if not all(isinstance(entry, dict) for entry in state.history):
        return ["the score history holds an entry that is not an object"]
    if len(state.history) > min(state.round, MAX_HISTORY):
        return [f"the score history has {len(state.history)} rounds, but this is round {state.round}"]
    for k, entry in enumerate(state.history):
        where = f"round {k + 1} of the score history"
        if not isinstance(entry, dict):
            return [f"{where} is not an object"]
        rnd = entry.get("round")
        if not _is_int(rnd) or not 1 <= rnd <= state.round:
            return [f"{where} names a round that does not exist"]
        problem = reason_problem(entry.get("reason", ""), where)
        if problem:
            return [problem]
        winner = entry.get("winner")
        if winner is not None and (not _is_int(winner) or not 0 <= winner < n):
            return [f"{where} names a winner who is not at the table"]
        for key in ("deltas", "rack_values", "scores"):
            if key in entry:
                v = entry[key]
                if not isinstance(v, list) or len(v) != n or not all(_is_int(x) and abs(x) <= MAX_ABS_SCORE for x in v):
                    return [f"{where} has damaged {key.replace('_', ' ')}"]
        if "racks" in entry:
            v = entry["racks"]
            if not isinstance(v, list) or len(v) != n or not all(isinstance(x, str) and len(x) <= 600 for x in v):
                return [f"{where} has damaged racks"]
    return []


def event_problems(state: GameState) -> list[str]:
    n = len(state.players)
    if len(state.events) > MAX_EVENTS:
        return [f"the event list is far too long ({len(state.events)})"]
    for ev in state.events:
        if not isinstance(ev, dict):
            return ["an event is not an object"]
        kind = ev.get("type")
        if not isinstance(kind, str) or not 0 < len(kind) <= 40:
            return ["an event has no type"]
        turn = ev.get("turn", 0)
        if not _is_int(turn) or not 0 <= turn <= state.total_turns:
            return [f"a {kind} event happened on a turn that has not been played"]
        for key in ("seat", "first", "winner"):
            if key in ev and ev[key] is not None and (not _is_int(ev[key]) or not 0 <= ev[key] < n):
                return [f"a {kind} event names a seat that is not at the table"]
        if "tile" in ev and not _is_tile(ev["tile"]):
            return [f"a {kind} event names a tile that does not exist"]
        if "tiles" in ev and (not isinstance(ev["tiles"], list) or not all(_is_tile(t) for t in ev["tiles"])):
            return [f"a {kind} event names tiles that do not exist"]
    return []


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
