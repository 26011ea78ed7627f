"""The Tile Rush rules in words, for the in-game rules screen: ``rules_text()`` gives (heading, text)
pairs in the shape the rule sets use (``Variant.rules_text``), written from the numbers the model
uses, so the screen and the game cannot disagree."""

from __future__ import annotations

from .daily import WEEKDAY_GRADES, WEEKEND_GRADES
from .packs import PACKS, PER_PACK
from .rush import MAX_COMBO_STEP, MODES, PENALTY


def rules_text() -> list[tuple[str, str]]:
    three, five, survival = MODES["rush-3min"], MODES["rush-5min"], MODES["survival"]
    top = (2 + MAX_COMBO_STEP) / 2
    return [
        ("Puzzles", "Place every tile of your rack on the table. Table tiles may be moved, but every one of "
                    "them must stay on the table, in valid sets. Every puzzle has an answer, proven by the "
                    "computer. The grade (1 to 10) says how many table sets must be broken up: grade 1 only "
                    "adds tiles to sets, grade 10 rebuilds four or more sets, often around a joker."),
        ("Done", "Press Done when your table is ready. It is checked at once: every set valid, every table "
                 "tile still there, every rack tile placed."),
        ("Rush", f"{int(three.seconds // 60)} or {int(five.seconds // 60)} minutes on the clock. Puzzles get "
                 f"harder as you solve them. A wrong Done costs {int(PENALTY)} seconds; Skip moves on without "
                 "points."),
        ("Score", "A solved puzzle scores 100 points per grade, plus 10 for every second under its par time "
                  "(10 seconds plus 5 per grade). Fast solves in a row build a combo: x1.5, x2, x2.5, up to "
                  f"x{top:g}. A slow solve, a wrong Done, a skip or a hint ends the combo. A puzzle solved after "
                  "its answer was shown scores nothing."),
        ("Survival", f"No clock. A wrong Done is a miss and the next puzzle comes; {survival.lives} misses end "
                     "the run."),
        ("Daily puzzle", f"One puzzle a day, the same for everyone: grade {WEEKDAY_GRADES[0]} to "
                         f"{WEEKDAY_GRADES[-1]} on weekdays, {WEEKEND_GRADES[0]} or {WEEKEND_GRADES[-1]} at "
                         "weekends. Solve it every day to build your streak."),
        ("Packs", f"{PACKS} packs of {PER_PACK} puzzles, easiest first. One star for solving a puzzle, one for "
                  "solving it without a hint, one for solving it quickly. Solve a puzzle to open the next; "
                  "solve a whole pack to open the next pack."),
    ]
