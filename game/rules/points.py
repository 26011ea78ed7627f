"""Points a play put down from the rack: the number on every tile that came from the rack,
a joker counted as the tile it stands for in its set (the screen's score float)."""

from __future__ import annotations

from .board import Board
from .tiles import face_number, is_joker, number_of


def played_from_rack(before: Board, after: Board, vertical: bool = False) -> int:
    """The value of the tiles on ``after`` that were not on ``before`` (so came from a rack).
    A joker counts the number it stands for in its set (0 when its set is not valid);
    a tile in two crossing sets counts once."""
    new = set(after.tiles()) - set(before.tiles())
    if not new:
        return 0
    counted: dict[int, int] = {}
    for ln in after.lines(vertical=vertical):
        if not any(t in new for t in ln.tiles):
            continue
        meld = ln.check()
        for i, t in enumerate(ln.tiles):
            if t not in new or t in counted:
                continue
            if not is_joker(t):
                counted[t] = number_of(t)
            elif meld and meld.roles[i]:
                counted[t] = face_number(meld.roles[i][0])
    return sum(counted.values())
