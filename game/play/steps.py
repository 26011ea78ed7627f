"""A turn told as steps a person can follow (pure: no pygame here).

``turn_steps(before, after, name, you=...)`` compares the table before a turn with the table
after it and returns the turn as a short list of ``Step``s, each a change a player
would describe in one breath: a set laid from the rack, tiles added to a set, a tile
moved from one set to another, a set split, a joker freed.  Each step has a one-line
caption in words ("Mia splits the black 3-8 run and adds a black 5") and the tiles it
moves, which end on their cells of the table after the turn.  The play screen plays
the steps one after another; the hint shows them to the player (``name=None`` gives
captions as advice: "Split the black 3-8 run and add your black 5"; ``you=True`` tells the
person at the screen in the second person, whatever their name: "You split ...").

How a turn is read: every set after the turn (a line of the table) is made of pieces,
each from one set before the turn or from the rack.  A set's *origin* is the old set
that gave it the most tiles (two at least): a set with one origin grew or shrank, an
old set that is the origin of two or more sets was split, a set without an origin is
new.  Pieces that leave their old set for another are moves.  A joker leaves its set,
or comes to stand for another tile, when it is freed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules.board import Board, Cell, Line
from ..rules.melds import check_line
from ..rules.tiles import COLOR_NAMES, COLORS, colour_index, face_colour, face_key, face_number, is_joker, number_of

RACK = -1  # the source of tiles that come from the player's rack


@dataclass(frozen=True)
class Step:
    kind: str  # "joker", "split", "move", "add", "lay", "tidy"
    caption: str  # one line in words, the player's name first
    tiles: tuple[int, ...]  # the tiles this step puts on their cells of the table after the turn
    from_rack: tuple[int, ...] = ()  # those of them that come from the rack
    lines: tuple[tuple[Cell, ...], ...] = ()  # cells (after the turn) of the sets this step makes or changes
    sources: tuple[int, ...] = field(default=(), compare=False)  # old sets it takes from (indices, internal)


class Voice:
    """Who does it: a seat by its name ("Mia splits ... and adds a black 5"), the person at the
    screen (``you``, whatever their seat is called: "You split ... and add your black 5") or
    nobody: advice ("Split ... and add your black 5").  Whether a seat is the person's is the
    caller's to say (it knows the seats), never read from the name."""

    def __init__(self, name: str | None, you: bool = False) -> None:
        self.name = "You" if you else name
        self.second = you or name is None

    def verb(self, base: str) -> str:
        if self.second:
            return base
        if base.endswith(("s", "sh", "ch", "x")):
            return base + "es"
        if base.endswith("y") and base[-2:-1] not in "aeiou":
            return base[:-1] + "ies"
        return base + "s"

    def say(self, text: str) -> str:
        line = text if self.name is None else f"{self.name} {text}"
        return line[:1].upper() + line[1:]

    def rack(self, tiles) -> str:
        """Tiles from the player's own rack: "a black 5" (theirs is not ours to name), "your black 5"."""
        return tile_list(tiles, "your" if self.second else "a")


# -- words for tiles and sets -------------------------------------------------------------------

def _colour(face: int) -> str:
    return COLOR_NAMES[COLORS[face_colour(face)]]


def _numbers(nums: list[int]) -> str:
    nums = sorted(nums)
    if len(nums) >= 3 and nums == list(range(nums[0], nums[0] + len(nums))):
        return f"{nums[0]}-{nums[-1]}"
    if len(nums) == 1:
        return str(nums[0])
    return ", ".join(str(n) for n in nums[:-1]) + f" and {nums[-1]}"


def tile_list(tiles, article: str = "the") -> str:
    """Tiles as a player says them, by colour: "the red 5-7 and the blue 5", "a joker"."""
    tiles = [int(t) for t in tiles]
    by_colour: dict[int, list[int]] = {}
    for t in sorted(x for x in tiles if not is_joker(x)):
        by_colour.setdefault(colour_index(t), []).append(number_of(t))
    parts = [f"{COLOR_NAMES[COLORS[c]]} {_numbers(nums)}" for c, nums in by_colour.items()]
    jokers = sum(1 for t in tiles if is_joker(t))
    if jokers:
        parts.append("two jokers" if jokers > 1 else "joker")
    out = []
    for p in parts:
        if p == "two jokers":
            out.append("the two jokers" if article in ("the", "your") else "two jokers")
        elif article == "a":
            out.append(("an " if p[0] in "aeiou" else "a ") + p)
        else:
            out.append(f"{article} {p}")
    if not out:
        return ""
    return out[0] if len(out) == 1 else ", ".join(out[:-1]) + " and " + out[-1]


