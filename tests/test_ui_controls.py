"""The Rummibug sheet's click controls on the play screen, the points target, the hand
limit and the 35-tile rule, driven with synthesised events under the dummy drivers."""

from __future__ import annotations

import pygame
import pytest

from game.rules.board import Board
from game.rules.tiles import format_tiles
from game.play.session import TABLE, Session
from game.ui.clickplan import plan_add, plan_split
from game.ui.controls import ClickControls, HandLimitMeter
from game.ui.variant_ui import find
from game.ui.scenes.common import DialogScene
from game.ui.scenes.play import PlayScene
from uidrive import click, drag, key, motion, open_play, settle, step, tile_center
from uihelp import give, human_session, tiles, table_session

pytestmark = pytest.mark.app(speed=4.0)


def position(table, rack, variant="rummibug", melded=True):
    """The human to move in a Rummibug game with ``table`` (sets) laid and ``rack`` tiles held."""
    return table_session(table, rack, variant, melded, opponents=("basic", "basic"))


def row_of(sess, text):
    """The table line holding the first tile of ``text``, in notation."""
    t = tiles(text)[0]
    cell = sess.table().where()[t]
    return format_tiles(sess.table().line_of(cell).tiles)


def controls(play) -> ClickControls:
    return find(play.plugin, ClickControls)


def press(app, play, name):
    click(app, controls(play).buttons(play.layout())[name].center)


def test_new_set_from_selected_rack_tiles(app):
    sess = position(["R3 R4 R5 R6 R7 R8"], "K7 K5 K6 B1")
    play = open_play(app, sess)
    assert find(play.plugin, HandLimitMeter) is None  # Standard has no hand limit
    for t in tiles("K7 K5 K6"):
        click(app, tile_center(play, t))
    assert controls(play).enabled("new")
    press(app, play, "new")
    assert row_of(sess, "K5") == "K5 K6 K7"  # arranged by the rules core, in a place of its own
    assert row_of(sess, "R3") == "R3 R4 R5 R6 R7 R8"
    assert play.selection == [] and not sess.problems()
    key(app, pygame.K_z)  # one undo step takes it all back
    assert not sess.draft_changed and all(t in sess.rack.slots for t in tiles("K5 K6 K7"))
    # the keyboard shortcut does the same
    for t in tiles("K5 K6 K7"):
        click(app, tile_center(play, t))
    key(app, pygame.K_n)
    assert row_of(sess, "K6") == "K5 K6 K7"
    key(app, pygame.K_SPACE)
    assert not sess.my_turn and "K5 K6 K7" in sess.state.board.render()


def test_enter_on_a_table_tile_puts_the_chosen_rack_tiles_into_its_set(app):
    sess = position(["R6 R7 R8", "K8 B8 O8"], "R5 R9 R8 B1")
    play = open_play(app, sess)
    for t in tiles("R9 R5"):  # chosen in any order
        click(app, tile_center(play, t))
    key(app, pygame.K_DOWN)  # the keyboard cursor shows
    play.controls.point_at(TABLE, sess.table().where()[tiles("R7")[0]])  # on the middle of the run
    key(app, pygame.K_RETURN)
    assert row_of(sess, "R6") == "R5 R6 R7 R8 R9" and play.selection == []
    assert row_of(sess, "K8") == "K8 B8 O8" and not sess.problems()
    # a group: the red 8 joins it
    click(app, tile_center(play, tiles("R8 R8")[1]))
    play.controls.point_at(TABLE, sess.table().where()[tiles("B8")[0]])
    key(app, pygame.K_RETURN)
    assert sorted(row_of(sess, "K8").split()) == sorted("K8 B8 O8 R8".split()) and not sess.problems()
    # with nothing chosen (or table tiles chosen), Enter on a table tile still picks it up
    play.controls.point_at(TABLE, sess.table().where()[tiles("R5")[0]])
    key(app, pygame.K_RETURN)
    assert play.selection == tiles("R5")
    play.controls.point_at(TABLE, sess.table().where()[tiles("R9")[0]])
    key(app, pygame.K_RETURN)
    assert sorted(play.selection) == sorted(tiles("R5 R9"))


