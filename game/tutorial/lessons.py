"""The lessons, as plain data (JSON-able): one track per rule set.

A lesson is a few *steps*.  Each step is a prepared position and one thing to do:

- ``say``: what to do, one sentence; ``picture``: the sets it is about (tile notation), drawn
  beside the sentence; ``done``: the line shown when it is done right;
- ``table``: ``[row, column, "R5 R6 R7"]`` sets on the table; ``rack``: the player's tiles;
  ``melded``: the player has made the initial meld already (default true);
- ``goal``: ``outcome`` "play" (default), "draw" or "penalty" (what ending the turn would do,
  from ``engine.preview_end_turn``), ``sets`` that must be on the table afterwards, ``played``
  tiles that must come from the rack, ``no_warnings`` (no hand-limit warning);
- ``claims``: ``[row, column, vertical, seat]``: sets claimed before the step (in order, through
  the rule set's own claim turn), for Rummi200kub; the goal ``outcome`` "claim" with ``claim``
  ``[row, column, vertical]`` asks for a claim of the set through that cell;
- ``nudge``: what to say when the try is a legal play but not the one asked for;
- ``solution``: the moves that do it, ``[tiles, [row, column]]`` (a tile is taken from the rack
  when it is there, else from the table; ``"t:R6"`` names the table's copy), followed by
  ending the turn (``["claim", [row, column, vertical]]`` is a claim); ``wrong``: a wrong try and a phrase its nudge must contain (for the tests).

Colours in notation: K black, R red, B blue, O orange, J a joker.
"""

from __future__ import annotations

