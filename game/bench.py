"""``python -m game.bench``: kept so the documented command works; the command lives in ``game/cli/bench.py``."""

import sys

from .cli.bench import main

if __name__ == "__main__":
    sys.exit(main())
