"""The human's table: the play screen inside a tournament, the table's standings after
each game (``GameResultsScene``) and when the table is over (``TableOverScene``: who goes
on, and what that means for you)."""

from __future__ import annotations

import pygame

from ....play.events import SessionEvent
from ....rules.events import Penalised
from ....rules.state import Phase
from ....tournament import Table
from ....tournament.run import TournamentRun
from ... import idle_frames, portrait_art, theme
from ...widgets import Button
from ..pause import MODE_ITEMS_AT
from ..play import PlayScene
from ..results import ResultsBase, rack_tiles
from .parts import MEDAL_COLOURS, PLACE_COLOURS, back_to_bracket, draw_disc


class TournamentPlayScene(PlayScene):
    """The play screen for the human's table: saves into the tournament, and shows the
    table's standings between games and at the end."""

    name = "tournament_play"

    def __init__(self, app, run: TournamentRun) -> None:
        super().__init__(app, run.session)
        self.run = run
        self.ref = run.ref
        self.auto_next = False
        stage = run.t.stages[self.ref.stage]
        self.stage_name = stage.name
        self.final = stage.final

    def header_text(self) -> str:
        st = self.session.state
        games = int(st.options.get("rounds", 1))
        where = "Final" if self.final else f"{self.stage_name}, table {self.ref.table + 1}"
        return f"Golden Games tournament  ·  {where}  ·  Game {min(st.round, games)} of {games}"

    def closing(self) -> None:
        self.run.save()

    def on_event(self, ev: SessionEvent) -> None:
        super().on_event(ev)
        if isinstance(ev, Penalised) and ev.seat == self.session.viewer:
            # your own penalty: its explanation stays up long enough to read (strict mode did not warn)
            self.playback.keep_banner(self.time + 7.0)

    def show_results(self) -> None:
        if self.app.top is not self:
            self.results_at = self.time + 0.1
            return
        if self.session.phase == Phase.GAME_OVER:
            self.app.push(TableOverScene(self.app, self))
        elif self.session.phase == Phase.ROUND_OVER:
            self.app.push(GameResultsScene(self.app, self))

    def open_pause(self) -> None:
        super().open_pause()
        pause = self.app.top
        pause.drop_item("Save to a slot")
        pause.add_item(MODE_ITEMS_AT, Button("Bracket", self.to_bracket, style="secondary"))

    def to_bracket(self) -> None:
        self.run.save()
        back_to_bracket(self.app, self.run)


class TableResults(ResultsBase):
    """The tournament's results over the play screen: a still picture once the confetti is
    down (drawn again after input, or when the results move on by themselves)."""

    def next_frame(self) -> float | None:
        if self.effects.busy or self._layout_size != self.app.size:
            return idle_frames.NOW
        if self.auto_at is not None:
            return idle_frames.until(self.auto_at, self.age)
        return None


