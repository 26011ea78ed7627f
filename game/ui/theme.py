"""Tile Rush's look: palette, fonts, cached text, panels, buttons' shapes, the felt.

Everything here is created lazily, after the display exists, and cached.
"""

from __future__ import annotations

import math
import random
import re
import sys
from functools import lru_cache
from pathlib import Path

import pygame

from ..storage.textcheck import clean_text

# -- palette -------------------------------------------------------------------------------------
BG_TOP = (14, 24, 42)
BG_BOTTOM = (22, 40, 62)
FELT = (22, 98, 84)
FELT_DARK = (14, 66, 58)
FELT_LINE = (34, 120, 104)
RIM = (58, 36, 22)
RIM_LIGHT = (120, 82, 46)
GOLD = (246, 196, 70)
GOLD_DARK = (178, 128, 30)
CREAM = (248, 243, 230)
INK = (236, 240, 248)
INK_DIM = (160, 176, 198)
INK_FAINT = (100, 116, 140)
PANEL = (12, 22, 38)
PANEL_EDGE = (70, 96, 130)
ACCENT = (86, 206, 255)
GOOD = (104, 220, 120)
BAD = (255, 92, 92)
WARN = (255, 170, 60)

TILE_FACE = (250, 246, 234)
TILE_FACE_LOW = (232, 224, 204)
TILE_EDGE = (196, 184, 156)
TILE_BACK = (196, 64, 52)
TILE_BACK_DARK = (140, 40, 34)
TILE_COLOURS = {
    "K": (34, 38, 52),
    "R": (214, 48, 52),
    "B": (30, 102, 210),
    "O": (232, 136, 8),
}
COLOUR_ORDER = "KRBO"
SEAT_COLOURS = [(86, 206, 255), (255, 120, 150), (130, 220, 120), (255, 196, 80)]

BASE_W, BASE_H = 1280, 800


def scale_for(size: tuple[int, int]) -> float:
    """Layout scale relative to the 1280x800 design size."""
    w, h = size
    return max(0.45, min(w / BASE_W, h / BASE_H))


# -- fonts and text ----------------------------------------------------------------------------------
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}


def reset_caches() -> None:
    """Forget fonts and pictures (pygame was restarted: old fonts are invalid)."""
    _fonts.clear()
    _text_cache.clear()
    _panel_cache.clear()
    _bg_cache.clear()
    _noise_tile.cache_clear()


# The game's typeface: DejaVu Sans Bold (assets/fonts/, with its licence).  pygame's own font
# (freesansbold) is hinted unevenly at small sizes: gaps inside words ("minu tes", "f rom") as wide
# as the gaps between them.  ``px`` keeps its meaning (the size the default font was asked for):
# DejaVu Sans Bold at FONT_SCALE of it is as wide as the default font was (within 3% from 12 to
# 34 px) and a pixel taller, so the layouts keep their room.
FONT_NAME = "DejaVuSans-Bold.ttf"


def _font_file() -> Path:
    """The typeface in this folder's ``assets/fonts`` (the game run from its folder), else where an
    installed wheel put it (``share/tile-rush/fonts`` under the environment)."""
    here = Path(__file__).resolve().parents[2] / "assets" / "fonts" / FONT_NAME
    installed = Path(sys.prefix) / "share" / "tile-rush" / "fonts" / FONT_NAME
    return here if here.exists() or not installed.exists() else installed


FONT_FILE = _font_file()
FONT_SCALE = 0.6
_font_trouble: list[str] = []  # why the typeface could not be loaded (logged once; pygame's font is used)


def font(px: float, bold: bool = True) -> pygame.font.Font:
    """The font for text of size ``px`` (``bold`` is kept in the cache key: one typeface today)."""
    size = max(8, int(round(px)))
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = _load_font(size)
        _fonts[key] = f
    return f


def _load_font(size: int) -> pygame.font.Font:
    if not _font_trouble:
        try:
            return pygame.font.Font(str(FONT_FILE), max(5, round(size * FONT_SCALE)))
        except (OSError, pygame.error) as exc:  # a missing or damaged file: the game goes on in pygame's font
            _font_trouble.append(str(exc))
            from .errorlog import log_line

            log_line(f"the typeface {FONT_FILE} could not be loaded ({exc}); using pygame's own font")
    return pygame.font.Font(None, size)


