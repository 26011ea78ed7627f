"""``python -m game.saves``: kept so the documented command works; the command lives in ``game/cli/saves.py``."""

import sys

from .cli.saves import main

if __name__ == "__main__":
    sys.exit(main())
