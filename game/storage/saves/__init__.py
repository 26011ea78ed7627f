"""Saved games: the file format, crash-safe slots, and ``python -m game.saves check``.

The UI calls (see docs/saves.md)::

    save_game(slot, state, session=None) -> SaveResult      # "autosave", "slot1".."slot3"
    autosave(state, session=None) -> SaveResult
    load_game(slot) -> LoadResult(state, session, message, recovered_from_backup, ...)
    autosave_exists() -> bool
    list_slots() -> [SlotInfo(variant, round, saved_at, players, ...)]
    kept_slots() -> ["kept-<rule set>", ...]                  # games in progress put aside (shelf.py)
    delete_slot(slot)

Pure Python: no pygame here.
"""

from .format import FORMAT, SCHEMA, SaveData, SaveError, build, decode, decode_bytes, encode, migrate, summary
from .store import (
    ALL_SLOTS,
    DEMO_SLOT,
    SLOTS,
    TOURNAMENT_SLOT,
    LoadResult,
    SaveResult,
    SlotInfo,
    autosave,
    autosave_exists,
    delete_slot,
    kept_slot,
    kept_slots,
    list_slots,
    load_game,
    save_game,
    saves_dir,
    slot_info,
    slot_path,
)

__all__ = [
    "ALL_SLOTS",
    "DEMO_SLOT",
    "FORMAT",
    "SCHEMA",
    "SLOTS",
    "TOURNAMENT_SLOT",
    "LoadResult",
    "SaveData",
    "SaveError",
    "SaveResult",
    "SlotInfo",
    "autosave",
    "autosave_exists",
    "build",
    "decode",
    "decode_bytes",
    "delete_slot",
    "encode",
    "kept_slot",
    "kept_slots",
    "list_slots",
    "load_game",
    "migrate",
    "save_game",
    "saves_dir",
    "slot_info",
    "slot_path",
    "summary",
]
