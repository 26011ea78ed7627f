"""Puzzles from a seed, proven by the exact finder and graded by what was proven.

``generate(seed, grade)`` builds candidate tables from blocks (``blocks.py``) meant to force a
number of table sets apart, proves each candidate with ``fewest_breaks`` (``game/ai/breaks.py``),
and returns the first whose proven grade is the one asked for.  Everything is deterministic for
a seed (``rng.py``), so a seed names the same puzzle on every machine.

The grade (``grade_of``) says how much of the table must change:

* ``breaks`` = 0: grade 1 when every rack tile joins a table set and there is no joker (an
  extension a beginner sees at once), else 2 (a new set from the rack, or a joker);
* ``breaks`` = b >= 1: grade 2b + 1 (3, 5, 7, 9 for b = 1, 2, 3, 4 or more), one more when a joker
  is on the table or the rack, when many table tiles move (2b + 2 or more) or when b >= 5.

So the grade rises with ``breaks``: a puzzle with more proven breaks always has a higher grade, up
to the top grade (10 holds four or more breaks with a joker or many moves, and five or more).
"""

from __future__ import annotations

from ..ai.breaks import broken_sets, fewest_breaks
from ..rules.melds import arrange
from ..rules.tiles import TILE_IS_JOKER, copies, face_key, sort_key_runs, tile
from . import blocks as B
from .model import MAX_GRADE, MAX_RACK, MIN_GRADE, MIN_RACK, Puzzle, PuzzleError, check_table, read_answer
from .rng import Rng, mix

MAX_ATTEMPTS = 40  # candidates tried for a puzzle of exactly the grade asked for
FALLBACK_ATTEMPTS = 20  # then candidates proven in full, the first that fits taken (its grade the closest)
NUMBERS = 13
MAX_TABLE_SETS = 9


def target_breaks(grade: int) -> int:
    """The proven breaks a grade stands for (grades 9 and 10: four or more)."""
    return (grade - 1) // 2


def grade_of(breaks: int, moved: int, jokers: int, rack_only_set: bool) -> int:
    """The grade of a proven puzzle (see the module doc)."""
    if breaks == 0:
        return 2 if jokers or rack_only_set else 1
    base = 2 * min(breaks, 4) + 1
    bonus = 1 if jokers or moved >= 2 * breaks + 2 or breaks >= 5 else 0
    return min(MAX_GRADE, base + bonus)


def grade_puzzle(puzzle: Puzzle) -> int:
    """``grade_of`` read from a puzzle and its answer."""
    table = {int(t) for t in puzzle.table_tiles}
    rack_only = any(not any(int(t) in table for t in s) for s in puzzle.answer)
    return grade_of(puzzle.breaks, puzzle.moved(), puzzle.jokers, rack_only)


def check_grade(grade: object) -> int:
    if type(grade) is not int or not MIN_GRADE <= grade <= MAX_GRADE:
        raise PuzzleError(f"grade must be a whole number {MIN_GRADE} to {MAX_GRADE}, not {grade!r}")
    return grade