def set_words(tiles, article: str = "the") -> str:
    """One set as a player names it: "the black 3-8 run", "a group of 7s"."""
    m = check_line(list(tiles))
    if m and m.kind == "run":
        first, last = m.roles[0][0], m.roles[-1][0]
        name = f"{_colour(first)} {face_number(first)}-{face_number(last)} run"
    elif m and m.kind == "group":
        number = next(number_of(t) for t in tiles if not is_joker(t))
        name = f"group of {number}s"
    else:
        return tile_list(tiles, article)
    if article == "a" and name[0] in "aeiou":
        return "an " + name
    return f"{article} {name}"


# -- reading a turn ------------------------------------------------------------------------------

@dataclass
class _Turn:
    before: list[Line]
    after: list[Line]
    src: dict[int, int]  # tile -> index of its old set, or RACK
    parts: list[dict[int, list[int]]]  # per new set: source -> its tiles there (table order)
    origin: list[int | None]  # per new set: its old set, or None for a new set
    names: list[str]  # per old set: how it is named ("the black 3-8 run")


def _read(before: Board, after: Board) -> _Turn:
    bl = before.lines()
    al = after.lines()
    src: dict[int, int] = {}
    for i, ln in enumerate(bl):
        for t in ln.tiles:
            src[t] = i
    parts: list[dict[int, list[int]]] = []
    origin: list[int | None] = []
    for ln in al:
        p: dict[int, list[int]] = {}
        for t in ln.tiles:
            p.setdefault(src.get(t, RACK), []).append(t)
        parts.append(p)
        table = [(len(v), -k, k) for k, v in p.items() if k != RACK]
        best = max(table) if table else None
        origin.append(best[2] if best is not None and best[0] >= 2 else None)
    names = [set_words(ln.tiles) for ln in bl]
    seen: dict[str, int] = {}
    for n in names:
        seen[n] = seen.get(n, 0) + 1
    for i, n in enumerate(names):  # two sets alike: name them by their tiles
        if seen[n] > 1 and "group" in n:
            names[i] = f"{n} ({tile_list(bl[i].tiles, '').strip()})".replace("  ", " ")
    return _Turn(bl, al, src, parts, origin, names)


def _joker_face(line: Line, t: int) -> set[int]:
    m = check_line(list(line.tiles))
    if not m:
        return set()
    return set(m.roles[line.tiles.index(t)])


