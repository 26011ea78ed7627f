"""The player's name: what a name may hold (pure Python, shared by the settings file and
the settings screen)."""

from __future__ import annotations

import unicodedata

MAX_NAME = 16
DEFAULT_NAME = "You"
# control, format (zero-width and direction marks), surrogate, private-use and unassigned
# characters, and line or paragraph separators: none of them draws a letter
SILENT = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def silent_char(ch: str) -> bool:
    """True for a character that draws nothing a player could read."""
    cat = unicodedata.category(ch)
    return cat in SILENT or (cat.startswith("Z") and ch != " ") or cat == "Mn"


def clean_name(text: object) -> tuple[str | None, str]:
    """(the name, "") or (None, why it will not do): spaces trimmed and runs of spaces made
    one; 1 to 16 characters, each one that draws something."""
    if not isinstance(text, str):
        return None, "A name is a few letters."
    name = " ".join(text.split(" "))
    name = " ".join(part for part in name.split(" ") if part)
    bad = [ch for ch in name if silent_char(ch)]
    if bad:
        return None, "A name can only hold letters, digits and signs that show on screen."
    if not name:
        return None, "Type at least one letter."
    if len(name) > MAX_NAME:
        return None, f"A name has at most {MAX_NAME} characters."
    return name, ""
