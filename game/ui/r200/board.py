"""Drawing claims on the board: the plates under claimed sets, the tokens on their tiles, the
claim flashes, and claim mode's lit sets, chips and caption.  A part with no state of its own:
it reads the claims' data, claim mode and the clock through their methods."""

from __future__ import annotations

import math

import pygame

from ...rules import claims as cl
from .. import theme
from ..anim import out_back
from ..tileart import ASPECT
from . import words
from .art import (KIND_COLOURS, TOKEN_POP, TOKEN_STEP, draw_token_icon, lock_image, plate_image, token_colour,
                  token_image, veil_image)
from .data import ClaimsData
from .events import ClaimsClock
from .modes import ClaimMode
from .places import ClaimsPlaces


class ClaimsBoardLayer:
    """The board's drawing hooks (``draw_under_tiles``, ``draw_over_tiles``)."""

    def __init__(self, scene, data: ClaimsData, places: ClaimsPlaces, mode: ClaimMode, clock: ClaimsClock) -> None:
        self.scene = scene
        self.data = data
        self.places = places
        self.mode = mode
        self.clock = clock

    # -- drawing: the board --------------------------------------------------------------------------
    def draw_under_tiles(self, surf, lay) -> None:
        """A plate in the holder's colour under every claimed set."""
        sets = self.data.view()["sets"]
        if not sets:
            return
        clip = lay.extra.get("table_clip")
        prev = surf.get_clip()
        if clip is not None:
            surf.set_clip(clip.clip(prev))
        s = lay.s
        for st in sets:
            rect = self.places.set_rect(st["cells"], st["tiles"], lay, pad=0.14)
            if rect is None:
                continue
            colour = token_colour(st["owner"])
            anim = self.clock.landing(st["key"])
            if anim is not None and self.scene.time < anim.start:
                prev_layers = st["layers"][:-1]
                if not prev_layers:
                    continue
                colour = token_colour(prev_layers[-1]["seat"])
            surf.blit(plate_image(rect.size, colour, max(2, int(3 * s))), rect.topleft)
        surf.set_clip(prev)

    def draw_over_tiles(self, surf, lay) -> None:
        clip = lay.extra.get("table_clip")
        prev = surf.get_clip()
        if clip is not None:
            surf.set_clip(clip.clip(prev))
        try:
            self.draw_tokens(surf, lay)
            if self.mode.active:
                self.draw_claim_mode(surf, lay)
            self.draw_claim_flashes(surf, lay)
            if self.mode.refused is not None:
                self.outline(surf, lay, self.mode.refused.cells, None, theme.BAD, 3)
        finally:
            surf.set_clip(prev)

    def draw_tokens(self, surf, lay) -> None:
        sc = self.scene
        view = self.data.view()
        sets = view["sets"]
        if not sets:
            return
        # which sets hold each cell (a crossing tile carries two tokens)
        per_cell: dict[tuple, list[tuple[int, dict]]] = {}
        for st in sets:
            for i, c in enumerate(st["cells"]):
                per_cell.setdefault(tuple(c), []).append((i, st))
        for cell, entries in per_cell.items():
            entries.sort(key=lambda e: e[1]["vertical"])  # the row's token left, the column's right
            for k, (i, st) in enumerate(entries):
                box = self.places.tile_box(cell, st["tiles"][i], lay)
                if box is None:
                    continue
                x, y, w = box
                two = len(entries) > 1
                d = int(w * (0.4 if two else 0.5))
                fh = w * ASPECT * 0.95
                cx = x + w / 2 + (((k * 2) - 1) * w * 0.2 if two else 0)
                cy = y + fh * 0.8
                self.draw_stack(surf, st, i, (cx, cy), d)
            # the lock token on the first tile
            for i, st in entries:
                if st["locked"] and i == 0:
                    box = self.places.tile_box(cell, st["tiles"][0], lay)
                    if box is None:
                        continue
                    x, y, w = box
                    anim = self.clock.landing(st["key"])
                    if anim is not None and sc.time < anim.land:
                        continue
                    size = max(12, int(w * 0.6))
                    img = lock_image(size)
                    surf.blit(img, (int(x - size * 0.34), int(y - size * 0.34)))

    def draw_stack(self, surf, st: dict, i: int, center, d: int) -> None:
        """The tokens on one tile of a claimed set: covered ones peek out beneath the top one;
        a token being placed drops in (grows from large and clear to its size)."""
        sc = self.scene
        layers = st["layers"]
        anim = self.clock.landing(st["key"])
        landing = None  # progress 0..1 of the top token still landing
        if anim is not None and sc.speed() > 0:
            t = (sc.time - anim.start - sc.dur(TOKEN_STEP * i)) / max(1e-6, sc.dur(TOKEN_POP))
            if t < 1.0:
                landing = max(0.0, t)
        n = len(layers)
        visible = n - 1 if landing is not None and landing <= 0 else n
        cx, cy = center
        off = max(2, int(d * 0.16))
        for j in range(visible):
            layer = layers[j]
            depth = visible - 1 - j  # 0: the top token
            pos = (cx - depth * off, cy + depth * off * 0.6)
            colour = token_colour(layer["seat"])
            if j == n - 1 and landing is not None:
                k = out_back(min(1.0, landing))
                img = token_image(colour, max(5, int(d * (1.0 + 0.7 * (1.0 - k)))), layer["side"]).copy()
                img.set_alpha(int(255 * min(1.0, 0.25 + landing)))
                surf.blit(img, (int(pos[0] - img.get_width() / 2), int(pos[1] - img.get_height() / 2)))
            else:
                draw_token_icon(surf, colour, pos, d, layer["side"])

    def outline(self, surf, lay, cells, tiles, colour, width: float, pad: float = 0.2) -> pygame.Rect | None:
        board = self.data.session.state.board
        tiles = tiles if tiles is not None else [board.get(tuple(c)) for c in cells]
        rect = self.places.set_rect(cells, tiles, lay, pad=pad)
        if rect is None:
            return None
        w = max(2, int(width * lay.s))
        pygame.draw.rect(surf, colour, rect, width=w, border_radius=max(5, int(min(rect.w, rect.h) * 0.2)))
        return rect

    def draw_claim_flashes(self, surf, lay) -> None:
        """A ring in the claimant's colour around a set just claimed."""
        sc = self.scene
        for a in self.clock.landings.values():
            if sc.time < a.start:
                continue
            k = 1.0 - max(0.0, min(1.0, (sc.time - a.land) / max(1e-6, a.until - a.land)))
            pulse = 0.5 + 0.5 * math.sin(sc.time * 9)
            colour = theme.mix(theme.FELT_DARK, theme.mix(token_colour(a.seat), (255, 255, 255), 0.3 * pulse), k)
            self.outline(surf, lay, a.cells, None, colour, 4, pad=0.28)

    def draw_claim_mode(self, surf, lay) -> None:
        """Claim mode: the board dimmed, the sets the player may claim lit and outlined in the
        colour of what claiming them would be, each with a chip (kind and points) in the empty
        cell after it; the focused one pulses and is spelt out in a caption."""
        sc = self.scene
        opts = self.data.options()
        clip = lay.extra.get("table_clip") or lay.table
        surf.blit(veil_image(clip.size), clip.topleft)
        board = self.data.session.state.board
        tiles = sc.app.tiles
        focus = self.mode.focused()
        lit = []
        for o in opts:
            for c in o["cells"]:
                t = board.get(tuple(c))
                box = self.places.tile_box(c, t, lay)
                if box is not None and t is not None:
                    lit.append((tiles.face(t, box[2]), (int(box[0]), int(box[1]))))
        surf.fblits(lit)
        self.draw_tokens(surf, lay)  # tokens back on top of the lit tiles
        pulse = 0.5 + 0.5 * math.sin(sc.time * 6)
        for o in opts:
            if o is focus:
                continue
            self.outline(surf, lay, o["cells"], None, KIND_COLOURS.get(o["kind"], theme.GOOD), 3, pad=0.2)
            self.end_chip(surf, lay, o, False)
        # the hovered set that cannot be claimed
        hover = self.mode.hover_key
        if hover is not None and all(o["key"] != hover for o in opts):
            line = next((ln for ln in self.data.board_sets() if self.data.key_of(ln) == hover), None)
            if line is not None:
                self.outline(surf, lay, line.cells, line.tiles, theme.BAD, 3, pad=0.2)
        if focus is not None:
            colour = KIND_COLOURS.get(focus["kind"], theme.GOOD)
            self.outline(surf, lay, focus["cells"], None, theme.mix(theme.GOLD, (255, 255, 255), pulse), 7, pad=0.3)
            self.outline(surf, lay, focus["cells"], None, colour, 3, pad=0.18)
            self.end_chip(surf, lay, focus, True)
            self.caption(surf, lay, self.option_text(focus))

    def option_text(self, o: dict) -> str:
        """"Hijack R13 B13 O13 K13 from Mia: +52, you would hold 76 of 200"."""
        st = self.data.session.state
        tiles = [st.board.get(tuple(c)) for c in o["cells"]]
        return words.option_text(o, tiles, st.players[self.data.session.viewer].score, self.data.target(), self.scene.name_of)

    def chip_icon(self, surf, kind: str, center, d: int) -> None:
        colour = token_colour(self.data.session.viewer)
        if kind == "lock":
            img = lock_image(d)
            surf.blit(img, (int(center[0] - d / 2), int(center[1] - d / 2)))
        else:
            draw_token_icon(surf, colour, center, d, cl.SIDE_TWO if kind == "hijack" else "blank")

    def end_chip(self, surf, lay, o: dict, focused: bool) -> None:
        """A tile-sized chip in the empty cell after a claimable set: what claiming it is, and its points."""
        s = lay.s
        g = lay.grid
        r, c = o["cells"][-1]
        end = (r + 1, c) if o["vertical"] else (r, c + 1)
        box = g.cell_rect(end)
        colour = KIND_COLOURS.get(o["kind"], theme.GOOD)
        if focused:
            box = box.inflate(int(box.w * 0.16), int(box.w * 0.16))
        body = theme.panel(box.size, radius=max(4, box.w // 5), fill=colour if focused else (8, 14, 24), alpha=240, shadow=0,
                           edge=(255, 255, 255) if focused else colour)
        surf.blit(body, box.topleft)
        d = max(8, int(box.w * 0.5))
        self.chip_icon(surf, o["kind"], (box.centerx, box.y + box.h * 0.33), d)
        px = max(10, min(box.w * 0.52, 20 * s))
        t = chip_label(o["points"], px, box.w - 2, (20, 24, 30) if focused else colour)
        theme.blit_center(surf, t, (box.centerx, int(box.y + box.h * 0.74)))

    def caption(self, surf, lay, text: str) -> None:
        """A line at the top of the felt about the focused set."""
        s = lay.s
        clip = lay.extra.get("table_clip") or lay.table
        board = self.places.board_view()
        right = min(board.buttons(lay).values(), key=lambda r: r.x).x - int(10 * s) if board is not None else clip.right
        x0 = clip.x + int(10 * s)
        img = theme.fit_block(text, 19 * s, right - x0 - int(24 * s), (20, 24, 30))
        box = pygame.Rect(x0, clip.y + int(6 * s), img.get_width() + int(24 * s), max(img.get_height() + int(10 * s), int(30 * s)))
        surf.blit(theme.panel(box.size, radius=box.h // 2, fill=theme.CREAM, alpha=245, shadow=0, edge=theme.GOLD), box.topleft)
        surf.blit(img, (box.x + int(12 * s), box.centery - img.get_height() // 2))


def chip_label(points: int, px: float, max_w: int, colour) -> pygame.Surface:
    """A claim chip's points ("+26") in ``max_w`` pixels: a smaller size rather than squeezed
    letters, and without the "+" when even the smallest size is too wide."""
    for label in (f"+{points}", str(points)):
        size = int(round(px))
        while True:
            t = theme.text(label, size, colour)
            if t.get_width() <= max_w or size <= 8:
                break
            size -= 1
        if t.get_width() <= max_w:
            return t
    return t
