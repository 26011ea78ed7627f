"""The turn log: recent turns of every player, in words (pure: no pygame here).

The play screen hands every event from the session to ``TurnLog.add``; a play becomes
an ``Entry`` with its steps (``game.play.steps``), its captions and the tiles that came
from the rack (drawn as small pictures); a draw, a pass, a penalty or a claim becomes
a one-line entry.  The newest entry is last.  The log is told to the person at ``you`` (a
seat, None for nobody): that seat in the second person and with its drawn tiles shown,
whatever it is called; every other seat by name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable

from ..rules import engine
from ..rules import events as ev_
from ..rules.events import Event
from ..rules.board import Board
from ..rules.state import GameState
from .narrate import penalty_reason
from .steps import Step, Voice, turn_steps

LIMIT = 40
LOGGED = (ev_.Played, ev_.Drew, ev_.Passed, ev_.Penalised, ev_.Claimed)  # the events that make an entry


@dataclass
class Entry:
    seat: int
    name: str  # as the screen names the seat
    round: int
    kind: str  # "play", "draw", "pass", "penalty", "claim"
    lines: list[str]  # in words, one line each
    tiles: list[int] = field(default_factory=list)  # from the rack, shown as pictures
    before: Board | None = None
    after: Board | None = None
    steps: list[Step] = field(default_factory=list)

    @property
    def replayable(self) -> bool:
        return self.kind == "play" and bool(self.steps) and self.before is not None


class TurnLog:
    def __init__(self, limit: int = LIMIT, you: int | None = None) -> None:
        self.entries: list[Entry] = []
        self.limit = limit
        self.you = you  # the person's seat: told "You draw a tile", their drawn tile shown
        self.version = 0  # bumps with every new entry

    def _push(self, entry: Entry) -> Entry:
        self.entries.append(entry)
        del self.entries[:-self.limit]
        self.version += 1
        return entry

    def add(self, ev: Event, name_of: Callable[[int], str], round_no: int, crossword: bool = False) -> Entry | None:
        """Log one session event; returns the entry it made (None for events that are not turns)."""
        match ev:
            case ev_.Played(seat=seat, before=Board() as before, after=Board() as after):
                name, voice = name_of(seat), self._voice(seat, name_of)
                steps = turn_steps(before, after, name, vertical=crossword, you=self._is_you(seat))
                old = before.tile_set()
                played = [t for _, t in sorted(after.cells.items()) if t not in old]  # as they lie on the table
                lines = [st.caption for st in steps] or [voice.say(voice.verb("play"))]
                return self._push(Entry(seat, name, round_no, "play", lines, played, before.copy(), after.copy(), steps))
            case ev_.Drew(seat=seat, tile=tile):
                name, voice = name_of(seat), self._voice(seat, name_of)
                return self._push(Entry(seat, name, round_no, "draw", [voice.say(f"{voice.verb('draw')} a tile")],
                                        [tile] if self._is_you(seat) else []))
            case ev_.Passed(seat=seat):
                name, voice = name_of(seat), self._voice(seat, name_of)
                return self._push(Entry(seat, name, round_no, "pass", [voice.say(f"{voice.verb('pass')}: the pool is empty")]))
            case ev_.Penalised(seat=seat, tiles=tiles, reason=reason):
                name, voice = name_of(seat), self._voice(seat, name_of)
                n = len(tiles)
                text = voice.say(f"{voice.verb('take')} {n} penalty tile{'s' if n != 1 else ''}")
                return self._push(Entry(seat, name, round_no, "penalty", [f"{text}: {penalty_reason(reason)}"]))
            case ev_.Claimed(seat=seat, points=points, tiles=tiles):
                name, voice = name_of(seat), self._voice(seat, name_of)
                text = voice.say(f"{voice.verb(ev.kind)} a set worth {points} points")
                return self._push(Entry(seat, name, round_no, "claim", [text], list(tiles)[:13]))
        return None

    def _is_you(self, seat: int) -> bool:
        return self.you is not None and seat == self.you

    def _voice(self, seat: int, name_of: Callable[[int], str]) -> Voice:
        return Voice(name_of(seat), self._is_you(seat))

    def last_replayable(self, skip_seat: int | None = None) -> Entry | None:
        """The newest play that can be shown again (not one by ``skip_seat``: the person's own)."""
        return next((e for e in reversed(self.entries) if e.replayable and e.seat != skip_seat), None)




def rebuilt(state: GameState, name_of: Callable[[int], str], crossword: bool = False, limit: int = LIMIT,
            you: int | None = None) -> TurnLog:
    """The log of a game loaded from a save, as it stood when the game was left: the action log
    replayed from the deal (``engine.replay_steps``), each action's events logged as the play
    screen logs them live; only the newest ``limit`` entries are told in steps.  An older save
    without a complete log, or a log that does not replay, gives an empty log (the game itself
    is untouched either way).  ``you``: the person's seat, as for ``TurnLog``."""
    log = TurnLog(limit, you)
    if not state.replayable or not state.actions:
        return log
    found: list[tuple[Event, int]] = []
    try:
        game = engine.deal_again(state)
        for before, round_no, result in engine.replay_steps(game, state.actions):
            for ev in result.events:
                if isinstance(ev, ev_.Played):
                    ev = dataclasses.replace(ev, before=before, after=game.board.copy())
                if isinstance(ev, LOGGED):
                    found.append((ev, round_no))
    except ValueError:
        return log
    for ev, round_no in found[-limit:]:
        log.add(ev, name_of, round_no, crossword)
    return log
