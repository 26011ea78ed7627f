"""Positions and steps for the play screen's playback, hint and turn-log tests: a computer to move
with a play worth showing, its playback started, a position with a hint worth asking for."""

from __future__ import annotations

from game.rules.tiles import parse_tiles
from game.ui.scenes.play import PlayScene
from uidrive import run_until, settle
from uihelp import human_session, lay_table, set_rack


def computer_to_move(app, table=("K3 K4 K5 K6 K7 K8", "R5 R6 J R8", "B4 R4 K4 O4", "O9 O10 O11"),
                     rack="K5 R7 B9 B10 O2 R12 K1", level="hard", cells=None,
                     options=None):
    """Seat 1 (hard) is to move with a play that frees a joker, splits a run and makes a new set
    (by default); ``cells(i, k)``: where the table's set ``i`` puts its tile ``k``."""
    from game.rules.board import Board

    sess = human_session("", melded=True, opponents=(level, "basic", "basic"), seed=5, options=options)
    st = sess.state
    lay_table(st, list(table))
    if cells is not None:
        st.board = Board({cells(i, k): t for i, ln in enumerate(st.board.lines()) for k, t in enumerate(ln.tiles)})
    set_rack(st, 1, parse_tiles(rack, used=st.board.tiles()))
    for p in st.players:
        p.melded = True
    st.current = 1
    sess.begin_turn()
    app.shown_controls_tip = True
    play = app.push(PlayScene(app, sess))
    return sess, play


def start_playback(app, play, sess):
    before = sess.state.board.copy()
    run_until(app, lambda: play.turnshow.pb is not None, 20)
    pb = play.turnshow.pb
    assert pb is not None and pb.before == before and pb.seat == 1
    return pb


def hint_position(app, mode=None, table=("R6 R7 R8", "K6 K7 K8"), rack="R9 K5 B1 B2 B3"):
    """The person (melded) to move with ``rack`` and ``table``; ``mode``: the hints setting."""
    sess = human_session("", melded=True)
    st = sess.state
    lay_table(st, list(table))
    set_rack(st, 0, parse_tiles(rack, used=st.board.tiles()))
    sess.rack.sync(sess.my_rack(), initial=True)
    sess.begin_turn()
    if mode is not None:
        app.settings["hint_mode"] = mode
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    return sess, play
