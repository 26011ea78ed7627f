"""Player-facing words: colour names instead of tile codes, no developer language."""

from __future__ import annotations

import re

import pytest

from game.rules.tiles import parse_tiles, set_words
from game.play.narrate import Narrator
from game.rules.reasons import Fact, Note
from game.rules.variants import REGISTRY
from game.ui.scenes.setup import spec_choices

CODE = re.compile(r"\b[KRBO](1[0-3]|[1-9])\b")
DEVELOPER = ("plus-minus", "0 = off", "read together", "issue", "session", "helper", "draft", "two-players",
             "frozen:", "release:", "safety net")


def player_texts(key: str) -> list[str]:
    cls = REGISTRY[key]
    v = cls()
    out = [cls.title, cls.blurb, v.winner_rule(), Narrator(["You"], 0).note(v.timeout_consequence())]
    out += [h + " " + p for h, p in v.rules_text()]
    out += v.readings()
    for spec in cls.all_option_specs():
        out += [spec.label, spec.help]
        out += [label for _, label in spec_choices(spec)] if not isinstance(spec.default, bool) else []
    return out


@pytest.mark.parametrize("key", list(REGISTRY))
def test_rule_texts_speak_to_a_player(key):
    for text in player_texts(key):
        assert not CODE.search(text), text
        low = text.lower()
        for word in DEVELOPER:
            assert word not in low, (word, text)


def test_option_choices_show_labels_not_stored_values():
    scoring = next(s for s in REGISTRY["rummy-q"].all_option_specs() if s.name == "scoring")
    shown = [label for _, label in spec_choices(scoring)]
    assert shown == ["Winner's points", "Penalty points"]
    timer = next(s for s in REGISTRY["classic"].all_option_specs() if s.name == "turn_time")
    assert timer.label == "Turn timer"
    assert [label for _, label in spec_choices(timer)][:3] == ["Off", "30 s", "1:00"]


@pytest.mark.parametrize("text,words", [
    ("R4 R5 R6 R7", "red 4-7"),
    ("R4 J R6", "red 4, joker, 6"),
    ("K9 R9 B9", "black, red and blue 9"),
    ("K9 R9 J", "black and red 9 and a joker"),
    ("R5 B7 K1", "red 5, blue 7, black 1"),
    ("O12 O13 O1", "orange 12, 13, 1"),
])
def test_sets_in_words(text, words):
    assert set_words(parse_tiles(text)) == words


def test_statistics_captions_are_distinct_words():
    from game.ui.scenes.statistics import cards_for

    class VS:
        games = wins = losses = 0
        win_rate = best_score = average_score = fastest_win_turns = fastest_win_seconds = None
        current_streak = best_streak = 0

    captions = [c for c, _, _ in cards_for(VS(), False)]
    assert "Fastest win" not in captions and "Quickest win" not in captions
    assert len(set(captions)) == len(captions)


def test_results_footer_gives_each_rule_sets_own_winning_rule():
    from game.play.narrate import Narrator
    from game.rules import engine

    footers = {}
    for key in REGISTRY:
        n = max(3, REGISTRY[key].min_players)
        st = engine.new_game(key, [("You", "human")] + [(f"P{i}", "basic") for i in range(1, n)], seed=2)
        engine.finish_round(st, "blocked")
        footers[key] = Narrator([p.name for p in st.players], you=0).standing(st.variant.standing(st))
    assert "most rounds won" in footers["classic"] and "highest total" not in footers["classic"]
    assert "won" in footers["classic"].split("·")[-1]
    assert "lowest total after 3 games" in footers["golden-games"]
    assert "highest total after 3 rounds" in footers["rummibug"]
    assert "First to 100" in footers["rummy-q"]
    assert "Exactly 200" in footers["rummi200kub"]
    assert all(f for f in footers.values())


# -- what happened, in words (game.play.narrate) ---------------------------------------------------


def _penalty(**kw):
    from game.rules import events

    base = dict(seat=0, tiles=(1, 2, 3), penalty=3, returned=(40, 41), problems=("red 5, 6: too short",),
                reason=events.PenaltyReason.INCOMPLETE_SETS)
    return events.Penalised(**{**base, **kw})


def test_a_penalty_is_told_to_the_player_and_about_them_to_the_others():
    from game.play.narrate import Narrator

    ann = Narrator(["Ann", "Bob"], you=0)
    bob = Narrator(["Ann", "Bob"], you=1)
    ev = _penalty()
    assert ann.penalty(ev) == ("Incomplete sets were left on the table. The table is put back as it was, the 2 tiles "
                               "you played go back to your rack, and you draw 3 penalty tiles.")
    assert bob.penalty(ev) == ("Ann: incomplete sets were left on the table. The table is put back as it was and "
                               "2 tiles go back to Ann's rack, and Ann draws 3 penalty tiles.")


