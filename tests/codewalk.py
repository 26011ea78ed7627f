"""The syntax trees of game/ for the architecture tests: they ask the trees (what is imported,
called, read), never the text, so a comment or a string cannot satisfy or break one."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


@lru_cache(maxsize=None)
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def module(rel: str) -> ast.Module:
    """The tree of ``game/<rel>``."""
    return tree(GAME / rel)


def files(folder: str = "") -> list[Path]:
    return sorted((GAME / folder).rglob("*.py"))


def dotted(node: ast.AST) -> str:
    """``a.b.c`` for a name or an attribute chain ("" for anything else)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def calls(t: ast.AST) -> Iterator[tuple[str, ast.Call]]:
    """Every call in ``t`` with the dotted name of what is called."""
    for node in ast.walk(t):
        if isinstance(node, ast.Call):
            yield dotted(node.func), node


def called(t: ast.AST) -> set[str]:
    return {name for name, _ in calls(t)}


def imported(t: ast.AST) -> set[str]:
    """Every module an import statement in ``t`` names (``from x import y``: ``x`` and ``x.y``;
    relative imports keep their dots)."""
    out: set[str] = set()
    for node in ast.walk(t):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out.add(base)
            out.update(f"{base}.{a.name}" if node.module else base + a.name for a in node.names)
    return out


def attribute_reads(t: ast.AST, attr: str) -> Iterator[ast.Attribute]:
    for node in ast.walk(t):
        if isinstance(node, ast.Attribute) and node.attr == attr:
            yield node


def subscripts_of(t: ast.AST, key: str) -> Iterator[ast.AST]:
    """``x["key"]`` and ``x.get("key")`` in ``t``."""
    for node in ast.walk(t):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == key:
            yield node
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[0], ast.Constant) and node.args[0].value == key):
            yield node


def dict_literals_with(t: ast.AST, key: str) -> Iterator[ast.Dict]:
    for node in ast.walk(t):
        if isinstance(node, ast.Dict) and any(isinstance(k, ast.Constant) and k.value == key for k in node.keys):
            yield node


def where(path: Path, node: ast.AST) -> str:
    return f"{path.relative_to(ROOT)}:{node.lineno}"


def class_defs(t: ast.AST) -> Iterator[ast.ClassDef]:
    for node in ast.walk(t):
        if isinstance(node, ast.ClassDef):
            yield node


def base_names(cls: ast.ClassDef) -> list[str]:
    """The names of a class's bases, last part only (``a.B`` and ``B`` are both "B"; ``Generic[T]`` is "")."""
    return [dotted(b).rsplit(".", 1)[-1] for b in cls.bases]


def methods(cls: ast.ClassDef) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in cls.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def raised(t: ast.AST) -> set[str]:
    """The dotted names ``t`` raises (``raise X`` and ``raise X(...)``)."""
    return {dotted(n.exc.func if isinstance(n.exc, ast.Call) else n.exc)
            for n in ast.walk(t) if isinstance(n, ast.Raise) and n.exc is not None}