def test_add_to_a_set_by_clicking_it(app):
    sess = position(["R3 R4 R5 R6 R7 R8", "K8 B8 O8"], "R2 R9 R8 B1")
    play = open_play(app, sess)
    click(app, tile_center(play, tiles("R9")[0]))
    click(app, tile_center(play, tiles("R5")[0]))  # any tile of the set
    assert row_of(sess, "R5") == "R3 R4 R5 R6 R7 R8 R9"
    assert row_of(sess, "K8") == "K8 B8 O8"  # pushed along, still a set of its own
    click(app, tile_center(play, tiles("R2")[0]))
    click(app, tile_center(play, tiles("R7")[0]))
    assert row_of(sess, "R5") == "R2 R3 R4 R5 R6 R7 R8 R9"  # at the front, where it is valid
    click(app, tile_center(play, tiles("R8 R8")[1]))  # the second red 8 (on the rack)
    click(app, tile_center(play, tiles("B8")[0]))
    assert row_of(sess, "B8") == "K8 R8 B8 O8"  # a group in colour order
    assert not sess.problems()
    # a tile that fits nowhere still joins the set, outlined until it is fixed
    click(app, tile_center(play, tiles("B1")[0]))
    click(app, tile_center(play, tiles("K8")[0]))
    assert "B1" in row_of(sess, "K8") and any(p.cells for p in sess.problems())
    step(app, n=3)
    assert any("outlined" in t.text for t in play.toasts)


def test_holding_area_and_no_end_with_held_tiles(app):
    sess = position(["K8 B8 O8 R8"], "R6 R7 B1")
    play = open_play(app, sess)
    r8 = tiles("R8")[0]
    click(app, tile_center(play, r8))  # nothing selected: the tile is taken
    settle(app, play)
    assert sess.held_table_tiles() == [r8] and r8 not in sess.table().tiles()
    lay = play.layout()
    tray = controls(play).tray_rect(lay, 1)
    assert tray is not None and tray.collidepoint(tile_center(play, r8))  # shown in the holding area
    assert not tray.colliderect(lay.rack)
    note = controls(play).status_note(sess.analysis())
    assert note and "red 8" in note[0] and "this turn" in note[0]
    key(app, pygame.K_SPACE)  # ending now is refused: table tiles cannot go back to the rack
    assert sess.my_turn and app.top is play and sess.held_table_tiles() == [r8]
    step(app, n=2)
    assert any("must be used this turn" in t.text for t in play.toasts)
    # use it: select it in the holding area with two rack tiles, then New set
    for t in [r8] + tiles("R6 R7"):
        click(app, tile_center(play, t))
    press(app, play, "new")
    assert sess.held_table_tiles() == [] and row_of(sess, "R6") == "R6 R7 R8"
    assert controls(play).tray_rect(play.layout(), len(controls(play).held())) is None
    key(app, pygame.K_SPACE)
    assert not sess.my_turn
    assert {row for row in sess.state.board.render().split(" | ")} == {"K8 B8 O8", "R6 R7 R8"}


def test_replace_a_joker_or_add_the_tile(app):
    sess = position(["O9 J O11"], "O10 K5 K6 B1")
    play = open_play(app, sess)
    o10, joker = tiles("O10")[0], tiles("J")[0]
    cell = sess.table().where()[joker]
    # asked, then cancelled: nothing changes
    click(app, tile_center(play, o10))
    click(app, tile_center(play, joker))
    dialog = app.top
    assert isinstance(dialog, DialogScene) and "joker" in dialog.title.lower()
    assert [c[0] for c in dialog.choices][:2] == ["Replace the joker", "Add to the set"]
    key(app, pygame.K_ESCAPE)
    assert app.top is play and not sess.draft_changed and play.selection == [o10]  # still selected
    # asked, then "Add to the set": the joker stays and the set grows
    click(app, tile_center(play, joker))
    app.top.group.widgets[1].activate()
    assert sorted(format_tiles([t]) for t in sess.table().line_of(cell).tiles) == ["J", "O10", "O11", "O9"]
    assert not sess.problems()
    key(app, pygame.K_r)  # reset the turn
    settle(app, play)
    # asked, then "Replace the joker": the O10 takes its place and the joker is held
    click(app, tile_center(play, o10))
    click(app, tile_center(play, joker))
    app.top.group.widgets[0].activate()
    settle(app, play)
    assert sess.table().get(cell) == o10 and sess.held_table_tiles() == [joker]
    assert row_of(sess, "O9") == "O9 O10 O11"
    # the freed joker is used this turn in a new set
    for t in [joker] + tiles("K5 K6"):
        click(app, tile_center(play, t))
    press(app, play, "new")
    assert not sess.held_table_tiles() and not sess.problems()
    key(app, pygame.K_SPACE)
    assert not sess.my_turn and set(sess.state.board.render().split(" | ")) == {"O9 O10 O11", "K5 K6 J"}


