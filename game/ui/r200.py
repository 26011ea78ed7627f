"""Rummi200kub on the play screen: claim tokens, hijacks, locks and the race to exactly 200.

What a player sees:

- every claimed set sits on a plate in its holder's colour with a token on each tile (a
  crossing tile carries two); a hijacked set shows the "2" side with the covered token
  peeking out beneath; a locked set has the black lock token on its first tile;
- each player's colour rings their portrait; their claim and lock tokens left are in their
  panel; the race panel has a bar per player toward exactly 200 (the 200 mark in gold);
- **Claim** (C) enters claim mode: the sets the player may claim light up with what the
  claim would be (claim, hijack from someone, lock) and its points; click one, or cycle
  with Tab / the arrow keys and press Enter; Esc leaves.  A claim is the whole turn.  A set
  that cannot be claimed says why (the rules core's ``claim_problems``);
- a claim by anyone is played out (tokens drop onto the tiles one by one) and told in a
  message: "Mia hijacks K8 R8 O8 from you — 24 points move to Mia";
- the end: exactly 200 is celebrated; otherwise the closest to 200 is explained.

Everything is read from the rules core (``variant.claims_view``, ``claim_options``,
``claim_problems``) and a claim goes through ``Session.human_action``.  The board's
camera and tile placing are ``boardview.BoardView``'s.
"""

from __future__ import annotations

import math

import pygame

from ..rules import claims as cl
from ..rules.tiles import rack_value, set_words
from . import theme, variant_ui
from .anim import out_back
from .tileart import ASPECT

# one colour per seat, unlike the tiles' black, red, blue and orange and the gold of highlights
TOKEN_COLOURS = [(62, 196, 255), (128, 222, 72), (255, 96, 196), (178, 128, 255)]
KIND_COLOURS = {"claim": (120, 230, 130), "hijack": (255, 170, 60), "lock": (200, 208, 224)}
KIND_WORDS = {"claim": "Claim", "hijack": "Hijack", "lock": "Lock"}
TOKEN_STEP = 0.09  # seconds between two tokens landing
TOKEN_POP = 0.28


def token_colour(seat: int):
    return TOKEN_COLOURS[seat % len(TOKEN_COLOURS)]


def set_name(tiles) -> str:
    """A set in a player's words: "red 4-7", "black, red and blue 9"."""
    return set_words(int(t) for t in tiles)


_tokens: dict[tuple, pygame.Surface] = {}


def token_image(colour, d: int, side: str = "blank") -> pygame.Surface:
    """A round claim token ``d`` pixels across (the "2" side shows a 2)."""
    d = max(5, int(d))
    key = (colour, d, side)
    img = _tokens.get(key)
    if img is None:
        ss = 3
        D = d * ss
        big = pygame.Surface((D, D), pygame.SRCALPHA)
        c = D / 2
        pygame.draw.circle(big, (12, 16, 24), (c, c), D / 2)
        pygame.draw.circle(big, theme.darken(colour, 0.25), (c, c), D / 2 - max(ss, D * 0.06))
        pygame.draw.circle(big, colour, (c, c - D * 0.03), D / 2 - max(ss * 1.6, D * 0.12))
        pygame.draw.circle(big, theme.lighten(colour, 0.35), (c - D * 0.14, c - D * 0.18), D * 0.14)
        img = pygame.transform.smoothscale(big, (d, d))
        if side == cl.SIDE_TWO:
            two = theme.text("2", d * 0.95, (20, 20, 30))
            theme.blit_center(img, two, (d / 2, d / 2 + d * 0.03))
        if len(_tokens) > 400:
            _tokens.clear()
        _tokens[key] = img
    return img


