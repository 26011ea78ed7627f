"""The bracket: the hub of a tournament.

Every stage, table, game and score, who went on and why, the human highlighted; scrolls
(``canvas.py`` draws it); runs the computer tables' simulation with a progress bar (a
little per frame, in a process or on a thread) and offers "Watch the rest" / "Skip to the
medals" to a knocked-out player.  At rest when nothing moves (``next_frame``)."""

from __future__ import annotations

import pygame

from ....rules.variants.golden import GoldenGames
from ....tournament import TournamentError
from ....tournament.run import TournamentRun
from ... import idle_frames, keymap, theme
from ...errorlog import log_error
from ...widgets import Button, FocusGroup
from ..common import ErrorScene, OverlayScene
from ..rules import RulesScene
from . import parts
from .canvas import BracketCanvas
from .medals import MedalsScene, TournamentInfoScene
from .parts import draw_bar, sim_mode, to_title
from .table import TournamentPlayScene


class BracketScene(BracketCanvas):
    """Every stage and table; the hub of a tournament."""

    name = "bracket"

    def __init__(self, app, run: TournamentRun) -> None:
        super().__init__(app)
        self.run = run
        self.group = FocusGroup([], on_sound=app.sound.play)
        self.footer = pygame.Rect(0, 0, 0, 0)
        self._layout_size = None
        self._buttons_key = None
        self.time = 0.0
        self.drag_from = None
        self.follow = False  # keep the table being simulated in view
        self.watching = False
        self.sim_handled = True
        self.medals_shown = run.t.finished
        self.notice_text = ""
        self.notice_colour = theme.INK
        self.notice_until = 0.0
        self.data = run.bracket()
        self._scrolled_to_human = False

    # -- life cycle ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def pause(self) -> None:
        self.notice_text = ""  # a note about the moment is stale once another screen has been up

    def closing(self) -> None:
        self.run.save()

    def resized(self, size) -> None:
        self._layout_size = None

    def next_frame(self) -> float | None:
        """Every frame while the computer tables are simulated (the progress bar, the card being
        played pulses, the view follows it) and until the end of a simulation is handled;
        otherwise a still picture, drawn again after input or when a notice runs out."""
        sim = self.run.sim
        if sim is not None and (not sim.done or not self.sim_handled):
            return idle_frames.NOW
        if self._layout_size != self.app.size or not self._scrolled_to_human:
            return idle_frames.NOW
        if self.notice_text and self.time < self.notice_until:
            return idle_frames.until(self.notice_until, self.time)
        return None

    def notice(self, text: str, colour=theme.INK, seconds: float = 6.0) -> None:
        self.notice_text, self.notice_colour, self.notice_until = text, colour, self.time + seconds

    # -- actions -----------------------------------------------------------------------------------
    def play_table(self) -> None:
        run = self.run
        if run.busy():
            return
        try:
            session = run.open_table()
        except TournamentError as exc:
            self.app.push(ErrorScene(self.app, "Cannot play", str(exc)))
            return
        if session is None:  # the game was over already: its result is in now
            self.after_table()
            return
        self.app.push(TournamentPlayScene(self.app, run))

    def after_table(self) -> None:
        """Back from the human's finished table: the other tables play on."""
        run = self.run
        run.leave_table()
        self.refresh()
        status = run.status
        if status == "advanced" and run.t.pending_tables():
            self.simulate("human")
        elif status == "out":
            self.notice("You are out of the tournament. Watch the rest, or skip to the medals.", theme.INK, 8.0)
        elif status == "finished":
            self.show_medals()

    def simulate(self, until: str, watch: bool = False) -> None:
        run = self.run
        if run.busy():
            if until == "end" and run.sim.until != "end":
                run.sim.cancel()
            else:
                self.watching = self.watching or watch
                self.follow = self.follow or watch
                return
        run.simulate(until, mode=sim_mode(self.app))
        self.notice_text = ""
        self.sim_handled = False
        self.watching = watch
        self.follow = watch or until == "human"
        self.refresh_buttons()

    def watch_rest(self) -> None:
        self.simulate("end", watch=True)

    def skip_to_medals(self) -> None:
        self.simulate("end")
        self.app.push(SkipOverlay(self.app, self))

    def stop_simulation(self) -> None:
        if self.run.busy():
            self.run.sim.cancel()
            self.run.save()
        self.watching = False
        self.follow = False
        self.sim_handled = True
        self.refresh()

    def show_medals(self) -> None:
        self.medals_shown = True
        self.app.push(MedalsScene(self.app, self.run))

    def show_info(self) -> None:
        self.app.push(TournamentInfoScene(self.app, self.run, self.run.t.field))

    def show_rules(self) -> None:
        self.app.push(RulesScene(self.app, GoldenGames.key))

    def save_and_quit(self) -> None:
        self.run.save()
        to_title(self.app)

    def new_tournament(self) -> None:
        to_title(self.app)
        self.app.open("tournament_setup", replacing=self.run)

    # -- the buttons -------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.data = self.run.bracket()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        run = self.run
        busy = run.busy()
        if busy:  # the simulation may be running on its thread: read its snapshot, not the tournament
            status, finished, live = self.data.human_status, self.data.finished, False
        else:
            status, finished, live = run.status, run.t.finished, run.has_game_in_progress()
        until = run.sim.until if busy else ""
        key = (status, busy, until, live, finished)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        items: list[tuple[str, object, str]] = []
        if finished:
            items = [("Medals", self.show_medals, "primary"), ("New tournament", self.new_tournament, "secondary")]
        elif busy:
            if until == "end":
                items = [("Skip to the medals", self.skip_to_medals, "primary"), ("Stop", self.stop_simulation, "secondary")]
            else:
                items = [("Stop", self.stop_simulation, "secondary")]
        elif status == "playing":
            label = "Continue your game" if live else "Play your table"
            items = [(label, self.play_table, "primary")]
        elif status == "advanced":
            items = [("Play the other tables", lambda: self.simulate("human"), "primary")]
        elif status == "out":
            items = [("Watch the rest", self.watch_rest, "primary"), ("Skip to the medals", self.skip_to_medals, "secondary")]
        items += [("How it works", self.show_info, "secondary"), ("Rules", self.show_rules, "secondary")]
        items.append(("Title screen" if finished else "Save and quit", self.save_and_quit, "ghost"))
        self.group.widgets = [Button(label, fn, style=style, key_hint="Enter" if i == 0 and style == "primary" else "")
                              for i, (label, fn, style) in enumerate(items)]
        self.group.focus = 0
        self._layout_size = None

    # -- layout ------------------------------------------------------------------------------------
    def ensure_layout(self) -> None:
        if self._layout_size != self.app.size:
            self._layout_size = self.app.size
            self.layout(self.app.size)

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        head = int(96 * s)
        foot = int(86 * s)
        self.view = pygame.Rect(int(20 * s), head, w - int(40 * s), h - head - foot)
        self.footer = pygame.Rect(0, h - foot, w, foot)
        bh = int(48 * s)
        gap = int(10 * s)
        widths = []
        for b in self.group.widgets:
            lw = theme.text(b.label, min(bh * 0.46, 30 * s)).get_width() + int(44 * s) + (int(26 * s) if b.key_hint else 0)
            widths.append(max(int(120 * s), lw))
        total = sum(widths) + gap * (len(widths) - 1)
        room = int(w * 0.62)
        if total > room:
            k = room / total
            widths = [int(x * k) for x in widths]
            total = sum(widths) + gap * (len(widths) - 1)
        x = w - int(20 * s) - total
        y = self.footer.y + (foot - bh) // 2
        for b, bw in zip(self.group.widgets, widths):
            b.rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap
        self._geometry = None

    # -- geometry of the bracket ---------------------------------------------------------------------

    def handle(self, ev) -> None:
        self.ensure_layout()
        s = self.app.scale
        step = 70 * s
        if ev.type == pygame.MOUSEWHEEL:
            shift = pygame.key.get_mods() & pygame.KMOD_SHIFT if pygame.get_init() else 0
            dx, dy = (-ev.y * step, 0) if shift else (-ev.x * step, -ev.y * step)
            self.scroll_by(dx, dy)
            self.follow = False
            return
        if ev.type == pygame.KEYDOWN:
            page = self.view.h * 0.85
            moves = {"line_down": (0, step), "line_up": (0, -step), "page_down": (0, page),
                     "page_up": (0, -page), "top": (-1e9, -1e9), "bottom": (0, 1e9)}
            match keymap.intent(ev, "bracket", "scroll"):
                case str(way) if way in moves:
                    self.scroll_by(*moves[way])
                    self.follow = False
                case "scroll_left" | "scroll_right" as way if self.max_scroll()[0] > 0:
                    self.scroll_by(step * (1 if way == "scroll_right" else -1), 0)
                case "scroll_left" | "focus_previous":
                    self.group.move_focus(-1)
                case "scroll_right" | "focus_next":
                    self.group.move_focus(1)
                case "back":
                    self.save_and_quit()
                case _:
                    self.group.handle(ev)
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 3:
            return
        if self.group.handle(ev):
            self.drag_from = None
            return
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.view.collidepoint(ev.pos):
            self.drag_from = (ev.pos, tuple(self.scroll))
        elif ev.type == pygame.MOUSEMOTION and self.drag_from is not None and getattr(ev, "buttons", (0,))[0]:
            (px, py), (sx, sy) = self.drag_from
            mx, my = self.max_scroll()
            self.scroll = [max(0.0, min(mx, sx - (ev.pos[0] - px))), max(0.0, min(my, sy - (ev.pos[1] - py)))]
            self.follow = False
        elif ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.drag_from = None

    # -- per frame --------------------------------------------------------------------------------
    def update(self, dt) -> None:
        self.time += dt
        self.ensure_layout()
        run = self.run
        sim = run.sim
        if sim is not None and not sim.done:
            sim.pump(parts.SIM_BUDGET)
        data = run.bracket()
        if data is not self.data:
            self.data = data
        if not self._scrolled_to_human:
            self._scrolled_to_human = True
            self.scroll_to(self.human_ref())
        if sim is not None and not sim.done and self.follow and sim.current is not None:
            self.scroll_to(sim.current, smooth=True)
        if sim is not None and sim.done and not self.sim_handled:
            self.sim_handled = True
            self.sim_finished(sim)
        self.refresh_buttons()

    def sim_finished(self, sim) -> None:
        self.watching = False
        self.follow = False
        self.refresh()
        if sim.error:
            log_error("tournament simulation: " + sim.error)
            self.app.push(ErrorScene(self.app, "Simulation stopped", sim.error[0].upper() + sim.error[1:] + "."))
            return
        if self.run.save_error:
            self.notice(self.run.save_error[0].upper() + self.run.save_error[1:], theme.BAD, 8.0)
        if sim.cancelled:
            return
        run = self.run
        if run.t.finished:
            if not self.medals_shown:
                self.show_medals()
            return
        if run.status == "playing":
            ref = run.t.human_table()
            stage = self.data.stages[ref.stage]
            where = "the final" if stage.final else f"table {ref.table + 1} of the {stage.name.lower()}"
            self.notice(f"The other tables are done: you play {where}.", theme.GOLD, 8.0)
            self.scroll_to(ref)

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        surf.blit(theme.background((w, h)), (0, 0))
        if self._layout_size != self.app.size:
            return
        self.draw_header(surf, s)
        self.draw_canvas(surf, s)
        self.draw_footer(surf, s)

    def draw_header(self, surf, s) -> None:
        w = surf.get_width()
        data = self.data
        title = theme.shadow_text("Golden Games tournament", 40 * s, theme.GOLD)
        surf.blit(title, (int(24 * s), int(14 * s)))
        sub = f"{data.field} entrants  ·  " + "  ›  ".join(st.name for st in data.stages)
        surf.blit(theme.text(sub, 19 * s, theme.INK_DIM), (int(26 * s), int(14 * s) + title.get_height() + int(4 * s)))
        line = self.run.human_line(data)
        colour = theme.GOLD if data.human_status in ("advanced", "finished") and "out" not in line and "knocked" not in line else theme.ACCENT
        if data.human_status == "out":
            colour = theme.INK
        if self.notice_text and self.time < self.notice_until:
            line, colour = self.notice_text, self.notice_colour
        maxw = int(w - title.get_width() - 80 * s)
        lt = theme.text(line, 22 * s, colour, bold=True, wrap=max(100, maxw), align="right")
        surf.blit(lt, (w - int(24 * s) - lt.get_width(), int(20 * s)))

    def draw_footer(self, surf, s) -> None:
        f = self.footer
        bar = pygame.Surface(f.size, pygame.SRCALPHA)
        bar.fill((6, 12, 24, 190))
        surf.blit(bar, f.topleft)
        pygame.draw.line(surf, (60, 84, 118), (0, f.y), (f.right, f.y))
        left = f.x + int(24 * s)
        right = (self.group.widgets[0].rect.x if self.group.widgets else f.right) - int(24 * s)
        sim = self.run.sim
        if sim is not None and not sim.done:
            label = ("Watching: " if self.watching else "Simulating: ") + sim.text
            t = theme.fit_text(label, 19 * s, right - left, theme.INK)
            surf.blit(t, (left, f.y + int(16 * s)))
            pr = pygame.Rect(left, f.y + int(48 * s), max(40, right - left - int(60 * s)), int(14 * s))
            draw_bar(surf, pr, sim.fraction)
            pct = theme.text(f"{int(sim.fraction * 100)}%", theme.readable(18 * s), theme.GOLD)
            surf.blit(pct, (pr.right + int(10 * s), pr.centery - pct.get_height() // 2))
        else:
            tip = self.group.tooltip() or "Scroll with the wheel, arrows or by dragging  ·  Esc saves and quits"
            if self.run.save_error:
                tip, colour = self.run.save_error, theme.BAD
            else:
                colour = theme.INK_FAINT
            t = theme.text(tip, theme.readable(17 * s), colour, bold=False, wrap=max(60, right - left))
            surf.blit(t, (left, f.centery - t.get_height() // 2))
        self.group.draw(surf, s)


# -- skipping to the medals --------------------------------------------------------------------------
class SkipOverlay(OverlayScene):
    """The rest of the tournament played out as fast as possible, with its progress."""

    name = "tournament_skip"

    def __init__(self, app, bracket: BracketScene) -> None:
        super().__init__(app)
        self.bracket = bracket
        self.group.widgets = [Button("Stop", self.stop, style="secondary", key_hint="Esc")]
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def stop(self) -> None:
        self.app.pop()
        self.bracket.stop_simulation()

    def back(self) -> None:
        self.stop()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w = int(min(size[0] - 40, 620 * s))
        self.panel_rect = pygame.Rect(0, 0, w, int(250 * s))
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        bw, bh = int(180 * s), int(48 * s)
        self.group.widgets[0].rect = pygame.Rect(self.panel_rect.centerx - bw // 2, self.panel_rect.bottom - bh - int(22 * s), bw, bh)

    def update(self, dt) -> None:
        super().update(dt)
        sim = self.bracket.run.sim
        if sim is None or sim.done:
            self.app.pop()
            return
        sim.pump(parts.SIM_BUDGET)

    def draw(self, surf) -> None:
        if self._layout_size != self.app.size:
            self.ensure_layout()
        if self.backdrop is None or self.backdrop.get_size() != surf.get_size():
            self.bracket.draw(surf)
        self.draw_backdrop(surf)
        s = self.app.scale
        r = self.panel_rect
        theme.draw_panel(surf, r, radius=int(18 * s), shadow=int(12 * s))
        theme.blit_center(surf, theme.shadow_text("Skipping to the medals", 36 * s, theme.GOLD), (r.centerx, r.y + int(44 * s)))
        sim = self.bracket.run.sim
        if sim is not None:
            t = theme.fit_text(sim.text, 20 * s, r.w - int(60 * s), theme.INK_DIM)
            theme.blit_center(surf, t, (r.centerx, r.y + int(92 * s)))
            pr = pygame.Rect(r.x + int(40 * s), r.y + int(118 * s), r.w - int(80 * s), int(18 * s))
            draw_bar(surf, pr, sim.fraction)
            pct = theme.text(f"{int(sim.fraction * 100)}%", theme.readable(18 * s), theme.GOLD)
            theme.blit_center(surf, pct, (r.centerx, pr.bottom + int(16 * s)))
        self.group.draw(surf, s)
