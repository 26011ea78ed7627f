"""Text from files that the screens will draw: names, rule-set keys, reasons.

``str.isprintable()`` lets through characters that draw nothing at all (a
variation selector such as U+FE0F, the combining grapheme joiner U+034F, zero-width
spaces and joiners), and pygame refuses to render a string made only of such
characters; lone surrogates and NUL cannot be rendered at all.  So text read from
disk is checked here (``text_problem``: a reason, or None) before it is trusted,
and ``clean_text`` makes any string safe to hand to the font renderer.

Pure Python: no pygame here.
"""

from __future__ import annotations

import unicodedata
from typing import Any

# categories of characters that draw nothing: controls, format characters (zero-width
# space and joiners, soft hyphen, byte-order mark), surrogates, private use, unassigned,
# line and paragraph separators
_SILENT_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# letters and marks that draw nothing either: variation selectors, the grapheme joiner,
# the Hangul fillers, the Mongolian free variation selectors
_SILENT_CHARS = frozenset(
    [0x034F, 0x115F, 0x1160, 0x180B, 0x180C, 0x180D, 0x180E, 0x180F, 0x3164, 0xFFA0]
    + list(range(0xFE00, 0xFE10))
    + list(range(0xE0100, 0xE01F0))
)
_VISIBLE_CATEGORIES = ("L", "N", "P", "S")


def draws_nothing(ch: str) -> bool:
    """True for a character the font renderer cannot show (or shows as nothing)."""
    return ord(ch) in _SILENT_CHARS or unicodedata.category(ch) in _SILENT_CATEGORIES


def text_problem(value: Any, max_len: int, what: str = "the name") -> str | None:
    """None when ``value`` is text a screen can draw: not empty, at most ``max_len``
    characters, no characters that draw nothing, something visible, not starting with
    an accent that has no letter under it.  Otherwise a short reason."""
    if not isinstance(value, str):
        return f"{what} is not text"
    if not value.strip():
        return f"{what} is empty"
    if len(value) > max_len:
        return f"{what} is longer than {max_len} characters"
    if any(draws_nothing(ch) for ch in value):
        return f"{what} holds characters that cannot be shown (control or invisible characters)"
    if unicodedata.category(value[0]).startswith("M"):
        return f"{what} starts with an accent that has no letter"
    if not any(unicodedata.category(ch).startswith(_VISIBLE_CATEGORIES) for ch in value):
        return f"{what} has nothing that can be shown"
    return None


def clean_text(value: Any) -> str:
    """``value`` as text any font can render: characters that draw nothing removed
    (lone surrogates become U+FFFD), combined forms composed.  May be empty."""
    if not isinstance(value, str):
        value = str(value)
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        value = "".join("\ufffd" if 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)
    kept = "".join(ch for ch in value if ch in "\n" or not draws_nothing(ch))
    kept = unicodedata.normalize("NFC", kept)
    while kept and unicodedata.category(kept[0]).startswith("M"):
        kept = kept[1:]
    return kept


def clean_name(value: Any, max_len: int, default: str) -> str:
    """A name to show: ``value`` cleaned and cut to ``max_len``, or ``default`` when
    nothing drawable is left."""
    name = clean_text(value).strip()[:max_len].strip()
    return name if text_problem(name, max_len) is None else default
