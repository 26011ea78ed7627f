"""The rules screen's example sets: every rule set has them, they are what their captions say,
and the screen draws them with the game's tiles."""

from __future__ import annotations

import pytest

from game.rules.board import Board
from game.rules.tiles import parse_tiles
from game.rules.variants import REGISTRY


def example_board(rows: list[str]) -> Board:
    cells = [row.split() for row in rows]
    tiles = iter(parse_tiles(" ".join(t for r in cells for t in r if t != ".")))
    return Board({(r, c): int(next(tiles)) for r, row in enumerate(cells) for c, tok in enumerate(row) if tok != "."})


@pytest.mark.parametrize("key", list(REGISTRY))
def test_every_rule_set_has_examples_that_read_as_captioned(key):
    v = REGISTRY[key]()
    examples = v.example_sets()
    assert len(examples) >= 4
    kinds = set()
    for caption, rows in examples:
        board = example_board(rows)
        lines = [ln for ln in v.lines(board) if len(ln.tiles) > 1 or len(rows) == 1]
        ok = all(ln.check().ok for ln in lines)
        assert ok == (not caption.startswith("Not a set")), caption
        kinds |= {ln.check().kind for ln in lines if ln.check().ok}
    assert {"run", "group"} <= kinds


@pytest.mark.parametrize("key", ["classic", "rummi200kub"])
def test_rules_screen_draws_the_examples(key):
    from uidrive import make_app, step

    from game.ui.scenes.rules import RulesScene

    app = make_app()
    scene = app.push(RulesScene(app, key))
    step(app, n=2)
    surf = scene.examples(REGISTRY[key](), 800, 1.0)
    assert surf.get_height() > 60
    # tiles are drawn: the cream tile face covers a good part of the first row
    cream = sum(1 for x in range(0, 200, 2) if surf.get_at((x, 20)).a > 200)
    assert cream > 30
    app.shutdown()