CLASSIC = {
    "key": "classic",
    "variant": "classic",
    "title": "Classic",
    "lessons": [
        {
            "key": "sets",
            "title": "Runs and groups",
            "steps": [
                {
                    "say": "Make a run: drag your red 6, 7 and 8 onto the table side by side, then press End turn.",
                    "picture": ["R6 R7 R8"],
                    "rack": "R8 K11 R6 B2 O4 R7 K5",
                    "goal": {"sets": ["R6 R7 R8"]},
                    "done": "A run is three or more numbers in a row, all one colour.",
                    "solution": [["R6 R7 R8", [1, 2]]],
                    "wrong": [[["R6 R8", [1, 2]]], "needs the red 7 between the 6 and the 8"],
                },
                {
                    "say": "Make a group: put three 9s of different colours together.",
                    "picture": ["K9 R9 B9"],
                    "rack": "K9 O3 R9 R9 B9 K1 B12",
                    "goal": {"sets": ["K9 R9 B9"]},
                    "nudge": "Use the black, red and blue 9 together.",
                    "done": "A group is three or four tiles of one number, every tile a different colour.",
                    "solution": [["K9 R9 B9", [1, 2]]],
                    "wrong": [[["R9 R9 B9", [1, 2]]], "two red tiles"],
                },
            ],
        },
        {
            "key": "initial",
            "title": "The initial meld",
            "steps": [
                {
                    "say": "Your first play must be worth 30 points or more: lay down the blue 10, 11 and 12.",
                    "picture": ["B10 B11 B12"],
                    "melded": False,
                    "table": [[0, 1, "K3 K4 K5"]],
                    "rack": "B12 R2 B10 O6 K8 B11 R13",
                    "goal": {"sets": ["B10 B11 B12"]},
                    "done": "10 + 11 + 12 = 33 points: your initial meld is down.",
                    "solution": [["B10 B11 B12", [2, 2]]],
                    "wrong": [[["K8", [0, 4]]], "from your rack only"],
                },
                {
                    "say": "Sets add up: play the red 3-4-5 and the three 7s in one turn (12 + 21 = 33 points).",
                    "picture": ["R3 R4 R5", "K7 B7 O7"],
                    "melded": False,
                    "rack": "R4 K7 O1 R3 B7 K12 R5 O7",
                    "goal": {"sets": ["R3 R4 R5", "K7 B7 O7"]},
                    "done": "Several sets together count toward the 30 points.",
                    "solution": [["R3 R4 R5", [1, 2]], ["K7 B7 O7", [1, 7]]],
                    "wrong": [[["R3 R4 R5", [1, 2]]], "at least 30 points"],
                },
                {
                    "say": "Here you cannot reach 30 points: press Draw to take a tile and end your turn.",
                    "picture": ["K2 K3 K4"],
                    "melded": False,
                    "rack": "K3 O9 K2 R11 K4 B6 O1",
                    "goal": {"outcome": "draw"},
                    "done": "When you cannot meld (or prefer not to), you draw a tile.",
                    "solution": [],
                    "wrong": [[["K2 K3 K4", [1, 2]]], "at least 30 points"],
                },
            ],
        },
        {
            "key": "extend",
            "title": "Adding to sets",
            "steps": [
                {
                    "say": "Put the blue 3 in front of the blue run and the blue 8 onto the group of 8s.",
                    "picture": ["B3 B4 B5 B6", "O8 R8 K8 B8"],
                    "table": [[0, 2, "B4 B5 B6"], [1, 2, "O8 R8 K8"]],
                    "rack": "B8 K2 B3 R12 O5",
                    "goal": {"sets": ["B3 B4 B5 B6", "O8 R8 K8 B8"]},
                    "done": "After your initial meld you may add your tiles to any set on the table.",
                    "solution": [["B3", [0, 1]], ["B8", [1, 5]]],
                    "wrong": [[["B8", [0, 5]]], "needs the blue 7 between the 6 and the 8"],
                },
            ],
        },
        {
            "key": "split",
            "title": "Splitting a run",
            "steps": [
                {
                    "say": "Split the red run after the 6 and add your red 6 to make 4-5-6 and 6-7-8.",
                    "picture": ["R4 R5 R6", "R6 R7 R8"],
                    "table": [[0, 1, "R4 R5 R6 R7 R8"]],
                    "rack": "R6 K10 O2 B13 K4",
                    "goal": {"sets": ["R4 R5 R6", "R6 R7 R8"]},
                    "nudge": "Keep 4-5-6 where it is and build 6-7-8 with your red 6 and the table's red 7 and 8.",
                    "done": "A run may be cut in two when both parts keep three tiles or more.",
                    "solution": [["t:R7 t:R8", [1, 2]], ["R6", [1, 1]]],
                    "wrong": [[["t:R7 t:R8", [1, 2]]], "need a third tile"],
                },
            ],
        },
        {
            "key": "fourth",
            "title": "The fourth tile of a group",
            "steps": [
                {
                    "say": "Take the blue 4 from the group of four and lay the blue run 3-4-5-6.",
                    "picture": ["B3 B4 B5 B6", "K4 R4 O4"],
                    "table": [[0, 1, "K4 R4 B4 O4"]],
                    "rack": "B5 R11 B3 O12 B6 K1",
                    "goal": {"sets": ["B3 B4 B5 B6", "K4 R4 O4"]},
                    "done": "A group of four can give one tile away and still be a group of three.",
                    "solution": [["t:B4", [1, 2]], ["B3", [1, 1]], ["B5 B6", [1, 3]]],
                    "wrong": [[["B3 B5 B6", [1, 1]]], "needs the blue 4 between the 3 and the 5"],
                },
            ],
        },
        {
            "key": "joker",
            "title": "Freeing a joker",
            "steps": [
                {
                    "say": "Put your red 6 where the joker stands, then make a new group with the joker and your blue and orange 9.",
                    "picture": ["R5 R6 R7", "B9 O9 J"],
                    "table": [[0, 1, "R5 J R7"]],
                    "rack": "O9 R6 K2 B9 R12",
                    "goal": {"sets": ["R5 R6 R7", "B9 O9 J"]},
                    "done": "A freed joker must go into a new set in the same turn.",
                    "solution": [["t:J", [1, 3]], ["R6", [0, 2]], ["B9 O9", [1, 1]]],
                    "wrong": [[["t:J", [0, 4]], ["R6", [0, 2]]], "new set"],
                },
            ],
        },
        {
            "key": "rush",
            "title": "Tile Rush puzzles",
            "steps": [
                {
                    "say": "A Tile Rush puzzle: place every tile of your rack. Take the black 6 out of the run for a group "
                           "of 6s, and put the black 10 after the 9.",
                    "picture": ["K6 R6 B6", "K7 K8 K9 K10"],
                    "table": [[0, 1, "K3 K4 K5 K6 K7 K8 K9"]],
                    "rack": "R6 K10 B6",
                    "goal": {"sets": ["K3 K4 K5", "K7 K8 K9 K10", "K6 R6 B6"], "played": "R6 B6 K10"},
                    "nudge": "Every rack tile must go: the red and blue 6 need the table's black 6, and the black 10 goes after the 9.",
                    "done": "That is a solved puzzle. In a rush you press Done and the next one comes: wrong costs 10 seconds.",
                    "solution": [["t:K6", [1, 3]], ["R6 B6", [1, 4]], ["K10", [0, 8]]],
                    "wrong": [[["R6 B6", [1, 2]]], "need a third 6"],
                },
            ],
        },
    ],
}


