"""Driving the real app with synthesised events (SDL dummy drivers, fixed time steps, no sleeping)."""

from __future__ import annotations

import pygame

import game.ui.wiring  # noqa: F401  (every screen registers itself)
from game.ui.app import App

DT = 1 / 30

BASE_SETTINGS = {"volume": 0.5, "muted": False, "animation_speed": 1.0, "window_size": [1280, 800], "fullscreen": False,
                 "colorblind": False, "warn_invalid_end": True, "player_name": "You"}


def make_app(size=(1280, 800), speed: float = 1.0, persist: bool = False, **kw) -> App:
    settings = dict(BASE_SETTINGS, animation_speed=speed, window_size=list(size))
    app = App(settings=settings, ai_mode=kw.pop("ai_mode", "sync"), persist_settings=persist, **kw)
    app.start()
    return app


def step(app: App, events=(), n: int = 1, dt: float = DT, draw: bool = True) -> None:
    app.step(list(events), dt, draw=draw)
    for _ in range(n - 1):
        app.step([], dt, draw=draw)


def run_until(app: App, cond, limit_s: float = 60.0, dt: float = DT, draw_every: int = 6) -> bool:
    frames = int(limit_s / dt)
    for i in range(frames):
        if cond():
            return True
        app.step([], dt, draw=(i % draw_every == 0))
    return cond()


def key(app: App, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)], DT)


def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=buttons)


def click(app: App, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.step([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], DT)


def drag(app: App, start, end, steps: int = 6) -> None:
    sx, sy = int(start[0]), int(start[1])
    ex, ey = int(end[0]), int(end[1])
    evs = [motion((sx, sy)), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1)]
    app.step(evs, DT)
    for i in range(1, steps + 1):
        x = sx + (ex - sx) * i / steps
        y = sy + (ey - sy) * i / steps
        app.step([motion((x, y), (1, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(ex, ey), button=1)], DT)


def tile_center(play, tile: int):
    sp = play.sprites[tile]
    return (sp.pos[0] + sp.w / 2, sp.pos[1] + sp.w * 0.66)


def cell_center(play, area: str, cell):
    lay = play.layout()
    grid = lay.grid if area == "table" else lay.rack_grid
    r = grid.cell_rect(cell)
    return r.center


def settle(app: App, play, limit_s: float = 20.0) -> None:
    """Run until the scene takes input and nothing moves."""
    run_until(app, lambda: not play.input_locked() and not any(sp.moving for sp in play.sprites.values()), limit_s)


def open_play(app: App, session):
    """Put a play screen for ``session`` on top and run until it takes input."""
    from game.ui.scenes.play import PlayScene

    play = app.push(PlayScene(app, session))
    settle(app, play)
    return play


def past_guard(app: App) -> None:
    """Let a result screen's first moments pass (it ignores keys and clicks until then)."""
    from game.ui.scenes.results import INPUT_GUARD

    step(app, n=int(INPUT_GUARD / DT) + 2)
