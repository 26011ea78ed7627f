"""The play screen is a scene that owns parts (``game/ui/scenes/play/part.py``): no class there
is assembled from mixins, no part writes the scene's fields or another part's, and the scene
only routes (input stops at the first part that consumes it; events and updates reach all)."""

from __future__ import annotations

import ast

import pygame

import codewalk
from game.ui.scenes.play.part import Part
from uidrive import key, open_play, settle, step
from uihelp import human_session

PLAY = "ui/scenes/play"
SCENE_FILE = "scene.py"  # the scene itself may set its own names
# the scene's attributes that hold its parts (and the layout keeper)
PART_NAMES = {"playback", "controls", "hud", "table_view", "hint", "driver", "opening_part", "layouts", "stage"}


def scene_aliases(fn: ast.FunctionDef) -> dict[str, list[str]]:
    """Local names a method binds to the scene or to something in it, with the path from the
    scene (``sc = self.scene``: ``[]``; ``keys = self.scene.controls``: ``["controls"]``)."""
    out: dict[str, list[str]] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            chain = codewalk.dotted(node.value).split(".")
            if chain[:2] == ["self", "scene"]:
                out[node.targets[0].id] = chain[2:]
    return out


def writes(fn: ast.FunctionDef):
    """Every attribute assigned in ``fn`` (plain, augmented, annotated, in a tuple)."""
    for node in ast.walk(fn):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                    yield sub


def foreign_writes(tree: ast.AST, place) -> list[str]:
    """Assignments to the scene's fields (``self.scene.x = ``, ``sc.x = ``) or to a part's
    (``self.scene.controls.x = ``) from a part; ``place(node)`` says where each is."""
    hits = []
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for fn in [n for n in cls.body if isinstance(n, ast.FunctionDef)]:
            aliases = scene_aliases(fn)
            for attr in writes(fn):
                chain = codewalk.dotted(attr.value).split(".")
                if chain[:2] == ["self", "scene"]:
                    owner = chain[2:]  # the written object's path from the scene
                elif chain[0] in aliases:
                    owner = aliases[chain[0]] + chain[1:]
                else:
                    continue
                if owner == [] or (len(owner) == 1 and owner[0] in PART_NAMES):
                    hits.append(f"{place(attr)}: {ast.unparse(attr)} = ...")
    return hits


def test_no_part_writes_the_scene_or_another_part():
    # the play screen's own parts and every other screen module (a rule set's panel, the turn
    # shown again, the set grips, the board view): changes go through the owner's intents
    hits = [h for p in codewalk.files("ui") if not (p.parent.name == "play" and p.name == SCENE_FILE)
            for h in foreign_writes(codewalk.tree(p), lambda node, p=p: codewalk.where(p, node))]
    assert hits == []


def test_the_scene_has_no_setters():
    """The scene's names for its parts' fields only read (``play.selection``); nothing sets a
    part's field through the scene."""
    scene = codewalk.module(f"{PLAY}/{SCENE_FILE}")
    setters = [codewalk.dotted(d) for node in ast.walk(scene) if isinstance(node, ast.FunctionDef)
               for d in node.decorator_list if codewalk.dotted(d).endswith(".setter")]
    assert setters == []


def test_the_check_finds_a_write_through_the_scene():
    # the check itself: a part that writes the scene's or another part's field is caught
    src = ("class P:\n"
           "    def a(self):\n        self.scene.selection = []\n"
           "    def b(self):\n        sc = self.scene\n        sc.drag = None\n"
           "    def c(self):\n        self.scene.controls.drag = None\n"
           "    def d(self):\n        keys = self.scene.controls\n        keys.kb_mode = True\n"
           "    def e(self):\n        self.own = 1\n        self.stage.time += 1\n        self.scene.session.x = 1\n")
    found = foreign_writes(ast.parse(src), lambda node: f"line {node.lineno}")
    assert len(found) == 4 and all("= ..." in h for h in found)
    assert not any("own" in h or "stage.time" in h or "session" in h for h in found)


def test_the_scene_is_made_of_parts_in_order(app):
    play = open_play(app, human_session("R1 R2 R3 K9"))
    assert all(isinstance(p, Part) for p in play.parts)
    assert play.parts[0] is play.opening_part and play.parts[-1] is play.table_view  # front to back
    assert play.parts.index(play.controls) < play.parts.index(play.hud)


class Recorder(Part):
    def __init__(self, consume: bool) -> None:
        self.consume = consume
        self.seen: list[int] = []
        self.updates = 0
        self.events: list = []
        self.drawn = 0

    def handle(self, ev) -> bool:
        self.seen.append(ev.type)
        return self.consume

    def update(self, dt: float) -> None:
        self.updates += 1

    def on_event(self, ev) -> None:
        self.events.append(ev)

    def draw_top(self, surf, lay) -> None:
        self.drawn += 1


def test_input_stops_at_the_first_part_that_consumes_it(app):
    sess = human_session("R1 R2 R3 K9")
    play = open_play(app, sess)
    settle(app, play)
    rack = len(sess.state.players[0].rack)
    front = Recorder(consume=True)
    play.parts.insert(0, front)
    key(app, pygame.K_SPACE)  # would draw a tile
    settle(app, play)
    assert front.seen.count(pygame.KEYDOWN) == 1 and len(sess.state.players[0].rack) == rack
    assert front.updates > 0 and front.drawn > 0  # updates and drawing reach every part


def test_input_and_events_pass_a_part_that_does_not_consume_them(app):
    sess = human_session("R1 R2 R3 K9")
    play = open_play(app, sess)
    settle(app, play)
    rack = len(sess.state.players[0].rack)
    front = Recorder(consume=False)
    play.parts.insert(0, front)
    key(app, pygame.K_SPACE)  # draws a tile: the controls behind it saw the key
    settle(app, play)
    step(app)
    assert front.seen.count(pygame.KEYDOWN) == 1 and len(sess.state.players[0].rack) == rack + 1
    assert any(type(ev).__name__ == "Drew" for ev in front.events)  # the session's events reach every part


def test_the_rule_sets_panel_is_the_scenes_plugin_of_the_moment(app):
    # a puzzle or a lesson puts its own plugin in front after the scene is made: the panel's
    # part follows the scene's plugin, so that one draws, hears input and updates
    from game.ui import variant_ui

    class Card(variant_ui.Plugin):
        def __init__(self) -> None:
            self.drawn = 0
            self.keys = 0
            self.updates = 0

        def handle(self, ev) -> bool:
            self.keys += ev.type == pygame.KEYDOWN
            return ev.type == pygame.KEYDOWN

        def update(self, dt: float) -> None:
            self.updates += 1

        def draw_under_tiles(self, surf, lay) -> None:
            self.drawn += 1

    sess = human_session("R1 R2 R3 K9")
    play = open_play(app, sess)
    settle(app, play)
    card = Card()
    play.plugin = variant_ui.Combined([card] + list(play.plugin.parts))
    rack = len(sess.state.players[0].rack)
    key(app, pygame.K_SPACE)  # taken by the card: no tile drawn
    step(app, n=3)
    assert card.keys == 1 and len(sess.state.players[0].rack) == rack
    assert card.drawn > 0 and card.updates > 0
