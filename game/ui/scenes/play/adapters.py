"""Parts made of the play screen's older pieces, each with its own interface: the rule set's
own panel (``variant_ui.Plugin``: kept as it is, a rule set's screen code implements it), the
turn's step-by-step show (``game/ui/turnshow.py``) and the opening draw (``game/ui/openingdraw.py``).
Each adapter only maps the part's hooks onto the piece's; the piece keeps its state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import openingdraw
from ...turnshow import TurnShow
from .part import Part

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene


class PluginPart(Part):
    """The rule set's own panel (claims, a board view, set grips, a lesson's card, ...): the
    scene's ``plugin``, read at each call (a puzzle or a lesson puts its own in front of it)."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene

    def handle(self, ev) -> bool:
        return bool(self.scene.plugin.handle(ev))

    def late_update(self, dt: float) -> None:
        self.scene.plugin.update(dt)  # a board view's camera follows the tiles just placed

    def on_event(self, ev) -> None:
        self.scene.plugin.on_event(ev)

    def draw_under(self, surf, lay) -> None:
        self.scene.plugin.draw_under_tiles(surf, lay)

    def draw_over(self, surf, lay) -> None:
        self.scene.plugin.draw_over_tiles(surf, lay)

    def draw_hud(self, surf, lay) -> None:
        self.scene.plugin.draw_hud(surf, lay)


class TurnShowPart(Part):
    """A computer's turn played out step by step, the turn log and the hint on the table."""

    def __init__(self, show: TurnShow) -> None:
        self.show = show

    def handle(self, ev) -> bool:
        return self.show.handle(ev)

    def update(self, dt: float) -> None:
        self.show.update(dt)

    def on_event(self, ev) -> None:
        self.show.on_event(ev)

    def draw_under(self, surf, lay) -> None:
        self.show.draw_under(surf, lay)

    def draw_hud(self, surf, lay) -> None:
        self.show.draw_over(surf, lay)


class OpeningPart(Part):
    """Who starts the round, shown as it begins (a click or a key closes it)."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.view: openingdraw.OpeningDraw | None = None

    def begin(self) -> None:
        self.view = openingdraw.begin(self.scene)

    def handle(self, ev) -> bool:
        return self.view is not None and self.view.handle(ev)

    def late_update(self, dt: float) -> None:
        if self.view is not None and self.view.done:
            self.view = None

    def on_event(self, ev) -> None:
        return None

    def draw_top(self, surf, lay) -> None:
        if self.view is not None:
            self.view.draw(surf, lay)
