"""The crossword players' claims (Rummi200kub): hold exactly 200; take the claim that wins at
once; deny a rival who could reach exactly 200 next turn (lock or hijack the set they need, or
take points off them); otherwise claim sets that are worth their tokens and leave a total that
can still be finished (``choose_claim``)."""

from __future__ import annotations

from ..rules import actions as act
from ..rules import claims as cl
from ..rules.board import Line
from ..rules.melds import check_line
from .crossword_draft import Ctx

# Totals one set can be worth: groups of 3 or 4 and runs of 3..13 (numbers 1..13).
SET_VALUES = frozenset(
    [n * k for n in range(1, 14) for k in (3, 4)]
    + [sum(range(lo, lo + k)) for k in range(3, 14) for lo in range(1, 15 - k)]
)
TWO_SET_VALUES = frozenset(a + b for a in SET_VALUES for b in SET_VALUES)


def threats(pos: cl.Position, rules: cl.ClaimRules, seat: int, sets: list[Line] | None = None) -> int:
    """How many claims would give ``seat`` exactly the target right now."""
    need = rules.target - pos.scores[seat]
    if need <= 0 and not rules.allow_over:
        return 0
    n = 0
    for ln in sets if sets is not None else cl.board_sets(pos.board):
        chk = cl.check_line_claim(pos, seat, ln, rules)
        if chk.ok and chk.points == need:
            n += 1
    return n


def leading(ctx: Ctx) -> bool:
    """Are we (strictly) the closest to the target?"""
    mine = abs(ctx.target - ctx.pos.scores[ctx.seat])
    return all(mine < abs(ctx.target - s) for i, s in enumerate(ctx.pos.scores) if i != ctx.seat)


def _after(ctx: Ctx, chk: cl.ClaimCheck) -> cl.Position:
    pos = ctx.pos.copy()
    cl.apply_claim(pos, ctx.seat, chk, ctx.rules)
    return pos


def rival_seats(ctx: Ctx) -> list[int]:
    n = len(ctx.pos.scores)
    d = ctx.variant.direction
    return [(ctx.seat + k * d) % n for k in range(1, n)]  # in the order they move next


def _sets_snapshot(ctx: Ctx) -> list[tuple[Line, int, dict | None]]:
    """Every set on the board with its face value and its claim record (once per decision)."""
    if ctx._snapshot is None:
        out = []
        for ln in cl.board_sets(ctx.pos.board):
            m = check_line(ln.tiles)
            if not m:
                continue
            idx = cl.find_record(ctx.pos.claims, ln.cells, ln.vertical)
            rec = ctx.pos.claims[idx] if idx is not None else None
            out.append((ln, int(rec["value"]) if rec else m.value, rec))
        ctx._snapshot = out
    return ctx._snapshot


def _finishers(ctx: Ctx, chk: cl.ClaimCheck) -> set[int]:
    """Values of the sets we could still claim after making ``chk`` (ignoring what rivals do meanwhile)."""
    seat = ctx.seat
    tokens_after = ctx.pos.tokens[seat] - len(chk.line.cells)
    locks_after = ctx.pos.locks[seat] - (1 if chk.kind == "lock" else 0)
    out = set()
    for ln, value, rec in _sets_snapshot(ctx):
        if ln.cells == chk.line.cells and ln.vertical == chk.line.vertical:
            continue
        layers = len(rec["layers"]) if rec else 0
        if layers >= cl.MAX_LAYERS or (rec and cl.holder(rec) == seat) or len(ln.cells) > tokens_after:
            continue
        if layers == 2 and locks_after < 1:
            continue
        out.add(value * (2 if ctx.rules.hijack_double and layers == 1 else 1))
    return out


def claim_utility(ctx: Ctx, chk: cl.ClaimCheck, early: bool) -> float:
    """How good a claim is for us (higher is better; below 0 not worth a turn)."""
    pos, seat, prof = ctx.pos, ctx.seat, ctx.prof
    need = ctx.target - pos.scores[seat]
    after = need - chk.points
    if after == 0:
        return 1000.0
    n = len(chk.line.cells)
    tokens_after = pos.tokens[seat] - n
    per_token = chk.points / n
    u = float(chk.points)
    if after < 0:
        return -100.0  # moving away from the target
    # Token economy: what we still need must be reachable with what we have left.
    if tokens_after < 3 or tokens_after * 12 < after:
        u -= 60
    required = need / max(pos.tokens[seat], 1)
    u -= prof.token_price * required * n  # tokens are scarce: a set must be worth the tokens it takes
    floor = prof.min_per_token if early else prof.min_per_token * 0.6
    if per_token < min(floor, required * 0.9):
        u -= 25
    # Leave a total that can still be finished: best, one that a set on the board finishes now.
    if ctx.level != "easy" and after in _finishers(ctx, chk):
        u += 12 if after >= 25 else 20
    elif after < 3 or after not in TWO_SET_VALUES:
        u -= 40
    elif after < 20:
        u -= 25 if after in SET_VALUES else 35  # a small remainder needs one rare set
    elif after not in SET_VALUES and after < 30:
        u -= 8
    if chk.previous is not None:
        # A hijack also takes points off a rival: worth more against the leader.
        lead = max(pos.scores[s] for s in range(len(pos.scores)) if s != seat)
        u += chk.value * (0.5 if pos.scores[chk.previous] >= lead else 0.2)
    if chk.kind == "lock":
        u += 6  # locked points cannot be taken back
    elif ctx.level.startswith("hard") and _takers(ctx, chk):
        # A rival could take the set straight back (a hijack, or the locking third claim):
        # the tokens may be wasted.  Heads-up that matters most: the tokens run out first.
        u -= chk.points * (0.4 if len(pos.scores) == 2 else 0.25)
    return u


