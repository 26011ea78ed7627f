"""One name for each rule set wherever a player reads it: the lesson menu, the set-up screen, the
rules screen and the statistics tabs all say the rule set's own title (sheet 004's Rummibug has two
game styles, Standard and Relaxed: "Rummibug Standard" and "Rummibug Relaxed")."""

from __future__ import annotations

from game.rules.variants import REGISTRY
from game.tutorial import lessons as data
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.setup import SetupScene
from game.ui.scenes.statistics import rule_set_keys
from game.ui.scenes.tutorial import TutorialScene


def test_every_lesson_track_is_named_as_its_rule_set():
    assert {t["variant"]: t["title"] for t in data.TRACKS} == {k: REGISTRY[k].title for k in REGISTRY}


def test_the_lesson_menu_setup_rules_and_statistics_say_the_same_names(app):
    menu = {b.label for b in TutorialScene(app).track_buttons}
    setup = {title for _key, title in SetupScene(app).variant_chooser.options}
    rules = {title for _key, title in RulesScene(app, "classic").chooser.options}
    stats = {title for _key, title, _low in rule_set_keys(None)}
    assert menu == setup == rules == stats
    assert "Rummibug Standard" in menu and "Rummibug" not in menu
