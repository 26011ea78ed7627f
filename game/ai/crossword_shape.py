"""Sage's plays on the crossword board (Rummi200kub): the board a play leaves, weighed.

Hard plays the most tiles it can (``crossword_plan.find_play``).  On this board tiles matter
little (a game is nearly always won by reaching exactly 200 with claims); what a play changes is
the sets on the board, and the rival moves next: a rich set laid down is often the rival's
claim.  This is a look-ahead of one reply, and an exact one: claims depend on the board and the
public supplies only, never on the racks, so the rival's claim reply is predicted with hard's
own claim choice, from nothing but the seat's view.

With ``Profile.shape`` on, when hard's turn would be its ordinary play (no win, no denial, no
spoiling or threatening play, no claim) Sage weighs the plays its search found (the first
``shape_cands`` the rules core accepts and hard's own checks allow) and picks the one with the
best

    ``shape_tile`` x tiles placed - ``shape_opp`` x (what the rival's best claim gains)

where a seat's best claim is the best claim value (``crossword_race.race_utility``, from that
seat, among the claims hard would consider: not undone at once, no gift, handing no finish) on
the board after the play, less that on the board as it is.  Then:

* ``shape_claim``: hard claims rather than plays only above ``claim_over_play``; Sage lowers that
  bar by ``shape_claim`` x what the chosen play would hand the rival (the play is worth less).

Weighing our own claim's gain too, a draw, and the spoiling and threatening plays by the same gift
were tried and measured no gain (``docs/ai-tuning.md``, "Sage on the crossword board").

The work is a count: at most ``shape_cands`` plays, each weighed by one claim scan per seat; no
clock is read, so a seed gives the same move on a busy or a quiet machine.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules import actions as act
from ..rules import claims as cl
from ..rules.board import Board
from ..rules.engine import check_view
from . import crossword_exchange, crossword_race
from .crossword_claims import claim_bar, is_early, leading, rival_seats, threats
from .crossword_draft import PROFILES, Ctx
from .crossword_plan import Planner
from .crossword_race import choose_claim, gift, undone

NONE = -1e9


def choose(ctx: Ctx) -> act.Action:
    """Hard's turn (``crossword_race.choose``), with its ordinary play replaced by the best shaped
    one; then (``Profile.exchange``) checked by a search of the claim exchange."""
    move = shaped_turn(ctx)
    if ctx.prof.exchange:
        move = crossword_exchange.checked(ctx, move, lambda: [b for b, _ in plays(ctx, ctx.prof.shape_cands)])
    return move


def shaped_turn(ctx: Ctx) -> act.Action:
    """Hard's turn (``crossword_race.decide``) with its ordinary play replaced by the best shaped
    one, before the exchange check."""
    move, ordinary = crossword_race.decide(ctx)
    if not ordinary or not ctx.melded or not ctx.has_claims or not ctx.prof.shape:
        return move
    board = move.board
    move, given = shaped(ctx, board)
    if ctx.prof.shape_claim and given > 0:
        # hard claims over a play only above its bar (``claim_bar``: heads-up only); a play that
        # hands the rival a claim is worth less, so a smaller claim may beat it
        threshold = claim_bar(ctx)
        other = choose_claim(ctx, can_play=False) if threshold is not None else None
        if other is not None and crossword_race.claim_ok(ctx, other):
            if claim_value(ctx, other) > threshold - ctx.prof.shape_claim * given:
                return other
    return move


def claim_value(ctx: Ctx, claim: act.Claim) -> float:
    """``race_utility`` of the claim ``claim`` for the seat to move."""
    chk = ctx.variant.check_claim_in(ctx.pos, ctx.seat, claim)
    return crossword_race.race_utility(ctx, chk, is_early(ctx))


def plays(ctx: Ctx, cap: int) -> list[tuple[Board, int]]:
    """The first ``cap`` plays of the search the rules core accepts and hard would make (the same
    checks as ``find_play``): (board, tiles placed)."""
    planner = Planner(ctx, initial=False)
    rivals = rival_seats(ctx)
    before = {r: threats(ctx.pos, ctx.rules, r) for r in rivals}
    out: list[tuple[Board, int]] = []
    for draft in planner.search():
        if not draft.placed:
            continue
        out_now = len(draft.placed) == len(ctx.rack)
        if out_now and not leading(ctx):
            continue
        if not out_now:
            pos = ctx.pos.copy()
            pos.board = draft.board
            sets = cl.board_sets(draft.board)
            if any(threats(pos, ctx.rules, r, sets) > before[r] for r in rivals):
                continue
        if check_view(ctx.view, draft.board).problems:
            continue
        out.append((draft.board, len(draft.placed)))
        if len(out) >= cap:
            break
    return out


def best_claim(ctx: Ctx, seat: int, board: Board) -> float:
    """The best claim value ``seat`` would see on ``board`` (hard's filters; 0 when none is worth a turn)."""
    view = replace(ctx.view, seat=seat, rack=(), board=board,
                   melded=tuple(m or s == ctx.seat for s, m in enumerate(ctx.view.melded)))
    sc = Ctx(view, "hard", None, PROFILES["hard"])
    if sc.rules.needs_initial and not sc.melded:
        return 0.0
    options = cl.options_for(sc.pos, seat, sc.rules)
    if not options:
        return 0.0
    rivals = rival_seats(sc)
    early = is_early(sc)
    best = 0.0
    for c in options:
        if undone(sc, c) or gift(sc, c):
            continue
        u = crossword_race.race_utility(sc, c, early)
        if u <= best:
            continue
        if any(threats(crossword_race._after(sc, c), sc.rules, r) for r in rivals):
            continue
        best = u
    return best


def shaped(ctx: Ctx, board: Board) -> tuple[act.Action, float]:
    """The best play by tiles, the rival's gain and our own (hard's ``board`` when nothing is
    better), and what it hands the rival (the gain of its best claim)."""
    prof = ctx.prof
    cands = plays(ctx, prof.shape_cands)
    if not cands:
        return act.Play(board), 0.0
    rival = rival_seats(ctx)[0]
    opp0 = best_claim(ctx, rival, ctx.board)
    scored: list[tuple[float, int, act.Action, float]] = []
    for i, (b, n) in enumerate(cands):
        given = max(0.0, best_claim(ctx, rival, b) - opp0)
        s = prof.shape_tile * n - prof.shape_opp * given
        scored.append((s, -i, act.Play(b), given))
    best = max(scored, key=lambda t: (t[0], t[1]))
    return best[2], best[3]
