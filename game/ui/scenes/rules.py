"""The rules of each rule set, with every reading we chose, and the controls."""

from __future__ import annotations

import pygame

from ...rules.tiles import COLORS, JOKER_IDS, copies, face_of, parse_tiles
from ...rules.variants import REGISTRY
from .. import keymap, theme, tileart
from ..widgets import Button, Chooser
from .common import MenuScene

CONTROLS = [
    ("Mouse", "Drag a tile (or a selected group) between your rack and the table and drop it on a cell. Or click tiles to "
              "select them, then click a cell to put them there. Tiles put on a set or at its end join it in their place "
              "(a run by number, a group by colour); on empty space they start a new set, sorted. Sets never touch: "
              "the others move aside, to the next row when a row is full. Drag the bar over a set to move the whole set. "
              "Right-click clears the selection."),
    ("Keyboard", "Arrows move the cursor over the table and the rack (Tab jumps between them). Enter selects the tile under "
                 "the cursor, or puts the selected tiles on the empty cell under it; with rack tiles selected, Enter on a "
                 "table tile puts them into that tile's set in their places, as a drop does (Shift+Enter, whatever is "
                 "selected). M over a set picks the whole set up: the arrows "
                 "move it and Enter puts it down. Space draws a "
                 "tile or ends your turn. Z undoes, R resets the turn, H asks for a hint (the smallest play first; More, or M, shows a bigger one; Settings has hints off, one a "
                 "turn or unlimited), S and G sort the rack by runs or "
                 "groups, X clears the selection, Esc pauses. F11 switches full screen."),
    ("On screen", "Invalid sets are outlined in red: point at one to read what is wrong. The star marks the tile you drew "
                  "last. A ring around the player to move counts down, the seconds left beside it, when a turn timer is on. The turn clock stops while "
                  "the game is paused (Esc), while a turn is shown again from the log (L: click a turn), while the window "
                  "is minimised and while the game is closed: Continue gives "
                  "back the time that was left, with your tiles on the table and the rack where you left them."),
]

CLICK_CONTROLS = [
    ("Click controls", "Select tiles (click them), then New set (N) to lay them on the table as a set of their own, or click "
                       "any tile of a table set to add them to that set (they go to the end where the set stays valid). "
                       "With nothing selected, click a table tile to take it into the holding area over the table's bottom "
                       "row: it must be used this turn, as table tiles cannot go back to your rack, so the turn cannot end "
                       "while it is there. To replace a joker, select the tile it stands for and click the joker: you are "
                       "asked whether to replace the joker (it then waits in the holding area) or add the tile to the set. "
                       "Split (C) and then a click between two tiles cuts a set there. Shift-click selects a table tile "
                       "instead; with the keyboard cursor, A adds the selection to the set under it, T takes a tile."),
]


BOARD_CONTROLS = [
    ("The board", "One board grows in every direction. Mouse wheel, + and - (or the buttons in the board's corner) zoom; "
                  "drag the board with the right or middle button, or with the left button on an empty spot, or use "
                  "Shift+arrows; Centre (Home) shows the whole board again. Across / Down (V, or a right-click while "
                  "dragging) decides whether tiles put down together go along a row or down a column: they step over "
                  "the tiles already there, so a set is laid across another. One tile dropped on a table tile changes "
                  "places with it (that is how a joker is freed)."),
]

TABLE_CONTROLS = [
    ("The table", "Mouse wheel, + and - (or the buttons left of New set) zoom; drag the table with the right or middle "
                  "button, or with the left button on an empty spot, or use Shift+arrows (tiles held at its edge "
                  "scroll it too); Fit (Home) shows the whole "
                  "table again. The tiles keep their size for the whole turn: when a play needs more rows than the "
                  "table shows, the view scrolls to it, and the table fits again between turns."),
]

CLAIM_CONTROLS = [
    ("Claims on screen", "Each player has a colour (the ring round their portrait). A claimed set sits on a plate in its "
                         "holder's colour with a token on every tile; a hijacked set shows the 2 side with the covered "
                         "token beneath; a locked set has the black lock on its first tile. Point at a set to read its story. "
                         "The race panel shows everyone's claimed points against the gold 200 mark. To claim, press Claim a "
                         "set (C): the sets you may claim light up with what the claim is (claim, hijack, lock) and its "
                         "points; click one, or pick with Tab or the arrows and press Enter; Esc goes back. A set you cannot "
                         "claim says why. A claim is your whole turn."),
]


