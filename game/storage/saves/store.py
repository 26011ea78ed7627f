"""Save slots on disk: ``autosave``, ``slot1``..``slot3`` (and ``demo`` for the attract mode).

Each slot is ``<data folder>/saves/<slot>.json`` plus the previous good save as
``<slot>.json.bak``.  Writing is crash-safe (``persistence.atomic_write_bytes``) and
a save is checked with the loader's own checks *before* it replaces the old file,
so a bug can never overwrite a good save with one that would not load.

Loading a slot never raises: a refused file is kept aside as
``<slot>.json.damaged-YYYYMMDD-HHMMSS`` and the backup used when it is good.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .. import persistence
from ...rules.state import GameState, Phase
from .format import SaveData, SaveError, build, decode, decode_bytes, encode

SLOTS = ("autosave", "slot1", "slot2", "slot3")  # what the menus offer
DEMO_SLOT = "demo"  # the attract mode saves here, never over the player's autosave
ALL_SLOTS = SLOTS + (DEMO_SLOT,)
TOURNAMENT_SLOT = "tournament"  # the tournament in progress (kind "tournament"); not a menu slot
KNOWN_SLOTS = ALL_SLOTS + (TOURNAMENT_SLOT,)
SAVES_FOLDER = "saves"
SLOT_TITLES = {"autosave": "Autosave", "slot1": "Slot 1", "slot2": "Slot 2", "slot3": "Slot 3", "demo": "Demo",
               "tournament": "Tournament"}
KEPT_PREFIX = "kept-"  # ``kept-<rule set>``: a game in progress put aside when another rule set was played
KEPT_TITLE = "Game in progress"


def kept_slot(variant_key: str) -> str:
    """The slot that keeps an unfinished game of this rule set while another is played (game/storage/saves/shelf.py)."""
    return KEPT_PREFIX + variant_key


def is_kept_slot(slot: str) -> bool:
    if not isinstance(slot, str) or not slot.startswith(KEPT_PREFIX):
        return False
    from ...rules.variants import REGISTRY

    return slot[len(KEPT_PREFIX):] in REGISTRY


def slot_title(slot: str) -> str:
    return KEPT_TITLE if is_kept_slot(slot) else SLOT_TITLES.get(slot, slot)


def saves_dir(create: bool = True) -> Path:
    path = persistence.data_dir(create) / SAVES_FOLDER
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def slot_path(slot: str, create: bool = True) -> Path:
    """Where a slot's save lives; ``create=False`` for what only looks (``slot_info``,
    ``python -m game.saves list``): then no folder is made."""
    if slot not in KNOWN_SLOTS and not is_kept_slot(slot):
        raise ValueError(f"unknown save slot {slot!r}; choose from {', '.join(KNOWN_SLOTS)}")
    return saves_dir(create) / f"{slot}.json"


# -- saving -------------------------------------------------------------------------------------


@dataclass
class SaveResult:
    ok: bool
    path: Path | None = None
    message: str = ""  # why nothing was written (the old save is untouched then)
    bytes: int = 0


def save_game(
    slot: str,
    state: GameState | dict,
    session: dict | None = None,
    kind: str = "game",
    tournament: dict | None = None,
) -> SaveResult:
    """Save ``state`` (a ``GameState`` or ``GameState.to_dict()``) with the UI's ``session``
    data into ``slot``.  Never raises for a disk problem or a state that fails its checks:
    ``ok`` is False, ``message`` says why, and the previous save is left as it was.
    While ``persistence.crash_saving()`` is on (the game is saving after an error), the
    backup is left as it is: the game that failed must not push out the last good save."""
    path = slot_path(slot)
    try:
        envelope = build(state, session, kind=kind, tournament=tournament)
        data = encode(envelope)
    except (TypeError, ValueError, RecursionError) as exc:
        return SaveResult(False, path, f"not saved: the game could not be written as JSON ({exc})")
    try:
        decode_bytes(data)  # the loader's own checks, before anything on disk changes
    except SaveError as exc:
        return SaveResult(False, path, f"not saved: the game failed its own check ({exc})")
    try:
        persistence.atomic_write_bytes(path, data, keep_backup=not persistence.in_crash_save())
    except OSError as exc:
        return SaveResult(False, path, f"not saved: {exc.strerror or exc}")
    return SaveResult(True, path, "", len(data))


def autosave(state: GameState | dict, session: dict | None = None) -> SaveResult:
    """Save into the ``autosave`` slot (after every completed turn, and when the window closes)."""
    return save_game("autosave", state, session)


# -- loading ------------------------------------------------------------------------------------


@dataclass
class LoadResult:
    """What ``load_game`` found.  ``state`` is None when nothing could be loaded; ``message``
    is then the sentence to show.  After a recovery, ``message`` explains it too."""

    state: GameState | None
    session: dict = field(default_factory=dict)
    message: str = ""
    recovered_from_backup: bool = False
    damaged_files: list[Path] = field(default_factory=list)
    missing: bool = False  # the slot is simply empty
    saved_at: str = ""
    kind: str = "game"
    tournament: dict | None = None
    schema: int = 0  # schema found in the file (older ones are upgraded on load)
    problems: list[str] = field(default_factory=list)  # one sentence per refused file (also in ``message``)
    newer: bool = False  # made by a newer version of the game: left as it is (``message`` says so)
    unreadable: str = ""  # why the file could not be read (no permission): not damage, left as it is

    @property
    def ok(self) -> bool:
        return self.state is not None


def _check(obj) -> SaveData:
    return decode(obj)  # SaveError is a ValueError: load_with_backup treats it as "refused"


def load_game(slot: str) -> LoadResult:
    """Load a slot, falling back to its backup; damaged files are kept aside.  Never raises."""
    try:
        path = slot_path(slot)
        persistence.clean_stale_temps(path.parent)
        got = persistence.load_with_backup(path, _check)
    except OSError as exc:
        return LoadResult(None, message=f"The saves folder cannot be read ({exc.strerror or exc}).")
    title = slot_title(slot)
    kept = ", ".join(p.name for p in got.damaged)
    if got.newer:
        msg = (f"{title} was saved by a newer version of Tile Rush and needs that version to open it. "
               f"The file was left as it is in {path.parent}.")
        return LoadResult(None, message=msg, problems=list(got.problems), newer=True)
    if got.unreadable:
        msg = (f"{title} could not be read ({got.unreadable}). It is not damaged: it was left as it is in "
               f"{path.parent} and is not written over, and its older backup was not used in its place.")
        return LoadResult(None, message=msg, problems=list(got.problems), unreadable=got.unreadable)
    if got.value is None:
        if got.missing:
            return LoadResult(None, message=f"{title}: no saved game.", missing=True)
        msg = f"{title} could not be loaded: " + "; ".join(got.problems) + "."
        if kept:
            msg += f" The damaged file was kept as {kept} in {path.parent}."
        return LoadResult(None, message=msg, damaged_files=got.damaged, problems=list(got.problems))
    data = got.value
    msg = ""
    if got.recovered_from_backup:
        if got.problems:
            msg = f"{title} was damaged ({'; '.join(got.problems)}), so the save before it was loaded."
            if kept:
                msg += f" The damaged file was kept as {kept}."
        else:
            msg = f"{title}: the save was missing, so the save before it was loaded."
    return LoadResult(
        data.state,
        data.session,
        msg,
        got.recovered_from_backup,
        got.damaged,
        False,
        data.saved_at,
        data.kind,
        data.tournament,
        data.schema,
        list(got.problems),
    )


def autosave_exists() -> bool:
    """Cheap: is there an autosave (or its backup) to offer Continue for?  ``slot_info``
    tells whether it loads."""
    try:
        path = slot_path("autosave")
    except OSError:
        return False
    return path.exists() or persistence.backup_path(path).exists()


def delete_slot(slot: str) -> None:
    """Remove a slot's save and backup (e.g. the autosave once a game is over).  Raises
    ``persistence.ReadOnlyError`` in a copy of the game that must write nothing."""
    persistence.check_writable()
    path = slot_path(slot)
    with persistence.files_lock():
        for p in (path, persistence.backup_path(path)):
            try:
                os.unlink(p)
            except FileNotFoundError:
                pass


# -- summaries for the menus --------------------------------------------------------------------


@dataclass
class SlotInfo:
    slot: str
    title: str
    exists: bool = False
    ok: bool = False
    variant: str = ""  # key
    variant_title: str = ""
    round: int = 0
    turn: int = 0
    phase: str = ""
    players: list[tuple[str, str, int]] = field(default_factory=list)  # (name, kind, score)
    saved_at: str = ""
    from_backup: bool = False  # the file is damaged but its backup is good
    message: str = ""
    unreadable: str = ""  # the file cannot be read (no permission): it will not load, its backup is not used

    @property
    def finished(self) -> bool:
        return self.phase == Phase.GAME_OVER

    def line(self) -> str:
        if not self.exists:
            return f"{self.title}: empty"
        if self.unreadable:
            return f"{self.title}: could not be read ({self.unreadable})"
        if not self.ok:
            return f"{self.title}: damaged ({self.message})"
        who = ", ".join(name for name, _, _ in self.players)
        when = self.saved_at.replace("T", " ")[:16]
        return f"{self.title}: {self.variant_title}, round {self.round}, {who}, {when}"


def slot_info(slot: str) -> SlotInfo:
    """A summary of one slot.  Read-only: nothing is moved or repaired here."""
    info = SlotInfo(slot, slot_title(slot))
    try:
        path = slot_path(slot, create=False)
    except OSError as exc:
        info.message = str(exc)
        return info
    reasons = []
    for from_backup, candidate in ((False, path), (True, persistence.backup_path(path))):
        raw, reason = persistence.read_bytes(candidate)
        if raw is None and reason == "no such file":
            continue
        info.exists = True
        if raw is not None:
            try:
                data = decode_bytes(raw)
            except SaveError as exc:
                reason = str(exc)
            else:
                s = data.state
                info.ok = True
                info.variant = s.variant_key
                info.variant_title = s.variant.title or s.variant_key
                info.round, info.turn, info.phase = s.round, s.turn, s.phase
                info.players = [(p.name, p.kind, p.score) for p in s.players]
                info.saved_at = data.saved_at
                info.from_backup = from_backup
                info.message = "; ".join(reasons)
                return info
        if raw is None and not from_backup and reason != persistence.TOO_LARGE:
            info.unreadable = info.message = persistence.plain_reason(reason)  # as load_game: no backup in its place
            return info
        reasons.append(reason)
    info.message = "; ".join(reasons)
    return info


def kept_slots() -> list[str]:
    """The ``kept-<rule set>`` slots that hold a file (or its backup), in rule-set order."""
    from ...rules.variants import REGISTRY

    try:
        folder = saves_dir(create=False)  # only looks: makes no folder
        names = {p.name for p in folder.iterdir()}
    except OSError:
        return []
    out = []
    for key in REGISTRY:
        slot = kept_slot(key)
        if f"{slot}.json" in names or f"{slot}.json.bak" in names:
            out.append(slot)
    return out


def list_slots(include_demo: bool = False) -> list[SlotInfo]:
    """Summaries of ``autosave``, the games in progress kept per rule set, and ``slot1``..``slot3``
    (variant, round, date, players)."""
    names = list(ALL_SLOTS if include_demo else SLOTS)
    names[1:1] = kept_slots()
    return [slot_info(s) for s in names]
