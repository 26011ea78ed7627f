"""Equivalent layouts of one whole-table arrangement.

The finder answers with sets of tiles; the referee judges a table.  Two tables
holding the same faces in the same sets can get different verdicts from the joker
rules: a joker that ends up standing for another tile counts as freed, and so does
a joker whose set lost its old partners.  ``variants`` lists arrangements that
place exactly the same rack tiles in sets that are still valid, differing only in
where the jokers stand:

* each set holding a joker in every table order ``check_line`` accepts (a joker
  at either end of a run, in any gap, in a group beside any colour), the orders
  that keep every table joker's old reading first;
* a joker traded with a numbered tile of another set that it can stand for in
  that set (both sets stay valid), or two jokers traded between sets.

Pure Python, deterministic.  The players walk a short prefix of this list; the
lost-moves benchmark walks a long one.
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations, product
from typing import Iterator, Sequence

from ..rules.melds import arrange, check_line, check_set
from ..rules.tiles import colour_index, face_key, is_joker, number_of


def orderings(tiles: Sequence[int]) -> list[list[int]]:
    """Every table order of one set that ``check_line`` accepts (jokers in every place they
    can stand); a set without jokers has one order."""
    tiles = list(tiles)
    jokers = [t for t in tiles if is_joker(t)]
    if not jokers:
        return [list(arrange(tiles)) if not check_line(tiles) else tiles]
    naturals = sorted((t for t in tiles if not is_joker(t)), key=face_key)
    out: list[list[int]] = []
    seen: set[tuple[int, ...]] = set()
    for slots in combinations_with_replacement(range(len(naturals) + 1), len(jokers)):
        for jp in permutations(jokers):
            line: list[int] = []
            k = 0
            for i in range(len(naturals) + 1):
                while k < len(slots) and slots[k] == i:
                    line.append(jp[k])
                    k += 1
                if i < len(naturals):
                    line.append(naturals[i])
            key = tuple(line)
            if key in seen:
                continue
            seen.add(key)
            if check_line(line):
                out.append(line)
    return out


def _readings(line: Sequence[int]) -> dict[int, set[int]]:
    meld = check_line(list(line))
    if not meld:
        return {}
    return {t: set(meld.roles[i]) for i, t in enumerate(line) if is_joker(t)}


def joiners(tiles: Sequence[int]) -> tuple[set[int], set[int]] | None:
    """(colours, numbers) one of which a numbered tile shares when it joins ``tiles`` in a valid
    set: a set's numbered tiles share a colour (a run) or a number (a group), so a tile joining
    them shares it too (each empty when the tiles do not share one; None without numbered tiles:
    any tile may)."""
    colours = {colour_index(t) for t in tiles if not is_joker(t)}
    if not colours:
        return None
    numbers = {number_of(t) for t in tiles if not is_joker(t)}
    return (colours if len(colours) == 1 else set()), (numbers if len(numbers) == 1 else set())


def _trades(sets: list[list[int]]) -> Iterator[list[list[int]]]:
    """The arrangement with one joker traded for a tile of another set (or for the other joker)."""
    for a, sa in enumerate(sets):
        kin = joiners(sa)  # a numbered tile that cannot join the set is not tried in a joker's place
        for j in (t for t in sa if is_joker(t)):
            for b, sb in enumerate(sets):
                if b == a:
                    continue
                for x in sb:
                    if x == j:
                        continue
                    if not (kin is None or is_joker(x) or colour_index(x) in kin[0] or number_of(x) in kin[1]):
                        continue
                    na = [x if t == j else t for t in sa]
                    nb = [j if t == x else t for t in sb]
                    if is_joker(x) and x < j:
                        continue  # the same trade seen from the other joker
                    if check_set(na) and check_set(nb):
                        out = [list(s) for s in sets]
                        out[a], out[b] = na, nb
                        yield out


def variants(sets: Sequence[Sequence[int]], old_readings: dict[int, set[int]] | None = None,
             limit: int = 64) -> Iterator[list[list[int]]]:
    """Arrangements equivalent to ``sets`` (the same rack tiles placed, every set valid), at
    most ``limit`` of them: first the orders of the given sets, those whose jokers keep the
    readings in ``old_readings`` (joker -> faces it stood for on the table at the start of
    the turn) first; then the same after one joker trade between sets."""
    old_readings = old_readings or {}
    base = [list(s) for s in sets]
    yielded = 0
    seen: set[tuple] = set()

    def key_of(arr: list[list[int]]) -> tuple:
        return tuple(tuple(s) for s in arr)

    def kept(line: list[int]) -> int:
        reads = _readings(line)
        return sum(1 for j, faces in reads.items() if j in old_readings and faces & old_readings[j])

    starts = [base] + list(_trades(base))
    for start in starts:
        joker_sets = [i for i, s in enumerate(start) if any(is_joker(t) for t in s)]
        options = []
        for i in joker_sets:
            orders = orderings(start[i]) or [start[i]]
            orders.sort(key=lambda ln: -kept(ln))
            options.append(orders)
        for choice in product(*options):
            arr = [list(s) for s in start]
            for i, line in zip(joker_sets, choice):
                arr[i] = list(line)
            k = key_of(arr)
            if k in seen:
                continue
            seen.add(k)
            yield arr
            yielded += 1
            if yielded >= limit:
                return


def table_readings(board) -> dict[int, set[int]]:
    """Joker -> the faces it stands for on ``board`` (every line it lies in)."""
    out: dict[int, set[int]] = {}
    for ln in board.lines():
        for j, faces in _readings(ln.tiles).items():
            out[j] = faces if j not in out else out[j] & faces
    return out
