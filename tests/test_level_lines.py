"""The setup screen says what each computer level does, one short line each, in a player's words."""

from __future__ import annotations

from game.ui.scenes.setup import level_line, levels


def test_every_offered_level_has_one_short_line():
    offered = levels()
    assert {"easy", "basic", "medium", "hard", "expert", "greedy-max"} <= set(offered)
    lines = [level_line(level) for level in offered]
    for level, line in zip(offered, lines):
        assert line and "\n" not in line and len(line) <= 48, (level, line)
        for word in ("finder", "solver", "baseline", "heuristic", "greedy-max"):
            assert word not in line.lower(), (level, line)
    assert len(set(lines)) == len(lines)  # each level says something of its own
