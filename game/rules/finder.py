"""A small, deterministic legal-play finder for must-play rules.

Rummibug's "a player holding 35 or more tiles must meld if they can" (and the
computer players' wish to end a Relaxed turn under the hand limit) needs an
answer to "can this rack play anything legal here?".  The exact meld finder of
the AI (``game/ai/solver.py``) is far stronger, but the referee must not depend
on the AI package, so this module answers with plays of a few simple kinds that
a person would see at a glance:

* before the initial meld: new sets from the rack alone, together worth the
  variant's initial-meld points (a bounded search over disjoint rack sets);
* after it: new sets from the rack alone; a rack tile added to either end of a
  table run or to a table group of three; a rack tile that splits a table run of
  five or more into two runs (2-3-4-5-6-7 + 4 -> 2-3-4 and 4-5-6-7).

Plays that need the table rearranged in other ways (moving table tiles between
sets, freeing jokers) are not looked for, so the referee may miss such a play:
the rule is enforced when the referee itself sees a play.  Every play returned
has been checked with ``turn.analyse`` for the given variant, so it is legal.

``find_play`` makes the play as large as these moves allow (several sets and
extensions together), which is what a player trying to shed tiles wants.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Iterable, Sequence

from .board import Board
from .melds import check_line
from .turn import TurnStart, analyse
from .tiles import JOKER_FACE, copies, face_at, face_key, face_number, is_joker, number_of

if TYPE_CHECKING:  # pragma: no cover
    from .variants.base import Variant

from .board import GRID_WIDTH as DEFAULT_WIDTH
SEARCH_BUDGET = 20000  # nodes of the initial-meld search (deterministic, a few ms)


# -- candidate sets from a rack ------------------------------------------------------------


def rack_sets(rack: Iterable[int]) -> list[list[int]]:
    """Every group and run that can be made from ``rack`` (in table order, jokers
    filling gaps), one physical tile per face.  Deterministic order."""
    rack = sorted(set(int(t) for t in rack))
    jokers = [t for t in rack if is_joker(t)]
    first: dict[int, int] = {}
    for t in rack:
        if not is_joker(t):
            first.setdefault(face_key(t), t)
    out: list[list[int]] = []
    # groups: 3 or 4 distinct colours of one number, jokers standing for missing colours
    for number in range(1, 14):
        have = [first[face_at(c, number)] for c in range(4) if face_at(c, number) in first]
        for k in range(1, len(have) + 1):
            for combo in combinations(have, k):
                for j in range(0, len(jokers) + 1):
                    if 3 <= k + j <= 4:
                        out.append(list(combo) + jokers[:j])
    # runs: consecutive numbers of one colour, jokers filling missing numbers
    for colour in range(4):
        for start in range(1, 14):
            for end in range(start + 2, 14):
                faces = [face_at(colour, n) for n in range(start, end + 1)]
                missing = sum(1 for f in faces if f not in first)
                if missing > len(jokers):
                    break  # longer runs from this start miss even more
                if missing == len(faces):
                    continue
                js = iter(jokers)
                out.append([first[f] if f in first else next(js) for f in faces])
    return [s for s in out if check_line(s)]


def _value(tiles: Sequence[int]) -> int:
    return check_line(tiles).value


def initial_meld_sets(rack: Iterable[int], minimum: int, budget: int = SEARCH_BUDGET) -> list[list[int]] | None:
    """Disjoint rack sets worth at least ``minimum`` points together, or None.

    First the greedy packing (longest sets first, second copies too); when that falls short,
    a search over faces with their multiplicity, most valuable sets first, pruned by the
    points the remaining tiles could still add and stopped after ``budget`` steps; the
    answer is then topped up with whatever sets the leftover tiles still make."""
    rack = [int(t) for t in rack]
    greedy = _greedy_sets(rack)
    if sum(_value(s) for s in greedy) >= minimum:
        return greedy
    avail: dict[int, int] = {}
    for t in rack:
        avail[face_key(t)] = avail.get(face_key(t), 0) + 1
    cands = sorted(set(tuple(face_key(t) for t in s) for s in rack_sets(rack)), key=lambda f: (-_value_faces(f), -len(f), f))
    needs = []
    for f in cands:
        need: dict[int, int] = {}
        for x in f:
            need[x] = need.get(x, 0) + 1
        needs.append(tuple(need.items()))
    values = [_value_faces(f) for f in cands]
    worth = [sum(13 if x == JOKER_FACE else face_number(x) for x in f) for f in cands]  # most the tiles can add
    potential = sum(13 if is_joker(t) else number_of(t) for t in rack)
    steps = 0
    chosen: list[int] = []

    def dfs(i: int, points: int, potential: int) -> bool:
        nonlocal steps
        if points >= minimum:
            return True
        if points + potential < minimum:
            return False
        for k in range(i, len(cands)):
            steps += 1
            if steps > budget:
                return False
            if all(avail.get(x, 0) >= n for x, n in needs[k]):
                for x, n in needs[k]:
                    avail[x] -= n
                chosen.append(k)
                if dfs(k, points + values[k], potential - worth[k]):  # k again: a set may be made twice
                    return True
                chosen.pop()
                for x, n in needs[k]:
                    avail[x] += n
        return False

    if not dfs(0, 0, potential):
        return None
    copies: dict[int, list[int]] = {}
    for t in sorted(rack):
        copies.setdefault(face_key(t), []).append(t)
    found = [[copies[x].pop(0) for x in cands[c]] for c in chosen]
    used = {t for s in found for t in s}
    return found + _greedy_sets([t for t in rack if t not in used])


def _value_faces(faces: Sequence[int]) -> int:
    return check_line([copies(f)[i % 2 if f == JOKER_FACE else 0] for i, f in enumerate(faces)]).value


# -- moves after the initial meld --------------------------------------------------------


def _extend_once(sets: list[list[int]], tile: int) -> bool:
    """Add ``tile`` to an end of a run or to a group of three, in place; True if done."""
    for s in sets:
        for cand in (s + [tile], [tile] + s):
            if len(cand) <= 13 and check_line(cand):
                s[:] = cand
                return True
    return False


def _split_once(sets: list[list[int]], tile: int) -> bool:
    """Insert ``tile`` into a run of five or more by splitting it at a tile of the same face."""
    if is_joker(tile):
        return False
    for idx, s in enumerate(sets):
        if len(s) < 5:
            continue
        meld = check_line(s)
        if not meld or meld.kind != "run":
            continue
        for i in range(2, len(s) - 2):
            if meld.roles[i] == (face_key(tile),):
                left, right = s[: i + 1], [tile] + s[i + 1 :]
                if check_line(left) and check_line(right):
                    sets[idx : idx + 1] = [left, right]
                    return True
    return False


def _greedy_sets(rack: list[int]) -> list[list[int]]:
    """Disjoint rack sets, longest first, repeated on what is left (second copies)."""
    chosen: list[list[int]] = []
    left = list(rack)
    while True:
        used: set[int] = set()
        for s in sorted(rack_sets(left), key=lambda s: (-len(s), -_value(s), s)):
            if used.isdisjoint(s):
                chosen.append(s)
                used.update(s)
        if not used:
            return chosen
        left = [t for t in left if t not in used]


def place(old: Board, sets: Sequence[Sequence[int]], width: int = DEFAULT_WIDTH) -> Board:
    """A board holding ``sets``: lines already on ``old`` stay where they are, the rest
    go to free slots (one empty cell between neighbours)."""
    old_lines = {tuple(ln.tiles): ln.start for ln in old.lines()}
    board = Board()
    pending = []
    for s in sets:
        start = old_lines.get(tuple(s))
        if start is not None:
            board.place_line(start, s)
        else:
            pending.append(s)
    for s in pending:
        slot = board.free_slot(len(s), max(width, len(s)))
        board.place_line(slot, s)
    return board


def find_play(
    variant: "Variant",
    board: Board,
    rack: Sequence[int],
    melded: bool,
    drawn: int | None = None,
    width: int | None = None,
) -> Board | None:
    """A legal end-of-turn table for this rack, as large as the simple moves allow, or None.

    The tile drawn this turn (``drawn``) is never played."""
    width = width or variant.grid_width
    rack = [int(t) for t in rack]
    usable = [t for t in rack if t != drawn]
    start = TurnStart(board.copy(), list(rack), melded, drawn)

    def legal(new_board: Board) -> bool:
        return not analyse(variant, start, new_board).problems

    if not melded:
        sets = initial_meld_sets(usable, variant.initial_meld_points())
        if not sets:
            return None
        new = place(board, list(board_sets(board)) + sets, width)
        return new if legal(new) else None

    table = [list(s) for s in board_sets(board)]
    # 1. everything at once: rack sets, then extensions and splits with the rest
    sets = _greedy_sets(usable)
    used = {t for s in sets for t in s}
    left = [t for t in usable if t not in used]
    work = [list(s) for s in table] + [list(s) for s in sets]
    changed = True
    while changed:
        changed = False
        for t in sorted(left, key=lambda t: (is_joker(t), t)):
            if _extend_once(work, t) or _split_once(work, t):
                left.remove(t)
                changed = True
                break
    if used or len(left) < len(usable):
        new = place(board, work, width)
        if legal(new):
            return new
    # 2. one move at a time (a combination may break a variant rule such as a joker rule)
    for s in rack_sets(usable):
        new = place(board, table + [s], width)
        if legal(new):
            return new
    for t in sorted(set(usable), key=lambda t: (is_joker(t), t)):
        for move in (_extend_once, _split_once):
            work = [list(s) for s in table]
            if move(work, t):
                new = place(board, work, width)
                if legal(new):
                    return new
    return None


def board_sets(board: Board) -> list[list[int]]:
    return [list(ln.tiles) for ln in board.lines()]
