"""A monkey: 20,000 random mouse and keyboard events across every scene raise nothing."""

from __future__ import annotations

import random

import pygame
import pytest
from uidrive import make_app

from game.play.session import Session

KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE,
        pygame.K_TAB, pygame.K_z, pygame.K_r, pygame.K_h, pygame.K_s, pygame.K_g, pygame.K_x, pygame.K_p,
        pygame.K_BACKSPACE, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_a, pygame.K_KP_ENTER, pygame.K_DELETE]
EVENTS = 20_000


def scene_factories(app):
    from game.rules.variants import REGISTRY
    from game.ui.scenes.common import DialogScene, ErrorScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.results import GameOverScene, RoundResultsScene
    from game.ui.scenes.rules import RulesScene
    from game.ui.scenes.settings import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.title import TitleScene

    def play(seed, variant="classic", **kw):
        n = min(3, REGISTRY[variant].max_players - 1)
        return PlayScene(app, Session.new(variant, ["basic"] * n, seed=seed, autosave=False, **kw))

    def ended(seed, rounds):
        p = play(seed, options={"rounds": rounds})
        st = p.session.state
        from game.rules import engine

        engine.finish_round(st, "blocked")
        return p

    return [
        lambda r: [TitleScene(app)],
        lambda r: [SetupScene(app)],
        lambda r: [SettingsScene(app)],
        lambda r: [RulesScene(app, "classic")],
        lambda r: [app.make("tournament")],
        lambda r: [app.make("statistics")],
        lambda r: [play(r.randrange(1000))],
        lambda r: [play(r.randrange(1000), r.choice(sorted(REGISTRY)))],
        lambda r: [play(r.randrange(1000), options={"turn_time": 30})],
        lambda r: [play(r.randrange(1000), demo=True)],
        lambda r: (lambda p: [p, PauseScene(app, p)])(play(r.randrange(1000))),
        lambda r: (lambda p: [p, RoundResultsScene(app, p)])(ended(r.randrange(1000), 3)),
        lambda r: (lambda p: [p, GameOverScene(app, p)])(ended(r.randrange(1000), 1)),
        lambda r: [ErrorScene(app, "Oops", "A test message")],
        lambda r: [DialogScene(app, "Sure?", "Question", [("Yes", "primary", None), ("No", "secondary", None)])],
    ]


def random_event(r: random.Random, size):
    w, h = size
    k = r.random()
    pos = (r.randrange(-5, w + 5), r.randrange(-5, h + 5))
    if k < 0.42:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(r.random() < 0.3, 0, 0))
    if k < 0.58:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=r.choice((1, 1, 1, 3)))
    if k < 0.74:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=r.choice((1, 1, 1, 3)))
    if k < 0.77:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=r.choice((-1, 1)), flipped=False)
    if k < 0.7712:
        size = r.choice(((960, 600), (1280, 800), (1100, 700), (800, 500)))
        return pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
    mod = pygame.KMOD_SHIFT if r.random() < 0.1 else 0
    return pygame.event.Event(pygame.KEYDOWN, key=r.choice(KEYS), mod=mod, unicode="", scancode=0)


@pytest.mark.slow
def test_monkey_twenty_thousand_events():
    r = random.Random(20240607)
    app = make_app(speed=2.0)
    app.quit = lambda: None  # the Quit button must not end the run
    factories = scene_factories(app)
    visited = set()
    try:
        for i in range(EVENTS):
            if i % 700 == 0:  # visit every kind of scene, whatever the monkey clicked
                while app.scenes:
                    app.scenes.pop().leave()
                for scene in factories[(i // 700) % len(factories)](r):
                    app.push(scene)
            if not app.scenes:
                from game.ui.scenes.title import TitleScene

                app.push(TitleScene(app))
            app.running = True
            app.step([random_event(r, app.size)], 1 / 30, draw=(i % 20 == 0))
            visited.add(type(app.top).__name__)
            for scene in app.scenes:
                sess = getattr(scene, "session", None)
                if sess is not None and i % 500 == 0:
                    assert not sess.state.conservation_problems()
    finally:
        app.shutdown()
    assert {"TitleScene", "SetupScene", "PlayScene", "PauseScene", "SettingsScene", "RulesScene",
            "RoundResultsScene", "GameOverScene"} <= visited
