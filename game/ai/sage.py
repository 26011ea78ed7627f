"""Sage's (the expert level's) own knobs, rule set by rule set: where they differ from hard's.

Sage plays hard's strategy (``game.ai.strategy``) with the changes listed here for each rule set;
a rule set it does not list gets hard's knobs.  Each change was measured against hard, seats
alternating (``python -m game.sim --players expert,hard``; the runs and their commands are in
``docs/ai.md`` and ``docs/runs/sage/``):

* classic: it denies from 9 tiles (hard: 5): once an opponent holds 9 tiles or fewer and it
  cannot go out, it draws, feeding that opponent nothing.
* Rummibug: hard weighs each play against a draw once an opponent is close; Sage instead denies
  outright from 13 tiles.  Laying tiles early hands a Rummibug opponent the table it needs.
* Rummibug Relaxed: the same denial, from 9 tiles.
* Rummy Q: the same as Rummibug, denying from 13 tiles where hard weighs from 6: a tile laid
  while an opponent is close is a tile that opponent may go out with, and every point it keeps
  counts for the winner only once someone goes out.
* The Golden Games: hard's weighing of a play against a draw, from 12 tiles (hard: 9) and over 24
  sampled deals (hard: 3): the chance that an opponent goes out, which decides the weighing, is
  judged on eight times as many deals (over 6 deals Sage was ahead of 0.569 of the other players,
  over 12 and 24 deals of about 0.62 and 0.65 over two seeds: ``docs/ai.md``).  The weighing stops
  as soon as its choice is settled, so the extra deals cost little think time.
* Rummi200kub (the crossword board, whose knobs are a ``crossword_draft.Profile``): hard's claims
  with a wider and deeper play search (8 drafts kept per step, 14 steps; hard: 4, 12), tokens
  charged at 1.3 (hard: 0.9) of the points per token still needed, and its plays shaped
  (``crossword_shape``, ``shape`` 1): where hard lays the most tiles, Sage weighs its first 20 plays by a
  point a tile less what it hands the rival's best claim (hard's own claim choice, read from the
  board: the rival moves next), and a claim beats such a play at hard's threshold less that gift
  (``shape_claim``).  Its turn is then checked by a search of the claim exchange, two claims deep
  (``crossword_exchange``, ``exchange`` 2): when the rival could force a finish by claims alone, it
  takes another claim, play or draw that leaves it none, or fewer.  ``docs/ai-tuning.md``, "Sage
  on the crossword board", has the runs.  Its
  sampled look-ahead (``crossword_sage``: candidate turns weighed on worlds sampled from its own
  view, every seat then playing hard's policy; a work budget, never a clock) is in and tested but
  off (``lookahead`` 0): measured, it did not beat hard's own turn.

The simulator's ``--sage-knob NAME=VALUE`` changes one for a run (``set_knobs``), so a tuning
trial is a command anyone can rerun.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules.variants.base import Variant
from .crossword_draft import CHOICES as BOARD_CHOICES
from .crossword_draft import PROFILES, Profile
from .levels import FLAT
from .strategy import Strategy, strategy_for, with_knobs

SAGE: dict[str, dict[str, object]] = {
    "classic": {"deny": 9},
    "rummibug": {"weigh": 0, "deny": 13},
    "rummibug-relaxed": {"weigh": 0, "deny": 9},
    "rummy-q": {"weigh": 0, "deny": 13},
    "golden-games": {"weigh": 12, "weigh_worlds": 24},
    "rummi200kub": {"beam": 8, "depth": 14, "token_price": 1.3, "shape": 1, "shape_cands": 20, "shape_tile": 1.0,
                    "shape_claim": 1.0, "exchange": 2},
}


def sage_strategy(variant: Variant) -> Strategy:
    """Hard's knobs for ``variant`` with Sage's own changes."""
    return replace(strategy_for(variant), **SAGE.get(variant.key, {}))


def sage_profile(variant: Variant) -> Profile:
    """On the crossword board: hard's profile with Sage's own changes for ``variant``."""
    return replace(PROFILES["hard"], **SAGE.get(variant.key, {}))


def set_knobs(variant: Variant, settings: dict[str, str]) -> None:
    """Change Sage's knobs for ``variant`` from written values (``{"deny": "11"}``) for the rest
    of this process (the simulator's ``--sage-knob``); ValueError names a knob it cannot take."""
    if variant.board_shape == FLAT:
        changed = with_knobs(sage_strategy(variant), settings)
    else:
        changed = with_knobs(sage_profile(variant), settings, BOARD_CHOICES)
    SAGE[variant.key] = {**SAGE.get(variant.key, {}), **{name: getattr(changed, name) for name in settings}}
