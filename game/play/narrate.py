"""What happened, in words: the one place the engine's events (``game.rules.events``) become
sentences.  The rules report codes with data; the play screen, the turn log and the replay
ask here.  The person at the table is told in the second person ("You draw a tile"), everyone
else by name ("Mara draws a tile").

``Narrator(names, you)``: ``names`` are the seats' names, ``you`` the person's seat (None: a
game told to nobody in particular, every seat by name).  ``tell(event)`` is one sentence ("" for
the events that are not told).

Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import Sequence

from ..rules import events as ev_
from ..rules.events import PenaltyReason
from ..rules.reasons import Fact, Note, TieBreak
from ..rules.tiles import set_words, tile_words, tiles_in_words
from ..rules.variants.base import Standing, StandingRule
from .steps import turn_steps

REASONS = {
    PenaltyReason.INCOMPLETE_SETS: "incomplete sets were left on the table",
    PenaltyReason.TIME_RAN_OUT: "time ran out with incomplete sets on the table",
    PenaltyReason.NO_LEGAL_MOVE: "no legal move",
}

TIE_BREAKS = {
    TieBreak.LOWER_TOTAL: "lower total",
    TieBreak.MORE_GAMES_WON: "tied on points: more games won",
    TieBreak.LOWER_LAST_GAME: "tied on points and games won: lower score in the last game",
    TieBreak.DRAW: "tied on points, games won and last game: won the tie-break draw",
}

TIME_UP_STOOD = "Time is up: your finished play stands."


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def penalty_reason(reason: PenaltyReason) -> str:
    return REASONS[reason]


class Narrator:
    def __init__(self, names: Sequence[str], you: int | None = None, reads_columns: bool = False) -> None:
        self.names = list(names)
        self.you = you
        self.reads_columns = reads_columns  # columns are sets too (the crossword board): plays are read so

    # -- who ------------------------------------------------------------------------------------
    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.you

    def who(self, seat: int | None) -> str:
        """"You", a seat's name, or "Someone" for a seat that is not at the table."""
        if self.is_you(seat):
            return "You"
        if seat is None or not 0 <= seat < len(self.names):
            return "Someone"
        return self.names[seat]

    def verb(self, seat: int | None, verb: str, start: bool = True) -> str:
        """"You draw", "Mara draws" (``verb`` in the second person: draw, pass, have, go);
        "you draw" inside a sentence (not ``start``)."""
        if self.is_you(seat):
            return f"{'You' if start else 'you'} {verb}"
        ending = "es" if verb.endswith(("s", "sh", "ch", "o")) else "s"
        third = {"have": "has"}.get(verb, verb + ending)
        return f"{self.who(seat)} {third}"

    # -- events -------------------------------------------------------------------------------
    def tell(self, ev: ev_.Event) -> str:
        """One event in a sentence ("" for the events that are not told)."""
        match ev:
            case ev_.Played():
                return self.played(ev)
            case ev_.Drew(seat=seat, tile=tile):
                return f"You draw the {tile_words(tile)}." if self.is_you(seat) else f"{self.who(seat)} draws a tile."
            case ev_.Passed(seat=seat):
                return f"{self.verb(seat, 'pass')}: the pool is empty."
            case ev_.TimedOut(seat=seat):
                return f"Time runs out for {'you' if self.is_you(seat) else self.who(seat)}."
            case ev_.Penalised():
                return self.penalty(ev)
            case ev_.HandLimitPenalised():
                return self.hand_limit(ev)
            case ev_.Claimed():
                return self.claim(ev) + "."
            case ev_.ClaimReleased(seat=seat, value=value):
                return (f"The play changed a claimed set: its tokens go back and "
                        f"{self.verb(seat, 'lose', start=False)} {value} points.")
            case ev_.RoundEnded(round=rnd, reason=reason, winner=winner):
                if winner is None:
                    head = "nobody wins"
                elif reason == "out":
                    head = f"{self.verb(winner, 'go')} out"
                else:
                    head = f"{self.verb(winner, 'win')} the round"
                return f"Round {rnd} is over: {head}."
            case ev_.RoundStarted(round=rnd, first=first):
                return f"Round {rnd} is dealt: {self.verb(first, 'start')}."
        return ""

    def played(self, ev: ev_.Played) -> str:
        """A play.  With the table before and after it, told as the play screen's turn log tells
        it, step by step with the sets named ("Mia lays a red 2-4 run. Mia adds a black 5 to the
        black 2-4 run."); without them, tile by tile."""
        steps = []
        if ev.before is not None and ev.after is not None:
            steps = turn_steps(ev.before, ev.after, self.who(ev.seat), vertical=self.reads_columns, you=self.is_you(ev.seat))
        if steps:
            text = ". ".join(st.caption for st in steps)
        else:
            text = f"{self.verb(ev.seat, 'play')} {plural(len(ev.tiles), 'tile')}: {tiles_in_words(list(ev.tiles))}"
        if ev.initial:
            text += f" (initial meld, {ev.points or 0} points)"
        return text + "."

    def penalty(self, ev: ev_.Penalised) -> str:
        """The failed-play penalty: to the player who took it, what happened and why; to the
        others, the same told about them."""
        reason = penalty_reason(ev.reason)
        back, got, count = len(ev.returned), len(ev.tiles), ev.penalty
        undo = "The table is put back as it was"
        tiles = f"{back} tile{'s' if back != 1 else ''} go{'es' if back == 1 else ''}"
        if self.is_you(ev.seat):
            if back:
                undo += f", the {back} tile{'s' if back != 1 else ''} you played go{'es' if back == 1 else ''} back to your rack"
            first = reason[:1].upper() + reason[1:]
            return f"{first}. {undo}, and {self._penalty_draw(ev.seat, got, count)}."
        name = self.who(ev.seat)
        if back:
            undo += f" and {tiles} back to {name}'s rack"
        return f"{name}: {reason}. {undo}, and {self._penalty_draw(ev.seat, got, count)}."

    def _penalty_draw(self, seat: int, got: int, count: int) -> str:
        if got == count:
            return f"{self.verb(seat, 'draw', start=False)} {count} penalty tiles"
        if got:
            return (f"{self.verb(seat, 'draw', start=False)} the last "
                    f"{plural(got, 'tile')} of the pool as a penalty")
        return "the pool is empty, so there are no penalty tiles to draw"

    def object(self, seat: int | None) -> str:
        """"you" or a seat's name, inside a sentence."""
        return "you" if self.is_you(seat) else self.who(seat)

    def claim(self, ev: ev_.Claimed) -> str:
        """A claim as it lands on the board: who, which set, the points and where they go."""
        tiles, pts = set_words(ev.tiles), ev.points
        frm = f" from {self.object(ev.taken_from)}" if ev.taken_from is not None else ""
        to = self.object(ev.seat)
        match ev:
            case ev_.Hijacked():
                return f"{self.verb(ev.seat, 'hijack')} {tiles}{frm} — {pts} points move to {to}"
            case ev_.Locked():
                locked_from = f" ({frm.strip()})" if frm else ""
                return f"{self.verb(ev.seat, 'lock')} {tiles}{locked_from} — {pts} points move to {to}; no more claims on it"
        return f"{self.verb(ev.seat, 'claim')} {tiles} — {pts} points"

    def hand_limit(self, ev: ev_.HandLimitPenalised) -> str:
        return (f"{self.who(ev.seat)} ended the turn with {ev.held} tiles, above the hand limit of {ev.limit}: "
                f"{-ev.points} points deducted")

    def standing(self, st: Standing | None) -> str:
        """How the game is won and where it stands (the line under the round results)."""
        if st is None:
            return ""
        name = self.who(st.seat)
        match st.rule:
            case StandingRule.TOTAL_ENDS:
                return (f"A total of {st.target} ends the game, the lowest total wins · "
                        f"highest now: {name} with {st.value}")
            case StandingRule.FIRST_TO:
                return (f"First to {st.target} points ends the game, the highest total wins · "
                        f"{self.verb(st.seat, 'lead')} with {st.value} ({max(0, st.target - st.value)} to go)")
            case StandingRule.AFTER_ROUNDS:
                return (f"{plural(st.left, st.round_word)} to go · the {'lowest' if st.lower_wins else 'highest'} "
                        f"total after {plural(st.rounds, st.round_word)} wins · {self.verb(st.seat, 'lead')} "
                        f"with {st.value}")
            case StandingRule.MOST_ROUNDS_WON:
                return (f"{plural(st.left, 'round')} to go · most rounds won takes the match (ties: higher total) · "
                        f"{self.verb(st.seat, 'have')} won {st.value}")
            case StandingRule.EXACTLY:
                return (f"Exactly {st.target} wins at once, else the closest to {st.target} · "
                        f"closest now: {name} with {st.value}")
        return ""

    def time_up(self, ev: ev_.TimedOut, consequence: Note) -> str:
        """The clock ran out: ``consequence`` is what the rule set does then (``Variant.timeout_consequence``)."""
        text = TIME_UP_STOOD if ev.stood else self.note(consequence)
        return text if self.is_you(ev.seat) else f"{self.who(ev.seat)}: {text}"

    def note(self, note: Note) -> str:
        """A rule set's fact for the player to move (``Variant.status_lines``) or what its turn clock
        does (``Variant.timeout_consequence``), told to that player."""
        n = list(note.numbers) + [0] * 3
        match note.fact:
            case Fact.GAME_OF:
                return f"Game {n[0]} of {n[1]}"
            case Fact.LOWEST_TOTAL_WINS:
                return "Lowest total wins"
            case Fact.INITIAL_MELD_POINTS:
                return f"Initial meld: {n[0]}+ points"
            case Fact.EXACT_TARGET:
                return f"Target: exactly {n[0]} - you hold {n[1]} ({n[0] - n[1]} to go)"
            case Fact.TOKENS_LEFT:
                return f"Claim tokens {n[0]}, lock tokens {n[1]}"
            case Fact.TARGET_LOWEST_WINS:
                return f"Target: the game ends when a penalty total reaches {n[0]}; lowest total wins"
            case Fact.TARGET_FIRST_TO:
                return f"Target: {n[0]} points; the first to reach it ends the game"
            case Fact.ROUND_LEADER:
                return f"Round {n[0]}; leader: {self.who(note.seat)} with {n[1]}"
            case Fact.ROUND:
                return f"Round {n[0]}"
            case Fact.JOKER_ON_RACK_COSTS:
                return f"A joker still on your rack when someone goes out costs {n[0]} points"
            case Fact.ROUND_OF_HIGHEST_WINS:
                return f"Round {n[0]} of {n[1]}; the highest total wins"
            case Fact.DRAW_PILE:
                return f"Draw pile: {n[0]} tiles; the round ends when it runs out (fewest tiles wins)"
            case Fact.MUST_MELD_NOW:
                return f"You hold {n[0]} tiles: with {n[1]} or more you must meld if you can"
            case Fact.MUST_MELD_RULE:
                return f"Holding {n[0]} or more tiles you must meld if you can"
            case Fact.HAND_LIMIT:
                if len(note.numbers) < 2:
                    return f"Hand limit: {n[0]} tiles (its lowest)"
                return f"Hand limit: {n[0]} tiles; {n[0] - 1} after {plural(n[1], 'more round')} of turns"
            case Fact.OVER_HAND_LIMIT_NOW:
                return f"You hold {n[0]} tiles: end this turn with {n[1]} or fewer, or lose {n[2]} points"
            case Fact.HAND_LIMIT_COST:
                return f"Ending a turn with more than {n[0]} tiles costs {n[1]} points"
            case Fact.TIME_UP_DRAW:
                return "Time is up: your tiles go back and you draw a tile (a finished play would have stood)."
            case Fact.TIME_UP_PENALTY:
                return ("Time is up: with incomplete sets on the table, the table is put back, your tiles return and "
                        f"you draw {n[0]} penalty tiles; a finished play stands; otherwise your tiles return and you "
                        "draw one tile.")
            case Fact.TIME_UP_SECONDS_DRAW:
                return f"{n[0]} seconds are up: your tiles go back where they were and you draw a tile."
        return ""
