"""The crossword players' plays (Rummi200kub): a beam search over the steps a draft can take.

Steps: a new set laid across a tile already on the board (a run or group through it, at right
angles to the set it belongs to); a tile added at the end of a set where the crossing lines stay
valid; (medium and up) such a tile with a new set through it at right angles; (medium and up) a
joker taken by putting its exact tile in its place, then played with two rack tiles; (hard) a
table tile moved into a new line with rack tiles (``crossword_moves``).  On an empty board the
first set is laid flat and further rack sets cross it.  ``find_play`` returns the best play the
rules core accepts.
"""

from __future__ import annotations

from typing import Iterator

from ..rules import claims as cl
from ..rules.board import Board, Cell, Line
from ..rules.engine import check_view
from ..rules.melds import arrange, check_line
from ..rules.tiles import colour_index, face_number, is_joker, number_of, numbers_value
from .crossword_claims import leading, rival_seats, threats
from .crossword_draft import H, V, Ctx, Draft, free_line, group_members, index_avail, perp, run_lines, shift
from .crossword_moves import lift_steps
from .racksets import rack_sets


class Planner:
    """Generates legal steps on a draft and searches for the best play."""

    def __init__(self, ctx: Ctx, initial: bool) -> None:
        self.ctx = ctx
        self.initial = initial
        self.prof = ctx.prof

    # -- lines that may be extended ------------------------------------------------------------------
    def _may_extend(self, ln: Line) -> bool:
        ctx = self.ctx
        held = ctx.claimed.get((ln.vertical, ln.cells))
        if held is not None and (ctx.frozen or held == ctx.seat):
            return False  # frozen; or (when a change releases a claim) our own points
        if self.initial and not ctx.may_extend_initial:
            # Before the initial play a line holding rack tiles may hold one table tile at most.
            return sum(1 for c in ln.cells if c in ctx.table_cells) <= 1
        return True

    def _may_touch_joker(self, board: Board, cell: Cell) -> bool:
        for (vertical, cells), held in self.ctx.claimed.items():
            if cell in cells and (self.ctx.frozen or held == self.ctx.seat):
                return False
        return True

    # -- step generation -------------------------------------------------------------------------------
    def steps(self, draft: Draft) -> Iterator[Draft]:
        board = draft.board
        by_face, jokers = index_avail(draft.avail)
        max_j = self.prof.max_jokers
        if not board.cells:
            yield from self._seeds(draft)
            return
        # New lines across an existing tile.
        for cell, t in list(board.cells.items()):
            if is_joker(t):
                continue
            for d in (H, V):
                if shift(cell, d, -1) in board.cells or shift(cell, d, 1) in board.cells:
                    continue
                yield from self._cross(draft, cell, t, d, by_face, jokers, max_j)
        # Tiles added at the ends of lines (and, for combos, a new line through the added tile).
        for ln in board.lines(vertical=True):
            if len(ln.cells) < 3 or not self._may_extend(ln):
                continue
            d = V if ln.vertical else H
            p = perp(d)
            for end, before in ((shift(ln.cells[0], d, -1), True), (shift(ln.cells[-1], d, 1), False)):
                beyond = shift(end, d, -1 if before else 1)
                if end in board.cells or beyond in board.cells:
                    continue
                if shift(end, p, 1) in board.cells or shift(end, p, -1) in board.cells:
                    continue
                for face, tiles in sorted(by_face.items()):
                    t = tiles[0]
                    seq = (t,) + ln.tiles if before else ln.tiles + (t,)
                    if not check_line(seq):
                        continue
                    child = self._child(draft, {end: t}, [t])
                    yield child
                    if self.prof.combos:
                        yield from self._cross(child, end, t, p, *index_avail(child.avail), max_j)
        if self.prof.joker_swaps and not self.initial:
            yield from self._swaps(draft, by_face)
        if self.prof.rearrange and not self.initial:
            yield from lift_steps(self, draft)

    def _seeds(self, draft: Draft) -> Iterator[Draft]:
        seen = set()
        for s in rack_sets(draft.avail, use_jokers=self.prof.max_jokers > 0):
            key = tuple(sorted(s))
            if key in seen:
                continue
            seen.add(key)
            tiles = arrange(s)
            if not check_line(tiles):
                continue
            yield self._child(draft, {(0, c): t for c, t in enumerate(tiles)}, list(tiles))

    def _cross(self, draft: Draft, cell: Cell, anchor: int, d, by_face, jokers, max_j) -> Iterator[Draft]:
        colour, number = colour_index(anchor), number_of(anchor) - 1
        board = draft.board
        # Groups: the anchor at any position.
        for members in group_members(number, colour, by_face, jokers, max_j):
            n = len(members) + 1
            for ai in range(n):
                order = members[:ai] + [anchor] + members[ai:]
                cells = [shift(cell, d, k - ai) for k in range(n)]
                if free_line(board, cells, {cell}, d) and check_line(order):
                    yield self._child(draft, {c: t for c, t in zip(cells, order) if c != cell}, members)
        # Runs ascending through the anchor.
        for order, ai in run_lines(colour, number, by_face, jokers, max_j):
            n = len(order)
            order = [anchor if t is None else t for t in order]
            cells = [shift(cell, d, k - ai) for k in range(n)]
            if free_line(board, cells, {cell}, d) and check_line(order):
                new = [t for k, t in enumerate(order) if k != ai]
                yield self._child(draft, {c: t for c, t in zip(cells, order) if c != cell}, new)

    def _swaps(self, draft: Draft, by_face) -> Iterator[Draft]:
        board = draft.board
        lines = board.lines(vertical=True)
        for cell, j in board.cells.items():
            if not is_joker(j) or cell not in self.ctx.table_cells or not self._may_touch_joker(board, cell):
                continue
            faces = None
            for ln in lines:
                if j in ln.tiles:
                    m = ln.check()
                    if not m:
                        faces = set()
                        break
                    here = set(m.roles[ln.tiles.index(j)])
                    faces = here if faces is None else faces & here
            for f in sorted(faces or ()):
                if by_face.get(f):
                    r = by_face[f][0]
                    nb = board.copy()
                    nb.place(cell, r)
                    if all(ln.check() for ln in nb.lines(vertical=True) if cell in ln.cells):
                        avail = [t for t in draft.avail if t != r] + [j]
                        yield Draft(nb, avail, draft.placed + [r], draft.freed + [j], draft.steps + 1)

    def _child(self, draft: Draft, cells: dict[Cell, int], used: list[int]) -> Draft:
        nb = draft.board.copy()
        for c, t in cells.items():
            nb.place(c, t)
        used_set = set(used)
        avail = [t for t in draft.avail if t not in used_set]
        freed = [j for j in draft.freed if j not in used_set]
        placed = draft.placed + [t for t in used if t not in draft.freed]
        return Draft(nb, avail, placed, freed, draft.steps + 1)

    # -- evaluation and search ---------------------------------------------------------------------------
    def points(self, draft: Draft) -> int:
        total = numbers_value(draft.placed)
        if any(is_joker(t) for t in draft.placed):
            from ..rules.variants.rummi200kub import joker_faces

            lines = draft.board.lines(vertical=True)
            pairs = [(ln, None) for ln in lines]
            for j in draft.placed:
                if is_joker(j):
                    faces = joker_faces(pairs, j)
                    total += max((face_number(f) for f in faces), default=0) if faces else 0
        return total

    def score(self, draft: Draft) -> tuple:
        if self.initial:
            pts = self.points(draft)
            return (min(pts, 30), len(draft.placed), pts, -sum(1 for t in draft.placed if is_joker(t)))
        jokers = sum(1 for t in draft.placed if is_joker(t))
        value = numbers_value(draft.placed)
        n = len(draft.placed)
        if self.prof.keep_jokers and jokers and n < len(self.ctx.rack):
            n -= jokers  # a joker is worth keeping unless it takes us out
        return (-len(draft.freed), n, value, -jokers)

    def search(self) -> list[Draft]:
        """The best finished drafts found, best first (searched once per decision and profile: a
        search that may overlook steps (``Profile.miss``) draws from the rng each time, so it is
        not kept)."""
        key = (self.initial, self.prof)
        if self.prof.miss or key not in self.ctx._searches:
            found = self._search()
            if self.prof.miss:
                return found
            self.ctx._searches[key] = found
        return list(self.ctx._searches[key])

    def _search(self) -> list[Draft]:
        ctx = self.ctx
        root = Draft(ctx.board.copy(), list(ctx.rack))
        frontier = [root]
        seen = {root.key()}
        finals: list[Draft] = []
        budget = 2500 * self.prof.beam
        generated = 0
        for _depth in range(self.prof.depth):
            children = []
            for d in frontier:
                for child in self.steps(d):
                    generated += 1
                    if self.prof.miss and ctx.rng.random() < self.prof.miss:
                        continue
                    k = child.key()
                    if k in seen:
                        continue
                    seen.add(k)
                    children.append(child)
                if generated > budget:
                    break
            if not children:
                break
            children.sort(key=self.score, reverse=True)
            frontier = children[: self.prof.beam]
            finals.extend(c for c in frontier if not c.freed)
            if generated > budget:
                break
        finals.sort(key=self.score, reverse=True)
        return finals


