"""Helpers for the Tile Rush screen tests: the table's sets, and a puzzle solved by dragging."""

from __future__ import annotations

from uidrive import cell_center, drag, settle, step, tile_center


def lines_of(scene) -> list[tuple[int, ...]]:
    return [ln.tiles for ln in scene.session.table().lines()]


def same_sets(a, b) -> bool:
    return sorted(sorted(int(t) for t in s) for s in a) == sorted(sorted(int(t) for t in s) for s in b)


def solve_by_dragging(app, scene) -> None:
    """Drag every rack tile onto the end of the table set the answer puts it in (grade 1 and 2
    puzzles: extensions, and a new set from the rack laid in a free row)."""
    answer = [list(s) for s in scene.puzzle.answer]
    rack = [int(t) for t in scene.puzzle.rack]
    for tile in rack:
        home = next(s for s in answer if tile in s)
        now = scene.session.table()
        line = next((ln for ln in now.lines() if set(ln.tiles) & set(home) and tile not in ln.tiles), None)
        if line is None:  # a set of rack tiles only: start it in the first free row, then add to it
            row = max((r for r, _ in now.cells), default=-1) + 1
            cell = (row, 1)
        else:
            before = home.index(tile) < min(home.index(t) for t in line.tiles if t in home)
            cell = line.cells[0] if before else line.cells[-1]  # dropped on a set, a tile joins it
        drag(app, tile_center(scene, tile), cell_center(scene, "table", cell))
        settle(app, scene)
    step(app, n=2)
