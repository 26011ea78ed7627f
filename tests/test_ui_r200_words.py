"""Rummi200kub's words on screen (``game.ui.r200.words``): plain functions of the game's data,
asked here without a screen, on the rigged busy board of ``r200rig``."""

from __future__ import annotations

from game.rules import engine
from game.ui import theme
from game.ui.r200 import words
from r200rig import NAMES, group_cells, rigged_state


def name_of(seat: int) -> str:
    return NAMES[seat]


def claimed(state, cells) -> dict:
    view = state.variant.claims_view(state)
    return next(s for s in view["sets"] if s["cells"] == cells)


def test_the_status_line_offers_a_claim_only_on_an_untouched_turn():
    assert words.status_note(False, 3, True) == ("Or claim a set instead (C): 3 can be claimed now", theme.ACCENT)
    assert words.status_note(False, 3, False) is None  # tiles moved: no offer
    assert words.status_note(False, 0, True) is None
    assert words.status_note(True, 2, False)[1] == theme.ACCENT
    assert words.status_note(True, 0, True) == ("No set can be claimed now: click a set to see why  ·  Esc: back", theme.WARN)


def test_a_claimed_sets_story_names_its_holder_the_hijacked_and_the_lock():
    st = rigged_state()
    elevens = words.claimed_story(claimed(st, group_cells(11)), name_of, 0)
    assert elevens == ["Lena holds red, blue, orange and black 11: 44 points (hijacked from You)", "the next claim locks it"]
    sevens = words.claimed_story(claimed(st, group_cells(7)), name_of, 0)
    assert sevens[-1] == "locked by Lena: no more claims" and "hijacked" not in sevens[0]
    eights = words.claimed_story(claimed(st, group_cells(8)), name_of, 0)
    assert eights == ["You hold black, red and orange 8: 24 points"]
    assert words.hover_text(eights, "it is yours already") == eights[0] + "  ·  cannot be claimed: it is yours already"
    assert words.hover_text([], None) == ""


def test_a_claim_option_is_spelt_out_with_what_the_player_would_hold():
    st = rigged_state()
    eights = claimed(st, group_cells(8))
    option = {"kind": "hijack", "points": 24, "from": 0, "cells": eights["cells"], "vertical": True}
    text = words.option_text(option, eights["tiles"], 176, 200, name_of)
    assert text.startswith("Hijack black, red and orange 8 from You: +24, exactly 200: you win!")
    lock = dict(option, kind="lock", points=7, **{"from": 1})
    assert "Lock black, red and orange 8 (the third claim, taking it from Mia): +7, you would hold 31 of 200" in \
        words.option_text(lock, eights["tiles"], 24, 200, name_of)
    assert words.option_text(dict(option, kind="claim", **{"from": None}), eights["tiles"], 24, 200, name_of).startswith(
        "Claim black, red and orange 8: +24, you would hold 48 of 200")


def test_the_end_says_who_is_closest_and_how_far_each_ended():
    st = rigged_state()
    st.pool = []
    engine.finish_round(st, "blocked")
    title, sub, colour = words.end_banner(st, "blocked", 1, 200, name_of, 0)
    assert title == "Game over" and sub == "The pool is empty and nobody can play. Closest to 200: Mia with 176 (24 away)."
    assert colour == theme.ACCENT  # not the player's win
    assert words.end_banner(st, "blocked", None, 200, name_of, 0) is None
    assert words.results_title(st, [1, 2, 3, 0], 200, name_of, 0) == "Mia wins: closest to 200"
    assert words.results_title(st, [], 200, name_of, 0) is None
    assert words.results_row(st, 1, 200) == "24 short of 200"
    st.players[2].score = 224  # as far over as Mia is short: the rack breaks the tie
    assert words.results_row(st, 2, 200).startswith("24 over 200  ·  rack ")
    assert words.results_note(st, 200, lambda ev: "").startswith("A tie on the distance")


def test_exactly_200_wins_at_once_in_words():
    st = rigged_state()
    st.players[0].score = 200
    assert words.end_banner(st, "exact-200", 0, 200, name_of, 0) == (
        "Exactly 200!", "You hold exactly 200 points and win at once.", theme.GOLD)
    st.round_end_reason = "exact-200"
    assert words.results_title(st, [0], 200, name_of, 0) == "You hit exactly 200!"
    assert words.results_row(st, 0, 200) == "exactly 200!"
    assert words.results_note(st, 200, lambda ev: f"claim by seat {ev.seat}") == "The winning claim: claim by seat 3"
    assert words.end_cause(st, "out", name_of, 0) == "A rack is empty."  # every rack still holds tiles
    st.players[2].rack = []
    assert words.end_cause(st, "out", name_of, 0) == "Otto has no tiles left."
    st.players[0].rack = []
    assert words.end_cause(st, "out", name_of, 0) == "You have no tiles left."
    assert words.end_cause(st, "resigned", name_of, 0) == "The game is over."


def test_the_player_is_told_by_seat_not_by_the_name_you():
    st = rigged_state()
    st.players[0].score = 200
    st.round_end_reason = "exact-200"
    named = {0: "Ada", 1: "You", 2: "Otto", 3: "Lena"}.__getitem__  # the player chose a name; seat 1 is called "You"
    assert words.end_banner(st, "exact-200", 0, 200, named, 0)[1] == "You hold exactly 200 points and win at once."
    assert words.end_banner(st, "exact-200", 1, 200, named, 0)[1] == "You holds exactly 200 points and wins at once."
    assert words.results_title(st, [1, 0], 200, named, 0) == "You hits exactly 200"
    st.round_end_reason = "blocked"
    assert words.results_title(st, [1, 0], 200, named, 0) == "You wins: closest to 200"  # seat 1, by its name
    assert words.results_title(st, [0, 1], 200, named, 0) == "You win: closest to 200"  # the player's seat
    st.players[1].rack = []
    assert words.end_cause(st, "out", named, 0) == "You has no tiles left."
    eights = words.claimed_story(claimed(st, group_cells(8)), named, 0)
    assert eights == ["You hold black, red and orange 8: 24 points"]
    assert words.claimed_story(claimed(st, group_cells(8)), named, 1) == ["Ada holds black, red and orange 8: 24 points"]
