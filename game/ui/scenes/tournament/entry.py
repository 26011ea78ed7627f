"""The way into a tournament: the lobby (resume the saved tournament, or start again) and
the set-up (the field size with the stages it makes, the computer players' levels,
strict mode)."""

from __future__ import annotations

import pygame

from ....ai import player_names
from ....rules.variants.golden import GoldenGames
from ....tournament import SUGGESTED_FIELD, TournamentError, describe_structure
from ....tournament.run import TournamentRun
from ... import keymap, portrait_art, theme
from ...errorlog import log_error
from ...scene import Scene
from ...widgets import Button, Chooser, Toggle
from ..common import BackdropScene, DialogScene, ErrorScene
from ..setup import level_label
from .parts import DEFAULT_FIELD, MEDAL_COLOURS, draw_disc, draw_structure, level_mixes, to_bracket


def open_tournament(app) -> Scene:
    """The title menu's Tournament entry: the saved tournament if there is one, else the set-up."""
    try:
        run, note = TournamentRun.load()
    except Exception as exc:  # loading never raises; should it, the lobby still opens and says so
        log_error("opening the saved tournament", exc)
        run, note = None, "The saved tournament could not be opened."
    if run is None and not note:
        return TournamentSetupScene(app)
    return TournamentLobbyScene(app, run, note)


