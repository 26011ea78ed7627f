"""Extra play-screen behaviour for rule sets that need it (claim tokens, a holding
area, a split tool, ...).

A rule set's screen code registers a factory: ``register("rummi200kub", MyPlugin)``
where ``MyPlugin(scene)`` may define any of these (all optional):

- ``handle(event) -> bool``: see input first; return True to consume it;
- ``update(dt)``;
- ``draw_under_tiles(surface, layout)``, ``draw_over_tiles(surface, layout)``,
  ``draw_hud(surface, layout)``: draw (read-only, like every ``draw``).

The plugin reaches the game through ``scene.session`` (``human_action`` for a
rule set's own kind of turn) and the geometry through ``scene.layout()``.
"""

from __future__ import annotations

from typing import Callable

PLUGINS: dict[str, Callable] = {}


def register(variant_key: str, factory: Callable) -> None:
    PLUGINS[variant_key] = factory


def plugin_for(scene):
    factory = PLUGINS.get(scene.session.state.variant_key)
    return factory(scene) if factory is not None else None


def call(plugin, name: str, *args):
    fn = getattr(plugin, name, None) if plugin is not None else None
    return fn(*args) if fn is not None else None
