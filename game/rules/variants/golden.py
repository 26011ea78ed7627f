"""Golden Games: the Gwinnett Senior Golden Games tournament rules (sheet 003).

Tables of three or four; the highest drawn tile starts and play passes to the
left; an initial meld of 30 or more in sets of three or more tiles; a group
holds at most four tiles, one of each colour; a joker taken from the table is
replaced by the exact tile it stood for and played at once with two tiles from
the rack; two minutes a play; a failed manipulation is undone and costs three
tiles; after someone goes out the others count what is left on their racks
(a joker 30) and the lowest total over the match wins.

The tournament built on these rules (tables, stages, medals) lives in
``game/tournament/``; this module is one table's match.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .. import turn as turn_rules
from ..tiles import ALL_TILE_IDS, is_joker, number_of, rack_value
from ..reasons import Fact, Note, TieBreak
from ..turn import Problem
from ..registry import register
from .base import OptionSpec, Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..state import GameState
    from ..turn import Analysis

TIEBREAK_SALT = 0x601D


@register
class GoldenGames(Variant):
    key = "golden-games"
    title = "Golden Games"
    sheet = "003"
    blurb = "Senior tournament rules: tables of 3-4, lowest total after the match wins; a failed manipulation costs 3 tiles."
    round_word = "game"
    min_players = 3
    max_players = 4

    tiles_dealt = 14
    initial_meld = 30
    initial_table_untouched = False  # rule 5, read as: meld first, then work the table (option below)
    start_rule = "highest"
    direction = 1  # "play then proceeds to player on left"
    joker_exact_replacement = True
    freed_joker_min_rack = 2
    failed_play_penalty = 3
    fixed_turn_time = 120
    lower_score_wins = True
    option_specs = (
        OptionSpec("rounds", "Games per match", 3, (1, 2, 3, 4, 5),
                   help="Each table plays this many games; the lowest total wins (the sheet: 3)."),
        OptionSpec("initial_turn_manipulation", "Work the table on the initial-meld turn", True,
                   help="On: once your own 30 points are down you may also add to and rearrange the table in the "
                        "same turn (rule 5). Off: the table stays untouched until your next turn."),
        OptionSpec("warn_before_penalty", "Warn before a turn that would cost the penalty", True,
                   help="On: ending a turn with incomplete sets asks first. Off (strict mode): it costs 3 tiles at once."),
    )

    # -- play checks ---------------------------------------------------------------------
    def manipulation_on_initial_turn(self) -> bool:
        return bool(self.options.get("initial_turn_manipulation", True))

    def initial_meld_problems(self, analysis: "Analysis") -> list[Problem]:
        untouched = not self.manipulation_on_initial_turn()
        out = turn_rules.initial_meld_problems(analysis, self.initial_meld, untouched)
        if not untouched:
            # The table may be worked this turn, so the joker rules apply to it as on any later turn.
            out.extend(turn_rules.joker_problems(self, analysis))
        return out

    # -- scoring ---------------------------------------------------------------------------
    def score_round(self, state: "GameState", reason: str, winner: int | None) -> list[int]:
        """Penalty points: each player adds the face value left on the rack (a joker 30);
        whoever went out adds 0.  When nobody went out everyone adds their rack."""
        return [rack_value(p.rack) for p in state.players]

    def ranking(self, state: "GameState") -> list[int]:
        """Lowest total first; ties: more games won, then the lower score in the last game,
        then a tie-break draw (each tied player draws a tile, highest first, as in rule 2)."""
        def key(i: int) -> tuple:
            p = state.players[i]
            last = state.history[-1]["deltas"][i] if state.history else 0
            return (p.score, -p.rounds_won, last)

        seats = sorted(range(len(state.players)), key=key)
        rng = random.Random(state.seed * 7919 + TIEBREAK_SALT)
        return _break_ties(seats, key, rng)

    def tie_break_reason(self, state: "GameState", a: int, b: int) -> TieBreak:
        """Why seat ``a`` ranks above seat ``b`` (for the results and bracket screens; a code,
        ``game.play.narrate.TIE_BREAKS`` words it)."""
        pa, pb = state.players[a], state.players[b]
        if pa.score != pb.score:
            return TieBreak.LOWER_TOTAL
        if pa.rounds_won != pb.rounds_won:
            return TieBreak.MORE_GAMES_WON
        if state.history and state.history[-1]["deltas"][a] != state.history[-1]["deltas"][b]:
            return TieBreak.LOWER_LAST_GAME
        return TieBreak.DRAW

    # -- screens -----------------------------------------------------------------------------
    def status_lines(self, state: "GameState", seat: int) -> list[Note]:
        lines = [Note(Fact.GAME_OF, (state.round, int(self.options.get("rounds", 3)))), Note(Fact.LOWEST_TOTAL_WINS)]
        if not state.players[seat].melded:
            lines.append(Note(Fact.INITIAL_MELD_POINTS, (self.initial_meld,)))
        return lines

    def timeout_consequence(self) -> Note:
        return Note(Fact.TIME_UP_PENALTY, (self.failed_play_penalty,))

    def rules_text(self) -> list[tuple[str, str]]:
        rounds = int(self.options.get("rounds", 3))
        return [
            ("Goal", f"Tables of three or four play {rounds} game{'s' if rounds != 1 else ''}. When someone goes out, everyone else adds up the tiles left on their rack (face value, a joker 30 points). The lowest total after all games wins."),
            ("Start", "Each player draws a tile: the highest number starts, and play passes to the left. Everyone takes 14 tiles."),
            ("Sets", "A run is three or more consecutive numbers of one colour. A group is three or four tiles of one number, each a different colour: never more than four."),
            ("Initial meld", "Your first play must be new sets from your rack worth at least 30 points, each of three or more tiles. Once your 30 are down you may also add to or rearrange the table in the same turn." if self.manipulation_on_initial_turn() else "Your first play must be new sets from your rack worth at least 30 points, each of three or more tiles. You may not touch the table until your next turn."),
            ("Your turn", "Play tiles from your rack, adding to and splitting the sets on the table, so that every run and group keeps at least three tiles. If you cannot (or will not) play, draw a tile. You have two minutes for each play: when they run out, a finished play stands; otherwise your tiles go back and you draw a tile."),
            ("Funny face (joker)", "A joker counts as the tile it stands for. To take a joker from the table, put the exact tile it stood for in its place from your rack, then play the joker at once in a set with two more tiles from your rack. A joker never goes to your rack."),
            ("Failed manipulation", f"If you end your turn (or run out of time) with incomplete sets on the table, the table is put back as it was, the tiles you played return to your rack, and you draw {self.failed_play_penalty} penalty tiles instead of the usual one."),
            ("Scoring", "Whoever goes out scores 0 for the game. When the pool is empty and nobody can play, everyone scores what is left on their rack. Ties: more games won, then the lower score in the last game, then a tie-break draw."),
        ]

    def readings(self) -> list[str]:
        return [
            "Rule 5 ('may add or take away tiles already on the board as long as he/she can meld first') is read as: on the initial-meld turn you may work the table once your own sets worth 30 or more are down; the 30 points count only sets made wholly from your rack. The option 'Work the table on the initial-meld turn' turns this off (classic: hands off the table until your next turn).",
            f"Rule 10's 'draw three (3) additional tiles' is read as three tiles in all, in place of the usual one-tile draw (the turn was spent; this is also the standard Rummikub manipulation penalty). If the pool holds fewer than {self.failed_play_penalty}, you draw what is left.",
            "The penalty applies when the table you leave has an incomplete or invalid set or run (rule 10). Other mistakes with every set complete (an initial meld under 30, a joker not used as rule 9 asks, no tile played) are refused and your turn goes on; when time runs out on them, your tiles return and you draw one tile.",
            "When the two minutes run out, a finished play (every set complete and the rules met) stands as your play, since rule 7 asks only that the play be completed in the time; a table with incomplete sets takes the rule 10 penalty; anything else goes back and you draw one tile.",
            "A table holding tiles that are not yours (another player's or the pool's) is refused outright and your turn goes on: rule 10's penalty is for a manipulation of the table, not for such a move.",
            "Rules 4 and 6 let you draw whenever you cannot play; you may also choose to draw when you could play (the sheet does not forbid it, and no one can check).",
            "Rule 9: the tile that replaces a joker comes from your rack and takes the joker's place in its set (in a group, either missing colour will do); the joker must then go into a set holding two more tiles from your rack (the replacing tile does not count as one of the two). A joker played from your rack needs no extra tiles.",
            "When the pool is empty and nobody can play, the game ends and everyone scores what is left on their rack; the lowest rack counts as the game's winner for the tie-break.",
            "The sheet does not say whether a run may go on from 13 to 1: as on the other sheets, 1 is always the lowest number, so a run never goes from 13 to 1.",
            "Ties on total points are broken by more games won, then by the lower score in the last game, then by a tie-break draw like the opening draw (highest tile first).",
            "The tiles are drawn for the start again before each game; ties and jokers are redrawn.",
        ]


def _break_ties(seats: list[int], key, rng: random.Random) -> list[int]:
    """Reorder runs of equal ``key`` by a tile draw, as in the opening draw (rule 2): each
    tied player draws a tile, the highest number goes first; jokers and ties draw again."""
    out: list[int] = []
    i = 0
    while i < len(seats):
        j = i
        while j + 1 < len(seats) and key(seats[j + 1]) == key(seats[i]):
            j += 1
        group = seats[i : j + 1]
        while len(group) > 1:
            contenders = list(group)
            while len(contenders) > 1:
                bag = [t for t in ALL_TILE_IDS if not is_joker(t)]  # numbered tiles only: a drawn joker is simply drawn again
                rng.shuffle(bag)
                numbers = {s: number_of(bag[k]) for k, s in enumerate(contenders)}
                best = max(numbers.values())
                contenders = [s for s in contenders if numbers[s] == best]
            out.append(contenders[0])
            group.remove(contenders[0])
        out.extend(group)
        i = j + 1
    return out
