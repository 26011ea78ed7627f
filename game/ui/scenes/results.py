"""Round results and the end of the game."""

from __future__ import annotations

import pygame

from ...rules.tiles import parse_tiles
from .. import keymap, portrait_art, theme
from ..anim import Effects
from ..widgets import Button
from .common import OverlayScene
from ..errorlog import log_error

MEDALS = [((246, 196, 70), "1st"), ((200, 208, 220), "2nd"), ((205, 127, 50), "3rd"), ((120, 130, 150), "4th")]
INPUT_GUARD = 0.7  # seconds a result screen ignores keys and clicks: what was meant for the table is not taken here


def ignored_input(ev, age: float) -> bool:
    """A result screen takes only its own buttons, and nothing in its first ``INPUT_GUARD`` seconds:
    a key or click meant for the table (Space to end the turn, H for a hint) never dismisses the
    results unseen.  Enter (the buttons' key), Esc, the arrows and Tab are its keys; pointer
    movement always counts (the buttons light up under it)."""
    if ev.type == pygame.KEYDOWN:
        return age < INPUT_GUARD or keymap.intent(ev, "results") is None
    if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return age < INPUT_GUARD
    return False


def rack_tiles(entry: dict, seat: int) -> list[int]:
    try:
        return parse_tiles(entry.get("racks", [""] * (seat + 1))[seat])
    except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
        log_error("reading a rack from the results", exc)
        return []


class ResultsBase(OverlayScene):
    def __init__(self, app, play) -> None:
        super().__init__(app)
        self.play = play
        self.session = play.session
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.effects = Effects(seed=8)
        self.auto_at = 5.0 if play.auto_next else None

    def update(self, dt) -> None:
        super().update(dt)
        self.effects.update(dt)
        if self.auto_at is not None and self.age >= self.auto_at:
            self.auto_at = None
            self.auto()

    def auto(self) -> None:
        pass

    def back(self) -> None:
        pass  # Esc does not skip results

    def handle(self, ev) -> None:
        from .attract import leave_demo, leaves_demo

        if self.session.demo and leaves_demo(ev):  # the attract mode ends on any key or click
            leave_demo(self.app, self.play)
            return
        if ignored_input(ev, self.age):
            return
        super().handle(ev)

    def open_replay(self) -> None:
        """The game so far, turn by turn (``scenes/replay.py``)."""
        self.auto_at = None
        self.app.open("replay", self.session.state.clone(), self.session.viewer)

    def draw_frame(self, surf, title: str, colour) -> float:
        if self._layout_size != self.app.size:
            self.ensure_layout()
        if self.backdrop is None or self.backdrop.get_size() != surf.get_size():
            self.play.draw(surf)
        self.draw_backdrop(surf)
        s = self.app.scale
        r = self.panel_rect
        theme.draw_panel(surf, r, radius=int(20 * s), shadow=int(14 * s))
        t = theme.shadow_text(title, 46 * s, colour)
        theme.blit_center(surf, t, (r.centerx, r.y + int(42 * s)))
        return s

    def draw_confetti(self, surf) -> None:
        import math

        for p in self.effects.particles:
            hgt = p.size * 0.5 * abs(math.cos(p.angle)) + 1
            pygame.draw.rect(surf, p.colour, (int(p.x), int(p.y), int(p.size), int(hgt)))


