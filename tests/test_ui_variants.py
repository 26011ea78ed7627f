"""The play screen follows what a rule set asks for: penalties, warnings, status lines, a crossword board."""

from __future__ import annotations

import pygame
import pytest

from game.rules.reasons import Fact, Note, Reason
from game.rules.turn import Problem
from game.rules.variants import base
from game.rules.variants.classic import Classic
from game.play.session import TABLE, Session
from game.ui.scenes.common import DialogScene
from game.ui.scenes.play import PlayScene
from uidrive import cell_center, click, drag, key, open_play, settle, step, tile_center
from uihelp import human_session, tiles

pytestmark = pytest.mark.app(speed=1.0)


class PenaltyRules(Classic):
    key = "penalty-test"
    title = "Penalty test"
    failed_play_penalty = 3

    def status_lines(self, state, seat):
        return [Note(Fact.DRAW_PILE, (len(state.pool),)), Note(Fact.TARGET_FIRST_TO, (200,))]


class WarningRules(Classic):
    key = "warning-test"
    title = "Warning test"

    def end_turn_warnings(self, state, seat, rack_after):
        return [Problem(Reason.OVER_HAND_LIMIT, numbers=(31, 30, 5))]


class CrosswordRules(Classic):
    key = "crossword-test"
    title = "Crossword test"
    crossword = True


@pytest.fixture(autouse=True)
def _test_rule_sets(monkeypatch):
    """The rule sets above, registered before the app fixture builds the App."""
    for cls in (PenaltyRules, WarningRules, CrosswordRules):
        monkeypatch.setitem(base.REGISTRY, cls.key, cls)


def test_a_penalised_end_asks_first_then_applies_the_penalty(app):
    sess = human_session("R10 K4", variant="penalty-test")
    play = open_play(app, sess)
    assert sess.status_lines() == [f"Draw pile: {len(sess.state.pool)} tiles; the round ends when it runs out (fewest tiles wins)",
                                   "Target: 200 points; the first to reach it ends the game"]
    n = len(sess.state.players[0].rack)
    drag(app, tile_center(play, tiles("R10")[0]), cell_center(play, TABLE, (1, 1)))
    key(app, pygame.K_SPACE)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and "not valid" in dialog.title and "3 penalty tiles" in dialog.message
    assert sess.would_penalise()
    key(app, pygame.K_ESCAPE)  # keep playing
    assert app.top is play and sess.my_turn and sess.table().get((1, 1)) is not None
    key(app, pygame.K_SPACE)
    assert app.top.group.focused.label == "Keep playing"  # the safe choice has the focus
    key(app, pygame.K_RETURN)  # Enter keeps playing: it never costs the penalty
    assert app.top is play and sess.my_turn and sess.table().get((1, 1)) is not None
    key(app, pygame.K_SPACE)
    click(app, app.top.group.widgets[0].rect.center)  # "End turn anyway"
    assert app.top is play and not sess.my_turn
    assert len(sess.state.board) == 0 and len(sess.state.players[0].rack) == n + 3
    step(app)
    assert play.banner is not None and play.banner[0] == "Penalty" and "back" in play.banner[1]


def test_the_warning_can_be_turned_off(app):
    app.settings["warn_invalid_end"] = False
    sess = human_session("R10", variant="penalty-test")
    play = open_play(app, sess)
    n = len(sess.state.players[0].rack)
    drag(app, tile_center(play, tiles("R10")[0]), cell_center(play, TABLE, (0, 0)))
    key(app, pygame.K_SPACE)
    assert app.top is play and len(sess.state.players[0].rack) == n + 3


def test_rule_set_warnings_before_the_turn_ends(app):
    sess = human_session("R10 R11 R12", variant="warning-test")
    play = open_play(app, sess)
    for t in tiles("R10 R11 R12"):
        click(app, tile_center(play, t))
    click(app, cell_center(play, TABLE, (0, 0)))
    key(app, pygame.K_SPACE)
    assert isinstance(app.top, DialogScene) and "hand limit" in app.top.message
    key(app, pygame.K_RETURN)  # Enter keeps playing
    assert app.top is play and sess.my_turn
    key(app, pygame.K_SPACE)
    click(app, app.top.group.widgets[0].rect.center)  # "End turn anyway"
    assert sess.state.players[0].melded and not sess.my_turn


def test_crossword_board_grows_in_every_direction(app):
    sess = human_session("R10 R11 R12", variant="crossword-test")
    play = open_play(app, sess)
    g = play.layout().grid
    assert g.row0 < 0 and g.col0 < 0
    cell = (g.row0 + 1, g.col0 + 1)
    drag(app, tile_center(play, tiles("R10")[0]), cell_center(play, TABLE, cell))
    assert sess.table().get(cell) == tiles("R10")[0]
    settle(app, play)
    g2 = play.layout().grid
    assert g2.row0 <= cell[0] - 2 and g2.col0 <= cell[1] - 2  # room around the new tile
    assert play.sprites[tiles("R10")[0]].pos == g2.cell_pos(cell)


def test_real_rule_sets_reach_the_screen(app):
    """Rummy Q's target is chosen on the set-up screen; Relaxed Rummibug warns before a turn ends above its hand limit."""
    from game.rules.tiles import format_tiles
    from game.ui.scenes.setup import SetupScene

    setup = app.push(SetupScene(app, "rummy-q"))
    step(app)
    target = next(w for w in setup.group.widgets if getattr(w, "label", "") == "Points that end the game")
    values = [v for v, _ in target.options]
    assert 100 in values and len(values) > 5
    setup.group.focus = setup.group.widgets.index(target)
    key(app, pygame.K_RIGHT)
    chosen = target.value
    key(app, pygame.K_RETURN)
    play = app.top
    assert isinstance(play, PlayScene) and play.session.state.options["target"] == chosen
    assert any(str(chosen) in line for line in play.status_lines())
    app.pop()

    sess = human_session(variant="rummibug-relaxed", opponents=("basic",))
    st = sess.state
    limit = st.variant.hand_limit(st)
    for t in st.pool[: limit - len(st.players[0].rack)]:
        st.pool.remove(t)
        st.players[0].rack.append(t)
    assert not st.conservation_problems()
    sess = Session(st, autosave=False)
    assert len(st.players[0].rack) == limit
    play = open_play(app, sess)
    assert any("Hand limit" in line for line in play.status_lines())
    key(app, pygame.K_SPACE)  # drawing would end the turn above the limit
    assert isinstance(app.top, DialogScene) and "hand limit" in app.top.message, format_tiles(st.players[0].rack)
    key(app, pygame.K_ESCAPE)
    assert sess.my_turn
