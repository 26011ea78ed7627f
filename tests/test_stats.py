"""Statistics per rule set and settings: the numbers, and that the files are never lost."""

from __future__ import annotations

import json
import random
from datetime import datetime, timezone

import pytest

from game.storage import persistence, stats
from game.storage import settings as user_settings
from game.rules.variants import REGISTRY, Variant


def test_counts_scores_streaks_and_fastest_win():
    results = [  # won, score, turns, seconds
        (True, 40, 30, 300.0),
        (True, 10, 25, 400.0),
        (False, -20, 40, 200.0),
        (True, 90, 35, 150.5),
        (True, 5, 50, 600.0),
        (True, 15, 28, 250.0),
        (False, -5, 20, 100.0),
    ]
    for won, score, turns, secs in results:
        out = stats.record_game("classic", won, score, turns, secs)
    assert out.message == ""
    c = stats.load_stats().get("classic")
    assert c.games == 7 and c.wins == 5 and c.losses == 2
    assert c.total_score == 135 and c.average_score == pytest.approx(135 / 7)
    assert c.best_score == 90
    assert c.best_streak == 3 and c.current_streak == 0
    assert c.fastest_win_turns == 25  # fewest turns among wins (the 20-turn game was lost)
    assert c.fastest_win_seconds == 150.5  # shortest won game, counted apart from turns
    assert c.win_rate == pytest.approx(5 / 7)
    assert [r["score"] for r in c.recent] == [s for _, s, _, _ in results]
    stats.record_game("classic", True, 1, 60, 900.0)
    assert stats.load_stats().get("classic").current_streak == 1


def test_rule_sets_are_counted_apart_and_empty_ones_are_zero():
    stats.record_game("classic", True, 10, 20, 60.0)
    s = stats.load_stats()
    assert s.get("classic").games == 1
    other = s.get("rummy-q")
    assert other.games == 0 and other.average_score is None and other.best_score is None and other.fastest_win_turns is None


def test_lower_score_wins_rule_sets_keep_the_lowest_as_best(monkeypatch):
    class LowWins(Variant):
        key = "test-low"
        lower_score_wins = True

    monkeypatch.setitem(REGISTRY, "test-low", LowWins)
    for score in (30, 12, 45):
        stats.record_game("test-low", False, score, 10, 10.0)
    assert stats.load_stats().get("test-low").best_score == 12


def test_recent_games_are_bounded():
    for i in range(stats.RECENT + 7):
        stats.record_game("classic", i % 2 == 0, i, 10 + i, 5.0 + i)
    c = stats.load_stats().get("classic")
    assert c.games == stats.RECENT + 7 and len(c.recent) == stats.RECENT
    assert c.recent[-1]["score"] == stats.RECENT + 6 and c.recent[0]["score"] == 7


def test_bad_results_are_refused_and_not_recorded():
    for args in (("", True, 1, 1, 1.0), ("classic", 1, 1, 1, 1.0), ("classic", True, 1.5, 1, 1.0),
                 ("classic", True, 1, -1, 1.0), ("classic", True, 1, 1, float("nan")), ("classic", True, 1, 1, -3.0)):
        with pytest.raises(ValueError):
            stats.record_game(*args)
    assert stats.load_stats().variants == {}


def test_damaged_file_falls_back_to_the_backup_then_starts_afresh():
    stats.record_game("classic", True, 10, 20, 60.0)
    stats.record_game("classic", False, -4, 30, 80.0)  # the first state is now the backup
    path = stats.stats_path()
    path.write_text('{"format": "tile-rush-stats", "schema": 1, "variants": {"classic": {"games": -3}}}')
    s = stats.load_stats()
    assert s.source == "backup" and "damaged" in s.message
    assert s.get("classic").games == 1 and s.get("classic").wins == 1
    kept = list(path.parent.glob("stats.json.damaged-*"))
    assert len(kept) == 1 and "-3" in kept[0].read_text()
    assert stats.load_stats().source == "file"  # restored from the backup

    path.write_text("not json")
    persistence.backup_path(path).write_text("[]")
    s = stats.load_stats()
    assert s.source == "fresh" and s.variants == {} and "started afresh" in s.message
    assert len(list(path.parent.glob("stats.json*.damaged-*"))) == 3  # nothing deleted
    stats.record_game("classic", True, 3, 9, 9.0)  # and recording works again
    assert stats.load_stats().get("classic").games == 1


def test_inconsistent_numbers_are_damage():
    good = {"games": 2, "wins": 1, "total_score": 5, "best_score": 9, "current_streak": 1, "best_streak": 1,
            "fastest_win_turns": 20, "fastest_win_seconds": 40.0, "total_seconds": 90.0,
            "recent": [{"won": True, "score": 9, "turns": 20, "seconds": 40.0, "at": "2026-01-01T00:00:00+00:00"}]}
    path = stats.stats_path()
    path.write_text(json.dumps({"format": "tile-rush-stats", "schema": 1, "variants": {"classic": good}}))
    assert stats.load_stats().get("classic").games == 2
    for change in ({"wins": 3}, {"best_streak": 2}, {"current_streak": 2, "best_streak": 1}, {"fastest_win_turns": None},
                   {"best_score": None}, {"total_seconds": -1}, {"recent": [good["recent"][0]] * 3}, {"games": True}):
        path.write_text(json.dumps({"format": "tile-rush-stats", "schema": 1, "variants": {"classic": {**good, **change}}}))
        s = stats.load_stats()
        assert s.source == "fresh" and s.variants == {}, change


