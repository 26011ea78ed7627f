"""Pre-rendered tile pictures: one surface per face, size and colour-blind mode.

A tile is an ivory block with rounded corners, a darker edge showing its
thickness, a soft shadow and a big coloured number.  In colour-blind mode each
colour also carries its own symbol (black: triangle, red: circle, blue: square,
orange: diamond), so no two colours rely on hue alone.
"""

from __future__ import annotations

import math

import pygame

from ..rules.tiles import ALL_TILE_IDS, JOKER_IDS, colour_index, copies, face_key, is_joker, number_of
from . import theme

SYMBOL_NAMES = {"K": "triangle", "R": "circle", "B": "square", "O": "diamond"}
ASPECT = 1.32  # height / width


def tile_height(w: int) -> int:
    return int(round(w * ASPECT))


def shadow_margin(w: int) -> int:
    return max(2, int(round(w * 0.08)))


def draw_symbol(surf: pygame.Surface, colour_key: str, center, size: float, colour) -> None:
    cx, cy = center
    s = size
    if colour_key == "K":
        pts = [(cx, cy - s), (cx + s * 0.95, cy + s * 0.7), (cx - s * 0.95, cy + s * 0.7)]
        pygame.draw.polygon(surf, colour, pts)
    elif colour_key == "R":
        pygame.draw.circle(surf, colour, (round(cx), round(cy)), round(s * 0.85))
    elif colour_key == "B":
        r = pygame.Rect(0, 0, round(s * 1.5), round(s * 1.5))
        r.center = (round(cx), round(cy))
        pygame.draw.rect(surf, colour, r)
    else:
        pts = [(cx, cy - s), (cx + s, cy), (cx, cy + s), (cx - s, cy)]
        pygame.draw.polygon(surf, colour, pts)


