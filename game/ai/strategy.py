"""The hard player's strategy, rule set by rule set.

The same habits do not pay everywhere.  Keeping sets back and drawing to feed an opponent
nothing win classic games (the most rounds won), but where the points left on a rack score
against their holder, or the round ends when the pool runs out, a tile kept is a tile
counted.  ``STRATEGIES`` holds the knobs for each rule set by its key; a rule set missing
from the table gets ``derived(variant)``, worked out from what the rule set declares.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..rules.variants.base import Variant


@dataclass(frozen=True)
class Strategy:
    close: int = 9  # an opponent with this many tiles or fewer is getting close: play everything
    low_pool: int = 4  # with this few tiles left in the pool, play everything too
    small_meld: bool = True  # open with the fewest tiles that reach the threshold
    hold: bool = True  # keep back the sets made only of rack tiles while nothing is urgent
    hold_points: int | None = None  # ... but only while the points left on the rack stay within this
    always_urgent: bool = False  # play everything every turn (a race to a points target)
    joker_use: str = "out"  # rack jokers: "out" (only to go out or to open), "urgent" (also when
    # urgent), "free" (whenever they add a tile)
    tie: str = "isolation"  # among plays placing the most tiles: hard-to-place tiles first ("isolation")
    urgent_tie: str = "isolation"  # ... or the most points ("points"), when urgent
    reserve_first: str = "small"  # which kept set to play when nothing else can be: "small" or "big"
    deny: int = 5  # an opponent this close and we cannot go out: draw, feeding them nothing (0: never)
    deny_points: int | None = None  # ... but only while the rack holds at most this many points
    weigh: int = 0  # once an opponent holds this many tiles or fewer, weigh hard's play against a
    # draw by the chance of that opponent going out and the points left on the rack
    # (``game.ai.weigh``; replaces ``deny``); 0: never
    weigh_worlds: int = 6  # sampled deals of the unseen tiles per weighing
    delay: float = 1.0  # points a numbered tile kept back costs when the opponent does not go out
    joker_nodes: int | None = 3000  # where a freed joker needs its exact tile: a limit on the finder's
    # work for its first, unconstrained answer while jokers lie on the table (usually refused there)
    lock_jokers: bool = False  # every level's finder, where a freed joker needs its exact tile: a table
    # joker the rack cannot win back stays beside two of its partners in the first question (instead
    # of an unconstrained question the joker rules mostly refuse); measured in Rummy Q and the Golden
    # Games only (docs/performance.md, "Jokers the rack cannot win back")
    rack_margin: int = 2  # where a rack size forces a meld or a hand limit costs points: urgent this
    # many tiles before it
    lookahead: int = 0  # Sage (expert) only: sampled worlds in which it weighs its candidate turns
    # by short rollouts (``game.ai.lookahead``); 0: off, its play as before (not yet measured)
    lookahead_plies: int = 4  # ... and the turns played after each candidate in a rollout
    sage_from: int = 9  # Sage only: weigh its candidate turns against sampled replies once an opponent
    # holds this many tiles or fewer (``ExpertPlayer``); 0: never (hard's turn with Sage's knobs)


CLASSIC = Strategy()

# Rummibug (both sheets): the 35-tile rule restricts drawing, and the winner of a round takes the
# points on the other racks, so hard plays everything it can every turn and never denies; its
# jokers stay for going out.  Tried and not kept (docs/ai-tuning.md):
# classic's knobs there win rounds (33 of 48 against greedy-max) but lose on points (151 points
# on hard's rack when it lost a round, greedy-max's 21: the denial draws); without denial, with
# sets kept back only up to 50 points on the rack (``hold_points``) and jokers spent when urgent,
# hard won 47 of 100 games against greedy-max, against 51 of 100 for the knobs below.
# Once an opponent holds 9 tiles or fewer, hard weighs each play against a draw (``weigh``): the
# chance the opponent goes out on the table the play leaves (sampled deals of what it cannot see,
# holding only what does not fit the table) times the points left on the rack.  Against
# greedy-max, seed 2027: Rummibug 0.64 over 400 games (0.56 over 298 weighing from 6 tiles),
# Relaxed 0.65 over 400 (0.63 over 351 from 6 tiles) (docs/ai.md).
RUMMIBUG = Strategy(always_urgent=True, deny=0, weigh=9)

STRATEGIES: dict[str, Strategy] = {
    "classic": CLASSIC,
    # A race to a points target: every point on a rack when a round ends goes to the winner, and
    # a rack joker without two rack tiles beside it can never be played.  As in Rummibug, once an
    # opponent holds 6 tiles or fewer each play is weighed against a draw (10 games against
    # greedy-max, seed 3000: 9 won and +89 points a game, against 5 and -2 without; docs/ai-tuning.md).
    "rummy-q": Strategy(always_urgent=True, hold=False, deny=0, joker_use="free", weigh=6, lock_jokers=True),
    "rummibug": RUMMIBUG,
    "rummibug-relaxed": RUMMIBUG,
    # Everyone pays what is left on the rack when someone goes out and the lowest total wins:
    # nothing kept back, jokers spent as soon as they add a tile, the most points first among the
    # plays placing the most tiles, no denial by rule, and the play weighed against a draw once
    # an opponent holds 9 tiles or fewer (3 deals a weighing: there are two opponents to deal
    # to), a tile kept back pricing a quarter of a point of tempo.  Against two greedy-max, 400
    # games, seed 2027: ahead of 0.61 of the other players, 0.49 of the matches won, mean total
    # 37.1; at half a point a tile 0.585, 0.45, 37.4; at a point 0.54, 0.39, 39.2.  Seed 4100,
    # 200 games: 0.605 at a quarter, 0.605 at half a point (docs/ai.md, docs/ai-tuning.md).
    "golden-games": Strategy(deny=0, hold=False, joker_use="free", tie="points", urgent_tie="points",
                             weigh=9, weigh_worlds=3, delay=0.25, lock_jokers=True),
}


def derived(variant: Variant) -> Strategy:
    """Knobs for a rule set the table does not list, from what it declares: a race to a points
    target plays everything; where the lowest score wins, nothing is denied."""
    if variant.score_target() is not None:
        return STRATEGIES["rummy-q"]
    if variant.lower_score_wins:
        return replace(CLASSIC, deny=0)
    return CLASSIC


def strategy_for(variant: Variant) -> Strategy:
    return STRATEGIES.get(variant.key) or derived(variant)


# Knobs whose values are words: the words each one takes.
CHOICES = {
    "joker_use": ("out", "urgent", "free"),
    "tie": ("isolation", "points"),
    "urgent_tie": ("isolation", "points"),
    "reserve_first": ("small", "big"),
}


def with_knobs(base, settings: dict[str, str], choices: dict[str, tuple[str, ...]] = CHOICES):
    """``base`` with the knobs named in ``settings`` set from their written values
    (``{"weigh": "6", "hold": "false", "hold_points": "none"}``); ValueError names the first
    unknown knob or a value the knob cannot take.  The simulator's ``--knob`` uses it, so a
    tuning trial is a command anyone can rerun.  ``base`` may be any frozen dataclass of knobs (a
    ``Strategy``, or a crossword ``Profile`` with its own ``choices`` of words)."""
    kinds = {f.name: f.type for f in fields(base)}
    out = {}
    for name, text in settings.items():
        if name not in kinds:
            raise ValueError(f"unknown knob {name!r}; knobs: {', '.join(kinds)}")
        out[name] = _knob_value(name, kinds[name], str(text).strip(), choices)
    return replace(base, **out)


def _knob_value(name: str, kind: str, text: str, choices: dict[str, tuple[str, ...]]):
    low = text.lower()
    if "None" in kind and low == "none":
        return None
    base = kind.split(" ")[0]
    words = {"bool": "true or false", "int": "a whole number of 0 or more", "float": "a number of 0 or more"}
    try:
        if base == "bool":
            if low not in ("true", "false"):
                raise ValueError
            return low == "true"
        if base in ("int", "float"):
            value = int(text) if base == "int" else float(text)
            if not 0 <= value < float("inf"):
                raise ValueError
            return value
    except ValueError:
        also = " or none" if "None" in kind else ""
        raise ValueError(f"knob {name} takes {words[base]}{also}, not {text!r}") from None
    if name in choices and text not in choices[name]:
        words = ", ".join(c or '""' for c in choices[name])
        raise ValueError(f"knob {name} takes one of {words}, not {text!r}")
    return text
