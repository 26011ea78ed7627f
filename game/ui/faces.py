"""Procedural faces for the players: one character per computer level.

Drawn with a few circles, arcs and polygons at any size and cached; no
pictures are loaded.  An unknown level still gets a stable face of its own.
"""

from __future__ import annotations

import math
import zlib

import pygame

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
    pygame.draw.circle(s, hair, (c, hy - hr * 0.12), hr * 1.08)
    pygame.draw.circle(s, skin, (c, hy + hr * 0.05), hr)
    fringe = pygame.Rect(0, 0, hr * 2.05, hr * 1.1)
    fringe.midtop = (c, hy - hr * 1.2)
    pygame.draw.ellipse(s, hair, fringe)
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


def player_face(kind: str, seat: int, size: int) -> pygame.Surface:
    """The portrait of the player in ``seat`` (the same on every screen)."""
    return face("human" if kind == "human" else kind, size, who=0 if kind == "human" else seat + 1)
