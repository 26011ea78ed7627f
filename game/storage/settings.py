"""The player's settings: defaults, the check of every field, and crash-safe loading and saving.

Stored as ``settings.json`` in the data folder with the helpers of ``game.storage.persistence``
(a damaged file is kept aside and the backup used, else the defaults).  Pure Python: no pygame here.
"""

from __future__ import annotations

from typing import Any

from . import persistence
from .textcheck import text_problem

SETTINGS_FILE = "settings.json"
DEFAULT_SETTINGS: dict[str, Any] = {
    "volume": 0.7,  # 0..1
    "muted": False,
    "animation_speed": 1.0,  # 0 = off, 0.5 slow, 1 normal, 2 fast
    "turn_speed": "normal",  # how a computer's turn is played out: slow, normal, fast, instant
    "window_size": [1280, 800],
    "fullscreen": False,
    "colorblind": False,
    "warn_invalid_end": True,  # Golden Games: warn before ending a turn that would be penalised
    "player_name": "You",
    "hint_mode": "turn",  # hints in a game: "off", "turn" (one a turn) or "unlimited"; lessons always help
}
HINT_MODES = ("off", "turn", "unlimited")
CHOICES = {"hint_mode": HINT_MODES}  # settings with a fixed set of values


SETTING_TITLES = {"volume": "volume", "muted": "sound off", "animation_speed": "animation speed",
                  "window_size": "window size", "fullscreen": "full screen", "colorblind": "colour-blind tiles",
                  "warn_invalid_end": "penalty warning", "player_name": "your name", "hint_mode": "hints"}
MAX_PLAYER_NAME = 24


def _setting_value(key: str, default: Any, v: Any) -> Any:
    """The value to use for one setting, or None when ``v`` is not a good one."""
    if isinstance(default, bool):
        return v if isinstance(v, bool) else None
    if isinstance(default, float):
        if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf"):
            return float(min(max(v, 0.0), 4.0 if key == "animation_speed" else 1.0))
        return None
    if isinstance(default, list):
        if isinstance(v, list) and len(v) == 2 and all(type(x) is int and 320 <= x <= 10000 for x in v):
            return list(v)
        return None
    if key in CHOICES:
        return v if v in CHOICES[key] else None
    if isinstance(default, str):
        if isinstance(v, str) and text_problem(v.strip(), MAX_PLAYER_NAME) is None:
            return v.strip()
        return None
    return None


def _clean_settings(raw: Any, reset: list[str] | None = None) -> dict[str, Any]:
    """Every known field checked; a bad one takes its default (its name goes in ``reset``)."""
    out = dict(DEFAULT_SETTINGS)
    if not isinstance(raw, dict):
        return out
    for key, default in DEFAULT_SETTINGS.items():
        v = raw.get(key)
        if v is None:
            continue
        value = _setting_value(key, default, v)
        if value is None:
            if reset is not None:
                reset.append(key)
            continue
        out[key] = value
    return out


def _settings_check(raw: Any) -> tuple[dict[str, Any], list[str]]:
    if not isinstance(raw, dict):
        raise ValueError("settings must be a JSON object")
    reset: list[str] = []
    return _clean_settings(raw, reset), reset


_settings_notice = ""  # what load_settings reset, until a screen shows it (``take_settings_notice``)


def take_settings_notice() -> str:
    """The sentence about settings that were reset when they were last loaded, once; then ""."""
    global _settings_notice
    out, _settings_notice = _settings_notice, ""
    return out


def load_settings() -> dict[str, Any]:
    """Settings with every field checked: a bad field falls back to its default; a
    damaged file is kept aside and the backup used, else the defaults.  What was reset
    is said once (``take_settings_notice``): the corrected settings are written back,
    so the next start finds nothing to say.  Never raises."""
    global _settings_notice
    try:
        got = persistence.load_with_backup(persistence.data_dir() / SETTINGS_FILE, _settings_check)
    except OSError:
        return dict(DEFAULT_SETTINGS)
    if got.value is None:
        if got.problems and not got.missing:
            _settings_notice = "The settings file was damaged, so the usual settings are used."
        return dict(DEFAULT_SETTINGS)
    settings, reset = got.value
    if reset:
        names = ", ".join(SETTING_TITLES.get(k, k) for k in reset)
        _settings_notice = f"Some settings held values that cannot be used ({names}); they were set back to the usual ones."
        save_settings(settings)
    elif got.problems:
        _settings_notice = "The settings file was damaged, so the previous copy was used."
    return settings


def save_settings(settings: dict[str, Any]) -> bool:
    """Write the settings crash-safe; False (nothing lost, old file kept) when the disk refuses."""
    try:
        persistence.atomic_write_json(persistence.data_dir() / SETTINGS_FILE, _clean_settings(settings))
    except OSError:
        return False
    return True
