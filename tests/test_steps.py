"""A turn told in steps: positions laid out as a computer player lays them, and real computer turns."""

from __future__ import annotations

import re

import pytest

from game.ai import make_player
from game.ai.layout import layout
from game.play.computer import computer_turn
from game.play.steps import positions, set_words, tile_list, turn_steps
from game.rules import engine
from game.rules import events
from game.rules.tiles import notation, parse_tiles
from uihelp import give, human_session, lay_table

CODES = re.compile(r"\b[KRBO]\d{1,2}\b|\bJ\b")


def position(table, rack, after_sets):
    """A game where seat 0 (melded) holds ``rack`` with ``table`` laid, and the table after
    a play of ``after_sets`` laid out as the computer players lay out their plays."""
    s = human_session("", melded=True)
    lay_table(s.state, table)
    give(s.state, 0, parse_tiles(rack, used=s.state.board.tiles()))
    before = s.state.board.copy()
    pool = list(before.tiles()) + list(s.state.players[0].rack)
    taken: set[int] = set()
    sets = []
    for text in after_sets:
        row = []
        for tok in text.split():
            t = next(x for x in pool if notation(x) == tok and x not in taken)
            taken.add(t)
            row.append(t)
        sets.append(row)
    after = layout(before, sets)
    assert engine.check_play(s.state, after).ok  # a legal play
    return before, after


def check_story(before, after, steps) -> None:
    """Every tile that came or moved is in exactly one step, and the steps end on the table after."""
    moved = [t for t, c in after.where().items() if before.where().get(t) != c]
    told = [t for st in steps for t in st.tiles]
    assert len(told) == len(set(told))
    assert set(moved) <= set(told)
    assert positions(before, after, steps, len(steps)) == after.where()
    for st in steps:
        assert not CODES.search(st.caption), st.caption
        assert set(st.from_rack) <= set(st.tiles) and not set(st.from_rack) & before.tile_set()


def test_a_split_with_a_tile_from_the_rack():
    before, after = position(["K3 K4 K5 K6 K7 K8"], "K5", ["K3 K4 K5", "K5 K6 K7 K8"])
    steps = turn_steps(before, after, "Mara")
    assert [st.caption for st in steps] == ["Mara splits the black 3-8 run and adds a black 5"]
    assert steps[0].kind == "split" and len(steps[0].from_rack) == 1 and len(steps[0].lines) == 2
    check_story(before, after, steps)
    # the same turn as advice and as the player's own
    assert turn_steps(before, after, None)[0].caption == "Split the black 3-8 run and add your black 5"
    assert turn_steps(before, after, "Ada", you=True)[0].caption == "You split the black 3-8 run and add your black 5"
    # the person is told by seat, not by name: a seat that happens to be called "You" is someone else
    assert turn_steps(before, after, "You")[0].caption == "You splits the black 3-8 run and adds a black 5"


def test_a_freed_joker_goes_into_a_new_set():
    before, after = position(["R5 R6 J R8", "K7 B7 O7"], "R7 B9 B10", ["R5 R6 R7 R8", "B9 B10 J", "K7 B7 O7"])
    steps = turn_steps(before, after, "Otto")
    assert [st.kind for st in steps] == ["joker", "move"]
    assert steps[0].caption == "Otto swaps a red 7 for the joker in the red 5-8 run"
    assert steps[1].caption == "Otto makes a blue 9-11 run with the joker and a blue 9 and 10"
    assert 104 in steps[0].tiles or 105 in steps[0].tiles
    check_story(before, after, steps)


def test_a_tile_moved_from_one_set_to_another():
    before, after = position(["B4 R4 K4 O4", "B5 B6 B7"], "B8", ["R4 K4 O4", "B4 B5 B6 B7 B8"])
    steps = turn_steps(before, after, "Lena")
    assert [st.caption for st in steps] == ["Lena moves the blue 4 from the group of 4s to the blue 5-7 run and adds a blue 8"]
    check_story(before, after, steps)


