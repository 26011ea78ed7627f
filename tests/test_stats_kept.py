"""Statistics from a newer version are left in place (not set aside as damaged, never written over);
rule sets this version does not know are refused in a result, kept unshown in the file, and a file
naming thousands of them is refused rather than slowing the statistics screen."""

from __future__ import annotations

import json

import pytest

from game.rules.variants import REGISTRY
from game.storage import stats


def _entry(games: int = 1) -> dict:
    return {"games": games, "wins": 0, "total_score": 5 * games, "best_score": 5, "current_streak": 0,
            "best_streak": 0, "fastest_win_turns": None, "fastest_win_seconds": None, "total_seconds": 60.0,
            "recent": [{"won": False, "score": 5, "turns": 20, "seconds": 60.0, "at": "2026-11-20T10:00:00+00:00"}]}


def test_statistics_from_a_newer_version_are_left_in_place_and_never_written_over():
    path = stats.stats_path()
    newer = json.dumps({"format": "tile-rush-stats", "schema": stats.SCHEMA + 1, "variants": {}, "trophies": [1]})
    path.write_text(newer)
    got = stats.load_stats()
    assert got.newer and "newer version" in got.message and got.variants == {}
    assert path.read_text() == newer and not list(path.parent.glob("stats.json.damaged-*"))
    after = stats.record_game("classic", True, 10, 20, 60.0)
    assert not after.write_failed and path.read_text() == newer  # not counted, nothing written over it
    stats.reset_stats()
    assert path.read_text() == newer


def test_a_result_for_an_unknown_rule_set_is_refused():
    with pytest.raises(ValueError, match="unknown rule set"):
        stats.record_game("made-up-rules", True, 10, 20, 60.0)
    assert not stats.stats_path().exists()


def test_a_rule_set_this_version_does_not_know_is_kept_in_the_file_but_not_shown():
    from game.ui.scenes.statistics import rule_set_keys

    stats.stats_path().write_text(json.dumps({"format": "tile-rush-stats", "schema": 1,
                                              "variants": {"classic": _entry(2), "future-rules": _entry(3)}}))
    got = stats.load_stats()
    assert set(got.variants) == {"classic"} and not got.message
    assert [k for k, _, _ in rule_set_keys(got)] == list(REGISTRY)
    stats.record_game("classic", True, 10, 20, 60.0)
    on_disk = json.loads(stats.stats_path().read_text())["variants"]
    assert on_disk["future-rules"] == _entry(3) and on_disk["classic"]["games"] == 3


def test_thousands_of_made_up_rule_sets_are_refused_and_the_backup_used():
    stats.record_game("classic", True, 10, 20, 60.0)
    stats.record_game("classic", False, 4, 30, 80.0)  # the first result is now the backup
    made_up = {f"rules-{i}": _entry() for i in range(19_000)}
    stats.stats_path().write_text(json.dumps({"format": "tile-rush-stats", "schema": 1,
                                              "variants": {"classic": _entry(), **made_up}}))
    got = stats.load_stats()
    assert set(got.variants) == {"classic"} and got.get("classic").games == 1 and got.source == "backup"
    assert "does not know" in got.message
    assert list(stats.stats_path().parent.glob("stats.json.damaged-*"))  # kept aside, never deleted
