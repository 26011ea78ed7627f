"""New-game set-up: rule set, opponents and their levels, turn timer, options."""

from __future__ import annotations

import pygame

from ...ai import player_names
from ...ai.players import profile
from ...play.session import OPPONENT_NAMES
from ...rules.variants import REGISTRY
from ...rules.variants.base import OptionSpec, timer_words
from .. import keymap, portrait_art, theme
from ..presetfield import PresetNumber
from ..widgets import Button, Chooser, Toggle
from .common import BackdropScene, ErrorScene

LEVEL_LABELS = {
    "basic": "Basic",
    "easy": "Easy",
    "medium": "Medium",
    "hard": "Hard",
    "greedy-max": "Greedy",
    "expert": "Expert",
}
LEVEL_ORDER = ["easy", "basic", "medium", "hard", "expert", "greedy-max"]
PREFERRED_LEVEL = ["medium", "basic"]


def level_label(level: str) -> str:
    return LEVEL_LABELS.get(level, level.replace("-", " ").title())


def level_line(level: str) -> str:
    """What a computer level does, in a player's words (one short line: the level's blurb)."""
    player_names()  # the level modules add their profiles as they load
    return profile(level)["blurb"]


SIMULATOR_ONLY = {"hard-v1"}  # frozen levels kept for comparisons in the simulator


def levels() -> list[str]:
    names = [n for n in player_names() if n not in SIMULATOR_ONLY]
    return sorted(names, key=lambda n: (LEVEL_ORDER.index(n) if n in LEVEL_ORDER else 99, n))


def timer_label(seconds: int) -> str:
    return timer_words(seconds)


def spec_choices(spec: OptionSpec) -> list[tuple[object, str]]:
    """The values a chooser offers for an option (presets, or a range in steps)."""
    if spec.choices and spec.low is None:
        return [(c, spec.show(c)) for c in spec.choices]
    if spec.low is not None and spec.high is not None:
        span = spec.high - spec.low
        step = 1 if span <= 30 else 5 if span <= 150 else 10 if span <= 600 else 50
        values = list(range(spec.low, spec.high + 1, step))
        for c in spec.choices or ():
            if c not in values:
                values.append(c)
        if spec.default not in values:
            values.append(spec.default)
        return [(v, str(v)) for v in sorted(values)]
    return [(spec.default, str(spec.default))]


