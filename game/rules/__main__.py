"""Command line: ``python -m game.rules meld TILE...``.

Prints ``valid run N`` / ``valid group N`` (exit 0), ``invalid: REASON`` (exit 1),
or a notation error (exit 2).  The tiles are read as a set, in any order; where a
joker could stand for more than one tile, the reading worth most is reported.
"""

from __future__ import annotations

import sys

from .melds import check_set
from .tiles import NotationError, parse_tiles

USAGE = "usage: python -m game.rules meld TILE [TILE ...]   (tiles like R5 K13 B1 O7 J)"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] != "meld":
        print(f"unknown command {args[0]!r}\n{USAGE}", file=sys.stderr)
        return 2
    try:
        tiles = parse_tiles(args[1:])
    except NotationError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not tiles:
        print(f"error: no tiles given\n{USAGE}", file=sys.stderr)
        return 2
    meld = check_set(tiles)
    if meld:
        print(f"valid {meld.kind} {meld.value}")
        return 0
    print(f"invalid: {meld.reason}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
