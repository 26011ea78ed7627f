"""Turn validation: a draft (start position -> proposed end position).

``validate(variant, start, board)`` returns a list of ``Problem``s, each a
``Reason`` code with its data and the cells it concerns (``game.play.reasons``
words them).  An empty list means the
play is legal.  Bad input is data here, never an exception.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from .board import Board, Cell, Line
from .melds import Meld
from .reasons import Reason, SetFault
from .tiles import JOKER_IDS, copies, face_key, is_joker

if TYPE_CHECKING:  # pragma: no cover
    from .variants.base import Variant


@dataclass(frozen=True)
class Problem:
    """Why a move is refused: a ``Reason`` and plain data (which fields a code fills is
    written beside it in ``reasons``), never a sentence."""

    code: Reason
    cells: tuple[Cell, ...] = ()
    tiles: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    fault: SetFault = SetFault.NONE  # why a set is not valid (``Meld.reason``)
    detail: str = ""  # a claim's key, a decoder's note for developers


@dataclass
class TurnStart:
    """What the referee needs to know about the position a turn started from."""

    board: Board
    rack: list[int]
    melded: bool
    drawn: int | None = None  # tile drawn this turn, which may not be played
    extra: dict = field(default_factory=dict)


@dataclass
class Analysis:
    """Everything the checks (and the play screen) want to know about a draft."""

    start: TurnStart
    board: Board
    played: list[int]
    lines: list[Line]
    melds: list[Meld]
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems

    def initial_points(self) -> int:
        """Points of lines made only of tiles from the rack (jokers at the value they stand for)."""
        new = set(self.played)
        return sum(m.value for ln, m in zip(self.lines, self.melds) if m and all(t in new for t in ln.tiles))


def invalid_set(line: Line, meld: Meld) -> Problem:
    """A line on the table that is not a valid set."""
    return Problem(Reason.INVALID_SET, line.cells, tiles=tuple(line.tiles), fault=meld.reason)


def _one_of_each(faces: Iterable[int]) -> tuple[int, ...]:
    """One tile of each face (a joker's roles), in face order."""
    return tuple(copies(f)[0] for f in sorted(faces))


def _lines_with(lines: Iterable[Line], tile_id: int) -> list[Line]:
    return [ln for ln in lines if tile_id in ln.tiles]


def canonical_board(start: TurnStart, board: Board) -> Board:
    """The draft with the two copies of every face (and the two jokers) assigned so that no
    verdict depends on which physical copy sits where: a tile on a cell that held the same
    face at the start keeps that cell's copy; the other cells, in reading order, get the
    remaining copies of the player's own (the table's first in reading order, then the
    rack's in rack order, the tile drawn this turn last).  The result depends only on what
    the cells and the rack show, never on the order the draft was built in."""
    mine: dict[int, list[int]] = {}
    for _, t in sorted(start.board.cells.items()):
        mine.setdefault(face_key(t), []).append(t)
    for t in sorted(start.rack, key=lambda t: t == start.drawn):
        mine.setdefault(face_key(t), []).append(t)
    own = start.board.tile_set() | set(start.rack)
    placed = [(c, t) for c, t in sorted(board.cells.items()) if t in own]
    free = {f: list(ids) for f, ids in mine.items()}
    out = dict(board.cells)
    later = []
    for c, t in placed:
        keep = start.board.get(c)
        if keep is not None and face_key(keep) == face_key(t) and keep in free[face_key(t)]:
            out[c] = keep
            free[face_key(t)].remove(keep)
        else:
            later.append((c, t))
    for c, t in later:
        out[c] = free[face_key(t)].pop(0)
    return Board(out)


def analyse(variant: "Variant", start: TurnStart, board: Board) -> Analysis:
    """Check a draft against every rule of ``variant`` and explain each problem.
    Copies of a face are interchangeable: the draft is read through ``canonical_board``."""
    problems: list[Problem] = []
    if len(set(board.tiles())) == len(board):
        board = canonical_board(start, board)
    before_tiles = Counter(start.board.tiles())
    after_tiles = Counter(board.tiles())
    dupes = [t for t, n in after_tiles.items() if n > 1]
    if dupes:
        problems.append(Problem(Reason.TILE_TWICE, tiles=tuple(dupes)))
    rack = set(start.rack)
    missing = [t for t in before_tiles if t not in after_tiles]
    if missing:
        where = start.board.where()
        problems.append(
            Problem(Reason.TABLE_TILE_TO_RACK, tuple(where[t] for t in missing), tiles=tuple(missing))
        )
    played = [t for t in after_tiles if t not in before_tiles]
    foreign = [t for t in played if t not in rack]
    if foreign:
        problems.append(Problem(Reason.NOT_YOURS, tiles=tuple(foreign)))
    played = [t for t in played if t in rack]
    if start.drawn is not None and start.drawn in played:
        where = board.where()
        problems.append(Problem(Reason.DRAWN_THIS_TURN, (where[start.drawn],)))

    lines = board.lines(vertical=variant.crossword)
    melds = [ln.check() for ln in lines]
    for ln, meld in zip(lines, melds):
        if not meld:
            problems.append(invalid_set(ln, meld))
    if variant.crossword and not board.is_connected():
        problems.append(Problem(Reason.NOT_CONNECTED))
    if not played:
        problems.append(Problem(Reason.NOTHING_PLAYED))

    analysis = Analysis(start, board, played, lines, melds, problems)
    if not start.melded:
        problems.extend(variant.initial_meld_problems(analysis))
    else:
        problems.extend(joker_problems(variant, analysis))
    problems.extend(variant.extra_play_problems(analysis))
    return analysis


def validate(variant: "Variant", start: TurnStart, board: Board) -> list[Problem]:
    return analyse(variant, start, board).problems


# -- shared rule pieces the variants combine -------------------------------------------------


def initial_meld_problems(analysis: Analysis, minimum: int, table_untouched: bool) -> list[Problem]:
    """The first play: sets made only from the rack worth at least ``minimum``.

    With ``table_untouched`` (every sheet but the Golden Games) the tiles already on the
    table stay where they are and no new tile joins an existing set.
    """
    out: list[Problem] = []
    start, board = analysis.start, analysis.board
    new = set(analysis.played)
    if table_untouched:
        moved = [t for c, t in start.board.cells.items() if board.get(c) != t]
        if moved:
            where = board.where()
            out.append(
                Problem(Reason.TABLE_MOVED_BEFORE_MELD, tuple(where[t] for t in moved if t in where))
            )
        mixed = [ln for ln in analysis.lines if any(t in new for t in ln.tiles) and not all(t in new for t in ln.tiles)]
        for ln in mixed:
            out.append(Problem(Reason.MELD_FROM_RACK_ONLY, ln.cells))
    points = analysis.initial_points()
    if analysis.played and points < minimum:
        out.append(Problem(Reason.MELD_TOO_FEW_POINTS, numbers=(minimum, points)))
    return out


def joker_problems(variant: "Variant", analysis: Analysis) -> list[Problem]:
    """The joker rules: jokers freed from the table, and jokers played from the rack."""
    out: list[Problem] = []
    start, board = analysis.start, analysis.board
    new = set(analysis.played)
    vertical = variant.crossword
    before_lines = start.board.lines(vertical=vertical)
    before_melds = [ln.check() for ln in before_lines]
    after_pairs = list(zip(analysis.lines, analysis.melds))
    for cell, j in start.board.cells.items():
        if not is_joker(j):
            continue
        old = [(ln, m) for ln, m in zip(before_lines, before_melds) if j in ln.tiles]
        new_ = [(ln, m) for ln, m in after_pairs if j in ln.tiles]
        if not old or not new_:
            continue
        if not _freed(j, old, new_):
            continue
        old_roles = {f for ln, m in old if m for f in m.roles[ln.tiles.index(j)]}
        where = board.where()
        jcell = (where[j],) if j in where else ()
        rack_in_line = max(sum(1 for t in ln.tiles if t in new) for ln, _ in new_)
        if variant.joker_exact_replacement:
            if not any(not is_joker(t) and face_key(t) in old_roles for t in analysis.played):
                out.append(Problem(Reason.JOKER_NOT_REPLACED, jcell, tiles=_one_of_each(old_roles)))
        valid_homes = [ln for ln, m in new_ if m]
        if variant.freed_joker_new_set and valid_homes and not any(
                _is_new_set(j, ln, board, before_lines, before_melds) for ln in valid_homes):
            out.append(Problem(Reason.FREED_JOKER_OLD_SET, jcell))
        if rack_in_line < variant.freed_joker_min_rack:
            out.append(Problem(Reason.FREED_JOKER_FEW_RACK, jcell, numbers=(variant.freed_joker_min_rack,)))
    if variant.joker_exact_replacement:
        out.extend(joker_placement_problems(analysis, variant.freed_joker_min_rack, vertical, before_lines, before_melds))
    need = variant.hand_joker_min_rack_companions
    if need:
        for j in analysis.played:
            if not is_joker(j):
                continue
            lines = _lines_with(analysis.lines, j)
            best = max((sum(1 for t in ln.tiles if t in new and t != j) for ln in lines), default=0)
            if best < need:
                where = board.where()
                out.append(Problem(Reason.RACK_JOKER_FEW_MATES, (where[j],), numbers=(need,)))
    return out


def joker_faces(pairs: list[tuple[Line, Meld]], j: int) -> set[int]:
    """Faces joker ``j`` may stand for, given every valid line it lies in (where two sets
    cross, the joker stands for one tile in both: the intersection)."""
    faces: set[int] | None = None
    for ln, m in pairs:
        if m and j in ln.tiles:
            here = set(m.roles[ln.tiles.index(j)])
            faces = here if faces is None else faces & here
    return faces or set()


def joker_placement_problems(
    analysis: Analysis,
    min_rack: int,
    vertical: bool,
    before_lines: list[Line] | None = None,
    before_melds: list[Meld] | None = None,
) -> list[Problem]:
    """Exact replacement (Rummy Q, Golden Games, Rummi200kub): the tile that frees a joker
    takes the joker's place in its set, and the freed joker's new set holds ``min_rack``
    tiles from the rack besides that replacing tile."""
    out: list[Problem] = []
    start = analysis.start
    if before_lines is None:
        before_lines = start.board.lines(vertical=vertical)
        before_melds = [ln.check() for ln in before_lines]
    before = list(zip(before_lines, before_melds or []))
    after = list(zip(analysis.lines, analysis.melds))
    played = set(analysis.played)
    where = analysis.board.where()
    for j in JOKER_IDS:
        old = [(ln, m) for ln, m in before if j in ln.tiles]
        new = [(ln, m) for ln, m in after if j in ln.tiles]
        if not old or not new or not _freed(j, old, new):
            continue
        roles = joker_faces(old, j)
        replacing = [t for t in analysis.played if not is_joker(t) and face_key(t) in roles]
        if not replacing:
            continue  # joker_problems already says the exact tile is missing
        mates = {t for ln, _ in old for t in ln.tiles if not is_joker(t)}
        need_mates = min(2, len(mates)) or 1
        in_place = [
            t for t in replacing
            if any(t in ln.tiles and m and len(mates.intersection(ln.tiles)) >= need_mates for ln, m in after)
        ]
        jcell = (where[j],) if j in where else ()
        if not in_place:
            out.append(Problem(Reason.JOKER_NOT_IN_PLACE, jcell, tiles=_one_of_each(roles)))
        used = set(in_place[:1] or replacing[:1])
        best_all = max(sum(1 for t in ln.tiles if t in played) for ln, _ in new)
        best = max(sum(1 for t in ln.tiles if t in played and t not in used) for ln, _ in new)
        if best_all >= min_rack > best:
            out.append(Problem(Reason.FREED_JOKER_FEW_BESIDES, jcell, numbers=(min_rack,)))
    return out


def _is_new_set(j: int, line: Line, board: Board, before_lines: list[Line], before_melds: list[Meld]) -> bool:
    """Is ``line`` (holding the freed joker ``j``) a new set?  It is unless it holds every
    tile of some set that was on the table at the start of the turn (that set, extended).
    Sets are judged by their tiles, not by the faces they show: copies of a face are
    interchangeable, so an old set whose faces all show in ``line`` is still outside it
    when all its faces also show elsewhere on the table (the other copies there being its
    own tiles, the copies in ``line`` new ones).  Every such set needs copies of its own."""
    inside = Counter(face_key(t) for t in line.tiles)
    elsewhere = Counter(face_key(t) for t in board.tiles()) - inside
    need: Counter = Counter()
    for ln, m in zip(before_lines, before_melds):
        faces = Counter(face_key(t) for t in ln.tiles if t != j)
        if m and not (faces - inside):
            need += faces
    return not (need - elsewhere)


def _freed(j: int, old: list[tuple[Line, Meld]], new: list[tuple[Line, Meld]]) -> bool:
    """Was joker ``j`` taken out of its set?  It was if it now stands for a different
    tile, or if its new set keeps fewer than two of the numbered tiles it had."""
    old_roles = {f for ln, m in old if m for f in m.roles[ln.tiles.index(j)]}
    new_roles = {f for ln, m in new if m for f in m.roles[ln.tiles.index(j)]}
    if old_roles and new_roles and not (old_roles & new_roles):
        return True
    old_mates = Counter(face_key(t) for ln, _ in old for t in ln.tiles if not is_joker(t))
    new_mates = Counter(face_key(t) for ln, _ in new for t in ln.tiles if not is_joker(t))
    return sum((old_mates & new_mates).values()) < 2
