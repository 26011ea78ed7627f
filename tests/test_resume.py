"""A game is never lost: the turn in progress and its clock come back exactly (game.play.turnsave)."""

from __future__ import annotations

import json

import pytest

from game.storage import saves
from game.storage.saves import session_bridge
from game.play import turnsave
from game.play.session import RACK, TABLE, Session
from uihelp import human_session, tiles

pytestmark = pytest.mark.app(speed=1.0)


def _mid_turn(seconds_left: float = 37.0, autosave: bool = False) -> Session:
    s = human_session("R10 R11 R12 K5 B7", options={"turn_time": 60}, autosave=autosave)
    r10, r11, r12, k5 = tiles("R10 R11 R12 K5")
    assert s.move([r10, r11], TABLE, (1, 3)).ok  # a draft on the table
    assert s.move([k5], RACK, (0, 0)).ok  # the rack rearranged
    s.tick(60 - seconds_left)
    return s


def _through_a_file(sess: Session) -> Session:
    assert session_bridge.autosave(sess.to_dict()).ok
    got = saves.load_game("autosave")
    assert got.ok, got.message
    return Session.from_dict({**got.session, "state": got.state.to_dict()})


def test_a_mid_turn_save_restores_the_draft_the_rack_order_and_the_clock():
    s = _mid_turn(37.0)
    draft, rack = s.table().to_list(), dict(s.rack.slots)
    back = _through_a_file(s)
    assert back.my_turn
    assert back.table().to_list() == draft
    assert back.rack.slots == rack and back.rack.tiles() == s.rack.tiles()
    assert back.timer_left == pytest.approx(37.0)
    assert back.state.board.to_list() == s.state.board.to_list()  # the game itself is still at the turn's start
    assert back.reset() and len(back.table()) == 0  # Reset still goes back to the start of the turn
    assert set(back.rack.slots) == set(s.state.players[0].rack)


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
    assert back.held_table_tiles() == [b6] and back.rack.slots[b6] == (1, 0)


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
    assert set(back.rack.slots) == set(back.state.players[0].rack)


def test_nothing_is_kept_when_nothing_moved_or_it_is_not_the_persons_turn():
    s = human_session("R10 R11 R12")
    assert s.to_dict()[turnsave.FIELD] is None
    s.state.current = 1
    s2 = Session(s.state, autosave=False)
    assert s2.to_dict()[turnsave.FIELD] is None


def test_the_save_after_a_turn_gives_the_next_turn_its_full_clock():
    s = human_session("R10 R11 R12", options={"turn_time": 60}, opponents=("basic",))
    saved = []
    s.saver.turn_hooks = [lambda sess: saved.append(sess.to_dict())]
    s.tick(50)
    assert s.draw().ok
    assert saved[-1]["timer_remaining"] == 60  # the computer's turn starts with a full clock


# -- on screen ---------------------------------------------------------------------------------------


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
    order = play.session.rack.tiles()
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
    assert back.session.table().to_list() == draft and back.session.rack.tiles() == order
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


# -- one game in progress per rule set -----------------------------------------------------------------


def _saved(variant: str, seed: int = 3, turns: int = 0) -> Session:
    s = human_session(variant=variant, seed=seed, autosave=True, opponents=("basic", "basic"))
    for _ in range(turns):
        assert s.draw().ok
        while s.computer_to_move:
            s.computer.run_sync()
    assert session_bridge.autosave(s.to_dict()).ok
    return s


def test_playing_another_rule_set_keeps_the_unfinished_game():
    from game.storage.saves import shelf

    classic = _saved("classic", turns=1)
    assert shelf.in_progress("classic")[0].slot == "autosave"
    rummyq = _saved("rummy-q")
    assert saves.load_game("autosave").state.variant_key == "rummy-q"
    kept = saves.load_game("kept-classic")
    assert kept.ok and kept.session["game_id"] == classic.game_id
    assert kept.state.to_dict() == classic.state.to_dict()
    assert [i.slot for i in shelf.in_progress("classic")] == ["kept-classic"]
    assert [i.slot for i in saves.list_slots()][:2] == ["autosave", "kept-classic"]
    # continuing the kept game: it moves back into the autosave, and the other game is kept in turn
    back = Session.from_dict({**kept.session, "state": kept.state.to_dict()})
    assert session_bridge.autosave(back.to_dict()).ok
    assert saves.load_game("autosave").session["game_id"] == classic.game_id
    assert saves.load_game("kept-rummy-q").session["game_id"] == rummyq.game_id
    assert "kept-classic" not in saves.kept_slots()


def test_the_same_game_saved_again_is_not_put_aside():
    from game.storage.saves import shelf

    s = _saved("classic")
    assert s.draw().ok
    assert session_bridge.autosave(s.to_dict()).ok
    assert saves.kept_slots() == [] and len(shelf.in_progress("classic")) == 1


def test_a_finished_game_is_not_kept():
    from game.storage.saves import shelf

    s = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 1}, autosave=True)
    s.saver.game_over_hooks = []  # the finished game stays in the autosave (as after a kill before the statistics)
    s.move(tiles("R10 R11 R12"), TABLE, (0, 0))
    assert s.end_turn().ok and s.phase == "game_over"
    assert shelf.identity("autosave").finished
    _saved("rummy-q")
    assert saves.kept_slots() == [] and shelf.in_progress("classic") == []


def test_discard_removes_only_that_rule_sets_game():
    from game.storage.saves import shelf

    _saved("classic")
    _saved("rummy-q")  # classic kept, rummyq in the autosave
    shelf.discard("classic")
    assert saves.kept_slots() == [] and saves.load_game("autosave").state.variant_key == "rummy-q"
    shelf.discard("rummy-q")
    assert not saves.autosave_exists()


