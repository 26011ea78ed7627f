"""The claims plugin's words: the status line, the tips, the game-end banner, the results' texts,
and the hover tip's text."""

from __future__ import annotations

from ...rules import events as ev_
from ...rules.tiles import rack_value
from .. import theme
from .art import set_name


class ClaimsWords:
    """The status line, tips, the end and the results in words."""

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
        you = winner == self.session.person
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
                return f"{who} {'have' if out == self.session.person else 'has'} no tiles left."
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
        who, you = self.scene.name_of(ranking[0]), ranking[0] == self.session.person
        if st.round_end_reason == "exact-200":
            return f"You hit exactly {self.target()}!" if you else f"{who} hits exactly {self.target()}"
        return f"You win: closest to {self.target()}" if you else f"{who} wins: closest to {self.target()}"

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
            last = next((ev for ev in reversed(st.events) if isinstance(ev, ev_.Claimed)), None)
            return "The winning claim: " + self.claim_message(last)[0] if last is not None else None
        scores = [abs(p.score - self.target()) for p in st.players]
        if len(set(scores)) < len(scores):
            return "A tie on the distance goes to the lower rack value, then fewer tiles, then the earlier player in turn order."
        return "Claimed points count; tiles left on the rack do not (they only break ties)."


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
            story = f"{owner} {'hold' if rec['owner'] == self.session.person else 'holds'} {set_name(rec['tiles'])}: {rec['points']} points"
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
