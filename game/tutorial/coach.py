"""A lesson step as a game, and the verdict on a try (pure: no pygame).

``build_state(track, step)`` deals the prepared position: the player (seat 0) to move with
the step's rack and table, computer seats holding tiles from the pool (they never move in a
lesson).  ``judge(step, state, draft, words)`` asks the rules core what ending the turn with
``draft`` would do (``engine.preview_end_turn``) and compares it with the step's goal; a
wrong try gets a specific sentence (``diagnose``), never only "invalid".  The rules core
answers in codes; ``words`` (``game.play.reasons``, handed in by the lesson screen, as this
layer sits below game/play) says them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Protocol, Sequence

from ..rules import actions as act
from ..rules import engine
from ..rules.board import Board
from ..rules.melds import check_line
from ..rules.reasons import Reason, SetFault
from ..rules.state import HUMAN
from ..rules.tiles import COLOR_NAMES, COLORS, JOKER_FACE, face_colour, face_key, face_number, is_joker, parse_tiles, tile_words
from ..rules.turn import Problem
from ..rules.variants import find_variant

SEAT_NAMES = ("Mia", "Otto", "Lena")


class Words(Protocol):
    """What the coach needs said (``game.play.reasons`` has it)."""

    def say(self, problem: Problem) -> str: ...

    def preview_words(self, pv: engine.EndTurnPreview) -> str: ...

    def cautions(self, warnings: Iterable[Problem]) -> str: ...

    def fault_words(self, fault: SetFault, tiles: Sequence[int]) -> str: ...


@dataclass
class Verdict:
    ok: bool
    text: str
    cells: tuple = field(default_factory=tuple)


def faces(text: str) -> list[int]:
    """Faces of a notation string (a joker is 52)."""
    return sorted(face_key(t) for t in parse_tiles(text))


def build_state(track: dict, step: dict, seed: int = 7):
    """The step's position as a ``GameState`` with the player (seat 0) to move."""
    variant = find_variant(track["variant"])
    n = max(2, variant.min_players)
    seats = [("You", HUMAN)] + [(SEAT_NAMES[i], "easy") for i in range(n - 1)]
    state = engine.new_game(track["variant"], seats, seed=seed, secret="0" * 32)
    used: list[int] = []
    cells: dict = {}
    for row, col, text in step.get("table", []):
        for k, t in enumerate(parse_tiles(text, used)):
            cells[(row, col + k)] = int(t)
            used.append(int(t))
    rack = [int(t) for t in parse_tiles(step.get("rack", ""), used)]
    taken = set(used) | set(rack)
    rest = [t for t in range(106) if t not in taken]
    # the other seats get the low tiles of what is left, the pool the rest (order from the seed)
    state.rng.shuffle(rest)
    for p in state.players[1:]:
        p.rack = [rest.pop() for _ in range(14)]
        p.melded = True
    state.pool = rest
    state.board = Board(cells)
    me = state.players[0]
    me.rack = rack
    me.melded = bool(step.get("melded", True))
    for p in state.players[1:]:
        p.melded = True
    for row, col, vertical, seat in step.get("claims", []):  # claims made before the step, by the rules
        state.current = seat
        problems, _ = state.variant.claim_turn(state, act.claim("claim", cell=[row, col], vertical=vertical))
        if problems:
            raise ValueError("the lesson's claims are refused: " + ", ".join(str(p.code) for p in problems))
    state.start_set_position()
    impossible = state.problems()  # a lesson's position is a game that could happen (a legal table, ...)
    if impossible:
        raise ValueError("the lesson's position is impossible: " + ", ".join(str(p.code) for p in impossible))
    return state


def resolve(state, draft: Board, rack: list[int], text: str) -> list[int]:
    """Tile ids for a solution's notation: a face from the rack first, else from the table
    (``t:`` asks for the table's copy)."""
    out: list[int] = []
    for token in text.split():
        table_only = token.startswith("t:")
        face = face_key(int(parse_tiles(token[2:] if table_only else token)[0]))
        pools = ([] if table_only else [rack]) + [sorted(draft.tiles())]
        for pool in pools:
            hit = next((t for t in pool if face_key(t) == face and t not in out), None)
            if hit is not None:
                out.append(hit)
                break
        else:
            raise ValueError(f"no {token} to move")
    return out


# -- the verdict --------------------------------------------------------------------------------


