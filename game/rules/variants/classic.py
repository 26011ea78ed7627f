"""Classic Rummikub (sheet 001)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import register
from .base import OptionSpec, Standing, StandingRule, Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState


@register
class Classic(Variant):
    key = "classic"
    title = "Classic"
    sheet = "001"
    blurb = "The standard game: go out first, most rounds won takes the match."
    freed_joker_new_set = True  # "must play the joker on his/her current turn to make a new set"
    option_specs = (
        OptionSpec("rounds", "Rounds", 3, (1, 2, 3, 4, 5, 7, 10), help="The match lasts this many rounds."),
    )

    def winner_rule(self) -> str:
        return "most rounds won"

    def standing(self, state: "GameState") -> Standing:
        rounds = int(self.options.get("rounds", 3))
        lead = self.ranking(state)[0]
        return Standing(StandingRule.MOST_ROUNDS_WON, lead, state.players[lead].rounds_won, rounds=rounds,
                        left=max(0, rounds - len(state.history)))

    def ranking(self, state: "GameState") -> list[int]:
        # Sheet: most rounds won over all rounds; a tie goes to the highest score.
        return sorted(
            range(len(state.players)),
            key=lambda i: (-state.players[i].rounds_won, -state.players[i].score, i),
        )

    def rules_text(self) -> list[tuple[str, str]]:
        return [
            ("Goal", "Be the first to play every tile from your rack in sets. A match lasts the number of rounds you choose; whoever wins the most rounds wins the match, a tie going to the higher score."),
            ("Sets", "A group is 3 or 4 tiles of one number in different colours. A run is 3 or more consecutive numbers in one colour; 1 is always low, so a run never wraps from 13 to 1. On the table each row of touching tiles is one set, read left to right."),
            ("Start", "Everyone draws a tile: the highest starts and play passes to the left (clockwise). Each player takes 14 tiles."),
            ("Initial meld", "Your first play must be one or more new sets from your rack worth at least 30 points (a joker is worth the tile it stands for). Until then you may not touch the table."),
            ("Your turn", "Play at least one tile from your rack, rearranging the table as you like so that only valid sets remain, or draw a tile. A tile you just drew waits until your next turn."),
            ("Jokers", "After your initial meld you may free a joker by replacing it with tiles that keep its set valid (from the table or your rack; in a group of three, either missing colour). The freed joker must be played again this turn in a new set, and you must play at least one tile from your rack somewhere that turn, as on any turn. A set counts as new when it does not hold every tile of a set that was on the table at the start of your turn: putting the joker back into the set it came from, or at the end of another set already on the table, does not make a new set; a set made of tiles you split off or took from other sets, or from your rack, does."),
            ("Round end", "The round ends when someone empties their rack, or when the pool is empty and nobody can play."),
            ("Scoring", "When someone goes out, each loser scores minus the value of their rack (a joker counts 30) and the winner scores the total the others lost. When the pool is empty and nobody can play, the lowest rack wins the round (equal racks: fewer tiles, then whoever comes first in turn order from the player who started the round); each other player loses the difference between their rack and the winner's, and the winner scores the sum of those differences. Either way the scores of a round add up to zero."),
        ]

    def readings(self) -> list[str]:
        return [
            "The sheet does not say how many tiles each player takes: 14, as in the other Rummikub sheets.",
            "The sheet does not say who starts: everyone draws a tile and the highest number starts, as in the other Rummikub sheets; play then passes to the left as the sheet says.",
            "Ties in the starting draw (and a drawn joker) are redrawn among the tied players.",
            "The sheet says to tally points (\"see Scoring\"), but its scoring section is missing from our copy. We score as the standard game: when someone goes out, each other player loses the value of their rack (a joker counts 30) and the winner gains the total lost.",
            "When the pool is empty and every player passes in turn, the round ends; the lowest rack wins it (ties: fewer tiles, then turn order counted from the player who started the round). Each other player loses the difference between their rack and the winner's, and the winner scores the sum, so a round's scores add up to zero.",
            "A freed joker's new set is judged by its tiles, not the faces they show: the joker with your own red 1, 2 and 3 is a new set, even while the other red 1, 2 and 3 lie on the table.",
            "A freed joker's new set need not hold a tile from your rack: the sheet asks for at least one tile from your rack somewhere in that turn, just as on any other turn.",
            "Turn timer (optional): when it runs out, a finished play (every set valid, at least one tile from your rack) stands as your play; otherwise your tiles go back where they were and you draw one tile.",
        ]
