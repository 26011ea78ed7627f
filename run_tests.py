"""Run the whole test suite: ``python3 run_tests.py [pytest args]``.

Creates ``.venv`` with the game's and the tests' packages on first use."""

import os
import sys

import bootstrap

if __name__ == "__main__":
    if not bootstrap.in_venv():
        bootstrap.reexec(("test",), [__file__, *sys.argv[1:]])
    import pytest

    os.chdir(os.path.dirname(os.path.abspath(__file__)))
    sys.exit(pytest.main(sys.argv[1:]))
