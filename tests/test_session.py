"""The play session (pure): intents, undo/reset, ending turns, computer turns, timer, saving."""

from __future__ import annotations

import json

import pytest

from game.rules import actions as act
from game.rules import events
from game.rules.board import Board
from game.rules.reasons import Reason
from game.rules.state import StateError
from game.rules.tiles import colour_index, sort_key_runs
from game.play.events import NewTiles, Refused, TurnBegan
from game.play.rack import RACK_MIN_COLS, Rack
from game.play.session import RACK, TABLE, Session, view_from_dict, view_to_dict
from uihelp import human_session, tiles


def test_move_to_table_undo_and_reset():
    s = human_session("R10 R11 R12")
    r10, r11, r12 = tiles("R10 R11 R12")
    assert s.my_turn and not s.draft_changed
    assert s.move([r10], TABLE, (0, 0)).ok
    assert s.table().get((0, 0)) == r10 and r10 not in s.rack.slots
    assert s.draft_changed and s.state.board.get((0, 0)) is None  # the game state is untouched
    assert s.move([r11, r12], TABLE, (0, 1)).ok
    assert [s.table().get((0, c)) for c in range(3)] == [r10, r11, r12]
    assert s.analysis().ok and s.analysis().initial_points() == 33
    assert s.undo()
    assert s.table().get((0, 1)) is None and r11 in s.rack.slots
    assert s.reset()
    assert len(s.table()) == 0 and {r10, r11, r12} <= set(s.rack.slots)
    assert s.undo()  # a reset can be undone too
    assert s.table().get((0, 0)) == r10


def test_dropping_onto_a_tile_joins_its_set_in_its_place():
    s = human_session("R10 R11 R12 R9 K5")
    r9, r10, r11, r12, k5 = tiles("R9 R10 R11 R12 K5")
    s.move([r10, r11, r12], TABLE, (2, 4))
    assert s.move([r9], TABLE, (2, 5)).ok  # on the red 11: the 9 goes before the 10
    assert [s.table().get((2, c)) for c in range(3, 7)] == [r9, r10, r11, r12]
    # past the table's edge: kept inside the row, as a set of its own
    w = s.grid_width
    assert s.move([k5], TABLE, (3, w + 4)).ok and s.table().get((3, w - 1)) == k5
    assert s.undo() and s.table().get((3, w - 1)) is None


def test_rack_rearranging_and_sorting():
    s = human_session("K1 R1 B1 O1 R2 R3")
    order = s.rack.tiles()
    t = order[-1]
    assert s.move([t], RACK, (0, 0)).ok
    assert s.rack.tiles()[0] == t
    s.rack.sort("groups")
    ranks = [(x >> 1) % 13 if x < 104 else 99 for x in s.rack.tiles()]
    assert ranks == sorted(ranks)
    s.rack.sort("runs")
    faces = [x >> 1 if x < 104 else 999 for x in s.rack.tiles()]
    assert faces == sorted(faces)


def test_invalid_end_is_refused_and_changes_nothing():
    s = human_session("R10 K11")
    r10, k11 = tiles("R10 K11")
    s.move([r10, k11], TABLE, (0, 0))
    before = s.state.to_dict()
    out = s.end_turn()
    assert not out.ok and out.problems
    assert s.state.to_dict() == before
    assert any(isinstance(ev, Refused) for ev in s.poll_events())
    assert s.table().get((0, 0)) == r10  # the draft is kept so the player can fix it


def test_table_tile_taken_to_rack_must_go_back():
    s = human_session("R10 R11 R12 B5", melded=True)
    r10, r11, r12 = tiles("R10 R11 R12")
    s.move([r10, r11, r12], TABLE, (0, 0))
    assert s.end_turn().ok
    # the next time round, take a table tile onto the rack
    s.state.current = 0
    s.begin_turn()
    assert s.move([r10], RACK, (1, 15)).ok
    assert s.held_table_tiles() == [r10]
    out = s.end_turn()
    assert not out.ok and out.codes == [Reason.HELD_TILES_UNUSED]


def test_initial_meld_play_and_draw():
    s = human_session("R10 R11 R12")
    r10, r11, r12 = tiles("R10 R11 R12")
    s.move([r10, r11, r12], TABLE, (1, 3))
    out = s.end_turn()
    assert out.ok
    assert s.state.players[0].melded and len(s.state.board) == 3
    assert s.state.current != 0 and not s.my_turn and s.draft is None
    evs = s.poll_events()
    play = next(e for e in evs if isinstance(e, events.Played))
    assert play.points == 33 and isinstance(play.after, Board) and isinstance(play.before, Board)
    assert any(isinstance(e, TurnBegan) and e.seat == s.state.current for e in evs)


