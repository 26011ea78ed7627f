"""``python -m game.sim``: kept so the documented command works; the command lives in ``game/cli/sim.py``."""

import sys

from .cli.sim import main

if __name__ == "__main__":
    sys.exit(main())
