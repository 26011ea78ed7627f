"""Procedural faces for the players: one character per computer level.

Drawn with a few circles, arcs and polygons at any size and cached; no
pictures are loaded.  An unknown level still gets a stable face of its own.
"""

from __future__ import annotations

import math
import zlib

import pygame

from ..rules.state import HUMAN
from . import theme

# level -> (skin, hair, backdrop, eyes, mouth, accessory)
CHARACTERS = {
    "human": ((246, 208, 170), (90, 60, 40), (40, 110, 170), "dots", "smile", "none"),
    "basic": ((236, 196, 160), (60, 60, 70), (70, 90, 120), "dots", "flat", "none"),
    "easy": ((250, 214, 180), (230, 170, 60), (70, 150, 100), "happy", "grin", "cheeks"),
    "medium": ((214, 170, 130), (120, 70, 40), (150, 100, 50), "dots", "smile", "glasses"),
    "hard": ((190, 140, 110), (30, 30, 36), (110, 50, 120), "stern", "flat", "shades"),
    "greedy-max": ((255, 220, 150), (200, 150, 20), (170, 120, 20), "coins", "grin", "crown"),
    "expert": ((224, 180, 140), (201, 201, 209), (46, 120, 125), "stern", "smile", "glasses"),
}

_cache: dict[tuple, pygame.Surface] = {}
BACKDROPS = [(40, 110, 170), (150, 70, 90), (70, 150, 100), (150, 100, 50), (110, 60, 130), (60, 120, 140)]
HAIRS = [(90, 60, 40), (30, 30, 36), (200, 150, 60), (140, 70, 40), (120, 120, 130), (60, 40, 30)]
SKINS = [(246, 208, 170), (214, 170, 130), (190, 140, 110), (250, 220, 190)]


def _character(level: str):
    if level in CHARACTERS:
        return CHARACTERS[level]
    h = zlib.crc32(level.encode())
    skins = [(246, 208, 170), (214, 170, 130), (180, 130, 100), (250, 220, 190)]
    hairs = [(40, 30, 30), (140, 80, 40), (220, 180, 80), (90, 90, 100)]
    backs = [(60, 120, 160), (150, 70, 90), (80, 140, 90), (120, 90, 160)]
    return (skins[h % 4], hairs[(h >> 3) % 4], backs[(h >> 6) % 4], ["dots", "happy"][(h >> 9) % 2],
            ["smile", "grin", "flat"][(h >> 11) % 3], ["none", "glasses"][(h >> 13) % 2])


HAIRSTYLES = ("short", "long", "bun", "spiky", "bald", "curly")
# the game's own opponents, in the order of their names: hair, head shape, beard, brows, nose
CAST = (
    ("long", 0.9, "none", "arched", "dot"),
    ("short", 1.08, "moustache", "straight", "line"),
    ("bun", 0.9, "none", "arched", "none"),
    ("bald", 1.1, "beard", "straight", "dot"),
    ("spiky", 1.0, "none", "straight", "none"),
    ("curly", 1.0, "none", "arched", "dot"),
    ("long", 0.86, "none", "none", "line"),
    ("short", 1.0, "beard", "straight", "dot"),
)
SHAPES = (1.0, 0.86, 1.1)  # head width against height
FACIAL = ("none", "moustache", "none", "beard")
BROWS = ("straight", "arched", "none")
NOSES = ("dot", "line", "none")


def traits(who: int) -> dict:
    """What makes one player's face their own beyond the level's look: hairstyle, head
    shape, beard or moustache, brows and nose (``who`` 0 is the person at the screen)."""
    if not who:
        return {"hair": "short", "shape": 1.0, "facial": "none", "brows": "straight", "nose": "dot"}
    if who <= len(CAST):
        hair, shape, facial, brows, nose = CAST[who - 1]
        return {"hair": hair, "shape": shape, "facial": facial, "brows": brows, "nose": nose}
    h = zlib.crc32(f"face{who}".encode())
    return {"hair": HAIRSTYLES[h % 6], "shape": SHAPES[(h >> 4) % 3], "facial": FACIAL[(h >> 7) % 4],
            "brows": BROWS[(h >> 10) % 3], "nose": NOSES[(h >> 13) % 3]}


def identity(name: str) -> int:
    """A player's face number from their name: the same player looks the same on every screen
    (the game's own opponents each have a face of their own)."""
    from ..play.session import OPPONENT_NAMES

    if name in OPPONENT_NAMES:
        return OPPONENT_NAMES.index(name) + 1
    return zlib.crc32(str(name).encode("utf-8", "surrogatepass")) % 100_003 + len(CAST) + 1


def face(level: str, size: int, dim: bool = False, who: int = 0) -> pygame.Surface:
    """A round portrait ``size`` pixels across; ``who`` varies hair, skin and
    backdrop so that two players of one level still look different."""
    size = max(12, int(size))
    key = (level, size, dim, who)
    surf = _cache.get(key)
    if surf is None:
        surf = _draw(level, size, who)
        if dim:
            shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            mask = surf.copy()
            surf = surf.copy()
            surf.blit(shade, (0, 0))
            surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        if len(_cache) > 200:
            _cache.clear()
        _cache[key] = surf
    return surf


