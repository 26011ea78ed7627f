"""The claims plugin's words, as plain functions of the game's data: the status line, the tips,
the game-end banner, the results' texts, a claim option's caption and the hover tip.

``name_of(seat)`` is the screen's name for a seat ("You" for the player); ``you`` is the player's
seat (None: nobody's), which the sentences are put in the second person for, whatever it is called."""

from __future__ import annotations

from typing import Callable

from ...rules import events as ev_
from ...rules.tiles import rack_value
from .. import theme
from .art import set_name

NameOf = Callable[[int], str]

CONTROLS_TIP = ("Play tiles on the board (V: across or down), claim a set (C), or draw (Space)  ·  "
                "wheel: zoom  ·  right-drag: move the board")


def status_note(in_mode: bool, n_options: int, turn_untouched: bool):
    """The status line's message: claim mode's instructions, or an offer to claim instead."""
    if in_mode:
        if n_options:
            return ("Claim: click a lit set, or Tab and Enter  ·  Esc: back", theme.ACCENT)
        return ("No set can be claimed now: click a set to see why  ·  Esc: back", theme.WARN)
    if turn_untouched and n_options:
        return (f"Or claim a set instead (C): {n_options} can be claimed now", theme.ACCENT)
    return None


def end_cause(state, reason, name_of: NameOf, you: int | None = None) -> str:
    """Why the game ended, in a sentence."""
    if reason == "out":
        out = next((i for i, p in enumerate(state.players) if not p.rack), None)
        if out is not None:
            return "You have no tiles left." if out == you else f"{name_of(out)} has no tiles left."
        return "A rack is empty."
    if reason == "blocked":
        return "The pool is empty and nobody can play."
    return "The game is over."


def end_banner(state, reason, winner, target: int, name_of: NameOf, you: int | None = None):
    """(title, subtitle, colour) of the game-end banner; None without a winner."""
    if winner is None:
        return None
    mine = winner == you
    who = "You" if mine else name_of(winner)
    score = state.players[winner].score
    if reason == "exact-200":
        return (f"Exactly {target}!",
                f"{who} {'hold' if mine else 'holds'} exactly {target} points and {'win' if mine else 'wins'} at once.",
                theme.GOLD)
    away = abs(target - score)
    return ("Game over", f"{end_cause(state, reason, name_of, you)} Closest to {target}: {who} with {score} ({away} away).",
            theme.GOLD if mine else theme.ACCENT)


def results_title(state, ranking: list[int], target: int, name_of: NameOf, you: int | None = None) -> str | None:
    if not ranking:
        return None
    who, mine = name_of(ranking[0]), ranking[0] == you
    if state.round_end_reason == "exact-200":
        return f"You hit exactly {target}!" if mine else f"{who} hits exactly {target}"
    return f"You win: closest to {target}" if mine else f"{who} wins: closest to {target}"


def results_subtitle(state, title: str, target: int, name_of: NameOf) -> str:
    if state.round_end_reason == "exact-200":
        return f"{title}  ·  exactly {target} claimed points wins at once"
    return f"{title}  ·  {end_cause(state, state.round_end_reason, name_of)} The score closest to {target} wins."


def results_row(state, seat: int, target: int) -> str:
    """How far a seat ended from the target (and its rack's value when that breaks a tie)."""
    p = state.players[seat]
    d = p.score - target
    if d == 0:
        text = f"exactly {target}!"
    elif d < 0:
        text = f"{-d} short of {target}"
    else:
        text = f"{d} over {target}"
    ties = [i for i, q in enumerate(state.players) if i != seat and abs(q.score - target) == abs(d)]
    if ties and state.round_end_reason != "exact-200":
        text += f"  ·  rack {rack_value(p.rack)}"
    return text


def results_note(state, target: int, tell_claim: Callable[[ev_.Claimed], str]) -> str | None:
    """The winning claim told again, or how the closest score is found."""
    if state.round_end_reason == "exact-200":
        last = next((ev for ev in reversed(state.events) if isinstance(ev, ev_.Claimed)), None)
        return "The winning claim: " + tell_claim(last) if last is not None else None
    scores = [abs(p.score - target) for p in state.players]
    if len(set(scores)) < len(scores):
        return "A tie on the distance goes to the lower rack value, then fewer tiles, then the earlier player in turn order."
    return "Claimed points count; tiles left on the rack do not (they only break ties)."


def option_text(option: dict, tiles: list, score: int, target: int, name_of: NameOf) -> str:
    """"Hijack R13 B13 O13 K13 from Mia: +52, you would hold 76 of 200" (``tiles``: the set's,
    ``score``: the player's points now)."""
    name = set_name(tiles)
    frm = option.get("from")
    victim = name_of(frm) if isinstance(frm, int) else ""
    after = score + option["points"]
    if option["kind"] == "hijack":
        what = f"Hijack {name} from {victim}"
    elif option["kind"] == "lock":
        what = f"Lock {name} (the third claim{', taking it from ' + victim if victim else ''})"
    else:
        what = f"Claim {name}"
    tail = f"exactly {target}: you win!" if after == target else f"you would hold {after} of {target}"
    return f"{what}: +{option['points']}, {tail}  ·  Enter claims, Tab: next"


def claimed_story(rec: dict, name_of: NameOf, you: int | None = None) -> list[str]:
    """A claimed set in words: who holds it and from whom, and whether it is locked."""
    layers = rec["layers"]
    held = "You hold" if rec["owner"] == you else f"{name_of(rec['owner'])} holds"
    story = f"{held} {set_name(rec['tiles'])}: {rec['points']} points"
    if len(layers) == 2:
        story += f" (hijacked from {name_of(layers[-2]['seat'])})"
    parts = [story]
    if rec["locked"]:
        parts.append(f"locked by {name_of(rec['lock_seat'])}: no more claims" if rec.get("lock_seat") is not None
                     else "locked: no more claims")
    elif len(layers) == 2:
        parts.append("the next claim locks it")
    return parts


def hover_text(story: list[str], problem: str | None) -> str:
    """The hover tip: a claimed set's story, then why it cannot be claimed."""
    return "  ·  ".join(story + (["cannot be claimed: " + problem] if problem else []))
