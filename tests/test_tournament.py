"""The Golden Games tournament: structure, results, medals, saving and resuming."""

import copy
import io
import json
from dataclasses import asdict
from contextlib import redirect_stdout

import pytest

from game.cli import sim
from game import tournament as tm
from game.play.computer import computer_turn
from game.rules import engine
from game.tournament import TableRef, Tournament, TournamentError, stage_plan

FIELDS = range(9, 49)


def finish_quickly(state):
    """End every game of a table at once, as a blocked game (everyone scores their rack).
    A real, finished GameState, without playing the turns: for structure tests."""
    while state.phase != "game_over":
        if state.phase == "round_over":
            engine.next_round(state)
        else:
            engine.finish_round(state, "blocked")
    return state


def run_quickly(t):
    """Play every remaining table with ``finish_quickly``."""
    while not t.finished:
        ref = t.next_table()
        t.record_result(ref, finish_quickly(t.start_table(ref)))
    return t


def roundtrip(t):
    return Tournament.from_dict(json.loads(json.dumps(t.to_dict())))


# -- structure ----------------------------------------------------------------------------------


@pytest.mark.parametrize("field", FIELDS)
def test_first_stage_seats_everyone_once_at_tables_of_three_or_four(field):
    t = Tournament.create(field, "You" if field % 2 else None, seed=field)
    first = t.stages[0]
    seats = [e for tb in first.tables for e in tb.seats]
    assert sorted(seats) == list(range(field))
    sizes = [len(tb.seats) for tb in first.tables]
    assert all(s in (3, 4) for s in sizes) and max(sizes) - min(sizes) <= 1
    plan = stage_plan(field)
    assert plan[0].tables == sorted(sizes) and plan[0].games == 3
    assert plan[-1].final and plan[-1].entrants in (3, 4) and plan[-1].games == 1
    for a, b in zip(plan, plan[1:]):
        assert b.entrants == a.advance * len(a.tables)
        assert all(s in (3, 4) for s in b.tables) and sum(b.tables) == b.entrants
    assert all(p.games == 2 for p in plan[1:-1])


def test_field_split_examples_and_documented_shapes():
    assert stage_plan(13)[0].tables == [3, 3, 3, 4]
    assert [len(p.tables) for p in stage_plan(12)] == [3, 1]  # winners go straight to the final
    p36 = stage_plan(36)  # the sheet's shape: 3 games, winners play 2, winners play 1
    assert [(len(p.tables), p.games, p.advance) for p in p36] == [(9, 3, 1), (3, 2, 1), (1, 1, 0)]
    p17 = stage_plan(17)  # five tables: the top two go on so that the next round has three tables
    assert p17[0].advance == 2 and p17[1].tables == [3, 3, 4]
    assert stage_plan(27)[0].tables == [3] * 9  # nine tables of three rather than seven tables
    assert tm.describe_structure(36)[1].startswith("Winners' round: 9 players at 3 tables")
    for bad in (5, 65, "12", True):
        with pytest.raises(TournamentError):
            Tournament.create(bad)


@pytest.mark.parametrize("field", FIELDS)
def test_every_field_ends_with_one_medal_of_each_kind(field):
    t = run_quickly(Tournament.create(field, None, seed=100 + field))
    medals = t.medals()
    assert [m.medal for m in medals] == ["gold", "silver", "bronze"]
    final = t.stages[-1].tables[0]
    finalists = set(final.seats)
    assert len({m.entrant for m in medals}) == 3 and {m.entrant for m in medals} <= finalists
    assert [m.total for m in medals] == sorted(m.total for m in medals)
    # Each stage holds exactly the players the previous stage sent on.
    stages = t.stages
    for a, b in zip(stages, stages[1:]):
        going_on = sorted(e for tb in a.tables for e in tb.advanced)
        assert sorted(e for tb in b.tables for e in tb.seats) == going_on
        for tb in a.tables:
            best = [tb.seats[i] for i in tb.order[: a.advance]]
            assert tb.advanced == best
            assert min(tb.totals) == tb.totals[tb.order[0]]


