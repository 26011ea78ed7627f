"""``python -m game.puzzles``: the command lives in ``game/cli/puzzles.py``."""

import sys

from ..cli.puzzles import main

if __name__ == "__main__":
    sys.exit(main())