_text_cache: dict[tuple, pygame.Surface] = {}
MAX_LINE = 300  # characters of one line drawn at most (wider than any screen at the smallest type)
MAX_WRAPPED = 6000  # characters of a wrapped text (a page of the rules) drawn at most


def bounded(s: str, wrap: int = 0) -> str:
    """``s`` cut (with an ellipsis) to what can ever be drawn, so no name or message, however
    long, costs more than a line's or a page's rendering."""
    limit = MAX_WRAPPED if wrap else MAX_LINE
    return s if not isinstance(s, str) or len(s) <= limit else s[: limit - 1] + "…"


def text(s: str, px: float, colour=INK, bold: bool = True, wrap: int = 0, align: str = "left") -> pygame.Surface:
    """A rendered string, cached (texts on screen repeat from frame to frame)."""
    s = bounded(s, wrap)
    key = (s, int(round(px)), colour, bold, wrap, align)
    surf = _text_cache.get(key)
    if surf is None:
        surf = render_safely(s, px, colour, bold, wrap, align)
        if len(_text_cache) > 3000:
            _text_cache.clear()
        _text_cache[key] = surf
    return surf


MIN_TEXT_PX = 12  # the smallest type a player is asked to read (captions, notes, key letters, names)


def readable(px: float) -> float:
    """``px``, raised to the smallest readable size: small windows scale the layout down, but
    words never go below ``MIN_TEXT_PX`` (tile faces are pictures and keep their own size)."""
    return max(float(MIN_TEXT_PX), px)


MIN_SPACE_PX = 3  # the narrowest gap between words: the font's own space is 2 px at 12 px and below


