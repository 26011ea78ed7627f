"""Candidate sets from a rack (the basic player's sets and the crossword planner's seeds)."""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from ..rules.melds import check_set
from ..rules.tiles import face_at, face_key, is_joker


def rack_sets(rack: Iterable[int], use_jokers: bool = True) -> list[list[int]]:
    """Candidate sets from a rack: every maximal group and run, and pairs completed by a joker."""
    rack = list(rack)
    jokers = [t for t in rack if is_joker(t)]
    by_face: dict[int, list[int]] = defaultdict(list)
    for t in rack:
        if not is_joker(t):
            by_face[face_key(t)].append(t)
    out: list[list[int]] = []
    # groups
    for number in range(1, 14):
        faces = [face_at(colour, number) for colour in range(4)]
        tiles = [by_face[f][0] for f in faces if by_face.get(f)]
        if len(tiles) >= 3:
            out.append(tiles)
            if len(tiles) == 4:
                out.extend([tiles[:3], tiles[1:]])
        elif len(tiles) == 2 and use_jokers and jokers:
            out.append(tiles + [jokers[0]])
    # runs
    for colour in range(4):
        seq: list[int] = []
        for number in range(1, 15):  # 14, past the 13s, closes the last run
            here = by_face.get(face_at(colour, number)) if number <= 13 else None
            if here:
                seq.append(here[0])
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
            for number in range(1, 12):
                a, b = by_face.get(face_at(colour, number)), by_face.get(face_at(colour, number + 2))
                if a and b and not by_face.get(face_at(colour, number + 1)):
                    out.append([a[0], jokers[0], b[0]])
    return [s for s in out if check_set(s)]
