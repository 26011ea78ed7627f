"""The finder's retries on a turn, and when one of them may be offered before the rest are worked out.

``_Turn.arrangements`` asks the finder its first question and, when the referee refuses that answer, the
retries: each is the same question with more constraints than some question before it (more table sets
kept together, every set kept, or no rack jokers), so it places no more tiles than that question's exact
answer.  ``settled`` says when a retry's answer can be offered before a retry still to work out.
"""

from __future__ import annotations


def narrower(a: dict, b: dict) -> bool:
    """Is the finder's question ``a`` the question ``b`` with more constraints (or the same)?
    Keeping more table sets together, or keeping every set (``max_disturbed`` 0), and no rack
    jokers where ``b`` refuses them."""
    if b["use_rack_jokers"] is False and a["use_rack_jokers"] is not False:
        return False
    if b["max_disturbed"] == 0:
        return a["max_disturbed"] == 0
    return a["max_disturbed"] == 0 or set(a["keep"]) >= set(b["keep"])


def settled(best: tuple, j: int, later: dict, done: list) -> bool:
    """Can the retry ``later`` (number ``j``), not worked out yet, not come before ``best``
    (-tiles, number, sets) in the order of most tiles, then number?  It places no more tiles
    than the exact answer to any question it narrows (``done``: questions with their tiles when
    exact, else None)."""
    most = min((tiles for q, tiles in done if tiles is not None and narrower(later, q)), default=None)
    return most is not None and (most < -best[0] or (most == -best[0] and j > best[1]))
