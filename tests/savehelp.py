"""Shared by the test_saves_*.py files: where the example and damaged saves live, and games
played some turns into by the basic player."""

from __future__ import annotations

from pathlib import Path

from game.play.computer import computer_turn, seat_player
from game.rules import engine
from game.rules.state import GameState
from game.rules.variants import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "saves"
DAMAGED = ROOT / "tests" / "data" / "damaged"
DAMAGED_EXPECTED = ROOT / "tests" / "data" / "damaged-expected.json"


def played(variant: str, turns: int, seed: int = 5, seats: int = 3, options: dict | None = None) -> GameState:
    """A game of ``variant`` after ``turns`` completed turns by the basic player."""
    vcls = REGISTRY[variant]
    n = max(vcls.min_players, min(seats, vcls.max_players))
    state = engine.new_game(variant, [("You", "human")] + [(f"Computer {i}", "basic") for i in range(1, n)], seed=seed, options=options)
    done = 0
    while done < turns and state.phase != "game_over":
        if state.phase == "round_over":
            engine.next_round(state)
            continue
        computer_turn(state, seat_player(state))
        done += 1
    return state
