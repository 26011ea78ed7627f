"""Rummibug Standard and Rummibug Relaxed (sheet 004).

Standard: 21 tiles each, a player holding 35 or more tiles must meld when they
can, the round ends when the draw pile runs out (fewest tiles wins it), and the
round winner scores what the losers hold.  Relaxed: as Standard, but more tiles
for two players, an initial meld of 20 and a hand limit that slowly falls,
with 5 points deducted for every turn ended above it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from .. import finder
from ..events import Event, HandLimitPenalised
from ..tiles import JOKER_PENALTY, rack_value
from ..problems import Code, StateProblem
from ..reasons import Fact, Note, Reason
from ..turn import Problem
from ..registry import register
from .base import OptionSpec, Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..board import Board
    from ..state import GameState

MUST_MELD_AT = 35


def _count(rack_after: Sequence[int] | int) -> int:
    return rack_after if isinstance(rack_after, int) else len(rack_after)


@register
class Rummibug(Variant):
    key = "rummibug"
    title = "Rummibug Standard"
    sheet = "004"
    blurb = "21 tiles each; hold 35 and you must meld; when the draw pile runs out the fewest tiles wins."

    tiles_dealt = 21
    initial_meld = 30
    initial_table_untouched = True  # no tile manipulation before the first move
    start_rule = "highest"
    direction = 1
    joker_exact_replacement = True  # "you must have the tile in rack that the joker is currently representing"
    freed_joker_min_rack = 0  # a substituted joker may go into "any valid sets" this turn
    hand_joker_min_rack_companions = 0
    pool_end = "exhausted"  # the round ends when every tile has been drawn
    must_meld_at: int = MUST_MELD_AT
    option_specs = (
        OptionSpec("rounds", "Rounds", 3, (1, 2, 3, 4, 5, 7, 10), help="The highest total after this many rounds wins."),
    )

    # -- the 35-tile rule ----------------------------------------------------------------------
    def forced_play(self, board: "Board", rack: Sequence[int], melded: bool, drawn: int | None = None) -> "Board | None":
        """The play the referee sees for a rack of ``must_meld_at`` or more tiles (see
        ``game.rules.finder`` for what it looks for), or None when the rack is smaller or
        no such play exists."""
        if len(rack) < self.must_meld_at:
            return None
        return finder.find_play(self, board, rack, melded, drawn)

    def draw_problems(self, state: "GameState") -> list[Problem]:
        p = state.player
        play = self.forced_play(state.board, p.rack, p.melded, state.drawn)
        if play is None:
            return []
        new = sorted(set(play.tiles()) - set(state.board.tiles()))
        return [Problem(Reason.MUST_MELD, tiles=tuple(new), numbers=(len(p.rack), self.must_meld_at))]

    def play_instead_of_draw(self, view: Any) -> "Board | None":
        return self.forced_play(view.board, view.rack, view.me_melded)

    # -- round end and scoring ------------------------------------------------------------------
    def round_winner(self, state: "GameState", reason: str) -> int | None:
        """Who went out; when the pile ran out, the fewest tiles (ties: the lower rack
        value, then the earlier seat in this round's turn order)."""
        if reason == "out":
            return next(i for i, p in enumerate(state.players) if not p.rack)
        order = self.turn_order(state)
        players = state.players
        return min(range(len(players)), key=lambda i: (len(players[i].rack), rack_value(players[i].rack), order[i]))

    def score_round(self, state: "GameState", reason: str, winner: int | None) -> list[int]:
        """The winner scores the sum of the losers' racks (a joker counts 30); losers score nothing."""
        deltas = [0] * len(state.players)
        if winner is not None:
            deltas[winner] = sum(rack_value(p.rack) for i, p in enumerate(state.players) if i != winner)
        return deltas

    def ranking(self, state: "GameState") -> list[int]:
        return sorted(
            range(len(state.players)),
            key=lambda i: (-state.players[i].score, -state.players[i].rounds_won, i),
        )

    # -- screen ----------------------------------------------------------------------------------
    def status_lines(self, state: "GameState", seat: int) -> list[Note]:
        rounds = int(self.options["rounds"])
        lines = [Note(Fact.ROUND_OF_HIGHEST_WINS, (min(state.round, rounds), rounds)), Note(Fact.DRAW_PILE, (len(state.pool),))]
        n = len(state.players[seat].rack)
        if n >= self.must_meld_at:
            lines.append(Note(Fact.MUST_MELD_NOW, (n, self.must_meld_at)))
        else:
            lines.append(Note(Fact.MUST_MELD_RULE, (self.must_meld_at,)))
        return lines

    def _rules_common(self) -> list[tuple[str, str]]:
        return [
            ("Sets", "A run is 3 or more tiles of one colour in increasing order; 1 cannot follow 13 (8-9-10-11-12-13-1 is not a run). A group is 3 or 4 tiles of one number in different colours: 5-5-4-5 is not a group, and neither is 5-5-5-5-5 (a colour twice). On the table each row of touching tiles is one set, read left to right."),
            ("Changing the table", "After your first move you may add tiles to sets (3-4-5-6-7-8 with a 2 and a 9 becomes 2-3-4-5-6-7-8-9; 8-8-8 takes the missing colour), split long runs (2-3-4-5-6-7 and a 4 make 2-3-4 and 4-5-6-7), and substitute tiles (a red 5 may take a yellow 5's place in a group so the yellow 5 extends a yellow 2-3-4). There is no limit to how much you change in a turn, but every set must be valid when your turn ends, and a tile taken from the table must be used that turn."),
            ("Jokers", "A joker stands for any tile. Once played it never goes back to a rack. To replace a joker you must have, on your rack, the tile it is standing for (in a group of three, either missing colour): that tile takes the joker's place (7-7-7-J takes the missing 7), and the freed joker must be used in any valid set that same turn. Lifting a joker off with no replacement, or replacing it with a tile from the table, is not allowed."),
            ("Your turn", "Play at least one tile from your rack, or draw a tile and pass. A tile drawn this turn waits until your next turn."),
        ]

    def _deal_text(self) -> str:
        return f"Each player starts a round with {self.tiles_dealt} tiles."

    def _first_move_text(self) -> str:
        return "worth at least 30 points (11-12-13 = 36; 8-8-8-8 = 32; 4-5-6-7 with 3-3-3 = 31)"

    def _extra_rules(self) -> list[tuple[str, str]]:
        return []

    def rules_text(self) -> list[tuple[str, str]]:
        rounds = int(self.options["rounds"])
        return [
            ("Goal", f"Win rounds by clearing every tile from your hand. After {rounds} round{'s' if rounds != 1 else ''} the highest total wins."),
            ("Start", f"Everyone draws a tile: the highest number starts and play goes clockwise. {self._deal_text()}"),
            ("First move", f"Your first move places one or more sets from your rack {self._first_move_text()}. Before it you may not use or move the tiles already on the table. If you cannot, draw and pass."),
            *self._rules_common(),
            ("35 tiles", f"A player holding {self.must_meld_at} or more tiles must meld if they can: drawing is refused while the referee sees a play (new sets from your rack, a tile added to a table set, or a tile that splits a long run)."),
            *self._extra_rules(),
            ("Round end", "The round ends when a player clears their hand, or when the draw pile is used up: then the player with the fewest tiles wins the round (equal counts: the lower points, then the earlier player in turn order)."),
            ("Scoring", f"The round winner scores the sum of the tiles the losers hold (face value; a joker {JOKER_PENALTY}). For example P2 holds 4, 10, 2 (16) and P3 holds a joker and a 7 (37): the winner scores 53 and the losers score nothing."),
        ]

    def readings(self) -> list[str]:
        return [
            "The sheet's colours red, green and yellow map to our red, blue and orange (with black as the fourth).",
            "Who starts is not on the sheet: everyone draws a tile and the highest number starts, play passes clockwise (ties redrawn).",
            "The first move needs at least 30 points (the sheet says 'at least'; its examples are all above 30).",
            f"The {self.must_meld_at}-tile rule is checked when you try to draw: the draw is refused when the referee sees a legal play of a simple kind (sets from your rack alone, worth the first-move points if you have not moved yet; a tile added to an end of a table run or to a group of three; a tile that splits a long run). Plays that need other table rearrangements are not required.",
            "A joker is freed only by the tile it stands for, from your rack, put in its place (the sheet's game controls: 'you must have the tile in rack that the joker is currently representing'); the freed joker must be played again that turn in any valid set (it need not be with tiles from your rack), and it can never go to a rack.",
            "The round ends as soon as the last tile of the draw pile has been drawn; fewest tiles wins it, equal counts go to the lower rack value, then to the earlier player in the round's turn order.",
            "When nobody clears their hand the round winner still scores the sum of the losers' racks.",
            "Ties in the final ranking go to the player who won more rounds, then to the player seated earlier at the table.",
            f"Turn timer (optional): when it runs out, a finished play (every set valid, at least one tile from your rack) stands as your play; otherwise your tiles go back where they were and you draw one tile (even holding {MUST_MELD_AT} or more).",
        ]


# Relaxed: 25 tiles each in a two-player game; with more players Standard's 21 ("the only differences").
RELAXED_TWO_PLAYER_DEAL = 25
HAND_LIMIT_FOR = ("everyone", "two-players")
HAND_LIMIT_START = 30
HAND_LIMIT_FLOOR = 15
HAND_LIMIT_EVERY = 3  # the limit falls by one after every 3 full rounds of turns
HAND_LIMIT_PENALTY = 5


@register
class RummibugRelaxed(Rummibug):
    key = "rummibug-relaxed"
    title = "Rummibug Relaxed"
    blurb = "House rules: more tiles, a 20-point first move and a hand limit that slowly falls (5 points per turn over it)."

    initial_meld = 20
    option_specs = Rummibug.option_specs + (
        OptionSpec("hand_limit_for", "Hand limit", "everyone", HAND_LIMIT_FOR,
                   labels=("Every game", "Two players only"),
                   help="Every game: the falling hand limit applies at any number of players. "
                        "Two players only: only in a game of two, as the rule sheet describes it."),
    )
    hand_limit_start: int = HAND_LIMIT_START
    hand_limit_floor: int = HAND_LIMIT_FLOOR
    hand_limit_every: int = HAND_LIMIT_EVERY
    hand_limit_penalty: int = HAND_LIMIT_PENALTY

    def deal_count(self, n_players: int) -> int:
        return RELAXED_TWO_PLAYER_DEAL if n_players == 2 else self.tiles_dealt

    # -- the hand limit ------------------------------------------------------------------------
    def hand_limit_at(self, turn: int, n_players: int) -> int | None:
        """The limit during the turn with index ``turn`` (0 = the round's first turn):
        30, falling by one after every ``hand_limit_every`` full rounds of turns, never below
        the floor (15); None where the option keeps the limit to two-player games."""
        if self.options["hand_limit_for"] == "two-players" and n_players != 2:
            return None
        cycles = max(0, turn) // max(1, n_players)
        return max(self.hand_limit_floor, self.hand_limit_start - cycles // self.hand_limit_every)

    def next_limit_turn(self, turn: int, n_players: int) -> int | None:
        """Index of the first turn at which the limit will be lower than now (None at the floor)."""
        now = self.hand_limit_at(turn, n_players)
        if now is None or now <= self.hand_limit_floor:
            return None
        step = self.hand_limit_every * n_players
        return (turn // step + 1) * step

    def after_turn(self, state: "GameState", seat: int, action: str) -> list[Event]:
        limit = self.hand_limit(state)
        p = state.players[seat]
        held = len(p.rack)
        if limit is None or held <= limit:
            return []
        p.score -= self.hand_limit_penalty
        p.extra["round_penalty"] = int(p.extra.get("round_penalty", 0)) - self.hand_limit_penalty
        p.extra["penalties"] = int(p.extra.get("penalties", 0)) - self.hand_limit_penalty
        return [HandLimitPenalised(seat, -self.hand_limit_penalty, held, limit)]

    def start_round_extra(self, state: "GameState") -> None:
        for p in state.players:
            p.extra["round_penalty"] = 0
            p.extra.setdefault("penalties", 0)

    def round_record(self, state: "GameState", reason: str, winner: int | None) -> dict:
        return {"penalties": [int(p.extra.get("round_penalty", 0)) for p in state.players]}

    def state_problems(self, state: "GameState") -> list[StateProblem]:
        """The penalty tallies are whole, non-positive multiples of the penalty."""
        step = self.hand_limit_penalty

        def bad(v: Any) -> bool:
            return isinstance(v, bool) or not isinstance(v, int) or v > 0 or v % step != 0

        out = []
        for i, p in enumerate(state.players):
            for key in ("round_penalty", "penalties"):
                if key in p.extra and bad(p.extra[key]):
                    out.append(StateProblem(Code.PENALTY_TALLY, {"seat": i, "field": key}))
            if not out and p.extra.get("round_penalty", 0) < p.extra.get("penalties", 0):
                out.append(StateProblem(Code.PENALTY_ROUND_ABOVE_GAME, {"seat": i}))
        for k, e in enumerate(state.history):
            pens = e.get("penalties", [0] * len(state.players)) if isinstance(e, dict) else None
            if not isinstance(pens, list) or len(pens) != len(state.players) or any(bad(v) for v in pens):
                out.append(StateProblem(Code.HISTORY_PENALTIES, {"entry": k}))
        return out

    def end_turn_warnings(self, state: "GameState", seat: int, rack_after: Sequence[int] | int) -> list[Problem]:
        held = _count(rack_after)
        limit = self.hand_limit(state)
        if limit is None or held <= limit:
            return []
        return [Problem(Reason.OVER_HAND_LIMIT, numbers=(held, limit, self.hand_limit_penalty))]

    def play_instead_of_draw(self, view: Any) -> "Board | None":
        forced = self.forced_play(view.board, view.rack, view.me_melded)
        if forced is not None:
            return forced
        limit = self.hand_limit_at(view.turn, len(view.rack_sizes))
        if limit is not None and len(view.rack) + 1 > limit:  # drawing would end the turn above the limit: shed tiles instead
            return finder.find_play(self, view.board, view.rack, view.me_melded)
        return None

    # -- screen ------------------------------------------------------------------------------------
    def status_lines(self, state: "GameState", seat: int) -> list[Note]:
        lines = super().status_lines(state, seat)
        n = len(state.players)
        limit = self.hand_limit(state)
        if limit is None:
            return lines
        nxt = self.next_limit_turn(state.turn, n)
        lines.append(Note(Fact.HAND_LIMIT, (limit,) if nxt is None else (limit, (nxt - state.turn + n - 1) // n)))
        held = len(state.players[seat].rack)
        if held > limit:
            lines.append(Note(Fact.OVER_HAND_LIMIT_NOW, (held, limit, self.hand_limit_penalty)))
        else:
            lines.append(Note(Fact.HAND_LIMIT_COST, (limit, self.hand_limit_penalty)))
        return lines

    def schedule_text(self) -> str:
        return (
            f"The hand limit starts each round at {self.hand_limit_start} tiles and falls by one after every "
            f"{self.hand_limit_every} full rounds of turns (when every player has had {self.hand_limit_every} more turns), "
            f"down to {self.hand_limit_floor}."
        )

    def _deal_text(self) -> str:
        return (f"Each round starts with {RELAXED_TWO_PLAYER_DEAL} tiles each in a two-player game, "
                f"{self.tiles_dealt} each with three or four players.")

    def _first_move_text(self) -> str:
        return f"worth at least {self.initial_meld} points (for example 6-7-8 = 21)"

    def _extra_rules(self) -> list[tuple[str, str]]:
        who = ("" if self.options["hand_limit_for"] == "everyone"
               else " (only in a game of two players, as chosen at set-up)")
        return [
            (
                "Hand limit" + who,
                f"{self.schedule_text()} You may hold more, but every turn you end holding more tiles than the limit "
                f"deducts {self.hand_limit_penalty} points from your score. You are warned before ending such a turn, "
                "so you can change it first.",
            )
        ]

    def readings(self) -> list[str]:
        return super().readings() + [
            f"Tiles dealt: {RELAXED_TWO_PLAYER_DEAL} each in a two-player game; with three or four players "
            f"{self.tiles_dealt}, as in Standard, since the sheet lists the two-player deal among the only differences.",
            "The initial meld of 20 points applies to every number of players. The sheet describes the hand limit for "
            "a game of two; by default it applies to every game, and the set-up screen can keep it to games of two.",
            self.schedule_text() + " It starts again at the top every round (a new round deals a full hand).",
            f"'Above the limit' means more tiles than the limit; the {self.hand_limit_penalty} points are deducted at the end of every such turn, including the turn that ends the round, and a total may go below zero.",
            f"The {MUST_MELD_AT}-tile must-meld rule of Standard still applies ('all other rules apply').",
        ]
