"""The statistics screen: the player's record per rule set, with a chart of the last games.

One tab per registered rule set (plus any rule set found in the file that this version does
not know).  For the chosen one: games, wins, win rate, best and average score, the current
and best streak, the fastest win in turns and in time, and a bar chart of the last
``stats.RECENT`` scores (wins in gold, losses in slate, the average as a dashed line; point
at a bar to read the game).  "Reset…" asks first.  When ``load_stats`` had to recover a
damaged file, its message is shown at the top.

Only the person's finished games are counted (``game.play.hooks.default_record_result``);
the attract mode never is.  Everything here reads ``game.storage.stats``; nothing else is stored.
"""

from __future__ import annotations

from datetime import datetime

import pygame

from ...storage import stats as stats_mod
from .. import keymap, theme
from ..errorlog import log_error
from ..widgets import Button
from .common import DialogScene, ErrorScene, MenuScene

WIN = theme.GOLD
LOSS = (104, 132, 172)


def fmt_score(v: float | int | None, decimals: int = 0) -> str:
    if v is None:
        return "–"
    if decimals:
        text = f"{abs(v):,.{decimals}f}"
    else:
        text = f"{abs(int(v)):,}"
    return ("−" if v < 0 else "") + text.replace(",", " ")


def fmt_duration(seconds: float | None) -> str:
    """``4:07`` below an hour, ``1 h 02 min`` above; ``–`` for none."""
    if seconds is None:
        return "–"
    total = int(round(seconds))
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    if h:
        return f"{h} h {m:02d} min"
    return f"{m}:{s:02d}"


def fmt_minutes(seconds: float) -> str:
    """A game's length in words: ``45 s``, ``16 min``."""
    return f"{int(round(seconds))} s" if seconds < 60 else f"{int(round(seconds / 60))} min"


