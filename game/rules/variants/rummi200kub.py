"""Rummi200kub (sheet 000): one crossword board for everyone, claim tokens, exactly 200.

The board is read crossword style (``crossword = True``): every maximal
horizontal or vertical line of two or more touching tiles must be a valid set,
and all tiles form one connected group.  A turn is exactly one of: draw, play,
or claim (``claim_turn``, through ``engine.apply``).  Claims live in ``state.extra["claims"]`` and the
supplies in ``player.extra``; see ``game.rules.claims`` for the record format.

For a screen (all plain data; ``v = state.variant``):

* ``v.claims_view(state_or_view)``: every claimed set with its cells, owner,
  top side ("blank" or "2"), all token layers, lock flag, lock cell and lock
  owner; and per player the claimed points (the score), points to go, claim
  tokens and lock tokens left, sets held.  Draw score bars from
  ``players[i]["points"]`` toward ``target``.
* ``v.claim_options(state, seat)``: the sets that seat may claim now, each with
  ``key``, ``cells``, ``vertical``, ``kind`` ("claim", "hijack" or "lock"),
  ``value``, ``points`` and ``from`` (the seat that loses it).
* ``v.claim_problems(state, action)``: why a claim is not allowed (sentences).
* ``engine.apply(state, Claim(...))`` (or its JSON form ``{"type": "claim", ...}``)
  performs a claim, hijack or lock for the player to move through ``v.claim_turn`` (the kind follows from the set's claims;
  ``"type": "hijack"`` additionally insists the set is already claimed).  The
  set is named by ``"cells": [[r, c], ...]`` (every cell), ``"cell": [r, c]``
  plus ``"vertical": bool`` (a clicked tile; the orientation may be left out
  when only one set runs through it) or ``"key": "h:r,c"`` (keyboard cycling
  through ``claim_options``).  A refusal leaves the state untouched.  Events: ``{"type": "claim", "kind", "seat",
  "key", "cells", "tiles", "value", "points", "from", "locked"}``, and
  ``{"type": "claim_released", ...}`` under the "release" reading.
* ``v.status_lines(state, seat)``, ``v.rules_text()``, ``v.readings()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import claims as cl
from ..actions import Claim
from ..events import Event
from ..melds import line_readings
from ..tiles import JOKER_IDS, face_number, is_joker, number_of, rack_value
from ..problems import Code, StateProblem
from ..reasons import Fact, Note, Reason
from ..turn import Problem
from ..registry import register
from ..state import GameState, Phase
from .base import OptionSpec, Standing, StandingRule, Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..turn import Analysis

TARGET = cl.TARGET


def joker_faces(lines_with_melds: list[tuple[Any, Any]], j: int) -> set[int] | None:
    """Faces a joker may stand for given every line it lies in: the intersection of its
    readings in each line (both the group and the run reading of a line are allowed).
    None when it lies in no valid line."""
    faces: set[int] | None = None
    for ln, _ in lines_with_melds:
        if j not in ln.tiles:
            continue
        i = ln.tiles.index(j)
        here: set[int] = set()
        if len(ln.tiles) >= 3:
            for reading in line_readings(ln.tiles):
                if reading:
                    here.update(reading.roles[i])
        faces = here if faces is None else faces & here
    return faces


def rack_tile_points(analysis: "Analysis") -> int:
    """Initial-play points: the rack tiles played, each at its number; a joker at the number of
    the tile it stands for.  Table tiles a new set crosses do not count (they are not yours)."""
    pairs = list(zip(analysis.lines, analysis.melds))
    total = 0
    for t in analysis.played:
        if not is_joker(t):
            total += number_of(t)
            continue
        faces = joker_faces(pairs, t)
        if faces:
            total += max(face_number(f) for f in faces)
    return total


@register
class Rummi200kub(Variant):
    key = "rummi200kub"
    rack_points_count = False  # only claimed sets score
    title = "Rummi200kub"
    sheet = "000"
    blurb = "One crossword board for everyone: claim sets with your tokens and hold exactly 200 points."
    min_players = 2
    max_players = 4

    tiles_dealt = 14
    initial_meld = 30
    initial_table_untouched = True
    start_rule = "lowest"
    direction = -1
    crossword = True
    joker_exact_replacement = True
    freed_joker_min_rack = 2
    freed_joker_new_set = True  # "... with 2 or more tiles from his rack to make a new set"
    fixed_turn_time = 200
    timeout_plays_finished_table = False  # the sheet: over the limit, draw a tile
    has_claims = True
    pool_end = "blocked"
    target = TARGET

    option_specs = (
        OptionSpec("tokens", "Claim tokens per player", 45, low=9, high=120,
                   help="Round tokens in your colour: a claim puts one on every tile of the set."),
        OptionSpec("lock_tokens", "Lock tokens (shared out evenly)", 12, low=0, high=48,
                   help="Square lock tokens, divided evenly among the players; the third claim on a set needs one."),
        OptionSpec("allow_over_200", "Claims may take you past 200", False,
                   help="Off: a claim or hijack that would take you past 200 is not allowed."),
        OptionSpec("hijack_double", "The \"2\" side scores double", False,
                   help="Off: a set is always worth its face value, whoever holds it."),
        OptionSpec("claimed_sets", "Claimed sets", "frozen", ("frozen", "release"),
                   labels=("Stay as they are", "May be changed"),
                   help="Stay as they are: a claimed set may only be crossed. May be changed: a play may change it, "
                        "which takes the claim off and gives the tokens back."),
        OptionSpec("claim_needs_initial", "Claim only after your initial play", True,
                   help="Off: you may claim a set before your first play."),
        OptionSpec("crossing_claims", "Crossing sets may both be claimed", True,
                   help="Off: a tile carries one claim, so a set crossing a claimed set cannot be claimed."),
        OptionSpec("initial_may_extend", "Initial play may extend sets", False,
                   help="Off: the initial play is new sets from your rack, each crossing at most one tile already on the board."),
    )

    # -- option helpers ------------------------------------------------------------------------
    def claim_rules(self) -> cl.ClaimRules:
        o = self.options
        return cl.ClaimRules(
            target=self.target,
            allow_over=bool(o["allow_over_200"]),
            hijack_double=bool(o["hijack_double"]),
            crossing_claims=bool(o["crossing_claims"]),
            needs_initial=bool(o["claim_needs_initial"]),
            frozen=o["claimed_sets"] == "frozen",
        )

    def locks_each(self, n_players: int) -> int:
        return int(self.options["lock_tokens"]) // n_players

    # -- set-up -----------------------------------------------------------------------------------
    def init_extra(self, state: "GameState") -> dict:
        return {"claims": []}

    def start_round_extra(self, state: "GameState") -> None:
        state.extra = {"claims": [], "exact_winner": None}
        locks = self.locks_each(len(state.players))
        for p in state.players:
            p.extra = {"tokens": int(self.options["tokens"]), "locks": locks}
            p.score = 0

    # -- play checks ---------------------------------------------------------------------------------
    def initial_meld_problems(self, analysis: "Analysis") -> list[Problem]:
        """The initial play: at least 30 points of rack tiles in new sets.  Table tiles stay where they
        are; a new set may (and on a non-empty board must, somewhere) cross a tile already on the board,
        but, unless the option allows it, a line holding your tiles may hold at most one table tile
        (so you may not extend or join sets before your initial play).  Only your rack tiles count."""
        out: list[Problem] = []
        start, board = analysis.start, analysis.board
        moved = [t for c, t in start.board.cells.items() if board.get(c) != t]
        if moved:
            where = board.where()
            out.append(Problem(Reason.BOARD_MOVED_BEFORE_PLAY, tuple(where[t] for t in moved if t in where)))
        new = set(analysis.played)
        if not self.options["initial_may_extend"]:
            for ln in analysis.lines:
                if any(t in new for t in ln.tiles) and sum(1 for t in ln.tiles if t not in new) > 1:
                    out.append(Problem(Reason.INITIAL_PLAY_NEW_SETS, ln.cells))
        points = rack_tile_points(analysis)
        if analysis.played and points < self.initial_meld:
            out.append(Problem(Reason.INITIAL_PLAY_TOO_FEW_POINTS, numbers=(self.initial_meld, points)))
        return out

    def initial_play_points(self, analysis: "Analysis") -> int:
        return rack_tile_points(analysis)

    def extra_play_problems(self, analysis: "Analysis") -> list[Problem]:
        out: list[Problem] = []
        board = analysis.board
        where = board.where()
        pairs = list(zip(analysis.lines, analysis.melds))
        # A joker where two sets cross stands for one tile in both.
        for j in JOKER_IDS:
            if j not in where:
                continue
            in_lines = [ln for ln, m in pairs if j in ln.tiles and m]
            if len(in_lines) >= 2:
                faces = joker_faces(pairs, j)
                if not faces:
                    out.append(Problem(Reason.JOKER_CROSSING, (where[j],)))
        claims = analysis.start.extra.get("claims", []) if isinstance(analysis.start.extra, dict) else []
        if self.options["claimed_sets"] == "frozen":
            for rec in claims:
                try:
                    ok = cl.intact(board, rec)
                except (KeyError, TypeError, ValueError):
                    continue
                if not ok:
                    cells = tuple(tuple(c) for c in rec["cells"])
                    out.append(Problem(Reason.CLAIMED_SET_KEPT, cells, tiles=tuple(rec["tiles"])))
        return out

    # -- claims -------------------------------------------------------------------------------------------
    def check_claim_in(self, pos: cl.Position, seat: int, action: Claim) -> cl.ClaimCheck:
        """Check a claim/hijack action against a ``claims.Position`` (from a state or a view)."""
        return cl.check_claim(pos, seat, action, self.claim_rules())

    def claim_problems(self, state: "GameState", action: Claim) -> list[Problem]:
        """Why the current player may not make this claim (empty list: allowed)."""
        if state.phase != Phase.PLAY:
            return [Problem(Reason.GAME_OVER)]
        return list(self.check_claim_in(cl.Position.from_state(state), state.current, action).problems)

    def claim_turn(self, state: "GameState", action: Claim) -> tuple[list[Problem], list[Event]]:
        """A claim, hijack or lock as the whole turn (``actions.Claim``: its kind, and the set by
        ``cells``, by ``cell`` and ``vertical``, or by ``key``).  Returns (problems, events); a
        refusal leaves the state untouched, and the engine ends the turn after a claim."""
        seat = state.current
        pos = cl.Position.from_state(state)
        chk = self.check_claim_in(pos, seat, action)
        if not chk.ok:
            return list(chk.problems), []
        ev = cl.apply_claim(pos, seat, chk, self.claim_rules())
        self._store(state, pos)
        state.passes = 0
        return [], [ev]

    def _store(self, state: "GameState", pos: cl.Position) -> None:
        state.extra["claims"] = pos.claims
        for p, t, k, s in zip(state.players, pos.tokens, pos.locks, pos.scores):
            p.extra["tokens"] = t
            p.extra["locks"] = k
            p.score = s

    def claim_options(self, state: "GameState", seat: int | None = None) -> list[dict]:
        """Every set the seat (default: the player to move) may claim now, as plain data for a screen:
        ``{"key", "cells", "vertical", "kind" (claim/hijack/lock), "value", "points", "from"}``."""
        seat = state.current if seat is None else seat
        pos = cl.Position.from_state(state)
        return [
            {
                "key": cl.set_key(c.line.cells, c.line.vertical),
                "cells": [list(x) for x in c.line.cells],
                "vertical": c.line.vertical,
                "kind": c.kind,
                "value": c.value,
                "points": c.points,
                "from": c.previous,
            }
            for c in cl.options_for(pos, seat, self.claim_rules())
        ]

    def after_turn(self, state: "GameState", seat: int, action: str) -> list[Event]:
        if action != "play" or self.options["claimed_sets"] == "frozen":
            return []
        pos = cl.Position.from_state(state)
        events: list[Event] = []
        for i in reversed(range(len(pos.claims))):
            if not cl.intact(state.board, pos.claims[i]):
                events.append(cl.release(pos, i, self.claim_rules()))
        if events:
            self._store(state, pos)
        return events

    # -- game end --------------------------------------------------------------------------------------
    def round_end(self, state: "GameState", seat: int) -> str | None:
        n = len(state.players)
        order = [(seat + k * self.direction) % n for k in range(n)]  # the acting player first
        for s in order:
            if state.players[s].score == self.target:
                state.extra["exact_winner"] = s
                return "exact-200"
        return None

    def _order_from_first(self, state: "GameState") -> list[int]:
        n = len(state.players)
        return [(state.dealer_first + k * self.direction) % n for k in range(n)]

    def winner_rule(self) -> str:
        return f"exactly {self.target}, else closest"

    def ranking(self, state: "GameState") -> list[int]:
        """Closest to 200 first; ties: the lower rack value, then fewer tiles, then turn order
        from the player who started.  A player who reached exactly 200 is first."""
        pos_in_turn = {s: i for i, s in enumerate(self._order_from_first(state))}
        ranked = sorted(
            range(len(state.players)),
            key=lambda i: (
                abs(self.target - state.players[i].score),
                rack_value(state.players[i].rack),
                len(state.players[i].rack),
                pos_in_turn[i],
            ),
        )
        first = state.extra.get("exact_winner")
        if isinstance(first, int) and first in ranked:
            ranked.remove(first)
            ranked.insert(0, first)
        return ranked

    def round_winner(self, state: "GameState", reason: str) -> int | None:
        return self.ranking(state)[0]

    def score_round(self, state: "GameState", reason: str, winner: int | None) -> list[int]:
        return [0] * len(state.players)  # the score is the claimed points, kept up to date by every claim

    def game_over(self, state: "GameState") -> bool:
        return True  # one round is the game

    def game_end_reason(self, state: "GameState") -> str:
        """"exact-200", "out" or "blocked" (the game is one round)."""
        return state.round_end_reason or "blocked"

    def score_target(self) -> int | None:
        return self.target

    def standing(self, state: "GameState") -> Standing:
        totals = [p.score for p in state.players]
        near = min(range(len(totals)), key=lambda i: (abs(self.target - totals[i]), i))
        return Standing(StandingRule.EXACTLY, near, totals[near], target=self.target)

    def score_table(self, state: "GameState") -> dict:
        """One row: the claimed points each player held when the game ended (the score)."""
        table = super().score_table(state)
        scores = [p.score for p in state.players]
        for row in table["rows"]:
            row["points"] = list(row.get("totals", scores))
        return table

    def state_problems(self, state: "GameState") -> list[StateProblem]:
        """The claims lie on the board as recorded, the supplies are whole numbers, and the scores
        are the claimed points."""
        extra = state.extra
        if not isinstance(extra, dict):
            return [StateProblem(Code.CLAIMS_NOT_OBJECT)]
        out = [StateProblem(Code.CLAIM_RECORD, {"claim": i, "fault": fault})
               for i, fault in cl.record_problems(extra.get("claims", []), state.board, len(state.players))]
        for seat, p in enumerate(state.players):
            for k in ("tokens", "locks"):
                v = p.extra.get(k)
                if type(v) is not int or v < 0:
                    out.append(StateProblem(Code.CLAIM_TOKENS, {"seat": seat, "field": k}))
        if out:
            return out
        scores = cl.points_of(extra.get("claims", []), len(state.players), self.claim_rules())
        if scores != [p.score for p in state.players]:
            out.append(StateProblem(Code.CLAIMED_SCORES))
        ew = extra.get("exact_winner")
        if ew is not None and (type(ew) is not int or not 0 <= ew < len(state.players)):
            out.append(StateProblem(Code.EXACT_WINNER))
        return out

    # -- what a screen shows ----------------------------------------------------------------------------
    def claims_view(self, source: Any) -> dict:
        """Everything a board view draws about claims, from a ``GameState`` or a ``PlayerView``:

        ``{"target": 200,
           "sets": [{"key", "cells", "vertical", "tiles", "value", "points", "owner", "side" ("blank"/"2"),
                     "layers": [{"seat", "side"}], "claims": n, "locked", "lock_cell", "lock_seat"}],
           "players": [{"seat", "points", "to_go", "tokens", "locks", "sets"}]}``"""
        pos = cl.Position.from_state(source) if isinstance(source, GameState) else cl.Position.from_view(source)
        rules = self.claim_rules()
        sets = []
        held = [0] * len(pos.scores)
        for rec in pos.claims:
            owner = cl.holder(rec)
            held[owner] += 1
            sets.append(
                {
                    "key": cl.set_key(rec["cells"], rec["vertical"]),
                    "cells": [list(c) for c in rec["cells"]],
                    "vertical": rec["vertical"],
                    "tiles": list(rec["tiles"]),
                    "value": rec["value"],
                    "points": cl.record_points(rec, rules),
                    "owner": owner,
                    "side": rec["layers"][-1]["side"],
                    "layers": [dict(l) for l in rec["layers"]],
                    "claims": len(rec["layers"]),
                    "locked": bool(rec["locked"]),
                    "lock_cell": list(rec["cells"][0]) if rec["locked"] else None,
                    "lock_seat": rec.get("lock_seat"),
                }
            )
        players = [
            {"seat": i, "points": pos.scores[i], "to_go": self.target - pos.scores[i], "tokens": pos.tokens[i], "locks": pos.locks[i], "sets": held[i]}
            for i in range(len(pos.scores))
        ]
        return {"target": self.target, "sets": sets, "players": players}

    def status_lines(self, state: "GameState", seat: int) -> list[Note]:
        p = state.players[seat]
        return [
            Note(Fact.EXACT_TARGET, (self.target, p.score)),
            Note(Fact.TOKENS_LEFT, (int(p.extra.get("tokens", 0)), int(p.extra.get("locks", 0)))),
        ]

    def timeout_consequence(self) -> Note:
        return Note(Fact.TIME_UP_SECONDS_DRAW, (self.turn_time(),))

    # -- rules screen ----------------------------------------------------------------------------------
    def rules_text(self) -> list[tuple[str, str]]:
        o = self.options
        return [
            ("Goal", f"Be the first to hold exactly {self.target} claimed points. You claim points by putting your tokens on sets on the board."),
            ("Start", "Everyone draws a tile: the lowest number starts and play passes to the right (counter-clockwise). Each player takes 14 tiles, "
                      f"{o['tokens']} claim tokens in their own colour and an even share of the {o['lock_tokens']} lock tokens."),
            ("One board", "Everybody plays on one board and all tiles form one connected group. A set may be laid across another, crossword style: "
                          "every row or column of two or more touching tiles must be a valid set of at least three (so two sets may not lie side by side)."),
            ("Sets", "A group is 3 or 4 tiles of one number in different colours; a run is 3 to 13 consecutive numbers in one colour, read left to right "
                     "or top to bottom; 1 is always low. A set is worth the sum of its numbers (three eights: 24), a joker the tile it stands for."),
            ("Initial play", "Your first play is one or more new sets from your rack worth at least 30 points. Only your own tiles count; "
                             "on a board that already has tiles your sets join it by crossing one of its tiles."),
            ("Your turn", "Do exactly one thing: draw a tile; or play (new sets, tiles added to sets, rearrangements, as long as only valid sets "
                          "remain and nothing is left loose); or claim one set. You have 200 seconds: when they run out your tiles go back and you draw."),
            ("Claim", "Put your tokens on every tile of one set: its points are yours. Another player may hijack it by covering your tokens with theirs, "
                      "the \"2\" side up: the points move to them. The third claim on a set puts a lock token on its first tile: no more claims. "
                      "One claim or hijack per turn, and never on a set you already hold."),
            ("Jokers", "After your initial play you may take a joker by putting the exact tile it stands for (either missing colour in a group of three) "
                       "from your rack in its place; the joker must be played this turn in a new set with two or more tiles from your rack."),
            ("End", f"Holding exactly {self.target} wins at once. Otherwise the game ends when someone empties their rack, or when the pool is empty "
                    f"and nobody can play; then the score closest to {self.target} wins."),
        ]

    def readings(self) -> list[str]:
        o = self.options
        r = [
            "Ties in the starting draw (and a drawn joker) are redrawn among the tied players.",
            f"Token supplies (options): {o['tokens']} claim tokens each; {o['lock_tokens']} lock tokens shared out evenly "
            f"({self.locks_each(2)} each with 2 players, {self.locks_each(3)} with 3, {self.locks_each(4)} with 4; any remainder stays in the box).",
            "A claim or hijack uses one token per tile of the set; tokens covered by a hijack stay on the board (they do not come back).",
            "Initial play: only the values of your own rack tiles count (a joker at the number of the tile it stands for); a table tile your set "
            "crosses does not count. Table tiles may not move, and "
            + ("your tiles may also extend or join sets already on the board (option)."
               if o["initial_may_extend"] else "each row or column holding your tiles may hold at most one table tile (the crossing), so you may not extend sets yet."),
            "Where two sets cross, the crossing tile belongs to both; a joker there must stand for the same tile in both sets.",
            "Playing on: a set can be crossed anywhere a new row or column fits; two sets may not lie side by side, as that makes two-tile lines.",
            ("Claimed sets stay as they are: they may be crossed by a new set, but not extended, split or rearranged, and their jokers stay."
             if o["claimed_sets"] == "frozen" else
             "Claimed sets may be changed by a play; a changed claimed set loses its claim: every token on it goes back to its owner and the points are lost."),
            "Points are the face value of the set (jokers as the tile they stand for), whoever holds it"
            + (", except that a hijack (the \"2\" side) scores double (option)." if o["hijack_double"] else "; the \"2\" side only shows it was hijacked."),
            ("A claim or hijack that would take you past 200 is allowed (you move away from 200)."
             if o["allow_over_200"] else "A claim or hijack that would take you past 200 is not allowed."),
            "You cannot claim a set you already hold; the third claim (which locks the set) needs a lock token, and any player but the holder may make it."
            + (" You must have made your initial play before claiming." if o["claim_needs_initial"] else " You may claim before your initial play (option)."),
            ("Crossing sets may both be claimed: the crossing tile then carries a token of each."
             if o["crossing_claims"] else "A tile carries one claim: a set crossing a claimed set cannot be claimed (option)."),
            "A claim ends your turn; when the pool is empty, a claim counts as a move (not a pass).",
            "To take a joker, the exact tile must go into the joker's place in its set; the freed joker's new set needs two or more tiles from your rack besides that tile. A set counts as new when it does not hold every tile of a set that was on the board at the start of your turn: a freed joker added to the end of a line already on the board does not make a new set. Sets are judged by their tiles, not the faces they show: the joker with your own red 1, 2 and 3 is a new set, even while the other red 1, 2 and 3 lie on the board.",
            "Game end: exactly 200 wins at once (if a claim leaves two players on 200, the claimant wins). After a rack empties or a blocked board, "
            "the score closest to 200 wins; ties go to the lower rack value, then fewer tiles, then the earlier player in turn order.",
            "Time limit: 200 seconds a turn; when it runs out, the tiles you moved go back and you draw a tile.",
        ]
        return r
