"""Computer opponents for the crossword board (Rummi200kub).

``choose(view, level) -> action`` plays for one seat, seeing only that seat's
view.  It finds tile plays that suit a crossword board and decides between
playing, claiming (claim, hijack, lock) and drawing:

* plays: a new set laid across a tile already on the board (a run or group
  through it, at right angles to the set it belongs to); a tile added at the
  end of a set where the crossing lines stay valid; (medium and up) such a tile
  with a new set through it at right angles; (medium and up) a joker taken by
  putting its exact tile in its place, then played with two rack tiles.  On an
  empty board the first set is laid flat and further rack sets cross it.  A
  beam search over these steps keeps the best few drafts at each depth.
* claims: hold exactly 200; take the claim that wins at once; deny a rival who
  could reach exactly 200 next turn (lock or hijack the set they need, or take
  points off them); otherwise claim sets that are worth their tokens and leave
  a total that can still be finished.  Basic never hijacks or locks, and
  medium (like hard) charges its tokens, so each level beats the one below
  it by at least 0.65 (docs/ai.md, "The ladder").

The plays are ``crossword_plan`` (the beam search; ``crossword_moves``: its rearranging
steps), the claims ``crossword_claims`` (the hard level's: ``crossword_race``; the frozen
``hard-v1`` keeps ``crossword_claims``, and ``tests/test_crossword_frozen.py`` keeps that as it was: hard-v1 is a
level of this board only), what both share (profiles, the decision's context,
drafts) ``crossword_draft``.

Every move is checked with the rules core (``engine.check_view`` for plays, the
variant's claim check for claims) before it is returned; when nothing passes,
the player draws.

Each level's player on this board is a ``CrosswordPlayer`` with that level's profile
(registered in ``game.ai.levels`` for the ``CROSSWORD`` board; expert plays hard's decisions with
Sage's own knobs, ``game.ai.sage``).
"""

from __future__ import annotations

import random
from typing import Callable

from ..rules import actions as act
from . import crossword_claims, crossword_race, crossword_sage, crossword_shape, sage
from .crossword_claims import claim_ok
from .crossword_claims import threats as _threats  # noqa: F401  (the name the claim tests read)
from .crossword_draft import LEVELS, PROFILES, Ctx, Draft, Profile  # noqa: F401  (the players' names for them)
from .crossword_plan import Planner, find_play
from .levels import CROSSWORD, register_player

# The claim decisions each profile names (``Profile.claims``).
CLAIMS = {
    "standard": crossword_claims.choose_claim,
    "race": crossword_race.choose_claim,
}

__all__ = ["LEVELS", "PROFILES", "CrosswordPlayer", "Ctx", "Draft", "Planner", "Profile", "choose", "find_play", "hint"]


def choose(view, level: str = "basic", rng: random.Random | None = None, prof: Profile | None = None) -> act.Action:
    """The move for the seat ``view`` belongs to: ``Play(board)``, a ``Claim`` ("claim" or
    "hijack", the set named by its ``cells``) or ``Draw()``.  ``prof`` plays the level's decisions
    with other knobs (Sage plays hard's with its own, ``game.ai.sage``)."""
    ctx = Ctx(view, level, rng, prof)
    if ctx.prof.claims == "race":
        if ctx.prof.lookahead:
            return crossword_sage.choose(ctx)
        return crossword_shape.choose(ctx) if ctx.prof.shape or ctx.prof.exchange else crossword_race.choose(ctx)
    board = find_play(ctx)
    claim = CLAIMS[ctx.prof.claims](ctx, can_play=board is not None)
    if claim is not None and claim_ok(ctx, claim):
        return claim
    if board is not None:
        return act.Play(board)
    return act.Draw()


class CrosswordPlayer:
    """``choose(view) -> Action`` on the crossword board with the profile ``profile``, or with the
    knobs ``knobs(variant)`` gives where it is set (Sage's: ``game.ai.sage.sage_profile``)."""

    def __init__(self, profile: str, seed: int = 0, knobs: Callable[[object], Profile] | None = None) -> None:
        self.profile = profile
        self.knobs = knobs
        self.rng = random.Random(seed)

    def choose(self, view) -> act.Action:
        return choose(view, self.profile, self.rng, self.knobs(view.variant) if self.knobs else None)


def hint(view) -> dict | None:
    """The play screen's hint on the crossword board: the play that lays the most tiles
    (the greedy-max search, bounded by its own step budget, checked by the rules core), as
    ``{"board", "tiles"}``, or None when no play is legal.  Claims are the player's own call:
    the hint never suggests one."""
    board = find_play(Ctx(view, "greedy-max", None))
    if board is None:
        return None
    before = set(view.board.tiles())
    return {"board": board, "tiles": sorted(t for t in board.tiles() if t not in before)}


# The levels on this board: each its own profile; expert plays hard's decisions with Sage's knobs.
for _level in LEVELS:
    register_player(_level, lambda seed, profile=_level: CrosswordPlayer(profile, seed), CROSSWORD)
register_player("expert", lambda seed: CrosswordPlayer("hard", seed, sage.sage_profile), CROSSWORD)
