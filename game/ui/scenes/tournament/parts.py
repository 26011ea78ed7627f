"""What the tournament screens share: colours, the progress bar, medal discs, the picture
of the stages, entrants' faces, and the way between the screens (``to_bracket``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....rules.state import HUMAN
from ....ai import player_names
from ....tournament import stage_plan
from ....tournament.run import TournamentRun
from ... import portrait_art, theme

if TYPE_CHECKING:
    from .bracket import BracketScene

MEDAL_COLOURS = {"gold": (246, 196, 70), "silver": (200, 208, 220), "bronze": (205, 127, 50)}
PLACE_COLOURS = [MEDAL_COLOURS["gold"], MEDAL_COLOURS["silver"], MEDAL_COLOURS["bronze"], (120, 130, 150)]
DEFAULT_FIELD = 12
SIM_BUDGET = 0.012  # seconds of simulation per frame (at least one turn): the frame never waits for it

# (key, label, levels, help)
LEVEL_MIXES = [
    ("mixed", "Mixed", ("easy", "medium", "hard"), "A third each of easy, medium and hard players, seated by lot."),
    ("gentle", "Easy", ("easy",), "Every computer player is easy."),
    ("easy-medium", "Easy and medium", ("easy", "medium"), "Half easy, half medium."),
    ("medium", "Medium", ("medium",), "Every computer player is medium."),
    ("medium-hard", "Medium and hard", ("medium", "hard"), "Half medium, half hard."),
    ("hard", "Hard", ("hard",), "Every computer player is hard."),
    ("basic", "Basic", ("basic",), "Every computer player is the basic player."),
]


def to_bracket(app, run: TournamentRun) -> "BracketScene":
    """Leave the menus: the bracket goes straight above the title screen."""
    app.return_to("title")
    return app.open("bracket", run)


def to_title(app) -> None:
    app.return_to("title")


def back_to_bracket(app, run: TournamentRun) -> "BracketScene":
    """Back to the bracket on the stack (a new one above the title when there is none)."""
    app.pop_to("bracket")
    return app.top if app.top is not None and app.top.name == "bracket" else to_bracket(app, run)


def sim_mode(app) -> str:
    """How to simulate: in a process like the computer players' worker (a thread when the
    app's computer players use one), or stepped in the frame where the app computes
    everything in the frame (tests, tools)."""
    return {"sync": "stepped", "thread": "thread"}.get(app.ai_mode, "process")


def draw_bar(surf, rect: pygame.Rect, fraction: float, colour=theme.GOLD) -> None:
    pygame.draw.rect(surf, (10, 16, 28), rect, border_radius=rect.h // 2)
    fill = rect.copy()
    fill.w = max(rect.h, int(rect.w * max(0.0, min(1.0, fraction))))
    if fraction > 0:
        pygame.draw.rect(surf, colour, fill, border_radius=rect.h // 2)
    pygame.draw.rect(surf, theme.PANEL_EDGE, rect, width=1, border_radius=rect.h // 2)


def draw_disc(surf, centre, radius: int, colour, label: str, s: float) -> None:
    pygame.draw.circle(surf, colour, centre, radius)
    pygame.draw.circle(surf, theme.darken(colour, 0.3), centre, radius, width=max(1, int(2 * s)))
    if label:
        theme.blit_center(surf, theme.text(label, max(9, radius * 1.05), (30, 30, 40)), centre)


def draw_structure(surf, rect: pygame.Rect, field: int, s: float) -> None:
    """A small picture of the stages: each table a box with a tile per seat, lines to the
    next stage, the final in gold."""
    plan = stage_plan(field)
    n = len(plan)
    label_h = int(40 * s)
    area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - label_h)
    col_w = area.w // n
    tile_w = max(4, int(min(11 * s, (col_w * 0.55) / 4.6)))
    boxes: list[list[pygame.Rect]] = []
    for i, st in enumerate(plan):
        k = len(st.tables)
        gap = max(2, int(min(8 * s, area.h * 0.25 / max(1, k))))
        bh = int(min(tile_w * 1.9, (area.h - gap * (k - 1)) / k))
        total = k * bh + (k - 1) * gap
        y = area.y + (area.h - total) // 2
        cx = area.x + col_w * i + col_w // 2
        col = []
        for size in st.tables:
            bw = size * (tile_w + 2) + int(8 * s)
            col.append(pygame.Rect(cx - bw // 2, y, bw, bh))
            y += bh + gap
        boxes.append(col)
    line = (70, 96, 130)
    for i in range(n - 1):
        a, b = boxes[i], boxes[i + 1]
        mid = (max(r.right for r in a) + min(r.x for r in b)) // 2
        for r in a:
            pygame.draw.line(surf, line, (r.right, r.centery), (mid, r.centery), max(1, int(2 * s)))
        ys = [r.centery for r in a] + [r.centery for r in b]
        pygame.draw.line(surf, line, (mid, min(ys)), (mid, max(ys)), max(1, int(2 * s)))
        for r in b:
            pygame.draw.line(surf, line, (mid, r.centery), (r.x, r.centery), max(1, int(2 * s)))
    for i, (st, col) in enumerate(zip(plan, boxes)):
        colour = theme.GOLD if st.final else theme.ACCENT
        for r, size in zip(col, st.tables):
            pygame.draw.rect(surf, (20, 34, 56), r, border_radius=max(2, int(4 * s)))
            pygame.draw.rect(surf, colour, r, width=1, border_radius=max(2, int(4 * s)))
            th = max(3, r.h - int(6 * s))
            for j in range(size):
                tr = pygame.Rect(r.x + int(4 * s) + j * (tile_w + 2), r.centery - th // 2, tile_w, th)
                pygame.draw.rect(surf, theme.TILE_FACE, tr, border_radius=max(1, tile_w // 4))
        cx = area.x + col_w * i + col_w // 2
        name = theme.fit_text(st.name, theme.readable(16 * s), col_w - int(6 * s), colour)
        theme.blit_center(surf, name, (cx, area.bottom + int(12 * s)))
        games = f"{st.games} game{'s' if st.games != 1 else ''}"
        theme.blit_center(surf, theme.text(games, theme.readable(14 * s), theme.INK_DIM, bold=False), (cx, area.bottom + int(30 * s)))


def face_of(is_human: bool, level: str, name: str, size: int) -> pygame.Surface:
    """An entrant's portrait: theirs through the whole tournament (the same face as at a table)."""
    if is_human:
        return portrait_art.player_face(HUMAN, "", size)
    return portrait_art.player_face(level or "basic", name, size)


def entrant_face(row: dict, size: int) -> pygame.Surface:
    """``face_of`` for a row given as plain data (``entrant``, ``name``, ``level``, ``is_human``)."""
    return face_of(bool(row.get("is_human")), row.get("level") or "", str(row.get("name") or row.get("entrant", 0)), size)


def level_mixes() -> list[tuple[str, str, tuple, str]]:
    have = set(player_names())
    out = []
    for key, label, levels, help_text in LEVEL_MIXES:
        if key == "basic" and "basic" not in have:
            continue
        out.append((key, label, levels, help_text))
    return out