class GameResultsScene(TableResults):
    """After a game of the human's table: the game's racks and the table's standings."""

    name = "tournament_game"

    def __init__(self, app, play: TournamentPlayScene) -> None:
        super().__init__(app, play)
        self.group.widgets = [Button("Next game", self.next_game, style="primary", key_hint="Enter")]

    def next_game(self) -> None:
        self.app.pop()
        self.play.next_round()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        n = len(self.session.players)
        w = int(min(size[0] - 40, 940 * s))
        h = int(min(size[1] - 30, 140 * s + n * 62 * s + 96 * s))
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = int(240 * s), int(52 * s)
        self.group.widgets[0].rect = pygame.Rect(self.panel_rect.centerx - bw // 2, self.panel_rect.bottom - bh - int(22 * s), bw, bh)
        self.group.focus = 0

    def draw(self, surf) -> None:
        st = self.session.state
        entry = st.history[-1] if st.history else {}
        games = int(st.options.get("rounds", 1))
        winner = entry.get("winner")
        name = self.play.name_of(winner) if winner is not None else ""
        head = f"Game {entry.get('round', st.round)} of {games}: "
        mine = winner is not None and winner == self.session.person
        title = head + ("you win!" if mine else f"{name} wins" if name else "over")
        s = self.draw_frame(surf, title, theme.GOLD if mine else theme.ACCENT)
        r = self.panel_rect
        sub = (f"{self.play.header_text().split('  ·  ')[1]}  ·  everyone else adds the tiles left on the rack "
               "(a joker 30)  ·  lowest total goes on")
        t = theme.fit_text(sub, 19 * s, r.w - int(40 * s), theme.INK_DIM, bold=False)
        theme.blit_center(surf, t, (r.centerx, r.y + int(82 * s)))
        draw_table_standings(surf, self, s, r.y + int(110 * s), entry)
        self.group.draw(surf, s)


def draw_table_standings(surf, scene, s: float, y0: int, entry: dict | None, going_on: set[int] = frozenset()) -> int:
    """Rows for the seats of the table, best first: the game's rack (when ``entry``),
    each game's points, games won and the total."""
    r = scene.panel_rect
    st = scene.session.state
    order = st.variant.ranking(st)
    hist = st.history
    cols_games = max(1, int(st.options.get("rounds", 1)))
    total_x = r.right - int(36 * s)
    won_x = total_x - int(90 * s)
    score_w = int(52 * s)
    game_x = [won_x - int(80 * s) - (cols_games - 1 - g) * score_w for g in range(cols_games)]
    tiles_x = r.x + int(270 * s)
    px = theme.readable(17 * s)
    for g, gx in enumerate(game_x):
        t = theme.text(f"Game {g + 1}", px, theme.INK_FAINT)
        if t.get_width() > score_w - int(8 * s):  # a narrow column: the bracket's short heading, apart from the next
            t = theme.text(f"G{g + 1}", px, theme.INK_FAINT)
        surf.blit(t, (gx - t.get_width(), y0))
    for label, xx in (("Won", won_x), ("Total", total_x)):
        t = theme.text(label, px, theme.INK_FAINT)
        surf.blit(t, (xx - t.get_width(), y0))
    if entry is not None:
        surf.blit(theme.text("Left on the rack", px, theme.INK_FAINT), (tiles_x, y0))
    y = y0 + int(26 * s)
    row_h = int(62 * s)
    for place, seat in enumerate(order):
        p = st.players[seat]
        mine = seat == scene.session.viewer
        row = pygame.Rect(r.x + int(16 * s), y, r.w - int(32 * s), row_h - int(8 * s))
        fill = (40, 56, 30) if place == 0 else ((18, 40, 64) if mine else (18, 30, 50))
        bg = theme.panel(row.size, radius=int(10 * s), fill=fill, alpha=205, shadow=0,
                         edge=theme.GOLD if place == 0 else (theme.ACCENT if mine else None))
        surf.blit(bg, row.topleft)
        draw_disc(surf, (row.x + int(24 * s), row.centery), int(15 * s), PLACE_COLOURS[min(place, 3)], str(place + 1), s)
        fs = int(row.h * 0.78)
        surf.blit(portrait_art.player_face(p.kind, p.name, fs), (row.x + int(46 * s), row.centery - fs // 2))
        name_right = (tiles_x if entry is not None else game_x[0] - score_w) - int(10 * s)
        nm = theme.fit_text(scene.play.name_of(seat), 22 * s, name_right - (row.x + int(52 * s) + fs), theme.ACCENT if mine else theme.INK)
        surf.blit(nm, (row.x + int(52 * s) + fs, row.centery - nm.get_height() // 2))
        if seat in going_on:
            tag = theme.text("goes on", theme.readable(18 * s), theme.GOOD)
            tx = row.x + int(62 * s) + fs + nm.get_width()
            chip = pygame.Rect(tx, row.centery - tag.get_height() // 2 - int(4 * s), tag.get_width() + int(16 * s), tag.get_height() + int(8 * s))
            pygame.draw.rect(surf, theme.darken(theme.GOOD, 0.7), chip, border_radius=chip.h // 2)
            pygame.draw.rect(surf, theme.GOOD, chip, width=1, border_radius=chip.h // 2)
            surf.blit(tag, (chip.x + int(8 * s), chip.y + int(4 * s)))
        if entry is not None:
            tiles = rack_tiles(entry, seat)
            tw = int(min(24 * s, row.h * 0.6 / 1.32))
            room = game_x[0] - score_w - tiles_x
            fit = max(1, room // (tw + 2))
            shown = tiles[: fit - 1] if len(tiles) > fit else tiles
            surf.fblits([(scene.app.tiles.face(t, tw), (tiles_x + i * (tw + 2), row.centery - int(tw * 1.32) // 2))
                         for i, t in enumerate(shown)])
            if len(tiles) > len(shown):
                more = theme.text(f"+{len(tiles) - len(shown)}", theme.readable(17 * s), theme.INK_DIM)
                surf.blit(more, (tiles_x + len(shown) * (tw + 2) + 4, row.centery - more.get_height() // 2))
            if not tiles:
                surf.blit(theme.text("out!", 21 * s, theme.GOLD), (tiles_x, row.centery - int(9 * s)))
        for g, gx in enumerate(game_x):
            if g < len(hist):
                d = (hist[g].get("deltas") or [0] * len(st.players))[seat]
                last = g == len(hist) - 1 and entry is not None
                t = theme.text(str(d), 22 * s if last else 20 * s, theme.GOLD if d == 0 else (theme.INK if last else theme.INK_DIM),
                               bold=last)
            else:
                t = theme.text("–", 20 * s, theme.INK_FAINT, bold=False)
            surf.blit(t, (gx - t.get_width(), row.centery - t.get_height() // 2))
        wt = theme.text(str(p.rounds_won), 20 * s, theme.INK_DIM)
        surf.blit(wt, (won_x - wt.get_width(), row.centery - wt.get_height() // 2))
        tt = theme.text(str(p.score), 28 * s, theme.GOLD if place == 0 else theme.INK)
        surf.blit(tt, (total_x - tt.get_width(), row.centery - tt.get_height() // 2))
        y += row_h
    return y


class TableOverScene(TableResults):
    """The human's table is over: who goes on (and why), and what that means for you."""

    name = "tournament_table"

    def __init__(self, app, play: TournamentPlayScene) -> None:
        super().__init__(app, play)
        self.run = play.run
        self.record: Table = self.run.last_record or Table(0, [], 0)  # (an empty record: never drawn as a result)
        self.group.widgets = [Button("Continue", self.proceed, style="primary", key_hint="Enter")]

    def enter(self) -> None:
        super().enter()
        if self.mine_advanced() and self.app.anim_speed > 0:
            self.effects.confetti(self.app.size[0], n=160, size=9 * self.app.scale)
        self.app.sound.play("win" if self.mine_advanced() else "invalid")

    def mine_advanced(self) -> bool:
        human = self.run.t.human
        if self.play.final:
            order = self.record.order
            return bool(order) and self.record.seats[order[0]] == human
        return human in self.record.advanced

    def proceed(self) -> None:
        run = self.run
        self.app.pop()
        bracket = back_to_bracket(self.app, run)
        bracket.after_table()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        n = len(self.session.players)
        w = int(min(size[0] - 40, 900 * s))
        extra = int(30 * s) if self.record.tie_break else 0
        h = int(min(size[1] - 30, 150 * s + n * 62 * s + 96 * s + extra))
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = int(240 * s), int(52 * s)
        self.group.widgets[0].rect = pygame.Rect(self.panel_rect.centerx - bw // 2, self.panel_rect.bottom - bh - int(22 * s), bw, bh)
        self.group.focus = 0

    def verdict(self) -> tuple[str, str, tuple]:
        run = self.run
        t = run.t
        rec = self.record
        seats = rec.seats
        order = rec.order
        human = t.human
        if self.play.final:
            place = next((i for i, seat in enumerate(order) if seats[seat] == human), None)
            if place is not None and place < 3:
                medal = ("gold", "silver", "bronze")[place]
                return f"You win {medal}!", "The tournament is over: here are the medals.", MEDAL_COLOURS[medal]
            return "The final is over", "You finished fourth: no medal this time.", theme.ACCENT
        winner = seats[order[0]] if order else None
        if self.mine_advanced():
            plan = t.plan()
            nxt = plan[self.ref_stage() + 1].name if self.ref_stage() + 1 < len(plan) else "next round"
            title = "You win the table!" if winner == human else "You go on!"
            return title, f"You go on to the {nxt.lower()}. The other tables play now.", theme.GOLD
        name = t.name(winner) if winner is not None else "Someone"
        return f"{name} wins the table", "You are out of the tournament: watch the rest, or skip to the medals.", theme.ACCENT

    def going_on(self) -> set[int]:
        """Seats that go on to the next stage (none after the final)."""
        if self.play.final:
            return set()
        return {i for i, e in enumerate(self.record.seats) if e in self.record.advanced}

    def ref_stage(self) -> int:
        return self.play.ref.stage

    def draw(self, surf) -> None:
        title, line, colour = self.verdict()
        s = self.draw_frame(surf, title, colour)
        r = self.panel_rect
        t = theme.fit_text(line, 21 * s, r.w - int(40 * s), theme.INK)
        theme.blit_center(surf, t, (r.centerx, r.y + int(82 * s)))
        y = draw_table_standings(surf, self, s, r.y + int(110 * s), None, self.going_on())
        tie = self.record.tie_break
        if tie:
            tt = theme.fit_text("Tie-break: " + tie, theme.readable(18 * s), r.w - int(60 * s), theme.WARN, bold=False)
            theme.blit_center(surf, tt, (r.centerx, y + int(12 * s)))
        self.group.draw(surf, s)
        self.draw_confetti(surf)
