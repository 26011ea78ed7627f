"""``python -m game.demo``: kept so the documented command works; the command lives in ``game/cli/demo.py``."""

import sys

from .cli.demo import main

if __name__ == "__main__":
    sys.exit(main())