def generate(seed: int, grade: int, pid: str | None = None) -> Puzzle:
    """A puzzle of ``grade`` (1..10) for ``seed``, the same on every machine.

    Every rack tile is placed in ``answer``; ``breaks`` is proven (with one set fewer allowed to
    break, the finder places fewer tiles).  In the rare case that no candidate of exactly that
    grade turns up within ``MAX_ATTEMPTS``, the candidate of the closest grade is returned (its
    ``grade`` says which).  ``pid`` names it (default ``"s{seed}-g{grade}"``).
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PuzzleError(f"seed must be a whole number, not {seed!r}")
    check_grade(grade)
    rng = Rng(mix("tile-rush-puzzle", seed, grade))
    name = pid if pid is not None else f"s{seed}-g{grade}"
    want = target_breaks(grade)
    best: Puzzle | None = None
    for attempt in range(MAX_ATTEMPTS + FALLBACK_ATTEMPTS):
        got = _candidate(rng, grade)
        if got is None:
            continue
        table, rack, meant = got
        if attempt < MAX_ATTEMPTS:  # the proof may stop as soon as it sees another number of breaks
            proof = fewest_breaks(table, rack, min_breaks=want, max_breaks=want if grade < 9 else None, guess=meant)
        else:  # none of the grade turned up: prove in full and keep the closest grade
            proof = fewest_breaks(table, rack, guess=meant)
        if proof is None or proof.placed != len(rack):
            continue
        puzzle = _puzzle(name, table, rack, proof)
        if check_table(puzzle, puzzle.answer):
            continue  # the finder's answer frees a joker into an old set: not a legal play, so not proof enough
        if len(broken_sets(puzzle.table, puzzle.answer)) != proof.breaks:
            continue  # cannot happen: the answer read back from its notation breaks what the proof broke
        if puzzle.grade == grade:
            return puzzle
        if best is None or abs(puzzle.grade - grade) < abs(best.grade - grade):
            best = puzzle
        if attempt >= MAX_ATTEMPTS:
            break
    if best is None:  # cannot happen with the blocks we have; loud for the tests
        raise PuzzleError(f"no puzzle found for seed {seed}, grade {grade}")
    return best


def _puzzle(name: str, table: list[list[int]], rack: list[int], proof) -> Puzzle:
    table = [arrange(s) for s in table]
    rack = sorted(rack, key=sort_key_runs)
    # The copies as the notation reads them back: the first copy of a face to the first place it
    # appears (table in order, then the rack), so ``from_json(to_json(p)) == p``.
    same = _canonical_copies([t for s in table for t in s] + rack)
    puzzle = Puzzle(
        id=name,
        grade=1,
        breaks=proof.breaks,
        table=tuple(tuple(tile(same[t]) for t in s) for s in table),
        rack=tuple(tile(same[t]) for t in rack),
        answer=tuple(tuple(tile(same[t]) for t in arrange(s)) for s in proof.sets),
    )
    # the answer as its notation reads back (which copy of a face goes where), then graded
    answer = read_answer(name, puzzle.to_json()["answer"], puzzle.table, puzzle.rack)
    puzzle = Puzzle(name, 1, puzzle.breaks, puzzle.table, puzzle.rack, answer)
    return Puzzle(name, grade_puzzle(puzzle), puzzle.breaks, puzzle.table, puzzle.rack, puzzle.answer)


def _canonical_copies(tiles: list[int]) -> dict[int, int]:
    """Old tile id -> the copy of the same face that ``parse_tiles`` would give in this order."""
    taken: set[int] = set()
    out = {}
    for t in tiles:
        new = next(c for c in copies(face_key(t)) if c not in taken)
        taken.add(new)
        out[t] = new
    return out


def _split_breaks(rng: Rng, total: int) -> list[int]:
    """Blocks' nominal breaks adding up to ``total`` (1..4)."""
    ways = {
        1: [[1]],
        2: [[2], [1, 1]],
        3: [[3], [3], [2, 1], [1, 1, 1]],
        4: [[3, 1], [3, 1], [2, 2], [2, 1, 1]],
    }
    return list(rng.choice(ways[total])) if total > 0 else []


def _candidate(rng: Rng, grade: int):
    """One candidate (table sets, rack, indices of the sets the blocks mean to break) for a grade,
    or None when it does not fit."""
    want = min(target_breaks(grade), 4)
    high = (grade - 1) % 2 == 1
    chosen: list[B.Block] = []
    rack_joker = False
    if want == 0:
        if high:
            if rng.chance(50):
                chosen.append(B.NEW_RUN)
            else:
                rack_joker = True
        while len(chosen) < 3 - (1 if rack_joker else 0) and not (chosen and chosen[0] is B.NEW_RUN):
            chosen.append(rng.choice(B.EXTENSIONS))
    else:
        rest = want
        if high:
            chosen.append(rng.choice(B.JOKERS))
            rest -= 1
        for part in _split_breaks(rng, rest):
            chosen.append(rng.choice(B.BY_BREAKS[part]))
    tiles = B.Tiles()
    try:
        return _lay_out(rng, tiles, chosen, rack_joker)
    except B.NoTile:
        return None


