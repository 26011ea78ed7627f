"""One game in progress per rule set: starting or continuing another game never discards one.

The autosave slot holds the game played last.  Before it is written with a different
game, an unfinished game found there is put aside in its rule set's own slot,
``kept-<rule set>`` (the file is copied as it is, crash-safe, keeping that slot's
previous file as its backup); once the game being played is safely in the autosave,
its own copy in ``kept-<rule set>`` (if it was continued from there) is removed, so a
game is never listed twice.  ``discard(rule set)`` is for a new game the player chose
to start over an unfinished one of the same rule set (the screen asks first), and
``in_progress(rule set)`` tells the screen whether to ask.

Pure Python: no pygame here.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import persistence
from ...rules.state import Phase
from .store import SaveResult, SlotInfo, delete_slot, kept_slot, save_game, slot_info, slot_path

AUTOSAVE = "autosave"


@dataclass(frozen=True)
class Identity:
    """Which game a save file holds (read cheaply, without the full checks)."""

    game_id: str
    variant: str
    finished: bool


_memo: dict[str, tuple[tuple, Identity | None]] = {}


def _stat_key(path: Path) -> tuple | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def identity_of_dict(game: Any, session: Any) -> Identity | None:
    if not isinstance(game, dict):
        return None
    variant, phase, seed = game.get("variant"), game.get("phase"), game.get("seed")
    if not isinstance(variant, str):
        return None
    gid = session.get("game_id") if isinstance(session, dict) else None
    if not isinstance(gid, str) or not gid:
        gid = f"seed-{seed}-{variant}"  # as Session.from_dict names a game saved without an id
    return Identity(gid, variant, phase == Phase.GAME_OVER)


def identity(slot: str) -> Identity | None:
    """The game in ``slot`` (None when there is none, or it cannot be read)."""
    path = slot_path(slot)
    key = _stat_key(path)
    if key is None:
        return None
    got = _memo.get(slot)
    if got is not None and got[0] == key:
        return got[1]
    raw, _reason = persistence.read_bytes(path)
    found = None
    if raw is not None:
        obj, reason = persistence.parse_json(raw)
        if not reason and isinstance(obj, dict):
            found = identity_of_dict(obj.get("game"), obj.get("session"))
    _memo[slot] = (key, found)
    return found


def _remember(slot: str, ident: Identity | None) -> None:
    key = _stat_key(slot_path(slot))
    if key is not None:
        _memo[slot] = (key, ident)


def put_aside(ident: Identity) -> str:
    """Copy the autosave (an unfinished game) into its rule set's slot; "" or why not."""
    src = slot_path(AUTOSAVE)
    raw, reason = persistence.read_bytes(src)
    if raw is None:
        return reason
    target = kept_slot(ident.variant)
    try:
        persistence.atomic_write_bytes(slot_path(target), raw, keep_backup=True)
    except OSError as exc:
        return str(exc.strerror or exc)
    _remember(target, ident)
    return ""


def save_current(state: dict, session: dict) -> SaveResult:
    """Save the game being played into the autosave, first putting aside an unfinished
    different game found there.  Never raises for a disk problem (``ok`` False, the old
    files untouched).  Looking, putting aside, writing and removing happen under the data
    folder's lock, so a game another process has just put aside is never removed here."""
    try:
        with persistence.files_lock():
            return _save_current(state, session)
    except persistence.ReadOnlyError as exc:
        return SaveResult(False, None, f"not saved: {exc.strerror or exc}")


def _save_current(state: dict, session: dict) -> SaveResult:
    mine = identity_of_dict(state, session)
    try:
        there = identity(AUTOSAVE)
    except OSError:
        there = None
    if there is not None and mine is not None and there.game_id != mine.game_id and not there.finished:
        why = put_aside(there)
        if why:
            return SaveResult(False, None, f"not saved: the other game in progress could not be put aside ({why})")
    result = save_game(AUTOSAVE, state, session)
    if not result.ok or mine is None:
        return result
    _remember(AUTOSAVE, mine)
    kept = kept_slot(mine.variant)
    try:
        other = identity(kept)
        if other is not None and other.game_id == mine.game_id:
            delete_slot(kept)  # it was continued from there: now it lives in the autosave
            _memo.pop(kept, None)
    except (OSError, ValueError):
        pass
    return result


