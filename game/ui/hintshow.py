"""The hint on the table: the plays the finder proposes, shown where they go.

First the smallest play that puts down a tile (``game.ai.hint.hints``); "More" shows the next
bigger one, up to the play with the most tiles.  The tiles to play are lit on the rack, ghost
tiles stand where they would go (only in the sets the play changes), and table tiles the hint
moves are outlined.  A big rearrangement is shown step by step (the steps of
``game.play.steps``, told as advice: "Split the black 3-8 run and add your black 5"); a bar
at the bottom of the table has the caption (wrapped, never cut) and Back, Next, More, Apply
and close.  Apply makes the proposed table the current draft (one undo takes it back).  Keys
while a hint is shown: H the next step, M a bigger play, Shift+H apply, Esc close."""

from __future__ import annotations

import math

import pygame

from ..play.steps import Step, turn_steps
from ..rules.tiles import face_key
from . import keymap, theme
from .tileart import ASPECT

MOVED = (120, 200, 255)  # table tiles the hint moves


class HintShow:
    def __init__(self, show) -> None:
        self.show = show
        self.board = None
        self.steps: list[Step] = []
        self.idx = 0
        self.ladder: list = []  # the plays, smallest first ("More" goes up)
        self.level = 0
        self.changed: set[int] = set()  # tiles of the sets the shown play makes or changes
        self._ghosts: dict[tuple, pygame.Surface] = {}

    @property
    def scene(self):
        return self.show.scene

    @property
    def active(self) -> bool:
        return bool(self.steps)

    def present(self, board, tiles, more=()) -> bool:
        """Show the smallest play (``board``); ``more``: the bigger ones, in order."""
        self.ladder = [board] + list(more)
        return self.show_level(0)

    @property
    def has_more(self) -> bool:
        return self.active and self.level < len(self.ladder) - 1

    def more(self) -> None:
        if self.has_more:
            self.show_level(self.level + 1)
            self.scene.app.sound.play("click")

    def show_level(self, level: int) -> bool:
        sess = self.scene.session
        start = sess.state.board
        board = self.ladder[level]
        steps = turn_steps(start, board, None, vertical=sess.variant.reads_columns)
        kept = {frozenset(ln.tiles) for ln in start.lines(vertical=sess.variant.reads_columns)}
        changed = {t for ln in board.lines(vertical=sess.variant.reads_columns) if frozenset(ln.tiles) not in kept
                   for t in ln.tiles}
        steps = [st for st in steps if changed.intersection(st.tiles)]  # no step for a set that only moved along
        if not steps:
            return False
        self.level = level
        self.board = board.copy()
        self.changed = changed
        self.steps = steps
        self.idx = 0
        self.light()
        return True

    def light(self) -> None:
        sc = self.scene
        sc.hint.point_at([t for s in self.steps[: self.idx + 1] for t in s.from_rack if t in sc.session.rack.slots], 10 ** 6)
        where = self.board.where()
        sc.plugin.bring_into_view([where[t] for s in self.steps[: self.idx + 1] for t in s.tiles if t in where])

    def clear(self) -> None:
        if self.steps:
            self.steps = []
            self.board = None
            self.ladder = []
            self.changed = set()
            self.scene.hint.clear()

    def go(self, delta: int) -> None:
        if len(self.steps) > 1:
            self.idx = (self.idx + delta) % len(self.steps)
            self.light()
            self.scene.app.sound.play("click")

    def apply(self) -> None:
        sc = self.scene
        sess = sc.session
        if not self.active or not sc.can_edit_table():
            return
        where = self.board.where()
        to_rack = [t for t in sess.draft.tiles() if t not in where] if sess.draft is not None else []
        res = sess.place(where, to_rack)
        if res.ok:
            self.clear()
            sc.controls.clear_selection()
            sc.app.sound.play("deal")
            sc.toast("The hint is on the table: change it as you like, or Undo (Z)", theme.GOLD, 4.0)
        else:
            sc.toast(res.message[:1].upper() + res.message[1:], theme.BAD)
            sc.app.sound.play("invalid")

    def update(self, dt: float) -> None:
        if self.steps and not self.scene.session.my_turn:
            self.clear()

    def adjust_targets(self, out, lay) -> None:
        return None

    # -- input ------------------------------------------------------------------------------------
    def bar_rect(self, lay) -> pygame.Rect:
        """The playback's bar, as tall as the longest caption of the play shown needs (wrapped
        at the normal size: two lines, three if it must), so it keeps its size step to step."""
        s = lay.s
        r = self.show.bar_rect(lay)
        lines = max((len(self.caption_lines(lay, r, k)) for k in range(len(self.steps))), default=1)
        h = int(theme.font(21 * s, True).get_linesize() * lines + theme.readable(15 * s) * 1.3 + 24 * s)
        return pygame.Rect(r.x, r.bottom - max(r.h, h), r.w, max(r.h, h))

    def caption_lines(self, lay, bar: pygame.Rect, k: int | None = None) -> list[str]:
        s = lay.s
        left = self._buttons_left(lay, bar)
        st = self.steps[self.idx if k is None else k]
        return theme.wrap_lines(st.caption, 21 * s, left - bar.x - int(28 * s), bold=True)

    def _buttons_left(self, lay, bar: pygame.Rect) -> int:
        return min(b.x for b in self._buttons(lay, bar).values())

    def buttons(self, lay) -> dict[str, pygame.Rect]:
        return self._buttons(lay, self.bar_rect(lay))

    def _buttons(self, lay, bar: pygame.Rect) -> dict[str, pygame.Rect]:
        s = lay.s
        h = int(38 * s)
        y = bar.centery - h // 2
        x = bar.right - int(10 * s)
        out = {}
        for name, w in (("close", h), ("apply", int(92 * s)), ("more", int(104 * s)), ("next", h), ("back", h)):
            if name in ("next", "back") and len(self.steps) < 2:
                continue
            if name == "more" and not self.has_more:
                continue
            x -= w
            out[name] = pygame.Rect(x, y, w, h)
            x -= int(8 * s)
        return out

    def handle(self, ev) -> bool:
        if not self.active:
            return False
        sc = self.scene
        if ev.type == pygame.KEYDOWN:
            match keymap.intent(ev, "hint"):
                case "apply_hint":
                    self.apply()
                case "next_step":
                    self.go(1)
                case "more" if self.has_more:
                    self.more()
                case "close":
                    self.clear()
                case _:
                    return False
            return True
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(ev, "button", 1) == 1:
            lay = sc.layout()
            if not self.bar_rect(lay).collidepoint(ev.pos):
                return False
            if ev.type == pygame.MOUSEBUTTONUP:
                for name, r in self.buttons(lay).items():
                    if r.collidepoint(ev.pos):
                        sc.app.sound.play("click")
                        {"close": self.clear, "apply": self.apply, "next": lambda: self.go(1),
                         "back": lambda: self.go(-1), "more": self.more}[name]()
                        break
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------------
    def ghost(self, t: int, w: int, alpha: int) -> pygame.Surface:
        key = (face_key(t), w, alpha)
        img = self._ghosts.get(key)
        if img is None:
            img = self.scene.app.tiles.face(t, w).copy()
            img.set_alpha(alpha)
            if len(self._ghosts) > 200:
                self._ghosts.clear()
            self._ghosts[key] = img
        return img

    def draw_under(self, surf, lay) -> None:
        return None

    def draw_ghosts(self, surf, lay) -> None:
        """Ghost tiles where the hint puts them (the current step brighter than the ones before),
        over the tiles: a ghost on a tile says that tile makes way."""
        g = lay.grid
        table = self.scene.session.table()
        where = self.board.where()
        s = lay.s
        h = int(g.tile_w * ASPECT)
        prev = surf.get_clip()
        surf.set_clip(lay.table.clip(prev))  # never a ghost off the table
        with self.scene.table_clip(surf, lay):
            for k, st in enumerate(self.steps[: self.idx + 1]):
                now = k == self.idx
                for t in st.tiles:
                    cell = where.get(t)
                    if cell is None or table.get(cell) == t or t not in self.changed:
                        continue  # only the sets the play changes
                    x, y = g.cell_pos(cell)
                    surf.blit(self.ghost(t, g.tile_w, 185 if now else 90), (int(x), int(y)))
                    if now:
                        col = theme.GOLD if t in st.from_rack else MOVED
                        pygame.draw.rect(surf, col, (int(x) - 2, int(y) - 2, g.tile_w + 4, h + 4), width=max(2, int(2 * s)),
                                         border_radius=max(3, g.tile_w // 5))
        surf.set_clip(prev)

    def draw_over(self, surf, lay) -> None:
        if not self.active:
            return
        sc = self.scene
        s = lay.s
        st = self.steps[self.idx]
        where = self.board.where()
        pulse = 0.5 + 0.5 * math.sin(sc.time * 5)
        col = theme.mix(theme.darken(MOVED, 0.3), MOVED, pulse)
        for t in st.tiles:  # table tiles this step moves: outlined where they are now
            sp = sc.sprites.get(t)
            if sp is None or t in sc.session.rack.slots or sc.session.table().get(where.get(t)) == t or t not in self.changed:
                continue
            x, y = sp.pos
            w = sp.w
            pygame.draw.rect(surf, col, (int(x) - 3, int(y) - 3, w + 6, int(w * ASPECT) + 6), width=max(2, int(3 * s)),
                             border_radius=max(3, w // 5))
        self.draw_ghosts(surf, lay)
        self.draw_bar(surf, lay, st)

    def draw_bar(self, surf, lay, st: Step) -> None:
        s = lay.s
        r = self.bar_rect(lay)
        mouse = self.scene.mouse
        theme.draw_panel(surf, r, radius=int(14 * s), fill=(8, 14, 28), alpha=238, edge=theme.GOLD, shadow=int(6 * s))
        btns = self.buttons(lay)
        left = min(b.x for b in btns.values())
        x = r.x + int(16 * s)
        y = r.y + int(8 * s)
        f = theme.font(21 * s, True)
        for line in self.caption_lines(lay, r):  # wrapped at the normal size: never shrunk, never cut
            surf.blit(theme.text(line, 21 * s, theme.INK), (x, y))
            y += f.get_linesize()
        n = len(self.steps)
        parts = [f"Hint {self.level + 1} of {len(self.ladder)}" if len(self.ladder) > 1 else "Hint"]
        parts += [f"step {self.idx + 1} of {n}" if n > 1 else ""]
        parts += ["lit tiles are yours to play; faint tiles show where they go"]
        room = left - x - int(12 * s)
        sub = "  ·  ".join(p for p in parts if p)
        while len(parts) > 1 and theme.text(sub, theme.readable(15 * s), theme.GOLD, bold=False).get_width() > room:
            parts.pop()  # the explanation goes first, whole: never cut short
            sub = "  ·  ".join(p for p in parts if p)
        sub_img = theme.text(sub, theme.readable(15 * s), theme.GOLD, bold=False)
        surf.blit(sub_img, (x, r.bottom - sub_img.get_height() - int(7 * s)))
        labels = {"close": "×", "apply": "Apply", "next": "›", "back": "‹", "more": "More (M)"}
        for name, b in btns.items():
            hover = b.collidepoint(mouse)
            primary = name == "apply"
            fill = (246, 196, 70) if primary else (28, 44, 70) if hover else (18, 30, 50)
            if primary and hover:
                fill = (255, 214, 110)
            theme.draw_panel(surf, b, radius=b.h // 2, fill=fill, alpha=255, edge=theme.GOLD if hover else theme.PANEL_EDGE,
                             shadow=0)
            ink = (40, 24, 6) if primary else theme.INK
            lt = theme.fit_text(labels[name], theme.readable((18 if name in ("apply", "more") else 24) * s), b.w - int(8 * s), ink)
            theme.blit_center(surf, lt, b.center)
