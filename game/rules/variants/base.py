"""The variant abstraction: one object per rule set, holding its parameters
and the hooks where rule sets differ.

A rule set is a subclass that sets class-level parameters and overrides a few
well-named hooks; ``register`` adds it to the registry that menus, saves and
the simulator look names up in.  The core (turn validation, game flow) calls
only these hooks, so a new rule set plugs in without editing the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from .. import turn as turn_rules
from ..board import GRID_WIDTH, Board, Line
from ..reasons import Fact, Note
from ..registry import REGISTRY, find_variant, register  # noqa: F401  (kept importable from here)
from ..tiles import rack_value

if TYPE_CHECKING:  # pragma: no cover
    from typing import Sequence

    from ..problems import StateProblem

    from ..actions import Claim
    from ..events import Event
    from ..state import GameState
    from ..turn import Analysis, Problem


class StandingRule(StrEnum):
    """How a game is won (``Variant.standing``)."""

    FIRST_TO = "first_to"  # the first to ``target`` points ends the game; the highest total wins
    TOTAL_ENDS = "total_ends"  # a total of ``target`` ends the game; the lowest total wins
    AFTER_ROUNDS = "after_rounds"  # the best total after ``rounds`` rounds wins
    MOST_ROUNDS_WON = "most_rounds_won"  # most rounds won after ``rounds`` rounds (ties: higher total)
    EXACTLY = "exactly"  # exactly ``target`` wins at once, else the closest to it


@dataclass(frozen=True)
class Standing:
    """Where a game stands: the rule, the seat the line names (the leader, the highest total,
    the closest) and its ``value`` (a total, or rounds won)."""

    rule: StandingRule
    seat: int
    value: int
    target: int = 0
    rounds: int = 0
    left: int = 0  # rounds still to play
    round_word: str = "round"  # what the sheet calls a round ("game" in Golden Games)
    lower_wins: bool = False


@dataclass(frozen=True)
class OptionSpec:
    """A setting players may choose before a game (shown on the setup screen)."""

    name: str
    label: str
    default: Any
    choices: tuple = ()  # allowed values; empty = any int in [low, high]
    low: int | None = None
    high: int | None = None
    help: str = ""
    labels: tuple[str, ...] = ()  # what a player reads for each of ``choices`` (the saved value stays)

    def show(self, value: Any) -> str:
        """A value as a player reads it: its label, "On"/"Off", or the number."""
        if isinstance(value, bool):
            return "On" if value else "Off"
        if self.labels and value in self.choices:
            return self.labels[self.choices.index(value)]
        return str(value)

    def coerce(self, value: Any) -> Any:
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            raise ValueError(f"option {self.name} must be true or false")
        if isinstance(self.default, int):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name} must be a whole number")
            if self.choices and value not in self.choices and self.low is None:
                raise ValueError(f"option {self.name} must be one of {', '.join(map(str, self.choices))}")
            if self.low is not None and value < self.low or self.high is not None and value > self.high:
                raise ValueError(f"option {self.name} must be between {self.low} and {self.high}")
            return value
        if self.choices and value not in self.choices:
            raise ValueError(f"option {self.name} must be one of {', '.join(map(str, self.choices))}")
        return value


TIMER_CHOICES = (0, 30, 60, 90, 120)


def timer_words(seconds: int) -> str:
    """A turn time as a player reads it: "Off", "30 s", "1:30"."""
    if not seconds:
        return "Off"
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds} s"


class Variant:
    """Base rule set: the parameters every sheet shares, and overridable hooks."""

    key: ClassVar[str] = ""
    title: ClassVar[str] = ""
    sheet: ClassVar[str] = ""
    blurb: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    tiles_dealt: ClassVar[int] = 14
    initial_meld: ClassVar[int] = 30
    initial_table_untouched: ClassVar[bool] = True  # no table work on the initial-meld turn
    start_rule: ClassVar[str] = "highest"  # who starts: highest or lowest drawn tile
    direction: ClassVar[int] = 1  # +1 clockwise (to the left), -1 counter-clockwise
    crossword: ClassVar[bool] = False  # vertical lines and one connected board
    joker_exact_replacement: ClassVar[bool] = False  # a freed joker's own tile must come from the rack
    freed_joker_min_rack: ClassVar[int] = 0  # rack tiles in the freed joker's new set
    freed_joker_new_set: ClassVar[bool] = False  # a freed joker must go into a new set (not an old one extended)
    hand_joker_min_rack_companions: ClassVar[int] = 0  # rack tiles with a joker played from the rack
    failed_play_penalty: ClassVar[int] = 0  # tiles drawn after ending a turn with an invalid table
    fixed_turn_time: ClassVar[int | None] = None  # seconds, when the sheet sets the limit
    turn_time_choices: ClassVar[tuple[int, ...]] = TIMER_CHOICES
    pool_end: ClassVar[str] = "blocked"  # "blocked": play on until nobody can; "exhausted": round ends with the pool
    lower_score_wins: ClassVar[bool] = False
    grid_width: ClassVar[int] = GRID_WIDTH  # cells in a row of a flat table
    has_claims: ClassVar[bool] = False  # claim tokens on sets (Rummi200kub)
    must_meld_at: ClassVar[int | None] = None  # rack size from which a player must meld if they can
    hand_limit_penalty: ClassVar[int] = 0  # points lost for ending a turn above the hand limit
    rack_points_count: ClassVar[bool] = True  # the tiles left on a rack score: putting points down matters
    timeout_plays_finished_table: ClassVar[bool] = True  # a valid draft when the clock runs out is the play
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    def __init__(self, options: dict | None = None) -> None:
        self.options = self.coerce_options(options or {})

    # -- options ------------------------------------------------------------------
    @classmethod
    def all_option_specs(cls) -> tuple[OptionSpec, ...]:
        specs = list(cls.option_specs)
        if cls.fixed_turn_time is None:
            specs.append(OptionSpec("turn_time", "Turn timer", 0, cls.turn_time_choices,
                                    labels=tuple(timer_words(c) for c in cls.turn_time_choices),
                                    help="How long each turn may last."))
        return tuple(specs)

    @classmethod
    def coerce_options(cls, options: dict) -> dict:
        specs = {s.name: s for s in cls.all_option_specs()}
        unknown = set(options) - set(specs)
        if unknown:
            raise ValueError(f"unknown option(s) for {cls.key}: {', '.join(sorted(unknown))}")
        return {name: spec.coerce(options[name]) if name in options else spec.default for name, spec in specs.items()}

    @property
    def board_shape(self) -> str:
        """The board this rule set is played on: "crossword" (lines both ways, one connected
        board) or "flat" (rows of sets).  Who plays which board is chosen by it (``game.ai.levels``)."""
        return "crossword" if self.crossword else "flat"

    # -- the board's shape: what everything outside the rules asks instead of ``crossword`` ----------
    @property
    def flat_table(self) -> bool:
        """The table is rows of sets, each at most ``grid_width`` cells wide and read left to right
        only; tiles put into a row push the others along.  False on a board that grows in every
        direction and is read both ways (Rummi200kub's crossword board): nothing is pushed, tiles
        go down a row or a column, and the view fits the whole board."""
        return not self.crossword

    @property
    def reads_columns(self) -> bool:
        """Columns of two or more tiles are sets too (the crossword board)."""
        return self.crossword

    def lines(self, board: Board) -> list[Line]:
        """Every line of ``board`` this rule set reads as a set: rows, and columns where
        ``reads_columns``."""
        return board.lines(vertical=self.reads_columns)

    def turn_time(self) -> int:
        return self.fixed_turn_time if self.fixed_turn_time is not None else int(self.options.get("turn_time", 0))

    # -- dealing and turn order -------------------------------------------------------
    def deal_count(self, n_players: int) -> int:
        return self.tiles_dealt

    # -- play checks ------------------------------------------------------------------
    def initial_meld_points(self, state: "GameState | None" = None) -> int:
        return self.initial_meld

    def initial_meld_problems(self, analysis: "Analysis") -> list["Problem"]:
        return turn_rules.initial_meld_problems(analysis, self.initial_meld, self.initial_table_untouched)

    def initial_play_points(self, analysis: "Analysis") -> int:
        """Points an initial play counts (the counter on screen, the note and the play event); the crossword board counts rack tiles."""
        return analysis.initial_points()

    def extra_play_problems(self, analysis: "Analysis") -> list["Problem"]:
        return []

    def draw_problems(self, state: "GameState") -> list["Problem"]:
        """Reasons the current player may not draw (e.g. Rummibug's 35-tile rule)."""
        return []

    def after_turn(self, state: "GameState", seat: int, action: str) -> list["Event"]:
        """Called when a turn ends (play, draw or penalty): returns events (e.g. penalties)."""
        return []

    def status_lines(self, state: "GameState", seat: int) -> list[Note]:
        """Short variant-specific facts for the play screen (target, hand limit, ...), as codes
        with numbers (``game.play.narrate`` words them for the player to move)."""
        return []

    def end_turn_warnings(self, state: "GameState", seat: int, rack_after: "Sequence[int] | int") -> list["Problem"]:
        """Warnings the screen shows before ``seat`` ends a turn that would leave
        ``rack_after`` (the tiles, or just their number) on the rack, so the player
        can change the turn first (e.g. Relaxed Rummibug's hand-limit penalty): codes
        with data, like a refusal's (``game.play.reasons`` words them)."""
        return []

    def forced_play(self, board: "Board", rack: "Sequence[int]", melded: bool, drawn: int | None = None) -> "Board | None":
        """The play a must-meld rule sees for this rack (``must_meld_at``), else None."""
        return None

    def hand_limit_at(self, turn: int, n_players: int) -> int | None:
        """The most tiles a player may hold after the turn with index ``turn``, or None (no limit)."""
        return None

    def hand_limit(self, state: "GameState") -> int | None:
        return self.hand_limit_at(state.turn, len(state.players))

    # -- claims (rule sets with ``has_claims``) ---------------------------------------------
    def claim_turn(self, state: "GameState", action: "Claim") -> tuple[list["Problem"], list["Event"]]:
        """A claim as the whole turn: (problems, events).  On success the state holds the claim
        and the engine ends the turn; on a refusal nothing changed."""
        from ..reasons import Reason
        from ..turn import Problem

        return [Problem(Reason.NO_CLAIMS)], []

    def claim_problems(self, state: "GameState", action: "Claim") -> list["Problem"]:
        """Why a claim would be refused now (empty: it would be accepted)."""
        return self.claim_turn(state.clone(), action)[0]

    def claim_options(self, state: "GameState", seat: int | None = None) -> list[dict]:
        """Every set the seat may claim now, as plain data for a screen."""
        return []

    def claims_view(self, source: Any) -> dict:
        """Every claimed set, as plain data for a screen or a computer player."""
        return {}

    def state_problems(self, state: "GameState") -> "list[StateProblem]":
        """What a state breaks of this rule set's own bookkeeping, as codes with data
        (``game/rules/problems.py``; ``GameState.problems()`` asks, saves and replays check it)."""
        return []

    def play_instead_of_draw(self, view: Any) -> "Board | None":
        """For computer players about to draw: a legal table the rules want played instead
        (a must-play rule such as Rummibug's 35 tiles, or a hand limit), else None.
        ``view`` is the seat's ``engine.PlayerView``."""
        return None

    # -- round and game end -------------------------------------------------------------
    def start_round_extra(self, state: "GameState") -> None:
        """Called after a round is dealt (reset per-round variant data here)."""

    def round_end(self, state: "GameState", seat: int) -> str | None:
        """A variant-specific reason for the round to end after ``seat``'s turn, or None
        to use the standard ones (a rack emptied; the pool ran dry and nobody could play)."""
        return None

    def turn_order(self, state: "GameState") -> dict[int, int]:
        """Each seat's place in this round's turn order, counted from the player who started it."""
        n = len(state.players)
        return {(state.dealer_first + k * self.direction) % n: k for k in range(n)}

    def round_winner(self, state: "GameState", reason: str) -> int | None:
        """Seat that wins the round: who went out, else the lowest rack (ties: fewer tiles,
        then turn order counted from the player who started the round)."""
        if reason == "out":
            return next(i for i, p in enumerate(state.players) if not p.rack)
        order = self.turn_order(state)
        players = state.players
        return min(range(len(players)), key=lambda i: (rack_value(players[i].rack), len(players[i].rack), order[i]))

    def score_round(self, state: "GameState", reason: str, winner: int | None) -> list[int]:
        """Points each seat gets for the round, adding up to zero: each loser pays the
        difference between their rack and the winner's (the whole rack when the winner went
        out), and the winner gains the sum of those differences."""
        racks = [rack_value(p.rack) for p in state.players]
        if winner is None:
            return [0] * len(racks)
        deltas = [-(v - racks[winner]) for v in racks]
        deltas[winner] = sum(v - racks[winner] for i, v in enumerate(racks) if i != winner)
        return deltas

    def round_record(self, state: "GameState", reason: str, winner: int | None) -> dict:
        """Extra fields for the round's ``state.history`` entry (e.g. penalties), merged
        after the standard ones (round, reason, winner, deltas, racks, rack_values, scores)."""
        return {}

    def game_over(self, state: "GameState") -> bool:
        return state.round >= int(self.options.get("rounds", 1))

    def game_end_reason(self, state: "GameState") -> str:
        """Why the game ended (once ``game_over``): "rounds" unless a variant says otherwise."""
        return "rounds"

    def score_target(self) -> int | None:
        """Points that end the game, where the rule set has such a target."""
        return None

    def score_table(self, state: "GameState") -> dict:
        """The running score table between rounds: one row per finished round with each
        seat's points for it (round score plus any penalties) and the totals after it."""
        n = len(state.players)
        rows = []
        for e in state.history:
            deltas = list(e.get("deltas", [0] * n))
            pens = list(e.get("penalties", [0] * n))
            rows.append(
                {
                    "round": e.get("round"),
                    "reason": e.get("reason"),
                    "winner": e.get("winner"),
                    "points": [d + q for d, q in zip(deltas, pens)],
                    "penalties": pens,
                    "totals": list(e.get("scores", [])),
                }
            )
        return {
            "names": [p.name for p in state.players],
            "rows": rows,
            "totals": [p.score for p in state.players],
            "target": self.score_target(),
            "lower_wins": bool(self.lower_score_wins),
        }

    def winner_rule(self) -> str:
        """Who wins the game, in a few words (the set-up screen's summary)."""
        return "lowest score" if self.lower_score_wins else "highest score"

    round_word: ClassVar[str] = "round"  # what the sheet calls one deal played out ("game" in Golden Games)

    def standing(self, state: "GameState") -> Standing | None:
        """How this rule set's game is won and where it stands now, as a code with data (the
        line under the round results; ``game.play.narrate`` words it).  None: nothing to say."""
        totals = [p.score for p in state.players]
        target = self.score_target()
        if target:
            if self.lower_score_wins:
                worst = max(range(len(totals)), key=lambda i: totals[i])
                return Standing(StandingRule.TOTAL_ENDS, worst, totals[worst], target=target)
            lead = max(range(len(totals)), key=lambda i: totals[i])
            return Standing(StandingRule.FIRST_TO, lead, totals[lead], target=target)
        rounds = int(self.options.get("rounds", 0) or 0)
        if not rounds:
            return None
        left = max(0, rounds - len(state.history))
        best = (min if self.lower_score_wins else max)(range(len(totals)), key=lambda i: totals[i])
        return Standing(StandingRule.AFTER_ROUNDS, best, totals[best], rounds=rounds, left=left,
                        round_word=self.round_word, lower_wins=self.lower_score_wins)

    def ranking(self, state: "GameState") -> list[int]:
        """Seats from first place to last."""
        if self.lower_score_wins:
            return sorted(range(len(state.players)), key=lambda i: (state.players[i].score, i))
        return sorted(range(len(state.players)), key=lambda i: (-state.players[i].score, i))

    # -- timers --------------------------------------------------------------------------
    def timeout_consequence(self) -> Note:
        """What the turn clock does when it runs out (``game.play.narrate`` words it)."""
        return Note(Fact.TIME_UP_DRAW)

    # -- rules screen -----------------------------------------------------------------------
    def rules_text(self) -> list[tuple[str, str]]:
        """(heading, paragraph) pairs for the in-game rules screen."""
        return []

    def readings(self) -> list[str]:
        """Each reading we chose where the sheet is silent or ambiguous."""
        return []

    def example_sets(self) -> list[tuple[str, list[str]]]:
        """Example sets for the rules screen: (caption, rows of tiles in notation, "." an empty cell)."""
        out = [
            ("A run: one colour, numbers in a row", ["R4 R5 R6 R7"]),
            ("A group: one number, each colour once", ["K9 R9 B9 O9"]),
            ("A joker stands in for any tile", ["B10 J B12"]),
            ("Not a set: a run never goes from 13 to 1", ["O12 O13 O1"]),
            ("Not a set: a colour twice in a group", ["K5 R5 K5"]),
        ]
        if self.crossword:
            out.append(("Sets may cross: the red 7 is in both", [". . B7", "R5 R6 R7 R8", ". . O7", ". . K7"]))
        return out

    # -- variant-specific state ---------------------------------------------------------------
    def init_extra(self, state: "GameState") -> dict:
        return {}