def judge(step: dict, state, draft: Board | None, words: Words) -> Verdict:
    """Is ending the turn with ``draft`` what the step asks?  The rules core decides what the
    turn would do; the step's goal decides whether that is the lesson's move."""
    goal = step.get("goal", {})
    want = goal.get("outcome", "play")
    board = draft if draft is not None else state.board
    pv = engine.preview_end_turn(state, board)
    changed = board != state.board
    if want == "draw":
        if pv.outcome == "draw":
            return Verdict(True, step.get("done", "Right."))
        if changed:
            why = _why(state, board, pv, words)
            return Verdict(False, f"{why} Press Reset to take your tiles back, then Draw.", _cells(pv))
        return Verdict(False, _cap(words.preview_words(pv)) or "Press Draw.")
    if want == "penalty":
        if pv.outcome == "penalty" and not _missing_sets(state, board, goal.get("sets", [])):
            return Verdict(True, step.get("done", words.preview_words(pv)))
        if pv.outcome == "penalty":
            return Verdict(False, step.get("nudge", step["say"]))
        if not changed:
            return Verdict(False, step.get("nudge", "Move the tiles first: " + step["say"]))
        if pv.outcome == "play":
            return Verdict(False, "That play is fine, but this step shows a mistake on purpose: " + step.get("nudge", step["say"]))
        return Verdict(False, _why(state, board, pv, words), _cells(pv))
    if want == "claim":
        return Verdict(False, "This step is a claim, not a play: press Claim a set (C), then click the set. "
                       + step.get("nudge", ""))
    # a play
    if not changed:
        if pv.outcome == "refused":
            return Verdict(False, step.get("nudge_draw") or (_cap(words.preview_words(pv)) + "."), _cells(pv))
        if pv.warnings:
            return Verdict(False, words.cautions(pv.warnings))
        return Verdict(False, "Nothing has moved yet. " + step["say"])
    if pv.outcome != "play":
        text = _why(state, board, pv, words)
        if pv.outcome == "penalty":
            text += f" Ending the turn like this would cost you {state.variant.failed_play_penalty} tiles."
        return Verdict(False, text, _cells(pv))
    if goal.get("no_warnings") and pv.warnings:
        return Verdict(False, words.cautions(pv.warnings))
    missing = _missing_sets(state, board, goal.get("sets", []))
    if missing:
        default = "That is a fair play, but not this lesson's: make " + " and ".join(_words(m) for m in missing) + "."
        return Verdict(False, step.get("nudge", default))
    return Verdict(True, step.get("done", "Well done."))


def judge_claim(step: dict, state, action: act.Claim, words: Words) -> Verdict:
    """A claim (Rummi200kub): the rules core says whether it is allowed; the step says which set."""
    goal = step.get("goal", {})
    problems = state.variant.claim_problems(state, action)
    if problems:
        return Verdict(False, _cap(words.say(problems[0])) + ".", problems[0].cells)
    if goal.get("outcome") != "claim":
        return Verdict(False, "Not a claim this time. " + step["say"])
    row, col, vertical = goal["claim"]
    want = _line_at(state.board, (row, col), vertical)
    got = _claim_cells(state, action)
    if want is None or got != set(want.cells):
        return Verdict(False, step.get("nudge", step["say"]))
    return Verdict(True, step.get("done", "Well done."))


def _claim_cells(state, action: act.Claim) -> set:
    target = dict(action.target)
    if isinstance(target.get("cells"), tuple):
        return {tuple(c) for c in target["cells"]}
    cell = target.get("cell")
    if isinstance(cell, tuple) and len(cell) == 2:
        line = _line_at(state.board, (int(cell[0]), int(cell[1])), bool(target.get("vertical")))
        return set(line.cells) if line is not None else set()
    return set()


def _line_at(board: Board, cell, vertical: bool):
    return next((ln for ln in board.lines(vertical=True) if cell in ln.cells and ln.vertical == vertical), None)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _cells(pv) -> tuple:
    return tuple(c for p in pv.problems for c in p.cells)


def _words(text: str) -> str:
    ids = parse_tiles(text)
    return ", ".join(tile_words(t) for t in ids)


def _missing_sets(state, board: Board, sets: list[str]) -> list[str]:
    have = Counter(tuple(sorted(face_key(t) for t in ln.tiles)) for ln in state.variant.lines(board))
    out = []
    for text in sets:
        key = tuple(faces(text))
        if have[key] > 0:
            have[key] -= 1
        else:
            out.append(text)
    return out