def find_play(ctx: Ctx, cap: int | None = None) -> Board | None:
    """The best legal play (checked by the rules core) among the search's first ``cap`` drafts
    (every draft with None), or None.  The hard level also refuses a play that lays down a set
    giving a rival exactly the target on their turn."""
    planner = Planner(ctx, initial=not ctx.melded)
    tried = 0
    safe_check = ctx.level.startswith("hard") and ctx.has_claims
    if safe_check:
        before = {r: threats(ctx.pos, ctx.rules, r) for r in rival_seats(ctx)}
    for draft in planner.search():
        if not draft.placed:
            continue
        if not ctx.melded and planner.points(draft) < ctx.variant.initial_meld_points():
            break  # sorted by points first: nothing later reaches the initial play either
        tried += 1
        if cap is not None and tried > cap:
            break
        if check_view(ctx.view, draft.board).problems:
            continue
        if safe_check and len(draft.placed) == len(ctx.rack) and not leading(ctx):
            continue  # going out ends the game: not while someone else is closer to the target
        if safe_check and len(draft.placed) < len(ctx.rack):  # (going out ends the game anyway)
            pos = ctx.pos.copy()
            pos.board = draft.board
            pos.melded[ctx.seat] = True
            sets = cl.board_sets(draft.board)
            if any(threats(pos, ctx.rules, r, sets) > before[r] for r in before):
                continue
        return draft.board
    return None