def test_draw_puts_moved_tiles_back_then_draws():
    s = human_session("R10 R11")
    n = len(s.state.players[0].rack)
    s.move(tiles("R10"), TABLE, (0, 0))
    assert s.draw().ok
    assert len(s.state.players[0].rack) == n + 1 and len(s.state.board) == 0
    new = [e for e in s.poll_events() if isinstance(e, NewTiles)]
    assert new and new[0].tiles[0] in s.rack.slots


def test_computer_turns_sync_and_checked():
    s = human_session()
    s.draw()
    cache: dict = {}
    turns = 0
    while s.computer_to_move and turns < 10:
        assert s.computer.run_sync(cache).ok
        turns += 1
    assert s.my_turn and turns == 3
    assert not s.state.conservation_problems()


def test_computer_turns_and_saving_are_parts_the_session_owns():
    import ast

    import codewalk
    from game.play.computer_turns import ComputerTurns
    from game.play.session_save import Saver

    s = human_session()
    assert isinstance(s.computer, ComputerTurns) and isinstance(s.saver, Saver) and isinstance(s.rack, Rack)
    assert Session.__mro__ == (Session, object)  # its parts are owned, not mixed in
    for rel in ("play/computer_turns.py", "play/session_save.py", "play/rack.py"):
        raised = [codewalk.dotted(n.exc.func if isinstance(n.exc, ast.Call) else n.exc)
                  for n in ast.walk(codewalk.module(rel)) if isinstance(n, ast.Raise) and n.exc is not None]
        assert "NotImplementedError" not in raised, rel
    # a cancelled request makes its answer stale; the next request gets a new token
    s.draw()
    token = s.computer.request()[0]
    assert s.computer.thinking
    s.computer.cancel()
    assert not s.computer.thinking and not s.computer.apply(token, {"type": "draw"}).ok
    assert s.computer.request()[0] == token + 1


def test_illegal_or_stale_computer_moves():
    s = human_session()
    s.draw()
    token, level, seed, view_d = s.computer.request()
    assert s.computer.request() is None  # one request at a time
    assert not s.computer.apply(token + 5, {"type": "draw"}).ok  # stale
    seat = s.state.current
    n = len(s.state.players[seat].rack)
    bogus = Board({(0, 0): 0, (0, 1): 50})
    out = s.computer.apply(token, act.to_json(act.Play(bogus)))
    assert out.ok and s.computer.illegal_moves == 1
    assert len(s.state.players[seat].rack) == n + 1  # it drew instead


def test_view_round_trips_as_json():
    from game.rules import engine

    s = human_session("R10 R11 R12")
    v = engine.view(s.state, 1)
    d = json.loads(json.dumps(view_to_dict(v)))
    assert view_from_dict(d) == v


def test_timer_runs_out():
    s = human_session("R10 R11 R12", options={"turn_time": 30})
    n = len(s.state.players[0].rack)
    s.move(tiles("R10 R11"), TABLE, (0, 0))  # an unfinished play: it goes back
    assert s.tick(29.5) is None and s.my_turn
    out = s.tick(1.0)
    assert out is not None and out.ok
    evs = s.poll_events()
    assert any(isinstance(e, events.TimedOut) and not e.stood for e in evs)
    assert len(s.state.board) == 0 and len(s.state.players[0].rack) == n + 1
    assert not s.my_turn and s.timer_left == 30


def test_timer_running_out_on_a_finished_play_plays_it():
    s = human_session("R10 R11 R12", options={"turn_time": 30})
    n = len(s.state.players[0].rack)
    s.move(tiles("R10 R11 R12"), TABLE, (0, 0))  # a legal initial meld of 33
    out = s.tick(31.0)
    assert out is not None and out.ok and not s.my_turn
    assert any(isinstance(e, events.TimedOut) and e.stood for e in s.poll_events())
    assert sorted(s.state.board.tiles()) == sorted(tiles("R10 R11 R12"))
    assert len(s.state.players[0].rack) == n - 3 and s.state.players[0].melded


