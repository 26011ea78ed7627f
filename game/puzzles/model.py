"""A puzzle: a table of valid sets, a short rack, and the proven answer.

``Puzzle`` is frozen and plain: tiles are ``Tile`` ids (ints that print as "R5"), the table and
the answer are tuples of sets in table order (runs ascending).  ``to_json`` / ``from_json`` use
the notation every other tool prints ("R5", "K13", "J"); ``from_json`` checks everything a hand
edit could break and raises ``PuzzleError`` with the reason.

``check_table(puzzle, lines)`` is the referee's verdict on a table laid out by a player: every
line a valid set in table order, every table tile still on the table, every rack tile placed, and
with a joker about, the joker rules of the standard rule set (a joker freed from a table set must
go into a new set that turn).

Pure: no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..rules.melds import check_line, check_set
from ..rules.reasons import Reason
from ..rules.tiles import NotationError, Tile, face_key, face_notation, format_tiles, notation, parse_tiles, tile
from ..rules.turn import Problem

MIN_RACK = 3
MAX_RACK = 8
MIN_GRADE = 1
MAX_GRADE = 10
MAX_ID = 64
RULES = "classic"  # the rule set whose referee judges jokers in puzzles (a freed joker goes into a new set)


class PuzzleError(ValueError):
    """A puzzle that is not one: the message says what is wrong."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle.

    ``id``: a short name ("s123-g4", "daily-2026-11-27", "pack-03-07"); ``grade`` 1..10;
    ``breaks``: the proven fewest table sets that must be broken to place every rack tile;
    ``table``: the sets on the table; ``rack``: 3 to 8 tiles, every one placeable; ``answer``: the
    whole table after play (every table tile kept, every rack tile placed, ``breaks`` sets broken).
    """

    id: str
    grade: int
    breaks: int
    table: tuple[tuple[Tile, ...], ...]
    rack: tuple[Tile, ...]
    answer: tuple[tuple[Tile, ...], ...]

    @property
    def table_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for s in self.table for t in s)

    @property
    def jokers(self) -> int:
        """Jokers on the table or the rack."""
        return sum(1 for t in self.table_tiles + self.rack if t.is_joker)

    def moved(self) -> int:
        """Table tiles that change set in the answer: for each broken set, every tile outside
        its largest piece that stays together."""
        home: dict[int, int] = {}
        for k, s in enumerate(self.answer):
            for t in s:
                home[int(t)] = k
        total = 0
        for s in self.table:
            pieces: dict[int, int] = {}
            for t in s:
                pieces[home.get(int(t), -1)] = pieces.get(home.get(int(t), -1), 0) + 1
            total += len(s) - max(pieces.values())
        return total

    def to_json(self) -> dict:
        """``{"id", "grade", "breaks", "table": [[tiles]], "rack": [tiles], "answer": [[tiles]]}``
        with tiles in notation."""
        return {
            "id": self.id,
            "grade": self.grade,
            "breaks": self.breaks,
            "table": [[notation(t) for t in s] for s in self.table],
            "rack": [notation(t) for t in self.rack],
            "answer": [[notation(t) for t in s] for s in self.answer],
        }

    @classmethod
    def from_json(cls, obj: Any) -> "Puzzle":
        """Read ``to_json``'s form back; ``PuzzleError`` says what is wrong with anything else."""
        if not isinstance(obj, dict):
            raise PuzzleError("a puzzle must be a JSON object")
        for key in ("id", "grade", "breaks", "table", "rack", "answer"):
            if key not in obj:
                raise PuzzleError(f"the puzzle has no {key!r}")
        pid = obj["id"]
        if not isinstance(pid, str) or not 0 < len(pid) <= MAX_ID or not pid.isprintable():
            raise PuzzleError(f"bad puzzle id {str(pid)[:40]!r}: up to {MAX_ID} printable characters")
        grade, breaks = obj["grade"], obj["breaks"]
        if type(grade) is not int or not MIN_GRADE <= grade <= MAX_GRADE:
            raise PuzzleError(f"puzzle {pid}: grade must be a whole number {MIN_GRADE} to {MAX_GRADE}")
        if type(breaks) is not int or breaks < 0:
            raise PuzzleError(f"puzzle {pid}: breaks must be a whole number 0 or more")
        table_txt, rack_txt, answer_txt = obj["table"], obj["rack"], obj["answer"]
        if not _sets_of_text(table_txt) or not _sets_of_text(answer_txt):
            raise PuzzleError(f"puzzle {pid}: 'table' and 'answer' must be lists of sets of tiles such as \"R5\"")
        if not isinstance(rack_txt, list) or not all(isinstance(t, str) for t in rack_txt):
            raise PuzzleError(f"puzzle {pid}: 'rack' must be a list of tiles such as \"R5\"")
        try:
            used: list[Tile] = []
            table = []
            for s in table_txt:
                got = parse_tiles(s, used=used)
                used.extend(got)
                table.append(tuple(got))
            rack = tuple(parse_tiles(rack_txt, used=used))
        except NotationError as exc:
            raise PuzzleError(f"puzzle {pid}: {exc}") from None
        if not MIN_RACK <= len(rack) <= MAX_RACK:
            raise PuzzleError(f"puzzle {pid}: the rack holds {len(rack)} tiles ({MIN_RACK} to {MAX_RACK} wanted)")
        answer = read_answer(pid, answer_txt, table, rack)
        puzzle = cls(pid, grade, breaks, tuple(table), rack, answer)
        problems = puzzle.problems()
        if problems:
            raise PuzzleError(f"puzzle {pid}: {problems[0]}")
        return puzzle

    def problems(self) -> list[str]:
        """What is wrong with this puzzle as a puzzle (empty when fine): sets valid, rack size,
        the answer a valid table holding every table tile and every rack tile."""
        out = []
        if not MIN_RACK <= len(self.rack) <= MAX_RACK:
            out.append(f"the rack holds {len(self.rack)} tiles ({MIN_RACK} to {MAX_RACK} wanted)")
        for s in self.table:
            meld = check_set(s)
            if not meld:
                out.append(f"table set {format_tiles(s)} is not a valid set: {meld.reason}")
        out.extend(f"the answer is refused ({p.code})" for p in check_table(self, self.answer))
        return out