# -- the human's path -----------------------------------------------------------------------------


@pytest.mark.slow
def test_human_plays_their_own_table_and_others_are_simulated():
    t = Tournament.create(12, "Ann", seed=8, levels=["basic"], games=(1, 1, 1))
    assert t.human_status() == "playing"
    ref = t.next_table()
    assert t.is_human_table(ref)
    with pytest.raises(TournamentError):
        t.simulate_rest()  # the human still has a table to play
    seen = []
    t.simulate_pending(seen.append)  # the two other tables, then it stops at the human's
    assert seen and seen[-1].done == seen[-1].total == 2 and seen[-1].fraction == 1.0
    assert [r.table for r in t.pending_tables()] == [ref.table]
    assert t.human_status() == "playing" and t.current_stage == 0
    state = t.start_table(ref)
    assert state.players[t.table(ref).seats.index(t.human)].kind == "human"
    assert all(p.kind == "basic" for p in state.players if p.name != "Ann")
    with pytest.raises(TournamentError):
        t.record_result(ref, state)  # not finished yet
    t.record_result(ref, finish_quickly(state))
    assert t.current_stage == 1
    status = t.human_status()
    if status == "playing":
        t.record_result(t.next_table(), finish_quickly(t.start_table(t.next_table())))
    else:
        assert status == "out"
        t.simulate_rest()
    assert t.finished and t.human_status() == "finished" and len(t.medals()) == 3
    standings = t.standings()
    assert len(standings) == 12 and [r.medal for r in standings[:3]] == ["gold", "silver", "bronze"]
    assert json.dumps(asdict(t.bracket()))  # plain values all the way down


def test_record_result_refuses_a_game_from_another_table():
    t = Tournament.create(9, None, seed=2, games=(1, 1, 1))
    a, b = TableRef(0, 0), TableRef(0, 1)
    game_a = finish_quickly(t.start_table(a))
    with pytest.raises(TournamentError):
        t.record_result(b, game_a)
    with pytest.raises(TournamentError):
        t.start_table(b)  # one table at a time
    with pytest.raises(TournamentError):
        t.record_result(a, "a game")
    t.record_result(a, game_a)
    with pytest.raises(TournamentError):
        t.record_result(a, game_a)  # already played
    with pytest.raises(TournamentError):
        t.start_table(TableRef(4, 0))


def test_missing_computer_levels_play_as_basic():
    t = Tournament.create(12, None, seed=4, levels=["no-such-level", "basic"])
    levels = {e.level: e.plays_as for e in t.entrants}
    assert levels == {"no-such-level": "basic", "basic": "basic"}
    assert len({e.name for e in t.entrants}) == 12
    ref = t.next_table()
    state = t.start_table(ref)
    assert hasattr(t.computer_player(ref, 0, state), "choose")
    with pytest.raises(TournamentError):
        Tournament.create(12, None, levels=[])


def test_bracket_lists_every_stage_with_names_and_scores():
    t = Tournament.create(17, "Ann", seed=3, games=(1, 1, 1))
    b = t.bracket()
    assert [s.name for s in b.stages] == ["Qualifying round", "Winners' round", "Final"]
    assert [s.status for s in b.stages] == ["playing", "waiting", "waiting"]
    assert sum(len(tb.players) for tb in b.stages[0].tables) == 17
    assert sum(tb.is_human_table for tb in b.stages[0].tables) == 1
    run_quickly(t)
    b = t.bracket()
    assert b.finished and [m.medal for m in b.medals] == ["gold", "silver", "bronze"]
    table = b.stages[0].tables[0]
    assert all(len(p.scores) == 1 and p.total == sum(p.scores) for p in table.players)
    assert sum(p.advanced for p in table.players) == 2  # top two go on from five tables
    json.dumps(asdict(b))


# -- saving and resuming --------------------------------------------------------------------------


