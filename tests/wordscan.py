"""The string literals of a module that can reach a player (every literal but docstrings), for the
tests that keep words such as "game(s)" or "finder" off the screen."""

from __future__ import annotations

import ast
import functools
import pathlib


def player_strings(path: pathlib.Path) -> tuple[tuple[int, str], ...]:
    """(line, text) of every string literal in ``path`` but its docstrings (read once a run)."""
    return _strings(str(path))


@functools.lru_cache(maxsize=None)
def _strings(path: str) -> tuple[tuple[int, str], ...]:
    return tuple(_literals(pathlib.Path(path)))


def _literals(path: pathlib.Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value