def _why(state, board: Board, pv, words: Words) -> str:
    """The most useful sentence about what is wrong with a refused or penalised draft."""
    first = [p for p in pv.problems if p.code in (Reason.TABLE_MOVED_BEFORE_MELD, Reason.MELD_FROM_RACK_ONLY)]
    if first:
        return _cap(words.say(first[0])) + "."
    for ln in state.variant.lines(board):
        if not ln.check():
            return diagnose(ln.tiles, words)
    rest = [p for p in pv.problems if p.code != Reason.NOTHING_PLAYED] or list(pv.problems)
    return (_cap(words.say(rest[0])) + ".") if rest else "That is not a play yet."


def _colour(face: int) -> str:
    return COLOR_NAMES[COLORS[face_colour(face)]]


def _num(face: int) -> int:
    return face_number(face)


def diagnose(tiles: list[int], words: Words) -> str:
    """What is wrong with one line of tiles (in table order), as a player would say it."""
    fs = [face_key(t) for t in tiles]
    real = [f for f in fs if f != JOKER_FACE]
    named = " and ".join([", ".join(tile_words(t) for t in tiles[:-1]), tile_words(tiles[-1])]) if len(tiles) > 1 else tile_words(tiles[0])
    if len(tiles) == 2 and len(real) == 2:
        (a, b), (ca, cb) = sorted(_num(f) for f in real), (_colour(real[0]), _colour(real[1]))
        if ca == cb and b - a == 2:
            return f"That run needs the {ca} {a + 1} between the {a} and the {b}."
        if ca == cb and b - a == 1:
            low = f"the {ca} {a - 1}" if a > 1 else ""
            high = f"the {ca} {b + 1}" if b < 13 else ""
            return f"The {ca} {a} and {b} need a third tile: {' or '.join(x for x in (low, high) if x)}."
        if a == b and ca != cb:
            return f"The {ca} and {cb} {a} need a third {a} of another colour to make a group."
    if len(tiles) < 3:
        if len(tiles) == 1:
            return f"The {named} stands alone: a set needs at least three tiles."
        return f"The {named} are too short for a set: a set needs at least three tiles."
    colours = {_colour(f) for f in real}
    numbers = [_num(f) for f in real]
    if len(set(numbers)) == 1 and len(real) > 1:
        n = numbers[0]
        count = Counter(_colour(f) for f in real)
        twice = [c for c, k in count.items() if k > 1]
        if twice:
            return f"A group needs every colour once: these {n}s have two {twice[0]} tiles."
        if len(tiles) > 4:
            return f"A group has at most four tiles, one of each colour: these {n}s have {len(tiles)}."
    if len(colours) == 1 and len(set(numbers)) > 1:
        colour = colours.pop()
        prev = None  # (position, number) of the last numbered tile
        for i, f in enumerate(fs):
            if f == JOKER_FACE:
                continue
            n = _num(f)
            if prev is not None:
                pi, pn = prev
                jokers = i - pi - 1
                if n == pn:
                    return f"A run cannot hold two {colour} {n}s."
                if n < pn:
                    return f"A run goes up from left to right: the {colour} {n} cannot come after the {pn}."
                gap = n - pn - 1
                if gap > jokers:
                    need = list(range(pn + 1, n))
                    if len(need) == 1:
                        return f"That run needs the {colour} {need[0]} between the {pn} and the {n}."
                    return f"That run needs the {colour} {need[0]} to {need[-1]} between the {pn} and the {n}."
                if gap < jokers:
                    return f"Too many jokers between the {colour} {pn} and {n}: a run has no gaps or extra tiles."
            prev = (i, n)
        if numbers and (max(numbers) + (len(tiles) - len(real)) > 13 and min(numbers) > 1):
            return "A run stops at 13: the 1 cannot follow the 13."
    if len(colours) > 1 and len(set(numbers)) > 1:
        by_colour = Counter(_colour(f) for f in real).most_common(1)[0]
        by_number = Counter(_num(f) for f in real).most_common(1)[0]
        if by_colour[1] >= by_number[1]:
            odd = next(t for t in tiles if not is_joker(t) and _colour(face_key(t)) != by_colour[0])
            return f"The {tile_words(odd)} does not belong: a run is all one colour."
        odd = next(t for t in tiles if not is_joker(t) and _num(face_key(t)) != by_number[0])
        return f"The {tile_words(odd)} does not belong: a group is all one number."
    meld = check_line(tuple(tiles))
    return _cap(f"{named}: {words.fault_words(meld.reason, tiles)}") + "."
