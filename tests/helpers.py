"""Rigged positions shared by the tests: ``rig`` (every rack by notation) and ``position`` (seat 0's
rack by notation, the opponent's from the rest); the screen tests' is ``uihelp.table_session``."""

from game.rules import engine
from game.rules.board import Board
from game.rules.tiles import ALL_TILE_IDS, parse_tiles


def rig(variant, racks, table=(), melded=True, current=0, options=None, seed=5):
    """A game of ``variant`` whose racks and table are the given notations; every other
    tile is in the pool, so all 106 tiles stay accounted for."""
    state = engine.new_game(variant, [f"P{i + 1}" for i in range(len(racks))], seed=seed, options=options)
    used: list[int] = []
    sets = []
    for text in table:
        tiles = [int(t) for t in parse_tiles(text, used)]
        used += tiles
        sets.append(tiles)
    for p, text in zip(state.players, racks):
        p.rack = [int(t) for t in parse_tiles(text, used)]
        used += p.rack
        p.melded = melded
    state.board = Board.from_sets(sets)
    state.pool = [t for t in ALL_TILE_IDS if t not in set(used)]
    state.current = state.dealer_first = current
    assert not state.conservation_problems()
    return state


def position(rack: str, table: str = "", melded: bool = True, opponent_rack: int = 14, variant: str = "classic"):
    """A two-seat game (classic unless told) with seat 0 to play holding ``rack`` and ``table`` laid
    (sets split by "|"); seat 1 holds the first ``opponent_rack`` other tiles, the pool the rest."""
    state = engine.new_game(variant, [("A", "hard"), ("B", "hard")], seed=3)
    used: list[int] = []
    sets = []
    for part in table.split("|"):
        if part.strip():
            tiles = parse_tiles(part, used=used)
            used += tiles
            sets.append([int(t) for t in tiles])
    mine = [int(t) for t in parse_tiles(rack, used=used)]
    taken = set(used) | set(mine)
    rest = [t for t in range(106) if t not in taken]
    other = rest[:opponent_rack]
    pool = rest[opponent_rack:]
    state.board = Board.from_sets(sets)
    state.players[0].rack = mine
    state.players[1].rack = other
    state.players[0].melded = melded
    state.players[1].melded = True
    state.pool = pool
    state.current = 0
    assert not state.conservation_problems()
    return state


def play_sets(state, sets):
    """End the current turn with the table holding exactly these sets (notations), each
    notation standing for a physical tile on the table or the current player's rack."""
    mine = list(state.board.tiles()) + list(state.player.rack)
    used: list[int] = []
    out = []
    for text in sets:
        tiles = []
        for tok in text.split():
            face = parse_tiles(tok)[0]
            t = next(t for t in mine if t not in used and ((t >= 104) == (face >= 104)) and (t >= 104 or t >> 1 == face >> 1))
            tiles.append(t)
            used.append(t)
        out.append(tiles)
    return engine.play(state, Board.from_sets(out))


def slow_clock(step: float):
    """A stand-in for a module's ``time``: a clock that runs ``step`` seconds ahead at every
    reading, as on a machine many times slower."""
    import time
    import types

    ticks = [0.0]

    def perf_counter() -> float:
        ticks[0] += step
        return time.perf_counter() + ticks[0]

    return types.SimpleNamespace(perf_counter=perf_counter)


def play_session(sess, until=lambda s: s.state.phase == "game_over") -> None:
    """Play ``sess`` on (the person draws, the computers move) until ``until(sess)``."""
    sess.begin()
    for _ in range(5000):
        if until(sess):
            return
        if sess.my_turn:
            assert sess.draw().ok
        else:
            sess.computer.run_sync()
    raise AssertionError("the game did not get there")