def test_a_penalty_from_a_short_pool_or_an_empty_one_says_so():
    from game.play.narrate import Narrator
    from game.rules import events

    you = Narrator(["Ann", "Bob"], you=0)
    short = _penalty(tiles=(1, 2), returned=(40,), reason=events.PenaltyReason.TIME_RAN_OUT)
    assert you.penalty(short) == ("Time ran out with incomplete sets on the table. The table is put back as it was, "
                                  "the 1 tile you played goes back to your rack, and you draw the last 2 tiles of "
                                  "the pool as a penalty.")
    empty = _penalty(tiles=(), returned=(), reason=events.PenaltyReason.NO_LEGAL_MOVE)
    assert Narrator(["Ann", "Bob"]).penalty(empty) == (
        "Ann: no legal move. The table is put back as it was, and the pool is empty, so there are no penalty "
        "tiles to draw.")


def test_events_are_told_in_the_second_person_to_the_player_and_by_name_otherwise():
    from game.play.narrate import Narrator
    from game.rules import events

    n = Narrator(["Ann", "Bob"], you=0)
    assert n.tell(events.Passed(0)) == "You pass: the pool is empty."
    assert n.tell(events.Passed(1)) == "Bob passes: the pool is empty."
    assert n.tell(events.Drew(1, 5)) == "Bob draws a tile."
    assert n.tell(events.Drew(0, 0)).startswith("You draw the ")
    assert n.tell(events.Played(1, (0, 2, 4), True, 33)).endswith("(initial meld, 33 points).")
    assert n.tell(events.RoundStarted(2, 0)) == "Round 2 is dealt: You start."
    assert n.tell(events.RoundEnded(1, "out", 1, (0, -5), ("", "R5"), (0, 5), (5, -5))) == "Round 1 is over: Bob goes out."
    r123 = ((0, 0), (0, 1), (0, 2)), (0, 2, 4)
    assert n.tell(events.Hijacked(0, "h:0,0", *r123, 6, 6, 1)) == "You hijack black 1-3 from Bob — 6 points move to you."
    assert n.claim(events.Locked(1, "h:0,0", *r123, 6, 12, 0, True)) == (
        "Bob locks black 1-3 (from you) — 12 points move to Bob; no more claims on it")
    assert n.claim(events.Claimed(1, "h:0,0", *r123, 6, 6)) == "Bob claims black 1-3 — 6 points"
    assert n.tell(events.ClaimReleased(1, ((0, 0),), 12)) == (
        "The play changed a claimed set: its tokens go back and Bob loses 12 points.")
    assert n.tell(events.HandLimitPenalised(1, -5, 31, 30)) == (
        "Bob ended the turn with 31 tiles, above the hand limit of 30: 5 points deducted")
    assert n.time_up(events.TimedOut(0, stood=True), Note(Fact.TIME_UP_DRAW)) == "Time is up: your finished play stands."
    assert n.time_up(events.TimedOut(1), Note(Fact.TIME_UP_SECONDS_DRAW, (90,))) == (
        "Bob: 90 seconds are up: your tiles go back where they were and you draw a tile.")


def test_the_rules_report_codes_and_the_narrator_has_words_for_every_one():
    from game.play.narrate import REASONS
    from game.rules.events import PenaltyReason

    assert set(REASONS) == set(PenaltyReason)
    assert all(not CODE.search(text) for text in REASONS.values())


def test_the_standing_names_the_leader_in_the_second_person_only_for_the_player():
    from game.play.narrate import Narrator
    from game.rules.variants.base import Standing, StandingRule

    st = Standing(StandingRule.FIRST_TO, 1, 60, target=100)
    assert Narrator(["Ann", "Bob"], you=1).standing(st).endswith("· You lead with 60 (40 to go)")
    assert Narrator(["Ann", "Bob"], you=0).standing(st).endswith("· Bob leads with 60 (40 to go)")
    won = Standing(StandingRule.MOST_ROUNDS_WON, 0, 1, rounds=3, left=1)
    assert Narrator(["Ann", "Bob"], you=0).standing(won) == (
        "1 round to go · most rounds won takes the match (ties: higher total) · You have won 1")
    assert Narrator(["Ann", "Bob"]).standing(won).endswith("Ann has won 1")
    assert Narrator(["Ann", "Bob"]).standing(None) == ""


def test_the_rules_hold_no_grammar_keyed_on_the_name_you():
    """Second person is the narrator's choice (by seat), never a comparison with a name."""
    import ast

    import codewalk

    hits = [codewalk.where(p, node) for p in codewalk.files("rules") for node in ast.walk(codewalk.tree(p))
            if isinstance(node, ast.Compare)
            and any(isinstance(c, ast.Constant) and c.value == "You" for c in [node.left, *node.comparators])]
    assert hits == []
