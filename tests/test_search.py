"""The meld finder's search taken apart: its bound and its step, each on its own.

The bound must never be below the proven optimum of a position (else the search would prune the
answer away), also once tightened with multipliers; the step must yield the expected children on
tiny positions, and following every child it yields, to the end, must reach the optimum."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.search import LAG_ROUNDS, Decision, Position, Search
from game.ai.search_bound import Bound
from game.ai.search_tables import W_POINT, W_TILE
from game.ai.solver import solve, solve_initial
from game.rules.tiles import parse_tiles

POSITIONS = Path(__file__).resolve().parent / "data" / "positions"


def tiles(table: str, rack: str) -> tuple[list[int], list[int]]:
    t = [int(x) for x in parse_tiles(table)]
    return t, [int(x) for x in parse_tiles(rack, used=t)]


def positions(name: str):
    answers = {a["id"]: a for a in json.loads((POSITIONS / f"{name}.answers.json").read_text())}
    for entry in json.loads((POSITIONS / f"{name}.json").read_text()):
        table = [int(t) for t in parse_tiles(entry["table"])]
        rack = [int(t) for t in parse_tiles(entry["rack"], used=table)]
        yield entry["id"], table, rack, answers[entry["id"]]


def optimum(answer: dict) -> int:
    """A proven answer in the search's score units (the "tiles" objective)."""
    return answer["tiles_placed"] * W_TILE + answer["value_placed"]


# -- the bound ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["small", "mid", "large"])
def test_bound_is_never_below_the_proven_optimum(name):
    for pid, table, rack, answer in positions(name):
        bound = Bound(Position(table, rack))
        assert bound.upper() >= optimum(answer), pid


@pytest.mark.parametrize("name", ["small", "mid"])
def test_tightened_bound_is_never_below_the_proven_optimum(name):
    lowered = 0
    for pid, table, rack, answer in positions(name):
        bound = Bound(Position(table, rack))
        before = bound.upper()
        bound.tighten(LAG_ROUNDS, bound.root_value() + 1)  # keep whatever multipliers lower it
        assert optimum(answer) <= bound.upper() <= before, pid
        lowered += bound.upper() < before
    assert lowered  # the multipliers do tighten it somewhere