def turn_steps(before: Board, after: Board, name: str | None, vertical: bool = False, you: bool = False) -> list[Step]:
    """The steps of one turn from ``before`` to ``after`` (see the module's text).  Every
    tile whose cell changed, and every tile that came from the rack, is in exactly one
    step; tiles of sets that only moved along are put in the first step that touches
    their set (or a last "tidy" step).  On a crossword board (``vertical``) tiles are only
    added, so the steps are the lines they complete.  ``name`` does it (None: advice), or the
    person at the screen when ``you``."""
    voice = Voice(name, you)
    if vertical:
        return _crossword_steps(before, after, voice)
    turn = _read(before, after)
    bl, al, src = turn.before, turn.after, turn.src
    old_where = before.where()
    new_where = after.where()
    steps: list[Step] = []
    done: set[int] = set()  # tiles already narrated
    line_of = {t: j for j, ln in enumerate(al) for t in ln.tiles}

    def lines_of(tiles) -> tuple[tuple[Cell, ...], ...]:
        js = sorted({line_of[t] for t in tiles if t in line_of})
        return tuple(al[j].cells for j in js)

    def add(kind: str, text: str, tiles: list[int], sources=()) -> None:
        tiles = [t for t in dict.fromkeys(tiles)]
        rack = tuple(t for t in tiles if src.get(t, RACK) == RACK)
        steps.append(Step(kind, voice.say(text), tuple(tiles), rack, lines_of(tiles), tuple(sorted(set(sources)))))
        done.update(tiles)

    # 1. jokers freed: replaced by the tile they stood for, or taken for another set
    for t in sorted(x for x in src if is_joker(x)):
        i = src[t]
        j = line_of.get(t)
        if j is None:
            continue
        faces_before = _joker_face(bl[i], t)
        same_set = turn.origin[j] == i
        if same_set and _joker_face(al[j], t) & faces_before:
            continue
        heirs = [k for k, o in enumerate(turn.origin) if o == i]
        swap = next((u for k in heirs for u in al[k].tiles
                     if not is_joker(u) and u not in bl[i].tiles and face_key(u) in faces_before), None)
        moved = [t] + ([swap] if swap is not None else [])
        if swap is None:
            text = f"{voice.verb('take')} the joker from {turn.names[i]}"
            if not same_set:
                text += " for " + ("a new set" if turn.origin[j] is None else turn.names[turn.origin[j]])
        elif src.get(swap, RACK) == RACK:
            text = f"{voice.verb('swap')} {voice.rack([swap])} for the joker in {turn.names[i]}"
        else:
            text = (f"{voice.verb('put')} {tile_list([swap])} from {turn.names[src[swap]]} in place of the joker "
                    f"in {turn.names[i]}")
        add("joker", text, moved, [i] + ([src[swap]] if swap is not None and swap in src else []))

    def extras(j: int, skip: int | None) -> tuple[list[int], list[str], list[int]]:
        """What set ``j`` receives besides its origin's tiles: (rack tiles, phrases for the
        pieces from other sets, their sources)."""
        rack = [t for t in turn.parts[j].get(RACK, []) if t not in done]
        phrases, sources = [], []
        for k, piece in turn.parts[j].items():
            if k in (RACK, skip):
                continue
            piece = [t for t in piece if t not in done]
            if piece:
                phrases.append(f"{tile_list(piece)} from {turn.names[k]}")
                sources.append(k)
        return rack, phrases, sources

    def join(words: list[str]) -> str:
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

    # 2. splits: an old set that is the origin of two or more new sets
    for i in range(len(bl)):
        heirs = [j for j, o in enumerate(turn.origin) if o == i]
        if len(heirs) < 2:
            continue
        rack: list[int] = []
        phrases: list[str] = []
        sources = [i]
        for j in heirs:
            r, p, s = extras(j, i)
            rack += r
            phrases += p
            sources += s
        text = f"{voice.verb('split')} {turn.names[i]}"
        more = ([voice.rack(rack)] if rack else []) + phrases
        if more:
            text += f" and {voice.verb('add')} {join(more)}"
        add("split", text, [t for j in heirs for t in al[j].tiles if t not in done], sources)

    # 3. sets that kept their origin and received tiles: from other sets (a move) or the rack (an add)
    for j, ln in enumerate(al):
        i = turn.origin[j]
        if i is None or sum(1 for o in turn.origin if o == i) > 1:
            continue
        rack, phrases, sources = extras(j, i)
        if not rack and not phrases:
            continue
        target = turn.names[i]
        if phrases:
            text = f"{voice.verb('move')} {join(phrases)} to {target}"
            if rack:
                text += f" and {voice.verb('add')} {voice.rack(rack)}"
            add("move", text, [t for t in ln.tiles if t not in done or t in rack], [i] + sources)
        else:
            add("add", f"{voice.verb('add')} {voice.rack(rack)} to {target}", [t for t in ln.tiles if t not in done], [i])

    # 4. new sets: from the rack alone (laid), or with tiles from the table (made)
    for j, ln in enumerate(al):
        if turn.origin[j] is not None:
            continue
        rack, phrases, sources = extras(j, None)
        shown = set_words(ln.tiles, "a")
        if not phrases and len(rack) == len(ln.tiles):
            add("lay", f"{voice.verb('lay')} {shown}", list(ln.tiles))
            continue
        if not rack and not phrases:  # every tile already narrated (a freed joker's new home)
            continue
        bits = (["the joker"] if any(is_joker(t) and t in done for t in ln.tiles) else []) + phrases
        bits += [voice.rack(rack)] if rack else []
        add("move", f"{voice.verb('make')} {shown} with {join(bits)}", [t for t in ln.tiles if t not in done], sources)

    # tiles that only moved along with their set: with the first step that touches that set
    loose = [t for t, c in new_where.items() if t not in done and old_where.get(t) != c]
    if loose:
        extra: dict[int, list[int]] = {}
        for t in loose:
            i = src.get(t, RACK)
            k = next((n for n, st in enumerate(steps) if i in st.sources), None)
            extra.setdefault(k if k is not None else -1, []).append(t)
        for k, tiles in extra.items():
            if k == -1:
                continue
            st = steps[k]
            steps[k] = Step(st.kind, st.caption, st.tiles + tuple(tiles), st.from_rack, st.lines, st.sources)
        if -1 in extra:
            if steps:
                st = steps[0]
                steps[0] = Step(st.kind, st.caption, st.tiles + tuple(extra[-1]), st.from_rack, st.lines, st.sources)
            else:
                steps.append(Step("tidy", voice.say(f"{voice.verb('tidy')} the table"),
                                  tuple(extra[-1])))
    return _order(steps, old_where, new_where)


