"""The referee's reasons in words (``game.play.reasons``): every code is said, in full
sentences with the tiles named, and a few sentences exactly as players have always read them."""

from __future__ import annotations

import re

import pytest

from game.play import reasons
from game.rules import engine
from game.rules.board import Board
from game.rules.reasons import Fact, Note, Reason, SetFault
from game.rules.tiles import parse_tiles
from game.rules.turn import Problem
from helpers import rig

NOTATION = re.compile(r"\b[KRBO]\d{1,2}\b")


def _ids(text: str) -> tuple[int, ...]:
    return tuple(int(t) for t in parse_tiles(text))


def _full(code: Reason) -> Problem:
    """A problem of ``code`` with every field filled, as the referee fills them."""
    return Problem(code, ((0, 0), (0, 1)), _ids("R5 B5 O5"), (3, 2, 200), SetFault.RUN_ONE_COLOUR, "h:0,0")


@pytest.mark.parametrize("code", list(Reason))
def test_every_reason_is_said_in_words(code):
    for problem in (_full(code), Problem(code)):
        text = reasons.say(problem)
        assert text.strip() and "{" not in text and "None" not in text, (code, text)
        assert code.value not in text and not NOTATION.search(text), (code, text)


def test_every_reason_has_its_words_and_no_words_are_left_over():
    assert set(reasons.WORDS) == set(Reason)


def test_some_reasons_exactly_as_players_read_them():
    assert reasons.say(Problem(Reason.NOT_YOURS, tiles=_ids("R5 K13"))) == "those tiles are not yours to play (red 5, black 13)"
    assert reasons.say(Problem(Reason.MELD_TOO_FEW_POINTS, numbers=(30, 24))) == (
        "the initial meld needs at least 30 points from your rack (you have 24)")
    assert reasons.say(Problem(Reason.JOKER_NOT_REPLACED, tiles=_ids("R8 O8"))) == (
        "a joker taken from the table must be replaced by orange 8 or red 8 from your rack")
    assert reasons.say(Problem(Reason.FREED_JOKER_FEW_RACK, numbers=(1,))) == (
        "a freed joker must be played this turn in a set with at least one tile from your rack")
    assert reasons.say(Problem(Reason.FREED_JOKER_FEW_RACK, numbers=(2,))) == (
        "a freed joker must be played this turn in a set with 2 or more tiles from your rack")
    assert reasons.say(Problem(Reason.CLAIM_PAST_TARGET, numbers=(24, 190, 200))) == (
        "that set is worth 24: claiming it would take you from 190 past 200")
    assert reasons.say(Problem(Reason.TILE_TWICE)) == "a tile is on the table twice"
    assert reasons.sentence(Problem(Reason.NOT_YOUR_TURN)) == "It is not your turn."
    both = [Problem(Reason.NOTHING_PLAYED), Problem(Reason.NOT_CONNECTED)]
    assert reasons.say_all(both) == ("play at least one tile from your rack (or draw instead); "
                                     "all tiles on the board must form one connected group")


def test_a_refused_play_is_said_from_the_referees_codes():
    state = rig("classic", ["R5 R6 K11", "O13"])
    result = engine.play(state, Board.from_sets([list(_ids("R5 R6"))]))
    assert not result.ok
    assert reasons.say_all(result.problems) == "red 5, red 6: a set needs at least 3 tiles"


def test_the_end_turn_preview_in_words():
    state = rig("golden-games", ["R5 R6 K11", "O13", "O12"])
    pv = engine.preview_end_turn(state, Board.from_sets([list(_ids("R5 R6"))]))
    assert pv.outcome == "penalty" and reasons.preview_words(pv) == (
        "Incomplete sets are left on the table. If you end your turn now, the table is put back, "
        "your tiles return to your rack and you draw 3 penalty tiles.")
    assert reasons.preview_words(engine.preview_end_turn(state, state.board)) == "Nothing was played: you draw a tile."
    limit = Problem(Reason.OVER_HAND_LIMIT, numbers=(31, 30, 5))
    drew = engine.EndTurnPreview("draw", (), True, (limit,))
    assert reasons.preview_words(drew) == (
        "Nothing was played: you draw a tile. Ending your turn with 31 tiles is above the hand limit of 30: "
        "5 points will be deducted from your score.")
    assert reasons.preview_words(engine.EndTurnPreview("refused", (Problem(Reason.ROUND_OVER),))) == "The round is over."


