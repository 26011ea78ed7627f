"""Helpers for the session and UI tests: seeded positions and synthesised input."""

from __future__ import annotations

from game.rules import engine
from game.rules.tiles import parse_tiles
from game.play.session import Session


def _locations(state):
    yield state.pool
    for p in state.players:
        yield p.rack


def give(state, seat: int, tiles) -> None:
    """Make ``tiles`` part of the seat's rack, swapping other rack tiles to where they came from."""
    rack = state.players[seat].rack
    wanted = [int(t) for t in tiles]
    for t in wanted:
        if t in rack:
            continue
        spare = next(u for u in rack if u not in wanted)
        for loc in _locations(state):
            if loc is rack or t not in loc:
                continue
            i, j = loc.index(t), rack.index(spare)
            loc[i], rack[j] = spare, t
            break
        else:
            raise AssertionError(f"tile {t} is not in the pool or a rack")
    assert not state.conservation_problems()


def set_rack(state, seat: int, tiles) -> None:
    """The seat's rack becomes exactly ``tiles``; the rest goes to the pool."""
    give(state, seat, tiles)
    rack = state.players[seat].rack
    extra = [t for t in rack if t not in set(int(x) for x in tiles)]
    for t in extra:
        rack.remove(t)
        state.pool.insert(0, t)
    assert not state.conservation_problems()


def human_session(rack: str = "", *, exact: bool = False, melded: bool = False, variant: str = "classic",
                  opponents=("basic", "basic", "basic"), seed: int = 3, options=None, autosave: bool = False) -> Session:
    """A game where the human (seat 0) is to move, holding the tiles in ``rack`` (notation)."""
    seats = [("You", "human")] + [(f"CPU {i + 1}", lv) for i, lv in enumerate(opponents)]
    state = engine.new_game(variant, seats, seed=seed, options=options)
    if rack:
        tiles = parse_tiles(rack)
        (set_rack if exact else give)(state, 0, tiles)
    state.current = 0
    state.players[0].melded = melded
    return Session(state, autosave=autosave)


def tiles(text: str) -> list[int]:
    return [int(t) for t in parse_tiles(text)]


def lay_table(state, sets, width: int | None = None) -> None:
    """Put ``sets`` (notation strings) on the table as they would be after earlier turns; a
    tile taken from a rack is replaced there by one from the pool."""
    from game.rules.board import Board

    every = [int(t) for t in parse_tiles(" ".join(sets))]  # one parse: a face twice means both copies
    rows, k = [], 0
    for text in sets:
        n = len(text.split())
        rows.append(every[k:k + n])
        k += n
    wanted = {int(t) for row in rows for t in row}
    for t in wanted:
        if t in state.pool:
            state.pool.remove(t)
            continue
        for p in state.players:
            if t in p.rack:
                p.rack.remove(t)
                spare = next(u for u in reversed(state.pool) if u not in wanted)
                state.pool.remove(spare)
                p.rack.append(spare)
                break
        else:
            raise AssertionError(f"tile {t} is not in the pool or a rack")
    state.board = Board.from_sets([[int(t) for t in row] for row in rows], width or state.variant.grid_width)
    assert not state.conservation_problems()


def table_session(table, rack, variant="classic", melded=True, seed=5, opponents=("basic", "basic", "basic")) -> Session:
    """The human to move with ``table`` (sets, in notation) laid and ``rack`` tiles held; both
    copies of a face on the table and the rack are used, the table's first."""
    sess = human_session(variant=variant, opponents=opponents, seed=seed)
    st = sess.state
    lay_table(st, table)
    every = tiles(" ".join(table) + " " + rack)  # a face on the table and the rack: both copies
    give(st, 0, every[len(every) - len(rack.split()):])
    st.players[0].melded = melded
    return Session(st, autosave=False)