def _order(steps: list[Step], old_where: dict[int, Cell], new_where: dict[int, Cell]) -> list[Step]:
    """The steps in their telling order, except that a step whose cells are still taken by
    tiles a later step moves away waits for that step when it can (no tile lands on another)."""
    pos = dict(old_where)
    left = list(steps)
    out: list[Step] = []
    while left:
        def blocked(st: Step) -> bool:
            mine = set(st.tiles)
            taken = {c: t for t, c in pos.items()}
            return any(taken.get(new_where[t]) not in (None, *mine) for t in st.tiles if t in new_where)
        pick = next((st for st in left if not blocked(st)), left[0])
        left.remove(pick)
        out.append(pick)
        for t in pick.tiles:
            if t in new_where:
                pos[t] = new_where[t]
    return out


def positions(before: Board, after: Board, steps: list[Step], done: int) -> dict[int, Cell]:
    """Where each tile lies once the first ``done`` steps are played: tiles of those steps
    on their cells after the turn, the other table tiles where they were, and tiles still
    on the rack absent."""
    pos = dict(before.where())
    new_where = after.where()
    for st in steps[:done]:
        for t in st.tiles:
            if t in new_where:
                pos[t] = new_where[t]
    return pos


def _crossword_steps(before: Board, after: Board, voice: Voice) -> list[Step]:
    """A crossword board only grows: one step per line that new tiles complete (the longest
    first), and one for tiles that changed places (a freed joker)."""
    old_where = before.where()
    new_where = after.where()
    new = [t for t in new_where if t not in old_where]
    moved = [t for t, c in new_where.items() if t in old_where and old_where[t] != c]
    steps: list[Step] = []
    done: set[int] = set()
    if moved:
        words = tile_list(moved)
        steps.append(Step("joker", voice.say(f"{voice.verb('move')} {words}"), tuple(moved), (), ()))
        done.update(moved)
    old_lines = {ln.tiles for ln in before.lines(vertical=True)}
    lines = sorted(after.lines(vertical=True), key=lambda ln: -sum(1 for t in ln.tiles if t in new))
    for ln in lines:
        fresh = [t for t in ln.tiles if t in new and t not in done]
        if not fresh:
            continue
        shown = set_words(ln.tiles, "a")
        if len(fresh) == len(ln.tiles):
            text = f"{voice.verb('lay')} {shown}"
            kind = "lay"
        elif any(set(o) <= set(ln.tiles) and len(o) >= 2 for o in old_lines):
            old = next(o for o in old_lines if set(o) <= set(ln.tiles) and len(o) >= 2)
            text = f"{voice.verb('add')} {voice.rack(fresh)} to {set_words(old)}"
            kind = "add"
        else:
            text = f"{voice.verb('make')} {shown} with {voice.rack(fresh)}"
            kind = "lay"
        steps.append(Step(kind, voice.say(text), tuple(fresh), tuple(fresh), (ln.cells,)))
        done.update(fresh)
    return steps