def test_session_round_trip_and_autosave_hook():
    s = human_session("R10 R11 R12", options={"turn_time": 60})
    saved = []
    s.saver.turn_hooks = [lambda sess: saved.append(json.loads(json.dumps(sess.to_dict())))]
    s.move(tiles("R10 R11 R12"), TABLE, (0, 0))
    s.end_turn()
    s.computer.run_sync()
    assert len(saved) == 2
    s.tick(12.5)
    back = Session.from_dict(json.loads(json.dumps(s.to_dict())), autosave=False)
    assert back.state.to_dict() == s.state.to_dict()
    assert back.timer_left == pytest.approx(s.timer_left)
    assert back.rack.slots == s.rack.slots
    # the same future: both draw the same next tiles
    while back.computer_to_move:
        back.computer.run_sync()
        s.computer.run_sync()
    assert back.state.to_dict() == s.state.to_dict()


def test_turn_in_progress_is_saved_beside_its_start():
    s = human_session("R10 R11 R12")
    start_slots = dict(s.rack.slots)
    s.move(tiles("R10 R11 R12"), TABLE, (0, 0))
    d = s.to_dict()
    assert d["state"]["board"] == []  # the game itself: the start of the turn
    assert [[r, c] for t, r, c in d["rack_slots"]] == [list(start_slots[t]) for t, _, _ in d["rack_slots"]]
    back = Session.from_dict(d, autosave=False)
    assert back.my_turn and back.draft_changed and back.table() == s.table()  # the draft is back (game.play.turnsave)
    assert back.reset() and back.rack.slots == start_slots


@pytest.mark.parametrize("bad", [None, [], {"state": {}}, {"state": {"schema": 2}}, "x",
                                 {"state": None, "timer_left": 5}])
def test_from_dict_refuses_damage(bad):
    with pytest.raises(StateError):
        Session.from_dict(bad)


def test_bad_timer_refused():
    s = human_session()
    d = s.to_dict()
    d["timer_remaining"] = -3
    with pytest.raises(StateError):
        Session.from_dict(d)


@pytest.mark.logged_errors  # a save made to fail
def test_failed_save_does_not_stop_the_game():
    s = human_session()

    def broken(_sess):
        raise OSError("disk full")

    s.saver.turn_hooks = [broken]
    assert s.draw().ok
    assert "disk full" in s.saver.error and s.computer_to_move


def test_real_autosave_after_each_turn_and_continue():
    from game.storage.saves import session_bridge

    s = human_session("R10 R11 R12", options={"turn_time": 60}, autosave=True)
    assert not session_bridge.has_autosave()
    s.move(tiles("R10 R11 R12"), TABLE, (0, 0))
    assert s.end_turn().ok and not s.saver.error
    assert session_bridge.has_autosave()
    data, message = session_bridge.load_autosave()
    assert message == ""
    back = Session.from_dict(data, autosave=False)
    assert back.state.to_dict() == s.state.to_dict() and back.timer_left == 60


def test_a_finished_game_goes_into_the_statistics():
    from game.storage import stats
    from game.storage.saves import session_bridge

    s = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 1}, autosave=True)
    s.tick(42.0)
    s.move(tiles("R10 R11 R12"), TABLE, (0, 0))
    assert s.end_turn().ok and s.phase == "game_over"
    got = stats.load_stats().get("classic")
    assert got.games == 1 and got.wins == 1 and got.fastest_win_seconds == 42.0
    assert not session_bridge.has_autosave()  # nothing left to continue


def test_hint_suggests_a_legal_play_or_a_draw():
    from game.rules import engine
    from game.play.session import compute_hint

    s = human_session("R10 R11 R12 K1 B5", exact=True)
    got = compute_hint(engine.view(s.state, 0)).play
    assert isinstance(got, act.Play) and sorted(set(got.board.tiles()) - set(s.state.board.tiles())) == sorted(tiles("R10 R11 R12"))
    assert engine.play(s.state.clone(), got.board).ok  # the rules core accepts it as it stands
    s = human_session("R1 B5 K9 O13", exact=True)  # nothing to open with
    assert compute_hint(engine.view(s.state, 0)).play == act.Draw()


