"""The hard crossword player's turn (Rummi200kub): a race to exactly 200.

Measured in heads-up games against the frozen ``hard-v1`` (docs/ai.md), a game is mostly decided
by who first has a set on the board worth exactly what they still need (a *threat*): the rival
can only take it away by changing the need (hijacking one of the threatening player's open sets)
or the set (a spoiling play).  On top of the standard claim values (``crossword_claims``) the
hard player therefore

* never hijacks a set its holder (or another rival) can lock straight back, unless that wins or
  denies a finish: the third claim gives the set back and the tokens of the hijack are lost;
* denies a rival's finish whatever it costs, preferring a denial that cannot be undone at once;
* spoils a rival's finish with tiles when it can (a tile added to the set, a table tile moved
  out of it): no token spent;
* lays a set worth exactly its own need when no rival is threatening, and claims so that what is
  left is a set already on the board (``FINISH_BONUS``);
* never makes a claim that hands a rival a finish.
"""

from __future__ import annotations

from ..rules import actions as act
from ..rules import claims as cl
from ..rules.board import Board
from ..rules.engine import check_view
from .crossword_claims import (_action, _after, _finishers, _takers, claim_bar, claim_ok, claim_utility, is_early, leading,
                               rival_seats, threats, winning_claim)
from .crossword_draft import Ctx, Draft
from .crossword_plan import Planner, find_play

FINISH_BONUS = 20.0  # added to a claim that leaves exactly the value of a set we could claim next
SURE_BONUS = 100.0  # added to that when no rival claim can then take the finish away


def choose(ctx: Ctx) -> act.Action:
    """The move: a win, a denial (a spoiling play, else a claim), a play that threatens a finish,
    else the standard choice between the best claim and the best play."""
    return decide(ctx)[0]


def decide(ctx: Ctx) -> tuple[act.Action, bool]:
    """``choose``'s move, and whether it is the ordinary play (the most tiles, chosen over every
    claim: no win, denial or threat), the one Sage's shaping may replace (``crossword_shape``)."""
    board = find_play(ctx)
    if ctx.melded and ctx.frozen and ctx.has_claims and not _wins_now(ctx):
        rivals = rival_seats(ctx)
        now = {r: threats(ctx.pos, ctx.rules, r) for r in rivals}
        found = spoiling_play(ctx, now) if any(now.values()) else threat_play(ctx, rivals)
        if found is not None:
            return act.Play(found), False
    claim = choose_claim(ctx, can_play=board is not None)
    if claim is not None and claim_ok(ctx, claim):
        return claim, False
    if board is not None:
        return act.Play(board), True
    return act.Draw(), False


# -- claims -------------------------------------------------------------------------------------------------


def race_utility(ctx: Ctx, chk: cl.ClaimCheck, early: bool) -> float:
    """The standard claim value, plus ``FINISH_BONUS`` when what is left is a set on the board."""
    u = claim_utility(ctx, chk, early)
    after = ctx.target - ctx.pos.scores[ctx.seat] - chk.points
    if after > 0 and after in _finishers(ctx, chk):
        u += FINISH_BONUS
        if SURE_BONUS and _sure(ctx, chk):
            u += SURE_BONUS
    return u


def _sure(ctx: Ctx, chk: cl.ClaimCheck) -> bool:
    """After this claim, can no rival claim take away every finish we would then have?"""
    pos = _after(ctx, chk)
    if not threats(pos, ctx.rules, ctx.seat):
        return False
    for r in rival_seats(ctx):
        for c in cl.options_for(pos, r, ctx.rules):
            nxt = pos.copy()
            cl.apply_claim(nxt, r, c, ctx.rules)
            if nxt.scores[r] == ctx.target or not threats(nxt, ctx.rules, ctx.seat):
                return False
    return True


def undone(ctx: Ctx, chk: cl.ClaimCheck) -> bool:
    """Could a rival take this hijack straight back (the locking third claim)?"""
    if chk.kind != "hijack":
        return False
    pos, n = ctx.pos, len(chk.line.cells)
    for r in rival_seats(ctx):
        if pos.tokens[r] < n or pos.locks[r] < 1:
            continue
        # the seat we hijack from gets its points back; anyone else must stay within the target
        if r == chk.previous or ctx.rules.allow_over or pos.scores[r] + chk.value <= ctx.target:
            return True
    return False


def gift(ctx: Ctx, chk: cl.ClaimCheck) -> bool:
    """Would a rival's hijack of this claim keep its points (we could not lock the set back)?"""
    if chk.kind != "claim" or not _takers(ctx, chk):
        return False
    n = len(chk.line.cells)
    return ctx.pos.locks[ctx.seat] < 1 or ctx.pos.tokens[ctx.seat] - n < n