def _takers(ctx: Ctx, chk: cl.ClaimCheck) -> list[int]:
    """Rivals who could claim this set right after us."""
    pos, rules = ctx.pos, ctx.rules
    n = len(chk.line.cells)
    out = []
    for r in rival_seats(ctx):
        if pos.tokens[r] < n or (chk.kind == "hijack" and pos.locks[r] < 1):
            continue
        if rules.needs_initial and not pos.melded[r]:
            continue
        if not rules.allow_over and pos.scores[r] + chk.value > rules.target:
            continue
        out.append(r)
    return out


def choose_claim(ctx: Ctx, can_play: bool) -> act.Claim | None:
    if not ctx.has_claims or not ctx.melded and ctx.rules.needs_initial:
        return None
    prof = ctx.prof
    options = [c for c in cl.options_for(ctx.pos, ctx.seat, ctx.rules)]
    if not prof.hijack:
        options = [c for c in options if c.kind == "claim" or c.points == ctx.target - ctx.pos.scores[ctx.seat]]
    if prof.miss:
        options = [c for c in options if ctx.rng.random() >= prof.miss]
    if not options:
        return None
    win = winning_claim(ctx, options)
    if win is not None:
        return win
    early = is_early(ctx)
    best = None
    if prof.deny:
        rivals = rival_seats(ctx)
        now = {r: threats(ctx.pos, ctx.rules, r) for r in rivals}
        if any(now.values()):
            scored = []
            for c in options:
                pos2 = _after(ctx, c)
                after = {r: threats(pos2, ctx.rules, r) for r in rivals}
                if prof.deny == "simple" and any(after.values()):
                    continue
                # Fewer threats, and the next rival's first; then our own benefit.
                key = (sum(after.values()), after[rivals[0]], -claim_utility(ctx, c, early))
                scored.append((key, c))
            if scored:
                scored.sort(key=lambda kc: kc[0])
                key, c = scored[0]
                if key[0] < sum(now.values()) and claim_utility(ctx, c, early) > -80:
                    return _action(c)
    ranked = sorted(options, key=lambda c: claim_utility(ctx, c, early), reverse=True)
    best = ranked[0]
    u = claim_utility(ctx, best, early)
    threshold = 0.0
    if can_play:
        threshold = claim_bar(ctx)
        if threshold is None:
            return None
    return _action(best) if u > threshold else None


def is_early(ctx: Ctx) -> bool:
    """The first half of the race (no seat holds half the target yet), as claims are valued."""
    return max(ctx.pos.scores) < ctx.target * 0.5


def claim_bar(ctx: Ctx) -> float | None:
    """How much a claim must be worth to be made instead of a play (``claim_over_play``), or None
    where a play always comes first.  Heads-up, a strong claim is worth more than a small play;
    with three or four players it is not (measured: it lost the hard level a third of its wins)."""
    if ctx.prof.claim_over_play is None or len(ctx.pos.scores) != 2:
        return None
    threshold = ctx.prof.claim_over_play  # only a strong claim beats playing tiles
    # Someone about to go out ends the game: points matter more then.
    if min(ctx.view.rack_sizes) <= 2:
        threshold = min(threshold, 8.0)
    return threshold


def winning_claim(ctx: Ctx, options: list[cl.ClaimCheck]) -> act.Claim | None:
    """The claim among ``options`` that reaches the target at once, if any: the one that also
    locks (safe) first, then the one that hurts the leader."""
    need = ctx.target - ctx.pos.scores[ctx.seat]
    wins = [c for c in options if c.points == need]
    if not wins:
        return None
    wins.sort(key=lambda c: (c.kind != "lock", c.previous is None, -len(c.line.cells)))
    return _action(wins[0])


def _action(chk: cl.ClaimCheck) -> act.Claim:
    kind = "hijack" if chk.previous is not None else "claim"
    return act.claim(kind, cells=[list(c) for c in chk.line.cells])


def claim_ok(ctx: Ctx, action: act.Claim) -> bool:
    """Does the rule set accept the claim ``action``?"""
    chk = ctx.variant.check_claim_in(cl.Position.from_view(ctx.view), ctx.seat, action)
    return chk.ok
