"""A game is never lost: the turn in progress and its clock come back exactly (game.turnsave)."""

from __future__ import annotations

import json

import pytest

from game import persistence, saves, turnsave
from game.session import RACK, TABLE, Session
from uihelp import human_session, tiles


def _mid_turn(seconds_left: float = 37.0, autosave: bool = False) -> Session:
    s = human_session("R10 R11 R12 K5 B7", options={"turn_time": 60}, autosave=autosave)
    r10, r11, r12, k5 = tiles("R10 R11 R12 K5")
    assert s.move([r10, r11], TABLE, (1, 3)).ok  # a draft on the table
    assert s.move([k5], RACK, (0, 0)).ok  # the rack rearranged
    s.tick(60 - seconds_left)
    return s


def _through_a_file(sess: Session) -> Session:
    assert persistence.autosave(sess.to_dict()).ok
    got = saves.load_game("autosave")
    assert got.ok, got.message
    return Session.from_dict({**got.session, "state": got.state.to_dict()})


def test_a_mid_turn_save_restores_the_draft_the_rack_order_and_the_clock():
    s = _mid_turn(37.0)
    draft, rack = s.table().to_list(), dict(s.rack_slots)
    back = _through_a_file(s)
    assert back.my_turn
    assert back.table().to_list() == draft
    assert back.rack_slots == rack and back.rack_tiles() == s.rack_tiles()
    assert back.timer_left == pytest.approx(37.0)
    assert back.state.board.to_list() == s.state.board.to_list()  # the game itself is still at the turn's start
    assert back.reset() and len(back.table()) == 0  # Reset still goes back to the start of the turn
    assert set(back.rack_slots) == set(s.state.players[0].rack)


def test_held_table_tiles_come_back_held():
    s = human_session("R10", melded=True)
    from uihelp import lay_table

    lay_table(s.state, ["B3 B4 B5 B6"])
    s = Session(s.state, autosave=False)
    b6 = tiles("B6")[0]
    b6 = next(t for t in s.state.board.tile_set() if t >> 1 == b6 >> 1)
    assert s.move([b6], RACK, (1, 0)).ok
    assert s.held_table_tiles() == [b6]
    back = _through_a_file(s)
    assert back.held_table_tiles() == [b6] and back.rack_slots[b6] == (1, 0)


def test_an_old_save_without_the_turn_still_loads_at_the_turn_start():
    s = _mid_turn(37.0)
    d = s.to_dict()
    del d[turnsave.FIELD]
    back = Session.from_dict(d)
    assert len(back.table()) == 0 and not back.draft_changed
    assert back.timer_left == pytest.approx(37.0)


@pytest.mark.parametrize("damage", [
    lambda t: t.update(turn=t["turn"] + 1),  # another turn
    lambda t: t["board"].append(t["board"][0]),  # a tile twice
    lambda t: t["board"].pop(),  # a tile lost
    lambda t: t["board"].__setitem__(0, [1, 99, t["board"][0][2]]),  # off the table
    lambda t: t["rack"].__setitem__(0, [t["rack"][0][0], 5, 0]),  # no such rack row
    lambda t: t.update(board="R5"),
    lambda t: t["rack"].append([104 if 104 not in [x[0] for x in t["rack"]] else 105, 1, 40]),  # someone else's tile
])
def test_a_turn_that_does_not_fit_the_game_is_ignored(damage):
    s = _mid_turn(37.0)
    d = json.loads(json.dumps(s.to_dict()))
    damage(d[turnsave.FIELD])
    back = Session.from_dict(d)
    assert not back.draft_changed and back.timer_left == pytest.approx(37.0)
    assert set(back.rack_slots) == set(back.state.players[0].rack)


def test_nothing_is_kept_when_nothing_moved_or_it_is_not_the_persons_turn():
    s = human_session("R10 R11 R12")
    assert s.to_dict()[turnsave.FIELD] is None
    s.state.current = 1
    s2 = Session(s.state, autosave=False)
    assert s2.to_dict()[turnsave.FIELD] is None


def test_the_save_after_a_turn_gives_the_next_turn_its_full_clock():
    s = human_session("R10 R11 R12", options={"turn_time": 60}, opponents=("basic",))
    saved = []
    s.turn_hooks = [lambda sess: saved.append(sess.to_dict())]
    s.tick(50)
    assert s.draw().ok
    assert saved[-1]["timer_remaining"] == 60  # the computer's turn starts with a full clock


# -- on screen ---------------------------------------------------------------------------------------


@pytest.fixture
def app():
    from uidrive import make_app

    a = make_app()
    yield a
    a.shutdown()


def _play_mid_turn(app):
    from game.ui.scenes.play import PlayScene
    from uidrive import settle

    s = _mid_turn(37.0, autosave=True)
    play = app.push(PlayScene(app, s))
    settle(app, play)
    return play


def test_quitting_mid_turn_and_continuing_gives_back_the_draft_and_the_time(app):
    import pygame

    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.title import TitleScene
    from uidrive import key, step

    play = _play_mid_turn(app)
    left = play.session.timer_left
    draft = play.session.table().to_list()
    order = play.session.rack_tiles()
    key(app, pygame.K_ESCAPE)  # pause: the clock stops
    step(app, n=90)
    assert play.session.timer_left == left
    pause = app.top
    save_quit = next(w for w in pause.group.widgets if w.label == "Save and quit")
    save_quit.activate()
    assert isinstance(app.top, TitleScene)
    app.top.refresh()
    app.top.continue_game()
    back = app.top
    assert isinstance(back, PlayScene) and back is not play
    assert back.session.table().to_list() == draft and back.session.rack_tiles() == order
    assert back.session.timer_left == pytest.approx(left, abs=0.01)


def test_minimising_the_window_pauses_the_game_and_its_clock(app):
    import pygame

    from uidrive import step

    play = _play_mid_turn(app)
    left = play.session.timer_left
    step(app, [pygame.event.Event(pygame.WINDOWMINIMIZED)])
    assert app.top.name == "pause"
    step(app, n=120)
    assert play.session.timer_left == left


def test_the_rules_screen_says_the_clock_stops():
    from game.ui.scenes.rules import CONTROLS

    text = " ".join(body for _, body in CONTROLS)
    assert "clock stops while the game is paused" in text and "minimised" in text