def fmt_total(seconds: float) -> str:
    """Time played: ``12 min``, ``3 h 05 min``."""
    minutes = int(seconds // 60)
    h, m = divmod(minutes, 60)
    return f"{h} h {m:02d} min" if h else f"{m} min"


def small(px: float, s: float) -> float:
    """A small caption that stays readable in a small window."""
    return max(13.0, px * s)


def fmt_date(at: str) -> str:
    try:
        d = datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return ""
    return f"{d.day} {d.strftime('%b')} {d.year}, {d.hour:02d}:{d.minute:02d}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def rule_set_keys(stats) -> list[tuple[str, str, bool]]:
    """(key, title, lower score wins) for every registered rule set (a rule set this version does not
    know is kept in the file but not shown: ``Stats.other``)."""
    from ...rules.variants import REGISTRY

    return [(k, cls.title or k, bool(cls.lower_score_wins)) for k, cls in REGISTRY.items()]


def cards_for(vs, lower_wins: bool) -> list[tuple[str, str, str]]:
    """(caption, value, note) for the eight figures of one rule set."""
    none = vs.games == 0
    rate = vs.win_rate
    return [
        ("Games", str(vs.games), "" if none else f"{plural(vs.wins, 'win')}, {vs.losses} loss{'' if vs.losses == 1 else 'es'}"),
        ("Win rate", "–" if rate is None else f"{round(rate * 100)}%", "" if none else f"{vs.wins} of {vs.games}"),
        ("Best score", fmt_score(vs.best_score), "lowest is best" if lower_wins else "highest"),
        ("Average score", fmt_score(vs.average_score, 1), "" if none else "per game"),
        ("Current streak", str(vs.current_streak), "wins in a row" if vs.current_streak != 1 else "win in a row"),
        ("Best streak", str(vs.best_streak), "wins in a row" if vs.best_streak != 1 else "win in a row"),
        ("Fewest turns to win", "–" if vs.fastest_win_turns is None else plural(vs.fastest_win_turns, "turn"), "every player's turns counted"),
        ("Shortest win", fmt_duration(vs.fastest_win_seconds), "time from deal to win"),
    ]


class ConfirmDialog(DialogScene):
    """A dialog whose keyboard focus starts on the last (safe) choice."""

    def layout(self, size) -> None:
        super().layout(size)
        self.group.focus = len(self.group.widgets) - 1


class StatisticsScene(MenuScene):
    name = "statistics"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.stats = None
        self.notice = ""
        self.keys: list[tuple[str, str, bool]] = []
        self.tab = 0
        self.flash: tuple[str, float] | None = None  # (text, until)
        self.age = 0.0
        self.reset_button = Button("Reset…", self.ask_reset, style="ghost", tooltip="Forget these statistics (asks first)")
        self.back_button = Button("Back", self.back, style="primary", key_hint="Esc")
        self.replay_button = Button("Replays", self.open_replays, style="secondary",
                                    tooltip="Step through a finished game, or the one in progress")
        self.rush_button = Button("Tile Rush", lambda: self.app.open("rush_records"), style="secondary",
                                  tooltip="Your bests in the puzzle modes, the daily streak and the packs' stars")
        self.group.widgets = [self.reset_button, self.replay_button, self.rush_button, self.back_button]
        self.group.focus = self.group.widgets.index(self.back_button)
        self.tab_rects: list[pygame.Rect] = []
        self.card_rects: list[pygame.Rect] = []
        self.chart_rect = pygame.Rect(0, 0, 0, 0)
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self.reload(first=True)

    # -- data ------------------------------------------------------------------------------------
    def reload(self, first: bool = False) -> None:
        try:
            self.stats = stats_mod.load_stats()
        except Exception as exc:  # load_stats never raises; a bug must still not cost the screen
            log_error("loading the statistics", exc)
            self.stats = stats_mod.Stats({}, "fresh", "The statistics could not be read.")
        notice = self.stats.message or stats_mod.take_notice()
        stats_mod.take_notice()
        if notice:
            self.notice = notice
        self.keys = rule_set_keys(self.stats)
        if first:
            self.tab = self._initial_tab()
        self.tab = max(0, min(self.tab, len(self.keys) - 1))
        self.reset_button.enabled = any(v.games for v in self.stats.variants.values()) and not self.app.read_only
        if self.app.read_only:
            self.reset_button.tooltip = "Tile Rush is open in another window: nothing can be changed here"
        self._layout_size = None

    def _initial_tab(self) -> int:
        keys = [k for k, _, _ in self.keys]
        if self.app.variant in keys:
            return keys.index(self.app.variant)
        last = max(((v.recent[-1]["at"], k) for k, v in self.stats.variants.items() if v.recent and k in keys), default=None)
        return keys.index(last[1]) if last else 0

    @property
    def key(self) -> str:
        return self.keys[self.tab][0] if self.keys else ""

    @property
    def current(self):
        return self.stats.get(self.key)

    def set_tab(self, i: int) -> None:
        if self.keys and i % len(self.keys) != self.tab:
            self.tab = i % len(self.keys)
            self.app.sound.play("click")

    # -- reset -----------------------------------------------------------------------------------
    def open_replays(self) -> None:
        self.app.open("replays")

    def ask_reset(self) -> None:
        key, title, _ = self.keys[self.tab]
        vs = self.current
        total = sum(v.games for v in self.stats.variants.values())
        choices = []
        if vs.games:
            choices.append((f"Reset {title}", "danger", lambda: self.reset(key)))
        if total > vs.games or not vs.games:
            choices.append(("Reset all", "danger", lambda: self.reset(None)))
        choices.append(("Cancel", "secondary", None))
        if vs.games and total > vs.games:
            msg = (f"Forget your {title} record ({plural(vs.games, 'game')}), or every rule set's "
                   f"({plural(total, 'game')} in all)? This cannot be undone.")
        elif vs.games:
            msg = f"Forget your {title} record ({plural(vs.games, 'game')})? This cannot be undone."
        else:
            msg = f"Forget every rule set's record ({plural(total, 'game')} in all)? This cannot be undone."
        self.app.push(ConfirmDialog(self.app, "Reset statistics", msg, choices, tone=theme.WARN))

    def reset(self, key: str | None) -> None:
        try:
            got = stats_mod.reset_stats(key)
        except Exception as exc:
            log_error("resetting the statistics", exc)
            self.app.push(ErrorScene(self.app, "Not reset", f"The statistics could not be reset ({exc})."))
            return
        if got.write_failed:
            self.app.push(ErrorScene(self.app, "Not reset", got.message or "The statistics could not be saved."))
            self.reload()
            return
        title = next((t for k, t, _ in self.keys if k == key), "")
        self.reload()
        self.flash = (f"{title} statistics reset" if key else "All statistics reset", self.age + 3.0)
        self.group.focus = self.group.widgets.index(self.back_button)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, ev) -> None:
        self.ensure_layout()
        match keymap.intent(ev, "tabs"):
            case "previous_tab":
                self.set_tab(self.tab - 1)
                return
            case "next_tab":
                self.set_tab(self.tab + 1)
                return
            case str(name) if name.startswith("tab_") and int(name[4:]) <= len(self.keys):
                self.set_tab(int(name[4:]) - 1)
                return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for i, r in enumerate(self.tab_rects):
                if r.collidepoint(ev.pos):
                    self.set_tab(i)
                    return
        if ev.type == pygame.MOUSEWHEEL and self.chart_rect.collidepoint(self.app.mouse):
            self.set_tab(self.tab - ev.y)
            return
        super().handle(ev)

    def update(self, dt) -> None:
        super().update(dt)
        self.age += dt
        if self.flash and self.flash[1] <= self.age:
            self.flash = None

    # -- layout ----------------------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        cw = int(min(w - 60 * s, 1180 * s))
        x0 = (w - cw) // 2
        y = int(104 * s)
        if self.notice:
            lines = theme.wrap_lines(self.notice, 19 * s, cw - int(40 * s))
            nh = int(20 * s + len(lines) * 21 * s)
            self.notice_rect = pygame.Rect(x0, y, cw, nh)
            y += nh + int(12 * s)
        else:
            self.notice_rect = pygame.Rect(x0, y, 0, 0)
        n = max(1, len(self.keys))
        th = int(44 * s)
        gap = int(8 * s)
        tw = (cw - gap * (n - 1)) // n
        self.tab_rects = [pygame.Rect(x0 + i * (tw + gap), y, tw, th) for i in range(n)]
        y += th + int(16 * s)
        bh = int(52 * s)
        bottom = h - bh - int(28 * s)
        ch = int(94 * s)
        cgap = int(12 * s)
        cols = 4
        cwid = (cw - cgap * (cols - 1)) // cols
        self.card_rects = [pygame.Rect(x0 + (i % cols) * (cwid + cgap), y + (i // cols) * (ch + cgap), cwid, ch) for i in range(8)]
        y += 2 * ch + cgap + int(16 * s)
        self.chart_rect = pygame.Rect(x0, y, cw, max(int(120 * s), bottom - int(18 * s) - y))
        bw, gap = int(200 * s), int(16 * s)
        x = w // 2 - (4 * bw + 3 * gap) // 2
        for b in (self.reset_button, self.replay_button, self.rush_button, self.back_button):
            b.rect = pygame.Rect(x, bottom, bw, bh)
            x += bw + gap

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        surf.blit(theme.background((w, h)), (0, 0))
        t = theme.shadow_text("Statistics", 50 * s, theme.GOLD)
        surf.blit(t, (int(40 * s), int(30 * s)))
        sub = theme.text("Your finished games per rule set (games the computer plays alone never count)",
                         20 * s, theme.INK_DIM, bold=False)
        if int(40 * s) + t.get_width() + int(30 * s) + sub.get_width() < w - int(30 * s):
            surf.blit(sub, (int(40 * s) + t.get_width() + int(24 * s), int(30 * s) + t.get_height() - sub.get_height() - int(6 * s)))
        if self._layout_size != self.app.size:
            return
        if self.notice:
            self.draw_notice(surf, s)
        self.draw_tabs(surf, s)
        key, title, lower = self.keys[self.tab]
        vs = self.current
        for rect, (cap, val, note) in zip(self.card_rects, cards_for(vs, lower)):
            self.draw_card(surf, s, rect, cap, val, note)
        self.draw_chart(surf, s, vs, title, lower)
        self.group.draw(surf, s)
        foot = self.flash[0] if self.flash else (self.group.tooltip() or "Left / Right: rule set  ·  Esc: back")
        colour = theme.GOOD if self.flash else theme.INK_FAINT
        theme.blit_center(surf, theme.text(foot, theme.readable(18 * s), colour, bold=False), (w // 2, h - int(12 * s)))

    def draw_notice(self, surf, s) -> None:
        r = self.notice_rect
        theme.draw_panel(surf, r, radius=int(10 * s), fill=(60, 40, 14), edge=theme.WARN, shadow=0, alpha=225)
        body = theme.text(self.notice, 19 * s, theme.lighten(theme.WARN, 0.35), bold=False, wrap=r.w - int(40 * s))
        surf.blit(body, (r.x + int(20 * s), r.centery - body.get_height() // 2))

    def draw_tabs(self, surf, s) -> None:
        mouse = self.app.mouse
        for i, (r, (key, title, _)) in enumerate(zip(self.tab_rects, self.keys)):
            active = i == self.tab
            hover = r.collidepoint(mouse)
            fill = (40, 64, 100) if active else (26, 40, 62) if hover else (16, 28, 46)
            theme.draw_panel(surf, r, radius=int(10 * s), fill=fill, alpha=235, shadow=0,
                             edge=theme.GOLD if active else theme.PANEL_EDGE)
            games = self.stats.get(key).games
            badge = theme.text(str(games), small(17, s), theme.INK_DIM if not active else theme.GOLD)
            room = r.w - badge.get_width() - int(30 * s)
            label = theme.fit_text(title, 22 * s, room, theme.INK if active else theme.INK_DIM)
            total = label.get_width() + int(10 * s) + badge.get_width()
            x = r.centerx - total // 2
            surf.blit(label, (x, r.centery - label.get_height() // 2))
            surf.blit(badge, (x + label.get_width() + int(10 * s), r.centery - badge.get_height() // 2 + 1))
            if active:
                pygame.draw.rect(surf, theme.GOLD, (r.x + int(12 * s), r.bottom - max(3, int(4 * s)), r.w - int(24 * s), max(3, int(4 * s))),
                                 border_radius=2)

    def draw_card(self, surf, s, r, caption, value, note) -> None:
        theme.draw_panel(surf, r, radius=int(12 * s), shadow=int(4 * s))
        cap = theme.fit_text(caption.upper(), small(16, s), r.w - int(28 * s), theme.INK_DIM)
        surf.blit(cap, (r.x + int(14 * s), r.y + int(12 * s)))
        colour = theme.INK_FAINT if value == "–" else theme.INK
        val = theme.fit_text(value, 40 * s, r.w - int(28 * s), colour)
        surf.blit(val, (r.x + int(14 * s), r.y + int(32 * s)))
        if note:
            nt = theme.fit_text(note, small(16, s), r.w - int(28 * s), theme.INK_FAINT, bold=False)
            surf.blit(nt, (r.x + int(14 * s), r.bottom - nt.get_height() - int(9 * s)))

    def chart_geometry(self, s, n_slots: int) -> tuple[pygame.Rect, float]:
        """The plot area inside the chart panel and the width of one bar slot."""
        r = self.chart_rect
        plot = pygame.Rect(r.x + int(70 * s), r.y + int(50 * s), r.w - int(140 * s), r.h - int(86 * s))
        return plot, plot.w / max(1, n_slots)

    def bar_at(self, pos) -> int | None:
        """Index in ``recent`` of the bar under ``pos``."""
        s = self.app.scale
        recent = self.current.recent
        plot, slot = self.chart_geometry(s, stats_mod.RECENT)
        if not recent or not plot.inflate(0, int(20 * s)).collidepoint(pos):
            return None
        i = int((pos[0] - plot.x) // slot)
        return i if 0 <= i < len(recent) else None

    def draw_chart(self, surf, s, vs, title, lower: bool = False) -> None:
        r = self.chart_rect
        theme.draw_panel(surf, r, radius=int(14 * s))
        recent = vs.recent
        head = f"Last {plural(len(recent), 'game')}" if recent else "Last games"
        ht = theme.text(head, 22 * s, theme.INK)
        surf.blit(ht, (r.x + int(20 * s), r.y + int(14 * s)))
        if vs.games:
            note = (f"{fmt_total(vs.total_seconds)} played in all" + (f"  ·  {plural(vs.hints, 'hint')} used" if vs.hints else "")
                    + ("  ·  the lower score is the better" if lower else ""))
            played = theme.text(note, small(17, s), theme.INK_FAINT, bold=False)
            surf.blit(played, (r.x + int(30 * s) + ht.get_width(), r.y + int(14 * s) + ht.get_height() - played.get_height() - 1))
        if not recent:
            msg = f"No finished {title} games yet. Play one to the end and it shows here."
            mt = theme.text(msg, 21 * s, theme.INK_DIM, bold=False, wrap=r.w - int(80 * s), align="center")
            theme.blit_center(surf, mt, r.center)
            return
        # legend
        lx = r.right - int(20 * s)
        for label, colour in (("loss", LOSS), ("win", WIN)):
            lt = theme.text(label, small(17, s), theme.INK_DIM, bold=False)
            lx -= lt.get_width()
            surf.blit(lt, (lx, r.y + int(18 * s)))
            box = int(14 * s)
            lx -= box + int(6 * s)
            pygame.draw.rect(surf, colour, (lx, r.y + int(18 * s) + (lt.get_height() - box) // 2, box, box), border_radius=3)
            lx -= int(18 * s)
        plot, slot = self.chart_geometry(s, stats_mod.RECENT)
        scores = [g["score"] for g in recent]
        hi, lo = max(0, max(scores)), min(0, min(scores))
        if hi == lo:
            hi = lo + 1
        span = hi - lo

        def y_of(v: float) -> int:
            return int(round(plot.bottom - (v - lo) / span * plot.h))

        zero = y_of(0)
        # grid: the zero line, the top and bottom values
        for v in sorted({hi, lo, 0}):
            y = y_of(v)
            pygame.draw.line(surf, (70, 90, 120) if v == 0 else (40, 56, 80), (plot.x, y), (plot.right, y), 2 if v == 0 else 1)
            lab = theme.text(fmt_score(v), small(16, s), theme.INK_FAINT, bold=False)
            surf.blit(lab, (plot.x - lab.get_width() - int(10 * s), y - lab.get_height() // 2))
        hover = self.bar_at(self.app.mouse)
        bw = max(3, int(slot * 0.66))
        labels = slot >= 30 * s
        for i, g in enumerate(recent):
            x = int(plot.x + i * slot + (slot - bw) / 2)
            y = y_of(g["score"])
            top, bottom = min(y, zero), max(y, zero)
            height = max(2, bottom - top)
            colour = WIN if g["won"] else LOSS
            if hover is not None and hover != i:
                colour = theme.mix(colour, (30, 40, 60), 0.35)
            bar = pygame.Rect(x, top if y <= zero else zero, bw, height)
            pygame.draw.rect(surf, theme.darken(colour, 0.35), bar.move(0, 2), border_radius=max(2, int(4 * s)))
            pygame.draw.rect(surf, colour, bar, border_radius=max(2, int(4 * s)))
            pygame.draw.rect(surf, theme.lighten(colour, 0.3), (bar.x + 2, bar.y + 2, max(1, bar.w // 4), max(1, bar.h - 4)),
                             border_radius=2)
            if hover == i:
                pygame.draw.rect(surf, theme.ACCENT, bar.inflate(6, 6), width=2, border_radius=max(3, int(5 * s)))
            if labels:
                vt = theme.text(fmt_score(g["score"]), small(15, s), theme.INK if g["won"] else theme.INK_DIM)
                ty = bar.y - vt.get_height() - int(3 * s) if g["score"] >= 0 else bar.bottom + int(3 * s)
                surf.blit(vt, (bar.centerx - vt.get_width() // 2, ty))
        if vs.average_score is not None and len(recent) > 1:
            ay = y_of(max(lo, min(hi, vs.average_score)))
            x = plot.x
            while x < plot.right:
                pygame.draw.line(surf, theme.ACCENT, (x, ay), (min(plot.right, x + int(8 * s)), ay), 2)
                x += int(14 * s)
            at = theme.text("average", small(15, s), theme.ACCENT, bold=False)
            surf.blit(at, (plot.right + int(8 * s), ay - at.get_height() // 2))
        old = theme.text("older", small(16, s), theme.INK_FAINT, bold=False)
        new = theme.text("newer", small(16, s), theme.INK_FAINT, bold=False)
        ay = r.bottom - int(16 * s) - old.get_height() // 2
        surf.blit(old, (plot.x, ay))
        surf.blit(new, (plot.x + int(len(recent) * slot) - new.get_width() if len(recent) > 3 else plot.x + int(3 * slot), ay))
        if hover is not None:
            self.draw_bar_tip(surf, s, recent, hover, plot, slot)

    def draw_bar_tip(self, surf, s, recent, i, plot, slot) -> None:
        g = recent[i]
        number = self.current.games - len(recent) + i + 1
        parts = [f"Game {number}: {'won' if g['won'] else 'lost'}" + (f" with {plural(g['hints'], 'hint')}" if g.get("hints") else ""),
                 f"{fmt_score(g['score'])} points", plural(g["turns"], "turn"), fmt_minutes(g["seconds"])]
        when = fmt_date(g.get("at", ""))
        if when:
            parts.append(when)
        tip = theme.text("  ·  ".join(parts), theme.readable(18 * s), theme.INK)
        box = tip.get_rect().inflate(int(24 * s), int(14 * s))
        box.midbottom = (int(plot.x + (i + 0.5) * slot), plot.y - int(4 * s))
        box.clamp_ip(self.chart_rect.inflate(-int(8 * s), 0))
        theme.draw_panel(surf, box, radius=int(8 * s), fill=(30, 46, 72), edge=theme.ACCENT, shadow=0, alpha=245)
        surf.blit(tip, tip.get_rect(center=box.center))
