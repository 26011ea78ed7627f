"""Command line.

``python -m game.rules meld TILE...`` prints ``valid run N`` / ``valid group N`` (exit 0),
``invalid: REASON`` (exit 1), or a notation error (exit 2).  The tiles are read as a set,
in any order; where a joker could stand for more than one tile, the reading worth most is
reported.

``python -m game.rules turn CASE.json`` (``-`` for standard input) judges one turn case
(``game/rules/casefile.py``, ``docs/turn-cases.md``): ``legal`` (exit 0), ``illegal:
REASON; REASON`` (exit 1), or a clear error for a malformed case (exit 2).
"""

from __future__ import annotations

import json
import os
import stat
import sys

from ..play import reasons
from ..rules.casefile import CaseError, judge
from ..rules.melds import check_set
from ..rules.tiles import NotationError, parse_tiles

USAGE = ("usage: python -m game.rules meld TILE [TILE ...]   (tiles like R5 K13 B1 O7 J)\n"
         "       python -m game.rules turn CASE.json          (or - to read the case from standard input)")
MAX_CASE_BYTES = 1 << 20


def _read_case(path: str) -> object:
    """The case's JSON.  Raises ``CaseError`` with a message a person can act on."""
    try:
        if path == "-":
            text = sys.stdin.buffer.read(MAX_CASE_BYTES + 1)
        else:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise CaseError(f"{path}: not a regular file")
                with os.fdopen(fd, "rb", closefd=False) as fh:
                    text = fh.read(MAX_CASE_BYTES + 1)
            finally:
                os.close(fd)
    except OSError as exc:
        raise CaseError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(text) > MAX_CASE_BYTES:
        raise CaseError(f"{path}: a case file is at most 1 MiB")
    try:
        return json.loads(text.decode("utf-8"))
    except UnicodeDecodeError:
        raise CaseError(f"{path}: not UTF-8 text") from None
    except RecursionError:
        raise CaseError(f"{path}: nested too deeply") from None
    except ValueError as exc:
        raise CaseError(f"{path}: not valid JSON ({exc})") from None


def turn_main(args: list[str]) -> int:
    if len(args) != 1 or not args[0]:
        print(f"error: give one case file (or -)\n{USAGE}", file=sys.stderr)
        return 2
    try:
        verdict = judge(_read_case(args[0]))
    except CaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print("legal" if verdict.legal else "illegal: " + reasons.say_all(verdict.reasons))
    return 0 if verdict.legal else 1


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if args else 2
    if args[0] == "turn":
        return turn_main(args[1:])
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
    print(f"invalid: {reasons.fault_words(meld.reason, tiles)}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
