"""``python -m game.saves check [PATH]`` and ``python -m game.saves list``.

check: validates one save file, or every save (and backup) in a folder, by
default the data folder's saves.  Prints one line per file.  Exit 0 when all are
good, 1 with the reason when one is not, 2 on bad usage.  Read-only: nothing is
moved or repaired (loading in the game does that).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..storage import persistence
from .text import safe_output, shown
from ..storage.saves.format import SaveError, decode_bytes, summary
from ..storage.saves.store import SAVES_FOLDER, list_slots
from .. import tournament  # noqa: F401  registers the check of tournament saves (game/tournament/schema.py)

USAGE = """usage: python -m game.saves check [PATH]
       python -m game.saves list

  check [PATH]  validate a save file, or every save in the folder PATH
                (default: the saves in the data folder); exit 0 when good,
                1 with the reason when not
  list          show the save slots"""


def check_file(path: Path) -> tuple[bool, str]:
    raw, reason = persistence.read_bytes(path)
    if raw is None:
        return False, reason
    try:
        data = decode_bytes(raw)
    except SaveError as exc:
        return False, str(exc)
    return True, summary(data)


def save_files(folder: Path) -> list[Path]:
    """The saves and backups in a folder (damaged files kept aside are not saves).  Names
    are matched, not file types: a pipe or a device named like a save is listed, and
    ``check_file`` reports it without reading it."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    out = []
    for p in entries:
        if p.name.startswith(".") or not (p.name.endswith(".json") or p.name.endswith(".json.bak")):
            continue
        try:
            if p.is_dir():
                continue
        except OSError:
            pass
        out.append(p)
    return out


def check(target: str | None) -> int:
    if target is None:
        folder = persistence.data_dir(create=False) / SAVES_FOLDER
    else:
        folder = Path(target)
        if not folder.is_dir():
            ok, text = check_file(folder)
            print(f"{'OK' if ok else 'BAD'} {shown(str(folder))}: {text}")
            return 0 if ok else 1
    files = save_files(folder)
    if not files:
        print(f"OK no saves in {shown(str(folder))}")
        return 0
    bad = 0
    for path in files:
        ok, text = check_file(path)
        bad += not ok
        print(f"{'OK' if ok else 'BAD'} {shown(str(path))}: {text}")
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    safe_output()
    args = sys.argv[1:] if argv is None else list(argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(USAGE)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "check":
        if len(rest) > 1 or any(a.startswith("-") for a in rest):
            print(f"error: check takes at most one PATH\n{USAGE}", file=sys.stderr)
            return 2
        if rest and not rest[0].strip():
            print(f"error: the PATH is empty (leave it out to check the saves in the data folder)\n{USAGE}", file=sys.stderr)
            return 2
        try:
            return check(rest[0] if rest else None)
        except OSError as exc:
            print(f"BAD {exc}", file=sys.stderr)
            return 1
    if command == "list":
        if rest:
            print(f"error: list takes no arguments\n{USAGE}", file=sys.stderr)
            return 2
        try:
            for info in list_slots():
                print(info.line())
        except OSError as exc:
            print(f"BAD {exc}", file=sys.stderr)
            return 1
        return 0
    print(f"error: unknown command {command!r}\n{USAGE}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
