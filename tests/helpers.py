"""Rigged positions shared by the tests: ``rig`` (every rack by notation) and ``position`` (seat 0's
rack by notation, the opponent's from the rest); the screen tests' is ``uihelp.table_session``."""

import errno

from game.rules import engine
from game.rules.board import Board
from game.rules.tiles import ALL_TILE_IDS, notation, parse_tiles
from game.storage import persistence


def refused(result, code, tiles=None, numbers=None) -> bool:
    """Was ``result`` (a ``TurnResult`` or a list of problems) refused with a problem of ``code``,
    naming ``tiles`` (notation, in any order) and ``numbers`` when they are given?"""
    problems = result if isinstance(result, list) else result.problems
    return any(p.code == code
               and (tiles is None or sorted(map(notation, p.tiles)) == sorted(map(notation, parse_tiles(tiles))))
               and (numbers is None or p.numbers == tuple(numbers))
               for p in problems)


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


def crossing_board() -> Board:
    """R5 R6 R7 in a row, with K6 above and B6 below its middle tile: a column crossing the row."""
    b = Board()
    row = parse_tiles("R5 R6 R7")
    b.place_line((0, 0), row)
    col = parse_tiles("K6 B6", used=row)
    b.place((-1, 1), col[0])
    b.place((1, 1), col[1])
    return b


def finish_quickly(state):
    """End every game of a table at once, as a blocked game (everyone scores their rack).
    A real, finished GameState, without playing the turns: for structure tests."""
    while state.phase != "game_over":
        if state.phase == "round_over":
            engine.next_round(state)
        else:
            engine.finish_round(state, "blocked")
    return state


class FullDisk:
    """A disk that is full while ``full`` is set: every file write (``persistence.atomic_write_bytes``,
    monkeypatched) that ``refuses`` fails with ENOSPC and is counted in ``refused``."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        self.refused = 0
        real = persistence.atomic_write_bytes

        def write(path, data, keep_backup=True):
            if self.full and self.refuses(data):
                self.refused += 1
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(path, data, keep_backup)

        monkeypatch.setattr(persistence, "atomic_write_bytes", write)

    def refuses(self, data: bytes) -> bool:
        """Whether the full disk refuses ``data`` (all of it, unless a test's disk keeps some room)."""
        return True