def choose_claim(ctx: Ctx, can_play: bool) -> act.Claim | None:
    """The claim, hijack or lock to make now, or None (``crossword.CLAIMS["race"]``)."""
    if not ctx.has_claims or not ctx.melded and ctx.rules.needs_initial:
        return None
    options = cl.options_for(ctx.pos, ctx.seat, ctx.rules)
    if not options:
        return None
    win = winning_claim(ctx, options)
    if win is not None:
        return win
    early = is_early(ctx)
    rivals = rival_seats(ctx)
    now = {r: threats(ctx.pos, ctx.rules, r) for r in rivals}
    if any(now.values()):
        # A rival finishes next turn unless we stop it: the denial that leaves the fewest finishes
        # (the next rival's first), then one that cannot be undone at once, then our own gain.
        scored = []
        for c in options:
            after = _after(ctx, c)
            left = {r: threats(after, ctx.rules, r) for r in rivals}
            back = _undo_left(ctx, after, c, rivals) if undone(ctx, c) else sum(left.values())
            key = (sum(left.values()), left[rivals[0]], back, undone(ctx, c), -race_utility(ctx, c, early))
            scored.append((key, c))
        key, c = min(scored, key=lambda kc: kc[0])
        if key[0] < sum(now.values()):
            return _action(c)
    options = [
        c for c in options
        if not undone(ctx, c) and not gift(ctx, c) and not any(threats(_after(ctx, c), ctx.rules, r) for r in rivals)
    ]
    if not options:
        return None
    best = max(options, key=lambda c: race_utility(ctx, c, early))
    u = race_utility(ctx, best, early)
    threshold = 0.0
    if can_play:
        threshold = claim_bar(ctx)
        if threshold is None:
            return None
    return _action(best) if u > threshold else None


def _undo_left(ctx: Ctx, after: cl.Position, chk: cl.ClaimCheck, rivals: list[int]) -> int:
    """The rivals' finishes once the seat we hijacked from has locked the set straight back (its
    tokens then may no longer pay for its finish)."""
    r = chk.previous
    undo = cl.check_line_claim(after, r, chk.line, ctx.rules)
    if not undo.ok:
        return 0
    cl.apply_claim(after, r, undo, ctx.rules)
    return sum(threats(after, ctx.rules, s) for s in rivals)


def _wins_now(ctx: Ctx) -> bool:
    need = ctx.target - ctx.pos.scores[ctx.seat]
    return any(c.points == need for c in cl.options_for(ctx.pos, ctx.seat, ctx.rules))


# -- plays that change who can finish ---------------------------------------------------------------------------


def _candidates(ctx: Ctx) -> list[Draft]:
    """Finished plays to weigh: every single step from the board as it is, then the search's
    drafts; never one that goes out while a rival is as close to the target (that ends the game)."""
    planner = Planner(ctx, initial=False)
    root = Draft(ctx.board.copy(), list(ctx.rack))
    out: list[Draft] = []
    seen = set()
    for d in [d for d in planner.steps(root) if not d.freed] + planner.search():
        k = d.key()
        if d.placed and k not in seen:
            seen.add(k)
            if len(d.placed) < len(ctx.rack) or leading(ctx):
                out.append(d)
    return out


def _finishes(ctx: Ctx, board: Board, seats: list[int]) -> list[int]:
    """How many claims would give each of ``seats`` exactly the target on ``board``."""
    pos = ctx.pos.copy()
    pos.board = board
    sets = cl.board_sets(board)
    return [threats(pos, ctx.rules, s, sets) for s in seats]


def _best_legal(ctx: Ctx, scored: list[tuple[tuple, Draft]]) -> Board | None:
    """The board of the best-keyed draft the rules core accepts."""
    for _key, d in sorted(scored, key=lambda kd: kd[0]):
        if not check_view(ctx.view, d.board).problems:
            return d.board
    return None


def spoiling_play(ctx: Ctx, now: dict[int, int]) -> Board | None:
    """A legal play that leaves the rivals fewer claims to exactly the target (the fewest, the next
    rival's first; then the most tiles), or None."""
    rivals = list(now)
    base = (sum(now.values()), now[rivals[0]])
    scored = []
    for d in _candidates(ctx):
        left = _finishes(ctx, d.board, rivals)
        total = (sum(left), left[0])
        if total < base:
            scored.append(((total, -len(d.placed)), d))
    return _best_legal(ctx, scored)


def threat_play(ctx: Ctx, rivals: list[int]) -> Board | None:
    """A legal play that lays a set we could claim for exactly what we still need while giving no
    rival a finish (the most such sets; then the most tiles), or None."""
    scored = []
    for d in _candidates(ctx):
        counts = _finishes(ctx, d.board, [ctx.seat] + rivals)
        if counts[0] and not any(counts[1:]):
            scored.append(((-counts[0], -len(d.placed)), d))
    return _best_legal(ctx, scored)