def test_a_tile_dragged_onto_a_joker_asks_as_a_click_does(app):
    """Dropped on a joker it can stand in for, the tile is never joined into the set unasked (the
    joker would move to the set's end, back into the set it came from): the same question."""
    sess = position(["O9 J O11"], "O10 K5 K6 B1")
    play = open_play(app, sess)
    o10, joker = tiles("O10")[0], tiles("J")[0]
    cell = sess.table().where()[joker]
    drag(app, tile_center(play, o10), tile_center(play, joker))
    dialog = app.top
    assert isinstance(dialog, DialogScene) and [c[0] for c in dialog.choices][:2] == ["Replace the joker", "Add to the set"]
    assert not sess.draft_changed  # nothing moved while asking
    dialog.group.widgets[0].activate()
    settle(app, play)
    assert sess.table().get(cell) == o10 and sess.held_table_tiles() == [joker]
    assert row_of(sess, "O9") == "O9 O10 O11"


@pytest.mark.parametrize("variant", ["classic", "rummibug"])
def test_split_waits_for_the_initial_meld_where_the_table_stays_untouched(app, variant):
    sess = position(["K1 K2 K3 K4 K5 K6"], "O10 K9 B1", variant=variant, melded=False)
    play = open_play(app, sess)
    assert not controls(play).enabled("split")
    press(app, play, "split")
    assert not controls(play).split_mode and not sess.draft_changed
    assert any("initial meld" in t.text for t in play.toasts)
    sess.state.players[0].melded = True  # after the meld: the table is open
    assert controls(play).enabled("split")


def test_split_is_open_before_the_meld_in_the_golden_games(app):
    sess = position(["K1 K2 K3 K4 K5 K6"], "O10 K9 B1", variant="golden-games", melded=False)
    play = open_play(app, sess)
    assert controls(play).enabled("split")


def test_split_a_run_with_the_split_tool(app):
    """The sheet's example: 2-3-4-5-6-7 and a blue 4 make 2-3-4 and 4-5-6-7."""
    sess = position(["B2 B3 B4 B5 B6 B7", "K1 R1 O1"], "B4 K9")
    play = open_play(app, sess)
    b4_table = sess.table().get(sess.table().where()[tiles("B4")[0]])
    b5 = tiles("B5")[0]
    press(app, play, "split")
    assert controls(play).split_mode
    a, b = tile_center(play, b4_table), tile_center(play, b5)
    between = ((a[0] + b[0]) / 2, a[1])
    step(app, [motion(between)])
    click(app, between)
    assert not controls(play).split_mode
    assert row_of(sess, "B2") == "B2 B3 B4" and row_of(sess, "B5") == "B5 B6 B7"
    assert row_of(sess, "K1") == "K1 R1 O1"
    rack_b4 = next(t for t in tiles("B4 B4") if t in sess.rack.slots)
    click(app, tile_center(play, rack_b4))
    click(app, tile_center(play, b5))
    assert row_of(sess, "B5") == "B4 B5 B6 B7" and not sess.problems()
    key(app, pygame.K_SPACE)
    assert not sess.my_turn and set(sess.state.board.render().split(" | ")) == {"B2 B3 B4", "B4 B5 B6 B7", "K1 R1 O1"}


def test_split_needs_a_cut_inside_a_set_and_esc_cancels(app):
    sess = position(["R3 R4 R5"], "K9")
    play = open_play(app, sess)
    key(app, pygame.K_c)
    assert controls(play).split_mode
    x, y = tile_center(play, tiles("R3")[0])
    click(app, (x - play.layout().grid.tile_w * 0.4, y))  # left of the first tile: no cut there
    assert not sess.draft_changed and controls(play).split_mode
    key(app, pygame.K_ESCAPE)
    assert not controls(play).split_mode and app.top is play  # Esc left the tool, not the game