# -- the lobby: resume or start again ---------------------------------------------------------------
class TournamentLobbyScene(BackdropScene):
    name = "tournament"
    drift_seed = 21
    drift_count = 14

    def __init__(self, app, run: TournamentRun | None, note: str = "") -> None:
        super().__init__(app)
        self.run = run
        self.note = note
        self.panel = pygame.Rect(0, 0, 0, 0)
        widgets = []
        if run is not None:
            label = "See the results" if run.t.finished else "Resume tournament"
            widgets.append(Button(label, self.resume_tournament, style="primary", key_hint="Enter"))
        widgets.append(Button("New tournament", self.new_tournament, style="primary" if run is None else "secondary"))
        widgets.append(Button("Back", self.back, style="ghost", key_hint="Esc"))
        self.group.widgets = widgets
        self.group.focus = 0

    def resume_tournament(self) -> None:
        run = self.run
        bracket = to_bracket(self.app, run)
        if run.message:
            self.app.push(DialogScene(self.app, "Saved tournament", run.message, [("OK", "primary", None)], tone=theme.WARN))
            run.message = ""
        elif run.resume_data.get("screen") == "play" and run.has_game_in_progress():
            bracket.play_table()

    def new_tournament(self) -> None:
        self.app.push(TournamentSetupScene(self.app, replacing=self.run))

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        pw = int(min(w - 60 * s, 700 * s))
        ph = int((220 if self.run is None else 300 if self.run.t.finished else 210) * s)
        self.panel = pygame.Rect((w - pw) // 2, int(150 * s), pw, ph)
        bw, bh, gap = int(300 * s), int(52 * s), int(12 * s)
        y = self.panel.bottom + int(30 * s)
        for b in self.group.widgets:
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, bh)
            y += bh + gap

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        theme.blit_center(surf, theme.shadow_text("Tournament", 54 * s, theme.GOLD), (w // 2, int(80 * s)))
        if self._layout_size != self.app.size:
            return
        r = self.panel
        theme.draw_panel(surf, r, radius=int(18 * s))
        x, y = r.x + int(28 * s), r.y + int(22 * s)
        inner = r.w - int(56 * s)
        run = self.run
        if run is None:
            surf.blit(theme.text("The saved tournament cannot be resumed", 28 * s, theme.BAD), (x, y))
            y += int(42 * s)
            surf.blit(theme.text(self.note, 21 * s, theme.INK, bold=False, wrap=inner), (x, y))
        else:
            data = run.bracket()
            t = run.t
            head = "Your last tournament" if t.finished else "Your tournament in progress"
            surf.blit(theme.text(head, 30 * s, theme.ACCENT), (x, y))
            y += int(44 * s)
            stage = data.stages[data.current_stage].name
            facts = f"Golden Games  ·  {t.field} entrants  ·  " + ("finished" if t.finished else stage)
            surf.blit(theme.text(facts, 22 * s, theme.INK_DIM), (x, y))
            y += int(34 * s)
            line = theme.text(run.human_line(data), 24 * s, theme.INK, bold=False, wrap=inner)
            surf.blit(line, (x, y))
            y += line.get_height() + int(16 * s)
            if data.medals:
                for m in data.medals:
                    draw_disc(surf, (x + int(14 * s), y + int(14 * s)), int(13 * s), MEDAL_COLOURS[m.medal], str(m.place), s)
                    txt = theme.text(f"{m.name}  ·  {m.total} point{'s' if m.total != 1 else ''}", 21 * s, theme.INK)
                    surf.blit(txt, (x + int(38 * s), y + int(14 * s) - txt.get_height() // 2))
                    y += int(32 * s)
            elif run.has_game_in_progress():
                surf.blit(theme.text("Your game is saved with your turn as you left it.", 20 * s, theme.INK_DIM, bold=False),
                          (x, y))
        self.group.draw(surf, s)


# -- set-up ----------------------------------------------------------------------------------------
class TournamentSetupScene(BackdropScene):
    name = "tournament_setup"
    drift_seed = 23
    drift_count = 16

    def __init__(self, app, replacing: TournamentRun | None = None) -> None:
        super().__init__(app)
        self.replacing = replacing
        lo, hi = SUGGESTED_FIELD
        self.field = DEFAULT_FIELD
        self.mixes = level_mixes()
        self.mix = self.mixes[0]
        self.strict = False
        self.initial_manipulation = True
        self.field_chooser = Chooser("Entrants", [(n, str(n)) for n in range(lo, hi + 1)], self.field - lo, self.set_field,
                                     help=f"How many players take part, you included ({lo} to {hi}).")
        self.mix_chooser = Chooser("Computer players", [(m[0], m[1]) for m in self.mixes], 0, self.set_mix,
                                   help=self.mix[3])
        self.strict_toggle = Toggle("Strict mode", self.strict, self.set_strict,
                                    help="Strict: no warning before ending a turn that costs the 3-tile penalty.")
        spec = next(sp for sp in GoldenGames.option_specs if sp.name == "initial_turn_manipulation")
        self.manip_toggle = Toggle("Work the table on the initial meld", True, self.set_manip, help=spec.help)
        self.start_button = Button("Start tournament", self.start, style="primary", key_hint="Enter")
        self.rules_button = Button("Read the rules", self.show_rules)
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")
        self.group.widgets = [self.field_chooser, self.mix_chooser, self.strict_toggle, self.manip_toggle,
                              self.start_button, self.rules_button, self.back_button]
        self.group.focus = 0
        self.card = pygame.Rect(0, 0, 0, 0)

    def set_field(self, n) -> None:
        self.field = int(n)

    def set_mix(self, key) -> None:
        self.mix = next(m for m in self.mixes if m[0] == key)
        self.mix_chooser.tooltip = self.mix[3]

    def set_strict(self, value: bool) -> None:
        self.strict = bool(value)

    def set_manip(self, value: bool) -> None:
        self.initial_manipulation = bool(value)

    def options(self) -> dict:
        return {"warn_before_penalty": not self.strict, "initial_turn_manipulation": self.initial_manipulation}

    def start(self) -> None:
        if self.replacing is not None and not self.replacing.t.finished:
            self.app.push(DialogScene(self.app, "Start a new tournament?",
                                      "Your tournament in progress will be replaced. It cannot be resumed afterwards.",
                                      [("Start new", "danger", self.create), ("Keep it", "secondary", None)], tone=theme.WARN))
            return
        self.create()

    def create(self) -> None:
        seed = None
        if self.app.seed is not None:
            seed = int(self.app.seed)
            self.app.seed += 1
        name = str(self.app.settings.get("player_name") or "You")
        try:
            run = TournamentRun.create(self.field, name, seed=seed, levels=list(self.mix[2]), options=self.options())
        except TournamentError as exc:
            self.app.push(ErrorScene(self.app, "Cannot start", str(exc)))
            return
        run.save()
        bracket = to_bracket(self.app, run)
        if run.save_error:
            bracket.notice(run.save_error[0].upper() + run.save_error[1:], theme.BAD)

    def show_rules(self) -> None:
        self.app.open("tournament_info", None, self.field)

    def handle(self, ev) -> None:
        if keymap.intent(ev, "form") == "start" and not self.group.focused_presses_enter():
            self.start()
            return
        super().handle(ev)

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        form_w = int(min(540 * s, w * 0.5))
        card_w = int(min(480 * s, w * 0.4))
        gap = int(30 * s)
        x0 = (w - form_w - gap - card_w) // 2
        top = int(110 * s)
        rh = int(50 * s)
        y = top
        for wd in (self.field_chooser, self.mix_chooser, self.strict_toggle, self.manip_toggle):
            wd.rect = pygame.Rect(x0, y, form_w, rh)
            y += rh + int(8 * s)
        bh = int(50 * s)
        by = h - bh - int(28 * s)
        self.card = pygame.Rect(x0 + form_w + gap, top, card_w, by - top - int(24 * s))
        bw = int(240 * s)
        self.start_button.rect = pygame.Rect(self.card.right - bw, by, bw, bh)
        self.rules_button.rect = pygame.Rect(x0, y + int(10 * s), int(220 * s), int(44 * s))
        self.back_button.rect = pygame.Rect(x0, by, int(150 * s), bh)

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        surf.blit(theme.shadow_text("New tournament", 50 * s, theme.GOLD), (int(40 * s), int(30 * s)))
        if self._layout_size != self.app.size:
            return
        self.draw_card(surf, s)
        self.draw_mix(surf, s)
        self.group.draw(surf, s)
        tip = self.group.tooltip()
        if tip:  # under the form, clear of the card beside it
            form = self.field_chooser.rect
            t = theme.text(tip, theme.readable(19 * s), theme.INK_DIM, bold=False, wrap=form.w)
            surf.blit(t, (form.x, self.back_button.rect.y - t.get_height() - int(14 * s)))

    def draw_mix(self, surf, s) -> None:
        """The computer players' faces under the form, and a word on levels not installed yet."""
        r = self.rules_button.rect
        x, y = r.x, r.bottom + int(24 * s)
        size = int(44 * s)
        levels = self.mix[2]
        have = set(player_names())
        for i, lv in enumerate(levels):
            fx = x + i * (size + int(40 * s))
            surf.blit(portrait_art.face(lv if lv in have else "basic", size, who=i + 2), (fx, y))
            lab = theme.fit_text(level_label(lv), theme.readable(17 * s), size + int(36 * s), theme.INK_DIM)
            theme.blit_center(surf, lab, (fx + size // 2, y + size + int(12 * s)))
        missing = [lv for lv in levels if lv not in have]
        if missing:
            note = ", ".join(level_label(m) for m in missing) + " players are not installed yet: they play as Basic for now."
            t = theme.text(note, theme.readable(18 * s), theme.WARN, bold=False, wrap=self.field_chooser.rect.w)
            surf.blit(t, (x, y + size + int(30 * s)))

    def draw_card(self, surf, s) -> None:
        r = self.card
        theme.draw_panel(surf, r, radius=int(16 * s))
        x = r.x + int(22 * s)
        y = r.y + int(16 * s)
        inner = r.w - int(44 * s)
        surf.blit(theme.fit_text("Golden Games tournament", 32 * s, inner, theme.GOLD), (x, y))
        y += int(44 * s)
        intro = (f"You and {self.field - 1} computer players. Every table plays its games under the Golden Games rules: "
                 "two minutes a play, lowest total goes on.")
        t = theme.text(intro, 20 * s, theme.INK, bold=False, wrap=inner)
        surf.blit(t, (x, y))
        y += t.get_height() + int(14 * s)
        surf.blit(theme.text("How it goes", 22 * s, theme.ACCENT), (x, y))
        y += int(28 * s)
        for line in describe_structure(self.field):
            name, _, rest = line.partition(": ")
            nt = theme.text(name, 19 * s, theme.INK)
            surf.blit(nt, (x, y))
            y += nt.get_height() + int(2 * s)
            body = theme.text(rest, theme.readable(18 * s), theme.INK_DIM, bold=False, wrap=inner - int(12 * s))
            surf.blit(body, (x + int(12 * s), y))
            y += body.get_height() + int(8 * s)
        y += int(4 * s)
        strict = ("Strict mode: a turn that leaves incomplete sets costs 3 tiles at once." if self.strict
                  else "Before a turn that would cost the 3-tile penalty, you are warned first.")
        t = theme.text(strict, theme.readable(18 * s), theme.WARN if self.strict else theme.INK_DIM, bold=False, wrap=inner)
        if y + t.get_height() < r.bottom - int(10 * s):
            surf.blit(t, (x, y))
            y += t.get_height() + int(14 * s)
        room = pygame.Rect(x, y, inner, r.bottom - int(14 * s) - y)
        if room.h > 90 * s:
            room.h = min(room.h, int(260 * s))
            room.y = r.bottom - int(14 * s) - room.h
            draw_structure(surf, room, self.field, s)
