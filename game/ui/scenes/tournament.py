"""The Golden Games tournament on screen.

Screens, all driven by a ``TournamentRun`` (``game/tournament_run.py``):

* ``TournamentLobbyScene``: a tournament is saved: resume it (or see its
  results), or start a new one.
* ``TournamentSetupScene``: the field size (9 to 48, with the stages it makes),
  the computer players' levels and strict mode.
* ``BracketScene``: every stage, table, game and score, who went on and why,
  the human highlighted; scrolls; runs the computer tables' simulation with a
  progress bar (a little per frame, or on a thread) and offers "Watch the rest"
  / "Skip to the medals" to a knocked-out player.
* ``TournamentPlayScene``: the play screen for the human's table (the play
  scene itself, with tournament results between games and at the end).
* ``MedalsScene``: the podium.

Everything is saved through the save system's tournament slot after every
turn, every game and every simulated table, and when the window closes.
"""

from __future__ import annotations

import math

import pygame

from ...ai import player_names
from ...rules.variants.golden import GoldenGames
from ...tournament import SUGGESTED_FIELD, TableRef, TournamentError, describe_structure, stage_plan
from ...tournament_run import TournamentRun
from .. import faces, theme
from ..anim import Effects
from ..app import Scene, log_error
from ..widgets import Button, Chooser, Toggle
from .common import BackdropScene, DialogScene, ErrorScene, OverlayScene
from .play import PlayScene
from .results import ResultsBase, rack_tiles
from .rules import RulesScene
from .setup import level_label

MEDAL_COLOURS = {"gold": (246, 196, 70), "silver": (200, 208, 220), "bronze": (205, 127, 50)}
PLACE_COLOURS = [MEDAL_COLOURS["gold"], MEDAL_COLOURS["silver"], MEDAL_COLOURS["bronze"], (120, 130, 150)]
DEFAULT_FIELD = 12
SIM_BUDGET = 0.012  # seconds of simulation per frame (at least one turn): the frame never waits for it

# (key, label, levels, help)
LEVEL_MIXES = [
    ("mixed", "Mixed", ("easy", "medium", "hard"), "A third each of easy, medium and hard players, seated by lot."),
    ("gentle", "Easy", ("easy",), "Every computer player is easy."),
    ("easy-medium", "Easy and medium", ("easy", "medium"), "Half easy, half medium."),
    ("medium", "Medium", ("medium",), "Every computer player is medium."),
    ("medium-hard", "Medium and hard", ("medium", "hard"), "Half medium, half hard."),
    ("hard", "Hard", ("hard",), "Every computer player is hard."),
    ("basic", "Basic", ("basic",), "Every computer player is the basic player."),
]


def open_tournament(app) -> Scene:
    """The title menu's Tournament entry: the saved tournament if there is one, else the set-up."""
    try:
        run, note = TournamentRun.load()
    except Exception as exc:  # loading never raises; should it, the lobby still opens and says so
        from ..app import log_error

        log_error("opening the saved tournament", exc)
        run, note = None, "The saved tournament could not be opened."
    if run is None and not note:
        return TournamentSetupScene(app)
    return TournamentLobbyScene(app, run, note)


def to_bracket(app, run: TournamentRun) -> "BracketScene":
    """Leave the menus: the bracket goes straight above the title screen."""
    from .title import TitleScene

    app.pop_to(TitleScene)
    if app.top is None:
        app.push(TitleScene(app))
    return app.push(BracketScene(app, run))


def to_title(app) -> None:
    from .title import TitleScene

    app.pop_to(TitleScene)
    if app.top is None:
        app.push(TitleScene(app))


def sim_mode(app) -> str:
    """How to simulate: in a process like the computer players' worker (a thread when the
    app's computer players use one), or stepped in the frame where the app computes
    everything in the frame (tests, tools)."""
    mode = getattr(app, "ai_mode", "auto")
    return {"sync": "stepped", "thread": "thread"}.get(mode, "process")


