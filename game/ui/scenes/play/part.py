"""What the play screen is built from: parts, and the one view state they share.

A ``Part`` is one piece of the play screen with its own state (the playback of events,
mouse and keys, the table's drawing, the HUD, ...).  The scene owns an ordered list of parts
and only routes to them:

- input (``handle``) goes to each part in order until one answers True (consumed);
- ``update(dt)``, then ``late_update(dt)``, and the session's events (``on_event``) go to every
  part in order;
- drawing goes pass by pass (``DRAW_PASSES``, back to front), each pass to every part in order.

A part reaches another part only through the small methods that part declares (e.g.
``scene.playback.toast(text)``), never by writing its fields; what truly is shared (the
clock, the tiles' sprites, the motions waiting for them) lives in one ``Stage``."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...anim import Sprite
from .records import Pending



@dataclass
class Stage:
    """The view state the parts share: the clock, each tile's sprite and the motions waiting
    for the next ``sync`` of the sprites."""

    time: float = 0.0  # seconds since the screen opened
    busy_until: float = 0.0  # input waits (and the turn clock stops) until a move has been shown
    sprites: dict[int, Sprite] = field(default_factory=dict)
    pending: dict[int, Pending] = field(default_factory=dict)

    def hold(self, until: float) -> None:
        """Input waits (and the turn clock stops) until at least ``until``."""
        self.busy_until = max(self.busy_until, until)

    def wait_until(self, until: float) -> None:
        """Input waits until exactly ``until`` (a turn shown is skipped to its end)."""
        self.busy_until = until

    def hold_at_most(self, until: float) -> None:
        """Input waits no later than ``until`` (what it waited for was cut short)."""
        self.busy_until = min(self.busy_until, until)


class Part:
    """One piece of the play screen: every hook declared, each doing nothing."""

    def handle(self, ev) -> bool:
        """A pygame event; True when this part consumed it (the later parts do not see it)."""
        return False

    def update(self, dt: float) -> None:
        return None

    def late_update(self, dt: float) -> None:
        """After every part's ``update`` (the tiles' sprites are on their way): a view that
        follows them (a camera over the board) moves."""
        return None

    def on_event(self, ev) -> None:
        """An event from the session (``game/play/events.py``, ``game/rules/events.py``)."""
        return None

    def draw_back(self, surf, lay) -> None:
        """Behind everything: the background, the felt, the seats."""
        return None

    def draw_under(self, surf, lay) -> None:
        """On the felt, under the tiles."""
        return None

    def draw_tiles(self, surf, lay) -> None:
        """The tiles and their marks."""
        return None

    def draw_over(self, surf, lay) -> None:
        """Over the tiles: marks a rule set puts on them."""
        return None

    def draw_lifted(self, surf, lay) -> None:
        """Above the table: the tiles dragged, tile backs flying, particles."""
        return None

    def draw_hud(self, surf, lay) -> None:
        """Around the table: header, panels, buttons, the status line."""
        return None

    def draw_top(self, surf, lay) -> None:
        """Over the screen: banners, the opening draw."""
        return None

    def draw_pointer(self, surf, lay) -> None:
        """Last, by the pointer: tooltips."""
        return None


# the drawing passes, back to front (each one of ``Part``'s hooks; the scene draws each pass
# through every part, the back-most part first)
DRAW_PASSES = ("draw_back", "draw_under", "draw_tiles", "draw_over", "draw_lifted", "draw_hud", "draw_top", "draw_pointer")
