"""Player-facing words: colour names instead of tile codes, no developer language."""

from __future__ import annotations

import re

import pytest

from game.rules.tiles import parse_tiles, set_words
from game.rules.variants import REGISTRY
from game.ui.scenes.setup import spec_choices

CODE = re.compile(r"\b[KRBO](1[0-3]|[1-9])\b")
DEVELOPER = ("plus-minus", "0 = off", "read together", "issue", "session", "helper", "draft", "two-players",
             "frozen:", "release:", "safety net")


def player_texts(key: str) -> list[str]:
    cls = REGISTRY[key]
    v = cls()
    out = [cls.title, cls.blurb, v.winner_rule(), v.timeout_consequence()]
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
    from game.rules import engine

    footers = {}
    for key in REGISTRY:
        n = max(3, REGISTRY[key].min_players)
        st = engine.new_game(key, [("You", "human")] + [(f"P{i}", "basic") for i in range(1, n)], seed=2)
        engine.finish_round(st, "blocked")
        footers[key] = st.variant.results_footer(st, ["You"] + [f"P{i}" for i in range(1, n)])
    assert "most rounds won" in footers["classic"] and "highest total" not in footers["classic"]
    assert "won" in footers["classic"].split("·")[-1]
    assert "lowest total after 3 games" in footers["golden-games"]
    assert "highest total after 3 rounds" in footers["rummibug"]
    assert "First to 100" in footers["rummy-q"]
    assert "Exactly 200" in footers["rummi200kub"]
    assert all(f for f in footers.values())
