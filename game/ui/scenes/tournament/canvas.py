"""The bracket's canvas: one column per stage, a card per table, lines from the players who
went on to their next seats; scrolls both ways (each column no further than its own length
needs, so the short later stages stay in view while the qualifying round scrolls).

``BracketCanvas`` is the drawing half of ``BracketScene`` (``bracket.py``), which owns the
data (``data``, a ``Bracket`` snapshot), the run and the clock."""

from __future__ import annotations

import math

import pygame

from ....tournament import Bracket, StageView, TableRef, TableView
from ....tournament.run import TournamentRun
from ... import theme
from ...scene import Scene
from ..setup import level_label
from .parts import MEDAL_COLOURS, draw_disc, face_of


class BracketCanvas(Scene):
    """Geometry, scrolling and drawing of the stages and tables."""

    run: TournamentRun
    data: Bracket
    time: float

    def __init__(self, app) -> None:
        super().__init__(app)
        self.scroll = [0.0, 0.0]
        self.view = pygame.Rect(0, 0, 0, 0)
        self._geometry = None

    # -- geometry of the bracket ---------------------------------------------------------------------
    def geometry(self) -> dict:
        """Columns and cards (recomputed when the data or the size change).  Card rectangles
        are relative to the top of the cards' area (below the stage headings) and to the
        canvas's left edge; each column scrolls only as far as its own length needs, so the
        short later stages stay in view while the qualifying round scrolls."""
        s = self.app.scale
        key = (self.app.size, _shape(self.data))
        if self._geometry is not None and self._geometry[0] == key:
            return self._geometry[1]
        stages = self.data.stages
        n = len(stages)
        gap = int(44 * s)
        min_w = int(330 * s)
        col_w = max(min_w, int((self.view.w - int(24 * s) - gap * (n - 1)) / max(1, n)))
        col_w = min(col_w, int(470 * s))
        total_w = n * col_w + (n - 1) * gap
        x0 = max(int(12 * s), (self.view.w - total_w) // 2)
        head = int(62 * s)
        cols = []
        for i, st in enumerate(stages):
            x = x0 + i * (col_w + gap)
            y = int(6 * s)
            cards = []
            tables = st.tables or [None] * len(st.table_sizes)
            for k, tb in enumerate(tables):
                rows = len(tb.players) if tb else st.table_sizes[k]
                ch = int(34 * s) + int(22 * s) + rows * int(28 * s) + int(12 * s)
                if tb and tb.tie_break:
                    ch += self._tie_lines(tb.tie_break, col_w, s) * int(19 * s) + int(4 * s)
                cards.append(pygame.Rect(x, y, col_w, ch))
                y += ch + int(14 * s)
            cols.append({"x": x, "w": col_w, "cards": cards, "height": y + int(10 * s)})
        geo = {"cols": cols, "width": x0 + total_w + int(12 * s), "head": head, "gap": gap}
        self._geometry = (key, geo)
        return geo

    def cards_view(self) -> pygame.Rect:
        head = self.geometry()["head"]
        v = self.view
        return pygame.Rect(v.x, v.y + head, v.w, v.h - head)

    def _tie_lines(self, text: str, col_w: int, s: float) -> int:
        return len(theme.wrap_lines("Tie-break: " + text, 16 * s, col_w - int(28 * s), bold=False))

    def max_scroll(self) -> tuple[float, float]:
        geo = self.geometry()
        ch = self.cards_view().h
        return max(0.0, geo["width"] - self.view.w), max([0.0] + [c["height"] - ch for c in geo["cols"]])

    def col_offset(self, col: dict) -> int:
        """How far this column is scrolled (no further than its own length needs)."""
        return int(min(self.scroll[1], max(0.0, col["height"] - self.cards_view().h)))

    def scroll_by(self, dx: float, dy: float) -> None:
        mx, my = self.max_scroll()
        self.scroll[0] = max(0.0, min(mx, self.scroll[0] + dx))
        self.scroll[1] = max(0.0, min(my, self.scroll[1] + dy))

    def card_rect(self, ref: TableRef) -> pygame.Rect | None:
        geo = self.geometry()
        if ref.stage >= len(geo["cols"]) or ref.table >= len(geo["cols"][ref.stage]["cards"]):
            return None
        return geo["cols"][ref.stage]["cards"][ref.table]

    def scroll_to(self, ref: TableRef | None, smooth: bool = False) -> None:
        if ref is None:
            return
        r = self.card_rect(ref)
        if r is None:
            return
        mx, my = self.max_scroll()
        cv = self.cards_view()
        tx = max(0.0, min(mx, r.centerx - self.view.w / 2))
        ty = self.scroll[1]
        if r.y < ty or r.bottom > ty + cv.h:  # only when it is not in view already
            ty = max(0.0, min(my, r.y - int(12 * self.app.scale)))
        if smooth:
            self.scroll[0] += (tx - self.scroll[0]) * 0.15
            self.scroll[1] += (ty - self.scroll[1]) * 0.15
        else:
            self.scroll = [tx, ty]

    def human_ref(self) -> TableRef | None:
        ref = None
        for st in self.data.stages:
            for tb in st.tables:
                if tb.is_human_table:
                    ref = TableRef(st.index, tb.index)
        return ref

    # -- input ------------------------------------------------------------------------------------

    # -- drawing ------------------------------------------------------------------------------------
    def draw_canvas(self, surf, s) -> None:
        v = self.view
        cv = self.cards_view()
        geo = self.geometry()
        mx, my = self.max_scroll()
        self.scroll[0] = min(self.scroll[0], mx)
        self.scroll[1] = min(self.scroll[1], my)
        ox = v.x - int(self.scroll[0])
        offsets = [cv.y - self.col_offset(col) for col in geo["cols"]]
        clip = surf.get_clip()
        surf.set_clip(v)
        for col, st in zip(geo["cols"], self.data.stages):
            self.draw_stage_head(surf, st, col, ox, v.y, s)
        if my > 0:  # the heads stay; a rule shows where the cards scroll under them
            pygame.draw.line(surf, (44, 64, 92), (v.x, cv.y - 1), (v.right, cv.y - 1))
        surf.set_clip(cv)
        sim = self.run.sim if self.run.busy() else None
        current = sim.current if sim is not None else None
        self.draw_connectors(surf, geo, ox, offsets, s)
        for col, st, oy in zip(geo["cols"], self.data.stages, offsets):
            for k, r in enumerate(col["cards"]):
                rr = r.move(ox, oy)
                if rr.bottom < cv.y or rr.y > cv.bottom or rr.right < cv.x or rr.x > cv.right:
                    continue
                tb = st.tables[k] if st.tables else None
                simulating = current is not None and current == TableRef(st.index, k)
                self.draw_card(surf, rr, st, tb, k, simulating, s)
        surf.set_clip(clip)
        # scroll bars
        if my > 0:
            tallest = max(c["height"] for c in geo["cols"])
            bar = pygame.Rect(v.right - int(8 * s), cv.y + int(4 * s), max(4, int(6 * s)), cv.h - int(8 * s))
            pygame.draw.rect(surf, (30, 44, 66), bar, border_radius=3)
            th = max(int(30 * s), int(bar.h * cv.h / tallest))
            ty = bar.y + int((bar.h - th) * (self.scroll[1] / my))
            pygame.draw.rect(surf, theme.GOLD_DARK, (bar.x, ty, bar.w, th), border_radius=3)
        if mx > 0:
            bar = pygame.Rect(v.x + int(4 * s), v.bottom - int(8 * s), v.w - int(8 * s), max(4, int(6 * s)))
            pygame.draw.rect(surf, (30, 44, 66), bar, border_radius=3)
            tw = max(int(30 * s), int(bar.w * v.w / geo["width"]))
            tx = bar.x + int((bar.w - tw) * (self.scroll[0] / mx))
            pygame.draw.rect(surf, theme.GOLD_DARK, (tx, bar.y, tw, bar.h), border_radius=3)
        if my > 0 and self.scroll[1] < my - 2:
            more = theme.text("scroll for more", theme.readable(16 * s), theme.INK_FAINT, bold=False)
            surf.blit(more, (v.right - more.get_width() - int(16 * s), v.bottom - more.get_height() - int(6 * s)))

    def row_y(self, card: pygame.Rect, index: int, s: float) -> int:
        row_h = int(28 * s)
        return card.y + int(8 * s) + int(34 * s) + int(22 * s) + index * row_h + (row_h - int(2 * s)) // 2

    def draw_connectors(self, surf, geo, ox, offsets, s) -> None:
        """Lines from each player who went on to their seat in the next stage."""
        stages = self.data.stages
        mine = []
        for i in range(len(stages) - 1):
            nxt = stages[i + 1]
            if not nxt.tables:
                continue
            where = {}
            for k, tb in enumerate(nxt.tables):
                for j, p in enumerate(tb.rows_shown()):
                    where[p.entrant] = (k, j)
            for k, tb in enumerate(stages[i].tables):
                if tb.status != "done":
                    continue
                for j, p in enumerate(tb.rows_shown()):
                    if not p.advanced or p.entrant not in where:
                        continue
                    k2, j2 = where[p.entrant]
                    a = geo["cols"][i]["cards"][k].move(ox, offsets[i])
                    b = geo["cols"][i + 1]["cards"][k2].move(ox, offsets[i + 1])
                    y1, y2 = self.row_y(a, j, s), self.row_y(b, j2, s)
                    n_tables = max(1, len(stages[i].tables) - 1)
                    mid = a.right + int((b.x - a.right) * (0.3 + 0.4 * k / n_tables))
                    pts = [(a.right, y1), (mid, y1), (mid, y2), (b.x, y2)]
                    if p.is_human:
                        mine.append(pts)
                    else:
                        pygame.draw.lines(surf, theme.darken(theme.GOOD, 0.35), False, pts, max(2, int(2 * s)))
        for pts in mine:
            pygame.draw.lines(surf, theme.ACCENT, False, pts, max(2, int(3 * s)))

    def draw_stage_head(self, surf, st: StageView, col: dict, ox: int, top: int, s: float) -> None:
        x, y = col["x"] + ox, top + int(6 * s)
        colour = theme.GOLD if st.final else theme.ACCENT
        name = theme.text(st.name, 26 * s, colour)
        surf.blit(name, (x + int(4 * s), y))
        games = f"{st.games} game{'s' if st.games != 1 else ''}"
        if st.final:
            how = "gold, silver, bronze"
        elif st.advance == 1:
            how = "winners go on"
        else:
            how = "top two go on"
        chip = {"done": ("Done", theme.GOOD), "playing": ("In play", theme.GOLD), "waiting": ("Waiting", theme.INK_FAINT)}[st.status]
        sub = theme.text(f"{st.entrants} players  ·  {games}  ·  {how}", theme.readable(17 * s), theme.INK_DIM, bold=False)
        surf.blit(sub, (x + int(4 * s), y + name.get_height() + int(2 * s)))
        ct = theme.text(chip[0], theme.readable(17 * s), chip[1])
        surf.blit(ct, (x + col["w"] - ct.get_width() - int(6 * s), y + int(6 * s)))

    def draw_card(self, surf, r: pygame.Rect, st: StageView, tb: TableView | None, k: int, simulating: bool, s: float) -> None:
        human_table = bool(tb and tb.is_human_table)
        edge = theme.ACCENT if human_table else theme.PANEL_EDGE
        fill = (16, 30, 52) if human_table else theme.PANEL
        theme.draw_panel(surf, r, radius=int(12 * s), fill=fill, alpha=225, edge=edge, shadow=int(5 * s))
        if simulating:
            pulse = 0.5 + 0.5 * math.sin(self.time * 5)
            pygame.draw.rect(surf, theme.mix(theme.WARN, theme.GOLD, pulse), r, width=max(2, int(2 * s)), border_radius=int(12 * s))
        elif human_table:
            pygame.draw.rect(surf, theme.ACCENT, r, width=max(2, int(2 * s)), border_radius=int(12 * s))
        x = r.x + int(12 * s)
        y = r.y + int(8 * s)
        label = f"Table {k + 1}" if not st.final else "Final table"
        surf.blit(theme.text(label, 21 * s, theme.INK), (x, y))
        games_n = st.games
        if tb is None:
            chip, colour = "to be seated", theme.INK_FAINT
        elif simulating:
            chip, colour = f"simulating game {min(tb.games_played + 1, games_n)} of {games_n}…", theme.WARN
        elif tb.status == "done":
            chip, colour = ("your table · done" if human_table else "done"), (theme.ACCENT if human_table else theme.INK_FAINT)
        elif human_table:
            chip, colour = ("your table · game %d of %d" % (min(tb.games_played + 1, games_n), games_n) if tb.games_played
                            or tb.status == "live" else "your table · to play"), theme.ACCENT
        else:
            chip, colour = "to play", theme.INK_FAINT
        ct = theme.fit_text(chip, theme.readable(17 * s), r.w - int(120 * s), colour)
        surf.blit(ct, (r.right - ct.get_width() - int(12 * s), y + int(3 * s)))
        y += int(34 * s)
        # column heads
        total_x = r.right - int(26 * s)
        score_w = int(34 * s)
        game_xs = [total_x - int(56 * s) - (games_n - 1 - g) * score_w for g in range(games_n)]
        head_px = theme.readable(15 * s)
        for g, gx in enumerate(game_xs):
            t = theme.text(f"G{g + 1}", head_px, theme.INK_FAINT)
            surf.blit(t, (gx - t.get_width(), y))
        t = theme.text("Total", head_px, theme.INK_FAINT)
        surf.blit(t, (total_x - t.get_width(), y))
        y += int(22 * s)
        row_h = int(28 * s)
        name_x = x + int(52 * s)
        name_w = game_xs[0] - score_w - name_x
        if tb is None:
            for i in range(st.table_sizes[k]):
                who = "to be decided"
                surf.blit(theme.text(who, theme.readable(18 * s), theme.INK_FAINT, bold=False), (name_x, y + int(5 * s)))
                pygame.draw.circle(surf, (40, 54, 76), (x + int(34 * s), y + row_h // 2), int(10 * s))
                y += row_h
            return
        done = tb.status == "done"
        medals = {m.entrant: m for m in self.data.medals} if st.final else {}
        for p in tb.rows_shown():
            rr = pygame.Rect(r.x + int(6 * s), y, r.w - int(12 * s), row_h - int(2 * s))
            if p.is_human:
                theme.blend_rect(surf, (*theme.ACCENT, 46), rr, border_radius=int(6 * s))
            elif done and p.advanced:
                theme.blend_rect(surf, (*theme.GOOD, 26), rr, border_radius=int(6 * s))
            cy = rr.centery
            # place (or medal)
            if done:
                m = medals.get(p.entrant)
                if m is not None:
                    draw_disc(surf, (x + int(8 * s), cy), int(10 * s), MEDAL_COLOURS[m.medal], str(m.place), s)
                else:
                    pt = theme.text(str(p.place), theme.readable(16 * s), theme.INK_DIM)
                    theme.blit_center(surf, pt, (x + int(8 * s), cy))
            fs = int(22 * s)
            surf.blit(face_of(p.is_human, p.level, p.name, fs), (x + int(22 * s), cy - fs // 2))
            out = done and not p.advanced and not st.final
            ncol = theme.ACCENT if p.is_human else (theme.INK_DIM if out else theme.INK)
            name = p.name + (" (you)" if p.is_human and p.name != "You" else "")
            nt = theme.fit_text(name, 19 * s, max(20, name_w), ncol)
            surf.blit(nt, (name_x, cy - nt.get_height() // 2))
            if not p.is_human:
                lv = theme.text(level_label(p.level), theme.readable(15 * s), theme.INK_FAINT, bold=False)
                if nt.get_width() + lv.get_width() + int(8 * s) < name_w:
                    surf.blit(lv, (name_x + nt.get_width() + int(6 * s), cy - lv.get_height() // 2 + int(1 * s)))
            for g, gx in enumerate(game_xs):
                if g < len(p.scores):
                    v = p.scores[g]
                    col = theme.GOLD if v == 0 else theme.INK_DIM
                    t = theme.text(str(v), theme.readable(18 * s), col, bold=False)
                    surf.blit(t, (gx - t.get_width(), cy - t.get_height() // 2))
            if p.total is not None:
                t = theme.text(str(p.total), 20 * s, theme.GOLD if done and p.place == 1 else theme.INK)
                surf.blit(t, (total_x - t.get_width(), cy - t.get_height() // 2))
            if done and p.advanced:
                ax = r.right - int(12 * s)
                a = int(6 * s)
                pygame.draw.polygon(surf, theme.GOOD, [(ax - a, cy - a), (ax, cy), (ax - a, cy + a)])
            y += row_h
        if tb.tie_break:
            t = theme.text("Tie-break: " + tb.tie_break, theme.readable(16 * s), theme.WARN, bold=False, wrap=r.w - int(28 * s))
            surf.blit(t, (x, y + int(4 * s)))


def _shape(data: Bracket) -> tuple:
    """What the bracket's geometry depends on."""
    return tuple((len(st.tables), tuple(st.table_sizes), tuple(bool(tb.tie_break) for tb in st.tables),
                  tuple(tb.tie_break for tb in st.tables))
                 for st in data.stages)
