"""The test suite's own shape, read from its syntax trees: one ``app`` fixture (conftest.py; a
module says how it wants the App with ``pytest.mark.app``), and no test module imports another
(shared helpers live in helper modules: helpers, uihelp, uidrive, r200pos, ...)."""

from __future__ import annotations

import ast
from pathlib import Path

import codewalk

TESTS = Path(__file__).resolve().parent


def _test_modules() -> list[Path]:
    return sorted(TESTS.glob("test_*.py"))


def test_one_app_fixture():
    found = []
    for path in sorted(TESTS.glob("*.py")):
        for node in ast.walk(codewalk.tree(path)):
            if isinstance(node, ast.FunctionDef) and node.name == "app" and any(
                    "fixture" in ast.unparse(d) for d in node.decorator_list):
                found.append(path.name)
    assert found == ["conftest.py"]


def test_no_test_module_imports_another():
    names = {p.stem for p in _test_modules()}
    hits = []
    for path in _test_modules():
        for mod in codewalk.imported(codewalk.tree(path)):
            parts = mod.lstrip(".").split(".")
            if parts[0] in names or (parts[0] == "tests" and len(parts) > 1 and parts[1] in names):
                hits.append(f"{path.name}: {mod}")
    assert hits == []


def test_helpers_are_imported_one_way():
    """``from tests.uidrive import ...`` and ``from uidrive import ...`` would load two copies."""
    hits = [f"{p.name}: {m}" for p in sorted(TESTS.glob("*.py")) for m in codewalk.imported(codewalk.tree(p))
            if m.startswith("tests.")]
    assert hits == []