def controls_for(variant) -> list[tuple[str, str]]:
    """The 'Playing on screen' paragraphs for a rule set (the click controls, the crossword board
    and claims where they apply)."""
    from ..boardview import applies as crossword
    from ..controls import applies
    from ..tableview import applies as flat

    out = CONTROLS + (CLICK_CONTROLS if applies(variant) else [])
    if crossword(variant):
        out += BOARD_CONTROLS
    if flat(variant):
        out += TABLE_CONTROLS
    if variant.has_claims:
        out += CLAIM_CONTROLS
    return out


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, app, variant_key: str = "classic") -> None:
        super().__init__(app)
        keys = list(REGISTRY)
        if variant_key not in REGISTRY:
            variant_key = keys[0]
        self.key = variant_key
        self.chooser = Chooser("Rule set", [(k, REGISTRY[k].title or k) for k in keys], keys.index(variant_key), self.set_variant)
        self.back_button = Button("Back", self.back, style="primary", key_hint="Esc")
        self.group.widgets = [self.chooser, self.back_button]
        self.group.focus = 0
        self.scroll = 0.0
        self.view = pygame.Rect(0, 0, 0, 0)
        self._content: tuple | None = None

    def set_variant(self, key) -> None:
        self.key = key
        self.scroll = 0.0

    def content(self, width: int, s: float) -> pygame.Surface:
        cache_key = (self.key, width, round(s, 3), self.app.tiles.colourblind)
        if self._content is not None and self._content[0] == cache_key:
            return self._content[1]
        vcls = REGISTRY[self.key]
        variant = vcls()
        parts: list[tuple[pygame.Surface, int]] = []
        gap = int(10 * s)

        def add(surf, space=gap):
            parts.append((surf, space))

        add(theme.text(vcls.title or vcls.key, 40 * s, theme.GOLD), int(4 * s))
        if vcls.blurb:
            add(theme.text(vcls.blurb, 23 * s, theme.INK_DIM, bold=False, wrap=width), int(18 * s))
        add(theme.text("Sets at a glance", 27 * s, theme.ACCENT), int(6 * s))
        add(self.examples(variant, width, s), int(16 * s))
        for heading, para in variant.rules_text():
            add(theme.text(heading, 27 * s, theme.ACCENT), int(4 * s))
            add(theme.text(para, 22 * s, theme.INK, bold=False, wrap=width), int(14 * s))
        specs = [sp for sp in vcls.all_option_specs()]
        if specs:
            add(theme.text("Options before a game", 27 * s, theme.ACCENT), int(4 * s))
            for sp in specs:
                line = f"• {sp.label} (normally {sp.show(sp.default)})" + (f". {sp.help}" if sp.help else "")
                add(theme.text(line, 21 * s, theme.INK, bold=False, wrap=width), int(4 * s))
            parts[-1] = (parts[-1][0], int(14 * s))
        readings = variant.readings()
        if readings:
            add(theme.text("Our readings where the rule sheet is silent", 27 * s, theme.GOLD), int(4 * s))
            for r in readings:
                add(theme.text("• " + r, 21 * s, theme.INK, bold=False, wrap=width), int(6 * s))
            parts[-1] = (parts[-1][0], int(14 * s))
        add(theme.text("Playing on screen", 27 * s, theme.ACCENT), int(4 * s))
        for heading, para in controls_for(variant):
            add(theme.text(heading, 22 * s, theme.INK_DIM), int(2 * s))
            add(theme.text(para, 21 * s, theme.INK, bold=False, wrap=width), int(10 * s))
        if vcls.key == "classic":  # the Tile Rush puzzles are classic positions
            from ...play.puzzle_runs import rules_text

            for heading, para in rules_text():
                add(theme.text(heading, 27 * s, theme.ACCENT), int(4 * s))
                add(theme.text(para, 21 * s, theme.INK, bold=False, wrap=width), int(12 * s))
        # the four colours (and their symbols)
        tw = int(40 * s)
        strip = pygame.Surface((width, int(tw * 1.4) + 4), pygame.SRCALPHA)
        for i, colour in enumerate(COLORS):  # the 5 of each colour
            strip.blit(self.app.tiles.face(copies(face_of(colour, 5))[0], tw), (i * (tw + 8), 0))
        strip.blit(self.app.tiles.face(JOKER_IDS[0], tw), (4 * (tw + 8) + 12, 0))
        add(strip, 0)
        surf = theme.stack(parts, width)
        self._content = (cache_key, surf)
        return surf

    def examples(self, variant, width: int, s: float) -> pygame.Surface:
        """The rule set's example sets drawn with the game's tiles, each with its caption,
        in as many rows as the width needs."""
        tw = max(18, int(34 * s))
        th = tileart.tile_height(tw)
        step = tw + max(1, int(2 * s))
        pad = int(22 * s)
        blocks: list[pygame.Surface] = []
        for caption, rows in variant.example_sets():
            cells = [row.split() for row in rows]
            cols = max(len(r) for r in cells)
            tiles = parse_tiles(" ".join(tok for r in cells for tok in r if tok != "."))
            block_w = max(cols * step, int(150 * s))
            cap = theme.text(caption, theme.readable(18 * s), theme.INK_DIM, bold=False, wrap=min(width, max(block_w, int(200 * s))))
            block_w = max(block_w, cap.get_width())
            bh = len(cells) * (th + max(1, int(2 * s))) + int(6 * s) + cap.get_height()
            block = pygame.Surface((block_w, bh), pygame.SRCALPHA)
            k = 0
            for r, row in enumerate(cells):
                for c, tok in enumerate(row):
                    if tok == ".":
                        continue
                    block.blit(self.app.tiles.face(int(tiles[k]), tw), (c * step, r * (th + max(1, int(2 * s)))))
                    k += 1
            block.blit(cap, (0, bh - cap.get_height()))
            blocks.append(block)
        placed, x, y, line_h = [], 0, 0, 0
        for b in blocks:
            if x and x + b.get_width() > width:
                x, y, line_h = 0, y + line_h + int(14 * s), 0
            placed.append((b, (x, y)))
            x += b.get_width() + pad
            line_h = max(line_h, b.get_height())
        out = pygame.Surface((width, y + line_h), pygame.SRCALPHA)
        for b, at in placed:
            out.blit(b, at)
        return out

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        pw = int(min(w - 40 * s, 900 * s))
        x0 = (w - pw) // 2
        self.chooser.rect = pygame.Rect(x0, int(22 * s), int(min(pw * 0.6, 460 * s)), int(46 * s))
        self.back_button.rect = pygame.Rect(x0 + pw - int(170 * s), int(22 * s), int(170 * s), int(46 * s))
        self.view = pygame.Rect(x0, int(84 * s), pw, h - int(100 * s))

    def max_scroll(self) -> float:
        s = self.app.scale
        c = self.content(self.view.w - int(60 * s), s)
        return max(0.0, c.get_height() - (self.view.h - int(40 * s)))

    def handle(self, ev) -> None:
        self.ensure_layout()
        step = 60 * self.app.scale
        if ev.type == pygame.MOUSEWHEEL:
            self.scroll = max(0.0, min(self.max_scroll(), self.scroll - ev.y * step))
            return
        page = self.view.h * 0.85
        moves = {"line_down": step, "line_up": -step, "page_down": page, "page_up": -page, "top": -1e9, "bottom": 1e9}
        match keymap.intent(ev, "rules", "scroll"):
            case str(way) if way in moves:
                self.scroll = max(0.0, min(self.max_scroll(), self.scroll + moves[way]))
                return
            case "previous":
                self.chooser.left()
                return
            case "next":
                self.chooser.right()
                return
            case "back":
                self.back()
                return
        super().handle(ev)

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        surf.blit(theme.background((w, h)), (0, 0))
        if self._layout_size != self.app.size:
            return
        theme.draw_panel(surf, self.view, radius=int(18 * s))
        inner = self.view.inflate(-int(60 * s), -int(40 * s))
        content = self.content(inner.w, s)
        scroll = int(min(self.scroll, self.max_scroll()))
        area = pygame.Rect(0, scroll, inner.w, inner.h)
        surf.blit(content, inner.topleft, area)
        # scroll bar
        total = content.get_height()
        if total > inner.h:
            bar = pygame.Rect(self.view.right - int(16 * s), inner.y, max(4, int(6 * s)), inner.h)
            pygame.draw.rect(surf, (30, 44, 66), bar, border_radius=3)
            th = max(int(30 * s), int(inner.h * inner.h / total))
            ty = inner.y + int((inner.h - th) * (scroll / max(1, total - inner.h)))
            pygame.draw.rect(surf, theme.GOLD_DARK, (bar.x, ty, bar.w, th), border_radius=3)
            if scroll < total - inner.h - 2:
                more = theme.text("scroll for more", theme.readable(17 * s), theme.INK_FAINT, bold=False)
                surf.blit(more, (self.view.right - more.get_width() - int(30 * s), self.view.bottom - more.get_height() - int(4 * s)))
        self.group.draw(surf, s)