def test_plans_keep_sets_valid_and_apart():
    board = Board.from_sets([tiles("R3 R4 R5 R6 R7 R8"), tiles("K8 B8 O8")])
    line = board.lines()[0]
    plan, ok = plan_add(board, line, tiles("R2 R9"), 28)
    after = Board({c: t for c, t in board.cells.items() if t not in plan})
    for t, c in plan.items():
        after.cells[c] = t
    assert ok and after.render() == "R2 R3 R4 R5 R6 R7 R8 R9 | K8 B8 O8"
    split = plan_split(board, line, 3, 28)
    cut = Board({c: t for c, t in board.cells.items() if t not in split})
    for t, c in split.items():
        cut.cells[c] = t
    assert cut.render() == "R3 R4 R5 | R6 R7 R8 | K8 B8 O8" and len(cut) == len(board)
    assert plan_split(board, line, 0, 28) is None and plan_split(board, line, 6, 28) is None


def test_a_refused_draw_explains_the_35_tile_rule(app):
    sess = human_session(variant="rummibug", opponents=("basic",), seed=5)
    st = sess.state
    st.players[0].melded = True
    while len(st.players[0].rack) < 36:
        st.players[0].rack.append(st.pool.pop())
    give(st, 0, tiles("R10 R11 R12"))
    sess = Session(st, autosave=False)
    play = open_play(app, sess)
    n = len(st.players[0].rack)
    key(app, pygame.K_SPACE)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "You must meld"
    assert "35 or more" in dialog.message and "Show me" in [c[0] for c in dialog.choices]
    key(app, pygame.K_RETURN)  # Show me
    assert app.top is play and play.hint_tiles and all(t in st.players[0].rack for t in play.hint_tiles)
    assert len(st.players[0].rack) == n and sess.my_turn


def test_rummy_q_target_on_the_setup_screen_and_in_play(app):
    from game.ui.presetfield import PresetNumber
    from game.ui.scenes.setup import SetupScene

    setup = app.push(SetupScene(app, "rummy-q"))
    step(app)
    field = next(w for w in setup.group.widgets if isinstance(w, PresetNumber))
    assert [v for v, _ in field.options][:-1] == [50, 100, 150, 200, 300] and field.value == 100
    setup.group.focus = setup.group.widgets.index(field)
    for k in (pygame.K_1, pygame.K_0):  # 10 is below the lowest allowed target
        key(app, k)
    key(app, pygame.K_RETURN)
    assert field.editing and "25 to 1000" in field.tooltip and app.top is setup
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    for k in (pygame.K_1, pygame.K_3, pygame.K_7):
        key(app, k)
    key(app, pygame.K_RETURN)  # confirms the number
    assert not field.editing and field.value == 137 and setup.options()["target"] == 137
    assert app.top is setup
    key(app, pygame.K_RETURN)  # and starts the game
    play = app.top
    assert isinstance(play, PlayScene) and play.session.state.options["target"] == 137
    assert "Target 137" in play.header_text()
    assert any("137" in line for line in play.status_lines())


def test_hand_limit_warning_lets_the_player_change_the_turn(app):
    sess = human_session(variant="rummibug-relaxed", opponents=("basic",), seed=4)
    st = sess.state
    limit = st.variant.hand_limit(st)
    while len(st.players[0].rack) < limit + 4:
        st.players[0].rack.append(st.pool.pop())
    give(st, 0, tiles("R10 R11 R12 K1 K2 K3 K4"))
    st.players[0].melded = True
    sess = Session(st, autosave=False)
    play = open_play(app, sess)
    meter = find(play.plugin, HandLimitMeter)
    assert meter.reading() == (limit + 4, limit)  # shown beside the rack, red above the limit
    for t in tiles("R10 R11 R12"):
        click(app, tile_center(play, t))
    press(app, play, "new")
    assert meter.reading() == (limit + 1, limit)
    key(app, pygame.K_SPACE)  # limit + 1 tiles would stay: the rules warn first
    dialog = app.top
    assert isinstance(dialog, DialogScene) and "hand limit" in dialog.message and "5 points" in dialog.message
    key(app, pygame.K_ESCAPE)  # keep playing: the turn is still mine, the new set still there
    assert app.top is play and sess.my_turn and row_of(sess, "R10") == "R10 R11 R12"
    for t in tiles("K1 K2 K3 K4"):
        click(app, tile_center(play, t))
    press(app, play, "new")
    score = st.players[0].score
    key(app, pygame.K_SPACE)  # now within the limit: no question
    assert app.top is play and not sess.my_turn and st.players[0].score == score


