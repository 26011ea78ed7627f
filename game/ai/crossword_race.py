"""The hard crossword player's claims (Rummi200kub): a race to exactly 200."""

from __future__ import annotations

from .crossword_claims import choose_claim as _standard
from .crossword_draft import Ctx


def choose_claim(ctx: Ctx, can_play: bool) -> dict | None:
    return _standard(ctx, can_play)
