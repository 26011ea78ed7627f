"""The headless demo (attract mode): computer players, saving after every turn."""

from __future__ import annotations

from game.storage import saves
from game.cli.demo import Demo, main, run_demo
from game.rules.variants import REGISTRY


def test_run_demo_plays_and_saves_after_every_turn():
    seen = []
    report = run_demo(25, True, variant="classic", players=["basic", "basic"], seed=4, on_step=lambda d, s: seen.append((s.kind, s.saved.ok, d.state.total_turns)))
    assert report.turns == 25 and report.illegal == 0 and report.failed_saves == []
    assert report.saves == len(seen) + 1  # one at the deal, one after each step
    assert all(ok for _, ok, _ in seen)
    got = saves.load_game(saves.DEMO_SLOT)
    assert got.ok and got.session["mode"] == "demo"
    assert got.state.total_turns == seen[-1][2] == 25
    assert not saves.slot_path("autosave").exists()  # the player's autosave is never touched


def test_demo_goes_on_from_game_to_game_and_rule_set_to_rule_set():
    demo = Demo(seed=9, save=False, players=["basic", "basic", "basic"], options={"rounds": 1, "no-such-option": 5})
    first = demo.state
    finished = 0
    for _ in range(2000):
        step = demo.step()
        finished += step.game_over
        if demo.games > 1:
            break
    assert finished == 1 and demo.state is not first and demo.state.total_turns == 0
    assert demo.report.games_started == 2 and demo.report.saves == 0
    keys = sorted(REGISTRY)
    assert demo.report.variants == [keys[9 % len(keys)], keys[10 % len(keys)]]


def test_demo_resumes_from_its_save_exactly():
    a = Demo("classic", ["basic"] * 3, seed=6)
    for _ in range(18):
        a.step()
    b = Demo("classic", ["basic"] * 3, seed=6, resume=True)
    assert b.state.to_dict() == a.state.to_dict()
    for _ in range(10):
        a.step()
        b.step()
    assert b.state.to_dict() == a.state.to_dict()


def test_same_seed_same_games():
    a = Demo("classic", ["basic"] * 4, seed=2, save=False)
    b = Demo("classic", ["basic"] * 4, seed=2, save=False)
    for _ in range(30):
        a.step()
        b.step()
    assert a.state.to_dict() == b.state.to_dict()
    c = Demo("classic", ["basic"] * 4, seed=3, save=False)
    assert c.state.to_dict() != a.state.to_dict()


def test_stop_callback_ends_an_endless_demo():
    calls = []
    report = run_demo(None, False, variant="classic", seed=1, stop=lambda: len(calls) >= 7 or calls.append(1))
    assert report.turns == 7


def test_command_line(capsys):
    assert main(["--turns", "6", "--variant", "classic", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "6 turns" in out and "save time p50" in out
    assert saves.load_game("demo").ok
    assert main(["--turns", "2", "--variant", "classic", "--option", "rounds=1", "--no-save"]) == 0
    for bad in (["--variant", "classic", "--option", "rounds=99"], ["--option", "rounds"], ["--variant", "nope"], ["--players", "basic,wizard"], ["--turns", "-1"], ["--slot", "slot9"], ["--bogus"]):
        assert main(bad) == 2


def test_persistence_code_does_not_import_pygame():
    import subprocess
    import sys
    from pathlib import Path

    code = "import game.storage.persistence, game.storage.saves, game.cli.saves, game.storage.stats, game.cli.demo, sys; print(any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
