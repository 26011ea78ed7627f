"""The scene base class: one screen on the app's stack (see ``game/ui/app.py``).

Each scene has ``handle(event)``, ``update(dt)`` and ``draw(surface)``; ``draw`` reads and
never changes anything.  A scene's ``name`` is the name it is registered under in
``game/ui/routes.py`` (``app.open(name)``, ``app.pop_to(name)``, ``app.find(name)``)."""

from __future__ import annotations

import pygame


class Scene:
    """Base scene.  Override what you need."""

    opaque = True
    name = "scene"

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed on the stack."""

    def leave(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene went on top."""

    def resume(self) -> None:
        """Back on top."""

    def resized(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def minimised(self) -> None:
        """The window was minimised (a game pauses, so its clock stops)."""

    def closing(self) -> None:
        """The window is closing (save what must be saved)."""

    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def next_frame(self) -> float | None:
        """When this scene's picture next changes by itself (see ``game/ui/idle_frames.py``): 0.0 while
        something moves, seconds until a change, or None until the player does something.
        The default keeps a scene that was not taught to rest drawing every frame."""
        return 0.0
