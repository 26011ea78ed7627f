"""The meld finder: the positions files, re-checks by the rules core, a brute-force comparison on
tiny positions, the initial meld, kept sets, the disturbance limit and the anytime budget."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.layout import layout
from game.ai.solver import SolverError, check_result, solve, solve_initial
from game.rules.board import Board
from game.rules.melds import check_line, check_set
from game.rules.tiles import parse_tiles
from game.rules.turn import TurnStart, analyse
from game.rules.variants import find_variant

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "positions"  # positions with proven answers (see its README)


def table_sets(text: str) -> tuple[list[list[int]], list[int]]:
    sets, used = [], []
    for part in text.split("|"):
        tiles = parse_tiles(part, used=used)
        used += tiles
        sets.append([int(t) for t in tiles])
    return sets, used


def value(tiles) -> int:
    return sum((t >> 1) % 13 + 1 for t in tiles if t < 104)


# -- a brute-force finder for tiny positions ------------------------------------------------------


def brute(table: list[int], rack: list[int], objective: str = "tiles", minimum: int | None = None):
    """Best (tiles, points) [or (points, tiles)] over every partition of the table plus some rack
    tiles into valid sets; with ``minimum``, rack-only sets worth at least that much (None if none)."""
    tiles = list(table) + list(rack)
    index = {t: k for k, t in enumerate(tiles)}
    candidates = []
    for size in range(3, len(tiles) + 1):
        for combo in combinations(tiles, size):
            meld = check_set(combo)
            if meld:
                mask = 0
                for t in combo:
                    mask |= 1 << index[t]
                candidates.append((mask, meld.value))
    table_mask = sum(1 << index[t] for t in table)
    rack_ids = [t for t in rack]
    best = None

    def score(mask: int) -> tuple:
        placed = [t for t in rack_ids if mask >> index[t] & 1]
        key = (len(placed), value(placed))
        return key if objective == "tiles" else (key[1], key[0])

    def rec(k: int, used: int, meld_points: int) -> None:
        nonlocal best
        if used & table_mask == table_mask:
            ok = minimum is None or (meld_points >= minimum and used)
            if ok:
                s = score(used)
                if best is None or s > best:
                    best = s
        for j in range(k, len(candidates)):
            mask, val = candidates[j]
            if mask & used:
                continue
            # every set must hold the lowest table tile not yet covered, or be a rack-only set
            rec(j + 1, used | mask, meld_points + val)

    rec(0, 0, 0)
    return best


# -- strategies --------------------------------------------------------------------------------

FACES_SMALL = [c + str(n) for c in "KRBO" for n in range(1, 6)]


@st.composite
def tiny_position(draw, with_table: bool = True):
    used: list[int] = []
    table: list[list[int]] = []
    if with_table:
        for _ in range(draw(st.integers(0, 2))):
            if draw(st.booleans()):
                colour = draw(st.sampled_from("KRBO"))
                start = draw(st.integers(1, 3))
                faces = [f"{colour}{n}" for n in range(start, start + 3)]
            else:
                number = draw(st.integers(1, 5))
                colours = draw(st.permutations("KRBO"))[: draw(st.integers(3, 3))]
                faces = [f"{c}{number}" for c in colours]
            if draw(st.integers(0, 4)) == 0:
                faces[draw(st.integers(0, 2))] = "J"
            try:
                tiles = parse_tiles(faces, used=used)
            except ValueError:
                continue
            used += tiles
            table.append([int(t) for t in tiles])
    rack_faces = draw(st.lists(st.sampled_from(FACES_SMALL + ["J"]), min_size=1, max_size=6 if not table else 4))
    rack: list[int] = []
    for f in rack_faces:
        try:
            t = parse_tiles([f], used=used + rack)
        except ValueError:
            continue
        rack += [int(x) for x in t]
    return table, rack


# -- the positions files --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["small", "mid", "large"])
def test_positions_match_answers_and_rules(name):
    positions = json.loads((POSITIONS / f"{name}.json").read_text())
    answers = {a["id"]: a for a in json.loads((POSITIONS / f"{name}.answers.json").read_text())}
    for p in positions:
        table = parse_tiles(p["table"])
        rack = parse_tiles(p["rack"], used=table)
        res = solve(table, rack)
        want = answers[p["id"]]
        assert (res.tiles_placed, res.value_placed) == (want["tiles_placed"], want["value_placed"]), p["id"]
        assert res.optimal, p["id"]
        assert check_result(table, rack, res) == [], p["id"]
        # independent re-check with the rules core
        on_table = [t for s in res.sets for t in s]
        assert sorted(on_table) == sorted(list(table) + res.placed), p["id"]
        assert set(res.placed) <= set(rack)
        assert all(check_set(s) for s in res.sets), p["id"]
        assert all(check_line(s) for s in res.sets), p["id"]  # runs come in table order
        assert res.value_placed == value(res.placed)


def test_arrangement_passes_turn_validation_on_the_grid():
    sets, used = table_sets("R5 R6 R7 | K9 B9 O9 | B1 B2 B3 B4")
    rack = [int(t) for t in parse_tiles("R8 J K1 B5 O5 K5", used=used)]
    res = solve(sets, rack)
    old = Board.from_sets(sets)
    board = layout(old, res.sets)
    analysis = analyse(find_variant("classic")(), TurnStart(old, rack, True), board)
    assert analysis.problems == []
    assert sorted(analysis.played) == sorted(res.placed)


# -- brute force -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_position(), st.sampled_from(["tiles", "points"]))
def test_matches_brute_force_on_tiny_positions(pos, objective):
    sets, rack = pos
    table = [t for s in sets for t in s]
    res = solve(sets, rack, objective=objective)
    assert check_result(table, rack, res) == []
    got = (res.tiles_placed, res.value_placed)
    if objective == "points":
        got = (got[1], got[0])
    assert got == brute(table, rack, objective)
    assert res.optimal


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_position(with_table=False), st.sampled_from([6, 15, 30]))
def test_initial_meld_matches_brute_force(pos, minimum):
    _sets, rack = pos
    res = solve_initial(rack, minimum)
    want = brute([], rack, "tiles", minimum)
    if want is None:
        assert res is None
        return
    assert res is not None and (res.tiles_placed, res.value_placed) == want
    assert check_result([], rack, res) == []
    assert res.meld_points >= minimum
    assert sum(check_set(s).value for s in res.sets) >= minimum


# -- modes ---------------------------------------------------------------------------------------


def test_initial_meld_counts_jokers_as_the_tile_they_stand_for():
    rack = [int(t) for t in parse_tiles("R10 R11 J B2 O7")]
    res = solve_initial(rack, 30)
    assert res is not None and res.tiles_placed == 3 and res.value_placed == 21
    assert res.meld_points >= 30  # R10 R11 + joker as R12 (or R9): 33 or 30
    assert solve_initial(rack, 34) is None


def test_points_objective_prefers_points_over_tiles():
    sets, used = table_sets("B2 K2 R2 O2 | O2 O3 O4 O5")
    rack = [int(t) for t in parse_tiles("O1 O3 O12 B1 K1", used=used)]
    tiles = solve(sets, rack)  # K1 B1 O1 as a new group: three tiles worth 3
    points = solve(sets, rack, objective="points")  # O1 O3 with O2 from the group: two tiles worth 4
    assert (tiles.tiles_placed, tiles.value_placed) == (3, 3)
    assert (points.tiles_placed, points.value_placed) == (2, 4)
    assert check_result(sets, rack, tiles) == [] and check_result(sets, rack, points) == []


def test_keep_pinned_and_disturbance_limit():
    sets, used = table_sets("R3 R4 R5 R6 | K1 K2 K3")
    rack = [int(t) for t in parse_tiles("R7 B3 O3", used=used)]
    free = solve(sets, rack)
    assert free.tiles_placed == 3 and free.disturbed == 1
    limited = solve(sets, rack, max_disturbed=0)
    assert limited.tiles_placed == 1 and limited.disturbed == 0  # only R7 extends the run
    assert check_result(sets, rack, limited) == []
    one = solve(sets, rack, max_disturbed=1)
    assert one.tiles_placed == 3 and one.disturbed == 1
    pinned = solve(sets, rack, pinned=[0])
    assert sets[0] in pinned.sets and pinned.tiles_placed == 0
    kept = solve(sets, rack, keep=[0])
    assert kept.tiles_placed == 1
    assert any(s[:4] == sets[0] and len(s) == 5 for s in kept.sets)


def test_kept_group_takes_its_missing_colour_and_kept_joker_keeps_its_role():
    sets, used = table_sets("K5 B5 J | R1 R2 R3")
    rack = [int(t) for t in parse_tiles("O5 R4", used=used)]
    res = solve(sets, rack, keep=[0, 1])
    assert res.tiles_placed == 2 and check_result(sets, rack, res) == []
    group = next(s for s in res.sets if 104 in s or 105 in s)
    assert set(sets[0]) < set(group)
    sets, used = table_sets("J R5 R6")
    rack = [int(t) for t in parse_tiles("R7", used=used)]
    res = solve(sets, rack, keep=[0])
    run = res.sets[0]
    assert check_line(run).roles[run.index(104)] == check_line(sets[0]).roles[0]


def test_anytime_budget_returns_a_valid_arrangement():
    table = parse_tiles(
        "R3 R4 R5 R6 O11 K11 B11 R11 K4 B4 R4 O4 K4 B4 O4 O5 O6 O7 O8 K10 K11 K12 K13 O12 B12 R12 "
        "O10 J O12 O13 B8 B9 J B6 B7 B8 B9 B5 K5 R5 O5"
    )
    rack = parse_tiles("K3 K5 K10 R8 R8 R11 R13 B2 B5 B7 B13 O2 O3 O13", used=table)
    quick = solve(table, rack, time_budget=0.0005)
    assert check_result(table, rack, quick) == []
    full = solve(table, rack)
    assert full.optimal and (full.tiles_placed, full.value_placed) == (11, 85)
    assert (quick.tiles_placed, quick.value_placed) <= (11, 85)
    assert quick.optimal is False or (quick.tiles_placed, quick.value_placed) == (11, 85)


def test_bad_input_is_refused_clearly():
    with pytest.raises(SolverError, match="twice"):
        solve([1, 2, 3], [3])
    with pytest.raises(SolverError, match="unknown tile"):
        solve([], [200])
    with pytest.raises(SolverError, match="need the table as a list of sets"):
        solve([1, 2, 3], [5], max_disturbed=1)
    with pytest.raises(SolverError, match="do not form valid sets"):
        solve(parse_tiles("R5 R6"), [])


# -- command line ------------------------------------------------------------------------------


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_solve_cli_text_mode_and_errors():
    out = run_cli("game.solve", "--table", "R5 R6 R7 | K9 B9 O9", "--rack", "R8 J K1")
    assert out.returncode == 0, out.stderr
    first, second = out.stdout.splitlines()[:2]
    assert "R5 R6 R7 R8" in first and " | " in first and "J" in first
    assert second.startswith("placed: ")
    bad = run_cli("game.solve", "--table", "R5 R6", "--rack", "R8")
    assert bad.returncode == 2 and "not a valid set" in bad.stderr and "Traceback" not in bad.stderr
    bad = run_cli("game.solve", "--table", "R5 R6 R7", "--rack", "Q9")
    assert bad.returncode == 2 and "bad tile" in bad.stderr
    bad = run_cli("game.solve", "/nonexistent/positions.json")
    assert bad.returncode == 2 and "no such file" in bad.stderr
    bad = run_cli("game.solve", "--budget", "-1", "--rack", "R1")
    assert bad.returncode == 2


def test_solve_cli_file_mode(tmp_path):
    positions = [
        {"id": "a", "table": ["R5", "R6", "R7"], "rack": ["R8", "K1"]},
        {"id": "b", "table": [], "rack": ["K1", "K2", "K3", "J"]},
    ]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(positions))
    (tmp_path / "p.answers.json").write_text(json.dumps([
        {"id": "a", "tiles_placed": 1, "value_placed": 8},
        {"id": "b", "tiles_placed": 4, "value_placed": 6},
    ]))
    out = run_cli("game.solve", str(path), "--check")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert [x["id"] for x in lines] == ["a", "b"]
    assert lines[0]["placed"] == ["R8"] and lines[1]["tiles_placed"] == 4
    assert set(lines[0]) == {"id", "tiles_placed", "value_placed", "seconds", "placed", "optimal"}
    assert "median" in out.stderr and "p90" in out.stderr and "max" in out.stderr
    path.write_text("{not json")
    bad = run_cli("game.solve", str(path))
    assert bad.returncode == 2 and "not valid JSON" in bad.stderr


def test_bench_cli_has_solver_subcommand(tmp_path):
    (tmp_path / "tiny.json").write_text(json.dumps([{"id": "t", "table": ["R1", "R2", "R3"], "rack": ["R4"]}]))
    out = run_cli("game.bench", "solver", "--dir", str(tmp_path), "--files", "tiny")
    assert out.returncode == 0, out.stderr
    assert "median ms" in out.stdout and "tiny" in out.stdout
    assert run_cli("game.bench").returncode == 2
    assert run_cli("game.bench", "solver", "--dir", str(tmp_path), "--files", "missing").returncode == 2


def test_ai_stays_pure():
    code = "import sys, game.ai, game.ai.solver, game.ai.hint; game.ai.player_names(); print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"