@pytest.mark.slow
def test_resume_mid_table_ends_as_an_uninterrupted_tournament():
    straight = Tournament.create(9, None, seed=21, levels=["basic"], games=(1, 1, 1))
    straight.simulate_rest()
    t = Tournament.create(9, None, seed=21, levels=["basic"], games=(1, 1, 1))
    steps = t.iter_simulation(stop_at_human=False)
    for info in steps:
        if info.stage == 0 and info.table == 1 and (info.turn or 0) > 20:
            break  # the second table is half played
    assert t.simulating is not None
    saved = json.loads(json.dumps(t.to_dict()))
    steps.close()
    resumed = Tournament.from_dict(saved)
    assert resumed.table(TableRef(0, 0)).status == "done"
    resumed.simulate_rest()
    assert resumed.to_dict() == straight.to_dict()
    assert resumed.medals() == straight.medals()


def test_resume_during_the_humans_game_keeps_the_game_in_progress():
    t = Tournament.create(9, "Ann", seed=5, levels=["basic"], games=(1, 1, 1))
    ref = t.next_table()
    state = t.start_table(ref)
    for _ in range(10):  # a few turns, the human's seat played by a stand-in
        seat = state.current
        player = t.computer_player(ref, seat, state)
        computer_turn(state, player)
    saved = json.loads(json.dumps(t.to_dict()))
    assert saved["live"]["game"]["turn"] == 10
    back = Tournament.from_dict(saved)
    assert back.live_table == ref
    assert back.live_game.to_dict() == state.to_dict()
    assert back.start_table(ref) is back.live_game  # resuming hands back the same game
    back.record_result(ref, finish_quickly(back.live_game))
    assert back.live_game is None and back.to_dict()["live"] is None
    run_quickly(back)
    assert back.finished


def test_round_trip_at_every_step_of_a_quick_tournament():
    t = Tournament.create(14, "Ann", seed=9)
    while not t.finished:
        again = roundtrip(t)
        assert again.to_dict() == t.to_dict()
        ref = t.next_table()
        t.record_result(ref, finish_quickly(t.start_table(ref)))
    assert roundtrip(t).medals() == t.medals()


def test_damaged_saves_are_refused_with_a_clear_message():
    t = Tournament.create(12, "Ann", seed=1)
    ref = t.next_table()
    t.record_result(ref, finish_quickly(t.start_table(ref)))
    t.start_table(t.next_table())
    good = t.to_dict()

    def broken(change):
        d = copy.deepcopy(good)
        change(d)
        with pytest.raises(TournamentError) as info:
            Tournament.from_dict(d)
        return str(info.value)

    with pytest.raises(TournamentError, match="JSON object"):
        Tournament.from_dict([1, 2])
    assert "not a Golden Games tournament" in broken(lambda d: d.update(kind="chess"))
    assert "version" in broken(lambda d: d.update(schema=99))
    assert "missing 'stages'" in broken(lambda d: d.pop("stages"))
    assert "totals" in broken(lambda d: d["stages"][0]["tables"][ref.table]["totals"].__setitem__(0, 999))
    assert "exactly once" in broken(lambda d: d["stages"][0]["tables"][0]["seats"].__setitem__(0, d["stages"][0]["tables"][1]["seats"][0]))
    assert "wrong players went on" in broken(lambda d: d["stages"][0]["tables"][ref.table]["advanced"].__setitem__(0, 99))
    assert "game in progress" in broken(lambda d: d["live"]["game"].update(pool=[]))
    assert "being played" in broken(lambda d: d.update(live=None))
    assert "entrants" in broken(lambda d: d["entrants"].pop())
    assert "whole number" in broken(lambda d: d.update(seed="x"))
    # Whatever the damage, only TournamentError comes out.
    for key in good:
        for junk in (None, "x", 3, [], {}):
            d = copy.deepcopy(good)
            d[key] = junk
            try:
                Tournament.from_dict(d)
            except TournamentError:
                pass


# -- whole tournaments, really played ------------------------------------------------------------


