"""Extra play-screen behaviour for rule sets that need it (claim tokens, a holding
area, a split tool, ...).

A rule set's screen code registers a factory: ``register("rummi200kub", MyPlugin)``
where ``MyPlugin(scene)`` is a ``Plugin`` and overrides any of these hooks (``Plugin``
declares them all, doing nothing and answering None):

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
  board's tiles to the felt, ``layout.extra["own_grid"]`` says the plugin draws the cell marks,
  ``layout.extra["felt_controls"]`` that its buttons stand in the felt's top right corner);
- ``on_event(event)``: every event from the session, before the screen's own handling
  (a notice: the answer is ignored, so every plugin hears it);
- ``draw_info(surface, layout) -> bool``: draw the info panels instead of the status lines;
- ``draw_seat_extra(surface, seat, pos, width, scale) -> bool``: the last line of an
  opponent's panel;
- ``end_banner(reason, winner) -> (title, subtitle, colour) | None``: the game-end banner;
- ``results_title()``, ``results_subtitle()``, ``results_row(seat, place)``,
  ``results_note()``: texts for the end-of-game results;
- ``toast_lift(layout) -> int``: how far the toast rises above the table's foot;
- ``controls_tip() -> str``: the first-game tip about the controls;
- ``animating() -> bool``: the plugin has an animation running (the screen keeps drawing);
- ``bring_into_view(cells)``: cells of the table the player must see now (a hint's ghost
  tiles): a view that pans and zooms moves to show them.

A screen without a plugin has ``NO_PLUGIN``; ``plugin.parts`` lists the plugins acting
(``[plugin]`` for one, its parts for ``Combined``, ``[]`` for ``NO_PLUGIN``).

Plugins for several rule sets at once (the sheet-style click controls) register
with ``register_general(factory, applies)``, ``applies(variant) -> bool``.  When
more than one plugin applies they are combined (the rule set's own first): input
goes to each in turn until one consumes it, and any other hook is called on each
in turn until one returns something other than None (drawing and updates return
None, so they reach all; a question such as ``status_right`` gets the first answer).

The plugin reaches the game through ``scene.session`` (``human_action`` for a
rule set's own kind of turn) and the geometry through ``scene.layout()``.  The play screen
is built from parts (``game/ui/scenes/play/part.py``; the plugin is one of them, through
``adapters.PluginPart``); what a plugin may use of the scene is this surface, and nothing else:

- the game and the app: ``session``, ``app``, ``plugin`` (the plugin acting, maybe ``Combined``);
- geometry and time: ``layout()``, ``seat_box(seat)``, ``time`` (seconds since the screen opened),
  ``speed()``, ``dur(seconds)`` (scaled by the animation speed), ``busy_until`` (settable: input
  waits, and the turn clock stops, until then), ``table_clip(surf, lay, on)``, ``cell_runs(grid, cells)``;
- the playback: ``toast(text, colour, seconds, big)``, ``schedule(delay, fn)``, ``effects``
  (particles), ``name_of(seat)``, ``narrator()``, ``sprites``, ``pending``, ``highlights``,
  ``resync_sprites()``, ``land_effects(lines, points, seat)``, ``toasts``, ``banner``;
- the input: ``drag``, ``selection``, ``press``, ``cursor``, ``mouse``, ``place_vertical``,
  ``kb_mode`` (each read only), ``hit_tile(pos)``, ``ordered(tiles)``, ``move_tiles(...)``,
  ``input_locked()``, ``can_edit_table()``; changes go through the intents of the part that owns
  them: ``scene.controls.select(tiles)``, ``clear_selection()``, ``cancel_press()``, ``carry(drag)``,
  ``let_go()``, ``toggle_vertical()``; ``scene.stage.hold(until)`` / ``hold_at_most`` / ``wait_until``
  for when input may come again; ``scene.hurry_round_end(within)``;
- the hint and the HUD: ``hint_tiles``, ``tip_box(size, lay, avoid, keep_clear)``;
- a puzzle's or a lesson's own: ``verdict``, ``step``, ``skippable``, ``draw_card`` (their scenes').

Each of these names on the scene reads through to the part that owns it (``scene.selection``
is ``scene.controls.selection``); none can be set through the scene (``tests/test_play_parts.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .errorlog import log_error

if TYPE_CHECKING:  # pragma: no cover
    from ..play.events import SessionEvent

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


class Plugin:
    """The play screen's plugin protocol: every hook declared, each doing nothing."""

    @property
    def parts(self) -> list:
        """The plugins acting as this one."""
        return [self]

    def handle(self, ev) -> bool | None:
        return None

    def update(self, dt: float) -> None:
        return None

    def on_event(self, ev: "SessionEvent") -> None:
        return None

    def bring_into_view(self, cells) -> None:
        return None

    def draw_under_tiles(self, surf, lay) -> None:
        return None

    def draw_over_tiles(self, surf, lay) -> None:
        return None

    def draw_hud(self, surf, lay) -> None:
        return None

    def adjust_targets(self, targets: dict, lay) -> None:
        return None

    def status_right(self, lay) -> int | None:
        return None

    def status_note(self, analysis):
        return None

    def draw_refused(self, outcome) -> bool | None:
        return None

    def layout_key(self):
        return None

    def adjust_layout(self, lay) -> None:
        return None

    def draw_info(self, surf, lay) -> bool | None:
        return None

    def draw_seat_extra(self, surf, seat, pos, width, scale) -> bool | None:
        return None

    def end_banner(self, reason, winner):
        return None

    def results_title(self) -> str | None:
        return None

    def results_subtitle(self) -> str | None:
        return None

    def results_row(self, seat: int, place: int) -> str | None:
        return None

    def results_note(self) -> str | None:
        return None

    def toast_lift(self, lay) -> int | None:
        return None

    def controls_tip(self) -> str | None:
        return None

    def animating(self) -> bool | None:
        return None

    def drop_onto(self, tiles: list[int], onto: int) -> bool | None:
        """``tiles`` dragged and let go over the table tile ``onto``: True when the plugin took
        the drop (it asks first, e.g. whether a tile replaces a joker); None lets it go ahead."""
        return None


