"""The frozen level ``hard-v1`` on the crossword board (Rummi200kub): its plays and claims stay
exactly as they were when it was frozen.  Seeded games of hard-v1 against itself are replayed and
every turn's events hashed; the digests were taken from the code at the time of the freeze.  A
change to the rules core that changes these games changes the digests too: then check that
hard-v1's own code did not change, and take the new digests."""

from __future__ import annotations

import hashlib
import json

import pytest

from game.ai import crossword
from game.play.computer import computer_turn, seat_player
from game.rules import engine
from game.rules.state import Phase, derived_secret

from r200pos import KEY

# seed: (digest of every turn's events, turns, final scores, how the game ended)
FROZEN = {
    1: ("42e21347539aff58", 145, [151, 180], "blocked"),
    2: ("591d4d232ee930bb", 83, [176, 200], "exact-200"),
    3: ("9b14b46c1f91b7ba", 54, [73, 200], "exact-200"),
}


def replay(seed: int) -> tuple[str, int, list[int], str]:
    kinds = ["hard-v1", "hard-v1"]
    state = engine.new_game(KEY, [(f"P{i}", k) for i, k in enumerate(kinds)], seed=seed, secret=derived_secret("sim", seed))
    digest = hashlib.sha256()
    turns = 0
    while state.phase != Phase.GAME_OVER:
        turn = computer_turn(state, seat_player(state))
        assert not turn.illegal
        digest.update(json.dumps([ev.to_json() for ev in turn.result.events], sort_keys=True, default=str).encode())
        turns += 1
    return digest.hexdigest()[:16], turns, [p.score for p in state.players], state.round_end_reason


def test_hard_v1_keeps_the_standard_claim_decisions_and_hard_races():
    assert crossword.PROFILES["hard-v1"].claims == "standard"
    assert crossword.CLAIMS["standard"].__module__ == "game.ai.crossword_claims"
    assert crossword.PROFILES["hard"].claims == "race"


def test_hard_v1_plays_a_seeded_game_exactly_as_when_frozen():
    assert replay(3) == FROZEN[3]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_hard_v1_plays_seeded_games_exactly_as_when_frozen(seed):
    assert replay(seed) == FROZEN[seed]


def test_hard_v1_is_a_level_of_the_crossword_board_only(capsys):
    from game.ai import CROSSWORD, FLAT, player_names
    from game.cli import sim
    from game.cli.demo import Demo

    assert "hard-v1" in player_names(CROSSWORD) and "hard-v1" not in player_names(FLAT)
    assert sim.main(["--variant", "classic", "--players", "hard-v1,basic", "--games", "1"]) == 2
    assert "does not play Classic" in capsys.readouterr().err
    with pytest.raises(ValueError, match="does not play"):
        Demo("classic", ["hard-v1", "basic"], seed=1, save=False)
    with pytest.raises(ValueError, match="does not play"):
        Demo(None, ["hard-v1", "basic"], seed=1, save=False)  # the demo takes every rule set in turn