class SetupScene(BackdropScene):
    name = "setup"
    drift_seed = 5
    drift_count = 16

    def __init__(self, app, variant: str | None = None) -> None:
        super().__init__(app)
        self.card: pygame.Rect | None = None  # the rule set's card, beside the form (set by layout)
        keys = list(REGISTRY)
        last = app.settings.get("last_variant")
        self.variant_key = variant or app.variant or (last if last in REGISTRY else None) or (
            "classic" if "classic" in keys else keys[0])
        if self.variant_key not in REGISTRY:
            self.variant_key = keys[0]
        lv = levels()
        default_level = next((l for l in PREFERRED_LEVEL if l in lv), lv[0])
        self.opponent_levels = [default_level] * 3
        self.opponents = 3
        self.option_values: dict[str, object] = {}
        self.build()

    # -- the form -------------------------------------------------------------------------------
    @property
    def vcls(self):
        return REGISTRY[self.variant_key]

    def build(self) -> None:
        vcls = self.vcls
        keys = list(REGISTRY)
        widgets = []
        self.variant_chooser = Chooser("Rule set", [(k, REGISTRY[k].title or k) for k in keys], keys.index(self.variant_key),
                                       self.set_variant)
        widgets.append(self.variant_chooser)
        lo, hi = max(1, vcls.min_players - 1), min(3, vcls.max_players - 1)
        self.opponents = max(lo, min(hi, self.opponents))
        self.count_chooser = Chooser("Opponents", [(n, str(n)) for n in range(lo, hi + 1)], self.opponents - lo, self.set_count)
        widgets.append(self.count_chooser)
        lv = levels()
        self.level_choosers = []
        for i in range(3):
            ch = Chooser(f"Opponent {i + 1}", [(l, level_label(l)) for l in lv], lv.index(self.opponent_levels[i]) if self.opponent_levels[i] in lv else 0,
                         self._level_setter(i))
            ch.visible = i < self.opponents
            self.level_choosers.append(ch)
            widgets.append(ch)
        self.option_widgets = []
        for spec in vcls.all_option_specs():
            value = self.option_values.get(spec.name, spec.default)
            try:
                value = spec.coerce(value)
            except ValueError:
                value = spec.default
            self.option_values[spec.name] = value
            if isinstance(spec.default, bool):
                w = Toggle(spec.label, bool(value), self._option_setter(spec.name), help=spec.help)
            elif spec.choices and spec.low is not None and spec.high is not None and isinstance(spec.default, int):
                # presets, or a number of the player's own (e.g. Rummy Q's points target)
                w = PresetNumber(spec.label, spec.choices, int(value), spec.low, spec.high, self._option_setter(spec.name),
                                 help=spec.help)
            else:
                w = Chooser(spec.label, spec_choices(spec), 0, self._option_setter(spec.name), help=spec.help)
                w.set_value(value)
            self.option_widgets.append(w)
            widgets.append(w)
        if vcls.fixed_turn_time is not None:
            fixed = Chooser("Turn timer", [(vcls.fixed_turn_time, f"{timer_label(vcls.fixed_turn_time)} (set by the rules)")], 0)
            fixed.enabled = False
            fixed.focusable = False
            self.option_widgets.append(fixed)
            widgets.append(fixed)
        self.start_button = Button("Start game", self.start_game, style="primary", key_hint="Enter")
        self.rules_button = Button("Read the rules", self.show_rules)
        self.back_button = Button("Back", self.back, style="ghost", key_hint="Esc")
        widgets += [self.start_button, self.rules_button, self.back_button]
        self.group.widgets = widgets
        self.group.focus = len(widgets) - 3
        self._layout_size = None

    def _level_setter(self, i: int):
        def set_level(level) -> None:
            self.opponent_levels[i] = level
        return set_level

    def _option_setter(self, name: str):
        def set_option(value) -> None:
            self.option_values[name] = value
        return set_option

    def set_variant(self, key) -> None:
        self.variant_key = key
        self.option_values = {k: v for k, v in self.option_values.items() if k == "turn_time"}
        focus = 0
        self.build()
        self.group.focus = focus

    def set_count(self, n) -> None:
        self.opponents = int(n)
        for i, ch in enumerate(self.level_choosers):
            ch.visible = i < self.opponents
        self._layout_size = None

    def options(self) -> dict:
        names = {s.name for s in self.vcls.all_option_specs()}
        return {k: v for k, v in self.option_values.items() if k in names}

    # -- actions -------------------------------------------------------------------------------
    def editing_field(self) -> PresetNumber | None:
        return next((w for w in self.option_widgets if isinstance(w, PresetNumber) and w.editing), None)

    def start_game(self) -> None:
        field = self.editing_field()
        if field is not None and not field.commit():
            self.group.focus = self.group.widgets.index(field)
            self.app.sound.play("invalid")
            return
        from .keepgame import ask_before_replacing

        if ask_before_replacing(self.app, self.variant_key, self._start_new):
            return  # the player is asked first; the answer starts the game or opens the saved one
        self._start_new()

    def _start_new(self) -> None:
        from ...play.session import Session

        try:
            session = Session.new(self.variant_key, self.opponent_levels[: self.opponents], seed=self.app.seed,
                                  options=self.options(), player_name=self.app.settings.get("player_name", "You"))
        except (ValueError, KeyError) as exc:
            self.app.push(ErrorScene(self.app, "Cannot start", str(exc)))
            return
        if self.app.seed is not None:
            self.app.seed += 1  # the next game from this menu deals differently
        if self.app.settings.get("last_variant") != self.variant_key:
            self.app.settings["last_variant"] = self.variant_key  # New game offers it first next time
            self.app.save_settings()
        self.app.switch("play", session)

    def show_rules(self) -> None:
        self.app.open("rules", self.variant_key)

    def handle(self, ev) -> None:
        focused = self.group.focused
        if ev.type == pygame.KEYDOWN and isinstance(focused, PresetNumber) and focused.key(ev):
            return  # typing a number of one's own
        if keymap.intent(ev, "form") == "start" and not self.group.focused_presses_enter():
            self.start_game()
            return
        super().handle(ev)

    # -- layout and drawing ---------------------------------------------------------------------
    def layout(self, size) -> None:
        s = theme.scale_for(size)
        w, h = size
        form_w = int(min(540 * s, w * 0.52))
        card_w = int(min(400 * s, w * 0.36))
        gap = int(30 * s)
        x0 = (w - form_w - gap - card_w) // 2
        top = int(110 * s)
        rows = [wd for wd in self.group.widgets if wd.visible and not isinstance(wd, Button)]
        bh = int(50 * s)
        avail = h - top - bh - int(50 * s)
        rh = int(min(50 * s, avail / max(1, len(rows)) - 8 * s))
        y = top
        for wd in rows:
            wd.rect = pygame.Rect(x0, y, form_w, rh)
            y += rh + int(8 * s)
        for wd in self.group.widgets:
            if not wd.visible:
                wd.rect = pygame.Rect(0, 0, 0, 0)
        need = self.card_height(s, card_w) + int(70 * s)  # its words and faces, then the rules button
        card_h = min(max(y - top - int(8 * s), int(300 * s), need), h - top - int(104 * s))  # clear of the tip line
        self.card = pygame.Rect(x0 + form_w + gap, top, card_w, card_h)
        by = h - bh - int(28 * s)
        bw = int(200 * s)
        self.start_button.rect = pygame.Rect(self.card.right - bw, by, bw, bh)
        self.rules_button.rect = pygame.Rect(self.card.x + int(20 * s), self.card.bottom - int(58 * s), int(170 * s), int(42 * s))
        self.back_button.rect = pygame.Rect(x0, by, int(150 * s), bh)

    def extra_clear(self, size) -> list[pygame.Rect]:
        return [self.card] if self.card is not None else []

    def update(self, dt) -> None:
        super().update(dt)
        field = self.editing_field()
        if field is not None and self.group.focused is not field:  # the focus moved away: keep a good number
            if not field.commit():
                field.cancel()

    def draw(self, surf) -> None:
        s = self.app.scale
        w, h = surf.get_size()
        self.draw_backdrop(surf)
        title = theme.shadow_text("New game", 50 * s, theme.GOLD)
        surf.blit(title, (int(40 * s), int(30 * s)))
        if self._layout_size != self.app.size:
            return
        self.draw_card(surf, s)
        self.group.draw(surf, s)
        tip = self.group.tooltip()
        if tip:
            t = theme.text(tip, 19 * s, theme.INK_DIM, bold=False)
            theme.blit_center(surf, t, (w // 2, h - int(88 * s)))

    def card_facts(self) -> list[tuple[str, str]]:
        vcls = self.vcls
        variant = vcls(self.options())
        facts = [
            ("Players", f"{vcls.min_players} to {vcls.max_players}"),
            ("Tiles dealt", str(variant.deal_count(self.opponents + 1))),
            ("Initial meld", f"{variant.initial_meld_points()} points" if variant.initial_meld_points() else "none"),
            ("Turn timer", timer_label(variant.turn_time())),
            ("Winner", variant.winner_rule()),
        ]
        target = variant.score_target()
        if target:
            facts.insert(3, ("Game ends at", f"{target} points"))
        elif "rounds" in variant.options:
            facts.insert(3, ("Rounds", str(variant.options["rounds"])))
        return facts

    def card_height(self, s, card_w: int) -> int:
        """How tall the card's words and faces are (the rules button goes below them)."""
        vcls = self.vcls
        inner = card_w - int(40 * s)
        h = int(16 * s) + theme.fit_text(vcls.title or vcls.key, 34 * s, inner, theme.GOLD).get_height() + int(8 * s)
        if vcls.blurb:
            h += theme.text(vcls.blurb, 21 * s, theme.INK, bold=False, wrap=inner).get_height() + int(12 * s)
        h += len(self.card_facts()) * int(26 * s) + int(8 * s)
        return h + sum(self.opponent_row(s, card_w, i)[2] for i in range(self.opponents)) + int(8 * s)

    def opponent_row(self, s, card_w: int, i: int) -> tuple[pygame.Surface, pygame.Surface, int]:
        """Opponent ``i`` on the card, beside its face: its name and level, and what the level does
        in a player's words; with the row's height."""
        room = card_w - int(40 * s) - int(52 * s)
        level = self.opponent_levels[i]
        name = OPPONENT_NAMES[i % len(OPPONENT_NAMES)]  # the name the game gives this seat
        head = theme.fit_text(f"{name} · {level_label(level)}", theme.readable(17 * s), room, theme.INK)
        line = theme.text(level_line(level), theme.readable(15 * s), theme.INK_DIM, bold=False, wrap=room)
        return head, line, max(int(40 * s), head.get_height() + line.get_height()) + int(8 * s)

    def draw_card(self, surf, s) -> None:
        vcls = self.vcls
        self.card_drawn: list[pygame.Rect] = []
        r = self.card
        theme.draw_panel(surf, r, radius=int(16 * s))
        x = r.x + int(20 * s)
        y = r.y + int(16 * s)
        t = theme.fit_text(vcls.title or vcls.key, 34 * s, r.w - int(40 * s), theme.GOLD)
        self.card_drawn.append(surf.blit(t, (x, y)))
        y += t.get_height() + int(8 * s)
        if vcls.blurb:
            b = theme.text(vcls.blurb, 21 * s, theme.INK, bold=False, wrap=r.w - int(40 * s))
            self.card_drawn.append(surf.blit(b, (x, y)))
            y += b.get_height() + int(12 * s)
        for label, value in self.card_facts():
            lt = theme.text(label, 20 * s, theme.INK_DIM, bold=False)
            vt = theme.fit_text(value, 20 * s, r.w - int(60 * s) - lt.get_width(), theme.INK)
            self.card_drawn.append(surf.blit(lt, (x, y)))
            self.card_drawn.append(surf.blit(vt, (r.right - int(20 * s) - vt.get_width(), y)))
            y += int(26 * s)
        # the opponents: each face with its name, its level and what that level does, in one short line
        y += int(8 * s)
        size = int(40 * s)
        for i in range(self.opponents):
            head, line, row_h = self.opponent_row(s, r.w, i)
            name = OPPONENT_NAMES[i % len(OPPONENT_NAMES)]
            self.card_drawn.append(surf.blit(portrait_art.player_face(self.opponent_levels[i], name, size), (x, y)))
            self.card_drawn.append(surf.blit(head, (x + int(52 * s), y)))
            self.card_drawn.append(surf.blit(line, (x + int(52 * s), y + head.get_height())))
            y += row_h
