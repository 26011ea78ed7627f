"""Screens by name: how one scene opens another without importing it.

A screen is registered under its scene's ``name`` with a factory
``factory(app, *args, **kw) -> Scene``::

    @route("setup")
    def _setup(app):
        from .scenes.setup import SetupScene

        return SetupScene(app)

and any scene opens it by that name: ``app.open("setup")`` pushes a new one,
``app.switch("play", session)`` replaces the top scene, ``app.make(name, ...)`` only builds
it, and ``app.pop_to(name)`` / ``app.find(name)`` / ``app.return_to(name)`` look for a
scene on the stack by its ``name``.  ``@opening`` marks the function giving the scenes
the app starts with.

The table of every screen is ``game/ui/wiring.py`` (each factory imports its scene module
when the screen is first opened); it calls ``wired()`` at its end, and whatever builds an
``App`` imports it first (the App refuses to start otherwise).  This module imports no
other module of the game.
"""

from __future__ import annotations

from typing import Any, Callable

FACTORIES: dict[str, Callable[..., Any]] = {}
_opening: list[Callable[[Any], list]] = []
_wired: list[bool] = [False]


def add(name: str, factory: Callable[..., Any]) -> None:
    """Register ``factory(app, *args, **kw) -> Scene`` under ``name`` (a name is taken once)."""
    if FACTORIES.get(name, factory) is not factory:
        raise ValueError(f"two screens are registered as {name!r}")
    FACTORIES[name] = factory


def route(name: str) -> Callable:
    """Decorator: ``@route("title")`` on a scene class (or a factory function) registers it."""
    def register(factory):
        add(name, factory)
        return factory
    return register


def opening(fn: Callable[[Any], list]) -> Callable[[Any], list]:
    """Decorator: ``fn(app) -> [scenes]``, the scenes the app starts with (bottom first)."""
    _opening[:] = [fn]
    return fn


def make(app, name: str, *args, **kwargs):
    """A new scene of the screen registered as ``name``."""
    factory = FACTORIES.get(name)
    if factory is None:
        raise KeyError(f"no screen is registered as {name!r} (is game.ui.wiring imported?)")
    return factory(app, *args, **kwargs)


def first_scenes(app) -> list:
    if not _opening:
        raise RuntimeError("no opening screens are registered (import game.ui.wiring before building an App)")
    return _opening[0](app)


def wired() -> None:
    """Every screen is registered (called once, by ``game/ui/wiring.py``)."""
    _wired[0] = True


def check_wired() -> None:
    if not _wired[0]:
        raise RuntimeError("the screens are not registered: import game.ui.wiring before building an App")