class RoundResultsScene(ResultsBase):
    name = "round_results"

    def __init__(self, app, play) -> None:
        super().__init__(app, play)
        self.show_history = False  # the rounds so far, under the table (when there were several)
        self.group.widgets = [Button("Next round", self.next_round, style="primary", key_hint="Enter")]
        if not self.session.demo:
            self.group.widgets.append(Button("Replay", self.open_replay, style="secondary"))

    def auto(self) -> None:
        self.next_round()

    def next_round(self) -> None:
        self.app.pop()
        self.play.next_round()

    def score_table(self) -> dict:
        """The rule set's running score table (``variant.score_table``)."""
        try:
            table = self.session.variant.score_table(self.session.state)
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("reading the rule set's score table", exc)
            table = {}
        return table if isinstance(table, dict) else {}

    def round_points(self, entry: dict) -> tuple[list[int], list[int]]:
        """Each seat's points for the last round (penalties included, as the score table
        counts them) and the penalties in them."""
        n = len(self.session.players)
        rows = self.score_table().get("rows") or []
        last = rows[-1] if rows else {}
        points = last.get("points") or entry.get("deltas") or [0] * n
        return list(points), list(last.get("penalties") or [0] * n)

    def footer(self) -> str:
        """What the game is played to: the target and who leads, or the rounds left."""
        st = self.session.state
        return self.play.narrator().standing(st.variant.standing(st))

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        n = len(self.session.players)
        w = int(min(size[0] - 40, 900 * s))
        rounds = len(self.score_table().get("rows", self.session.state.history))
        self.show_history = rounds > 1
        foot = 30 * s if self.footer() else 0
        h = int(min(size[1] - 30, 138 * s + n * 66 * s + (34 * s + 26 * s * (n + 1) if self.show_history else 0) + foot + 96 * s))
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = int(240 * s), int(52 * s)
        self.group.widgets[0].rect = pygame.Rect(self.panel_rect.centerx - bw // 2, self.panel_rect.bottom - bh - int(22 * s), bw, bh)
        for b in self.group.widgets[1:]:  # Replay: a smaller button at the panel's right
            b.rect = pygame.Rect(self.panel_rect.right - int(170 * s), self.panel_rect.bottom - bh - int(22 * s), int(150 * s), bh)
        self.group.focus = 0

    def draw(self, surf) -> None:
        st = self.session.state
        entry = st.history[-1] if st.history else {}
        winner = entry.get("winner")
        name = self.play.name_of(winner) if winner is not None else ""
        mine = winner is not None and winner == self.session.person
        title = f"Round {entry.get('round', st.round)}: " + ("you win!" if mine else f"{name} wins" if name else "over")
        s = self.draw_frame(surf, title, theme.GOLD if mine else theme.ACCENT)
        r = self.panel_rect
        reason = {"out": "went out",
                  "blocked": "had the lowest rack when nobody could play",
                  "pool": "had the fewest tiles when the pool ran out",
                  "stalled": "led when the round was stopped"}.get(entry.get("reason", ""), "")
        if name and reason:
            sub = theme.text(f"{name} {reason}", 21 * s, theme.INK_DIM, bold=False)
            theme.blit_center(surf, sub, (r.centerx, r.y + int(82 * s)))
        y = self.draw_table(surf, s, entry, r.y + int(110 * s))
        if self.show_history:
            y = self.draw_history(surf, s, y + int(10 * s))
        foot = self.footer()
        if foot:
            ft = theme.fit_text(foot, 19 * s, r.w - int(60 * s), theme.GOLD, bold=False)
            theme.blit_center(surf, ft, (r.centerx, y + int(16 * s)))
        self.group.draw(surf, s)

    def draw_history(self, surf, s, y0) -> None:
        """The running score table: one column per round, the total last."""
        r = self.panel_rect
        st = self.session.state
        table = self.score_table()
        hist = table.get("rows") or [{"round": h.get("round"), "points": h.get("deltas")} for h in st.history]
        hist = hist[-8:]
        totals = table.get("totals") or [p.score for p in st.players]
        x0 = r.x + int(30 * s)
        name_w = int(150 * s)
        col_w = int(min(80 * s, (r.w - name_w - int(60 * s)) / (len(hist) + 1)))
        y = y0
        surf.blit(theme.text("Round", theme.readable(17 * s), theme.INK_FAINT), (x0, y))
        for i, h in enumerate(hist):
            t = theme.text(str(h.get("round", i + 1)), theme.readable(17 * s), theme.INK_FAINT)
            surf.blit(t, (x0 + name_w + i * col_w + col_w - t.get_width(), y))
        tt = theme.text("Total", theme.readable(17 * s), theme.INK_FAINT)
        surf.blit(tt, (x0 + name_w + len(hist) * col_w + col_w - tt.get_width(), y))
        y += int(26 * s)
        for seat, p in enumerate(st.players):
            surf.blit(theme.fit_text(self.play.name_of(seat), theme.readable(18 * s), name_w - 8, theme.INK_DIM), (x0, y))
            for i, h in enumerate(hist):
                d = (h.get("points") or [0] * len(st.players))[seat]
                t = theme.text(f"{d:+d}", theme.readable(18 * s), theme.GOOD if d > 0 else theme.BAD if d < 0 else theme.INK_DIM, bold=False)
                surf.blit(t, (x0 + name_w + i * col_w + col_w - t.get_width(), y))
            t = theme.text(str(totals[seat] if seat < len(totals) else p.score), theme.readable(18 * s), theme.INK)
            surf.blit(t, (x0 + name_w + len(hist) * col_w + col_w - t.get_width(), y))
            y += int(26 * s)
        return y

    def draw_table(self, surf, s, entry, y0) -> None:
        r = self.panel_rect
        st = self.session.state
        cols = {"name": r.x + int(30 * s), "tiles": r.x + int(250 * s), "delta": r.right - int(230 * s), "total": r.right - int(110 * s)}
        head_y = y0
        for key, label in (("tiles", "Left on the rack"), ("delta", "This round"), ("total", "Total")):
            t = theme.text(label, theme.readable(18 * s), theme.INK_FAINT)
            surf.blit(t, (cols[key], head_y))
        y = head_y + int(28 * s)
        row_h = int(66 * s)
        deltas, pens = self.round_points(entry)
        for seat, p in enumerate(st.players):
            win = seat == entry.get("winner")
            row = pygame.Rect(r.x + int(16 * s), y, r.w - int(32 * s), row_h - int(8 * s))
            bg = theme.panel(row.size, radius=int(10 * s), fill=(40, 56, 30) if win else (18, 30, 50), alpha=200, shadow=0,
                             edge=theme.GOLD if win else None)
            surf.blit(bg, row.topleft)
            fs = int(row.h * 0.8)
            surf.blit(portrait_art.player_face(p.kind, p.name, fs), (cols["name"] - int(6 * s), row.centery - fs // 2))
            nm = theme.fit_text(self.play.name_of(seat), 23 * s, cols["tiles"] - cols["name"] - fs - int(16 * s), theme.INK)
            surf.blit(nm, (cols["name"] + fs + int(4 * s), row.centery - nm.get_height() // 2))
            tiles = rack_tiles(entry, seat)
            tw = int(min(26 * s, row.h * 0.6 / 1.32))
            x = cols["tiles"]
            room = cols["delta"] - x - int(20 * s)
            fit = max(1, room // (tw + 2))
            shown = tiles[: fit - 1] if len(tiles) > fit else tiles
            batch = [(self.app.tiles.face(t, tw), (x + i * (tw + 2), row.centery - int(tw * 1.32) // 2)) for i, t in enumerate(shown)]
            surf.fblits(batch)
            if len(tiles) > len(shown):
                more = theme.text(f"+{len(tiles) - len(shown)}", theme.readable(18 * s), theme.INK_DIM)
                surf.blit(more, (x + len(shown) * (tw + 2) + 4, row.centery - more.get_height() // 2))
            if not tiles:
                out = theme.text("out!", 22 * s, theme.GOLD)
                surf.blit(out, (x, row.centery - out.get_height() // 2))
            d = deltas[seat] if seat < len(deltas) else 0
            dt = theme.text(f"{d:+d}", 26 * s, theme.GOOD if d > 0 else theme.BAD if d < 0 else theme.INK_DIM)
            pen = pens[seat] if seat < len(pens) else 0
            if pen:
                surf.blit(dt, (cols["delta"], row.centery - dt.get_height() + int(4 * s)))
                pt = theme.text(f"incl. {pen:+d} penalty", theme.readable(15 * s), theme.WARN, bold=False)
                surf.blit(pt, (cols["delta"], row.centery + int(4 * s)))
            else:
                surf.blit(dt, (cols["delta"], row.centery - dt.get_height() // 2))
            tt = theme.text(str(p.score), 26 * s, theme.INK)
            surf.blit(tt, (cols["total"], row.centery - tt.get_height() // 2))
            y += row_h
        return y


class GameOverScene(ResultsBase):
    name = "game_over"

    def __init__(self, app, play) -> None:
        super().__init__(app, play)
        self.group.widgets = [Button("Play again", self.play_again, style="primary", key_hint="Enter"),
                              Button("Title screen", self.to_title, style="secondary")]
        if not self.session.demo:
            self.group.widgets.append(Button("Replay", self.open_replay, style="secondary"))
        self.ranking = self.session.ranking()
        self.confetti_done = False

    def enter(self) -> None:
        super().enter()
        person = self.session.person
        cheer = person is None or (bool(self.ranking) and self.ranking[0] == person)  # a demo's end is a show
        if cheer and self.app.anim_speed > 0:
            self.effects.confetti(self.app.size[0], n=180, size=9 * self.app.scale)
        self.app.sound.play("win" if cheer else "turn")

    def auto(self) -> None:
        self.play_again()

    def play_again(self) -> None:
        from ...play.session import Session

        st = self.session.state
        opponents = [p.kind for p in st.players[1:]] if not self.session.demo else [p.kind for p in st.players[1:]]
        seed = None if self.app.seed is None else self.app.seed + st.seed + 1
        try:
            session = Session.new(st.variant_key, opponents, seed=seed, options=dict(st.options),
                                  player_name=st.players[0].name, demo=self.session.demo)
        except (ValueError, KeyError):
            self.to_title()
            return
        self.app.pop()
        self.app.switch("play", session)

    def to_title(self) -> None:
        self.app.return_to("title")

    def hook(self, name: str, *args):
        """A rule set's own words for the results (``variant_ui``'s ``results_*`` hooks)."""
        plugin = self.play.plugin
        asks = {"results_title": plugin.results_title, "results_subtitle": plugin.results_subtitle,
                "results_row": plugin.results_row, "results_note": plugin.results_note}
        try:
            return asks[name](*args)
        except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
            log_error("asking the rule set's words for the results", exc)
            return None

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        n = len(self.session.players)
        w = int(min(size[0] - 40, 760 * s))
        note = 34 * s if self.hook("results_note") else 0
        h = int(min(size[1] - 30, 112 * s + n * 72 * s + 96 * s + note))
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        bw, bh, gap = int(230 * s), int(52 * s), int(16 * s)
        n_b = len(self.group.widgets)
        bw = min(bw, (w - int(40 * s) - gap * (n_b - 1)) // n_b)
        x = self.panel_rect.centerx - (n_b * bw + (n_b - 1) * gap) // 2
        for b in self.group.widgets:
            b.rect = pygame.Rect(x, self.panel_rect.bottom - bh - int(22 * s), bw, bh)
            x += bw + gap
        self.group.focus = 0

    def subtitle(self) -> str:
        """The rule set and the rounds; a game the person won with hints says so."""
        st = self.session.state
        v = self.session.variant
        out = self.hook("results_subtitle") or f"{v.title}  ·  {st.round} round{'s' if st.round != 1 else ''}"
        hints = self.session.hints_used
        first = self.ranking[0] if self.ranking else 0
        if hints and first == self.session.viewer and self.session.is_human(first):
            out += f"  ·  won with {hints} hint{'s' if hints != 1 else ''}"
        return out

    def draw(self, surf) -> None:
        st = self.session.state
        first = self.ranking[0] if self.ranking else 0
        name = self.play.name_of(first)
        title = self.hook("results_title") or ("You win the game!" if first == self.session.person else f"{name} wins the game")
        s = self.draw_frame(surf, title, theme.GOLD)
        r = self.panel_rect
        sub = theme.fit_text(self.subtitle(), 21 * s, r.w - int(40 * s), theme.INK_DIM, bold=False)
        theme.blit_center(surf, sub, (r.centerx, r.y + int(82 * s)))
        y = r.y + int(112 * s)
        row_h = int(72 * s)
        for place, seat in enumerate(self.ranking):
            p = st.players[seat]
            row = pygame.Rect(r.x + int(30 * s), y, r.w - int(60 * s), row_h - int(10 * s))
            bg = theme.panel(row.size, radius=int(12 * s), fill=(40, 56, 30) if place == 0 else (18, 30, 50), alpha=210, shadow=0,
                             edge=theme.GOLD if place == 0 else None)
            surf.blit(bg, row.topleft)
            colour, label = MEDALS[min(place, 3)]
            mc = (row.x + int(34 * s), row.centery)
            pygame.draw.circle(surf, colour, mc, int(22 * s))
            pygame.draw.circle(surf, theme.darken(colour, 0.3), mc, int(22 * s), width=max(2, int(3 * s)))
            theme.blit_center(surf, theme.text(label, theme.readable(17 * s), (30, 30, 40)), mc)
            fs = int(row.h * 0.82)
            surf.blit(portrait_art.player_face(p.kind, p.name, fs), (row.x + int(70 * s), row.centery - fs // 2))
            nm = theme.text(self.play.name_of(seat), 26 * s, theme.INK)
            surf.blit(nm, (row.x + int(80 * s) + fs, row.centery - nm.get_height() // 2))
            extra = self.hook("results_row", seat, place) or f"{p.rounds_won} round{'s' if p.rounds_won != 1 else ''} won"
            et = theme.fit_text(extra, theme.readable(18 * s), int(200 * s), theme.GOLD if place == 0 else theme.INK_DIM, bold=False)
            surf.blit(et, (row.right - int(250 * s), row.centery - et.get_height() // 2))
            sc = theme.text(str(p.score), 30 * s, theme.GOLD if place == 0 else theme.INK)
            surf.blit(sc, (row.right - sc.get_width() - int(20 * s), row.centery - sc.get_height() // 2))
            y += row_h
        note = self.hook("results_note")
        if note:
            nt = theme.fit_text(note, theme.readable(18 * s), r.w - int(60 * s), theme.INK_DIM, bold=False)
            theme.blit_center(surf, nt, (r.centerx, y + int(12 * s)))
        self.group.draw(surf, s)
        self.draw_confetti(surf)
