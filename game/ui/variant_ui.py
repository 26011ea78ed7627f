"""Extra play-screen behaviour for rule sets that need it (claim tokens, a holding
area, a split tool, ...).

A rule set's screen code registers a factory: ``register("rummi200kub", MyPlugin)``
where ``MyPlugin(scene)`` may define any of these (all optional):

- ``handle(event) -> bool``: see input first; return True to consume it;
- ``update(dt)``;
- ``draw_under_tiles(surface, layout)``, ``draw_over_tiles(surface, layout)``,
  ``draw_hud(surface, layout)``: draw (read-only, like every ``draw``);
- ``adjust_targets(targets, layout)``: move tiles' on-screen places (``{tile: (x, y, w)}``);
- ``status_right(layout) -> int``: the right edge the status line's message may use;
- ``status_note(analysis) -> (text, colour) | None``: a message for the status line;
- ``draw_refused(outcome) -> bool``: the rules refused a draw; True when shown;
- ``layout_key()`` and ``adjust_layout(layout)``: a view of the board that changes the
  table's grid (a camera that pans and zooms: ``layout_key`` changes when it moves, and
  ``adjust_layout`` replaces ``layout.grid``; ``layout.extra["table_clip"]`` limits the
  board's tiles to the felt, ``layout.extra["own_grid"]`` says the plugin draws the cell marks);
- ``on_event(event)``: every event from the session, before the screen's own handling
  (a notice: the answer is ignored, so every plugin hears it);
- ``draw_info(surface, layout) -> bool``: draw the info panels instead of the status lines;
- ``draw_seat_extra(surface, seat, pos, width, scale) -> bool``: the last line of an
  opponent's panel;
- ``end_banner(reason, winner) -> (title, subtitle, colour) | None``: the game-end banner;
- ``results_title()``, ``results_subtitle()``, ``results_row(seat, place)``,
  ``results_note()``: texts for the end-of-game results.

Plugins for several rule sets at once (the sheet-style click controls) register
with ``register_general(factory, applies)``, ``applies(variant) -> bool``.  When
more than one plugin applies they are combined (the rule set's own first): input
goes to each in turn until one consumes it, and any other hook is called on each
in turn until one returns something other than None (drawing and updates return
None, so they reach all; a question such as ``status_right`` gets the first answer).

The plugin reaches the game through ``scene.session`` (``human_action`` for a
rule set's own kind of turn) and the geometry through ``scene.layout()``.
"""

from __future__ import annotations

from typing import Callable

PLUGINS: dict[str, Callable] = {}
GENERAL: list[tuple[Callable, Callable]] = []
_loaders: list[Callable[[], None]] = []


def load_later(load: Callable[[], None]) -> None:
    """``load()`` imports plugin modules (each registers itself); it runs once, when the first
    play screen asks for its plugin (``game/ui/wiring.py`` declares the plugin modules)."""
    _loaders.append(load)


def register(variant_key: str, factory: Callable) -> None:
    PLUGINS[variant_key] = factory


def register_general(factory: Callable, applies: Callable) -> None:
    """A plugin for every rule set where ``applies(variant)`` is true (registered once)."""
    if all(f is not factory for f, _ in GENERAL):
        GENERAL.append((factory, applies))


class Combined:
    """Several plugins acting as one."""

    def __init__(self, parts: list) -> None:
        self.parts = parts

    def handle(self, ev) -> bool:
        return any(call(p, "handle", ev) for p in self.parts)

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)

        def fan_out(*args):
            for p in self.parts:
                r = call(p, name, *args)
                if r is not None:  # a question answered (drawing and updates answer None: all run)
                    return r
            return None
        return fan_out


def plugin_for(scene):
    while _loaders:
        _loaders.pop(0)()
    variant = scene.session.variant
    parts = []
    factory = PLUGINS.get(scene.session.state.variant_key)
    if factory is not None:
        parts.append(factory(scene))
    for general, applies in GENERAL:
        try:
            wanted = applies(variant)
        except Exception:
            wanted = False
        if wanted:
            parts.append(general(scene))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else Combined(parts)


def find(plugin, kind: type):
    """The part of a (possibly combined) plugin that is a ``kind``, or None."""
    parts = plugin.parts if isinstance(plugin, Combined) else [plugin]
    return next((p for p in parts if isinstance(p, kind)), None)


def call(plugin, name: str, *args):
    fn = getattr(plugin, name, None) if plugin is not None else None
    return fn(*args) if fn is not None else None