def test_a_new_set_from_two_sets_and_the_rack():
    before, after = position(["K7 R7 B7 O7", "O1 O2 O3 O4 O5"], "O6", ["K7 R7 B7", "O1 O2 O3 O4", "O5 O6 O7"])
    steps = turn_steps(before, after, "Mia")
    assert [st.caption for st in steps] == [
        "Mia makes an orange 5-7 run with the orange 5 from the orange 1-5 run, the orange 7 from the group of 7s "
        "and an orange 6"]
    check_story(before, after, steps)


def test_sets_laid_and_added_from_the_rack():
    before, after = position(["R1 R2 R3", "O9 O10 O11"], "K5 R5 B5 O12", ["R1 R2 R3", "O9 O10 O11 O12", "K5 R5 B5"])
    steps = turn_steps(before, after, "Mia")
    assert sorted(st.caption for st in steps) == ["Mia adds an orange 12 to the orange 9-11 run", "Mia lays a group of 5s"]
    check_story(before, after, steps)


def test_words():
    assert set_words(parse_tiles("R5 J R7")) == "the red 5-7 run"
    assert set_words(parse_tiles("O11 O12 J"), "a") == "an orange 11-13 run"
    assert set_words(parse_tiles("K8 R8 B8")) == "the group of 8s"
    assert tile_list(parse_tiles("R5 R6 R7 B5 J")) == "the red 5-7, the blue 5 and the joker"
    assert tile_list(parse_tiles("O5 R9"), "a") == "a red 9 and an orange 5"


@pytest.mark.parametrize("variant,seed", [("classic", 4), ("golden-games", 2), ("rummi200kub", 5)])
def test_real_computer_turns_are_told_whole(variant, seed):
    state = engine.new_game(variant, [("Mia", "hard"), ("Otto", "medium"), ("Lena", "hard")], seed=seed)
    players = [make_player(p.kind, seed + i, board=state.variant.board_shape) for i, p in enumerate(state.players)]
    told = 0
    for _ in range(90):
        if state.phase != "play":
            break
        before = state.board.copy()
        seat = state.current
        turn = computer_turn(state, players[seat])
        if not any(isinstance(ev, events.Played) for ev in turn.result.events):
            continue
        steps = turn_steps(before, state.board, state.players[seat].name, vertical=state.variant.reads_columns)
        assert steps
        check_story(before, state.board, steps)
        told += 1
    assert told >= 5


def test_the_person_is_told_by_seat_whatever_the_seats_are_called():
    from game.play.narrate import Narrator
    from game.play.turnlog import TurnLog

    before, after = position(["K3 K4 K5 K6 K7 K8"], "K5", ["K3 K4 K5", "K5 K6 K7 K8"])
    played = tuple(t for t in after.tiles() if t not in before.tile_set())
    names = ["Ada", "You", "Mia"]  # the person (seat 0) chose a name; seat 1 is called "You"
    log = TurnLog(you=0)
    for seat in (0, 1):
        log.add(events.Played(seat, played, False, before=before, after=after), names.__getitem__, 1)
        log.add(events.Drew(seat, 7), names.__getitem__, 1)
    mine, my_draw, theirs, their_draw = log.entries
    assert mine.lines == ["You split the black 3-8 run and add your black 5"] and mine.name == "Ada"
    assert my_draw.lines == ["You draw a tile"] and my_draw.tiles == [7]  # the person sees their own tile
    assert theirs.lines == ["You splits the black 3-8 run and adds a black 5"]
    assert their_draw.lines == ["You draws a tile"] and their_draw.tiles == []  # another seat's tile stays hidden
    told = Narrator(names, 0)
    assert told.tell(events.Played(0, played, False, before=before, after=after)).startswith("You split the black")
    assert told.tell(events.Played(1, played, False, before=before, after=after)).startswith("You splits the black")
    nobody = TurnLog()  # told to nobody in particular (a demo): every seat by name
    nobody.add(events.Drew(0, 7), names.__getitem__, 1)
    assert nobody.entries[0].lines == ["Ada draws a tile"] and nobody.entries[0].tiles == []
