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


FULL_ROWS = ["B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13", "K11 K12 K13", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10 O11 O12 O13",
             "R11 R12 R13"] * 2


def computer_with_two_long_runs(opponents=("hard",)):
    """Seat 1 (a computer) to move, the table's four rows full (a 13-tile run and a group of
    three on each, 17 of 19 cells) and a spare row; seat 1 holds K1-K10 and R1-R10 (21 tiles),
    and the play ``(session, after)`` lays the two runs on the spare row and a new row below."""
    from game.rules.board import Board

    sess = human_session("", melded=True, opponents=opponents, seed=5)
    st = sess.state
    lay_table(st, FULL_ROWS)
    sets = [list(ln.tiles) for ln in st.board.lines()]
    board = Board()
    for i in range(0, len(sets), 2):
        board.place_line((i // 2, 0), sets[i])
        board.place_line((i // 2, 14), sets[i + 1])
    st.board = board
    wanted = [int(t) for t in parse_tiles("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 J",
                                          used=st.board.tiles())]
    give(st, 1, wanted[:14])
    for t in wanted[14:]:  # a rack of 21: the rest from the pool, or another rack (which takes a pool tile)
        holder = st.pool if t in st.pool else next(p.rack for p in st.players if t in p.rack)
        holder.remove(t)
        if holder is not st.pool:
            holder.append(next(u for u in st.pool if u not in wanted))
            st.pool.remove(holder[-1])
        st.players[1].rack.append(t)
    assert not st.conservation_problems()
    for p in st.players:
        p.melded = True
    st.current = 1
    sess.begin_turn()
    after = st.board.copy()
    after.place_line((4, 0), wanted[:10])
    after.place_line((5, 0), wanted[10:20])  # 10 + 1 + 10 cells do not fit one row of 19
    return sess, after