@pytest.mark.slow
def test_whole_tournament_of_twelve_completes_headless_with_tiles_conserved():
    t = Tournament.create(12, None, seed=12, levels=["basic"])
    t.simulate_rest()
    assert t.finished
    for stage in t.stages:
        for tb in stage.tables:
            assert tb.status == "done" and tb.played == "simulated"
            assert tb.tiles_conserved is True and tb.illegal_moves == 0
            assert len(tb.games) == stage.games and tb.turns > 0
    medals = t.medals()
    assert [m.medal for m in medals] == ["gold", "silver", "bronze"]
    assert len({m.entrant for m in medals}) == 3
    summary = t.summary()
    assert summary["tiles_conserved"] is True and summary["illegal_moves"] == 0
    assert summary["games_played"] == 3 * 3 + 1


@pytest.mark.slow
def test_simulator_tournament_mode():
    out = io.StringIO()
    with redirect_stdout(out):
        rc = sim.main(["--tournament", "9", "--seed", "3", "--players", "basic", "--stage-games", "1,1,1", "--json"])
    assert rc == 0
    report = json.loads(out.getvalue())
    assert {"stages", "medals", "illegal_moves", "tiles_conserved"} <= set(report)
    assert [m["medal"] for m in report["medals"]] == ["gold", "silver", "bronze"]
    assert report["tiles_conserved"] is True and report["stages"][0]["tables"][0]["scores"]
    for bad in (["--tournament", "4"], ["--tournament", "9", "--variant", "classic"],
                ["--tournament", "9", "--players", "nobody"], ["--tournament", "9", "--stage-games", "a"],
                ["--tournament", "9", "--option", "rounds=2"], ["--stage-games", "1,1,1"]):
        assert sim.main(bad) == 2


def test_tournament_and_simulator_are_pure():
    import subprocess
    import sys
    from pathlib import Path

    code = "import game.tournament, game.sim, sys; print(any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parent.parent,
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_the_saves_layer_checks_tournaments_through_the_check_the_tournament_registers(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    from game.storage.saves import checks
    from game.storage.saves.format import build, encode

    assert checks.CHECKERS["tournament"] is tm.tournament_problems
    t = Tournament.create(9, "You", seed=4, levels=["basic"], games=(1, 1, 1))
    path = tmp_path / "t.json"
    path.write_bytes(encode(build(t.preview_table(), {"screen": "bracket"}, kind="tournament", tournament=t.to_dict())))
    code = ("import sys\nfrom game.storage.saves.format import SaveError, decode_bytes\n"
            "data = open(sys.argv[1], 'rb').read()\n"
            "print(any(m.startswith('game.tournament') for m in sys.modules))\n"
            "try:\n    decode_bytes(data)\nexcept SaveError as exc:\n    print(exc)\n"
            "import game.tournament\nprint(decode_bytes(data).kind)\n")
    out = subprocess.run([sys.executable, "-c", code, str(path)], cwd=Path(__file__).resolve().parent.parent,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    # the saves layer never imports the tournament; unchecked, a tournament save is refused
    assert out == ["False", "a tournament save cannot be checked here: the tournament is not loaded", "tournament"]


def test_the_humans_finished_tournament_game_is_kept_for_replay_and_counted_once():
    from game.replay import store
    from game.storage import stats
    from game.tournament.run import TournamentRun

    run = TournamentRun.create(9, "You", seed=4, levels=["basic"], games=(1, 1, 1))
    session = run.open_table()
    ref = run.ref
    finish_quickly(session.state)
    assert session.saver.finish()
    kept = store.entries()
    assert len(kept) == 1 and kept[0].ok
    assert kept[0].game_id == run.game_id(ref) and kept[0].state.phase == "game_over"
    assert kept[0].state.total_turns == session.state.total_turns
    assert kept[0].title.startswith(session.state.variant.title)
    assert stats.load_stats().get(session.state.variant_key).games == 1
    # the same game's end seen again (a resume from a save made at its end) adds nothing
    store.keep(session.state, run.game_id(ref), session.viewer)
    stats_again = stats.record_game(session.state.variant_key, True, 0, 1, 1.0, game_id=run.game_id(ref))
    assert stats_again.duplicate and len(store.entries()) == 1
