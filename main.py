"""Tile Rush: ``python3 main.py`` plays the game (``--help`` lists the options).

On a machine without the game's packages it first creates a private
environment in ``.venv`` (see bootstrap.py), then starts from there."""

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _have_packages() -> bool:
    try:
        import platformdirs  # noqa: F401
        import pygame  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    if not _have_packages():
        import bootstrap

        if bootstrap.in_venv():
            sys.exit("The game's packages are missing from .venv; delete the .venv folder and try again.")
        bootstrap.reexec((), [__file__, *sys.argv[1:]])
    from game.cli.app import main

    sys.exit(main(sys.argv[1:]))
