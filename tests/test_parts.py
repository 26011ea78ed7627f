"""Architecture, read from the syntax trees: the play layer and the screens are built from parts
a class owns, not from mixins.  A mixin shows itself two ways: it is one base among several of
another class, or it declares fields it never sets (its user sets them); its hooks then are
stand-ins that raise ``NotImplementedError`` until the class it is mixed into supplies them.
An interface base with stand-ins for its implementations (``PuzzleRun``, ``Widget``) is fine."""

from __future__ import annotations

import ast
from pathlib import Path

import codewalk

def _mixins(trees: list[ast.AST]) -> set[str]:
    """Classes that are one base among several of some class."""
    return {b for t in trees for cls in codewalk.class_defs(t) if len(cls.bases) > 1 for b in codewalk.base_names(cls)}


def _is_dataclass(cls: ast.ClassDef) -> bool:
    return any("dataclass" in codewalk.dotted(d.func if isinstance(d, ast.Call) else d) for d in cls.decorator_list)


def _unset_fields(cls: ast.ClassDef) -> list[str]:
    """Fields the class declares (``name: Type`` in its body) but never sets itself (``self.name = ...``)."""
    if _is_dataclass(cls) or "Protocol" in codewalk.base_names(cls):
        return []
    declared = [s.target.id for s in cls.body
                if isinstance(s, ast.AnnAssign) and s.value is None and isinstance(s.target, ast.Name)]
    set_here = {n.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store)
                and isinstance(n.value, ast.Name) and n.value.id == "self"}
    return [f for f in declared if f not in set_here]


def stand_ins(trees: list[ast.AST]) -> list[str]:
    """``Class.method`` for every method of a mixin that raises ``NotImplementedError``."""
    mixins = _mixins(trees)
    found = []
    for t in trees:
        for cls in codewalk.class_defs(t):
            if cls.name not in mixins and not _unset_fields(cls):
                continue
            found += [f"{cls.name}.{fn.name}" for fn in codewalk.methods(cls)
                      if "NotImplementedError" in codewalk.raised(fn)]
    return sorted(found)


def _trees(*folders: str) -> list[tuple[Path, ast.Module]]:
    return [(p, codewalk.tree(p)) for folder in folders for p in codewalk.files(folder)]


def test_no_class_of_the_play_layer_or_the_screens_has_more_than_one_base():
    hits = [f"{codewalk.where(p, cls)}: {cls.name}({', '.join(ast.unparse(b) for b in cls.bases)})"
            for p, t in _trees("play", "ui") for cls in codewalk.class_defs(t) if len(cls.bases) > 1]
    assert hits == []


def test_no_mixin_stand_ins_in_the_play_layer_or_the_screens():
    found = set(stand_ins([t for _, t in _trees("play", "ui")]))
    assert found == set()


def test_the_check_finds_both_kinds_of_mixin_and_spares_an_interface():
    src = '''
class Layout:
    state: object
    def _push_undo(self):
        raise NotImplementedError
    def sort(self):
        self._push_undo()

class Owner(Layout):
    def _push_undo(self):
        pass

class Hud:
    def thinking_for(self):
        raise NotImplementedError()

class Screen(Hud, Owner):
    pass

class Run:
    mode = ""
    def done(self):
        raise NotImplementedError

class Daily(Run):
    def done(self):
        return 1

@dataclass
class Step:
    kind: str
    def later(self):
        raise NotImplementedError
'''
    assert stand_ins([ast.parse(src)]) == ["Hud.thinking_for", "Layout._push_undo"]