def _sets_of_text(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(s, list) and all(isinstance(t, str) for t in s) for s in value)


def read_answer(pid: str, answer_txt: list, table: Sequence[tuple[Tile, ...]], rack: tuple[Tile, ...]) -> tuple[tuple[Tile, ...], ...]:
    """The answer's notation read as the puzzle's own physical tiles.  Two copies of a face look
    alike, so each place in the answer takes the copy whose table set has most of its other tiles
    in that answer set (the places where that count is highest choose first; a rack copy counts
    0): a table set that stays together in the answer is read as staying together."""
    try:
        faces = [[face_key(t) for t in parse_tiles(s)] for s in answer_txt]
    except NotationError as exc:
        raise PuzzleError(f"puzzle {pid}: {exc}") from None
    home: dict[int, tuple[Tile, ...]] = {int(t): s for s in table for t in s}
    pool: dict[int, list[Tile]] = {}
    for t in [t for s in table for t in s] + list(rack):
        pool.setdefault(face_key(t), []).append(t)

    def mates(copy: Tile, k: int) -> int:
        here = faces[k]
        return sum(1 for m in home.get(int(copy), ()) if m != copy and face_key(m) in here)

    places = []
    for k, s in enumerate(faces):
        for i, f in enumerate(s):
            if not pool.get(f):
                raise PuzzleError(f"puzzle {pid}: the answer holds {face_notation(f)}, which is on neither the table nor the rack")
            places.append((-max(mates(c, k) for c in pool[f]), k, i))
    out: list[list[Tile | None]] = [[None] * len(s) for s in faces]
    for _score, k, i in sorted(places):
        left = pool[faces[k][i]]
        if not left:
            raise PuzzleError(f"puzzle {pid}: the answer holds {face_notation(faces[k][i])} more often than the table and the rack")
        best = max(left, key=lambda c: (mates(c, k), -left.index(c)))
        left.remove(best)
        out[k][i] = best
    return tuple(tuple(t for t in s if t is not None) for s in out)


def check_table(puzzle: Puzzle, lines: Iterable[Sequence[int]]) -> list[Problem]:
    """The referee's problems with a table laid out for ``puzzle`` (empty when solved): every line
    a valid set in table order (runs ascending), every table tile kept, every rack tile placed,
    nothing else on the table.  Codes with data (``game.play.reasons`` words them)."""
    lines = [list(line) for line in lines]
    problems: list[Problem] = []
    seen: set[int] = set()
    for line in lines:
        odd = [t for t in line if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 105]
        if odd:
            problems.append(Problem(Reason.PUZZLE_NOT_A_TILE, detail=str(odd[0])[:20]))
            continue
        ids = [int(t) for t in line]
        meld = check_line(ids)
        if not meld:
            problems.append(Problem(Reason.PUZZLE_INVALID_SET, tiles=tuple(ids), fault=meld.reason))
        for t in ids:
            if t in seen:
                problems.append(Problem(Reason.PUZZLE_TILE_TWICE, tiles=(t,)))
            seen.add(t)
    table = {int(t) for t in puzzle.table_tiles}
    rack = {int(t) for t in puzzle.rack}
    gone = table - seen
    if gone:
        problems.append(Problem(Reason.PUZZLE_TABLE_TILES_GONE, tiles=tuple(sorted(gone))))
    left = rack - seen
    if left:
        problems.append(Problem(Reason.PUZZLE_RACK_NOT_PLACED, tiles=tuple(sorted(left))))
    extra = seen - table - rack
    if extra:
        problems.append(Problem(Reason.PUZZLE_TILES_FROM_NOWHERE, tiles=tuple(sorted(extra))))
    if not problems and (any(t.is_joker for t in puzzle.table_tiles) or any(t.is_joker for t in puzzle.rack)):
        problems.extend(_joker_rules(puzzle, lines))
    return problems


def _joker_rules(puzzle: Puzzle, lines: Sequence[Sequence[int]]) -> list[Problem]:
    """The referee's joker rules of the standard rule set (``RULES``), with the player already
    melded: a joker freed from a table set must go into a new set this turn, and so on."""
    from ..rules.board import Board
    from ..rules.turn import TurnStart, validate
    from ..rules.variants import REGISTRY

    start = TurnStart(Board.from_sets(puzzle.table), [int(t) for t in puzzle.rack], melded=True)
    board = Board.from_sets([[int(t) for t in line] for line in lines])
    return validate(REGISTRY[RULES](), start, board)
