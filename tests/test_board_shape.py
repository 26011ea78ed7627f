"""The board knows its shape: the rule set says how its board is read (``Variant.lines``,
``reads_columns``) and laid out (``flat_table``), and nothing outside the rules asks the
``crossword`` flag itself."""

from __future__ import annotations

import codewalk
import pytest
from helpers import crossing_board

from game.rules.tiles import format_tiles
from game.rules.variants import REGISTRY


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_each_rule_set_reads_its_own_board(key):
    v = REGISTRY[key]()
    read = {format_tiles(ln.tiles) for ln in v.lines(crossing_board())}
    if v.reads_columns:
        assert read == {"R5 R6 R7", "K6 R6 B6"}  # the column is a set, the crossing tile in both
        assert not v.flat_table
    else:
        assert read == {"R5 R6 R7", "K6", "B6"}  # rows only: the column's tiles are lone tiles
        assert v.flat_table


def test_only_rummi200kub_plays_on_an_open_board():
    assert sorted(k for k, cls in REGISTRY.items() if not cls().flat_table) == ["rummi200kub"]


def test_nothing_outside_the_rules_reads_the_crossword_flag():
    hits = [codewalk.where(p, node) for p in codewalk.files() if "rules" not in p.relative_to(codewalk.GAME).parts[:1]
            for node in codewalk.attribute_reads(codewalk.tree(p), "crossword")]
    assert hits == []
