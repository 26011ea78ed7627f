"""Confetti and the fanfare are for the player's own wins (and for a demo's show): a computer's win
gets its banner and its results, without a party."""

from __future__ import annotations

import pytest

from game.play.session import Session
from game.rules import engine
from game.ui.scenes.play import PlayScene
from game.ui.scenes.results import GameOverScene

pytestmark = pytest.mark.app(speed=1.0)


def finished(app, demo=False) -> PlayScene:
    play = PlayScene(app, Session.new("classic", ["basic", "basic"], seed=7, autosave=False, demo=demo,
                                      options={"rounds": 1}))
    engine.finish_round(play.session.state, "blocked")
    app.push(play)
    return play


@pytest.mark.parametrize("first, cheer", [(0, True), (1, False)])
def test_the_match_results_cheer_only_the_players_win(app, monkeypatch, first, cheer):
    play = finished(app)
    order = [first] + [s for s in range(3) if s != first]
    monkeypatch.setattr(Session, "ranking", lambda self: order)
    played = []
    monkeypatch.setattr(app.sound, "play", lambda name: played.append(name))
    over = app.push(GameOverScene(app, play))
    assert bool(over.effects.particles) is cheer
    assert ("win" in played) is cheer


def test_a_demo_ends_with_a_show(app, monkeypatch):
    play = finished(app, demo=True)
    monkeypatch.setattr(Session, "ranking", lambda self: [2, 0, 1])
    over = app.push(GameOverScene(app, play))
    assert over.effects.particles
