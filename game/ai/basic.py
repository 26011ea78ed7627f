"""A simple legal computer player: sets from its rack, then single-tile extensions.

It sees only its own seat's view.  Every move it proposes is checked with the
rules core first; when nothing it finds is legal it draws.  This is the flat-table
play of level 'basic'; on crossword rule sets the level is the crossword player with
the basic profile (``game/ai/crossword.py``; the registry in ``game/ai/levels.py`` picks).
"""

from __future__ import annotations

import random

from ..rules import actions as act
from ..rules.finder import find_play
from ..rules.melds import arrange, check_line, check_set
from ..rules.engine import check_view
from ..rules.tiles import is_joker
from .layout import layout, sets_of
from .levels import register_player
from .racksets import rack_sets


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
            if is_joker(t):
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
    """Level 'basic' on a flat table: legal and simple."""

    name = "basic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view) -> act.Action:
        """Its own simple play; then the variant's say: a must-play rule (Rummibug's
        35 tiles) or a hand limit may ask for a play where it would draw, and under a
        hand limit the play leaving fewer tiles on the rack is preferred."""
        variant = view.variant
        action = self._choose(view, variant)
        if isinstance(action, act.Draw):
            board = variant.play_instead_of_draw(view)
            if board is not None:
                return act.Play(board)
            return action
        limit = variant.hand_limit_at(view.turn, len(view.rack_sizes))
        if limit is not None:
            left = len(view.rack) - (len(action.board) - len(view.board))
            if left > limit:
                other = find_play(variant, view.board, view.rack, view.me_melded)
                if other is not None and len(other) > len(action.board):
                    return act.Play(other)
        return action

    def _choose(self, view, variant) -> act.Play | act.Draw:
        rack = list(view.rack)
        width = variant.grid_width
        sets = _pick_disjoint(rack_sets(rack))
        old_sets = sets_of(view.board)
        if not view.me_melded:
            points = sum(check_set(s).value for s in sets)
            if not sets or points < variant.initial_meld_points():
                return act.Draw()
            board = view.board.copy()
            for s in sets:
                slot = board.free_slot(len(s), width)
                board.place_line(slot, arrange(s))
            if not check_view(view, board).problems:
                return act.Play(board)
            return act.Draw()
        used = {t for s in sets for t in s}
        remaining = [t for t in rack if t not in used]
        extended, _left = _extend(old_sets, remaining)
        candidates = [extended + sets, extended, old_sets + sets]
        for new_sets in candidates:
            if sum(map(len, new_sets)) == len(view.board):
                continue
            board = layout(view.board, new_sets, width)
            if not check_view(view, board).problems:
                return act.Play(board)
        return act.Draw()


register_player("basic", lambda seed: BasicPlayer(seed))