class _NoPlugin(Plugin):
    """The plugin of a screen that has none."""

    @property
    def parts(self) -> list:
        return []


NO_PLUGIN = _NoPlugin()


class Combined(Plugin):
    """Several plugins acting as one: input goes to each until one consumes it; any other
    hook goes to each until one answers something other than None (drawing and updates
    answer None, so all of them run)."""

    def __init__(self, parts: list) -> None:
        self._parts = parts

    @property
    def parts(self) -> list:
        return self._parts

    def _first(self, ask: Callable):
        for p in self._parts:
            r = ask(p)
            if r is not None:
                return r
        return None

    def handle(self, ev) -> bool:
        return any(p.handle(ev) for p in self._parts)

    def update(self, dt):
        return self._first(lambda p: p.update(dt))

    def on_event(self, ev):
        return self._first(lambda p: p.on_event(ev))

    def bring_into_view(self, cells):
        return self._first(lambda p: p.bring_into_view(cells))

    def draw_under_tiles(self, surf, lay):
        return self._first(lambda p: p.draw_under_tiles(surf, lay))

    def draw_over_tiles(self, surf, lay):
        return self._first(lambda p: p.draw_over_tiles(surf, lay))

    def draw_hud(self, surf, lay):
        return self._first(lambda p: p.draw_hud(surf, lay))

    def adjust_targets(self, targets, lay):
        return self._first(lambda p: p.adjust_targets(targets, lay))

    def status_right(self, lay):
        """The status line ends before the leftmost control any part draws in its row (the board's
        zoom buttons sit left of the set buttons)."""
        edges = [x for x in (p.status_right(lay) for p in self._parts) if x is not None]
        return min(edges) if edges else None

    def status_note(self, analysis):
        return self._first(lambda p: p.status_note(analysis))

    def draw_refused(self, outcome):
        return self._first(lambda p: p.draw_refused(outcome))

    def layout_key(self):
        return self._first(lambda p: p.layout_key())

    def adjust_layout(self, lay):
        return self._first(lambda p: p.adjust_layout(lay))

    def draw_info(self, surf, lay):
        return self._first(lambda p: p.draw_info(surf, lay))

    def draw_seat_extra(self, surf, seat, pos, width, scale):
        return self._first(lambda p: p.draw_seat_extra(surf, seat, pos, width, scale))

    def end_banner(self, reason, winner):
        return self._first(lambda p: p.end_banner(reason, winner))

    def results_title(self):
        return self._first(lambda p: p.results_title())

    def results_subtitle(self):
        return self._first(lambda p: p.results_subtitle())

    def results_row(self, seat, place):
        return self._first(lambda p: p.results_row(seat, place))

    def results_note(self):
        return self._first(lambda p: p.results_note())

    def toast_lift(self, lay):
        return self._first(lambda p: p.toast_lift(lay))

    def controls_tip(self):
        return self._first(lambda p: p.controls_tip())

    def animating(self):
        return self._first(lambda p: p.animating())

    def drop_onto(self, tiles, onto):
        return self._first(lambda p: p.drop_onto(tiles, onto))


def load_plugins() -> None:
    """Import the plugin modules (once; each registers itself)."""
    while _loaders:
        _loaders.pop(0)()


def plugin_for(scene) -> Plugin:
    load_plugins()
    variant = scene.session.variant
    parts = []
    factory = PLUGINS.get(scene.session.state.variant_key)
    if factory is not None:
        parts.append(factory(scene))
    for general, applies in GENERAL:
        try:
            wanted = applies(variant)
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("asking whether a general panel applies", exc)
            wanted = False
        if wanted:
            parts.append(general(scene))
    if not parts:
        return NO_PLUGIN
    return parts[0] if len(parts) == 1 else Combined(parts)


def find(plugin: Plugin, kind: type):
    """The part of a (possibly combined) plugin that is a ``kind``, or None."""
    return next((p for p in plugin.parts if isinstance(p, kind)), None)