def _body(w: int, h: int, face_top, face_bottom, edge) -> pygame.Surface:
    m = shadow_margin(w)
    radius = max(3, int(w * 0.16))
    thick = max(2, int(round(h * 0.05)))
    surf = pygame.Surface((w + m, h + m), pygame.SRCALPHA)
    # shadow
    sh = pygame.Surface((w + m, h + m), pygame.SRCALPHA)
    pygame.draw.rect(sh, (0, 0, 0, 110), (m // 2 + 1, m, w - 1, h - 1), border_radius=radius)
    if w >= 16:
        sh = pygame.transform.gaussian_blur(sh, max(1, m // 2))
    surf.blit(sh, (0, 0))
    # thickness (the tile's side)
    pygame.draw.rect(surf, edge, (0, thick, w, h - thick), border_radius=radius)
    # face with a gentle vertical gradient
    face = pygame.Surface((w, h - thick), pygame.SRCALPHA)
    grad = theme.vertical_gradient((w, h - thick), face_top, face_bottom)
    mask = pygame.Surface((w, h - thick), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    face.blit(grad, (0, 0))
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(face, (0, 0))
    # a thin highlight line along the top
    theme.blend_rect(surf, (255, 255, 255, 150), (radius // 2, 1, w - radius, max(1, thick // 2)), border_radius=radius)
    pygame.draw.rect(surf, (*theme.darken(edge, 0.15), 255), (0, 0, w, h), width=1, border_radius=radius)
    return surf


def render_face(face: int, w: int, colourblind: bool) -> pygame.Surface:
    """The picture of face 0..51 (or 52, a joker) at width ``w``."""
    h = tile_height(w)
    surf = _body(w, h, theme.TILE_FACE, theme.TILE_FACE_LOW, theme.TILE_EDGE)
    thick = max(2, int(round(h * 0.05)))
    fh = h - thick
    tile_id = copies(face)[0]
    if is_joker(tile_id):
        _draw_joker(surf, w, fh)
        if colourblind:
            label = theme.text("J", fh * 0.2, (90, 90, 100))
            surf.blit(label, (w - label.get_width() - max(2, w // 10), fh - label.get_height() - 1))
        return surf
    key = theme.COLOUR_ORDER[colour_index(tile_id)]
    number = number_of(tile_id)
    colour = theme.TILE_COLOURS[key]
    num = theme.text(str(number), fh * (0.56 if number < 10 else 0.5), colour)
    if num.get_width() > w * 0.9:
        num = pygame.transform.smoothscale(num, (int(w * 0.9), num.get_height()))
    theme.blit_center(surf, num, (w / 2, fh * 0.42))
    if colourblind:
        draw_symbol(surf, key, (w / 2, fh * 0.8), max(2.5, w * 0.13), colour)
    else:
        r = max(2, int(w * 0.09))
        pygame.draw.circle(surf, theme.mix(colour, theme.TILE_FACE, 0.35), (w // 2, int(fh * 0.8)), r, width=max(1, r // 2))
    return surf


def _draw_joker(surf: pygame.Surface, w: int, fh: int) -> None:
    cx, cy = w / 2, fh * 0.46
    r = w * 0.34
    ring_cols = [theme.TILE_COLOURS[k] for k in "RBOK"]
    # a face with a four-colour rim
    for i, col in enumerate(ring_cols):
        a0 = i * math.pi / 2
        pts = theme.ring_points(cx, cy, r, r * 0.78, a0, a0 + math.pi / 2, steps=12)
        pygame.draw.polygon(surf, col, pts)
    pygame.draw.circle(surf, (255, 236, 170), (round(cx), round(cy)), round(r * 0.78))
    eye = max(1, round(w * 0.05))
    pygame.draw.circle(surf, theme.TILE_COLOURS["K"], (round(cx - r * 0.3), round(cy - r * 0.15)), eye)
    pygame.draw.circle(surf, theme.TILE_COLOURS["K"], (round(cx + r * 0.3), round(cy - r * 0.15)), eye)
    mouth = pygame.Rect(0, 0, round(r * 0.9), round(r * 0.7))
    mouth.center = (round(cx), round(cy + r * 0.05))
    pygame.draw.arc(surf, theme.TILE_COLOURS["R"], mouth, math.pi * 1.1, math.pi * 1.9, max(1, round(w * 0.04)))
    label = theme.text("JOKER", max(7, w * 0.2), theme.TILE_COLOURS["R"])
    if label.get_width() > w * 0.9:
        label = pygame.transform.smoothscale(label, (int(w * 0.9), label.get_height()))
    theme.blit_center(surf, label, (w / 2, fh * 0.86))


def render_glyph(glyph: str, colour, w: int) -> pygame.Surface:
    """A tile showing any short text (the logo's letters)."""
    h = tile_height(w)
    surf = _body(w, h, theme.TILE_FACE, theme.TILE_FACE_LOW, theme.TILE_EDGE)
    fh = h - max(2, int(round(h * 0.05)))
    g = theme.text(glyph, fh * 0.56, colour)
    theme.blit_center(surf, g, (w / 2, fh * 0.45))
    r = max(2, int(w * 0.08))
    pygame.draw.circle(surf, theme.mix(colour, theme.TILE_FACE, 0.35), (w // 2, int(fh * 0.82)), r, width=max(1, r // 2))
    return surf


def render_back(w: int) -> pygame.Surface:
    h = tile_height(w)
    surf = _body(w, h, theme.TILE_BACK, theme.TILE_BACK_DARK, theme.darken(theme.TILE_BACK_DARK, 0.3))
    thick = max(2, int(round(h * 0.05)))
    inner = pygame.Rect(0, 0, int(w * 0.7), int((h - thick) * 0.74))
    inner.center = (w // 2, (h - thick) // 2)
    frame = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(frame, (255, 210, 120, 140), inner, width=max(1, w // 22), border_radius=max(2, w // 8))
    surf.blit(frame, (0, 0))
    mark = theme.text("TR", max(7, w * 0.34), (255, 226, 160))
    theme.blit_center(surf, mark, inner.center)
    return surf


class TileArt:
    """Cache of tile surfaces keyed by (face, width, colour-blind)."""

    def __init__(self) -> None:
        self.colourblind = False
        self._faces: dict[tuple[int, int, bool], pygame.Surface] = {}
        self._backs: dict[int, pygame.Surface] = {}
        self._glows: dict[tuple, pygame.Surface] = {}
        self._scaled: dict[tuple, pygame.Surface] = {}

    def set_colourblind(self, on: bool) -> None:
        if on != self.colourblind:
            self.colourblind = on

    def face(self, tile_id: int, w: int) -> pygame.Surface:
        f = face_key(tile_id)
        w = max(8, int(w))
        key = (f, w, self.colourblind)
        surf = self._faces.get(key)
        if surf is None:
            if len(self._faces) > 1200:
                self._faces.clear()
            surf = render_face(f, w, self.colourblind)
            self._faces[key] = surf
        return surf

    def scaled(self, tile_id: int, w: int, dw: int) -> pygame.Surface:
        """The face drawn at width ``w`` and smooth-scaled to ``dw`` (for pops and
        size changes in flight: cheap, and cached, so animation never re-renders faces)."""
        if dw == w:
            return self.face(tile_id, w)
        f = face_key(tile_id)
        key = (f, int(w), int(dw), self.colourblind)
        surf = self._scaled.get(key)
        if surf is None:
            base = self.face(tile_id, w)
            k = dw / max(1, w)
            surf = pygame.transform.smoothscale(base, (max(2, int(base.get_width() * k)), max(2, int(base.get_height() * k))))
            if len(self._scaled) > 3000:
                self._scaled.clear()
            self._scaled[key] = surf
        return surf

    def back(self, w: int) -> pygame.Surface:
        w = max(8, int(w))
        surf = self._backs.get(w)
        if surf is None:
            if len(self._backs) > 60:
                self._backs.clear()
            surf = render_back(w)
            self._backs[w] = surf
        return surf

    def glow(self, w: int, colour, width: int = 3) -> pygame.Surface:
        """A soft outline to put around a tile (selection, hint, new)."""
        key = (int(w), colour, width)
        surf = self._glows.get(key)
        if surf is None:
            h = tile_height(int(w))
            pad = width * 3
            surf = pygame.Surface((int(w) + pad * 2, h + pad * 2), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*colour, 150), (pad - width, pad - width, int(w) + width * 2, h + width * 2),
                             width=width * 2, border_radius=max(3, int(w * 0.2)))
            surf = pygame.transform.gaussian_blur(surf, max(1, width))
            pygame.draw.rect(surf, (*colour, 255), (pad - width // 2 - 1, pad - width // 2 - 1, int(w) + width + 2, h + width + 2),
                             width=max(2, width), border_radius=max(3, int(w * 0.18)))
            self._glows[key] = surf
        return surf

    def warm(self, w: int) -> None:
        """Render every face at width ``w`` now (so the first frames do not stutter)."""
        for t in ALL_TILE_IDS[::2]:  # one copy of each face, the joker last
            self.face(t, w)
        self.face(JOKER_IDS[0], w)
        self.back(w)
