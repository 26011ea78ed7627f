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
    "last_variant": "classic",  # the rule set of the last game started (New game offers it first)
    "hint_mode": "turn",  # hints in a game: "off", "turn" (one a turn) or "unlimited"; lessons always help
}
HINT_MODES = ("off", "turn", "unlimited")
CHOICES = {"hint_mode": HINT_MODES}  # settings with a fixed set of values


SETTING_TITLES = {"volume": "volume", "muted": "sound off", "animation_speed": "animation speed",
                  "turn_speed": "computer turn speed",
                  "window_size": "window size", "fullscreen": "full screen", "colorblind": "colour-blind tiles",
                  "warn_invalid_end": "penalty warning", "player_name": "your name",
                  "last_variant": "last rule set", "hint_mode": "hints"}
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


def _settings_shape(raw: Any) -> dict:
    if not isinstance(raw, dict):
        raise ValueError("settings must be a JSON object")
    return raw


_settings_notice = ""  # what load_settings reset, until a screen shows it (``take_settings_notice``)


def take_settings_notice() -> str:
    """The sentence about settings that were reset when they were last loaded, once; then ""."""
    global _settings_notice
    out, _settings_notice = _settings_notice, ""
    return out


def settings_path():
    return persistence.data_dir() / SETTINGS_FILE


def _backup_fields(path) -> dict:
    """The fields of ``settings.json.bak`` (nothing when it is missing, unreadable or not an object)."""
    raw, _reason = persistence.read_bytes(persistence.backup_path(path))
    if raw is None:
        return {}
    obj, reason = persistence.parse_json(raw)
    return obj if not reason and isinstance(obj, dict) else {}


def _merge(raw: dict, backup: dict) -> tuple[dict[str, Any], list[str], list[str]]:
    """Every field of ``raw`` checked; a missing or bad one takes the backup's good value, then the
    default.  Returns (settings, fields taken from the backup, bad fields set to their default).
    A field missing from both files takes its default quietly (settings from an older version)."""
    out = dict(DEFAULT_SETTINGS)
    from_backup: list[str] = []
    to_default: list[str] = []
    for key, default in DEFAULT_SETTINGS.items():
        v = raw.get(key)
        value = None if v is None else _setting_value(key, default, v)
        if value is not None:
            out[key] = value
            continue
        b = backup.get(key)
        fallback = None if b is None else _setting_value(key, default, b)
        if fallback is not None:
            out[key] = fallback
            from_backup.append(key)
        elif v is not None:
            to_default.append(key)
    return out, from_backup, to_default


def _titles(keys: list[str]) -> str:
    return ", ".join(SETTING_TITLES.get(k, k) for k in keys)


def load_settings() -> dict[str, Any]:
    """Settings with every field checked: a missing or bad field falls back to the backup's value,
    then to its default; the file that held it is kept aside (``settings.json.damaged-…``) and the
    corrected settings written without touching the backup.  A damaged file is kept aside and the
    backup used, else the defaults.  A file that cannot be read (no permission) is left as it is
    and never written over: the defaults are used.  What happened is said once
    (``take_settings_notice``), so the next start finds nothing to say.  Never raises."""
    global _settings_notice
    settings, notice = _load()
    if notice:
        _settings_notice = notice
    return settings


def _load() -> tuple[dict[str, Any], str]:
    try:
        path = settings_path()
        with persistence.files_lock():
            return _load_locked(path)
    except OSError:
        return dict(DEFAULT_SETTINGS), ""


def _load_locked(path) -> tuple[dict[str, Any], str]:
    got = persistence.load_with_backup(path, _settings_shape)
    if got.unreadable:
        return dict(DEFAULT_SETTINGS), (f"The settings file {path.name} could not be read ({got.unreadable}), so the "
                                        "usual settings are used this time. The file was left as it is and is not "
                                        "written over.")
    if got.value is None:
        if got.problems and not got.missing:
            return dict(DEFAULT_SETTINGS), "The settings file was damaged, so the usual settings are used."
        return dict(DEFAULT_SETTINGS), ""
    backup = _backup_fields(path) if got.source == "file" else {}
    settings, from_backup, to_default = _merge(got.value, backup)
    if not from_backup and not to_default:
        notice = "The settings file was damaged, so the previous copy was used." if got.problems else ""
        return settings, notice
    if not to_default and len(from_backup) == len(DEFAULT_SETTINGS):
        notice = "The settings file could not be used, so the previous copy of the settings was used."
    else:
        sentences = []
        if from_backup:
            sentences.append(f"Some settings were missing or could not be used, so they were taken from the "
                             f"previous copy ({_titles(from_backup)}).")
        if to_default:
            sentences.append(f"{'Others' if from_backup else 'Some settings'} held values that cannot be used and "
                             f"were set back to the usual ones ({_titles(to_default)}).")
        notice = " ".join(sentences)
    kept = persistence.quarantine(path) if got.source == "file" else None
    if kept is not None:
        notice += f" The file was kept as {kept.name}."
    try:  # the backup stays the good copy it is
        persistence.atomic_write_json(path, _clean_settings(settings), keep_backup=False)
    except OSError:
        pass
    return settings, notice


def save_settings(settings: dict[str, Any]) -> bool:
    """Write the settings crash-safe; False (nothing lost, old file kept) when the disk refuses."""
    try:
        persistence.atomic_write_json(settings_path(), _clean_settings(settings))
    except OSError:
        return False
    return True


def update_settings(changes: dict[str, Any]) -> dict[str, Any] | None:
    """Change only the fields in ``changes``, keeping what is on disk for the others (another
    process, or a tool, may have changed them since this one loaded its settings): read, merge and
    write under the data folder's lock.  The settings now on disk, or None when they could not be
    written (a file that cannot be read is never written over)."""
    try:
        path = settings_path()
        with persistence.files_lock():
            got = persistence.load_with_backup(path, _settings_shape)
            if got.unreadable:
                return None
            current, _from_backup, _to_default = _merge(got.value or {}, {})
            merged = _clean_settings({**current, **changes})
            persistence.atomic_write_json(path, merged)
    except OSError:
        return None
    return merged
