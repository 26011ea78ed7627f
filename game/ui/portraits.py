"""Portraits of the computer levels: what each character looks like (skin, hair, eyes, brows,
mouth, cheeks, accent colour, expression, glasses).  Art data for the screens, kept here rather
than with the players (``game/ai`` holds a level's name and blurb only).  Pure data: no pygame.
"""

from __future__ import annotations

PORTRAITS: dict[str, dict] = {
    "easy": {"skin": "#f6d2b0", "hair": "#e8a33d", "eyes": "round", "brows": "raised", "mouth": "grin",
             "cheeks": "#f4a3a3", "accent": "#7bc96f", "expression": "cheerful"},
    "medium": {"skin": "#d9a77c", "hair": "#4a2f1d", "eyes": "almond", "brows": "flat", "mouth": "smile",
               "cheeks": None, "accent": "#4f8fd9", "expression": "focused"},
    "hard": {"skin": "#b98a67", "hair": "#1b1b24", "eyes": "narrow", "brows": "angled", "mouth": "smirk",
             "cheeks": None, "accent": "#c0392b", "expression": "sly", "glasses": True},
    "greedy-max": {"skin": "#9fd3c7", "hair": "#2d6a4f", "eyes": "wide", "brows": "raised", "mouth": "open",
                   "cheeks": None, "accent": "#f4d35e", "expression": "eager"},
    "expert": {"skin": "#e0b48c", "hair": "#c9c9d1", "eyes": "narrow", "brows": "raised", "mouth": "flat",
               "cheeks": None, "accent": "#2e8b8b", "expression": "calm", "glasses": True},
}
PORTRAITS["hard-v1"] = PORTRAITS["hard"]  # the first edition of hard looks the same


def portrait(level: str) -> dict:
    """The portrait parameters of a level (empty for a level without one)."""
    return dict(PORTRAITS.get(level, {}))
