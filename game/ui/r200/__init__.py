"""Rummi200kub on the play screen: claim tokens, hijacks, locks and the race to exactly 200.

What a player sees:

- every claimed set sits on a plate in its holder's colour with a token on each tile (a
  crossing tile carries two); a hijacked set shows the "2" side with the covered token
  peeking out beneath; a locked set has the black lock token on its first tile;
- each player's colour rings their portrait; their claim and lock tokens left are in their
  panel; the race panel has a bar per player toward exactly 200 (the 200 mark in gold);
- **Claim** (C) enters claim mode: the sets the player may claim light up with what the
  claim would be (claim, hijack from someone, lock) and its points; click one, or cycle
  with Tab / the arrow keys and press Enter; Esc leaves.  A claim is the whole turn.  A set
  that cannot be claimed says why (the rules core's ``claim_problems``);
- a claim by anyone is played out (tokens drop onto the tiles one by one) and told in a
  message: "Mia hijacks K8 R8 O8 from you — 24 points move to Mia";
- the end: exactly 200 is celebrated; otherwise the closest to 200 is explained.

Everything is read from the rules core (``variant.claims_view``, ``claim_options``,
``claim_problems``) and a claim goes through ``Session.human_action``.  The board's
camera and tile placing are ``boardview.BoardView``'s.

The plugin is one class made of parts, one job per module:

* ``art``: the token, lock, plate and shade pictures and the seats' colours;
* ``base``: the plugin's state, its data from the rules core and its geometry;
* ``modes``: claim mode and input;
* ``events``: the animations' clock and the session's events;
* ``words``: the status line, tips, the end and the results in words;
* ``board`` and ``panels``: drawing on the board and in the panels.
"""

from __future__ import annotations

from .. import variant_ui
from .art import token_colour
from .base import ClaimsBase
from .board import ClaimsBoardDraw
from .events import ClaimsEvents
from .modes import ClaimsInput
from .panels import ClaimsPanels
from .words import ClaimsWords

__all__ = ["ClaimsScreen", "token_colour"]


class ClaimsScreen(ClaimsInput, ClaimsEvents, ClaimsWords, ClaimsBoardDraw, ClaimsPanels, ClaimsBase):
    """A play-screen plugin (see ``variant_ui``) for Rummi200kub."""


variant_ui.register("rummi200kub", ClaimsScreen)
