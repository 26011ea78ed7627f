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

The plugin owns its parts, each with its own state and a small interface; they talk through
each other's methods and the session's events, never by writing each other's fields:

* ``data.ClaimsData``: what the rules core says (cached per session version);
* ``places.ClaimsPlaces``: where tiles and sets are on screen, the set under a point;
* ``modes.ClaimMode``: claim mode, the Claim button and the pointer (input);
* ``events.ClaimsClock``: a claim being played out, the race bars' shown points;
* ``board.ClaimsBoardLayer`` and ``panels.ClaimsPanels``: drawing on the board and in the panels;
* ``words``: the status line, tips, the end and the results in words (plain functions);
* ``art``: the token, lock, plate and shade pictures and the seats' colours.
"""

from __future__ import annotations

from ...play.events import SessionEvent
from .. import variant_ui
from . import words
from .art import token_colour
from .board import ClaimsBoardLayer
from .data import ClaimsData
from .events import ClaimsClock
from .modes import ClaimMode
from .panels import ClaimsPanels
from .places import ClaimsPlaces

__all__ = ["ClaimsScreen", "token_colour"]


class ClaimsScreen(variant_ui.Plugin):
    """A play-screen plugin (see ``variant_ui``) for Rummi200kub: it passes each hook to the part
    whose job it is."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.data = ClaimsData(scene)
        self.places = ClaimsPlaces(scene, self.data)
        self.claim_mode = ClaimMode(scene, self.data, self.places)
        self.clock = ClaimsClock(scene, self.places)
        self.board = ClaimsBoardLayer(scene, self.data, self.places, self.claim_mode, self.clock)
        self.panels = ClaimsPanels(scene, self.data, self.places, self.claim_mode, self.clock)

    # -- input and life ---------------------------------------------------------------------------------
    def handle(self, ev) -> bool:
        return self.claim_mode.handle(ev)

    def update(self, dt: float) -> None:
        self.claim_mode.update(dt)
        self.clock.update(dt)

    def on_event(self, ev: SessionEvent) -> None:
        self.claim_mode.on_event(ev)
        self.clock.on_event(ev)

    def animating(self) -> bool | None:
        """Claim mode pulses and a claim's tokens land: the play screen draws every frame."""
        return True if (self.claim_mode.active or self.clock.busy()) else None

    # -- drawing ----------------------------------------------------------------------------------------
    def draw_under_tiles(self, surf, lay) -> None:
        self.board.draw_under_tiles(surf, lay)

    def draw_over_tiles(self, surf, lay) -> None:
        self.board.draw_over_tiles(surf, lay)

    def draw_info(self, surf, lay) -> bool:
        return self.panels.draw_info(surf, lay)

    def draw_seat_extra(self, surf, seat, pos, width, scale) -> bool:
        return self.panels.draw_seat_extra(surf, seat, pos, width, scale)

    def draw_hud(self, surf, lay) -> None:
        self.panels.draw_hud(surf, lay)

    # -- words ------------------------------------------------------------------------------------------
    def status_right(self, lay) -> int:
        return self.claim_mode.button_rect(lay).x - int(10 * lay.s)

    def status_note(self, analysis):
        sess = self.scene.session
        untouched = sess.my_turn and not sess.draft_changed and not sess.held_table_tiles()
        mode = self.claim_mode.active
        n = len(self.data.options()) if mode or untouched else 0
        return words.status_note(mode, n, untouched)

    def controls_tip(self) -> str:
        return words.CONTROLS_TIP

    def end_banner(self, reason, winner):
        sess = self.scene.session
        return words.end_banner(sess.state, reason, winner, self.data.target(), self.scene.name_of, sess.person)

    def results_title(self):
        sess = self.scene.session
        return words.results_title(sess.state, sess.ranking(), self.data.target(), self.scene.name_of, sess.person)

    def results_subtitle(self):
        sess = self.scene.session
        return words.results_subtitle(sess.state, sess.variant.title, self.data.target(), self.scene.name_of)

    def results_row(self, seat: int, place: int):
        return words.results_row(self.scene.session.state, seat, self.data.target())

    def results_note(self):
        return words.results_note(self.scene.session.state, self.data.target(), self.scene.narrator().claim)


variant_ui.register("rummi200kub", ClaimsScreen)