def _lay_out(rng: Rng, tiles: B.Tiles, chosen: list[B.Block], rack_joker: bool):
    widths = [b.width for b in chosen] + [1 for b in chosen if b.extra_number]
    # the numbers 1..13 left over once every window and a gap between neighbours are counted
    room = NUMBERS - (sum(widths) + len(widths) - 1)
    if room < 0:
        return None
    order = list(range(len(widths)))
    rng.shuffle(order)
    slack = room
    starts = [0] * len(widths)
    at = 1
    for i in order:
        gap = rng.below(slack + 1) if slack and rng.chance(50) else 0
        slack -= gap
        at += gap
        starts[i] = at
        at += widths[i] + 1
    table: list[list[int]] = []
    rack: list[int] = []
    meant: list[int] = []  # the sets the blocks mean to force apart
    if rack_joker:
        rack.append(tiles.joker())
    extra = len(chosen)  # the far numbers come after the blocks' windows
    for i, block in enumerate(chosen):
        far = 0
        if block.extra_number:
            far = starts[extra]
            extra += 1
        built = block.build(rng, tiles, starts[i], far)
        meant.extend(len(table) + k for k in built.meant)
        table.extend(built.table)
        rack.extend(built.rack)
    free = _free_numbers(starts, widths)
    while len(rack) < MIN_RACK:
        if not free:
            return None
        n = rng.choice(free)
        free.remove(n)
        built = B.EXT_GROUP.build(rng, tiles, n, 0)
        table.extend(built.table)
        rack.extend(built.rack)
    _decorate(rng, tiles, table, rack)
    if len(rack) > MAX_RACK:
        return None
    order = list(range(len(table)))
    rng.shuffle(order)
    return [table[i] for i in order], rack, [order.index(i) for i in meant]


def _decorate(rng: Rng, tiles: B.Tiles, table: list[list[int]], rack: list[int]) -> None:
    """One to three more sets anywhere on the table, some with a rack tile that extends them, so
    the table is not only the puzzle's core.  Fewer with a joker about (it may touch every set,
    and every set then counts in the proof)."""
    joker = any(TILE_IS_JOKER[t] for s in table for t in s) or any(TILE_IS_JOKER[t] for t in rack)
    if joker and len(table) >= 4:
        count = 1  # four or more sets where a joker may touch them all: every extra set multiplies the proof
    else:
        count = rng.between(1, 2 if joker or len(table) >= 4 else 3)
    for _ in range(count):
        if len(table) >= MAX_TABLE_SETS:
            return
        colour = rng.below(4)
        try:
            if rng.chance(55):
                lo = rng.between(1, 10)
                hi = min(13, lo + 2 + rng.below(3))
                new = tiles.run(colour, lo, hi)
                end = (colour, hi + 1) if rng.chance(50) else (colour, lo - 1)
            else:
                number = rng.between(1, 13)
                colours = [c for c in range(4) if c != colour]
                rng.shuffle(colours)
                if rng.chance(25):
                    new, end = tiles.group(colours + [colour], number), None
                else:
                    new, end = tiles.group(colours[:2] + [colour], number), (colours[2], number)
        except B.NoTile:
            continue
        table.append(new)
        if end is not None and len(rack) < MAX_RACK and rng.chance(40):
            try:
                rack.append(tiles.take(*end))
            except B.NoTile:
                pass


def _free_numbers(starts: list[int], widths: list[int]) -> list[int]:
    """Numbers no block uses and that touch none (so an added group stays on its own)."""
    taken = set()
    for s, w in zip(starts, widths):
        taken.update(range(s - 1, s + w + 1))
    return [n for n in range(1, NUMBERS + 1) if n not in taken]