RUMMY_Q = {
    "key": "rummy-q",
    "variant": "rummy-q",
    "title": "Rummy Q",
    "lessons": [
        {
            "key": "joker",
            "title": "Jokers in Rummy Q",
            "steps": [
                {
                    "say": "A joker from your rack needs two more of your tiles: play the joker with your black 12 and 13.",
                    "picture": ["J K12 K13"],
                    "table": [[0, 1, "O2 O3 O4"]],
                    "rack": "K12 J R1 K13 B8",
                    "goal": {"sets": ["J K12 K13"]},
                    "done": "A joker from your rack always comes down with two other tiles from your rack.",
                    "solution": [["J K12 K13", [1, 2]]],
                    "wrong": [[["J", [0, 4]]], "2 other tiles from your rack"],
                },
                {
                    "say": "Put your red 6 exactly where the joker stands, then play the joker with your blue and orange 9.",
                    "picture": ["R5 R6 R7", "B9 O9 J"],
                    "table": [[0, 1, "R5 J R7"]],
                    "rack": "O9 R6 K2 B9 R12",
                    "goal": {"sets": ["R5 R6 R7", "B9 O9 J"]},
                    "done": "A joker is won back only with the exact tile it stood for, and it goes out at once with two of your tiles.",
                    "solution": [["t:J", [1, 3]], ["R6", [0, 2]], ["B9 O9", [1, 1]]],
                    "wrong": [[["t:J", [1, 3]], ["R6", [0, 2]], ["B9", [1, 2]]], "too short"],
                },
            ],
        },
    ],
}


GOLDEN = {
    "key": "golden-games",
    "variant": "golden-games",
    "title": "Golden Games",
    "lessons": [
        {
            "key": "penalty",
            "title": "The 3-tile penalty",
            "steps": [
                {
                    "say": "See the risk: move the blue 10 from the run to your red and black 10s, then press End turn.",
                    "picture": ["B8 B9", "K10 R10 B10"],
                    "table": [[0, 1, "B8 B9 B10"]],
                    "rack": "K10 R10 O3 K6",
                    "goal": {"outcome": "penalty", "sets": ["K10 R10 B10"]},
                    "nudge": "Take the blue 10 away from the run and put it beside your red and black 10.",
                    "done": "A run of two is left behind: ending like this puts the table back and costs you 3 tiles from the pool.",
                    "solution": [["K10 R10", [1, 2]], ["t:B10", [1, 4]]],
                    "wrong": [[["R10 K10", [1, 2]]], "Take the blue 10 away"],
                },
                {
                    "say": "Now play it safe: add your blue 11 to the run and leave every set with three tiles or more.",
                    "picture": ["B8 B9 B10 B11"],
                    "table": [[0, 1, "B8 B9 B10"]],
                    "rack": "K10 R10 B11 K6",
                    "goal": {"sets": ["B8 B9 B10 B11"]},
                    "done": "Every set you leave must have three tiles or more.",
                    "solution": [["B11", [0, 4]]],
                    "wrong": [[["R10 K10", [1, 2]]], "would cost you 3 tiles"],
                },
            ],
        },
        {
            "key": "joker",
            "title": "The funny face (joker)",
            "steps": [
                {
                    "say": "Put your red 6 exactly where the joker stands, then play the joker with your blue and orange 9.",
                    "picture": ["R5 R6 R7", "B9 O9 J"],
                    "table": [[0, 1, "R5 J R7"]],
                    "rack": "O9 R6 K2 B9 R12",
                    "goal": {"sets": ["R5 R6 R7", "B9 O9 J"]},
                    "done": "A joker is freed only by its exact tile, and goes out at once with two of your tiles.",
                    "solution": [["t:J", [1, 3]], ["R6", [0, 2]], ["B9 O9", [1, 1]]],
                    "wrong": [[["t:J", [1, 3]], ["R6", [0, 2]], ["B9", [1, 2]]], "too short"],
                },
            ],
        },
    ],
}