# -- the line between the rules and the words (architecture) --------------------------------------


def test_a_problem_is_a_code_with_data_and_no_sentence():
    import dataclasses

    names = [f.name for f in dataclasses.fields(Problem)]
    assert names[0] == "code" and "message" not in names
    assert "__str__" not in vars(Problem)  # no sentence hides behind str() either


def test_no_problem_is_built_from_words_anywhere_in_the_game():
    import ast

    import codewalk

    wrong = []
    for path in codewalk.files():
        for name, call in codewalk.calls(codewalk.tree(path)):
            if name.split(".")[-1] not in ("Problem", "ClaimCheck"):
                continue
            args = list(call.args) + [k.value for k in call.keywords if k.arg in ("code", "problems")]
            for arg in args[:1]:
                texts = [n for n in ast.walk(arg) if isinstance(n, ast.JoinedStr)
                         or (isinstance(n, ast.Constant) and isinstance(n.value, str))]
                if texts:
                    wrong.append(codewalk.where(path, call))
    assert wrong == []


@pytest.mark.parametrize("fact", list(Fact))
def test_every_fact_a_rule_set_notes_is_told(fact):
    from game.play.narrate import Narrator

    for note in (Note(fact), Note(fact, (30, 2, 5), 1)):
        text = Narrator(["Ann", "Bob"], 0).note(note)
        assert text.strip() and "{" not in text and "None" not in text and fact.value not in text, (fact, text)


def test_facts_in_words_name_the_player_you_and_the_others_by_name():
    from game.play.narrate import Narrator

    lead = Note(Fact.ROUND_LEADER, (3, 120), 1)
    assert Narrator(["Ann", "Bob"], 0).note(lead) == "Round 3; leader: Bob with 120"
    assert Narrator(["Ann", "Bob"], 1).note(lead) == "Round 3; leader: You with 120"
    n = Narrator(["Ann", "Bob"], 0)
    assert n.note(Note(Fact.HAND_LIMIT, (30, 1))) == "Hand limit: 30 tiles; 29 after 1 more round of turns"
    assert n.note(Note(Fact.HAND_LIMIT, (20,))) == "Hand limit: 20 tiles (its lowest)"
    assert n.note(Note(Fact.EXACT_TARGET, (200, 150))) == "Target: exactly 200 - you hold 150 (50 to go)"
    assert n.note(Note(Fact.TIME_UP_SECONDS_DRAW, (200,))) == (
        "200 seconds are up: your tiles go back where they were and you draw a tile.")


def test_every_rule_set_notes_facts_and_its_clock_as_codes():
    from game.rules.variants import REGISTRY

    for key in REGISTRY:
        state = engine.new_game(key, ["Ann", "Bob", "Cy"], seed=3)
        assert all(isinstance(n, Note) for n in state.variant.status_lines(state, 0)), key
        assert isinstance(state.variant.timeout_consequence(), Note), key


def test_every_tie_break_is_told():
    from game.play.narrate import TIE_BREAKS
    from game.rules.reasons import TieBreak

    assert set(TIE_BREAKS) == set(TieBreak) and all(TIE_BREAKS.values())


@pytest.mark.parametrize("fault", list(SetFault))
def test_every_set_fault_is_said(fault):
    text = reasons.fault_words(fault, _ids("R5 R5 J"))
    assert text.strip() and "{" not in text and "_" not in text and "None" not in text


def test_set_faults_exactly_as_players_read_them():
    problems = engine.check_play(rig("classic", ["R5 B5 K11", "O13"]), Board.from_sets([list(_ids("R5 B5"))])).problems
    assert reasons.say_all(problems) == "red 5, blue 5: a set needs at least 3 tiles"
    assert reasons.fault_words(SetFault.GROUP_COLOUR_TWICE, _ids("R5 B5 R5")) == (
        "a group cannot repeat a colour (two red tiles)")
    assert reasons.fault_words(SetFault.RUN_WRAPS) == "a run cannot wrap from 13 to 1"