def lock_image(size: int) -> pygame.Surface:
    """The square black lock token with a padlock on it."""
    size = max(8, int(size))
    key = ("lock", size)
    img = _tokens.get(key)
    if img is None:
        ss = 3
        S = size * ss
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.rect(big, (245, 245, 250), big.get_rect(), border_radius=int(S * 0.2))
        pygame.draw.rect(big, (18, 18, 24), big.get_rect().inflate(-ss * 3, -ss * 3), border_radius=int(S * 0.18))
        body = pygame.Rect(0, 0, int(S * 0.5), int(S * 0.36))
        body.midbottom = (S // 2, int(S * 0.8))
        shackle = pygame.Rect(0, 0, int(S * 0.34), int(S * 0.4))
        shackle.midbottom = (S // 2, body.y + int(S * 0.12))
        pygame.draw.ellipse(big, theme.GOLD, shackle, width=max(2, int(S * 0.08)))
        pygame.draw.rect(big, theme.GOLD, body, border_radius=int(S * 0.05))
        pygame.draw.circle(big, (18, 18, 24), (body.centerx, body.centery - S * 0.02), max(2, S * 0.05))
        img = pygame.transform.smoothscale(big, (size, size))
        _tokens[key] = img
    return img


def plate_image(size, colour, width: int) -> pygame.Surface:
    """The translucent plate in a holder's colour under a claimed set."""
    key = ("plate", tuple(size), colour, width)
    img = _tokens.get(key)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        rad = max(4, int(min(size) * 0.18))
        pygame.draw.rect(img, (*colour, 105), img.get_rect(), border_radius=rad)
        pygame.draw.rect(img, (*colour, 255), img.get_rect(), width=width, border_radius=rad)
        if len(_tokens) > 400:
            _tokens.clear()
        _tokens[key] = img
    return img


def veil_image(size) -> pygame.Surface:
    """The shade over the board in claim mode."""
    key = ("veil", tuple(size))
    img = _tokens.get(key)
    if img is None:
        img = pygame.Surface(size, pygame.SRCALPHA)
        img.fill((4, 10, 18, 130))
        _tokens[key] = img
    return img


def draw_token_icon(surf, colour, center, d: int, side: str = "blank") -> None:
    img = token_image(colour, d, side)
    surf.blit(img, (int(center[0] - img.get_width() / 2), int(center[1] - img.get_height() / 2)))


class ClaimsScreen:
    """A play-screen plugin (see ``variant_ui``) for Rummi200kub."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.mode = False  # claim mode
        self.focus = 0  # index into options()
        self.hover_key: str | None = None
        self.refused: tuple[tuple, str, float] | None = None  # cells, text, until
        self.pressed: str | None = None
        self.claim_press: tuple | None = None  # (pos, key) of a press on a set in claim mode
        self.mouse = (0, 0)
        self.anims: dict[str, dict] = {}  # set key -> {"start", "seat", "kind", "cells"}
        self.shown_points: list[float] = [float(p.score) for p in scene.session.players]
        self._cache: dict[str, tuple] = {}

    # -- data from the rules core ------------------------------------------------------------------
    @property
    def session(self):
        return self.scene.session

    @property
    def variant(self):
        return self.session.variant

    def _cached(self, name: str, fn):
        v = self.session.version
        hit = self._cache.get(name)
        if hit is None or hit[0] != v:
            try:
                value = fn()
            except Exception:
                value = None
            hit = (v, value)
            self._cache[name] = hit
        return hit[1]

    def view(self) -> dict:
        got = self._cached("view", lambda: self.variant.claims_view(self.session.state))
        return got or {"target": 200, "sets": [], "players": []}

    def target(self) -> int:
        return int(self.view().get("target") or 200)

    def options(self) -> list[dict]:
        """What the viewer may claim now (on their turn), in reading order."""
        sess = self.session

        def make():
            if not sess.my_turn:
                return []
            opts = self.variant.claim_options(sess.state, sess.viewer)
            return sorted(opts, key=lambda o: (o["cells"][0][0], o["cells"][0][1], o["vertical"]))
        return self._cached("options", make) or []

    def table_tiles(self) -> set:
        """The tiles on the table as the viewer sees it (their draft during their turn)."""
        return self._cached("table_tiles", lambda: self.session.table().tile_set()) or set()

    def board_sets(self) -> list:
        return self._cached("sets", lambda: cl.board_sets(self.session.state.board)) or []

    def claimed_by_key(self) -> dict[str, dict]:
        return {s["key"]: s for s in self.view()["sets"]}

    def problems_for(self, cells, vertical: bool) -> list[str]:
        try:
            probs = self.variant.claim_problems(self.session.state, {"type": "claim", "cells": [list(c) for c in cells],
                                                                    "vertical": vertical})
        except Exception:
            return ["that set cannot be claimed"]
        return [p.message for p in probs]

    # -- geometry ------------------------------------------------------------------------------------
    def tile_box(self, cell, tile: int | None, lay) -> tuple[float, float, int] | None:
        """Where the tile on ``cell`` is drawn now: (x, y, w); None when it is not on the board."""
        sc = self.scene
        sp = sc.sprites.get(tile) if tile is not None else None
        if sp is not None and tile in self.table_tiles():
            return (sp.pos[0], sp.pos[1], sp.w)
        if tile is None:
            g = lay.grid
            x, y = g.cell_pos(tuple(cell))
            return (x, y, g.tile_w)
        return None

    def set_rect(self, cells, tiles, lay, pad: float = 0.12) -> pygame.Rect | None:
        boxes = [self.tile_box(c, t, lay) for c, t in zip(cells, tiles)]
        boxes = [b for b in boxes if b is not None]
        if not boxes:
            return None
        w = boxes[0][2]
        p = max(3, int(w * pad))
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[0] + b[2] for b in boxes)
        y1 = max(b[1] + b[2] * ASPECT for b in boxes)
        return pygame.Rect(int(x0) - p, int(y0) - p, int(x1 - x0) + 2 * p, int(y1 - y0) + 2 * p)

    def line_at(self, pos):
        """The board set under ``pos`` (where two cross: the focused option, else an option)."""
        lay = self.scene.layout()
        clip = lay.extra.get("table_clip") or lay.table
        if not clip.collidepoint(pos):
            return None
        board = variant_ui.find(self.scene.plugin, _board_view_class())
        if board is not None and board.button_at(pos) is not None:
            return None  # the board's toolbar is over it
        cell = lay.grid.cell_at(pos)
        if cell is None or self.session.state.board.get(cell) is None:
            return None
        here = [ln for ln in self.board_sets() if cell in ln.cells]
        if not here:
            return None
        keys = {self.key_of(ln): ln for ln in here}
        opts = self.options()
        focused = opts[self.focus]["key"] if self.mode and opts and self.focus < len(opts) else None
        if focused in keys:
            return keys[focused]
        for o in opts:
            if o["key"] in keys:
                return keys[o["key"]]
        return here[0]

    @staticmethod
    def key_of(line) -> str:
        return cl.set_key(line.cells, line.vertical)

    # -- claim mode ----------------------------------------------------------------------------------
    def can_claim_now(self) -> bool:
        sc = self.scene
        return self.session.my_turn and not sc.input_locked()

    def enter_mode(self) -> None:
        sc = self.scene
        sess = self.session
        if not sess.my_turn:
            sc.toast("You can claim a set on your turn", theme.INK_DIM)
            return
        if sc.input_locked():
            return
        me = sess.state.players[sess.viewer]
        if self.variant.options.get("claim_needs_initial", True) and not me.melded:
            need = self.variant.initial_meld_points(sess.state)
            sc.toast(f"Make your initial play ({need} points or more) before you claim a set", theme.WARN, 4.0)
            sc.app.sound.play("invalid")
            return
        if sess.draft_changed or sess.held_table_tiles():
            sess.reset()
            sc.selection = []
            sc.toast("A claim is your whole turn: your tiles went back to where they were (Z brings them back)", theme.WARN, 5.0)
        self.mode = True
        self.focus = 0
        opts = self.options()
        if opts:
            best = max(range(len(opts)), key=lambda i: opts[i]["points"])
            self.focus = best
            self.reveal_focus()
        sc.app.sound.play("click")

    def leave_mode(self) -> None:
        self.mode = False
        self.claim_press = None
        self.hover_key = None

    def cycle(self, step: int) -> None:
        opts = self.options()
        if not opts:
            self.scene.toast("No set can be claimed now: click a set to see why", theme.INK_DIM)
            return
        self.focus = (self.focus + step) % len(opts)
        self.reveal_focus()
        self.scene.app.sound.play("click", 0.5)

    def reveal_focus(self) -> None:
        opts = self.options()
        if not opts:
            return
        board = variant_ui.find(self.scene.plugin, _board_view_class())
        if board is not None:
            board.show_cells(opts[self.focus % len(opts)]["cells"])

    def confirm(self) -> None:
        opts = self.options()
        if not opts:
            self.scene.toast("No set can be claimed now: click a set to see why", theme.INK_DIM)
            return
        self.claim(opts[self.focus % len(opts)])

    def claim(self, option: dict) -> None:
        sc = self.scene
        sess = self.session
        if not self.can_claim_now():
            return
        action = {"type": "claim", "cells": [list(c) for c in option["cells"]], "vertical": option["vertical"]}
        out = sess.human_action(action)
        events = sess.poll_events()
        for ev in events:
            sc.on_event(ev)
        if out.ok:
            self.leave_mode()
            sc.selection = []

    def refuse(self, line) -> None:
        """The player asked for a set they may not claim: say why."""
        sc = self.scene
        probs = self.problems_for(line.cells, line.vertical) or ["that set cannot be claimed now"]
        text = f"You cannot claim {set_name(line.tiles)}: {probs[0]}"
        self.refused = (tuple(line.cells), text, sc.time + 3.0)
        sc.toast(text, theme.BAD, 4.5)
        sc.app.sound.play("invalid")

    def click_line(self, line) -> None:
        key = self.key_of(line)
        opts = self.options()
        for i, o in enumerate(opts):
            if o["key"] == key:
                self.focus = i
                self.claim(o)
                return
        self.refuse(line)

    # -- plugin hooks: input -------------------------------------------------------------------------
    def button_rect(self, lay) -> pygame.Rect:
        s = lay.s
        x0 = lay.buttons["runs"].x
        x1 = lay.buttons["end"].right
        h = max(20, lay.status.h - int(2 * s))
        return pygame.Rect(x0, lay.status.centery - h // 2, x1 - x0, h)

    def handle(self, ev) -> bool:
        sc = self.scene
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            if self.mode and sc.drag is None:
                line = self.line_at(ev.pos)
                self.hover_key = self.key_of(line) if line is not None else None
                if line is not None:
                    for i, o in enumerate(self.options()):
                        if o["key"] == self.hover_key:
                            self.focus = i
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = ev.pos
            lay = sc.layout()
            if ev.button == 1 and self.button_rect(lay).collidepoint(ev.pos):
                self.pressed = "claim"
                return True
            if self.mode and ev.button == 1:
                line = self.line_at(ev.pos)
                if line is not None:
                    self.claim_press = (ev.pos, self.key_of(line))
                    return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            self.mouse = ev.pos
            if self.pressed is not None:
                self.pressed = None
                if self.button_rect(sc.layout()).collidepoint(ev.pos):
                    self.leave_mode() if self.mode else self.enter_mode()
                return True
            if self.claim_press is not None:
                start, key = self.claim_press
                self.claim_press = None
                line = self.line_at(ev.pos)
                if line is not None and self.mode and math.hypot(ev.pos[0] - start[0], ev.pos[1] - start[1]) < 12:
                    self.click_line(line)
                return True
            return False
        if ev.type == pygame.KEYDOWN:
            return self.key(ev)
        return False

    def key(self, ev) -> bool:
        k = ev.key
        mods = getattr(ev, "mod", 0)
        if k == pygame.K_c and not mods & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.leave_mode() if self.mode else self.enter_mode()
            return True
        if not self.mode:
            return False
        if k == pygame.K_ESCAPE:
            self.leave_mode()
            return True
        if mods & pygame.KMOD_CTRL and k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return False  # the board pans
        if k == pygame.K_TAB:
            self.cycle(-1 if mods & pygame.KMOD_SHIFT else 1)
            return True
        if mods & pygame.KMOD_SHIFT and k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return False  # the board pans
        if k in (pygame.K_RIGHT, pygame.K_DOWN):
            self.cycle(1)
            return True
        if k in (pygame.K_LEFT, pygame.K_UP):
            self.cycle(-1)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        return False

    # -- plugin hooks: life --------------------------------------------------------------------------
    def animating(self) -> bool | None:
        """Claim mode pulses and a claim's tokens land: the play screen draws every frame."""
        return True if (self.mode or self.anims) else None

    def update(self, dt: float) -> None:
        sc = self.scene
        if self.mode and (not self.session.my_turn or sc.drag is not None or self.session.phase != "play"):
            self.leave_mode()
        if self.refused is not None and sc.time > self.refused[2]:
            self.refused = None
        players = self.session.players
        if len(self.shown_points) != len(players):
            self.shown_points = [float(p.score) for p in players]
        k = 1.0 if sc.speed() <= 0 else min(1.0, dt * 5.0)
        for i, p in enumerate(players):
            if i in self.holding_bars():
                continue
            d = p.score - self.shown_points[i]
            self.shown_points[i] = float(p.score) if abs(d) < 0.5 else self.shown_points[i] + d * k
        self.anims = {key: a for key, a in self.anims.items() if sc.time < a["until"]}

    def holding_bars(self) -> set[int]:
        """Seats whose bar waits for the tokens still landing."""
        sc = self.scene
        out = set()
        for a in self.anims.values():
            if sc.time < a["land"]:
                out.add(a["seat"])
                if a.get("from") is not None:
                    out.add(a["from"])
        return out

    def on_event(self, ev: dict) -> None:
        kind = ev.get("type")
        sc = self.scene
        if kind == "claim":
            self.show_claim(ev)
        elif kind == "claim_released":
            seat = ev.get("seat")
            who = sc.name_of(seat) if isinstance(seat, int) else "A player"
            tiles = ev.get("tiles") or []
            what = set_name(tiles) if tiles else "a claimed set"
            sc.toast(f"The play changed {what}: its tokens go back and {who} {'lose' if who == 'You' else 'loses'} "
                     f"{ev.get('value', 0)} points", theme.WARN, 4.5)
        elif kind in ("turn", "round_end", "timeout"):
            if not self.session.my_turn:
                self.leave_mode()
        return None

    def show_claim(self, ev: dict) -> None:
        sc = self.scene
        seat = int(ev.get("seat", 0))
        cells = [tuple(c) for c in ev.get("cells", [])]
        n = len(cells)
        start = max(sc.time, sc.busy_until) if seat != self.session.viewer else sc.time
        land = start + sc.dur(TOKEN_STEP * n + TOKEN_POP)
        self.anims[str(ev.get("key"))] = {"start": start, "land": land, "until": land + sc.dur(1.8), "seat": seat,
                                         "kind": ev.get("kind"), "cells": cells, "from": ev.get("from")}
        sc.busy_until = max(sc.busy_until, land + sc.dur(0.5))
        text, colour = self.claim_message(ev)

        def land_fx() -> None:
            if sc.closed:
                return
            sc.toast(text, colour, 5.0)
            sc.app.sound.play("pop")
            lay2 = sc.layout()
            rect = self.set_rect(cells, ev.get("tiles", []), lay2)
            pts = int(ev.get("points", 0))
            if rect is not None and sc.speed() > 0:
                sc.effects.burst(rect.centerx, rect.centery, token_colour(seat), n=16, speed=220 * lay2.s, size=4 * lay2.s)
                sc.effects.float_text(f"+{pts}", rect.centerx, rect.y - int(6 * lay2.s), token_colour(seat), 38 * lay2.s)
            frm = ev.get("from")
            if isinstance(frm, int) and frm != seat and sc.speed() > 0:
                box = sc.seat_box(frm)
                sc.effects.float_text(f"−{pts}", box.face_center[0], box.face_center[1] - box.face_size // 2,
                                      token_colour(frm), 34 * lay2.s)
        sc.schedule(max(0.0, start - sc.time) + sc.dur(0.05), lambda: sc.app.sound.play("place", 0.5))
        sc.schedule(max(0.0, land - sc.time), land_fx)

    def claim_message(self, ev: dict) -> tuple[str, tuple]:
        sc = self.scene
        seat = int(ev.get("seat", 0))
        who = sc.name_of(seat)
        you = who == "You"
        tiles = set_name(ev.get("tiles", []))
        pts = int(ev.get("points", 0))
        kind = ev.get("kind", "claim")
        frm = ev.get("from")
        victim = sc.name_of(frm) if isinstance(frm, int) else ""
        victim = "you" if victim == "You" else victim
        to = "you" if you else who
        if kind == "hijack":
            text = f"{who} hijack{'' if you else 's'} {tiles}{' from ' + victim if victim else ''} — {pts} points move to {to}"
        elif kind == "lock":
            text = (f"{who} lock{'' if you else 's'} {tiles}{' (from ' + victim + ')' if victim else ''} — "
                    f"{pts} points move to {to}; no more claims on it")
        else:
            text = f"{who} claim{'' if you else 's'} {tiles} — {pts} points"
        return text, token_colour(seat)

    # -- plugin hooks: the status line, tips, the end --------------------------------------------
    def status_right(self, lay) -> int:
        return self.button_rect(lay).x - int(10 * lay.s)

    def status_note(self, analysis):
        sess = self.session
        if self.mode:
            if self.options():
                return ("Claim: click a lit set, or Tab and Enter  ·  Esc: back", theme.ACCENT)
            return ("No set can be claimed now: click a set to see why  ·  Esc: back", theme.WARN)
        if sess.my_turn and not sess.draft_changed and not sess.held_table_tiles():
            n = len(self.options())
            if n:
                return (f"Or claim a set instead (C): {n} can be claimed now", theme.ACCENT)
        return None

    def controls_tip(self) -> str:
        return ("Play tiles on the board (V: across or down), claim a set (C), or draw (Space)  ·  "
                "wheel: zoom  ·  right-drag: move the board")

    def end_banner(self, reason, winner):
        sc = self.scene
        st = self.session.state
        if winner is None:
            return None
        who = sc.name_of(winner)
        you = who == "You"
        score = st.players[winner].score
        target = self.target()
        if reason == "exact-200":
            return (f"Exactly {target}!",
                    f"{who} {'hold' if you else 'holds'} exactly {target} points and {'win' if you else 'wins'} at once.",
                    theme.GOLD)
        cause = self.end_cause(reason)
        away = abs(target - score)
        return ("Game over", f"{cause} Closest to {target}: {who} with {score} ({away} away).",
                theme.GOLD if you else theme.ACCENT)

    def end_cause(self, reason) -> str:
        sc = self.scene
        st = self.session.state
        if reason == "out":
            out = next((i for i, p in enumerate(st.players) if not p.rack), None)
            if out is not None:
                who = sc.name_of(out)
                return f"{who} {'have' if who == 'You' else 'has'} no tiles left."
            return "A rack is empty."
        if reason == "blocked":
            return "The pool is empty and nobody can play."
        return "The game is over."

    # results screen
    def results_title(self):
        st = self.session.state
        ranking = self.session.ranking()
        if not ranking:
            return None
        who = self.scene.name_of(ranking[0])
        if st.round_end_reason == "exact-200":
            return f"You hit exactly {self.target()}!" if who == "You" else f"{who} hits exactly {self.target()}"
        return f"You win: closest to {self.target()}" if who == "You" else f"{who} wins: closest to {self.target()}"

    def results_subtitle(self):
        st = self.session.state
        target = self.target()
        if st.round_end_reason == "exact-200":
            return f"{self.variant.title}  ·  exactly {target} claimed points wins at once"
        return f"{self.variant.title}  ·  {self.end_cause(st.round_end_reason)} The score closest to {target} wins."

    def results_row(self, seat: int, place: int):
        st = self.session.state
        p = st.players[seat]
        target = self.target()
        d = p.score - target
        if d == 0:
            text = f"exactly {target}!"
        elif d < 0:
            text = f"{-d} short of {target}"
        else:
            text = f"{d} over {target}"
        ties = [i for i, q in enumerate(st.players) if i != seat and abs(q.score - target) == abs(d)]
        if ties and st.round_end_reason != "exact-200":
            text += f"  ·  rack {rack_value(p.rack)}"
        return text

    def results_note(self):
        st = self.session.state
        if st.round_end_reason == "exact-200":
            last = next((ev for ev in reversed(st.events) if isinstance(ev, dict) and ev.get("type") == "claim"), None)
            return "The winning claim: " + self.claim_message(last)[0] if last is not None else None
        scores = [abs(p.score - self.target()) for p in st.players]
        if len(set(scores)) < len(scores):
            return "A tie on the distance goes to the lower rack value, then fewer tiles, then the earlier player in turn order."
        return "Claimed points count; tiles left on the rack do not (they only break ties)."

    # -- drawing: the board --------------------------------------------------------------------------
    def draw_under_tiles(self, surf, lay) -> None:
        """A plate in the holder's colour under every claimed set."""
        sets = self.view()["sets"]
        if not sets:
            return
        clip = lay.extra.get("table_clip")
        prev = surf.get_clip()
        if clip is not None:
            surf.set_clip(clip.clip(prev))
        s = lay.s
        for st in sets:
            rect = self.set_rect(st["cells"], st["tiles"], lay, pad=0.14)
            if rect is None:
                continue
            colour = token_colour(st["owner"])
            anim = self.anims.get(st["key"])
            if anim is not None and self.scene.time < anim["start"]:
                prev_layers = st["layers"][:-1]
                if not prev_layers:
                    continue
                colour = token_colour(prev_layers[-1]["seat"])
            surf.blit(plate_image(rect.size, colour, max(2, int(3 * s))), rect.topleft)
        surf.set_clip(prev)

    def draw_over_tiles(self, surf, lay) -> None:
        clip = lay.extra.get("table_clip")
        prev = surf.get_clip()
        if clip is not None:
            surf.set_clip(clip.clip(prev))
        try:
            self.draw_tokens(surf, lay)
            if self.mode:
                self.draw_claim_mode(surf, lay)
            self.draw_claim_flashes(surf, lay)
            if self.refused is not None:
                self.outline(surf, lay, self.refused[0], None, theme.BAD, 3)
        finally:
            surf.set_clip(prev)

    def draw_tokens(self, surf, lay) -> None:
        sc = self.scene
        view = self.view()
        sets = view["sets"]
        if not sets:
            return
        # which sets hold each cell (a crossing tile carries two tokens)
        per_cell: dict[tuple, list[tuple[int, dict]]] = {}
        for st in sets:
            for i, c in enumerate(st["cells"]):
                per_cell.setdefault(tuple(c), []).append((i, st))
        for cell, entries in per_cell.items():
            entries.sort(key=lambda e: e[1]["vertical"])  # the row's token left, the column's right
            for k, (i, st) in enumerate(entries):
                box = self.tile_box(cell, st["tiles"][i], lay)
                if box is None:
                    continue
                x, y, w = box
                two = len(entries) > 1
                d = int(w * (0.4 if two else 0.5))
                fh = w * ASPECT * 0.95
                cx = x + w / 2 + (((k * 2) - 1) * w * 0.2 if two else 0)
                cy = y + fh * 0.8
                self.draw_stack(surf, st, i, (cx, cy), d)
            # the lock token on the first tile
            for i, st in entries:
                if st["locked"] and i == 0:
                    box = self.tile_box(cell, st["tiles"][0], lay)
                    if box is None:
                        continue
                    x, y, w = box
                    anim = self.anims.get(st["key"])
                    if anim is not None and sc.time < anim["land"]:
                        continue
                    size = max(12, int(w * 0.6))
                    img = lock_image(size)
                    surf.blit(img, (int(x - size * 0.34), int(y - size * 0.34)))

    def draw_stack(self, surf, st: dict, i: int, center, d: int) -> None:
        """The tokens on one tile of a claimed set: covered ones peek out beneath the top one;
        a token being placed drops in (grows from large and clear to its size)."""
        sc = self.scene
        layers = st["layers"]
        anim = self.anims.get(st["key"])
        landing = None  # progress 0..1 of the top token still landing
        if anim is not None and sc.speed() > 0:
            t = (sc.time - anim["start"] - sc.dur(TOKEN_STEP * i)) / max(1e-6, sc.dur(TOKEN_POP))
            if t < 1.0:
                landing = max(0.0, t)
        n = len(layers)
        visible = n - 1 if landing is not None and landing <= 0 else n
        cx, cy = center
        off = max(2, int(d * 0.16))
        for j in range(visible):
            layer = layers[j]
            depth = visible - 1 - j  # 0: the top token
            pos = (cx - depth * off, cy + depth * off * 0.6)
            colour = token_colour(layer["seat"])
            if j == n - 1 and landing is not None:
                k = out_back(min(1.0, landing))
                img = token_image(colour, max(5, int(d * (1.0 + 0.7 * (1.0 - k)))), layer["side"]).copy()
                img.set_alpha(int(255 * min(1.0, 0.25 + landing)))
                surf.blit(img, (int(pos[0] - img.get_width() / 2), int(pos[1] - img.get_height() / 2)))
            else:
                draw_token_icon(surf, colour, pos, d, layer["side"])

    def outline(self, surf, lay, cells, tiles, colour, width: float, pad: float = 0.2) -> pygame.Rect | None:
        board = self.session.state.board
        tiles = tiles if tiles is not None else [board.get(tuple(c)) for c in cells]
        rect = self.set_rect(cells, tiles, lay, pad=pad)
        if rect is None:
            return None
        w = max(2, int(width * lay.s))
        pygame.draw.rect(surf, colour, rect, width=w, border_radius=max(5, int(min(rect.w, rect.h) * 0.2)))
        return rect

    def draw_claim_flashes(self, surf, lay) -> None:
        """A ring in the claimant's colour around a set just claimed."""
        sc = self.scene
        for key, a in self.anims.items():
            if sc.time < a["start"]:
                continue
            k = 1.0 - max(0.0, min(1.0, (sc.time - a["land"]) / max(1e-6, a["until"] - a["land"])))
            pulse = 0.5 + 0.5 * math.sin(sc.time * 9)
            colour = theme.mix(theme.FELT_DARK, theme.mix(token_colour(a["seat"]), (255, 255, 255), 0.3 * pulse), k)
            self.outline(surf, lay, a["cells"], None, colour, 4, pad=0.28)

    def draw_claim_mode(self, surf, lay) -> None:
        """Claim mode: the board dimmed, the sets the player may claim lit and outlined in the
        colour of what claiming them would be, each with a chip (kind and points) in the empty
        cell after it; the focused one pulses and is spelt out in a caption."""
        sc = self.scene
        opts = self.options()
        clip = lay.extra.get("table_clip") or lay.table
        surf.blit(veil_image(clip.size), clip.topleft)
        board = self.session.state.board
        tiles = sc.app.tiles
        focus = opts[self.focus % len(opts)] if opts else None
        lit = []
        for o in opts:
            for c in o["cells"]:
                t = board.get(tuple(c))
                box = self.tile_box(c, t, lay)
                if box is not None and t is not None:
                    lit.append((tiles.face(t, box[2]), (int(box[0]), int(box[1]))))
        surf.fblits(lit)
        self.draw_tokens(surf, lay)  # tokens back on top of the lit tiles
        pulse = 0.5 + 0.5 * math.sin(sc.time * 6)
        for o in opts:
            if o is focus:
                continue
            self.outline(surf, lay, o["cells"], None, KIND_COLOURS.get(o["kind"], theme.GOOD), 3, pad=0.2)
            self.end_chip(surf, lay, o, False)
        # the hovered set that cannot be claimed
        if self.hover_key is not None and all(o["key"] != self.hover_key for o in opts):
            line = next((ln for ln in self.board_sets() if self.key_of(ln) == self.hover_key), None)
            if line is not None:
                self.outline(surf, lay, line.cells, line.tiles, theme.BAD, 3, pad=0.2)
        if focus is not None:
            colour = KIND_COLOURS.get(focus["kind"], theme.GOOD)
            self.outline(surf, lay, focus["cells"], None, theme.mix(theme.GOLD, (255, 255, 255), pulse), 7, pad=0.3)
            self.outline(surf, lay, focus["cells"], None, colour, 3, pad=0.18)
            self.end_chip(surf, lay, focus, True)
            self.caption(surf, lay, self.option_text(focus))

    def option_text(self, o: dict) -> str:
        """"Hijack R13 B13 O13 K13 from Mia: +52, you would hold 76 of 200"."""
        sc = self.scene
        board = self.session.state.board
        name = set_name([board.get(tuple(c)) for c in o["cells"]])
        frm = o.get("from")
        victim = sc.name_of(frm) if isinstance(frm, int) else ""
        me = self.session.state.players[self.session.viewer].score
        after = me + o["points"]
        if o["kind"] == "hijack":
            what = f"Hijack {name} from {victim}"
        elif o["kind"] == "lock":
            what = f"Lock {name} (the third claim{', taking it from ' + victim if victim else ''})"
        else:
            what = f"Claim {name}"
        tail = f"exactly {self.target()}: you win!" if after == self.target() else f"you would hold {after} of {self.target()}"
        return f"{what}: +{o['points']}, {tail}  ·  Enter claims, Tab: next"

    def chip_icon(self, surf, kind: str, center, d: int) -> None:
        colour = token_colour(self.session.viewer)
        if kind == "lock":
            img = lock_image(d)
            surf.blit(img, (int(center[0] - d / 2), int(center[1] - d / 2)))
        else:
            draw_token_icon(surf, colour, center, d, cl.SIDE_TWO if kind == "hijack" else "blank")

    def end_chip(self, surf, lay, o: dict, focused: bool) -> None:
        """A tile-sized chip in the empty cell after a claimable set: what claiming it is, and its points."""
        s = lay.s
        g = lay.grid
        r, c = o["cells"][-1]
        end = (r + 1, c) if o["vertical"] else (r, c + 1)
        box = g.cell_rect(end)
        colour = KIND_COLOURS.get(o["kind"], theme.GOOD)
        if focused:
            box = box.inflate(int(box.w * 0.16), int(box.w * 0.16))
        body = theme.panel(box.size, radius=max(4, box.w // 5), fill=colour if focused else (8, 14, 24), alpha=240, shadow=0,
                           edge=(255, 255, 255) if focused else colour)
        surf.blit(body, box.topleft)
        d = max(8, int(box.w * 0.5))
        self.chip_icon(surf, o["kind"], (box.centerx, box.y + box.h * 0.33), d)
        px = max(10, min(box.w * 0.52, 20 * s))
        t = theme.text(f"+{o['points']}", px, (20, 24, 30) if focused else colour)
        if t.get_width() > box.w - 2:
            t = pygame.transform.smoothscale(t, (box.w - 2, t.get_height()))
        theme.blit_center(surf, t, (box.centerx, int(box.y + box.h * 0.74)))

    def caption(self, surf, lay, text: str) -> None:
        """A line at the top of the felt about the focused set."""
        s = lay.s
        clip = lay.extra.get("table_clip") or lay.table
        board = variant_ui.find(self.scene.plugin, _board_view_class())
        right = min(board.buttons(lay).values(), key=lambda r: r.x).x - int(10 * s) if board is not None else clip.right
        x0 = clip.x + int(10 * s)
        img = theme.fit_text(text, 19 * s, right - x0 - int(24 * s), (20, 24, 30))
        box = pygame.Rect(x0, clip.y + int(6 * s), img.get_width() + int(24 * s), max(img.get_height() + int(10 * s), int(30 * s)))
        surf.blit(theme.panel(box.size, radius=box.h // 2, fill=theme.CREAM, alpha=245, shadow=0, edge=theme.GOLD), box.topleft)
        surf.blit(img, (box.x + int(12 * s), box.centery - img.get_height() // 2))

    # -- drawing: panels -----------------------------------------------------------------------------
    def draw_info(self, surf, lay) -> bool:
        """The race to 200 in the first info panel, the player's supplies and a key in the second."""
        if not lay.info:
            return False
        self.draw_race(surf, lay, lay.info[0])
        if len(lay.info) > 1:
            self.draw_supplies(surf, lay, lay.info[1])
        return True

    def race_rows(self, lay, rect: pygame.Rect) -> tuple[list[dict], float, int]:
        """The race panel's geometry: per seat its row centre, name box and bar; the font
        size; the x of the exactly-200 mark."""
        s = lay.s
        st = self.session.state
        target = self.target()
        n = len(st.players)
        pad = int(7 * s)
        inner = rect.inflate(-pad * 2, -pad * 2)
        row_h = inner.h / max(1, n)
        name_w = int(min(86 * s, inner.w * 0.24))
        val_w = int(46 * s)
        bar_x = inner.x + int(16 * s) + name_w
        bar_w = max(20, inner.right - val_w - bar_x)
        top = max([target] + [p.score for p in st.players])
        px = max(12 * s, min(19 * s, row_h * 0.78))
        bh = max(5, int(min(row_h * 0.5, 12 * s)))
        rows = []
        for seat in range(n):
            cy = int(inner.y + seat * row_h + row_h / 2)
            rows.append({"seat": seat, "cy": cy, "dot": (inner.x + int(7 * s), cy), "name_x": inner.x + int(16 * s),
                         "name_w": name_w, "bar": pygame.Rect(bar_x, cy - bh // 2, bar_w, bh), "value_right": inner.right,
                         "dot_d": max(8, int(min(row_h * 0.7, 15 * s)))})
        return rows, px, bar_x + int(bar_w * target / top)

    def draw_race(self, surf, lay, rect: pygame.Rect) -> None:
        """A bar per player from 0 toward exactly 200 (the gold mark), in their colour."""
        s = lay.s
        sc = self.scene
        st = self.session.state
        theme.draw_panel(surf, rect, radius=int(12 * s), alpha=200, shadow=int(6 * s))
        target = self.target()
        top = max([target] + [p.score for p in st.players])
        rows, px, mark_x = self.race_rows(lay, rect)
        for row in rows:
            seat = row["seat"]
            p = st.players[seat]
            cy = row["cy"]
            colour = token_colour(seat)
            draw_token_icon(surf, colour, row["dot"], row["dot_d"])
            active = st.current == seat and st.phase == "play"
            nm = theme.fit_text(sc.name_of(seat), px, row["name_w"], theme.GOLD if active else theme.INK)
            surf.blit(nm, (row["name_x"], cy - nm.get_height() // 2))
            bar = row["bar"]
            bh = bar.h
            pygame.draw.rect(surf, (8, 14, 24), bar, border_radius=bh // 2)
            shown = self.shown_points[seat] if seat < len(self.shown_points) else p.score
            fill = bar.copy()
            fill.w = int(bar.w * max(0.0, min(1.0, shown / top)))
            if fill.w > 0:
                pygame.draw.rect(surf, colour, fill, border_radius=bh // 2)
            pygame.draw.rect(surf, theme.mix(colour, (0, 0, 0), 0.4), bar, width=1, border_radius=bh // 2)
            pygame.draw.line(surf, theme.GOLD, (mark_x, cy - bh), (mark_x, cy + bh), max(2, int(2 * s)))
            exact = p.score == target
            vt = theme.text(str(int(round(shown))), px, theme.GOLD if exact else theme.INK)
            surf.blit(vt, (row["value_right"] - vt.get_width(), cy - vt.get_height() // 2))
        lbl = theme.text(str(target), max(10, 13 * s), theme.GOLD)
        surf.blit(lbl, (min(mark_x - lbl.get_width() // 2, rect.right - lbl.get_width() - 2), rect.y + 1))

    def draw_supplies(self, surf, lay, rect: pygame.Rect) -> None:
        s = lay.s
        sess = self.session
        theme.draw_panel(surf, rect, radius=int(12 * s), alpha=200, shadow=int(6 * s))
        players = self.view()["players"]
        me = next((p for p in players if p["seat"] == sess.viewer), None)
        pad = int(10 * s)
        inner = rect.inflate(-pad * 2, -int(8 * s))
        px = max(12 * s, min(19 * s, inner.h / 3.4))
        line_h = inner.h / 3
        y = inner.y
        colour = token_colour(sess.viewer)
        x = inner.x
        if me is not None:
            who = self.scene.name_of(sess.viewer)
            lead = theme.text("Your tokens:" if who == "You" else f"{who}'s tokens:", px, theme.INK_DIM, bold=False)
            surf.blit(lead, (x, int(y + line_h / 2 - lead.get_height() / 2)))
            x += lead.get_width() + int(10 * s)
            x = self.supply(surf, (x, y + line_h / 2), colour, me["tokens"], me["locks"], px, s, words=True)
        # the key to the board's marks
        y += line_h
        d = int(px * 1.05)
        x = inner.x
        entries = [("claimed", "blank", None), ("hijacked", cl.SIDE_TWO, None), ("locked: no more claims", None, "lock")]
        cy = y + line_h / 2
        for label, side, special in entries:
            if special == "lock":
                img = lock_image(d)
                surf.blit(img, (x, int(cy - d / 2)))
            else:
                draw_token_icon(surf, (200, 206, 216), (x + d / 2, cy), d, side)
            x += d + int(5 * s)
            t = theme.text(label, px * 0.92, theme.INK_DIM, bold=False)
            surf.blit(t, (x, int(cy - t.get_height() / 2)))
            x += t.get_width() + int(14 * s)
        y += line_h
        hint = "C: claim a set  ·  a claim is your whole turn" if sess.my_turn else "Each player's colour is on their tokens and plates"
        t = theme.fit_text(hint, px * 0.92, inner.w, theme.INK_FAINT, bold=False)
        surf.blit(t, (inner.x, int(y + line_h / 2 - t.get_height() / 2)))

    def supply(self, surf, pos, colour, tokens: int, locks: int, px: float, s: float, words: bool = False) -> int:
        """``● 41  ■ 3`` (claim tokens and lock tokens left); returns the right edge."""
        x, cy = pos
        d = int(px * 1.0)
        draw_token_icon(surf, colour, (x + d / 2, cy), d)
        x += d + int(4 * s)
        t = theme.text(f"{tokens}" + (" claim" if words else ""), px, theme.INK)
        surf.blit(t, (x, int(cy - t.get_height() / 2)))
        x += t.get_width() + int(12 * s)
        img = lock_image(d)
        surf.blit(img, (x, int(cy - d / 2)))
        x += d + int(4 * s)
        t = theme.text(f"{locks}" + (" lock" if words else ""), px, theme.INK)
        surf.blit(t, (x, int(cy - t.get_height() / 2)))
        return x + t.get_width()

    def draw_seat_extra(self, surf, seat, pos, width, s) -> bool:
        """In an opponent's panel: their claim and lock tokens left."""
        p = self.session.state.players[seat]
        if not p.melded:
            t = theme.fit_text("not melded yet", 16 * s, width, theme.INK_FAINT, bold=False)
            surf.blit(t, pos)
            return True
        players = self.view()["players"]
        info = next((q for q in players if q["seat"] == seat), None)
        if info is None:
            return True
        px = 17 * s
        self.supply(surf, (pos[0] + int(2 * s), pos[1] + px * 0.55), token_colour(seat), info["tokens"], info["locks"], px, s)
        return True

    def draw_hud(self, surf, lay) -> None:
        self.draw_colour_rings(surf, lay)
        self.draw_claim_button(surf, lay)
        self.draw_hover_tip(surf, lay)

    def draw_colour_rings(self, surf, lay) -> None:
        """Each player's token colour around their portrait, with a token beside it."""
        s = lay.s
        boxes = [lay.me] + list(lay.seats.values())
        for box in boxes:
            colour = token_colour(box.seat)
            cx, cy = box.face_center
            r = box.face_size / 2
            pygame.draw.circle(surf, colour, (cx, cy), r + max(2, 2 * s), width=max(2, int(3 * s)))
            d = max(10, int(box.face_size * 0.32))
            draw_token_icon(surf, colour, (cx + r * 0.74, cy + r * 0.74), d)

    def draw_claim_button(self, surf, lay) -> None:
        from .widgets import button_surface

        s = lay.s
        rect = self.button_rect(lay)
        sess = self.session
        n = len(self.options())
        on = self.can_claim_now()
        hover = on and rect.collidepoint(self.mouse) and self.scene.drag is None
        state = "disabled" if not on else "down" if hover and self.pressed else "hover" if hover else "normal"
        style = "primary" if self.mode else "secondary"
        surf.blit(button_surface(rect.size, style, state, max(5, int(rect.h * 0.3))), rect.topleft)
        colour = ((40, 24, 6) if self.mode else theme.INK) if on else (150, 156, 168)
        label = "Cancel claim" if self.mode else "Claim a set"
        keyname = "Esc" if self.mode else "C"
        px = min(rect.h * 0.8, 21 * s)
        d = int(rect.h * 0.62)
        draw_token_icon(surf, token_colour(sess.viewer), (rect.x + int(10 * s) + d / 2, rect.centery), d)
        lt = theme.fit_text(label, px, rect.w - d - int(60 * s), colour)
        surf.blit(lt, (rect.x + d + int(18 * s), rect.centery - lt.get_height() // 2))
        if on and n and not self.mode:
            bubble = theme.text(str(n), px * 0.8, (10, 30, 10))
            br = pygame.Rect(0, 0, max(bubble.get_width() + int(10 * s), int(rect.h * 0.7)), int(rect.h * 0.7))
            br.midleft = (rect.x + d + int(24 * s) + lt.get_width(), rect.centery)
            pygame.draw.rect(surf, theme.GOOD, br, border_radius=br.h // 2)
            theme.blit_center(surf, bubble, br.center)
        kt = theme.text(keyname, px * 0.7, theme.mix(colour, (128, 128, 128), 0.4))
        surf.blit(kt, (rect.right - kt.get_width() - int(8 * s), rect.centery - kt.get_height() // 2))

    def hover_text(self) -> str:
        """What the pointer is over: a claimed set's story, or why a set cannot be claimed."""
        sc = self.scene
        line = self.line_at(self.mouse)
        if line is None:
            return ""
        key = self.key_of(line)
        if self.mode and any(o["key"] == key for o in self.options()):
            return ""
        rec = self.claimed_by_key().get(key)
        parts = []
        if rec is not None:
            owner = sc.name_of(rec["owner"])
            layers = rec["layers"]
            story = f"{owner} {'hold' if owner == 'You' else 'holds'} {set_name(rec['tiles'])}: {rec['points']} points"
            if len(layers) >= 2:
                story += f" (hijacked from {sc.name_of(layers[-2]['seat'])})" if len(layers) == 2 else ""
            parts.append(story)
            if rec["locked"]:
                parts.append(f"locked by {sc.name_of(rec['lock_seat'])}: no more claims" if rec.get("lock_seat") is not None
                             else "locked: no more claims")
            elif len(layers) == 2:
                parts.append("the next claim locks it")
        if self.mode and not (rec is not None and rec["locked"]):
            probs = self.problems_for(line.cells, line.vertical)
            if probs:
                parts.append("cannot be claimed: " + probs[0])
        return "  ·  ".join(parts)

    def draw_hover_tip(self, surf, lay) -> None:
        sc = self.scene
        if sc.drag is not None or not (lay.extra.get("table_clip") or lay.table).collidepoint(self.mouse):
            return
        text = self.hover_text()
        if not text:
            return
        s = lay.s
        img = theme.text(text, 18 * s, theme.INK, wrap=int(lay.size[0] * 0.45))
        box = pygame.Rect(0, 0, img.get_width() + int(20 * s), img.get_height() + int(12 * s))
        box.bottomleft = (self.mouse[0] + int(14 * s), self.mouse[1] - int(10 * s))
        box.clamp_ip(pygame.Rect(0, 0, *lay.size))
        surf.blit(theme.panel(box.size, radius=int(8 * s), fill=(10, 18, 32), alpha=240, shadow=0, edge=theme.INK_DIM), box.topleft)
        surf.blit(img, (box.x + int(10 * s), box.y + int(6 * s)))


def _board_view_class():
    from .boardview import BoardView

    return BoardView


variant_ui.register("rummi200kub", ClaimsScreen)
