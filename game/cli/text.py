"""Small helpers the command lines share: output that never fails to print, and
whole-number and window-size arguments with plain messages.

Pure Python: no pygame here.
"""

from __future__ import annotations

import math
import sys


def safe_output() -> None:
    """Make standard output and error print anything: a player's name with letters the
    console cannot show, or a file name that is not UTF-8, comes out with backslash
    escapes instead of stopping the command with an encoding error."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


def shown(text: str) -> str:
    """``text`` (a file name perhaps holding undecodable bytes) as something printable."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def parse_size(text: str, min_w: int, min_h: int, max_side: int = 10000) -> tuple[int, int] | str:
    """(width, height) from ``"1280x800"``, or a sentence saying what is wrong."""
    parts = str(text).lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdecimal() for p in parts):
        return f"window size {text!r} must look like 1280x800"
    w, h = int(parts[0]), int(parts[1])
    if not (min_w <= w <= max_side and min_h <= h <= max_side):
        return f"window size {text!r} is out of range (at least {min_w}x{min_h}, at most {max_side}x{max_side})"
    return w, h


def parse_seconds(text: str) -> float | str:
    """A positive, finite number of seconds, or a sentence saying what is wrong."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        return f"{text!r} is not a number of seconds"
    if not math.isfinite(value) or value <= 0:
        return f"{text!r} must be a positive number of seconds"
    return value
