"""Sage's look-ahead on the crossword board (Rummi200kub): a determinized search over a few turns.

Hard's turn (``crossword_race.choose``) is Sage's first candidate.  With ``Profile.lookahead``
set to K > 0 worlds, Sage also weighs a handful of other turns: the best play the search finds,
the best few claims, hijacks and locks (by ``race_utility``) and a draw.  For each of K worlds
sampled from its own view only (``sampled.sample_state``: the tiles it cannot see, dealt to the
other racks by the sizes it sees and the rest to the pool), it plays the candidate on the world,
then ``la_plies`` further turns with hard's own policy for every seat (each seat deciding from its
own view of that world), and scores where that leaves it:

* the game ended: +1 for a win, -1 for a loss;
* the seat to move can claim exactly its need (hard always takes such a win): +-``SURE``;
* otherwise a small estimate: the difference in how far each side is from 200, the finishes the
  seat not to move would have next turn, and the tokens left.

The candidates are weighed on the same worlds (common random numbers), and hard's turn is kept
unless another is better by ``la_margin`` on average.  The work is a count: K worlds times the
candidates times the plies, each ply one turn of hard's play search with its own step budget;
no clock is read, so a seed gives the same move on a busy or a quiet machine.  Nothing here
reads more than the ``PlayerView`` given: the worlds are dealt from the unseen tiles only.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..rules import actions as act
from ..rules import claims as cl
from ..rules import engine
from ..rules.state import GameState, Phase
from ..rules.tiles import rack_value
from . import crossword_race
from .crossword_claims import _action, claim_ok, is_early, threats
from .crossword_draft import PROFILES, Ctx, Profile
from .crossword_plan import find_play
from .sampled import sample_state

SURE = 0.9  # the value of a position whose mover can claim exactly its need
NEED_WEIGHT = 0.4  # the heuristic: (rival's distance to 200 - ours) / 200, times this
THREAT_WEIGHT = 0.25  # finishes the seat not to move would have on its turn
TOKEN_WEIGHT = 0.004  # per token more than the rival


def choose(ctx: Ctx) -> act.Action:
    """Sage's turn: hard's, unless the look-ahead finds a clearly better one."""
    base = crossword_race.choose(ctx)
    if not wants_lookahead(ctx, base):
        return base
    cands = candidates(ctx, base)[:max(2, ctx.prof.la_budget // max(1, ctx.prof.la_plies))]
    if len(cands) < 2:
        return base
    values = weigh(ctx, cands)
    best = max(range(len(cands)), key=lambda i: (values[i], -i))
    if values[best] > values[0] + ctx.prof.la_margin:
        return cands[best]
    return base


def wants_lookahead(ctx: Ctx, base: act.Action) -> bool:
    """Only once claims are in play (we have made our initial play), and never past a winning claim."""
    if ctx.prof.lookahead <= 0 or not ctx.has_claims or not ctx.melded or ctx.pos is None:
        return False
    if max(ctx.pos.scores) < ctx.prof.la_from:
        return False
    if isinstance(base, act.Claim):
        chk = ctx.variant.check_claim_in(ctx.pos, ctx.seat, base)
        if chk.ok and ctx.pos.scores[ctx.seat] + chk.points == ctx.target:
            return False
    return True


def candidates(ctx: Ctx, base: act.Action) -> list[act.Action]:
    """Hard's turn first, then the search's best play, the best claims, a draw (each once)."""
    out: list[act.Action] = [base]

    def add(a: act.Action | None) -> None:
        if a is not None and a not in out:  # actions compare by value (a play by its board)
            out.append(a)

    board = find_play(ctx)
    if board is not None:
        add(act.Play(board))
    if not ctx.rules.needs_initial or ctx.melded:
        early = is_early(ctx)
        options = cl.options_for(ctx.pos, ctx.seat, ctx.rules)
        options.sort(key=lambda c: -crossword_race.race_utility(ctx, c, early))
        for c in options[:ctx.prof.la_claims]:
            a = _action(c)
            if claim_ok(ctx, a):
                add(a)
    add(act.Draw())
    return out


def weigh(ctx: Ctx, cands: list[act.Action]) -> list[float]:
    """The mean value of each candidate over ``ctx.prof.lookahead`` worlds from the seat's view."""
    seeds = [ctx.rng.randrange(2**31) for _ in range(worlds_for(ctx.prof, len(cands)))]
    reply = replace(PROFILES["hard"], beam=ctx.prof.la_beam, depth=ctx.prof.la_depth)
    totals = [0.0] * len(cands)
    for k, seed in enumerate(seeds):
        for i, a in enumerate(cands):
            world = sample_state(ctx.view, random.Random(seed))
            totals[i] += play_out(world, ctx.seat, a, ctx.prof.la_plies, reply, seed + 7919 * (k + 1), ctx.prof.la_heur)
    return [t / len(seeds) for t in totals]


def worlds_for(prof: Profile, n_cands: int) -> int:
    """The worlds to weigh ``n_cands`` candidates on: ``lookahead``, fewer (at least one) where the
    replies would pass ``la_budget``."""
    per_world = max(1, n_cands * max(1, prof.la_plies))
    return max(1, min(prof.lookahead, prof.la_budget // per_world))


def play_out(state: GameState, seat: int, first: act.Action, plies: int, prof: Profile, seed: int,
             heur: float = 1.0) -> float:
    """Play ``first`` for ``seat`` on ``state`` (changed in place), then ``plies`` turns of hard's
    policy for whoever moves; the value of where it ends, from ``seat``."""
    if not engine.apply(state, first).ok:
        return -1.0
    rng = random.Random(seed)
    for _ in range(plies):
        if state.phase != Phase.PLAY or _mover_wins(state):
            break
        mover = state.current
        view = engine.view(state, mover)
        move = crossword_race.choose(Ctx(view, "hard", rng, prof))
        if not engine.apply(state, move).ok:
            engine.apply(state, act.Draw())
    return value(state, seat, heur)


def _mover_wins(state: GameState) -> bool:
    pos = cl.Position.from_state(state)
    rules = state.variant.claim_rules()
    mover = state.current
    if rules.needs_initial and not pos.melded[mover]:
        return False
    return threats(pos, rules, mover) > 0


def value(state: GameState, seat: int, heur: float = 1.0) -> float:
    """Where a look-ahead stops, from ``seat``: +-1 for a finished game, +-``SURE`` when the seat
    to move can finish at once, else a small estimate of the race."""
    if state.phase != Phase.PLAY:
        return 1.0 if engine.ranking(state)[0] == seat else -1.0
    mover = state.current
    if _mover_wins(state):
        return SURE if mover == seat else -SURE
    if not heur:
        return 0.0
    pos = cl.Position.from_state(state)
    rules = state.variant.claim_rules()
    target = rules.target
    rivals = [s for s in range(len(state.players)) if s != seat]
    rival = min(rivals, key=lambda s: abs(target - pos.scores[s]))
    h = NEED_WEIGHT * (abs(target - pos.scores[rival]) - abs(target - pos.scores[seat])) / target
    waiting = [s for s in range(len(state.players)) if s != mover]
    for s in waiting:
        if not rules.needs_initial or pos.melded[s]:
            if threats(pos, rules, s):
                h += THREAT_WEIGHT if s == seat else -THREAT_WEIGHT
    h += TOKEN_WEIGHT * (pos.tokens[seat] - pos.tokens[rival])
    h += 0.0005 * (rack_value(state.players[rival].rack) - rack_value(state.players[seat].rack))
    return max(-0.8, min(0.8, heur * h))
