"""Rummy Q (sheet 002): the Pressman edition, played to a points target chosen before the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tiles import JOKER_PENALTY, is_joker, rack_value
from ..reasons import Fact, Note
from ..registry import register
from .base import OptionSpec, Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState

TARGET_PRESETS = (50, 100, 150, 200, 300)
TARGET_LOW, TARGET_HIGH = 25, 1000
MAX_ROUNDS = 100  # safety net: a game also ends after this many rounds
SCORING_CHOICES = ("plus-minus", "penalty")


@register
class RummyQ(Variant):
    key = "rummy-q"
    title = "Rummy Q"
    sheet = "002"
    blurb = "Play rounds until someone reaches the points target you pick; jokers are hard to win back."

    tiles_dealt = 14
    initial_meld = 30
    start_rule = "highest"
    direction = 1  # clockwise
    joker_exact_replacement = True  # a joker taken from the table: its own tile from the rack replaces it
    freed_joker_min_rack = 2  # ... and the joker is played at once with two tiles from the rack
    hand_joker_min_rack_companions = 2  # a joker from the rack needs two other rack tiles in its set
    pool_end = "blocked"  # pouch empty: play on until nobody can play
    option_specs = (
        OptionSpec(
            "target",
            "Points that end the game",
            100,
            TARGET_PRESETS,
            low=TARGET_LOW,
            high=TARGET_HIGH,
            help=f"Pick a preset or any whole number from {TARGET_LOW} to {TARGET_HIGH}. "
            "Rounds are played until someone reaches it.",
        ),
        OptionSpec(
            "scoring",
            "What the target counts",
            "plus-minus",
            SCORING_CHOICES,
            labels=("Winner's points", "Penalty points"),
            help="Winner's points: the round winner gains what the others hold and the first to the target wins (highest total wins). "
            "Penalty points: everyone adds what is left on their rack and the game ends when someone's total reaches the target (lowest total wins).",
        ),
    )

    def __init__(self, options: dict | None = None) -> None:
        super().__init__(options)
        # The penalty reading counts points against you: the lowest total wins.
        self.lower_score_wins = self.options["scoring"] == "penalty"

    @property
    def target(self) -> int:
        return int(self.options["target"])

    def score_target(self) -> int | None:
        return self.target

    # -- scoring and game end ----------------------------------------------------------------
    def score_round(self, state: "GameState", reason: str, winner: int | None) -> list[int]:
        racks = [rack_value(p.rack) for p in state.players]
        if self.options["scoring"] == "penalty":
            # Every player adds what is left on their rack (a joker counts 30).
            return racks
        return super().score_round(state, reason, winner)  # plus-minus: zero-sum

    def _target_reached(self, state: "GameState") -> bool:
        return any(p.score >= self.target for p in state.players)

    def game_over(self, state: "GameState") -> bool:
        return self._target_reached(state) or state.round >= MAX_ROUNDS

    def game_end_reason(self, state: "GameState") -> str:
        return "target" if self._target_reached(state) else "round_limit"

    def ranking(self, state: "GameState") -> list[int]:
        sign = 1 if self.lower_score_wins else -1
        return sorted(
            range(len(state.players)),
            key=lambda i: (sign * state.players[i].score, -state.players[i].rounds_won, i),
        )

    # -- screen ----------------------------------------------------------------------------
    def status_lines(self, state: "GameState", seat: int) -> list[Note]:
        lines = [Note(Fact.TARGET_LOWEST_WINS if self.lower_score_wins else Fact.TARGET_FIRST_TO, (self.target,))]
        if state.history:
            leader = self.ranking(state)[0]
            lines.append(Note(Fact.ROUND_LEADER, (state.round, state.players[leader].score), leader))
        else:
            lines.append(Note(Fact.ROUND, (state.round,)))
        if any(is_joker(t) for t in state.players[seat].rack):
            lines.append(Note(Fact.JOKER_ON_RACK_COSTS, (JOKER_PENALTY,)))
        return lines

    def rules_text(self) -> list[tuple[str, str]]:
        if self.lower_score_wins:
            scoring = (
                "Penalty scoring (chosen before the game): when a round ends every player adds the value of the tiles "
                f"left on their rack (a joker counts {JOKER_PENALTY}). Rounds continue until someone's total reaches "
                f"the target ({self.target}); the lowest total then wins."
            )
        else:
            scoring = (
                "Each player who did not go out loses the value of the tiles left on their rack; a joker still on a rack "
                f"costs {JOKER_PENALTY}. The winner gains the total the others lost. (When the pouch is empty and nobody can "
                "play, the lowest rack wins and the others lose only the difference to it.) Rounds continue until someone's "
                f"total reaches the target ({self.target}); the highest total then wins."
            )
        return [
            ("Goal", "Be the first to empty your rack by forming your tiles into runs and groups, and keep as few points on your rack as possible. Before the game you choose how many points end it."),
            ("Sets", "A group is 3 or 4 tiles of one number in different colours. A run is 3 or more consecutive numbers in one colour; 1 is always the lowest number and cannot follow 13. On the table each row of touching tiles is one set, read left to right."),
            ("Start", "Everyone draws a tile: the highest number goes first and play proceeds clockwise. The tiles go back, and each player takes 14."),
            ("Initial play", "Your first play must be one or more sets worth at least 30 points, all from your own rack (a tile is worth its number; a joker is worth the tile it stands for). Until then you may not use tiles already on the table. If you cannot (or choose not to), take a tile from the pouch and your turn ends."),
            ("Building", "After your initial play you may add tiles from your rack to any set on the table and rearrange sets, as long as only valid sets remain. If you cannot play, take a tile; you may not lay down a tile you have just picked until your next turn."),
            ("Jokers", "A joker played from your rack needs two other tiles from your rack in its set. To use a joker from the table you must replace it with the exact tile it stands for from your rack, and play the joker at once in a set with two tiles from your rack: you can never keep it."),
            ("Round end", "A round ends when a player empties their rack and calls \u201cRummikub\u201d. When the pouch is empty, play continues until no more plays can be made."),
            ("Scoring", scoring),
        ]

    def readings(self) -> list[str]:
        return [
            f"The target is a choice of presets ({', '.join(map(str, TARGET_PRESETS))}) or any whole number from {TARGET_LOW} to {TARGET_HIGH}; the game ends at the end of the round in which someone reaches it.",
            "The rule sheet does not say how points are tallied. By default (winner's points) the losers lose what is left on their racks and the winner gains the sum, and the highest total wins. With penalty points chosen before the game, everyone adds what is left on their rack and the lowest total wins once someone's total reaches the target.",
            "Ties in the final ranking go to the player who won more rounds, then to the player seated earlier at the table.",
            "Ties in the starting draw (and a drawn joker) are redrawn among the tied players; the draw is repeated before every round.",
            "A round with an empty pouch ends when every player in turn has passed; the lowest rack wins it (ties: fewer tiles, then turn order). With winner's points each other player then loses the difference between their rack and the winner's, and the winner gains the sum of those differences, so the scores always add up to zero and someone is always heading for the target.",
            "A joker taken from the table must be replaced by a tile from your rack that it stood for (in a group either missing colour will do), and its new set must hold at least two tiles from your rack.",
            "A joker from your rack needs two other tiles from your rack in its set; a second joker from your rack counts as one of them.",
            f"A game also ends after {MAX_ROUNDS} rounds, so it cannot go on for ever.",
            "Turn timer (optional): when it runs out, a finished play (every set valid, at least one tile from your rack) stands as your play; otherwise your tiles go back where they were and you draw one tile.",
        ]