RUMMIBUG = {
    "key": "rummibug",
    "variant": "rummibug",
    "title": "Rummibug Standard",
    "lessons": [
        {
            "key": "must-meld",
            "title": "The 35-tile rule",
            "steps": [
                {
                    "say": "You hold 35 tiles, so you may not draw: play your black 11, 12 and 13.",
                    "picture": ["K11 K12 K13"],
                    "table": [[0, 1, "O5 O6 O7"]],
                    "rack": ("K1 R1 K2 R2 K4 R4 K11 K5 R5 K7 R7 K8 R8 B3 O3 B10 O10 K12 "
                             "K1 R1 K2 R2 K4 R4 K5 R5 K7 R7 K13 K8 R8 B3 O3 B10 O10"),
                    "goal": {"sets": ["K11 K12 K13"]},
                    "nudge_draw": "With 35 tiles or more you may not draw while you can play: lay down your black 11, 12 and 13.",
                    "done": "With 35 tiles or more you must meld whenever you can.",
                    "solution": [["K11 K12 K13", [1, 2]]],
                    "wrong": [[], "35 tiles or more"],
                },
            ],
        },
        {
            "key": "joker",
            "title": "Swapping a joker",
            "steps": [
                {
                    "say": "Swap your orange 7 for the joker, then use the joker with your blue 2 and 3.",
                    "picture": ["K7 R7 B7 O7", "B2 B3 J"],
                    "table": [[0, 1, "K7 R7 B7 J"]],
                    "rack": "B3 O7 K12 B2 R1",
                    "goal": {"sets": ["K7 R7 B7 O7", "B2 B3 J"]},
                    "done": "Only the tile the joker stands for, from your rack, frees it; then it must be used this turn.",
                    "solution": [["t:J", [1, 3]], ["O7", [0, 4]], ["B2 B3", [1, 1]]],
                    "wrong": [[["t:J", [1, 3]], ["B2 B3", [1, 1]]], "replaced by orange 7"],
                },
            ],
        },
    ],
}


RELAXED = {
    "key": "rummibug-relaxed",
    "variant": "rummibug-relaxed",
    "title": "Rummibug Relaxed",
    "lessons": [
        {
            "key": "hand-limit",
            "title": "The hand limit",
            "steps": [
                {
                    "say": "You hold 31 tiles, one above the limit of 30: play your red 1, 2 and 3 to get under it.",
                    "picture": ["R1 R2 R3"],
                    "table": [[0, 1, "O5 O6 O7"]],
                    "rack": ("R1 R2 R3 K1 K3 K5 K7 K9 K11 K13 B1 B3 B5 B7 B9 B11 B13 O1 O3 O9 O11 O13 "
                             "R6 R8 R10 R12 K2 B2 O2 K4 B4"),
                    "goal": {"sets": ["R1 R2 R3"], "no_warnings": True},
                    "done": "Every turn you end above the hand limit costs 5 points; the limit falls as the round goes on.",
                    "solution": [["R1 R2 R3", [1, 2]]],
                    "wrong": [[], "above the hand limit"],
                },
            ],
        },
    ],
}


R200_BOARD = [[0, 0, "K5 K6 K7 K8"], [1, 3, "R8"], [2, 2, "B7 B8 B9"]]  # the 8s run down column 3

