"""Rummi200kub's pictures: the seats' token colours, the claim and lock tokens, the plates under
claimed sets, the shade of claim mode."""

from __future__ import annotations

import pygame

from ...rules import claims as cl
from ...rules.tiles import set_words
from .. import theme


# one colour per seat, unlike the tiles' black, red, blue and orange and the gold of highlights
TOKEN_COLOURS = [(62, 196, 255), (128, 222, 72), (255, 96, 196), (178, 128, 255)]
KIND_COLOURS = {"claim": (120, 230, 130), "hijack": (255, 170, 60), "lock": (200, 208, 224)}
KIND_WORDS = {"claim": "Claim", "hijack": "Hijack", "lock": "Lock"}
TOKEN_STEP = 0.09  # seconds between two tokens landing
TOKEN_POP = 0.28


def token_colour(seat: int):
    return TOKEN_COLOURS[seat % len(TOKEN_COLOURS)]


def set_name(tiles) -> str:
    """A set in a player's words: "red 4-7", "black, red and blue 9"."""
    return set_words(int(t) for t in tiles)


_tokens: dict[tuple, pygame.Surface] = {}


def token_image(colour, d: int, side: str = "blank") -> pygame.Surface:
    """A round claim token ``d`` pixels across (the "2" side shows a 2)."""
    d = max(5, int(d))
    key = (colour, d, side)
    img = _tokens.get(key)
    if img is None:
        ss = 3
        D = d * ss
        big = pygame.Surface((D, D), pygame.SRCALPHA)
        c = D / 2
        pygame.draw.circle(big, (12, 16, 24), (c, c), D / 2)
        pygame.draw.circle(big, theme.darken(colour, 0.25), (c, c), D / 2 - max(ss, D * 0.06))
        pygame.draw.circle(big, colour, (c, c - D * 0.03), D / 2 - max(ss * 1.6, D * 0.12))
        pygame.draw.circle(big, theme.lighten(colour, 0.35), (c - D * 0.14, c - D * 0.18), D * 0.14)
        img = pygame.transform.smoothscale(big, (d, d))
        if side == cl.SIDE_TWO:
            two = theme.text("2", d * 0.95, (20, 20, 30))
            theme.blit_center(img, two, (d / 2, d / 2 + d * 0.03))
        if len(_tokens) > 400:
            _tokens.clear()
        _tokens[key] = img
    return img


def lock_image(size: int) -> pygame.Surface:
    """The square black lock token with a padlock on it."""
    size = max(8, int(size))
    key = ("lock", size)
    img = _tokens.get(key)
    if img is None:
        ss = 3
        S = size * ss
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.rect(big, (245, 245, 250), big.get_rect(), border_radius=int(S * 0.2))
        pygame.draw.rect(big, (18, 18, 24), big.get_rect().inflate(-ss * 3, -ss * 3), border_radius=int(S * 0.18))
        body = pygame.Rect(0, 0, int(S * 0.5), int(S * 0.36))
        body.midbottom = (S // 2, int(S * 0.8))
        shackle = pygame.Rect(0, 0, int(S * 0.34), int(S * 0.4))
        shackle.midbottom = (S // 2, body.y + int(S * 0.12))
        pygame.draw.ellipse(big, theme.GOLD, shackle, width=max(2, int(S * 0.08)))
        pygame.draw.rect(big, theme.GOLD, body, border_radius=int(S * 0.05))
        pygame.draw.circle(big, (18, 18, 24), (body.centerx, body.centery - S * 0.02), max(2, S * 0.05))
        img = pygame.transform.smoothscale(big, (size, size))
        _tokens[key] = img
    return img


def plate_image(size, colour, width: int) -> pygame.Surface:
    """The translucent plate in a holder's colour under a claimed set."""
    key = ("plate", tuple(size), colour, width)
    img = _tokens.get(key)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        rad = max(4, int(min(size) * 0.18))
        pygame.draw.rect(img, (*colour, 105), img.get_rect(), border_radius=rad)
        pygame.draw.rect(img, (*colour, 255), img.get_rect(), width=width, border_radius=rad)
        if len(_tokens) > 400:
            _tokens.clear()
        _tokens[key] = img
    return img


def veil_image(size) -> pygame.Surface:
    """The shade over the board in claim mode."""
    key = ("veil", tuple(size))
    img = _tokens.get(key)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((4, 10, 18, 130))
        _tokens[key] = img
    return img


def draw_token_icon(surf, colour, center, d: int, side: str = "blank") -> None:
    img = token_image(colour, d, side)
    surf.blit(img, (int(center[0] - img.get_width() / 2), int(center[1] - img.get_height() / 2)))