def test_hint_on_the_crossword_board_places_tiles_legally():
    from game.rules import engine
    from game.rules.tiles import parse_tiles
    from game.play.session import compute_hint

    state = engine.new_game("rummi200kub", [("You", "human"), ("CPU", "medium")], seed=4)
    table = [int(t) for t in parse_tiles("K1 K2 K3")]
    rack = [int(t) for t in parse_tiles("R2 B2 O9 O11 B13", used=table)]
    wanted = set(table) | set(rack)
    spare = [t for p in state.players for t in p.rack if t not in wanted] + [t for t in state.pool if t not in wanted]
    state.players[0].rack = rack
    state.players[1].rack = spare[:14]
    state.pool = spare[14:]
    state.board = Board({(0, c): t for c, t in enumerate(table)})
    for p in state.players:
        p.melded = True
    state.current = 0
    assert not state.conservation_problems()
    got = compute_hint(engine.view(state, 0)).play  # R2 and B2 cross K2: a group of three
    assert isinstance(got, act.Play) and sorted(set(got.board.tiles()) - set(table)) == sorted(rack[:2])
    assert engine.play(state.clone(), got.board).ok



def test_sets_only_moved_about_is_no_change_and_ending_the_turn_draws():
    from uihelp import lay_table

    s = human_session(melded=True)
    lay_table(s.state, ["R3 R4 R5", "K9 K10 K11"])
    s = Session(s.state, autosave=False)
    run = list(s.table().lines()[0].tiles)
    n = len(s.state.players[0].rack)
    assert s.move(run, TABLE, (3, 2), whole_set=True).ok
    assert s.draft_moved and not s.draft_changed
    assert s.preview().outcome == "draw"
    assert s.end_turn().ok
    assert len(s.state.players[0].rack) == n + 1  # a tile was drawn; the table is as it was
    assert s.state.board.where()[run[0]] != (3, 2)


def test_the_rack_is_a_part_the_session_owns_and_its_sort_is_one_undo_step():
    s = human_session("K1 R1 B1 O1 R2 R3", exact=True)
    assert set(s.rack.slots) == set(s.my_rack()) and s.rack.turn_start == s.rack.slots
    before = dict(s.rack.slots)
    version = s.version
    s.rack.sort("groups")  # the rack tells the session first: an undo step, the screen redraws
    assert s.rack.slots != before and s.rack.moved and s.can_undo and s.version > version
    assert s.to_dict()["rack_slots"] == [[t, r, c] for t, (r, c) in sorted(before.items())]  # saved: the turn's start
    assert s.undo() and s.rack.slots == before and not s.rack.moved
    s.rack.sort("groups")
    assert s.reset() and s.rack.slots == before


def test_a_rack_on_its_own_syncs_places_and_sorts_without_a_session():
    edits = []
    rack = Rack(lambda: edits.append(dict(rack.slots)))
    r1, r2, k5 = tiles("R1 R2 K5")
    assert rack.sync([k5, r2, r1], initial=True) == [k5, r2, r1]
    runs = sorted([r1, r2, k5], key=sort_key_runs)  # colour, then number
    assert rack.tiles() == runs and rack.cols == RACK_MIN_COLS
    last = runs[-1]
    rack.take([last])
    rack.place([last], 0, 0)  # put in front: the tiles there move right
    assert rack.tiles()[0] == last and len(set(rack.slots.values())) == 3 and not edits
    moved = dict(rack.slots)
    rack.sort("runs")
    assert edits == [moved] and rack.tiles() == runs  # told before the sort, with the slots as they were
    assert rack.sync([r1, k5]) == [] and set(rack.slots) == {r1, k5}  # a tile gone from the state goes


def test_runs_sort_keeps_each_colour_on_one_row():
    s = human_session("R1 R3 R5 R7 R9 B2 B4 B6 B8 K10 K11 K12 O12 O13", exact=True)
    s.rack.sort("runs")
    rows: dict[int, set[int]] = {}
    for t, (r, _) in s.rack.slots.items():
        rows.setdefault(colour_index(t), set()).add(r)
    assert all(len(r) == 1 for r in rows.values()), rows
    faces = [x >> 1 for x in s.rack.tiles()]
    assert faces == sorted(faces)
    # the two rows share the colours: neither holds them all when they fit on two
    assert {r for rs in rows.values() for r in rs} == {0, 1}


def test_a_hint_travels_the_worker_pipe_as_json_and_a_bad_one_is_refused():
    from game.rules import engine
    from game.play.session import compute_hint
    from game.play.thinking import Hint

    s = human_session("R10 R11 R12 R13 K1 B5", exact=True)
    got = compute_hint(engine.view(s.state, 0))
    assert Hint.from_json(json.loads(json.dumps(got.to_json()))) == got
    for bad in (None, [], {"play": {"type": "claim"}}, {"play": {"type": "draw"}, "more": "x"}, {"more": []}):
        with pytest.raises((act.ActionError, ValueError, TypeError)):
            Hint.from_json(bad)
