"""The screen code declares its interfaces instead of probing for them.

Our own objects (scenes, the app, plugins, sprites, widgets) declare every attribute they
have, so no ``getattr``/``hasattr`` asks whether one is there; only pygame's events (whose
fields differ by event type), the ``os`` module (whose flags differ by platform) and
pygame's own constants may be looked up that way.  Nor does one object write another's
private attributes, or reach them through ``__dict__``.
"""

from __future__ import annotations

import re
from pathlib import Path

from game.ui import variant_ui

ROOT = Path(__file__).resolve().parents[1]
UI = ROOT / "game" / "ui"

# what a probe may look into: a pygame event, the os module, the pygame module
ALLOWED_PROBED = {"ev", "os", "pygame"}
PROBE = re.compile(r"\b(getattr|hasattr)\(\s*([\w.]+)")
OTHERS_PRIVATE = re.compile(r"\b(?!self\b|cls\b)[A-Za-z_]\w*\._[a-z]\w*")
DICT_REACH = re.compile(r"__dict__|\bvars\(|\bsetattr\(|\bdelattr\(")


def ui_lines():
    for path in sorted(UI.rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            yield f"{path.relative_to(ROOT)}:{n}", code


def test_no_probe_on_our_own_objects():
    hits = [f"{where}: {code.strip()}" for where, code in ui_lines()
            for m in PROBE.finditer(code) if m.group(2) not in ALLOWED_PROBED]
    assert hits == []


def test_the_allowed_probes_are_found_by_the_check():
    # the check sees a probe on one of our objects, and lets an event's field through
    assert [m.group(2) for m in PROBE.finditer('getattr(self.scene.app, "turn_log_open", False)')] == ["self.scene.app"]
    assert [m.group(2) for m in PROBE.finditer('hasattr(play, "header_text")')] == ["play"]
    assert all(m.group(2) in ALLOWED_PROBED for m in PROBE.finditer('getattr(ev, "button", 1) == 1'))


def test_no_object_writes_or_reads_another_ones_private_attributes():
    hits = [f"{where}: {code.strip()}" for where, code in ui_lines()
            if OTHERS_PRIVATE.search(code) or DICT_REACH.search(code)]
    assert hits == []
    assert OTHERS_PRIVATE.search("pause._layout_size = None")
    assert not OTHERS_PRIVATE.search("self._layout_size = None")


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