def _draw(level: str, size: int, who: int = 0) -> pygame.Surface:
    skin, hair, back, eyes, mouth, extra = _character(level)
    look = traits(who)
    if who:
        back = BACKDROPS[who % len(BACKDROPS)]
        hair = HAIRS[(who * 2 + 1) % len(HAIRS)] if level != "greedy-max" else hair
        skin = SKINS[(who + 1) % len(SKINS)]
    ss = 3  # draw big, then smooth-scale down for soft edges
    S = size * ss
    s = pygame.Surface((S, S), pygame.SRCALPHA)
    c = S / 2
    pygame.draw.circle(s, back, (c, c), S / 2)
    pygame.draw.circle(s, theme.lighten(back, 0.18), (c, c), S / 2, width=max(2, S // 28))
    # shoulders
    body = pygame.Rect(0, 0, S * 0.78, S * 0.5)
    body.midtop = (c, S * 0.78)
    pygame.draw.ellipse(s, theme.darken(back, 0.35), body)
    # head
    hr = S * 0.27
    hy = S * 0.47
    k = look["shape"]
    _hair_back(s, look["hair"], hair, c, hy, hr, k)
    head = pygame.Rect(0, 0, hr * 2 * k, hr * 2)
    head.center = (c, hy + hr * 0.05)
    pygame.draw.ellipse(s, skin, head)
    _hair_front(s, look["hair"], hair, c, hy, hr, k)
    ink = (40, 34, 40)
    ex = hr * 0.38
    ey = hy + hr * 0.02
    er = max(2, hr * 0.11)
    if eyes == "happy":
        for dx in (-ex, ex):
            r = pygame.Rect(0, 0, er * 2.6, er * 2.2)
            r.center = (c + dx, ey + er * 0.4)
            pygame.draw.arc(s, ink, r, 0, math.pi, max(2, int(er * 0.6)))
    elif eyes == "stern":
        for sign in (-1, 1):
            pygame.draw.circle(s, ink, (c + sign * ex, ey + er * 0.3), er)
            pygame.draw.line(s, ink, (c + sign * ex * 1.6, ey - er * 2.0), (c + sign * ex * 0.4, ey - er * 1.0), max(2, int(er * 0.8)))
    elif eyes == "coins":
        for dx in (-ex, ex):
            pygame.draw.circle(s, theme.GOLD, (c + dx, ey), er * 1.5)
            pygame.draw.circle(s, theme.GOLD_DARK, (c + dx, ey), er * 1.5, width=max(1, int(er * 0.4)))
    else:
        for dx in (-ex, ex):
            pygame.draw.circle(s, ink, (c + dx, ey), er)
    _brows_nose_beard(s, look, hair, skin, ink, c, hy, hr, k, ex, ey, er, S)
    my = hy + hr * 0.48
    mw = hr * 0.9
    if mouth == "grin":
        r = pygame.Rect(0, 0, mw, hr * 0.55)
        r.center = (c, my - hr * 0.05)
        pygame.draw.ellipse(s, (150, 40, 50), r.inflate(0, 0).move(0, 0))
        cover = pygame.Rect(r.x - 2, r.y - 2, r.w + 4, r.h * 0.5 + 2)
        pygame.draw.rect(s, skin, cover)
        pygame.draw.line(s, ink, (r.left, r.centery), (r.right, r.centery), max(2, S // 60))
    elif mouth == "smile":
        r = pygame.Rect(0, 0, mw, hr * 0.5)
        r.center = (c, my - hr * 0.12)
        pygame.draw.arc(s, ink, r, math.pi * 1.1, math.pi * 1.9, max(2, S // 50))
    else:
        pygame.draw.line(s, ink, (c - mw * 0.35, my), (c + mw * 0.35, my), max(2, S // 50))
    if extra == "cheeks":
        for dx in (-hr * 0.62, hr * 0.62):
            pygame.draw.circle(s, (255, 150, 150), (c + dx, my - hr * 0.12), hr * 0.14)
    elif extra == "glasses":
        for dx in (-ex, ex):
            pygame.draw.circle(s, (40, 40, 50), (c + dx, ey), er * 2.3, width=max(2, S // 70))
        pygame.draw.line(s, (40, 40, 50), (c - ex + er * 2.3, ey), (c + ex - er * 2.3, ey), max(2, S // 70))
    elif extra == "shades":
        for dx in (-ex, ex):
            r = pygame.Rect(0, 0, er * 4.2, er * 2.6)
            r.center = (c + dx, ey)
            pygame.draw.rect(s, (20, 20, 26), r, border_radius=int(er))
        pygame.draw.line(s, (20, 20, 26), (c - ex, ey), (c + ex, ey), max(2, S // 60))
    elif extra == "crown":
        base_y = hy - hr * 1.05
        w = hr * 1.3
        pts = [(c - w / 2, base_y), (c - w / 2, base_y - hr * 0.55), (c - w / 4, base_y - hr * 0.25), (c, base_y - hr * 0.7),
               (c + w / 4, base_y - hr * 0.25), (c + w / 2, base_y - hr * 0.55), (c + w / 2, base_y)]
        pygame.draw.polygon(s, theme.GOLD, pts)
        pygame.draw.polygon(s, theme.GOLD_DARK, pts, width=max(2, S // 70))
    # clip to the circle
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), S / 2)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(s, (size, size))


def _hair_back(s, style: str, hair, c, hy, hr, k) -> None:
    """Hair behind the head."""
    if style == "long":
        back = pygame.Rect(0, 0, hr * 2.3 * k, hr * 2.6)
        back.midtop = (c, hy - hr * 1.15)
        pygame.draw.ellipse(s, hair, back)
    elif style == "bun":
        pygame.draw.circle(s, hair, (c, hy - hr * 1.25), hr * 0.45)
        pygame.draw.circle(s, hair, (c, hy - hr * 0.12), hr * 1.05 * k)
    elif style == "curly":
        for i in range(9):
            a = math.pi * (0.95 + i * 1.1 / 8)
            pygame.draw.circle(s, hair, (c + math.cos(a) * hr * 1.0 * k, hy - hr * 0.1 + math.sin(a) * hr * 1.0), hr * 0.36)
    elif style != "bald":
        pygame.draw.circle(s, hair, (c, hy - hr * 0.12), hr * 1.08 * k)


def _hair_front(s, style: str, hair, c, hy, hr, k) -> None:
    """Hair over the forehead."""
    if style == "bald":
        for sign in (-1, 1):  # a little at the sides
            side = pygame.Rect(0, 0, hr * 0.35, hr * 0.7)
            side.center = (c + sign * hr * 0.95 * k, hy - hr * 0.1)
            pygame.draw.ellipse(s, hair, side)
        return
    if style == "spiky":
        base = hy - hr * 0.55
        pts = [(c - hr * k, base)]
        for i in range(7):
            x = c - hr * k + (i + 0.5) * (2 * hr * k / 7)
            pts += [(x, base - hr * (0.75 if i % 2 else 0.6)), (x + hr * k / 7, base - hr * 0.2)]
        pts.append((c + hr * k, base))
        pygame.draw.polygon(s, hair, pts)
        cap = pygame.Rect(0, 0, hr * 2.05 * k, hr * 0.9)
        cap.midtop = (c, hy - hr * 1.0)
        pygame.draw.ellipse(s, hair, cap)
        return
    fringe = pygame.Rect(0, 0, hr * 2.05 * k, hr * 1.1)
    fringe.midtop = (c, hy - hr * 1.2)
    pygame.draw.ellipse(s, hair, fringe)
    if style == "long":  # a parting
        pygame.draw.line(s, theme.darken(hair, 0.3), (c, hy - hr * 1.15), (c + hr * 0.15, hy - hr * 0.6), max(2, int(hr * 0.06)))


def _brows_nose_beard(s, look, hair, skin, ink, c, hy, hr, k, ex, ey, er, S) -> None:
    bw = max(2, int(er * 0.7))
    if look["brows"] == "straight":
        for sign in (-1, 1):
            pygame.draw.line(s, theme.darken(hair, 0.2), (c + sign * ex - er * 1.4, ey - er * 2.2),
                             (c + sign * ex + er * 1.4, ey - er * 2.2), bw)
    elif look["brows"] == "arched":
        for sign in (-1, 1):
            r = pygame.Rect(0, 0, er * 3.2, er * 2.0)
            r.center = (c + sign * ex, ey - er * 1.7)
            pygame.draw.arc(s, theme.darken(hair, 0.2), r, math.pi * 0.15, math.pi * 0.85, bw)
    ny = hy + hr * 0.25
    if look["nose"] == "dot":
        pygame.draw.circle(s, theme.darken(skin, 0.18), (c, ny), max(2, hr * 0.09))
    elif look["nose"] == "line":
        pygame.draw.line(s, theme.darken(skin, 0.3), (c, ny - hr * 0.2), (c - hr * 0.06, ny + hr * 0.04), max(2, S // 80))
    if look["facial"] == "beard":
        beard = pygame.Rect(0, 0, hr * 1.7 * k, hr * 1.2)
        beard.midtop = (c, hy + hr * 0.3)
        pygame.draw.ellipse(s, hair, beard)
        mouth_gap = pygame.Rect(0, 0, hr * 0.9, hr * 0.35)
        mouth_gap.center = (c, hy + hr * 0.5)
        pygame.draw.ellipse(s, skin, mouth_gap)
    elif look["facial"] == "moustache":
        m = pygame.Rect(0, 0, hr * 0.8, hr * 0.22)
        m.center = (c, hy + hr * 0.36)
        pygame.draw.ellipse(s, hair, m)


def player_face(kind: str, name: str, size: int) -> pygame.Surface:
    """The portrait of a player: the person at the screen has their own; a computer player's
    comes from its name, so it is the same at the table, in the set-up, in the turn log and on
    the tournament bracket."""
    if kind == HUMAN:
        return face("human", size, who=0)
    return face(kind, size, who=identity(name))
