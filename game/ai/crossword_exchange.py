"""Sage's search of the claim exchange on the crossword board (Rummi200kub).

The end of a game is an exchange of claims, hijacks and locks: a seat with a set on the board worth
exactly what it still needs (a *finish*) wins on its turn unless the other takes that finish away.
Claims depend on the board and the public supplies only, never on the racks, so Sage can search
them exactly from its own view: after a move of ours, every claim the rival could answer with, and
whether that claim leaves the rival a finish we could not take away with a claim of ours, and so on
(a *lost line*).  Hard looks one claim less deep (it takes a win, denies a finish, and makes no claim that
hands a rival a finish).

``lost_lines(...)``: ``NOW`` when our move leaves the rival a finish at once, 1 when the rival can
force one within ``Profile.exchange`` of its claims (``forced``), else 0.  Sage (``exchange`` 2)
checks the turn its policy chose (``crossword_shape``); when that turn is lost so, it weighs its
other claims, the plays its search found, and a draw, and keeps the first (its turn first, then
the claims by hard's claim value, then the plays, then a draw) with the fewest.  The work is a
count: at most ``exchange_budget`` finish scans a turn (each a pass over the sets on the board);
past it the turn stays as its policy chose.  No clock is read.
"""

from __future__ import annotations

from typing import Callable

from ..rules import actions as act
from ..rules import claims as cl
from ..rules.board import Board
from . import crossword_race
from .crossword_claims import _action, claim_ok, is_early, rival_seats, threats
from .crossword_draft import Ctx

NOW = 1000  # a move that leaves the rival a finish at once


class Budget(Exception):
    """The work budget of the turn is spent."""


class Scans:
    """Counts finish scans against a budget (a count, never a clock)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def threats(self, pos: cl.Position, rules: cl.ClaimRules, seat: int) -> int:
        self.used += 1
        if self.used > self.limit:
            raise Budget
        return threats(pos, rules, seat)


def lost_lines(pos1: cl.Position, rules: cl.ClaimRules, me: int, rival: int, scans: Scans, depth: int = 1) -> int:
    """After our move (``pos1``, the rival to move): ``NOW`` if the rival has a finish, 1 if it can
    force one within ``depth`` of its claims (``forced``), else 0."""
    if scans.threats(pos1, rules, rival):
        return NOW
    return 1 if forced(pos1, rules, rival, me, depth, scans) else 0


def forced(pos: cl.Position, rules: cl.ClaimRules, attacker: int, defender: int, depth: int, scans: Scans) -> bool:
    """Can ``attacker`` (to move, no finish yet) force a finish within ``depth`` claims?  Its claims
    that leave it a finish (and the defender none) are tried; the defender answers with every claim
    that takes all the attacker's finishes away (its plays are not counted: the search is of claims,
    which the board alone decides).  Forced: some such claim leaves no answer, or only answers after
    which the attacker forces again."""
    if depth <= 0:
        return False
    for a in cl.options_for(pos, attacker, rules):
        pos2 = pos.copy()
        cl.apply_claim(pos2, attacker, a, rules)
        if not scans.threats(pos2, rules, attacker) or scans.threats(pos2, rules, defender):
            continue
        answers, escape = [], False
        for d in cl.options_for(pos2, defender, rules):
            pos3 = pos2.copy()
            cl.apply_claim(pos3, defender, d, rules)
            if pos3.scores[defender] == rules.target:
                escape = True  # the defender wins instead
                break
            if not scans.threats(pos3, rules, attacker):
                answers.append(pos3)
        if escape:
            continue
        if not answers or all(forced(p3, rules, attacker, defender, depth - 1, scans) for p3 in answers):
            return True
    return False


def after(ctx: Ctx, move: act.Action) -> cl.Position | None:
    """The public position after our ``move`` (None when it is not a legal claim)."""
    pos = ctx.pos.copy()
    if isinstance(move, act.Play):
        pos.board = move.board
        pos.melded[ctx.seat] = True
    elif isinstance(move, act.Claim):
        chk = ctx.variant.check_claim_in(ctx.pos, ctx.seat, move)
        if not chk.ok:
            return None
        cl.apply_claim(pos, ctx.seat, chk, ctx.rules)
    return pos


def wins(ctx: Ctx, move: act.Action) -> bool:
    if not isinstance(move, act.Claim):
        return False
    chk = ctx.variant.check_claim_in(ctx.pos, ctx.seat, move)
    return chk.ok and ctx.pos.scores[ctx.seat] + chk.points == ctx.target


def checked(ctx: Ctx, base: act.Action, plays: Callable[[], list[Board]]) -> act.Action:
    """``base`` (hard's turn), or the first other turn with fewer lost lines (see the module)."""
    if not ctx.melded or not ctx.has_claims or len(ctx.pos.scores) != 2 or wins(ctx, base):
        return base
    rival = rival_seats(ctx)[0]
    if ctx.rules.needs_initial and not ctx.pos.melded[rival]:
        return base
    scans = Scans(ctx.prof.exchange_budget)
    try:
        pos = after(ctx, base)
        best = lost_lines(pos, ctx.rules, ctx.seat, rival, scans, ctx.prof.exchange) if pos is not None else NOW
        if best == 0:
            return base
        choice = base
        for move in others(ctx, base, plays):
            pos = after(ctx, move)
            if pos is None:
                continue
            n = lost_lines(pos, ctx.rules, ctx.seat, rival, scans, ctx.prof.exchange)
            if n < best:
                best, choice = n, move
                if n == 0:
                    break
        return choice
    except Budget:
        return base


def others(ctx: Ctx, base: act.Action, plays: Callable[[], list[Board]]) -> list[act.Action]:
    """The turns weighed against hard's: its claims by hard's claim value, the plays, a draw."""
    early = is_early(ctx)
    options = cl.options_for(ctx.pos, ctx.seat, ctx.rules)
    options.sort(key=lambda c: -crossword_race.race_utility(ctx, c, early))
    out: list[act.Action] = []
    for c in options:
        a = _action(c)
        if a != base and claim_ok(ctx, a):
            out.append(a)
    out += [act.Play(b) for b in plays() if act.Play(b) != base]
    if not isinstance(base, act.Draw) and ctx.view.pool_size > 0:
        out.append(act.Draw())
    return out