def test_a_new_game_of_a_rule_set_with_a_saved_game_asks_first(app):
    import pygame

    from game.ui.scenes.common import DialogScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.setup import SetupScene
    from uidrive import key

    old = _saved("classic", turns=1)
    setup = app.push(SetupScene(app, "classic"))
    setup.start_game()
    ask = app.top
    assert isinstance(ask, DialogScene) and "not finished" in ask.message and "round 1" in ask.message
    key(app, pygame.K_LEFT)  # nothing: the dialog lays out with the safe choice focused
    ask.ensure_layout()
    assert ask.group.focused.label == "Continue that game"
    key(app, pygame.K_ESCAPE)  # Esc is the safe choice too: the saved game goes on
    assert isinstance(app.top, PlayScene) and app.top.session.game_id == old.game_id


def test_starting_a_new_game_over_the_saved_one_only_after_saying_so(app):
    from game.ui.scenes.common import DialogScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.setup import SetupScene

    old = _saved("classic", turns=1)
    other = _saved("rummy-q")  # classic is kept aside
    setup = app.push(SetupScene(app, "classic"))
    setup.start_game()
    ask = app.top
    assert isinstance(ask, DialogScene)
    ask.ensure_layout()
    next(w for w in ask.group.widgets if w.label == "Start a new game").activate()
    play = app.top
    assert isinstance(play, PlayScene) and play.session.game_id != old.game_id
    assert saves.load_game("autosave").session["game_id"] == play.session.game_id
    assert saves.load_game("kept-rummy-q").session["game_id"] == other.game_id  # the other rule set's game stays
    assert "kept-classic" not in saves.kept_slots()


def test_a_rule_set_without_a_saved_game_starts_at_once(app):
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.setup import SetupScene

    _saved("rummy-q")
    setup = app.push(SetupScene(app, "classic"))
    setup.start_game()
    assert isinstance(app.top, PlayScene)
    assert saves.load_game("kept-rummy-q").ok  # put aside, not lost


def test_continue_is_the_main_button_and_says_what_it_continues(app):
    from game.ui.scenes.title import TitleScene

    title = app.top
    assert isinstance(title, TitleScene) and title.group.widgets[0].label == "New game"
    assert not title.continue_button.enabled
    _saved("classic", turns=1)
    title.refresh()
    cont = title.group.widgets[0]
    assert cont is title.continue_button and cont.enabled and title.group.focused is cont
    assert cont.sub == "Classic, round 1 against CPU 1 and CPU 2"


def test_a_window_opening_under_the_pointer_keeps_enter_on_continue(app):
    """The pointer resting over New game as the window opens (the one motion the system reports)
    lights it but Enter still continues; a real move of the pointer takes the focus."""
    from uidrive import motion, step

    _saved("classic", turns=1)
    title = app.top
    title.refresh()
    step(app)
    new = title.group.widgets[1]
    assert new.label == "New game" and title.group.focused is title.continue_button
    step(app, [motion(new.rect.center)])
    assert title.group.hover is new and title.group.focused is title.continue_button
    step(app, [motion((new.rect.centerx + 3, new.rect.centery))])
    assert title.group.focused is new


def _kept_turn():
    got = saves.load_game("autosave")
    if not got.ok:
        return None
    return got.session.get(turnsave.FIELD), got.session.get("timer_remaining")


def test_an_unfinished_turn_is_written_now_and_then_so_a_killed_game_loses_seconds_at_most():
    s = human_session("R10 R11 R12 K5 B7", options={"turn_time": 60}, autosave=True)
    r10, r11 = tiles("R10 R11")
    assert s.move([r10, r11], TABLE, (1, 3)).ok
    s.tick(turnsave.KEEP_EVERY - 1)
    assert _kept_turn() is None  # not yet: nothing is written on every move
    s.tick(1.5)
    kept, clock = _kept_turn()
    assert kept["board"] == s.table().to_list() and sorted(t for _, _, t in kept["board"]) == sorted([r10, r11])
    assert clock == pytest.approx(60 - turnsave.KEEP_EVERY - 0.5)
    # the clock runs: written again with the time left, though nothing moved
    s.tick(turnsave.KEEP_EVERY)
    assert _kept_turn()[1] == pytest.approx(60 - 2 * turnsave.KEEP_EVERY - 0.5)
    back = Session.from_dict({**saves.load_game("autosave").session, "state": saves.load_game("autosave").state.to_dict()})
    assert back.table().to_list() == s.table().to_list() and back.timer_left == pytest.approx(s.timer_left)


def test_without_a_clock_an_unchanged_turn_is_not_written_again():
    s = human_session("R10 R11 R12 K5 B7", autosave=True)
    r10 = tiles("R10")[0]
    assert s.move([r10], TABLE, (1, 3)).ok
    s.tick(turnsave.KEEP_EVERY + 1)
    first = saves.slot_path("autosave").read_bytes()
    s.tick(3 * turnsave.KEEP_EVERY)  # nothing moved, no clock: the file on disk is still right
    assert saves.slot_path("autosave").read_bytes() == first
    assert s.move([r10], TABLE, (1, 6)).ok
    s.tick(turnsave.KEEP_EVERY + 1)
    assert saves.slot_path("autosave").read_bytes() != first
    quiet = human_session("R10 R11 R12", options={"turn_time": 60}, autosave=False)
    assert quiet.move([tiles("R10")[0]], TABLE, (1, 3)).ok
    quiet.tick(5 * turnsave.KEEP_EVERY)
    assert not quiet.saver.due()  # a session that does not autosave (a lesson) never writes