def in_progress(variant: str) -> list[SlotInfo]:
    """The unfinished games of ``variant`` a new game of it would replace (autosave, kept slot)."""
    out = []
    for slot in (AUTOSAVE, kept_slot(variant)):
        try:
            info = slot_info(slot)
        except (OSError, ValueError):
            continue
        if info.exists and info.ok and info.variant == variant and not info.finished:
            out.append(info)
    return out


def discard(variant: str) -> None:
    """The player chose to start a new game of ``variant`` over the unfinished one: remove it
    (only files that hold a game of that rule set; a damaged file is left for the loader)."""
    with persistence.files_lock():
        for slot in (kept_slot(variant), AUTOSAVE):
            try:
                ident = identity(slot)
                if ident is not None and ident.variant == variant and not ident.finished:
                    delete_slot(slot)
                    _memo.pop(slot, None)
            except (OSError, ValueError):
                pass


def clear_finished(game_id: str) -> None:
    """A finished game is counted: remove it from the autosave, but only when the autosave still
    holds that game (never another game written there meanwhile, by this process or another)."""
    with persistence.files_lock():
        ident = identity(AUTOSAVE)
        if ident is not None and ident.game_id == game_id:
            delete_slot(AUTOSAVE)
            _memo.pop(AUTOSAVE, None)


def set_aside_stale(game_id: str) -> list[Path]:
    """A game that has finished while the disk refused its last save: the autosave (and its
    backup) still hold it in progress, from an earlier turn.  They are renamed
    ``autosave.json.finished-YYYYMMDD-HHMMSS`` (a rename needs no room on the disk), so the
    finished game never comes back as a game to continue or to keep.  They are removed only
    once the finished game itself is on disk (``drop_set_aside``).
    Returns the new names (none when the autosave holds another game, or nothing)."""
    with persistence.files_lock():  # beside another process looking at the autosave
        return _set_aside_stale(game_id)


def _set_aside_stale(game_id: str) -> list[Path]:
    ident = identity(AUTOSAVE)
    if ident is None or ident.game_id != game_id or ident.finished:
        return []
    stamp = time.strftime("%Y%m%d-%H%M%S")
    moved = []
    path = slot_path(AUTOSAVE)
    for p in (persistence.backup_path(path), path):  # the backup first: a lone backup would be loaded
        target = p.with_name(f"{p.name}{SET_ASIDE}{stamp}")
        n = 1
        while os.path.lexists(target):  # another game set aside in the same second: never written over
            n += 1
            target = p.with_name(f"{p.name}{SET_ASIDE}{stamp}-{n}")
        try:
            os.replace(p, target)
        except FileNotFoundError:
            continue
        except OSError:
            return moved
        moved.append(target)
    _memo.pop(AUTOSAVE, None)
    return moved


SET_ASIDE = ".finished-"  # in the name of an autosave (or its backup) set aside by ``set_aside_stale``


def set_aside_files() -> list[Path]:
    """The autosave copies set aside by ``set_aside_stale`` (ordinary files only), oldest first."""
    try:
        names = sorted(p for p in slot_path(AUTOSAVE, create=False).parent.iterdir()
                       if p.name.startswith(f"{AUTOSAVE}.json") and SET_ASIDE in p.name)
    except OSError:
        return []
    return [p for p in names if p.is_file() and not p.is_symlink()]


def set_aside_game(path: Path) -> str | None:
    """The game id in a set-aside copy (None when it cannot be read)."""
    raw, _reason = persistence.read_bytes(path)
    if raw is None:
        return None
    obj, reason = persistence.parse_json(raw)
    if reason or not isinstance(obj, dict):
        return None
    ident = identity_of_dict(obj.get("game"), obj.get("session"))
    return ident.game_id if ident is not None else None


def drop_set_aside(on_disk) -> list[Path]:
    """Remove each set-aside autosave copy whose game ``on_disk(game_id)`` says is kept whole
    elsewhere (its replay: the finished game from its deal to its end, where the copy holds only
    an earlier turn).  A copy whose game is not on disk, or that cannot be read, is the only copy
    of something and stays.  Returns the files removed (none in a read-only copy)."""
    try:
        persistence.check_writable()
        with persistence.files_lock():
            gone = []
            for path in set_aside_files():
                gid = set_aside_game(path)
                if gid is None or not on_disk(gid):
                    continue
                try:
                    path.unlink()
                except OSError:
                    continue
                gone.append(path)
            return gone
    except OSError:  # a read-only copy, a data folder gone: nothing is removed
        return []
