"""The packages import one way: no module of game/ reaches itself through its imports.

Every import statement counts, including those inside functions (a local import that hides a
circle is still a circle); only imports under ``if TYPE_CHECKING:`` are left out.  A package's
implicit import of its parent package is not an edge.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def modules() -> dict[str, Path]:
    out = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _owner(name: str, known: dict[str, Path]) -> str | None:
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The game modules ``name`` imports (any import statement in the file)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            # ``from pkg import mod`` imports the module; ``from mod import name`` the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        else:
            continue
        for target in targets:
            if target == "game" or not target.startswith("game."):
                continue
            owner = _owner(target, known)
            if owner and owner != name:
                found.add(owner)
    return found


@lru_cache(maxsize=1)
def _graph() -> tuple:
    known = modules()
    return tuple((name, frozenset(imports_of(name, path, known))) for name, path in known.items())


def import_graph() -> dict[str, set[str]]:
    return {name: set(targets) for name, targets in _graph()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_walk_finds_a_circle_when_there_is_one():
    graph = {"game.a": {"game.b"}, "game.b": {"game.c"}, "game.c": {"game.a"}, "game.d": {"game.a"}}
    assert circles(graph) == [["game.a", "game.b", "game.c"]]
    assert circles({"game.a": {"game.b"}, "game.b": set()}) == []


def test_the_walk_sees_imports_inside_functions_and_relative_imports():
    graph = import_graph()
    assert "game.rules.engine" in graph["game.play.computer"]
    assert all(target.startswith("game.") for targets in graph.values() for target in targets)


def test_no_module_of_the_game_imports_itself_through_others():
    found = circles(import_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(group) for group in found)


# The layers, bottom first: a package may import its own layer and the layers below it (puzzles: the pure
# puzzle core, built on the rules and the finder).
LAYERS = [("rules",), ("ai",), ("puzzles",), ("storage",), ("replay", "tutorial"), ("play",), ("tournament",), ("ui",), ("cli",)]


def _layer(module: str) -> int | None:
    package = module.split(".")[1] if module.count(".") else ""
    return next((i for i, names in enumerate(LAYERS) if package in names), None)


def test_the_layers_import_downwards_only():
    wrong = []
    for name, targets in import_graph().items():
        if name.endswith(".__main__") or _layer(name) is None:
            continue  # the entry points (``python -m game.sim``, ``python -m game.rules``) only hand over to game/cli
        wrong += [f"{name} -> {t}" for t in sorted(targets) if _layer(t) is not None and _layer(t) > _layer(name)]
    assert wrong == []


def test_every_package_of_the_game_has_a_layer_and_the_top_holds_only_entry_points():
    packages = {p.name for p in (ROOT / "game").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages == {n for names in LAYERS for n in names}
    loose = sorted(p.stem for p in (ROOT / "game").glob("*.py") if p.stem != "__init__")
    for stem in loose:  # each one only runs its command in game/cli
        text = (ROOT / "game" / f"{stem}.py").read_text(encoding="utf-8")
        assert f"from .cli.{stem} import main" in text and len(text.splitlines()) <= 10, stem
