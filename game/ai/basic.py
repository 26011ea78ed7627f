"""A simple legal computer player: sets from its rack, then single-tile extensions.

It sees only its own seat's view.  Every move it proposes is checked with the
rules core first; when nothing it finds is legal it draws.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Iterable

from ..rules.finder import find_play
from ..rules.melds import arrange, check_line, check_set
from ..rules.engine import check_view
from .layout import layout, sets_of


def rack_sets(rack: Iterable[int], use_jokers: bool = True) -> list[list[int]]:
    """Candidate sets from a rack: every maximal group and run, and pairs completed by a joker."""
    rack = list(rack)
    jokers = [t for t in rack if t >= 104]
    by_face: dict[int, list[int]] = defaultdict(list)
    for t in rack:
        if t < 104:
            by_face[t >> 1].append(t)
    out: list[list[int]] = []
    # groups
    for number in range(13):
        tiles = [by_face[c * 13 + number][0] for c in range(4) if by_face.get(c * 13 + number)]
        if len(tiles) >= 3:
            out.append(tiles)
            if len(tiles) == 4:
                out.extend([tiles[:3], tiles[1:]])
        elif len(tiles) == 2 and use_jokers and jokers:
            out.append(tiles + [jokers[0]])
    # runs
    for colour in range(4):
        seq: list[int] = []
        for number in range(14):
            face = colour * 13 + number
            if number < 13 and by_face.get(face):
                seq.append(by_face[face][0])
                continue
            if len(seq) >= 3:
                out.append(list(seq))
                for k in range(3, len(seq)):
                    out.append(seq[:k])
                    out.append(seq[-k:])
            elif len(seq) == 2 and use_jokers and jokers:
                out.append(seq + [jokers[0]])
            seq = []
        if use_jokers and jokers:
            for number in range(11):
                a, b = by_face.get(colour * 13 + number), by_face.get(colour * 13 + number + 2)
                if a and b and not by_face.get(colour * 13 + number + 1):
                    out.append([a[0], jokers[0], b[0]])
    return [s for s in out if check_set(s)]


def _pick_disjoint(candidates: list[list[int]]) -> list[list[int]]:
    chosen: list[list[int]] = []
    used: set[int] = set()
    for s in sorted(candidates, key=lambda s: (-check_set(s).value, -len(s))):
        if used.isdisjoint(s):
            chosen.append(s)
            used.update(s)
    return chosen


def _extend(board_sets: list[list[int]], rack: list[int]) -> tuple[list[list[int]], list[int]]:
    """Add single rack tiles to the ends of runs and to groups of three."""
    sets = [list(s) for s in board_sets]
    left = list(rack)
    changed = True
    while changed:
        changed = False
        for t in list(left):
            if t >= 104:
                continue
            for s in sets:
                for cand in (s + [t], [t] + s):
                    if check_line(arrange(cand)) and len(cand) <= 13:
                        s[:] = arrange(cand)
                        left.remove(t)
                        changed = True
                        break
                if changed:
                    break
            if changed:
                break
    return sets, left


class BasicPlayer:
    """Level 'basic': legal and simple."""

    name = "basic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view) -> dict:
        """Its own simple play; then the variant's say: a must-play rule (Rummibug's
        35 tiles) or a hand limit may ask for a play where it would draw, and under a
        hand limit the play leaving fewer tiles on the rack is preferred."""
        variant = view.variant
        if variant.crossword:
            from .crossword import choose as crossword_choose

            return crossword_choose(view, "basic", self.rng)
        action = self._choose(view, variant)
        if action["type"] == "draw":
            board = variant.play_instead_of_draw(view)
            if board is not None:
                return {"type": "play", "board": board}
            return action
        limit = variant.hand_limit_at(view.turn, len(view.rack_sizes))
        if limit is not None:
            left = len(view.rack) - (len(action["board"]) - len(view.board))
            if left > limit:
                other = find_play(variant, view.board, view.rack, view.me_melded)
                if other is not None and len(other) > len(action["board"]):
                    return {"type": "play", "board": other}
        return action

    def _choose(self, view, variant) -> dict:
        rack = list(view.rack)
        width = variant.grid_width
        sets = _pick_disjoint(rack_sets(rack))
        old_sets = sets_of(view.board)
        if not view.me_melded:
            points = sum(check_set(s).value for s in sets)
            if not sets or points < variant.initial_meld_points():
                return {"type": "draw"}
            board = view.board.copy()
            for s in sets:
                slot = board.free_slot(len(s), width)
                board.place_line(slot, arrange(s))
            if not check_view(view, board).problems:
                return {"type": "play", "board": board}
            return {"type": "draw"}
        used = {t for s in sets for t in s}
        remaining = [t for t in rack if t not in used]
        extended, _left = _extend(old_sets, remaining)
        candidates = [extended + sets, extended, old_sets + sets]
        for new_sets in candidates:
            if sum(map(len, new_sets)) == len(view.board):
                continue
            board = layout(view.board, new_sets, width)
            if not check_view(view, board).problems:
                return {"type": "play", "board": board}
        return {"type": "draw"}
