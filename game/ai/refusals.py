"""Arrangements the referee is sure to refuse, told from the sets alone (no board, no check).

The joker rules of ``game.rules.turn.joker_problems`` read copies of a face, and the two jokers,
as interchangeable (whichever copy lies where one lay keeps that one's identity), so which tile
counts as played, or which joker as the table's, can depend on where each set is laid out.  Two
refusals do not:

* where a joker taken from the table must be replaced by its exact tile (Rummy Q, the Golden
  Games), a table joker none of whose faces the play places is freed, and refused, wherever it
  ends up without two of its old partners beside it (``_freed``, ``JOKER_NOT_REPLACED``): when
  no set holding a joker holds two of them, the play is refused however it is laid out;
* where a joker from the rack needs rack tiles beside it (Rummy Q), with no joker on the table
  every joker of the play is a rack joker, and its set holds at most as many played tiles of a
  face as the play places (``RACK_JOKER_FEW_MATES``).

``_Turn.try_sets`` asks this of each arrangement before laying it out and checking it: the same
verdicts (only sure refusals are skipped), the same moves, a fraction of the work (most of the
candidate plays of a Rummy Q game are refused for these rules).

A table joker none of whose faces is on the rack can never be won back there, so it may only stay
beside two of its old partners (``JokerRefusals.locked``).  Where the rule set's knobs say so
(``Strategy.lock_jokers``) the finder's first question keeps each such joker with two partners, a
window of three tiles of its set, the rest of the set free (``cored_tables``: one table a choice of
windows), instead of an unconstrained question whose answer these rules mostly refuse.
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Sequence

from ..rules.melds import check_line
from ..rules.tiles import face_key, is_joker


class JokerRefusals:
    """The table jokers of one turn's start, each with the faces it stands for and its partners."""

    def __init__(self, view, rack_set: set[int]) -> None:
        variant = view.variant
        self.rack_set = rack_set
        self.replaced = variant.joker_exact_replacement
        self.mates = variant.hand_joker_min_rack_companions  # rack tiles beside a joker from the rack
        # the joker rules apply once melded (these two only where the rule set has them; on rows of
        # sets, ``flat_table``, each set is one line)
        self.active = view.me_melded and variant.flat_table and (self.replaced or self.mates > 0)
        self.jokers: list[tuple[frozenset[int], Counter]] = []
        for ln in view.board.lines():
            meld = None
            for k, t in enumerate(ln.tiles):
                if not is_joker(t):
                    continue
                meld = meld if meld is not None else ln.check()
                roles = frozenset(meld.roles[k]) if meld else frozenset()
                self.jokers.append((roles, Counter(face_key(u) for u in ln.tiles if not is_joker(u))))

    def sure(self, sets: Sequence[Sequence[int]]) -> bool:
        """Is a play of the whole-table arrangement ``sets`` (each set one line) refused by the
        joker rules, however each set is laid out?"""
        if not self.active:
            return False
        homes = [s for s in sets if any(is_joker(t) for t in s)]
        if not homes:
            return False
        rack = self.rack_set
        placed = Counter(face_key(t) for s in sets for t in s if t in rack)
        if self.replaced and self.jokers and self._freed_alone(placed, homes):
            return True
        return bool(self.mates) and self._rack_joker_alone(placed, homes)

    def _freed_alone(self, placed: Counter, homes: list) -> bool:
        """A table joker none of whose faces is placed, and no set with a joker holds two of its
        old partners: it is freed without its tile wherever it lies."""
        loose = [mates for roles, mates in self.jokers if not any(f in placed for f in roles)]
        if not loose:
            return False
        faces = [Counter(face_key(t) for t in s if not is_joker(t)) for s in homes]
        return any(all(sum((mates & home).values()) < 2 for home in faces) for mates in loose)

    def _rack_joker_alone(self, placed: Counter, homes: list) -> bool:
        """Fewer jokers could have enough rack tiles beside them than the play places from the rack
        (whichever jokers count as the table's): a set's played tiles of a face are at most those
        the play places, and its other jokers."""
        placed_jokers = sum(1 for s in homes for t in s if is_joker(t)) - len(self.jokers)
        room = 0
        for s in homes:
            jokers = sum(1 for t in s if is_joker(t))
            beside = Counter(face_key(t) for t in s if not is_joker(t))
            if jokers - 1 + sum(min(n, placed[f]) for f, n in beside.items()) >= self.mates:
                room += jokers
        return room < placed_jokers

    def locked(self, sets: Sequence[Sequence[int]], rack: Sequence[int]) -> tuple[int, ...]:
        """The table's sets (indices into ``sets``, one a line) holding a joker that ``rack`` cannot
        win back where a freed joker needs its exact tile: none of the faces it stands for is on the
        rack.  Such a joker may only stay beside two of its partners (``cored_tables``)."""
        if not (self.active and self.replaced):
            return ()
        faces = {face_key(t) for t in rack if not is_joker(t)}
        out = []
        for k, s in enumerate(sets):
            if not any(is_joker(t) for t in s):
                continue
            meld = check_line(list(s))
            if meld and not any(faces & set(meld.roles[i]) for i, t in enumerate(s) if is_joker(t)):
                out.append(k)
        return tuple(out)


def cored_tables(sets: Sequence[Sequence[int]], locked: Sequence[int],
                 limit: int = 9) -> list[tuple[list[list[int]], list[int]]]:
    """(table, sets to keep together) for each choice of windows, ``limit`` at most: the sets of
    ``locked`` (indices into ``sets``) each cut into its joker with two partners (three tiles of a
    run in a row, or the joker and two tiles of a group; the whole set when no such window is a
    valid set), kept together, and the rest of it, free."""
    choices = []
    for k in locked:
        s = list(sets[k])
        p = next(i for i, t in enumerate(s) if is_joker(t))
        meld = check_line(s)
        if meld and meld.kind == "run":
            wins = [s[a:a + 3] for a in range(max(0, p - 2), min(p, len(s) - 3) + 1)]
        else:
            others = [t for t in s if t != s[p]]
            wins = [[s[p], a, b] for a, b in itertools.combinations(others, 2)]
        choices.append([w for w in wins if check_line(w)] or [s])
    out = []
    for combo in itertools.islice(itertools.product(*choices), limit):
        table = [list(x) for i, x in enumerate(sets) if i not in locked]
        keep = []
        for k, core in zip(locked, combo):
            keep.append(len(table))
            table.append(core)
            rest = [t for t in sets[k] if t not in core]
            if rest:
                table.append(rest)
        out.append((table, keep))
    return out
