"""Checks a saved tournament must pass, as thorough as an ordinary save's.

``TournamentData.from_dict`` (``model.py``) checks the tournament's shape: the stage
plan, who sits where, totals and rankings.  A save from disk must also have:

* entrants whose names and levels a screen can draw (no control or invisible
  characters, see ``game/storage/textcheck.py``) and computer levels that exist;
* finished tables whose game records are sane (scores in range, a reason that is
  short plain text, statistics that are whole numbers in range);
* a game in progress that passes every check an ordinary save's game passes
  (``gamecheck.game_from_dict``), is played by the table's entrants at their levels,
  and is the very game the save's envelope holds (the screens resume the one and
  the tournament records the other: they must agree).

``tournament_problems`` returns sentences; an empty list means "fine".  Importing this
module registers it with the saves layer (``game/storage/saves/checks.py``), which
never imports the tournament: ``import game.tournament`` is enough.
"""

from __future__ import annotations

from typing import Any

from ..rules.state import HUMAN
from ..storage.saves import checks
from ..storage.saves.gamecheck import SaveError, game_from_dict
from ..storage.saves.validate import MAX_ABS_SCORE, MAX_SEED, MAX_TURNS, known_kinds, reason_problem
from ..storage.textcheck import text_problem
from .core import Tournament
from .model import COMPUTER
from .plan import NAME_LIMIT, TournamentError

FIELD = "tournament"  # the save envelope's field this checks
MAX_LEVEL = 40
MAX_TIE_BREAK = 400
MAX_PLAYED = 40


def tournament_problems(d: Any, envelope_game: dict | None = None) -> list[str]:
    """Everything wrong with the tournament data ``d`` of a save; ``envelope_game`` is the
    save's own ``game`` (a tournament save's), which a game in progress must equal."""
    if not isinstance(d, dict):
        return ["the tournament data must be an object"]
    # the text checks first: the structure checks below quote names in their messages
    problems = entrant_problems(d.get("entrants"), NAME_LIMIT)
    if problems:
        return problems
    levels = d.get("levels")
    if isinstance(levels, list) and any(isinstance(lv, str) and text_problem(lv.strip(), MAX_LEVEL, "a level") for lv in levels):
        return ["the computer levels hold characters that cannot be shown"]
    try:
        t = Tournament.from_dict(d)
    except TournamentError as exc:
        return [str(exc)]
    except RecursionError:
        return ["the tournament data is nested too deeply"]
    if not abs(t.seed) < MAX_SEED:
        return ["the tournament's seed is out of range"]
    out = table_problems(t)
    if out:
        return out
    live = d.get("live")
    if live is not None:
        out.extend(live_problems(t, live, envelope_game))
    elif envelope_game is not None:
        out.extend(preview_problems(t, envelope_game))
    return out


def preview_problems(t: Tournament, envelope_game: dict) -> list[str]:
    """Between tables the save's ``game`` is the deal of the next table: it must be a game
    of that table (its players at their levels, the tournament's rule set)."""
    want = t.preview_table()
    players = envelope_game.get("players")
    got = [(p.get("name"), p.get("kind")) for p in players if isinstance(p, dict)] if isinstance(players, list) else []
    if envelope_game.get("variant") != want.variant_key or got != [(p.name, p.kind) for p in want.players]:
        return ["the game saved with the tournament is not the next table's"]
    return []


def entrant_problems(entrants: Any, name_limit: int) -> list[str]:
    """The entrants' texts, read before the structure (whose messages quote the names)."""
    if not isinstance(entrants, list):
        return []  # from_dict says what is wrong
    kinds = known_kinds() - {HUMAN}
    for i, e in enumerate(entrants):
        if not isinstance(e, dict):
            continue
        who = f"entrant {i + 1}"
        problem = text_problem(e.get("name"), name_limit, "the name")
        if problem:
            return [f"{who}: {problem}"]
        for key in ("level", "plays_as"):
            v = e.get(key)
            if not isinstance(v, str):
                return [f"{who} has a damaged level"]
            if v and text_problem(v, MAX_LEVEL, "the level"):
                return [f"{who}: {text_problem(v, MAX_LEVEL, 'the level')}"]
        if e.get("kind") == COMPUTER and e.get("plays_as") not in kinds:
            return [f"{who} is played by an unknown computer level"]
        if e.get("kind") == HUMAN and (e.get("level") or e.get("plays_as")):
            return [f"{who} is the person playing, yet has a computer level"]
    return []


def _int_in(v: Any, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high


def table_problems(t: Tournament) -> list[str]:
    """Numbers and texts of every table that the structure check takes as they are."""
    for s_index, stage in enumerate(t.data.stages):
        for t_index, tb in enumerate(stage.tables):
            where = f"stage {s_index + 1}, table {t_index + 1}"
            if not abs(tb.seed) < MAX_SEED:
                return [f"{where} has a seed out of range"]
            if not _int_in(tb.turns, 0, MAX_TURNS) or not _int_in(tb.illegal_moves, 0, MAX_TURNS):
                return [f"{where} has damaged statistics"]
            for key, text, limit in (("tie_break", tb.tie_break, MAX_TIE_BREAK), ("played", tb.played, MAX_PLAYED)):
                what = f"the {key.replace('_', '-')} text"
                if text and text_problem(text, limit, what):
                    return [f"{where}: {text_problem(text, limit, what)}"]
            for g_index, g in enumerate(tb.games):
                if not all(_int_in(x, 0, MAX_ABS_SCORE) for x in g.scores):
                    return [f"{where}, game {g_index + 1} has an impossible score"]
                problem = reason_problem(g.reason, f"{where}, game {g_index + 1}")
                if problem:
                    return [problem]
    return []


def live_problems(t: Tournament, live: dict, envelope_game: dict | None) -> list[str]:
    """The game in progress: an ordinary save's checks, the table's players, the envelope's copy."""
    game = live.get("game")
    try:
        state = game_from_dict(game, "the game in progress")
    except SaveError as exc:
        return [str(exc)]
    if not _int_in(live.get("illegal_moves"), 0, MAX_TURNS):
        return ["the game in progress has a damaged count of illegal moves"]
    seats = t.table(t.live_table).seats
    want = [t.entrant(i).seat_kind for i in seats]
    if [p.kind for p in state.players] != want:
        return ["the game in progress is not played by the table's players at their levels"]
    if envelope_game is not None and envelope_game != game:
        return ["the game in progress does not agree with the game saved beside it"]
    return []


checks.register(FIELD, tournament_problems)
