"""The screen code declares its interfaces instead of probing for them.

Our own objects (scenes, the app, plugins, sprites, widgets) declare every attribute they
have, so no ``getattr``/``hasattr`` asks whether one is there; only pygame's events (whose
fields differ by event type), the ``os`` module (whose flags differ by platform) and
pygame's own constants may be looked up that way.  Nor does one object write another's
private attributes, or reach them through ``__dict__``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import codewalk
from game.ui import variant_ui

ROOT = Path(__file__).resolve().parents[1]

# what a probe may look into: a pygame event, the os module, the pygame module
ALLOWED_PROBED = {"ev", "os", "pygame"}
DICT_REACH = {"vars", "setattr", "delattr"}


def probes(tree: ast.AST) -> list[tuple[ast.Call, str]]:
    """``getattr``/``hasattr`` calls in ``tree`` and what each looks into."""
    return [(call, codewalk.dotted(call.args[0]) or ast.unparse(call.args[0]))
            for name, call in codewalk.calls(tree) if name in ("getattr", "hasattr") and call.args]


def others_private(tree: ast.AST) -> list[ast.Attribute]:
    """``x._name`` where ``x`` is not ``self`` or ``cls`` (dunders are Python's, not ours)."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr.startswith("_")
            and not node.attr.startswith("__") and node.attr[1:2].islower()
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))]


def dict_reach(tree: ast.AST) -> list[ast.AST]:
    return ([call for name, call in codewalk.calls(tree) if name in DICT_REACH]
            + list(codewalk.attribute_reads(tree, "__dict__")))


def test_no_probe_on_our_own_objects():
    hits = [f"{codewalk.where(p, call)}: {ast.unparse(call)}" for p in codewalk.files("ui")
            for call, probed in probes(codewalk.tree(p)) if probed not in ALLOWED_PROBED]
    assert hits == []


def test_the_allowed_probes_are_found_by_the_check():
    # the check sees a probe on one of our objects, and lets an event's field through
    assert [p for _, p in probes(ast.parse('getattr(self.scene.app, "turn_log_open", False)'))] == ["self.scene.app"]
    assert [p for _, p in probes(ast.parse('hasattr(play, "header_text")'))] == ["play"]
    assert all(p in ALLOWED_PROBED for _, p in probes(ast.parse('getattr(ev, "button", 1) == 1')))
    assert probes(ast.parse('x = 1  # getattr(self.app, "a")\ns = "hasattr(play, \'b\')"')) == []  # words, not code


def test_no_object_writes_or_reads_another_ones_private_attributes():
    hits = [f"{codewalk.where(p, node)}: {ast.unparse(node)}" for p in codewalk.files("ui")
            for node in others_private(codewalk.tree(p)) + dict_reach(codewalk.tree(p))]
    assert hits == []
    assert others_private(ast.parse("pause._layout_size = None"))
    assert not others_private(ast.parse("self._layout_size = None"))


def test_every_plugin_hook_is_declared_and_answers_none_by_default():
    hooks = [name for name, value in vars(variant_ui.Plugin).items() if callable(value) and not name.startswith("_")]
    plugin = variant_ui.Plugin()
    assert len(hooks) >= 20 and plugin.parts == [plugin]
    assert variant_ui.NO_PLUGIN.parts == [] and variant_ui.NO_PLUGIN.layout_key() is None
    # a combined plugin declares every hook itself (no catch-all lookup)
    assert all(name in vars(variant_ui.Combined) for name in hooks)
    assert "__getattr__" not in vars(variant_ui.Combined)


def test_a_combined_plugin_asks_each_part_until_one_answers():
    class Quiet(variant_ui.Plugin):
        def __init__(self) -> None:
            self.updates = 0

        def update(self, dt: float) -> None:
            self.updates += 1

    class Talker(Quiet):
        def status_note(self, analysis):
            return ("note", (1, 2, 3))

        def handle(self, ev) -> bool:
            return True

    quiet, talker = Quiet(), Talker()
    both = variant_ui.Combined([quiet, talker])
    both.update(0.1)
    assert quiet.updates == talker.updates == 1  # updates reach every part
    assert both.status_note(None) == ("note", (1, 2, 3)) and both.results_title() is None
    assert both.handle(None) is True and both.parts == [quiet, talker]
    assert variant_ui.find(both, Talker) is talker and variant_ui.find(variant_ui.NO_PLUGIN, Talker) is None


def test_every_registered_plugin_is_a_plugin():
    from game.ui import wiring  # noqa: F401  (declares the plugin modules)

    variant_ui.load_plugins()
    factories = list(variant_ui.PLUGINS.values()) + [f for f, _ in variant_ui.GENERAL]
    assert factories and all(issubclass(f, variant_ui.Plugin) for f in factories)


def mixins(tree: ast.AST) -> list[ast.ClassDef]:
    """Classes with more than one base class (a class assembled from mixins)."""
    return [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef) and len(node.bases) > 1]


def writes_through_a_part(tree: ast.AST) -> list[ast.Attribute]:
    """Assignments to ``self.part.field``: one part writing a field of another it holds (writes
    to the play screen's fields, ``self.scene.x``, are the play parts' test's business)."""
    targets = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets += node.targets if isinstance(node, ast.Assign) else [node.target]
    return [t for t in targets if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Attribute)
            and isinstance(t.value.value, ast.Name) and t.value.value.id == "self" and t.value.attr != "scene"]


def test_the_rummi200kub_screen_is_built_from_parts_not_mixins():
    r200 = codewalk.files("ui/r200")
    assert len(r200) >= 8
    assert [f"{codewalk.where(p, c)}: {c.name}" for p in r200 for c in mixins(codewalk.tree(p))] == []
    assert [f"{codewalk.where(p, t)}: {ast.unparse(t)}" for p in r200 for t in writes_through_a_part(codewalk.tree(p))] == []
    # the checks see a mixin class and a part's field written by another object
    assert [c.name for c in mixins(ast.parse("class A(B, C):\n    pass\nclass D(E):\n    pass"))] == ["A"]
    assert len(writes_through_a_part(ast.parse("self.mode.active = True\nself.active = True\nself.scene.busy_until = 1"))) == 1
