"""``python -m game.rules``: kept so the documented command works; the command lives in ``game/cli/rules.py``."""

import sys

from ..cli.rules import main

if __name__ == "__main__":
    sys.exit(main())
