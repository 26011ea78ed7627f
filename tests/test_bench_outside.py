"""The outside finder the solver benchmark times (``--outside``): its set catalogue, checked by the
rules core, and a clear refusal when it cannot be installed (no cvxpy is needed for these tests)."""

from __future__ import annotations

import itertools
import json

from game.cli import bench, bench_outside
from game.rules.melds import check_set
from game.rules.tiles import copies, face_at


def tiles_of(faces) -> list[int]:
    """Physical tiles for a set of faces (the first copy, then the second)."""
    used: dict[int, int] = {}
    out = []
    for f in faces:
        k = used.get(f, 0)
        used[f] = k + 1
        out.append(copies(f)[k])
    return out


def test_catalogue_holds_every_short_set_once_and_only_valid_ones():
    sets = bench_outside.catalogue()
    assert len(sets) == len(set(sets))
    for s in sets:
        assert 3 <= len(s) <= 5 and s.count(bench_outside.JOKER) <= 2
        assert check_set(tiles_of(s)), s
    # every valid set of three to five tiles (with at most two jokers) is there: runs of one colour ...
    have = set(sets)
    for colour, lo, length in itertools.product(range(4), range(1, 12), (3, 4, 5)):
        if lo + length - 1 <= 13:
            faces = [face_at(colour, n) for n in range(lo, lo + length)]
            for k in range(3):
                for where in itertools.combinations(range(length), k):
                    want = tuple(sorted(bench_outside.JOKER if i in where else f for i, f in enumerate(faces)))
                    assert want in have
    # ... and groups, with a joker standing in for a missing colour
    assert tuple(sorted([face_at(0, 7), face_at(2, 7), bench_outside.JOKER])) in have
    assert tuple(sorted([face_at(c, 13) for c in range(4)])) in have
    assert tuple(sorted([face_at(0, 13), face_at(0, 13), face_at(1, 13)])) not in have  # two of one colour


def test_outside_option_says_clearly_when_it_cannot_install(monkeypatch, capsys, tmp_path):
    def refuse(folder):
        raise bench_outside.OutsideUnavailable("pip could not install cvxpy: no network")

    monkeypatch.setattr(bench_outside, "load", refuse)
    assert bench.main(["solver", "--outside", "--files", "small"]) == 2
    err = capsys.readouterr().err
    assert "outside finder is not available" in err and "no network" in err


def test_solver_benchmark_on_the_cpu_clock(tmp_path, capsys):
    (tmp_path / "tiny.json").write_text('[{"id": "t", "table": ["R1", "R2", "R3"], "rack": ["R4", "K9"]}]')
    assert bench.main(["solver", "--dir", str(tmp_path), "--files", "tiny", "--clock", "cpu"]) == 0
    out = capsys.readouterr().out
    assert "CPU time" in out and "tiny" in out
    assert bench.main(["solver", "--dir", str(tmp_path), "--files", "tiny", "--clock", "sundial"]) == 2


def _two_positions(tmp_path, right: bool = True):
    """A positions file of two positions and its answers file (wrong for "b" unless ``right``)."""
    (tmp_path / "two.json").write_text(json.dumps([
        {"id": "a", "table": ["R1", "R2", "R3"], "rack": ["R4", "K9"]},
        {"id": "b", "table": [], "rack": ["B5", "B6", "B7"]},
    ]))
    (tmp_path / "two.answers.json").write_text(json.dumps([
        {"id": "a", "tiles_placed": 1, "value_placed": 4},
        {"id": "b", "tiles_placed": 3 if right else 2, "value_placed": 18},
    ]))


class FakeOutside:
    """Stands in for the HiGHS finder: answers from a table, records the calls."""

    answers = {3: (3, 18), 5: (1, 4)}  # by number of tiles in the position

    def __init__(self, cp, calls):
        self.calls = calls

    def solve(self, table_faces, rack_faces):
        self.calls.append(("outside", len(table_faces) + len(rack_faces)))
        return (*self.answers.get(len(table_faces) + len(rack_faces), (0, 0)), 0.0)


def _fake_outside(monkeypatch, calls):
    from game.ai import solver

    real = solver.solve

    def ours(table, rack, *a, **kw):
        calls.append(("ours", len(table) + len(rack)))
        return real(table, rack, *a, **kw)

    monkeypatch.setattr(solver, "solve", ours)
    monkeypatch.setattr(bench_outside, "load", lambda folder: (None, None))
    monkeypatch.setattr(bench_outside, "OutsideFinder", lambda cp: FakeOutside(cp, calls))


def test_solver_benchmark_order_option(tmp_path, monkeypatch, capsys):
    _two_positions(tmp_path)
    base = ["solver", "--dir", str(tmp_path), "--files", "two", "--outside"]
    calls: list = []
    _fake_outside(monkeypatch, calls)
    assert bench.main(base) == 0  # default: separate, all ours then all theirs
    assert [who for who, _n in calls] == ["ours", "ours", "outside", "outside"]
    assert "each file ours first, then theirs" in capsys.readouterr().out
    calls.clear()
    assert bench.main(base + ["--order", "interleaved"]) == 0
    assert [who for who, _n in calls] == ["ours", "outside", "ours", "outside"]
    assert "interleaved position by position" in capsys.readouterr().out
    calls.clear()
    assert bench.main(base + ["--order", "separate"]) == 0
    assert [who for who, _n in calls] == ["ours", "ours", "outside", "outside"]
    assert bench.main(base + ["--order", "shuffled"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_solver_benchmark_checks_both_finders_answers_in_either_order(tmp_path, monkeypatch, capsys):
    _two_positions(tmp_path, right=False)
    base = ["solver", "--dir", str(tmp_path), "--files", "two"]
    _fake_outside(monkeypatch, [])
    for order in ("separate", "interleaved"):
        assert bench.main(base + ["--outside", "--order", order]) == 1
        out = capsys.readouterr().out
        assert "wrong answer: b: our finder (3, 18), answers file (2, 18)" in out
        assert "wrong answer: b: outside finder (3, 18), answers file (2, 18)" in out
    # without --outside our answers are checked all the same
    assert bench.main(base) == 1
    out = capsys.readouterr().out
    assert "wrong answer: b: our finder" in out and "outside finder" not in out
    _two_positions(tmp_path, right=True)
    assert bench.main(base) == 0
    assert "wrong answer" not in capsys.readouterr().out