RUMMI200KUB = {
    "key": "rummi200kub",
    "variant": "rummi200kub",
    "title": "Rummi200kub",
    "lessons": [
        {
            "key": "crossing",
            "title": "Crossing sets",
            "steps": [
                {
                    "say": "Everyone shares one board: click your red 6 and blue 6, press Across/Down (V) so they go down a column, then click the space under the black 6.",
                    "picture": ["K6 R6 B6"],
                    "table": [[0, 0, "K5 K6 K7"]],
                    "rack": "B6 O2 R6 K12 R10",
                    "goal": {"sets": ["K5 K6 K7", "K6 R6 B6"]},
                    "done": "A new set may cross a set on the board: the tile where they cross belongs to both.",
                    "solution": [["R6", [1, 1]], ["B6", [2, 1]]],
                    "wrong": [[["R6", [1, 1]]], "third 6"],
                },
            ],
        },
        {
            "key": "claim",
            "title": "Claiming a set",
            "steps": [
                {
                    "say": "Instead of playing, claim the black run 5-6-7-8: press Claim a set (C), then click the run.",
                    "picture": ["K5 K6 K7 K8"],
                    "table": R200_BOARD,
                    "rack": "O2 R12 B4 K1",
                    "goal": {"outcome": "claim", "claim": [0, 0, False]},
                    "nudge": "Claim the black run 5-6-7-8 (26 points): it is worth more than the others.",
                    "done": "Your tokens sit on every tile of the run: its 26 points are yours.",
                    "solution": [["claim", [0, 1, False]]],
                    "wrong": [[["claim", [2, 4, False]]], "black run"],
                },
            ],
        },
        {
            "key": "hijack",
            "title": "Hijacking a claim",
            "steps": [
                {
                    "say": "Mia holds the group of 8s: hijack it with Claim a set (C) and a click on the group.",
                    "picture": ["K8 R8 B8"],
                    "table": R200_BOARD,
                    "claims": [[1, 3, True, 1]],
                    "rack": "O2 R12 B4 K1",
                    "goal": {"outcome": "claim", "claim": [1, 3, True]},
                    "nudge": "Take the group of 8s from Mia: claim that one.",
                    "done": "Your tokens go on top with the \"2\" side up: the 24 points move from Mia to you.",
                    "solution": [["claim", [1, 3, True]]],
                    "wrong": [[["claim", [0, 1, False]]], "group of 8s"],
                },
            ],
        },
        {
            "key": "lock",
            "title": "Locking a set",
            "steps": [
                {
                    "say": "The 8s were claimed by you, then hijacked by Mia: claim them a third time to lock them for good.",
                    "picture": ["K8 R8 B8"],
                    "table": R200_BOARD,
                    "claims": [[1, 3, True, 0], [1, 3, True, 1]],
                    "rack": "O2 R12 B4 K1",
                    "goal": {"outcome": "claim", "claim": [1, 3, True]},
                    "nudge": "Claim the group of 8s again: the third claim locks it.",
                    "done": "A lock token sits on the first tile: nobody can take this set any more.",
                    "solution": [["claim", [1, 3, True]]],
                    "wrong": [[["claim", [0, 1, False]]], "group of 8s"],
                },
            ],
        },
        {
            "key": "exact-200",
            "title": "Exactly 200",
            "steps": [
                {
                    "say": "You have 182 points: claim the group of 6s (18 points) to reach exactly 200 and win.",
                    "picture": ["K6 B6 R6"],
                    "table": [[0, 0, "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13"], [1, 5, "B6"], [1, 8, "O9"],
                              [2, 0, "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13"], [3, 8, "B9"]],
                    "claims": [[0, 0, False, 0], [2, 0, False, 0]],
                    "rack": "O2 R12 B4 K1",
                    "goal": {"outcome": "claim", "claim": [1, 5, True]},
                    "nudge": "Only a set worth exactly 18 points takes you to 200: the group of 6s.",
                    "done": "Exactly 200: the game is yours. Past 200 is not allowed.",
                    "solution": [["claim", [1, 5, True]]],
                    "wrong": [[["claim", [3, 8, True]]], "past 200"],
                },
            ],
        },
    ],
}


TRACKS = [CLASSIC, RUMMY_Q, GOLDEN, RUMMIBUG, RELAXED, RUMMI200KUB]


def track(key: str) -> dict:
    return next(t for t in TRACKS if t["key"] == key)


def lesson_key(track_key: str, lesson_key_: str) -> str:
    return f"{track_key}/{lesson_key_}"


def first_lesson() -> tuple[dict, dict]:
    return CLASSIC, CLASSIC["lessons"][0]
