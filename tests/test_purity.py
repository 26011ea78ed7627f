"""The rules and the AI never import pygame (a fresh interpreter proves it)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules_loaded_by(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint('\\n'.join(sys.modules))"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_rules_and_ai_do_not_import_pygame():
    mods = _modules_loaded_by(
        "import game.rules, game.rules.engine, game.rules.__main__, game.ai, game.ai.basic, game.ai.layout\n"
        "import game.rules.variants as v\nimport pkgutil, importlib\n"
        "[importlib.import_module('game.ai.' + m.name) for m in pkgutil.iter_modules(['game/ai'])]\n"
        "[importlib.import_module('game.rules.' + m.name) for m in pkgutil.iter_modules(['game/rules'])]\n"
        "from game.ai import PLAYER_FACTORIES, make_player, player_names\n"
        "[make_player(n, 0, b) for n in player_names() for b in PLAYER_FACTORIES[n]]")
    assert "game.rules.engine" in mods
    assert not any(m == "pygame" or m.startswith("pygame.") for m in mods)


def test_no_pygame_import_statement_under_rules_or_ai():
    import codewalk

    for folder in ("rules", "ai"):
        for path in codewalk.files(folder):
            names = codewalk.imported(codewalk.tree(path))
            assert not any(n == "pygame" or n.startswith("pygame.") for n in names), path
