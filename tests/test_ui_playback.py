"""Following the game on the play screen: a computer's turn played out step by step, skipped
by a click or a key, shown again from the turn log; the hint on the table and Apply."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest

from game.rules import events

from game.rules.tiles import parse_tiles
from game.ui.scenes.play import PlayScene
from uidrive import DT, click, drag, key, make_app, run_until, settle, step, tile_center
from playhelp import computer_to_move, hint_position, start_playback
from uihelp import human_session, lay_table, set_rack

pytestmark = pytest.mark.app(speed=1.0)

CODES = re.compile(r"\b[KRBO]\d{1,2}\b")


def test_a_computer_turn_is_played_out_step_by_step(app):
    sess, play = computer_to_move(app)
    pb = start_playback(app, play, sess)
    assert len(pb.steps) >= 2 and pb.step_s >= 0.4  # the default speed
    kinds = {st.kind for st in pb.steps}
    assert "joker" in kinds
    for st in pb.steps:
        assert st.caption.startswith("CPU 1 ") and not CODES.search(st.caption)
    assert play.input_locked()
    # before the first step the table is the one the turn began with, the new tiles unseen
    lay = play.layout()
    new = [t for t in pb.after.tiles() if t not in pb.before.tile_set()]
    assert new and all(t not in play.sprites for t in new)
    for cell, t in pb.before.cells.items():
        assert play.sprites[t].target == lay.grid.cell_pos(cell)
    # one step after another, each shown for its time with its caption
    run_until(app, lambda: pb.idx >= 1, 2)
    first = pb.shown
    assert play.turnshow.status() == "CPU 1 plays"
    step(app, n=int(0.3 / DT))
    assert pb.idx == 1 and play.turnshow.pb is pb  # still on the first step after 0.3 s
    run_until(app, lambda: pb.idx >= 2, 2)
    assert pb.shown is not first
    for t in first.tiles:
        assert play.sprites[t].target == lay.grid.cell_pos(pb.after.where()[t])
    run_until(app, lambda: play.turnshow.pb is None, 20)
    settle(app, play)
    for cell, t in sess.state.board.cells.items():
        assert play.sprites[t].pos == play.layout().grid.cell_pos(cell)
    # the turn is in the log, in words with its tiles
    entry = next(e for e in play.turnshow.log.entries if e.seat == 1)
    assert entry.kind == "play" and entry.lines == [st.caption for st in pb.steps] and set(entry.tiles) == set(new)


def test_a_click_skips_to_the_end_of_the_turn(app):
    sess, play = computer_to_move(app)
    pb = start_playback(app, play, sess)
    run_until(app, lambda: pb.idx >= 1, 2)
    assert pb.idx < len(pb.steps)
    click(app, (5, 300))
    assert play.turnshow.pb is None
    step(app, n=int(0.5 / DT))
    for cell, t in pb.after.cells.items():
        assert play.sprites[t].pos == play.layout().grid.cell_pos(cell)
    assert play.time >= play.busy_until  # the game goes on at once


def test_a_key_skips_too_and_instant_shows_no_steps(app):
    sess, play = computer_to_move(app)
    pb = start_playback(app, play, sess)
    key(app, pygame.K_RIGHT)
    assert play.turnshow.pb is None and pb.idx == len(pb.steps)
    app.settings["turn_speed"] = "instant"
    sess2, play2 = computer_to_move(app)
    run_until(app, lambda: sess2.state.current != 1, 20)
    assert play2.turnshow.pb is None and play2.turnshow.log.entries


def test_playback_captions_wrap_whole_in_a_small_window():
    small = make_app(size=(800, 500))
    try:
        sess, play = computer_to_move(small)
        pb = start_playback(small, play, sess)
        lay = play.layout()
        st = pb.steps[0]  # the longest kind of caption a turn can have
        pb.steps[0] = dataclasses.replace(st, caption=st.caption + " and moves the orange 9-11 run beside the blue 9-11 run")
        step(small, n=2)  # drawn as it is
        wrapped = [play.turnshow.caption_lines(lay, pb, st) for st in pb.steps]
        assert all(" ".join(lines) == st.caption for lines, st in zip(wrapped, pb.steps))
        assert max(len(lines) for lines in wrapped) >= 2  # a long caption takes a second line, at the same size
        bar = play.turnshow.caption_rect(lay, pb)
        assert bar.h > play.turnshow.bar_rect(lay).h and lay.table.contains(bar)
    finally:
        small.shutdown()


def test_show_last_turn_plays_the_turn_again(app):
    sess, play = computer_to_move(app)
    pb = start_playback(app, play, sess)
    key(app, pygame.K_SPACE)  # skip
    run_until(app, lambda: sess.my_turn and not play.input_locked(), 60)
    last = play.turnshow.log.last_replayable(sess.viewer)
    assert last is not None
    key(app, pygame.K_l)  # open the log
    assert play.turnshow.panel.open
    lay = play.layout()
    click(app, play.turnshow.panel.buttons(lay)["replay"].center)
    again = play.turnshow.pb
    assert again is not None and again.replay and again.steps == last.steps
    assert play.input_locked()
    step(app, n=2)
    lay = play.layout()
    for cell, t in last.before.cells.items():  # back to where that turn began
        assert play.sprites[t].target == lay.grid.cell_pos(cell)
    click(app, (5, 300))
    assert play.turnshow.pb is None
    settle(app, play)
    for cell, t in sess.table().cells.items():
        assert play.sprites[t].pos == play.layout().grid.cell_pos(cell)
    assert sess.my_turn and not sess.draft_changed and pb.steps


def log_with_two_plays(app, play, sess, right: bool = False):
    """The human to move after CPU 1's play; a second play (CPU 2's new set, at the table's
    left, or its right) is the newest entry."""
    start_playback(app, play, sess)
    key(app, pygame.K_SPACE)  # skip
    assert run_until(app, lambda: sess.my_turn and not play.input_locked(), 60)
    log = play.turnshow.log
    before = sess.table()
    after = before.copy()
    row = max(r for r, _ in before.cells) + 2
    for k, t in enumerate(parse_tiles("B11 B12 B13", used=before.tiles())):
        after.cells[(row, k + (sess.grid_width - 3 if right else 0))] = int(t)
    log.add(events.Played(2, tuple(after.tiles()), False, before=before, after=after), play.name_of, sess.state.round)
    plays = [e for e in log.entries if e.replayable]
    assert len(plays) >= 2
    return plays


def test_a_click_on_a_log_entry_replays_that_entry(app):
    sess, play = computer_to_move(app)
    plays = log_with_two_plays(app, play, sess)
    panel = play.turnshow.panel
    key(app, pygame.K_l)
    step(app)
    lay = play.layout()
    box = panel.rect(lay)
    # where each entry is drawn: the list is drawn 80 px (scaled) below the panel's top
    rows = [(r.move(box.x, box.y + int(80 * lay.s)), e) for r, e in panel._rows if e.replayable]
    assert {id(e) for _r, e in rows} >= {id(plays[-1]), id(plays[-2])}
    for r, entry in rows:
        click(app, (r.centerx, r.y + 4))  # near its top edge
        pb = play.turnshow.pb
        assert pb is not None and pb.replay and pb.steps is entry.steps and pb.before == entry.before
        key(app, pygame.K_SPACE)  # skip to its end
        settle(app, play)
        click(app, (r.centerx, r.bottom - 4))  # near its bottom edge
        pb = play.turnshow.pb
        assert pb is not None and pb.replay and pb.steps is entry.steps and pb.before == entry.before
        key(app, pygame.K_SPACE)  # skip to its end
        settle(app, play)
        assert play.turnshow.pb is None


def test_the_log_moves_aside_from_the_turn_it_replays_and_the_clock_stops(app):
    sess, play = computer_to_move(app, options={"turn_time": 60})
    plays = log_with_two_plays(app, play, sess, right=True)
    panel = play.turnshow.panel
    key(app, pygame.K_l)
    step(app)
    entry = plays[-1]  # the new set, at the table's right: under the open log
    target = next(r for r, e in panel.entry_rects(play.layout()) if e is entry)
    g = play.layout().grid
    changed = [g.cell_rect(c) for c in set(entry.before.cells) | set(entry.after.cells)
               if entry.before.cells.get(c) != entry.after.cells.get(c)]
    assert changed and panel.rect(play.layout()).collidelist(changed) >= 0  # the open log covers them
    clock = sess.timer_left
    click(app, target.center)
    pb = play.turnshow.pb
    assert pb is not None and pb.steps is entry.steps
    step(app)
    assert panel.open and panel.rect(play.layout()).collidelist(changed) == -1  # moved aside
    assert not panel.stepped_aside(play.layout())  # and still in sight, on the other side
    # the person's clock stands still while an old turn is shown (frames of 0.1 s, as on a busy
    # machine), and runs again after
    key(app, pygame.K_SPACE)  # skip to its end
    settle(app, play)
    cpu = next(e for e in plays if e.seat == 1)  # CPU 1's turn, in several steps
    assert len(cpu.steps) >= 2
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=panel.rect(play.layout()).center, rel=(0, 0), buttons=(0, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])  # back one entry: CPU 1's in view
    clock = sess.timer_left
    click(app, next(r for r, e in panel.entry_rects(play.layout()) if e is cpu).center)
    assert play.turnshow.replaying
    while play.turnshow.replaying:
        step(app, dt=0.1)
        assert sess.timer_left == clock
    step(app, n=30)
    assert sess.timer_left < clock


def test_the_hint_is_shown_on_the_table_and_apply_makes_it_the_draft(app):
    sess, play = hint_position(app, table=["K3 K4 K5 K6 K7 K8", "R10 B10 O10"], rack="K5 R1 B7 O13 K10")
    start = sess.table().copy()
    key(app, pygame.K_h)
    run_until(app, lambda: play.turnshow.hint.active, 10)
    hint = play.turnshow.hint
    assert hint.active and hint.board is not None
    played = [t for t in hint.board.tiles() if t not in start.tile_set()]
    assert set(play.hint_tiles) <= set(played) and play.hint_tiles  # lit on the rack
    assert not CODES.search(hint.steps[0].caption) and hint.steps[0].caption[0].isupper()
    assert not any("Hint: try" in t.text for t in play.toasts)
    proposed = hint.board.copy()
    step(app, n=3)
    lay = play.layout()
    click(app, hint.buttons(lay)["apply"].center)
    assert not hint.active
    assert sess.draft == proposed and sess.analysis().ok and not set(played) & set(sess.rack.slots)
    # the player may change it, or undo it
    key(app, pygame.K_z)
    assert sess.table() == start and set(played) <= set(sess.rack.slots)


def test_the_hint_starts_small_and_more_goes_up_to_the_most_tiles(app):
    sess, play = hint_position(app, table=["R6 R7 R8", "K6 K7 K8", "O9 O10 O11", "B4 R4 K4"],
                               rack="R9 K5 B1 B2 B3 O7 O8 O12 J")
    start = sess.table().copy()
    key(app, pygame.K_h)
    assert run_until(app, lambda: play.turnshow.hint.active, 10)
    hint = play.turnshow.hint
    sizes = []
    while True:
        step(app)
        played = [t for t in hint.board.tiles() if t not in start.tile_set()]
        sizes.append(len(played))
        # the preview shows only the sets that change: an untouched table set gets no ghost
        untouched = [set(ln.tiles) for ln in start.lines() if any(set(ln.tiles) == set(n.tiles) for n in hint.board.lines())]
        assert untouched and not any(hint.changed & u for u in untouched)
        assert all(hint.changed.intersection(stp.tiles) for stp in hint.steps)
        # the caption: whole, at the normal size, on at most two lines
        lay = play.layout()
        for k in range(len(hint.steps)):
            hint.idx = k
            lines = hint.caption_lines(lay, hint.bar_rect(lay))
            assert " ".join(lines) == hint.steps[k].caption and len(lines) <= 2 and not lines[-1].endswith("…")
        hint.idx = 0
        if not hint.has_more:
            break
        key(app, pygame.K_m)
    assert sizes[0] == 1 and sizes == sorted(set(sizes)) and sizes[-1] == 9 and len(sizes) >= 3
    # More by the button as well: from the start again
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)
    assert run_until(app, lambda: play.turnshow.hint.active, 10) and hint.level == 0
    step(app)
    click(app, hint.buttons(play.layout())["more"].center)
    assert hint.level == 1


def test_one_hint_a_turn_by_default_counted_once(app):
    sess, play = hint_position(app)
    assert play.hint_mode() == "turn"
    key(app, pygame.K_h)
    assert run_until(app, lambda: play.turnshow.hint.active, 10)
    first = play.turnshow.hint.board.copy()
    token = play.hint.token
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h)  # again this turn: the same hint, not a second one
    assert play.turnshow.hint.active and play.turnshow.hint.board == first
    assert play.hint.token == token and sess.hints_used == 1
    # the statistics and the saved game carry the count
    back = type(sess).from_dict(sess.to_dict(), autosave=False)
    assert back.hints_used == 1


def test_unlimited_hints_count_each_and_off_gives_none(app):
    sess, play = hint_position(app, "unlimited")
    for n in (1, 2):
        key(app, pygame.K_h)
        assert run_until(app, lambda: play.turnshow.hint.active, 10)
        key(app, pygame.K_ESCAPE)
        assert sess.hints_used == n
    play.app.settings["hint_mode"] = "off"
    key(app, pygame.K_h)
    step(app, n=5)
    assert not play.turnshow.hint.active and sess.hints_used == 2
    assert any("Hints are off" in t.text for t in play.toasts) and not play.button_enabled("hint")


def test_a_game_won_with_hints_says_so_and_the_statistics_count_them(app):
    from game.storage import stats
    from game.ui.scenes.results import GameOverScene

    sess = human_session("R10 R11 R12", exact=True, melded=True, options={"rounds": 1}, autosave=True)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    key(app, pygame.K_h)
    assert run_until(app, lambda: play.turnshow.hint.active, 10)
    key(app, pygame.K_h, pygame.KMOD_SHIFT)  # apply
    key(app, pygame.K_SPACE)  # and end the turn: out
    assert run_until(app, lambda: isinstance(app.top, GameOverScene), 20)
    over = app.top
    step(app)
    assert over.ranking[0] == sess.viewer and sess.hints_used == 1
    vs = stats.load_stats().get("classic")
    assert vs.games == 1 and vs.hints == 1 and vs.recent[-1]["hints"] == 1
    assert "won with 1 hint" in over.subtitle()


def test_a_drop_on_the_hint_bar_lands_on_the_table_under_it(app):
    sess = human_session("R10 R11 R12 B5", melded=True)
    play = app.push(PlayScene(app, sess))
    settle(app, play)
    key(app, pygame.K_h)
    run_until(app, lambda: play.turnshow.hint.active, 10)
    lay = play.layout()
    bar = play.turnshow.bar_rect(lay)
    spot = (bar.x + bar.w // 3, bar.centery)
    cell = lay.grid.cell_at(spot)
    assert cell is not None
    b5 = parse_tiles("B5")[0]
    drag(app, tile_center(play, b5), spot)
    assert play.drag is None and b5 in sess.table().tiles()


def test_the_log_tells_draws_and_passes_and_scrolls_back(app):
    sess, play = computer_to_move(app)
    log = play.turnshow.log
    for k in range(30):
        log.add(events.Drew(k % 4, 7), play.name_of, 1)
    log.add(events.Passed(2), play.name_of, 1)
    assert log.entries[-1].lines == ["CPU 2 passes: the pool is empty"]
    mine = next(e for e in log.entries if e.seat == 0)
    assert mine.lines == ["You draw a tile"] and mine.tiles == [7]
    assert next(e for e in log.entries if e.seat == 1).tiles == []  # a computer's drawn tile stays hidden
    play.turnshow.panel.open = True
    lay = play.layout()
    r = play.turnshow.panel.rect(lay)
    step(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0))])
    step(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert play.turnshow.panel.first == 3
    shown = [e for _r, e in play.turnshow.panel._rows]
    assert shown and shown[0] is log.entries[-4]


def test_the_log_and_the_caption_show_each_player_with_the_face_they_have_at_the_table(app, monkeypatch):
    from game.ui import portrait_art

    sess, play = computer_to_move(app)
    pb = start_playback(app, play, sess)
    seen = []
    real = portrait_art.player_face

    def spy(kind, name, size):
        seen.append((kind, name))
        return real(kind, name, size)

    monkeypatch.setattr(portrait_art, "player_face", spy)
    run_until(app, lambda: pb.idx >= 1, 2)
    step(app, n=3)
    key(app, pygame.K_l)  # open the log
    step(app, n=3)
    table = {(p.kind, p.name) for p in sess.state.players}
    assert seen and set(seen) <= table
    assert (sess.state.players[1].kind, sess.state.players[1].name) in seen
    entry = next(e for e in play.turnshow.log.entries if e.seat == 1)
    where = {t: c for c, t in pb.after.cells.items()}
    assert entry.tiles == sorted(entry.tiles, key=lambda t: where[t])  # the pictures in table order


def test_a_computer_turn_keeps_the_tile_size_and_the_sets_it_does_not_touch(app):
    """Five full rows (three sets a row, no room for another) and a spare row: the computer's
    new set goes to the spare row; while its turn plays out no tile changes size and no set
    it did not touch moves.  The table takes a new spare row once the turn is over."""
    sess, play = computer_to_move(app, [f"K{n} R{n} B{n}" for n in range(1, 13)] + ["R1 B1 O1", "K2 B2 O2", "K3 R3 O3"],
                                  "K13 R13 O13", "basic", cells=lambda i, k: (i // 3, 3 + 6 * (i % 3) + k))
    st = sess.state
    step(app, n=2)
    before = play.layout().grid.tile_w
    assert play.layout().grid.rows == 6
    old = {ln.tiles: ln.cells for ln in st.board.lines()}
    pb = start_playback(app, play, sess)
    sizes = set()
    while play.turnshow.pb is not None:
        sizes.add(play.layout().grid.tile_w)
        step(app)
    assert sizes == {before}
    assert any(r == 5 for r, _ in pb.after.cells), pb.after.render() + str(sorted(pb.after.cells))  # on the spare row
    for ln in pb.after.lines():
        if ln.tiles in old:
            assert ln.cells == old[ln.tiles]
    settle(app, play)
    assert play.layout().grid.rows == 7  # a spare row again, now the turn is over


def test_the_log_keys_the_person_on_their_seat_not_on_a_name(app):
    sess, play = computer_to_move(app)
    sess.state.players[0].name = "Ada"  # the person may be called anything
    sess.state.players[1].name = "You"  # and a seat across the table may be called "You" (a hand-edited save)
    log = play.turnshow.log
    log.add(events.Drew(0, 7), play.name_of, 1)
    log.add(events.Drew(1, 9), play.name_of, 1)
    mine, theirs = log.entries[-2:]
    assert mine.lines == ["You draw a tile"] and mine.tiles == [7]
    assert theirs.lines == ["You draws a tile"] and theirs.tiles == []  # their drawn tile stays hidden


def test_a_computer_seat_called_you_is_told_as_itself_while_its_turn_plays_out(app):
    sess, play = computer_to_move(app)
    sess.state.players[1].name = "You"  # a seat across the table called "You" (a hand-edited save)
    pb = start_playback(app, play, sess)
    assert play.turnshow.status() == "You plays"
    assert pb.steps and all(st.caption.startswith("You ") and " your " not in st.caption for st in pb.steps)
