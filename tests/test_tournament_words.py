"""The tournament speaks in whole words: "1 game", "3 games", never "game(s)"."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from helpers import finish_quickly

from game.tournament import TableRef, Tournament, TournamentError
from wordscan import player_strings

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEDGED = re.compile(r"[A-Za-z]\(s\)")  # "game(s)", "round(s)"


@pytest.mark.parametrize("games, words", [(1, "plays 1 game"), (2, "plays 2 games")])
def test_a_game_of_the_wrong_length_is_refused_in_whole_words(games, words):
    t = Tournament.create(9, None, seed=2, games=(games, 1, 1))
    ref = TableRef(0, 0)
    state = finish_quickly(t.start_table(ref))
    state.options["rounds"] = games + 1
    with pytest.raises(TournamentError) as err:
        t.record_result(ref, state)
    assert words in str(err.value) and "(s)" not in str(err.value)


@pytest.mark.parametrize("games, words", [(1, "must have 1 game"), (2, "must have 2 games")])
def test_a_damaged_table_in_the_file_is_named_in_whole_words(games, words):
    t = Tournament.create(9, None, seed=2, games=(games, 1, 1))
    ref = TableRef(0, 0)
    t.record_result(ref, finish_quickly(t.start_table(ref)))
    data = json.loads(json.dumps(t.to_dict()))
    table = data["stages"][0]["tables"][0]
    assert table["status"] == "done" and len(table["games"]) == games
    table["games"].pop()
    with pytest.raises(TournamentError) as err:
        Tournament.from_dict(data)
    assert words in str(err.value) and "(s)" not in str(err.value)


@pytest.mark.parametrize("folder", ["game/tournament", "game/ui"])
def test_no_hedged_plural_reaches_a_player(folder):
    found = [f"{p.relative_to(ROOT)}:{line}: {s!r}" for p in sorted((ROOT / folder).rglob("*.py"))
             for line, s in player_strings(p) if HEDGED.search(s)]
    assert not found, "\n".join(found)