def draw_bar(surf, rect: pygame.Rect, fraction: float, colour=theme.GOLD) -> None:
    pygame.draw.rect(surf, (10, 16, 28), rect, border_radius=rect.h // 2)
    fill = rect.copy()
    fill.w = max(rect.h, int(rect.w * max(0.0, min(1.0, fraction))))
    if fraction > 0:
        pygame.draw.rect(surf, colour, fill, border_radius=rect.h // 2)
    pygame.draw.rect(surf, theme.PANEL_EDGE, rect, width=1, border_radius=rect.h // 2)


def draw_disc(surf, centre, radius: int, colour, label: str, s: float) -> None:
    pygame.draw.circle(surf, colour, centre, radius)
    pygame.draw.circle(surf, theme.darken(colour, 0.3), centre, radius, width=max(1, int(2 * s)))
    if label:
        theme.blit_center(surf, theme.text(label, max(9, radius * 1.05), (30, 30, 40)), centre)


def draw_structure(surf, rect: pygame.Rect, field: int, s: float) -> None:
    """A small picture of the stages: each table a box with a tile per seat, lines to the
    next stage, the final in gold."""
    plan = stage_plan(field)
    n = len(plan)
    label_h = int(40 * s)
    area = pygame.Rect(rect.x, rect.y, rect.w, rect.h - label_h)
    col_w = area.w // n
    tile_w = max(4, int(min(11 * s, (col_w * 0.55) / 4.6)))
    boxes: list[list[pygame.Rect]] = []
    for i, st in enumerate(plan):
        k = len(st["tables"])
        gap = max(2, int(min(8 * s, area.h * 0.25 / max(1, k))))
        bh = int(min(tile_w * 1.9, (area.h - gap * (k - 1)) / k))
        total = k * bh + (k - 1) * gap
        y = area.y + (area.h - total) // 2
        cx = area.x + col_w * i + col_w // 2
        col = []
        for size in st["tables"]:
            bw = size * (tile_w + 2) + int(8 * s)
            col.append(pygame.Rect(cx - bw // 2, y, bw, bh))
            y += bh + gap
        boxes.append(col)
    line = (70, 96, 130)
    for i in range(n - 1):
        a, b = boxes[i], boxes[i + 1]
        mid = (max(r.right for r in a) + min(r.x for r in b)) // 2
        for r in a:
            pygame.draw.line(surf, line, (r.right, r.centery), (mid, r.centery), max(1, int(2 * s)))
        ys = [r.centery for r in a] + [r.centery for r in b]
        pygame.draw.line(surf, line, (mid, min(ys)), (mid, max(ys)), max(1, int(2 * s)))
        for r in b:
            pygame.draw.line(surf, line, (mid, r.centery), (r.x, r.centery), max(1, int(2 * s)))
    for i, (st, col) in enumerate(zip(plan, boxes)):
        colour = theme.GOLD if st["final"] else theme.ACCENT
        for r, size in zip(col, st["tables"]):
            pygame.draw.rect(surf, (20, 34, 56), r, border_radius=max(2, int(4 * s)))
            pygame.draw.rect(surf, colour, r, width=1, border_radius=max(2, int(4 * s)))
            th = max(3, r.h - int(6 * s))
            for j in range(size):
                tr = pygame.Rect(r.x + int(4 * s) + j * (tile_w + 2), r.centery - th // 2, tile_w, th)
                pygame.draw.rect(surf, theme.TILE_FACE, tr, border_radius=max(1, tile_w // 4))
        cx = area.x + col_w * i + col_w // 2
        name = theme.fit_text(st["name"], 16 * s, col_w - int(6 * s), colour)
        theme.blit_center(surf, name, (cx, area.bottom + int(12 * s)))
        games = f"{st['games']} game{'s' if st['games'] != 1 else ''}"
        theme.blit_center(surf, theme.text(games, 14 * s, theme.INK_DIM, bold=False), (cx, area.bottom + int(30 * s)))


def entrant_face(row: dict, size: int) -> pygame.Surface:
    """An entrant's portrait: theirs through the whole tournament."""
    if row.get("is_human"):
        return faces.player_face("human", "", size)
    return faces.player_face(row.get("level") or "basic", str(row.get("name") or row.get("entrant", 0)), size)


def level_mixes() -> list[tuple[str, str, tuple, str]]:
    have = set(player_names())
    out = []
    for key, label, levels, help_text in LEVEL_MIXES:
        if key == "basic" and "basic" not in have:
            continue
        out.append((key, label, levels, help_text))
    return out


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
            stage = data["stages"][data["current_stage"]]["name"]
            facts = f"Golden Games  ·  {t.field} entrants  ·  " + ("finished" if t.finished else stage)
            surf.blit(theme.text(facts, 22 * s, theme.INK_DIM), (x, y))
            y += int(34 * s)
            line = theme.text(run.human_line(data), 24 * s, theme.INK, bold=False, wrap=inner)
            surf.blit(line, (x, y))
            y += line.get_height() + int(16 * s)
            if data["medals"]:
                for m in data["medals"]:
                    draw_disc(surf, (x + int(14 * s), y + int(14 * s)), int(13 * s), MEDAL_COLOURS[m["medal"]], str(m["place"]), s)
                    txt = theme.text(f"{m['name']}  ·  {m['total']} points", 21 * s, theme.INK)
                    surf.blit(txt, (x + int(38 * s), y + int(14 * s) - txt.get_height() // 2))
                    y += int(32 * s)
            elif run.has_game_in_progress():
                surf.blit(theme.text("Your game is saved as it stood at the start of the turn.", 20 * s, theme.INK_DIM, bold=False),
                          (x, y))
        self.group.draw(surf, s)


# -- set-up ----------------------------------------------------------------------------------------
class TournamentSetupScene(BackdropScene):
    name = "tournament"
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
        self.app.push(TournamentInfoScene(self.app, None, self.field))

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not isinstance(self.group.focused, Button):
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
        if tip:
            t = theme.text(tip, 19 * s, theme.INK_DIM, bold=False)
            theme.blit_center(surf, t, (w // 2, h - int(100 * s)))

    def draw_mix(self, surf, s) -> None:
        """The computer players' faces under the form, and a word on levels not installed yet."""
        r = self.rules_button.rect
        x, y = r.x, r.bottom + int(24 * s)
        size = int(44 * s)
        levels = self.mix[2]
        have = set(player_names())
        for i, lv in enumerate(levels):
            fx = x + i * (size + int(40 * s))
            surf.blit(faces.face(lv if lv in have else "basic", size, who=i + 2), (fx, y))
            lab = theme.fit_text(level_label(lv), 17 * s, size + int(36 * s), theme.INK_DIM)
            theme.blit_center(surf, lab, (fx + size // 2, y + size + int(12 * s)))
        missing = [lv for lv in levels if lv not in have]
        if missing:
            note = ", ".join(level_label(m) for m in missing) + " players are not installed yet: they play as Basic for now."
            t = theme.text(note, 18 * s, theme.WARN, bold=False, wrap=self.field_chooser.rect.w)
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
            body = theme.text(rest, 18 * s, theme.INK_DIM, bold=False, wrap=inner - int(12 * s))
            surf.blit(body, (x + int(12 * s), y))
            y += body.get_height() + int(8 * s)
        y += int(4 * s)
        strict = ("Strict mode: a turn that leaves incomplete sets costs 3 tiles at once." if self.strict
                  else "Before a turn that would cost the 3-tile penalty, you are warned first.")
        t = theme.text(strict, 18 * s, theme.WARN if self.strict else theme.INK_DIM, bold=False, wrap=inner)
        if y + t.get_height() < r.bottom - int(10 * s):
            surf.blit(t, (x, y))
            y += t.get_height() + int(14 * s)
        room = pygame.Rect(x, y, inner, r.bottom - int(14 * s) - y)
        if room.h > 90 * s:
            room.h = min(room.h, int(260 * s))
            room.y = r.bottom - int(14 * s) - room.h
            draw_structure(surf, room, self.field, s)


# -- the bracket -----------------------------------------------------------------------------------
class BracketScene(Scene):
    """Every stage and table; the hub of a tournament."""

    name = "bracket"

    def __init__(self, app, run: TournamentRun) -> None:
        super().__init__(app)
        from ..widgets import FocusGroup

        self.run = run
        self.group = FocusGroup([], on_sound=app.sound.play)
        self.scroll = [0.0, 0.0]
        self.view = pygame.Rect(0, 0, 0, 0)
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
        self._geometry = None
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
        from .rules import RulesScene as Rules

        self.app.push(Rules(self.app, GoldenGames.key))

    def save_and_quit(self) -> None:
        self.run.save()
        to_title(self.app)

    def new_tournament(self) -> None:
        to_title(self.app)
        self.app.push(TournamentSetupScene(self.app, replacing=self.run))

    # -- the buttons -------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.data = self.run.bracket()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        run = self.run
        busy = run.busy()
        if busy:  # the simulation may be running on its thread: read its snapshot, not the tournament
            status, finished, live = self.data.get("human_status"), self.data.get("finished"), False
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
    def geometry(self) -> dict:
        """Columns and cards (recomputed when the data or the size change).  Card rectangles
        are relative to the top of the cards' area (below the stage headings) and to the
        canvas's left edge; each column scrolls only as far as its own length needs, so the
        short later stages stay in view while the qualifying round scrolls."""
        s = self.app.scale
        key = (self.app.size, _shape(self.data))
        if self._geometry is not None and self._geometry[0] == key:
            return self._geometry[1]
        stages = self.data["stages"]
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
            tables = st["tables"] or [None] * len(st["table_sizes"])
            for k, tb in enumerate(tables):
                rows = len(tb["players"]) if tb else st["table_sizes"][k]
                ch = int(34 * s) + int(22 * s) + rows * int(28 * s) + int(12 * s)
                if tb and tb["tie_break"]:
                    ch += self._tie_lines(tb["tie_break"], col_w, s) * int(19 * s) + int(4 * s)
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
        for st in self.data["stages"]:
            for tb in st["tables"]:
                if tb["is_human_table"]:
                    ref = TableRef(st["index"], tb["index"])
        return ref

    # -- input ------------------------------------------------------------------------------------
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
            k = ev.key
            page = self.view.h * 0.85
            moves = {pygame.K_DOWN: (0, step), pygame.K_UP: (0, -step), pygame.K_PAGEDOWN: (0, page),
                     pygame.K_PAGEUP: (0, -page), pygame.K_HOME: (-1e9, -1e9), pygame.K_END: (0, 1e9)}
            if k in moves:
                self.scroll_by(*moves[k])
                self.follow = False
                return
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                mx, _ = self.max_scroll()
                if ev.mod & pygame.KMOD_SHIFT and mx > 0:
                    self.scroll_by(step * (1 if k == pygame.K_RIGHT else -1), 0)
                else:
                    self.group.move_focus(1 if k == pygame.K_RIGHT else -1)
                return
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.save_and_quit()
                return
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
            sim.pump(SIM_BUDGET)
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
            stage = self.data["stages"][ref.stage]
            where = "the final" if stage["final"] else f"table {ref.table + 1} of the {stage['name'].lower()}"
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
        sub = f"{data['field']} entrants  ·  " + "  ›  ".join(st["name"] for st in data["stages"])
        surf.blit(theme.text(sub, 19 * s, theme.INK_DIM), (int(26 * s), int(14 * s) + title.get_height() + int(4 * s)))
        line = self.run.human_line(data)
        colour = theme.GOLD if data.get("human_status") in ("advanced", "finished") and "out" not in line and "knocked" not in line else theme.ACCENT
        if data.get("human_status") == "out":
            colour = theme.INK
        if self.notice_text and self.time < self.notice_until:
            line, colour = self.notice_text, self.notice_colour
        maxw = int(w - title.get_width() - 80 * s)
        lt = theme.text(line, 22 * s, colour, bold=True, wrap=max(100, maxw), align="right")
        surf.blit(lt, (w - int(24 * s) - lt.get_width(), int(20 * s)))

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
        for col, st in zip(geo["cols"], self.data["stages"]):
            self.draw_stage_head(surf, st, col, ox, v.y, s)
        if my > 0:  # the heads stay; a rule shows where the cards scroll under them
            pygame.draw.line(surf, (44, 64, 92), (v.x, cv.y - 1), (v.right, cv.y - 1))
        surf.set_clip(cv)
        sim = self.run.sim if self.run.busy() else None
        current = sim.current if sim is not None else None
        self.draw_connectors(surf, geo, ox, offsets, s)
        for col, st, oy in zip(geo["cols"], self.data["stages"], offsets):
            for k, r in enumerate(col["cards"]):
                rr = r.move(ox, oy)
                if rr.bottom < cv.y or rr.y > cv.bottom or rr.right < cv.x or rr.x > cv.right:
                    continue
                tb = st["tables"][k] if st["tables"] else None
                simulating = current is not None and current == TableRef(st["index"], k)
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
            more = theme.text("scroll for more", 16 * s, theme.INK_FAINT, bold=False)
            surf.blit(more, (v.right - more.get_width() - int(16 * s), v.bottom - more.get_height() - int(6 * s)))

    @staticmethod
    def row_order(tb: dict) -> list[dict]:
        """A card's rows as drawn: by place once the table is done, else by seat."""
        rows = tb["players"]
        return sorted(rows, key=lambda p: p["place"] or 99) if tb["status"] == "done" else rows

    def row_y(self, card: pygame.Rect, index: int, s: float) -> int:
        row_h = int(28 * s)
        return card.y + int(8 * s) + int(34 * s) + int(22 * s) + index * row_h + (row_h - int(2 * s)) // 2

    def draw_connectors(self, surf, geo, ox, offsets, s) -> None:
        """Lines from each player who went on to their seat in the next stage."""
        stages = self.data["stages"]
        mine = []
        for i in range(len(stages) - 1):
            nxt = stages[i + 1]
            if not nxt["tables"]:
                continue
            where = {}
            for k, tb in enumerate(nxt["tables"]):
                for j, p in enumerate(self.row_order(tb)):
                    where[p["entrant"]] = (k, j)
            for k, tb in enumerate(stages[i]["tables"]):
                if tb["status"] != "done":
                    continue
                for j, p in enumerate(self.row_order(tb)):
                    if not p["advanced"] or p["entrant"] not in where:
                        continue
                    k2, j2 = where[p["entrant"]]
                    a = geo["cols"][i]["cards"][k].move(ox, offsets[i])
                    b = geo["cols"][i + 1]["cards"][k2].move(ox, offsets[i + 1])
                    y1, y2 = self.row_y(a, j, s), self.row_y(b, j2, s)
                    n_tables = max(1, len(stages[i]["tables"]) - 1)
                    mid = a.right + int((b.x - a.right) * (0.3 + 0.4 * k / n_tables))
                    pts = [(a.right, y1), (mid, y1), (mid, y2), (b.x, y2)]
                    if p["is_human"]:
                        mine.append(pts)
                    else:
                        pygame.draw.lines(surf, theme.darken(theme.GOOD, 0.35), False, pts, max(2, int(2 * s)))
        for pts in mine:
            pygame.draw.lines(surf, theme.ACCENT, False, pts, max(2, int(3 * s)))

    def draw_stage_head(self, surf, st, col, ox, top, s) -> None:
        x, y = col["x"] + ox, top + int(6 * s)
        colour = theme.GOLD if st["final"] else theme.ACCENT
        name = theme.text(st["name"], 26 * s, colour)
        surf.blit(name, (x + int(4 * s), y))
        games = f"{st['games']} game{'s' if st['games'] != 1 else ''}"
        if st["final"]:
            how = "gold, silver, bronze"
        elif st["advance"] == 1:
            how = "winners go on"
        else:
            how = "top two go on"
        chip = {"done": ("Done", theme.GOOD), "playing": ("In play", theme.GOLD), "waiting": ("Waiting", theme.INK_FAINT)}[st["status"]]
        sub = theme.text(f"{st['entrants']} players  ·  {games}  ·  {how}", 17 * s, theme.INK_DIM, bold=False)
        surf.blit(sub, (x + int(4 * s), y + name.get_height() + int(2 * s)))
        ct = theme.text(chip[0], 17 * s, chip[1])
        surf.blit(ct, (x + col["w"] - ct.get_width() - int(6 * s), y + int(6 * s)))

    def draw_card(self, surf, r: pygame.Rect, st: dict, tb: dict | None, k: int, simulating: bool, s: float) -> None:
        human_table = bool(tb and tb["is_human_table"])
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
        label = f"Table {k + 1}" if not st["final"] else "Final table"
        surf.blit(theme.text(label, 21 * s, theme.INK), (x, y))
        games_n = st["games"]
        if tb is None:
            chip, colour = "to be seated", theme.INK_FAINT
        elif simulating:
            chip, colour = f"simulating game {min(tb['games_played'] + 1, games_n)} of {games_n}…", theme.WARN
        elif tb["status"] == "done":
            chip, colour = ("your table · done" if human_table else "done"), (theme.ACCENT if human_table else theme.INK_FAINT)
        elif human_table:
            chip, colour = ("your table · game %d of %d" % (min(tb["games_played"] + 1, games_n), games_n) if tb["games_played"]
                            or tb["status"] == "live" else "your table · to play"), theme.ACCENT
        else:
            chip, colour = "to play", theme.INK_FAINT
        ct = theme.fit_text(chip, 17 * s, r.w - int(120 * s), colour)
        surf.blit(ct, (r.right - ct.get_width() - int(12 * s), y + int(3 * s)))
        y += int(34 * s)
        # column heads
        total_x = r.right - int(26 * s)
        score_w = int(34 * s)
        game_xs = [total_x - int(56 * s) - (games_n - 1 - g) * score_w for g in range(games_n)]
        head_px = 15 * s
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
            for i in range(st["table_sizes"][k]):
                who = "to be decided"
                surf.blit(theme.text(who, 18 * s, theme.INK_FAINT, bold=False), (name_x, y + int(5 * s)))
                pygame.draw.circle(surf, (40, 54, 76), (x + int(34 * s), y + row_h // 2), int(10 * s))
                y += row_h
            return
        done = tb["status"] == "done"
        medals = {m["entrant"]: m for m in self.data["medals"]} if st["final"] else {}
        for p in self.row_order(tb):
            rr = pygame.Rect(r.x + int(6 * s), y, r.w - int(12 * s), row_h - int(2 * s))
            if p["is_human"]:
                theme.blend_rect(surf, (*theme.ACCENT, 46), rr, border_radius=int(6 * s))
            elif done and p["advanced"]:
                theme.blend_rect(surf, (*theme.GOOD, 26), rr, border_radius=int(6 * s))
            cy = rr.centery
            # place (or medal)
            if done:
                m = medals.get(p["entrant"])
                if m is not None:
                    draw_disc(surf, (x + int(8 * s), cy), int(10 * s), MEDAL_COLOURS[m["medal"]], str(m["place"]), s)
                else:
                    pt = theme.text(str(p["place"]), 16 * s, theme.INK_DIM)
                    theme.blit_center(surf, pt, (x + int(8 * s), cy))
            fs = int(22 * s)
            surf.blit(entrant_face(p, fs), (x + int(22 * s), cy - fs // 2))
            out = done and not p["advanced"] and not st["final"]
            ncol = theme.ACCENT if p["is_human"] else (theme.INK_DIM if out else theme.INK)
            name = p["name"] + (" (you)" if p["is_human"] and p["name"] != "You" else "")
            nt = theme.fit_text(name, 19 * s, max(20, name_w), ncol)
            surf.blit(nt, (name_x, cy - nt.get_height() // 2))
            if not p["is_human"]:
                lv = theme.text(level_label(p["level"]), 15 * s, theme.INK_FAINT, bold=False)
                if nt.get_width() + lv.get_width() + int(8 * s) < name_w:
                    surf.blit(lv, (name_x + nt.get_width() + int(6 * s), cy - lv.get_height() // 2 + int(1 * s)))
            for g, gx in enumerate(game_xs):
                if g < len(p["scores"]):
                    v = p["scores"][g]
                    col = theme.GOLD if v == 0 else theme.INK_DIM
                    t = theme.text(str(v), 18 * s, col, bold=False)
                    surf.blit(t, (gx - t.get_width(), cy - t.get_height() // 2))
            if p["total"] is not None:
                t = theme.text(str(p["total"]), 20 * s, theme.GOLD if done and p["place"] == 1 else theme.INK)
                surf.blit(t, (total_x - t.get_width(), cy - t.get_height() // 2))
            if done and p["advanced"]:
                ax = r.right - int(12 * s)
                a = int(6 * s)
                pygame.draw.polygon(surf, theme.GOOD, [(ax - a, cy - a), (ax, cy), (ax - a, cy + a)])
            y += row_h
        if tb["tie_break"]:
            t = theme.text("Tie-break: " + tb["tie_break"], 16 * s, theme.WARN, bold=False, wrap=r.w - int(28 * s))
            surf.blit(t, (x, y + int(4 * s)))

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
            pct = theme.text(f"{int(sim.fraction * 100)}%", 18 * s, theme.GOLD)
            surf.blit(pct, (pr.right + int(10 * s), pr.centery - pct.get_height() // 2))
        else:
            tip = self.group.tooltip() or "Scroll with the wheel, arrows or by dragging  ·  Esc saves and quits"
            if self.run.save_error:
                tip, colour = self.run.save_error, theme.BAD
            else:
                colour = theme.INK_FAINT
            t = theme.text(tip, 17 * s, colour, bold=False, wrap=max(60, right - left))
            surf.blit(t, (left, f.centery - t.get_height() // 2))
        self.group.draw(surf, s)


def _shape(data: dict) -> tuple:
    """What the bracket's geometry depends on."""
    return tuple((len(st["tables"]), tuple(st["table_sizes"]), tuple(bool(tb["tie_break"]) for tb in st["tables"]),
                  tuple(tb["tie_break"] for tb in st["tables"]))
                 for st in data["stages"])


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
        sim.pump(SIM_BUDGET)

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
            pct = theme.text(f"{int(sim.fraction * 100)}%", 18 * s, theme.GOLD)
            theme.blit_center(surf, pct, (r.centerx, pr.bottom + int(16 * s)))
        self.group.draw(surf, s)


# -- the human's table -------------------------------------------------------------------------------
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
        self.stage_name = stage["name"]
        self.final = stage["final"]

    def header_text(self) -> str:
        st = self.session.state
        games = int(st.options.get("rounds", 1))
        where = "Final" if self.final else f"{self.stage_name}, table {self.ref.table + 1}"
        return f"Golden Games tournament  ·  {where}  ·  Game {min(st.round, games)} of {games}"

    def closing(self) -> None:
        self.run.save()

    def on_event(self, ev: dict) -> None:
        super().on_event(ev)
        if ev.get("type") == "penalty" and ev.get("seat") == self.session.viewer and self.banner is not None:
            # your own penalty: its explanation stays up long enough to read (strict mode did not warn)
            title, sub, colour, start, until = self.banner
            self.banner = (title, sub, colour, start, max(until, self.time + 7.0))

    def show_results(self) -> None:
        if self.app.top is not self:
            self.results_at = self.time + 0.1
            return
        if self.session.phase == "game_over":
            self.app.push(TableOverScene(self.app, self))
        elif self.session.phase == "round_over":
            self.app.push(GameResultsScene(self.app, self))

    def open_pause(self) -> None:
        super().open_pause()
        pause = self.app.top
        widgets = [w for w in pause.group.widgets if getattr(w, "label", "") != "Save to a slot"]
        widgets.insert(1, Button("Bracket", self.to_bracket, style="secondary"))
        pause.group.widgets = widgets
        pause._layout_size = None

    def to_bracket(self) -> None:
        self.run.save()
        self.app.pop_to(BracketScene)
        if self.app.top is None or not isinstance(self.app.top, BracketScene):
            to_bracket(self.app, self.run)


class GameResultsScene(ResultsBase):
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
        title = head + ("you win!" if name == "You" else f"{name} wins" if name else "over")
        s = self.draw_frame(surf, title, theme.GOLD if name == "You" else theme.ACCENT)
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
    px = 17 * s
    for g, gx in enumerate(game_x):
        t = theme.text(f"Game {g + 1}", px, theme.INK_FAINT)
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
        surf.blit(faces.player_face(p.kind, p.name, fs), (row.x + int(46 * s), row.centery - fs // 2))
        name_right = (tiles_x if entry is not None else game_x[0] - score_w) - int(10 * s)
        nm = theme.fit_text(scene.play.name_of(seat), 22 * s, name_right - (row.x + int(52 * s) + fs), theme.ACCENT if mine else theme.INK)
        surf.blit(nm, (row.x + int(52 * s) + fs, row.centery - nm.get_height() // 2))
        if seat in going_on:
            tag = theme.text("goes on", 18 * s, theme.GOOD)
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
                more = theme.text(f"+{len(tiles) - len(shown)}", 17 * s, theme.INK_DIM)
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


class TableOverScene(ResultsBase):
    """The human's table is over: who goes on (and why), and what that means for you."""

    name = "tournament_table"

    def __init__(self, app, play: TournamentPlayScene) -> None:
        super().__init__(app, play)
        self.run = play.run
        self.record = self.run.last_record or {}
        self.group.widgets = [Button("Continue", self.proceed, style="primary", key_hint="Enter")]

    def enter(self) -> None:
        super().enter()
        if self.mine_advanced() and self.app.anim_speed > 0:
            self.effects.confetti(self.app.size[0], n=160, size=9 * self.app.scale)
        self.app.sound.play("win" if self.mine_advanced() else "invalid")

    def mine_advanced(self) -> bool:
        human = self.run.t.human
        if self.play.final:
            order = self.record.get("order", [])
            return bool(order) and self.record.get("seats", [None])[order[0]] == human
        return human in self.record.get("advanced", [])

    def proceed(self) -> None:
        run = self.run
        self.app.pop()
        self.app.pop_to(BracketScene)
        bracket = self.app.top if isinstance(self.app.top, BracketScene) else to_bracket(self.app, run)
        bracket.after_table()

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        n = len(self.session.players)
        w = int(min(size[0] - 40, 900 * s))
        extra = int(30 * s) if self.record.get("tie_break") else 0
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
        seats = rec.get("seats", [])
        order = rec.get("order", [])
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
            nxt = plan[self.ref_stage() + 1]["name"] if self.ref_stage() + 1 < len(plan) else "next round"
            title = "You win the table!" if winner == human else "You go on!"
            return title, f"You go on to the {nxt.lower()}. The other tables play now.", theme.GOLD
        name = t.name(winner) if winner is not None else "Someone"
        return f"{name} wins the table", "You are out of the tournament: watch the rest, or skip to the medals.", theme.ACCENT

    def going_on(self) -> set[int]:
        """Seats that go on to the next stage (none after the final)."""
        if self.play.final:
            return set()
        seats = self.record.get("seats", [])
        return {i for i, e in enumerate(seats) if e in self.record.get("advanced", [])}

    def ref_stage(self) -> int:
        return self.play.ref.stage

    def draw(self, surf) -> None:
        title, line, colour = self.verdict()
        s = self.draw_frame(surf, title, colour)
        r = self.panel_rect
        t = theme.fit_text(line, 21 * s, r.w - int(40 * s), theme.INK)
        theme.blit_center(surf, t, (r.centerx, r.y + int(82 * s)))
        y = draw_table_standings(surf, self, s, r.y + int(110 * s), None, self.going_on())
        tie = self.record.get("tie_break")
        if tie:
            tt = theme.fit_text("Tie-break: " + tie, 18 * s, r.w - int(60 * s), theme.WARN, bold=False)
            theme.blit_center(surf, tt, (r.centerx, y + int(12 * s)))
        self.group.draw(surf, s)
        self.draw_confetti(surf)


# -- the medals ------------------------------------------------------------------------------------
class MedalsScene(BackdropScene):
    name = "tournament_medals"
    drift_seed = 29
    drift_count = 16

    def __init__(self, app, run: TournamentRun) -> None:
        super().__init__(app)
        self.run = run
        self.medals = run.t.medals()
        self.effects = Effects(seed=12)
        self.age = 0.0
        self.group.widgets = [Button("Bracket", self.back, style="primary", key_hint="Esc"),
                              Button("New tournament", self.new_tournament, style="secondary"),
                              Button("Title screen", self.to_title, style="ghost")]
        self.group.focus = 0

    def enter(self) -> None:
        if self.app.anim_speed > 0:
            self.effects.confetti(self.app.size[0], n=220, size=9 * self.app.scale)
        self.app.sound.play("win")

    def new_tournament(self) -> None:
        to_title(self.app)
        self.app.push(TournamentSetupScene(self.app, replacing=self.run))

    def to_title(self) -> None:
        to_title(self.app)

    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        bw, bh, gap = int(220 * s), int(50 * s), int(14 * s)
        total = 3 * bw + 2 * gap
        x = w // 2 - total // 2
        for b in self.group.widgets:
            b.rect = pygame.Rect(x, h - bh - int(30 * s), bw, bh)
            x += bw + gap

    def update(self, dt) -> None:
        super().update(dt)
        self.age += dt
        self.effects.update(dt)

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        theme.blit_center(surf, theme.shadow_text("The medals", 54 * s, theme.GOLD), (w // 2, int(64 * s)))
        line = self.run.human_line()
        theme.blit_center(surf, theme.text(line, 26 * s, theme.ACCENT), (w // 2, int(118 * s)))
        if self._layout_size == self.app.size:
            self.draw_podium(surf, s)
            self.group.draw(surf, s)
        for p in self.effects.particles:
            hgt = p.size * 0.5 * abs(math.cos(p.angle)) + 1
            pygame.draw.rect(surf, p.colour, (int(p.x), int(p.y), int(p.size), int(hgt)))

    def draw_podium(self, surf, s) -> None:
        w, h = surf.get_size()
        base = h - int(120 * s)
        block_w = int(min(250 * s, (w - 80 * s) / 3.2))
        heights = {1: int(230 * s), 2: int(165 * s), 3: int(120 * s)}  # scaled: always room above for faces
        slots = {2: w // 2 - block_w - int(8 * s), 1: w // 2, 3: w // 2 + block_w + int(8 * s)}
        grow = min(1.0, self.age * max(0.5, self.app.anim_speed or 8.0) / 0.8)
        by_place = {m["place"]: m for m in self.medals}
        for place in (2, 3, 1):
            m = by_place.get(place)
            cx = slots[place]
            bh = int(heights[place] * (0.3 + 0.7 * grow))
            block = pygame.Rect(cx - block_w // 2, base - bh, block_w, bh)
            colour = MEDAL_COLOURS[("gold", "silver", "bronze")[place - 1]]
            body = theme.vertical_gradient(block.size, theme.mix(colour, (40, 50, 70), 0.35), theme.mix(colour, (12, 20, 34), 0.7))
            surf.blit(body, block.topleft)
            pygame.draw.rect(surf, colour, block, width=max(2, int(3 * s)))
            num = theme.shadow_text(str(place), 64 * s, colour)
            theme.blit_center(surf, num, (cx, block.y + int(50 * s)))
            if m is None:
                continue
            is_human = m["kind"] == "human"
            fs = int(84 * s)
            face_y = block.y - int(150 * s)
            row = {"is_human": is_human, "level": m["level"], "entrant": m["entrant"], "name": m["name"]}
            surf.blit(entrant_face(row, fs), (cx - fs // 2, face_y))
            mx, my = cx + fs // 2 - int(4 * s), face_y + fs - int(12 * s)
            rw, rh = int(9 * s), int(26 * s)
            for dx, tone in ((-rw, theme.ACCENT), (0, theme.BAD)):
                pygame.draw.polygon(surf, tone, [(mx + dx - rw // 2, my - rh), (mx + dx + rw // 2, my - rh),
                                                 (mx + dx // 2 + rw // 2, my), (mx + dx // 2 - rw // 2, my)])
            draw_disc(surf, (mx, my), int(19 * s), colour, "", s)
            pygame.draw.circle(surf, theme.lighten(colour, 0.35), (mx, my), int(11 * s), width=max(1, int(2 * s)))
            nm = theme.fit_text(m["name"] + (" (you)" if is_human and m["name"] != "You" else ""), 26 * s, block_w,
                                theme.ACCENT if is_human else theme.INK)
            theme.blit_center(surf, nm, (cx, face_y + fs + int(22 * s)))
            sub = theme.text(f"{m['medal'].title()}  ·  {m['total']} points", 19 * s, colour)
            theme.blit_center(surf, sub, (cx, face_y + fs + int(48 * s)))


# -- how it works ------------------------------------------------------------------------------------
class TournamentInfoScene(RulesScene):
    """The tournament's structure and the readings of the sheet, then the table rules."""

    name = "tournament_info"

    def __init__(self, app, run: TournamentRun | None, field: int) -> None:
        super().__init__(app, GoldenGames.key)
        self.run = run
        self.field = field
        self.chooser.visible = False
        self.chooser.focusable = False
        self.group.widgets = [self.back_button]
        self.group.focus = 0

    def set_variant(self, key) -> None:
        pass

    def handle(self, ev) -> None:
        if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return
        super().handle(ev)

    def content(self, width: int, s: float) -> pygame.Surface:
        cache_key = ("tournament", self.field, width, round(s, 3))
        if self._content is not None and self._content[0] == cache_key:
            return self._content[1]
        from ...tournament import READINGS

        parts: list[tuple[pygame.Surface, int]] = []
        add = parts.append
        add((theme.text("How the tournament works", 40 * s, theme.GOLD), int(8 * s)))
        add((theme.text(f"With {self.field} entrants:", 25 * s, theme.ACCENT), int(6 * s)))
        for line in describe_structure(self.field):
            add((theme.text("• " + line, 21 * s, theme.INK, bold=False, wrap=width), int(6 * s)))
        parts[-1] = (parts[-1][0], int(16 * s))
        add((theme.text("Your table", 25 * s, theme.ACCENT), int(4 * s)))
        add((theme.text("You play your own table on screen, under the Golden Games rules: two minutes a play (the ring "
                        "counts down), an initial meld of 30, and a failed manipulation costs three tiles. After every "
                        "game the table's standings are shown; when the table's games are over, its winner goes on. "
                        "Every other table is played by the computer players, and the bracket fills in as they finish. "
                        "If you are knocked out you can watch the rest or skip to the medals. The tournament is saved "
                        "after every turn: leave at any time and resume it from the title screen's Tournament.",
                        21 * s, theme.INK, bold=False, wrap=width), int(16 * s)))
        add((theme.text("Our readings of the tournament rule", 25 * s, theme.GOLD), int(4 * s)))
        for r in READINGS:
            add((theme.text("• " + r, 20 * s, theme.INK, bold=False, wrap=width), int(6 * s)))
        parts[-1] = (parts[-1][0], int(16 * s))
        add((theme.text("The Golden Games rules", 25 * s, theme.ACCENT), int(4 * s)))
        for heading, para in GoldenGames().rules_text():
            add((theme.text(heading, 21 * s, theme.INK_DIM), int(2 * s)))
            add((theme.text(para, 20 * s, theme.INK, bold=False, wrap=width), int(10 * s)))
        height = sum(p.get_height() + sp for p, sp in parts) + 10
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        for p, sp in parts:
            surf.blit(p, (0, y))
            y += p.get_height() + sp
        self._content = (cache_key, surf)
        return surf