def test_fuzzed_statistics_files_never_crash_and_load_consistently():
    rng = random.Random(5)
    for i in range(6):
        stats.record_game("classic", i % 3 != 0, 10 * i - 20, 20 + i, 60.0 + i)
    stats.record_game("rummy-q", True, 12, 20, 30.0)
    path = stats.stats_path()
    good = path.read_bytes()
    expected = stats.load_stats().to_dict()
    for _ in range(150):
        data = bytearray(good)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(data))
            op = rng.randrange(3)
            if op == 0:
                data[i] = rng.choice(b'0123456789-.,"{}[]etnaflsxe ')
            elif op == 1:
                del data[i : i + rng.randint(1, 8)]
            else:
                data = data[:i]
                break
        path.write_bytes(bytes(data))
        backup_good = rng.random() < 0.3
        persistence.backup_path(path).write_bytes(good if backup_good else bytes(data[::-1]))
        s = stats.load_stats()  # never raises
        if s.source != "file" and backup_good:
            assert s.source == "backup" and s.to_dict() == expected
        for v in s.variants.values():
            assert 0 <= v.wins <= v.games and v.current_streak <= v.best_streak <= v.wins
            assert (v.fastest_win_turns is None) == (v.wins == 0)
        for leftover in path.parent.glob("stats.json*.damaged-*"):
            leftover.unlink()  # (test housekeeping: the game itself never deletes them)


def test_a_write_failure_keeps_the_old_file_and_says_so(monkeypatch):
    stats.record_game("classic", True, 10, 20, 60.0)
    before = stats.stats_path().read_bytes()

    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(persistence, "atomic_write_json", full)
    out = stats.record_game("classic", True, 10, 20, 60.0)
    assert "could not be saved" in out.message and out.get("classic").games == 2
    assert stats.stats_path().read_bytes() == before


def test_recent_games_carry_the_date():
    when = datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone.utc)
    stats.record_game("classic", True, 10, 20, 60.0, when=when)
    assert stats.load_stats().get("classic").recent[0]["at"] == "2026-03-04T05:06:07+00:00"


def test_hints_used_are_counted_per_rule_set_and_per_game():
    stats.record_game("classic", True, 10, 20, 60.0, hints=2)
    stats.record_game("classic", False, -5, 30, 90.0)
    vs = stats.load_stats().get("classic")
    assert vs.hints == 2 and vs.recent[0]["hints"] == 2 and "hints" not in vs.recent[1]
    with pytest.raises(ValueError):
        stats.record_game("classic", True, 10, 20, 60.0, hints=-1)
    # a file from before hints were counted loads, with none
    doc = json.loads(stats.stats_path().read_text())
    del doc["variants"]["classic"]["hints"]
    del doc["variants"]["classic"]["recent"][0]["hints"]
    stats.stats_path().write_text(json.dumps(doc))
    vs = stats.load_stats().get("classic")
    assert vs.games == 2 and vs.hints == 0
    # a damaged count is damage
    doc["variants"]["classic"]["hints"] = "many"
    stats.stats_path().write_text(json.dumps(doc))
    assert "hints is damaged" in stats.load_stats().message  # (and the previous copy is used)


def test_reset():
    stats.record_game("classic", True, 10, 20, 60.0)
    stats.record_game("rummy-q", True, 10, 20, 60.0)
    stats.reset_stats("classic")
    assert list(stats.load_stats().variants) == ["rummy-q"]
    stats.reset_stats()
    assert stats.load_stats().variants == {}


# -- settings: same crash-safe storage ------------------------------------------------------------


def test_settings_round_trip_and_field_checks():
    assert user_settings.load_settings() == user_settings.DEFAULT_SETTINGS
    assert user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, "volume": 0.25, "player_name": "  Ada "})
    s = user_settings.load_settings()
    assert s["volume"] == 0.25 and s["player_name"] == "Ada"
    user_settings.save_settings({"volume": 7, "muted": "yes", "window_size": [10, 10], "player_name": "a\u0007b"})
    s = user_settings.load_settings()
    assert s["volume"] == 1.0 and s["muted"] is False and s["window_size"] == [1280, 800] and s["player_name"] == "You"
    assert s["hint_mode"] == "turn"  # one hint a turn unless the player says otherwise
    for mode in ("off", "turn", "unlimited"):
        user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, "hint_mode": mode})
        assert user_settings.load_settings()["hint_mode"] == mode
    user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, "hint_mode": "always"})
    assert user_settings.load_settings()["hint_mode"] == "turn"


def test_damaged_settings_fall_back_to_the_backup_then_defaults():
    user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, "volume": 0.1})
    user_settings.save_settings({**user_settings.DEFAULT_SETTINGS, "volume": 0.2})
    path = persistence.data_dir() / user_settings.SETTINGS_FILE
    path.write_text('{"volume": NaN}')
    assert user_settings.load_settings()["volume"] == 0.1  # the backup
    assert len(list(path.parent.glob("settings.json.damaged-*"))) == 1
    path.write_text("[")
    persistence.backup_path(path).write_text('{"volume": 1e999}')
    assert user_settings.load_settings() == user_settings.DEFAULT_SETTINGS
    assert len(list(path.parent.glob("settings.json*.damaged-*"))) == 3


def test_strict_json_reading():
    assert persistence.parse_json(b'{"a": 1.5}') == ({"a": 1.5}, "")
    for raw, words in ((b"", "empty"), (b"\xff", "not UTF-8"), (b'{"a": NaN}', "not a number"), (b'{"a": Infinity}', "not a number"),
                       (b'{"a": 1e999}', "out of range"), (b"[" * 100000, "nested too deeply"), (b"1" * 5000, "not valid JSON")):
        obj, reason = persistence.parse_json(raw)
        assert obj is None and words in reason, (raw[:10], reason)
