"""Why the referee refuses a move: codes with data, never sentences (python-chess's ``Status``
flags are the model).

A refusal is a ``turn.Problem``: a ``Reason`` and plain fields (the cells it concerns, tiles,
numbers, what is wrong with a set).  ``game.play.reasons`` is the one place that turns them into
words, in the second person (a refusal is told to the player who tried the move).  The comment
beside each code says which fields it fills.

Pure Python: no pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Reason(StrEnum):
    """Why a move is refused.  A ``str``: it is saved and compared as its plain value."""

    # the table as a whole (``engine.board_problems``, ``turn.analyse``)
    NOT_A_LAYOUT = "not_a_layout"
    NOT_A_CELL = "not_a_cell"
    NOT_A_TILE = "not_a_tile"
    TILE_TWICE = "tile_twice"  # tiles (may be empty)
    NOT_YOURS = "not_yours"  # tiles
    TABLE_TILE_TO_RACK = "table_tile_to_rack"  # tiles, cells
    DRAWN_THIS_TURN = "drawn_this_turn"  # cells
    INVALID_SET = "invalid_set"  # tiles, cells, fault: the set's ``SetFault`` (``melds.Meld.reason``)
    NOT_CONNECTED = "not_connected"
    NOTHING_PLAYED = "nothing_played"
    # the initial meld
    TABLE_MOVED_BEFORE_MELD = "table_moved_before_meld"  # cells
    MELD_FROM_RACK_ONLY = "meld_from_rack_only"  # cells
    MELD_TOO_FEW_POINTS = "meld_too_few_points"  # numbers: (needed, had)
    # jokers
    JOKER_NOT_REPLACED = "joker_not_replaced"  # tiles: one of each face it may stand for (none: unknown), cells
    FREED_JOKER_OLD_SET = "freed_joker_old_set"  # cells
    FREED_JOKER_FEW_RACK = "freed_joker_few_rack"  # numbers: (rack tiles needed,), cells
    RACK_JOKER_FEW_MATES = "rack_joker_few_mates"  # numbers: (other rack tiles needed,), cells
    JOKER_NOT_IN_PLACE = "joker_not_in_place"  # tiles: one of each face it may stand for, cells
    FREED_JOKER_FEW_BESIDES = "freed_joker_few_besides"  # numbers: (rack tiles needed,), cells
    JOKER_CROSSING = "joker_crossing"  # cells (Rummi200kub)
    # the engine's flow
    BAD_ACTION = "bad_action"  # detail: the decoder's note for developers (a malformed action)
    NEXT_ROUND_EARLY = "next_round_early"
    ROUND_OVER = "round_over"
    GAME_OVER = "game_over"
    NO_CLAIMS = "no_claims"
    # Rummibug
    MUST_MELD = "must_meld"  # numbers: (tiles held, the must-meld count), tiles: a play the referee sees
    # Rummi200kub: the initial play and claimed sets
    BOARD_MOVED_BEFORE_PLAY = "board_moved_before_play"  # cells
    INITIAL_PLAY_NEW_SETS = "initial_play_new_sets"  # cells
    INITIAL_PLAY_TOO_FEW_POINTS = "initial_play_too_few_points"  # numbers: (needed, had)
    CLAIMED_SET_KEPT = "claimed_set_kept"  # tiles, cells
    # Rummi200kub: naming the set of a claim (``claims.line_for``)
    CLAIM_NAMES_NO_SET = "claim_names_no_set"
    CLAIM_UNKNOWN_KEY = "claim_unknown_key"  # detail: the key asked for
    CLAIM_NO_SET_THERE = "claim_no_set_there"
    CLAIM_EMPTY_CELL = "claim_empty_cell"
    CLAIM_WHICH_SET = "claim_which_set"
    CLAIM_NEEDS_CELLS = "claim_needs_cells"
    CLAIM_BAD_CELLS = "claim_bad_cells"
    CLAIM_CELL_TWICE = "claim_cell_twice"
    CLAIM_EMPTY_CELLS = "claim_empty_cells"
    CLAIM_ONE_SET = "claim_one_set"
    CLAIM_WHOLE_SET = "claim_whole_set"
    # Rummi200kub: may this seat claim that set (``claims.check_line_claim``)
    CLAIM_INVALID_SET = "claim_invalid_set"  # tiles, cells, fault
    CLAIM_BEFORE_INITIAL = "claim_before_initial"  # cells
    CLAIM_LOCKED = "claim_locked"  # cells
    CLAIM_HELD_ALREADY = "claim_held_already"  # cells
    HIJACK_UNCLAIMED = "hijack_unclaimed"  # cells
    CLAIM_FEW_TOKENS = "claim_few_tokens"  # numbers: (tokens needed, tokens left), cells
    CLAIM_NO_LOCK = "claim_no_lock"  # cells
    CLAIM_CROSSING = "claim_crossing"  # cells
    CLAIM_PAST_TARGET = "claim_past_target"  # numbers: (points, score, target), cells
    # the session and the screens (``game.play``, ``game.ui``)
    NOT_YOUR_TURN = "not_your_turn"
    HELD_TILES_UNUSED = "held_tiles_unused"  # tiles
    NO_SUCH_ACTION = "no_such_action"
    STALE_COMPUTER_MOVE = "stale_computer_move"
    PUZZLE_NO_POOL = "puzzle_no_pool"
    LESSON_OTHER_CLAIM = "lesson_other_claim"
    # a puzzle's table (``game.puzzles.check_table``)
    PUZZLE_NOT_A_TILE = "puzzle_not_a_tile"  # detail: what was there, cut short
    PUZZLE_INVALID_SET = "puzzle_invalid_set"  # tiles, fault
    PUZZLE_TILE_TWICE = "puzzle_tile_twice"  # tiles
    PUZZLE_TABLE_TILES_GONE = "puzzle_table_tiles_gone"  # tiles
    PUZZLE_RACK_NOT_PLACED = "puzzle_rack_not_placed"  # tiles
    PUZZLE_TILES_FROM_NOWHERE = "puzzle_tiles_from_nowhere"  # tiles
    PUZZLE_RUN_OVER = "puzzle_run_over"
    # warnings before a turn ends (``Variant.end_turn_warnings``): the turn is allowed, at a cost
    OVER_HAND_LIMIT = "over_hand_limit"  # numbers: (tiles held after the turn, the hand limit, points it costs)



class SetFault(StrEnum):
    """Why a line of tiles is not a valid set (``melds.Meld.reason``).  The repeated colour of
    ``GROUP_COLOUR_TWICE`` is read from the tiles."""

    NONE = ""
    GROUP_ONE_NUMBER = "group_one_number"
    GROUP_TOO_LONG = "group_too_long"
    GROUP_COLOUR_TWICE = "group_colour_twice"
    NO_NUMBER = "no_number"
    RUN_ONE_COLOUR = "run_one_colour"
    RUN_WRAPS = "run_wraps"
    RUN_ASCENDING = "run_ascending"  # consecutive numbers, lowest first (in table order)
    RUN_PAST_13 = "run_past_13"
    RUN_BELOW_1 = "run_below_1"
    RUN_REPEATS = "run_repeats"
    RUN_TOO_LONG = "run_too_long"
    RUN_CONSECUTIVE = "run_consecutive"  # consecutive numbers (in any order)
    TOO_SHORT = "too_short"
    EMPTY = "empty"


class TieBreak(StrEnum):
    """Why one seat ranks above another on the same total (Golden Games, ``tie_break_reason``)."""

    LOWER_TOTAL = "lower_total"
    MORE_GAMES_WON = "more_games_won"
    LOWER_LAST_GAME = "lower_last_game"
    DRAW = "draw"


class Fact(StrEnum):
    """What a rule set tells the player to move beside the table (``Variant.status_lines``) and
    what the turn clock does (``Variant.timeout_consequence``).  The comment says the numbers."""

    GAME_OF = "game_of"  # (game, games): Golden Games calls a round a game
    LOWEST_TOTAL_WINS = "lowest_total_wins"
    INITIAL_MELD_POINTS = "initial_meld_points"  # (points,)
    EXACT_TARGET = "exact_target"  # (target, the seat's score)
    TOKENS_LEFT = "tokens_left"  # (claim tokens, lock tokens)
    TARGET_LOWEST_WINS = "target_lowest_wins"  # (target,)
    TARGET_FIRST_TO = "target_first_to"  # (target,)
    ROUND_LEADER = "round_leader"  # (round, the leader's score); seat: the leader
    ROUND = "round"  # (round,)
    JOKER_ON_RACK_COSTS = "joker_on_rack_costs"  # (points,)
    ROUND_OF_HIGHEST_WINS = "round_of_highest_wins"  # (round, rounds)
    DRAW_PILE = "draw_pile"  # (tiles in the pool,)
    MUST_MELD_NOW = "must_meld_now"  # (tiles held, the must-meld count)
    MUST_MELD_RULE = "must_meld_rule"  # (the must-meld count,)
    HAND_LIMIT = "hand_limit"  # (limit,) at its lowest, else (limit, rounds of turns until it falls)
    OVER_HAND_LIMIT_NOW = "over_hand_limit_now"  # (tiles held, limit, points it costs)
    HAND_LIMIT_COST = "hand_limit_cost"  # (limit, points it costs)
    # the turn clock ran out (``Variant.timeout_consequence``)
    TIME_UP_DRAW = "time_up_draw"
    TIME_UP_PENALTY = "time_up_penalty"  # (penalty tiles,)
    TIME_UP_SECONDS_DRAW = "time_up_seconds_draw"  # (seconds of the turn,)


@dataclass(frozen=True)
class Note:
    """One fact for the player to move, with its numbers (and a seat it names)."""

    fact: Fact
    numbers: tuple[int, ...] = ()
    seat: int | None = None
