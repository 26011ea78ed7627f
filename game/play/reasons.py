"""Why a move is refused, in words: the one place the referee's reason codes
(``game.rules.reasons.Reason``, carried by ``turn.Problem``) become sentences.

A refusal is told to the player who tried the move, so in the second person ("those tiles are
not yours to play (red 5)").  ``say(problem)`` is the reason as the screens have always shown it:
lower case, no full stop, so it reads after "Not yet: " or as a line of its own
(``sentence`` capitalises it and ends it).  ``preview_words`` says what ending the turn would do
(``engine.EndTurnPreview``); ``cautions`` says a rule set's warnings before the turn ends.

Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from ..rules.engine import EndTurnPreview
from ..rules.reasons import Reason, SetFault
from ..rules.tiles import COLOR_NAMES, COLORS, colour_index, is_joker, set_words, tile_words, tiles_in_words
from ..rules.turn import Problem


def _tiles(p: Problem) -> str:
    return tiles_in_words(p.tiles)


def _either(p: Problem) -> str:
    """The tiles a joker may stand for, "red 5 or blue 5"."""
    return " or ".join(sorted(tile_words(t) for t in p.tiles))


def _n(p: Problem, i: int) -> int:
    return p.numbers[i] if i < len(p.numbers) else 0


def _freed_few(p: Problem) -> str:
    n = _n(p, 0)
    return f"a freed joker must be played this turn in a set with {'at least one tile' if n == 1 else f'{n} or more tiles'} from your rack"


FAULTS = {
    SetFault.GROUP_ONE_NUMBER: "a group needs one number in different colours",
    SetFault.GROUP_TOO_LONG: "a group has at most 4 tiles, one of each colour",
    SetFault.GROUP_COLOUR_TWICE: "a group cannot repeat a colour",
    SetFault.NO_NUMBER: "a set needs at least one numbered tile",
    SetFault.RUN_ONE_COLOUR: "a run must be all one colour",
    SetFault.RUN_WRAPS: "a run cannot wrap from 13 to 1",
    SetFault.RUN_ASCENDING: "a run needs consecutive numbers, lowest first",
    SetFault.RUN_PAST_13: "a run cannot go past 13 (no wrapping to 1)",
    SetFault.RUN_BELOW_1: "a run cannot go below 1",
    SetFault.RUN_REPEATS: "a run cannot repeat a number",
    SetFault.RUN_TOO_LONG: "a run has at most 13 tiles",
    SetFault.RUN_CONSECUTIVE: "a run needs consecutive numbers",
    SetFault.TOO_SHORT: "a set needs at least 3 tiles",
    SetFault.EMPTY: "empty set",
    SetFault.NONE: "not a valid set",
}


def fault_words(fault: SetFault, tiles: Sequence[int] = ()) -> str:
    """Why a line of tiles is not a set (``Meld.reason``); a repeated colour is named from the tiles."""
    text = FAULTS[fault]
    if fault == SetFault.GROUP_COLOUR_TWICE:
        colours = [colour_index(t) for t in tiles if not is_joker(t)]
        twice = next((c for c in colours if colours.count(c) > 1), None)
        if twice is not None:
            text += f" (two {COLOR_NAMES[COLORS[twice]]} tiles)"
    return text


def _fault(p: Problem) -> str:
    return fault_words(p.fault, p.tiles)


WORDS: dict[Reason, Callable[[Problem], str]] = {
    Reason.NOT_A_LAYOUT: lambda p: "a play must be a table layout",
    Reason.NOT_A_CELL: lambda p: "the table has a place that is not a (row, column) cell",
    Reason.NOT_A_TILE: lambda p: "the table holds something that is not a tile",
    Reason.TILE_TWICE: lambda p: "a tile is on the table twice" + (f" ({_tiles(p)})" if p.tiles else ""),
    Reason.NOT_YOURS: lambda p: f"those tiles are not yours to play ({_tiles(p)})",
    Reason.TABLE_TILE_TO_RACK: lambda p: f"table tiles cannot go back to the rack ({_tiles(p)})",
    Reason.DRAWN_THIS_TURN: lambda p: "the tile you drew this turn cannot be played until your next turn",
    Reason.INVALID_SET: lambda p: f"{_tiles(p)}: {_fault(p)}",
    Reason.NOT_CONNECTED: lambda p: "all tiles on the board must form one connected group",
    Reason.NOTHING_PLAYED: lambda p: "play at least one tile from your rack (or draw instead)",
    Reason.TABLE_MOVED_BEFORE_MELD: lambda p: "before your initial meld you may not move tiles already on the table",
    Reason.MELD_FROM_RACK_ONLY: lambda p: "your initial meld must use tiles from your rack only",
    Reason.MELD_TOO_FEW_POINTS: lambda p: (f"the initial meld needs at least {_n(p, 0)} points from your rack "
                                           f"(you have {_n(p, 1)})"),
    Reason.JOKER_NOT_REPLACED: lambda p: (f"a joker taken from the table must be replaced by "
                                          f"{_either(p) or 'the tile it stood for'} from your rack"),
    Reason.FREED_JOKER_OLD_SET: lambda p: ("a freed joker must go into a new set: not back into the set it came from, "
                                           "nor onto a set that was already on the table"),
    Reason.FREED_JOKER_FEW_RACK: _freed_few,
    Reason.RACK_JOKER_FEW_MATES: lambda p: f"a joker from your rack needs {_n(p, 0)} other tiles from your rack in its set",
    Reason.JOKER_NOT_IN_PLACE: lambda p: (f"to free a joker, put {_either(p) or 'the tile it stood for'} from your rack "
                                          "in its place in the set (the tile that replaces a joker must take its place)"),
    Reason.FREED_JOKER_FEW_BESIDES: lambda p: (f"a freed joker needs {_n(p, 0)} tiles from your rack in its new set "
                                               "besides the tile that replaced it"),
    Reason.JOKER_CROSSING: lambda p: "a joker where two sets cross must stand for the same tile in both",
    Reason.BAD_ACTION: lambda p: p.detail or "that is not a move the game knows",
    Reason.NEXT_ROUND_EARLY: lambda p: "the next round starts only after a round has ended",
    Reason.ROUND_OVER: lambda p: "the round is over",
    Reason.GAME_OVER: lambda p: "the game is over",
    Reason.NO_CLAIMS: lambda p: "this rule set has no claims",
    Reason.MUST_MELD: lambda p: (f"you hold {_n(p, 0)} tiles ({_n(p, 1)} or more), so you must meld while you can "
                                 f"(you could play {_tiles(p)})"),
    Reason.BOARD_MOVED_BEFORE_PLAY: lambda p: "before your initial play you may not move tiles already on the board",
    Reason.INITIAL_PLAY_NEW_SETS: lambda p: ("your initial play must be new sets from your rack: a new set may cross one "
                                             "tile on the board, but you may not add to or join sets already there"),
    Reason.INITIAL_PLAY_TOO_FEW_POINTS: lambda p: (f"the initial play needs at least {_n(p, 0)} points from your rack "
                                                   f"(you have {_n(p, 1)})"),
    Reason.CLAIMED_SET_KEPT: lambda p: (f"{set_words(p.tiles)} is claimed: a claimed set stays as it is "
                                        "(you may only cross it)"),
    Reason.CLAIM_NAMES_NO_SET: lambda p: "a claim must name a set on the board",
    Reason.CLAIM_UNKNOWN_KEY: lambda p: f"there is no set {p.detail!r} on the board",
    Reason.CLAIM_NO_SET_THERE: lambda p: "there is no set through that tile",
    Reason.CLAIM_EMPTY_CELL: lambda p: "that cell is empty",
    Reason.CLAIM_WHICH_SET: lambda p: "that tile is in two sets: say which (across or down)",
    Reason.CLAIM_NEEDS_CELLS: lambda p: "a claim must name the cells of one set",
    Reason.CLAIM_BAD_CELLS: lambda p: "a claim must name cells as [row, column] pairs",
    Reason.CLAIM_CELL_TWICE: lambda p: "a cell is named twice in the claim",
    Reason.CLAIM_EMPTY_CELLS: lambda p: "a claim must cover tiles, not empty cells",
    Reason.CLAIM_ONE_SET: lambda p: "you may claim only one set a turn",
    Reason.CLAIM_WHOLE_SET: lambda p: "a claim must cover every tile of exactly one set (a full line of three or more)",
    Reason.CLAIM_INVALID_SET: lambda p: f"{set_words(p.tiles)} is not a valid set ({_fault(p)})",
    Reason.CLAIM_BEFORE_INITIAL: lambda p: "make your initial play before you claim a set",
    Reason.CLAIM_LOCKED: lambda p: "that set is locked: it was claimed three times and cannot be claimed again",
    Reason.CLAIM_HELD_ALREADY: lambda p: "you already hold that set",
    Reason.HIJACK_UNCLAIMED: lambda p: "nobody has claimed that set yet: claim it instead of hijacking",
    Reason.CLAIM_FEW_TOKENS: lambda p: f"you need {_n(p, 0)} claim tokens for that set and have {_n(p, 1)} left",
    Reason.CLAIM_NO_LOCK: lambda p: "the third claim on a set needs a lock token, and you have none left",
    Reason.CLAIM_CROSSING: lambda p: "a tile of that set already carries tokens of a crossing claimed set",
    Reason.CLAIM_PAST_TARGET: lambda p: (f"that set is worth {_n(p, 0)}: claiming it would take you from {_n(p, 1)} "
                                         f"past {_n(p, 2)}"),
    Reason.NOT_YOUR_TURN: lambda p: "it is not your turn",
    Reason.HELD_TILES_UNUSED: lambda p: (f"tiles taken from the table must be used this turn ({_tiles(p)}): "
                                         "put them back into sets on the table"),
    Reason.NO_SUCH_ACTION: lambda p: "this rule set has no such action",
    Reason.STALE_COMPUTER_MOVE: lambda p: "the computer's move no longer fits the table",
    Reason.PUZZLE_NO_POOL: lambda p: "a puzzle has no pool to draw from: press Skip to move on",
    Reason.LESSON_OTHER_CLAIM: lambda p: "not this lesson's claim",
    Reason.PUZZLE_NOT_A_TILE: lambda p: f"not a tile: {p.detail!r}",
    Reason.PUZZLE_INVALID_SET: lambda p: (f"{set_words(p.tiles)} is not a valid set: "
                                          f"{_fault(p) if p.fault else FAULTS[SetFault.TOO_SHORT]}"),
    Reason.PUZZLE_TILE_TWICE: lambda p: f"the {_tiles(p)} lies on the table twice",
    Reason.PUZZLE_TABLE_TILES_GONE: lambda p: f"table tiles taken away: {_tiles(p)}",
    Reason.PUZZLE_RACK_NOT_PLACED: lambda p: f"rack tiles not placed: {_tiles(p)}",
    Reason.PUZZLE_TILES_FROM_NOWHERE: lambda p: f"tiles from nowhere: {_tiles(p)}",
    Reason.PUZZLE_RUN_OVER: lambda p: "the run is over",
    Reason.OVER_HAND_LIMIT: lambda p: (f"Ending your turn with {_n(p, 0)} tiles is above the hand limit of {_n(p, 1)}: "
                                       f"{_n(p, 2)} points will be deducted from your score."),
}


def say(problem: Problem) -> str:
    """One reason as a phrase: lower case, no full stop."""
    return WORDS[problem.code](problem)


def say_all(problems: Iterable[Problem]) -> str:
    """Every reason, "; " between them ("" for none)."""
    return "; ".join(say(p) for p in problems)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(problem: Problem) -> str:
    """One reason as a sentence of its own."""
    return cap(say(problem)) + "."


def cautions(warnings: Iterable[Problem]) -> str:
    """A rule set's warnings before the turn ends (``Variant.end_turn_warnings``), as sentences."""
    return " ".join(say(w) for w in warnings)


def preview_words(pv: EndTurnPreview) -> str:
    """What ending the turn would do (``engine.preview_end_turn``), told to the player."""
    match pv.outcome:
        case "draw":
            return " ".join(["Nothing was played: you draw a tile."] + [say(w) for w in pv.warnings])
        case "play":
            return cautions(pv.warnings)
        case "penalty":
            return ("Incomplete sets are left on the table. If you end your turn now, the table is put back, "
                    f"your tiles return to your rack and you draw {pv.penalty} penalty tiles.")
    if [p.code for p in pv.problems] == [Reason.ROUND_OVER]:
        return "The round is over."
    return say_all(pv.problems)
