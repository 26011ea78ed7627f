"""Benchmarks: ``python -m game.bench COMMAND [options]``.

``frames``: per-frame time of a busy play screen (see ``game/ui/bench_frames.py``).
Other commands (the solver's) plug into ``COMMANDS``.
"""

from __future__ import annotations

import importlib
import sys

COMMANDS = {
    "frames": ("game.ui.bench_frames", "main", "per-frame time of a busy play screen under the dummy video driver"),
}


def usage() -> str:
    lines = ["usage: python -m game.bench COMMAND [options]", "", "commands:"]
    for name, (_m, _f, text) in COMMANDS.items():
        lines.append(f"  {name:<10} {text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(usage())
        return 0 if args else 2
    cmd = args[0]
    if cmd not in COMMANDS:
        print(f"error: unknown benchmark {cmd!r}\n{usage()}", file=sys.stderr)
        return 2
    module, func, _ = COMMANDS[cmd]
    return int(getattr(importlib.import_module(module), func)(args[1:]) or 0)


if __name__ == "__main__":
    sys.exit(main())