def test_vectors_kept_by_suffix_are_the_ones_worked_out_afresh(monkeypatch):
    from game.ai import search_bound

    def bound_of(table, rack, mu=None) -> Bound:
        bound = Bound(Position(table, rack))
        if mu is not None:
            bound._set_mu(mu)
        bound.root_value()
        return bound

    cases = [(t, r) for _pid, t, r, _a in positions("mid")][:8]
    # worked out with the caches kept from position to position (a tightened bound's too) ...
    kept = []
    for table, rack in cases:
        tight = Bound(Position(table, rack))
        tight.tighten(LAG_ROUNDS, tight.root_value() + 1)
        for mu in (None, list(tight.mu)):
            b = bound_of(table, rack, mu)
            kept.append((table, rack, mu, b.root_value(), {x: v for x, v in enumerate(b.UBL[: 52 * 35]) if v is not None}))
    assert search_bound._SUFFIX_VECTORS and any(any(mu) for _t, _r, mu, _v, _u in kept if mu)
    # ... are the ones worked out afresh, every cache emptied first
    for table, rack, mu, root, known in kept:
        monkeypatch.setattr(search_bound, "_SUFFIX_VECTORS", {})
        monkeypatch.setattr(search_bound, "_SUFFIX_IDS", {})
        monkeypatch.setattr(search_bound, "_RELAX_CACHE", {})
        fresh = bound_of(table, rack, mu)
        assert fresh.root_value() == root
        for x, v in known.items():
            assert fresh.vector(x // 35, x % 35) == v


def test_bound_holds_for_the_points_objective_and_an_initial_meld():
    for pid, table, rack, _answer in list(positions("small"))[:20]:
        res = solve(table, rack, objective="points")
        assert res.optimal
        got = res.value_placed * W_POINT + res.tiles_placed
        assert Bound(Position(table, rack, objective="points")).upper() >= got, pid
        meld = solve_initial(rack, 30)
        if meld is not None:
            assert Bound(Position([], rack)).upper() >= meld.tiles_placed * W_TILE + meld.value_placed, pid


def test_bound_is_exact_on_a_lone_run_and_knows_a_hopeless_table():
    table, rack = tiles("", "K1 K2 K3")
    assert Bound(Position(table, rack)).upper() == 3 * W_TILE + 6
    table, rack = tiles("K1 K2 K3", "K5")
    assert Bound(Position(table, rack)).upper() == 0  # K5 cannot join: no K4
    table, rack = tiles("", "K1 K2")
    assert Bound(Position(table, rack)).upper() == 0


# -- the step -------------------------------------------------------------------------------------


def decision(used: int, to_groups: int = 0, run_jokers: int = 0, group_jokers: int = 0) -> Decision:
    return Decision(used, to_groups, run_jokers, group_jokers, 0, 0)


def test_step_from_the_start_of_a_lone_run():
    table, rack = tiles("", "K1 K2 K3")
    s = Search(Position(table, rack))
    kids = s.step(s.start())
    assert [k.decision for k in kids] == [decision(1), decision(0)]  # best bound first
    use, skip = kids
    assert use.node.step == skip.node.step == 1
    assert use.node.run_lengths() == ((1,), (), (), ()) and skip.node.run_lengths() == ((), (), (), ())
    assert use.node.score == W_TILE + 1 and skip.node.score == 0
    assert use.bound == 3 * W_TILE + 6 and skip.bound == 0  # K2 K3 alone make nothing


def test_step_must_use_a_table_tile():
    table, rack = tiles("K1 K2 K3", "")
    s = Search(Position(table, rack))
    (only,) = s.step(s.start())
    assert only.decision == decision(1)
    assert only.node.run_lengths()[0] == (1,) and only.node.score == 0 and only.bound == 0


def test_step_into_a_group_and_the_groups_at_the_last_colour():
    table, rack = tiles("", "K1 R1 B1")
    s = Search(Position(table, rack))
    kids = s.step(s.start())
    # no run can start at K1 without K2 and K3: the relaxation drops that choice
    assert [k.decision for k in kids] == [decision(1, 1), decision(0)]
    node = kids[0].node
    assert node.groups == 1 and kids[0].bound == 3 * W_TILE + 3
    node = s.step(node)[0].node  # R1 to a group too
    node = s.step(node)[0].node  # B1
    assert node.groups == 1 + 3 + 9
    last = s.step(node)  # O1: none; the three group tiles are split into groups here
    assert [k.decision for k in last] == [decision(0)]
    assert last[0].node.groups == 0 and last[0].node.score == 3 * W_TILE + 3


def test_step_puts_a_joker_in_a_run_or_a_group():
    table, rack = tiles("", "K1 R1 J")
    s = Search(Position(table, rack))
    node = s.start()
    for _ in range(3):  # K1 and R1 to groups, no B1
        node = s.step(node)[0].node
    last = s.step(node)
    assert [k.decision for k in last] == [decision(0, group_jokers=1)]
    assert last[0].node.jokers == 1 and last[0].node.score == 3 * W_TILE + 2


def best_by_steps(s: Search, node) -> int | None:
    """The best final score below ``node`` following every child ``step`` yields (None: none)."""
    if node.step == 52:
        pos = s.pos
        return node.score - pos.const if node.jokers >= pos.JT and node.meld >= s.meld_cap else None
    best = None
    for kid in s.step(node):
        got = best_by_steps(s, kid.node)
        if got is not None:
            assert kid.bound >= got  # a child's bound holds for everything below it
            best = got if best is None else max(best, got)
    return best


@pytest.mark.parametrize("table,rack", [
    ("", "K1 K2 K3 R1 B1"),
    ("K3 K4 K5", "K2 K6 R4 B4"),
    ("R7 B7 O7", "K7 J R8 R9"),
    ("J B2 B3 | K9 K10 K11", "B4 K12 R9 O9"),
    ("O1 O2 O3 O4", "O5 J K4 R4"),
])
def test_following_every_step_reaches_the_optimum(table, rack):
    t, r = tiles(table.replace("|", " "), rack)
    res = solve(t, r)
    s = Search(Position(t, r))
    assert best_by_steps(s, s.start()) == res.tiles_placed * W_TILE + res.value_placed
    done = Search(Position(t, r))
    assert done.run() and done.best_score == res.tiles_placed * W_TILE + res.value_placed


def test_a_node_budget_gives_the_same_answer_every_time_never_above_the_optimum():
    checked = cut = 0
    for pid, table, rack, answer in list(positions("mid"))[:12]:
        want = answer["tiles_placed"]
        small = [solve(table, rack, node_budget=200) for _ in range(2)]
        assert small[0].sets == small[1].sets and small[0].tiles_placed <= want
        assert small[0].nodes <= 200 * 3, pid  # the search, and the table-only fallback at most
        checked += 1
        cut += not small[0].optimal
        roomy = solve(table, rack, node_budget=10 ** 9)
        assert roomy.tiles_placed == want and roomy.optimal
    assert checked and cut  # some positions need more than the budget



@pytest.mark.parametrize("name", ["small", "mid"])
def test_counts_of_an_answer_are_those_of_its_sets(name):
    """``Answer.counts`` (what the finder compares before building any sets) is the tiles and points
    ``replay`` places, for both objectives and with a node budget."""
    from game.ai.search import run_search
    from game.rules.tiles import numbers_value
    for k, (_id, table, rack, _answer) in enumerate(positions(name)):
        if k % 3:
            continue
        for objective, budget in (("tiles", None), ("points", 300), ("tiles", 200)):
            answer, _optimal, _nodes = run_search(table, rack, [], objective, 0, None, True, None, budget)
            if answer is not None:
                _sets, placed, _meld = answer.replay()
                assert answer.counts() == (len(placed), numbers_value(placed))


def test_an_answer_built_later_is_the_one_built_at_once():
    """With kept sets (``max_disturbed``: the candidates' sets are built only for the answer kept),
    the counts and the sets built later are those built at once."""
    from game.ai import solver
    table_sets = [[int(t) for t in parse_tiles(s)] for s in ("R3 R4 R5", "B7 K7 O7", "K10 K11 K12 K13", "J O1 O2")]
    used = [t for s in table_sets for t in s]
    rack = [int(t) for t in parse_tiles("R6 B8 B9 R7 O3 K9 J B7", used=used)]
    flat = [t for s in table_sets for t in s]
    for keep in ({0, 1, 2, 3}, {1, 2, 3}, {0, 2}, {3}):
        at_once = solver._solve_once(flat, table_sets, rack, "tiles", keep, set(), None, True, 0.0)
        later = solver._solve_once(flat, table_sets, rack, "tiles", keep, set(), None, True, 0.0, replayed=False)
        assert (later.tiles_placed, later.value_placed) == (at_once.tiles_placed, at_once.value_placed)
        built = solver._replayed(later, 0.0)
        assert (built.sets, built.placed, built.disturbed) == (at_once.sets, at_once.placed, at_once.disturbed)
    for md in (0, 1, 2):
        res = solve(table_sets, rack, max_disturbed=md)
        assert not solver.check_result(table_sets, rack, res) and res.tiles_placed == len(res.placed)