def spaced(s: str, f: pygame.font.Font) -> str:
    """``s`` with gaps between words a reader can see: at the smallest sizes the font's space is
    a pixel or two and words run together ("10tiles"), so each space is repeated there (the
    same for every space: a number keeps the gap any word has, never a double one)."""
    if " " in s:
        w = max(1, f.size(" ")[0])
        if w < MIN_SPACE_PX:
            return s.replace(" ", " " * -(-MIN_SPACE_PX // w))
    return s


def render_safely(s: str, px: float, colour=INK, bold: bool = True, wrap: int = 0, align: str = "left") -> pygame.Surface:
    """The one place text is rendered: it never raises.  Text the font refuses (characters
    that draw nothing, NUL, lone surrogates) is cleaned and tried again; what is left
    when nothing can be drawn is an empty surface one line high.  Words keep a visible gap
    at every size (``spaced``)."""
    f = font(px, bold)
    s = bounded(s, wrap)
    for attempt in (s, None):
        try:
            text_now = clean_text(s) if attempt is None else attempt
            if not isinstance(text_now, str):
                text_now = clean_text(text_now)
            text_now = spaced(text_now, f)
            if wrap:
                f.align = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER, "right": pygame.FONT_RIGHT}.get(align, pygame.FONT_LEFT)
                try:
                    surf = f.render(text_now, True, colour, None, wrap)
                finally:
                    f.align = pygame.FONT_LEFT
            else:
                surf = f.render(text_now, True, colour)
        except (pygame.error, ValueError, TypeError, UnicodeError):
            continue
        if surf.get_width() > 0:
            return surf
        break
    return pygame.Surface((1, f.get_linesize()), pygame.SRCALPHA)


def shadow_text(s: str, px: float, colour=INK, shadow=(0, 0, 0), offset: int = 2) -> pygame.Surface:
    key = ("shadow", s, int(round(px)), colour, shadow, offset)
    surf = _text_cache.get(key)
    if surf is None:
        front = text(s, px, colour)
        back = text(s, px, shadow)
        surf = pygame.Surface((front.get_width() + offset, front.get_height() + offset), pygame.SRCALPHA)
        back = back.copy()
        back.set_alpha(150)
        surf.blit(back, (offset, offset))
        surf.blit(front, (0, 0))
        _text_cache[key] = surf
    return surf


def fit_text(s: str, px: float, max_w: int, colour=INK, bold: bool = True) -> pygame.Surface:
    """A label (a name, a button's word) shrunk to fit ``max_w`` pixels, never below
    ``MIN_TEXT_PX``, then cut with an ellipsis.  For a sentence a player must read whole,
    use ``fit_block`` (it wraps).  A few renderings at most, however long ``s`` is: no
    character is narrower than 2 pixels, so more than ``max_w // 2`` never fit, and the cut
    is found by halving."""
    s = bounded(s)
    if len(s) > max(1, max_w // 2):
        s = s[: max(1, max_w // 2)] + "…"
    size = px
    floor = min(px, MIN_TEXT_PX)
    surf = text(s, size, colour, bold)
    while surf.get_width() > max_w and size - 1 >= floor:
        size -= 1
        surf = text(s, size, colour, bold)
    if surf.get_width() > max_w:
        body = s[:-1] if s.endswith("…") else s
        low, high = 1, len(body)  # the longest cut that fits lies in [low, high)
        while low < high:
            mid = (low + high + 1) // 2
            if text(body[:mid] + "…", size, colour, bold).get_width() <= max_w:
                low = mid
            else:
                high = mid - 1
        surf = text(body[:low] + "…", size, colour, bold)
    return surf


def fit_block(s: str, px: float, max_w: int, colour=INK, bold: bool = True, max_lines: int = 2,
              least: float = 0.75) -> pygame.Surface:
    """Text that fits ``max_w`` pixels without being squeezed: one line, shrunk at most to
    ``least`` of its size; else wrapped onto up to ``max_lines`` lines at the largest size
    that lets it (never below that floor); only when even that is not enough is the last
    line cut with an ellipsis.  Cached, like ``text``."""
    key = ("block", s, int(round(px)), int(max_w), colour, bold, max_lines, least)
    surf = _text_cache.get(key)
    if surf is None:
        surf = _fit_block(s, px, max_w, colour, bold, max_lines, least)
        _text_cache[key] = surf
    return surf


def _fit_block(s: str, px: float, max_w: int, colour, bold: bool, max_lines: int, least: float) -> pygame.Surface:
    floor = min(int(round(px)), max(MIN_TEXT_PX, int(round(px * least))))
    size = int(round(px))
    while size >= floor:
        one = text(s, size, colour, bold)
        if one.get_width() <= max_w:
            return one
        size -= 1
    size = int(round(px))
    while True:
        lines = between_parts(s, size, max_w, bold, max_lines) or wrap_lines(s, size, max_w, bold)
        if len(lines) <= max_lines or size <= floor:
            break
        size -= 1
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [fit_text(" ".join(lines[max_lines - 1:]), size, max_w, colour, bold)]
    imgs = [ln if isinstance(ln, pygame.Surface) else text(ln, size, colour, bold) for ln in lines]
    out = pygame.Surface((max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs)), pygame.SRCALPHA)
    y = 0
    for img in imgs:
        out.blit(img, (0, y))
        y += img.get_height()
    return out


PART_SEP = re.compile(r"\s+·\s+")


def between_parts(s: str, px: float, max_w: int, bold: bool, max_lines: int) -> list[str] | None:
    """``s`` ("Claim: click a lit set  ·  Esc: back") broken only between its parts, when each
    line then fits ``max_w`` and there are at most ``max_lines``: a line never ends mid-phrase
    ("Esc:" / "back").  None when that is not possible."""
    parts = PART_SEP.split(s)
    if len(parts) < 2:
        return None
    sep = PART_SEP.search(s).group(0)
    f = font(px, bold)
    lines: list[str] = []
    for part in parts:
        if text_width(f, part) > max_w:
            return None
        trial = part if not lines else lines[-1] + sep + part
        if lines and text_width(f, trial) <= max_w:
            lines[-1] = trial
        else:
            lines.append(part)
    return lines if len(lines) <= max_lines else None


def blit_center(dst: pygame.Surface, surf: pygame.Surface, center) -> pygame.Rect:
    r = surf.get_rect(center=(int(center[0]), int(center[1])))
    dst.blit(surf, r)
    return r


def text_width(f: pygame.font.Font, s: str) -> int:
    """The width ``s`` takes in font ``f``; never raises (see ``render_safely``)."""
    try:
        return f.size(spaced(s, f))[0]
    except (pygame.error, ValueError, TypeError, UnicodeError):
        return f.size(spaced(clean_text(s), f))[0]


def wrap_lines(s: str, px: float, max_w: int, bold: bool = False) -> list[str]:
    f = font(px, bold)
    words = s.split()
    lines, cur = [], ""
    for w in words:
        trial = w if not cur else cur + " " + w
        if text_width(f, trial) <= max_w or not cur:
            cur = trial
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    return lines


# -- shapes ------------------------------------------------------------------------------------------
def stack(parts: list[tuple[pygame.Surface, int]], width: int) -> pygame.Surface:
    """Pictures one under another, each followed by its gap (``[(surface, gap), ...]``): a page."""
    surf = pygame.Surface((width, sum(p.get_height() + gap for p, gap in parts) + 10), pygame.SRCALPHA)
    y = 0
    for p, gap in parts:
        surf.blit(p, (0, y))
        y += p.get_height() + gap
    return surf


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def mix(c1, c2, t: float):
    return tuple(int(round(lerp(a, b, max(0.0, min(1.0, t))))) for a, b in zip(c1, c2))


def lighten(c, amount: float = 0.2):
    return mix(c, (255, 255, 255), amount)


def darken(c, amount: float = 0.2):
    return mix(c, (0, 0, 0), amount)


_panel_cache: dict[tuple, pygame.Surface] = {}


def panel(size: tuple[int, int], radius: int = 14, fill=PANEL, alpha: int = 215, edge=PANEL_EDGE, shadow: int = 8) -> pygame.Surface:
    """A rounded translucent panel with a soft drop shadow (cached per size)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    key = (w, h, radius, fill, alpha, edge, shadow)
    surf = _panel_cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((w + shadow * 2, h + shadow * 2), pygame.SRCALPHA)
    if shadow:
        sh = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 120), (shadow, shadow + shadow // 2, w, h), border_radius=radius)
        sh = pygame.transform.gaussian_blur(sh, max(1, shadow // 2))
        surf.blit(sh, (0, 0))
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(body, (*fill, alpha), body.get_rect(), border_radius=radius)
    # a soft light from above, fading out by the middle
    sheen = alpha_gradient((w, max(1, h // 2)), (255, 255, 255), 16, 0)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    light = pygame.Surface((w, h), pygame.SRCALPHA)
    light.blit(sheen, (0, 0))
    light.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    body.blit(light, (0, 0))
    if edge:
        pygame.draw.rect(body, (*edge, 150), body.get_rect(), width=1, border_radius=radius)
    surf.blit(body, (shadow, shadow))
    if len(_panel_cache) > 400:
        _panel_cache.clear()
    _panel_cache[key] = surf
    return surf


def draw_panel(dst: pygame.Surface, rect: pygame.Rect, **kw) -> None:
    shadow = kw.get("shadow", 8)
    dst.blit(panel(rect.size, **kw), (rect.x - shadow, rect.y - shadow))


def alpha_gradient(size: tuple[int, int], colour, top_alpha: int, bottom_alpha: int) -> pygame.Surface:
    """A single colour whose opacity runs from ``top_alpha`` to ``bottom_alpha``."""
    w, h = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, h), pygame.SRCALPHA)
    for y in range(h):
        strip.set_at((0, y), (*colour, int(round(lerp(top_alpha, bottom_alpha, y / max(1, h - 1))))))
    return pygame.transform.scale(strip, (w, h))


def blend_rect(dst: pygame.Surface, colour_rgba, rect, border_radius: int = 0) -> None:
    """Draw a translucent rectangle that blends (pygame.draw replaces alpha on SRCALPHA surfaces)."""
    r = pygame.Rect(rect)
    if r.w <= 0 or r.h <= 0:
        return
    tmp = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(tmp, colour_rgba, tmp.get_rect(), border_radius=border_radius)
    dst.blit(tmp, r.topleft)


def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    n = min(h, 24)
    strip = pygame.Surface((1, n))
    for y in range(n):
        strip.set_at((0, y), mix(top, bottom, y / max(1, n - 1)))
    if n != h:
        strip = pygame.transform.smoothscale(strip, (1, h))
    return pygame.transform.scale(strip, (w, h))


@lru_cache(maxsize=8)
def _noise_tile(seed: int = 7) -> pygame.Surface:
    rnd = random.Random(seed)
    n = pygame.Surface((128, 128), pygame.SRCALPHA)
    for _ in range(2600):
        x, y = rnd.randrange(128), rnd.randrange(128)
        a = rnd.randrange(6, 22)
        n.set_at((x, y), (255, 255, 255, a) if rnd.random() < 0.5 else (0, 0, 0, a + 6))
    return n


_bg_cache: dict[tuple, pygame.Surface] = {}


def background(size: tuple[int, int]) -> pygame.Surface:
    """The app backdrop: a deep blue gradient with a soft vignette (cached per size)."""
    key = ("bg", size)
    surf = _bg_cache.get(key)
    if surf is None:
        w, h = size
        surf = vertical_gradient(size, BG_TOP, BG_BOTTOM).convert()
        glow = pygame.Surface((max(1, w // 4), max(1, h // 4)), pygame.SRCALPHA)
        pygame.draw.ellipse(glow, (70, 110, 170, 60), glow.get_rect().inflate(-glow.get_width() // 4, -glow.get_height() // 5))
        glow = pygame.transform.gaussian_blur(glow, 12)
        surf.blit(pygame.transform.smoothscale(glow, size), (0, 0))
        noise = _noise_tile(3)
        for y in range(0, h, 128):
            for x in range(0, w, 128):
                surf.blit(noise, (x, y))
        if len(_bg_cache) > 12:
            _bg_cache.clear()
        _bg_cache[key] = surf
    return surf


def radial_gradient(size: tuple[int, int], centre, edge) -> pygame.Surface:
    """An elliptical gradient from ``centre`` (middle) to ``edge`` (corners), smooth at any size."""
    w, h = max(2, size[0]), max(2, size[1])
    sw, sh = 64, 40
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw * 2 - 1
            dy = (y + 0.5) / sh * 2 - 1
            d = min(1.0, math.sqrt(dx * dx * 0.8 + dy * dy * 0.9) / 1.15)
            small.set_at((x, y), mix(centre, edge, d * d * (3 - 2 * d)))
    return pygame.transform.smoothscale(small, (w, h))


def felt(size: tuple[int, int], radius: int) -> pygame.Surface:
    """The table: green felt with a wooden rim, lit from the middle (cached per size)."""
    key = ("felt", size, radius)
    surf = _bg_cache.get(key)
    if surf is not None:
        return surf
    w, h = max(8, size[0]), max(8, size[1])
    rim = max(4, radius // 2)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    # wooden rim
    pygame.draw.rect(surf, RIM, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, RIM_LIGHT, surf.get_rect(), width=2, border_radius=radius)
    inner = surf.get_rect().inflate(-rim * 2, -rim * 2)
    cloth = pygame.Surface(inner.size, pygame.SRCALPHA)
    cloth.blit(radial_gradient(inner.size, FELT, FELT_DARK), (0, 0))
    noise = _noise_tile(11)
    for y in range(0, inner.h, 128):
        for x in range(0, inner.w, 128):
            cloth.blit(noise, (x, y))
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(2, radius - rim))
    cloth.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(cloth, inner.topleft)
    edge_line = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(edge_line, (0, 0, 0, 110), inner, width=3, border_radius=max(2, radius - rim))
    surf.blit(edge_line, (0, 0))
    if len(_bg_cache) > 12:
        _bg_cache.clear()
    _bg_cache[key] = surf
    return surf


def ring_points(cx: float, cy: float, r_out: float, r_in: float, a0: float, a1: float, steps: int | None = None):
    """Polygon of a ring segment from angle a0 to a1 (radians, clockwise from 12 o'clock)."""
    span = a1 - a0
    steps = steps or max(2, int(abs(span) * r_out / 4) + 2)
    outer, inner = [], []
    for i in range(steps + 1):
        a = a0 + span * i / steps
        s, c = math.sin(a), -math.cos(a)
        outer.append((cx + s * r_out, cy + c * r_out))
        inner.append((cx + s * r_in, cy + c * r_in))
    return outer + inner[::-1]


def draw_ring(dst: pygame.Surface, center, radius: float, thickness: float, fraction: float, colour, track=(24, 36, 52)) -> None:
    """A countdown ring: a full track and a filled arc of ``fraction`` (drawn as polygons, no gaps)."""
    cx, cy = center
    r_in = radius - thickness
    if track:
        pygame.draw.circle(dst, track, (int(cx), int(cy)), int(radius), width=max(1, int(thickness)))
    fraction = max(0.0, min(1.0, fraction))
    if fraction <= 0.001:
        return
    pts = ring_points(cx, cy, radius, r_in, 0.0, 2 * math.pi * fraction)
    pygame.draw.polygon(dst, colour, pts)
    n = len(pts) // 2
    pygame.draw.aalines(dst, colour, False, pts[:n])
    pygame.draw.aalines(dst, colour, False, pts[n:])