def test_rules_screen_explains_the_click_controls_where_they_apply(app):
    from game.rules.variants import REGISTRY
    from game.rules.variants.classic import Classic
    from game.ui.scenes.rules import CLICK_CONTROLS, RulesScene, controls_for

    class Crossword(Classic):
        crossword = True

    for key_ in ("rummy-q", "rummibug", "rummibug-relaxed"):
        variant = REGISTRY[key_]()
        assert CLICK_CONTROLS[0] in controls_for(variant) and variant.rules_text() and variant.readings()
    assert CLICK_CONTROLS[0] not in controls_for(Crossword())
    assert "holding area" in CLICK_CONTROLS[0][1] and "Split" in CLICK_CONTROLS[0][1]
    relaxed = REGISTRY["rummibug-relaxed"]()
    assert any(h == "Hand limit" and "5 points" in p for h, p in relaxed.rules_text())
    rules = app.push(RulesScene(app, "rummibug-relaxed"))
    step(app)
    assert rules.max_scroll() > 0  # the whole text is there to scroll through


def test_hand_limit_penalty_reaches_the_score_table_between_rounds(app):
    from game.rules import engine
    from game.ui.scenes.results import RoundResultsScene

    sess = human_session(variant="rummibug-relaxed", opponents=("basic",), seed=4)
    st = sess.state
    limit = st.variant.hand_limit(st)
    while len(st.players[0].rack) < limit:
        st.players[0].rack.append(st.pool.pop())
    sess = Session(st, autosave=False)
    play = open_play(app, sess)
    key(app, pygame.K_SPACE)  # drawing ends the turn above the limit: asked first
    assert isinstance(app.top, DialogScene) and "hand limit" in app.top.message
    click(app, app.top.group.widgets[0].rect.center)  # "End turn anyway" (Enter would keep playing)
    step(app, n=3)
    assert st.players[0].score == -5 and any("hand limit" in t.text for t in play.toasts)
    engine.finish_round(st, "pool")
    results = app.push(RoundResultsScene(app, play))
    step(app, n=3)
    points, penalties = results.round_points(st.history[-1])
    assert penalties[0] == -5 and points[0] == st.history[-1]["deltas"][0] - 5
    assert points[0] == st.players[0].score  # round 1: its points are the whole total
    assert "round" in results.footer() and "to go" in results.footer()


def test_rummy_q_running_score_table_and_target(app):
    from game.rules import engine
    from game.ui.scenes.results import RoundResultsScene

    sess = human_session(variant="rummy-q", opponents=("basic", "basic"), seed=6, options={"target": 150})
    st = sess.state
    engine.finish_round(st, "blocked")
    engine.next_round(st)
    st.current = 0
    engine.finish_round(st, "blocked")
    play = open_play(app, Session(st, autosave=False))
    results = app.push(RoundResultsScene(app, play))
    step(app, n=3)
    assert results.show_history and len(results.score_table()["rows"]) == 2
    lead = max(range(3), key=lambda i: st.players[i].score)
    foot = results.footer()
    assert "First to 150" in foot and str(st.players[lead].score) in foot and play.name_of(lead) in foot
    points, _ = results.round_points(st.history[-1])
    assert points == st.history[-1]["deltas"]


def test_joker_question_says_your_only_for_a_rack_tile(app):
    sess = position(["O9 J O11", "B10 K10 O10 R10"], "O10 K5 K6")
    play = open_play(app, sess)
    joker = tiles("J")[0]
    rack_o10 = next(t for t in sess.rack.slots if format_tiles([t]) == "O10")
    table_o10 = next(t for t in sess.table().tiles() if format_tiles([t]) == "O10")
    play.controls.select([table_o10])  # a table tile picked up with Shift-click
    click(app, tile_center(play, joker))
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    assert dialog.message.startswith("The orange 10 can take the joker's place") and "Your" not in dialog.message
    key(app, pygame.K_ESCAPE)
    play.controls.select([rack_o10])
    click(app, tile_center(play, joker))
    assert app.top.message.startswith("Your orange 10 can take the joker's place")
