"""``python -m game.solve``: kept so the documented command works; the command lives in ``game/cli/solve.py``."""

import sys

from .cli.solve import main

if __name__ == "__main__":
    sys.exit(main())
