"""Arrangements the referee is sure to refuse, told from the sets alone (no board, no check).

Where a joker taken from the table must be replaced by its exact tile (Rummy Q, the Golden
Games), the referee (``game.rules.turn.joker_problems``) refuses a play that frees a table joker
when no rack tile it places shows a face the joker stood for.  A joker is freed when its new set
keeps fewer than two of the numbered tiles it had (``_freed``; faces counted, copies being
interchangeable).  The referee reads the two jokers as interchangeable too (whichever joker lies
where one lay keeps that one's identity), so which joker ends where is not known from the sets;
but when no set holding a joker holds two of a table joker's old partners, that joker is freed
wherever it lies, and the play is refused however the sets are laid out.

``_Turn.try_sets`` asks this of each arrangement before laying it out and checking it: the same
verdicts (only sure refusals are skipped), the same moves, a fraction of the work (most of the
candidate plays of a Rummy Q game are refused for this rule).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..rules.tiles import face_key, is_joker


class JokerRefusals:
    """The table jokers of one turn's start, each with the faces it stands for and its partners."""

    def __init__(self, view, rack_set: set[int]) -> None:
        variant = view.variant
        self.rack_set = rack_set
        self.jokers: list[tuple[frozenset[int], Counter]] = []
        if not (variant.joker_exact_replacement and view.me_melded) or variant.crossword:
            return  # before the initial meld the joker rules are not checked (nor on the crossword board)
        for ln in view.board.lines():
            meld = None
            for k, t in enumerate(ln.tiles):
                if not is_joker(t):
                    continue
                meld = meld if meld is not None else ln.check()
                roles = frozenset(meld.roles[k]) if meld else frozenset()
                self.jokers.append((roles, Counter(face_key(u) for u in ln.tiles if not is_joker(u))))

    def sure(self, sets: Sequence[Sequence[int]]) -> bool:
        """Is a play of the whole-table arrangement ``sets`` (each set one line) refused for a
        table joker freed without its tile, however each set is ordered?"""
        if not self.jokers:
            return False
        rack = self.rack_set
        placed = {face_key(t) for s in sets for t in s if t in rack}
        loose = [mates for roles, mates in self.jokers if not roles & placed]
        if not loose:
            return False
        homes = [Counter(face_key(t) for t in s if not is_joker(t)) for s in sets if any(is_joker(t) for t in s)]
        return any(all(sum((mates & home).values()) < 2 for home in homes) for mates in loose)
