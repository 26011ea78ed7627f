"""The claims plugin's data from the rules core (``variant.claims_view``, ``claim_options``,
``claim_problems``), read once per session version: a part with no picture and no input."""

from __future__ import annotations

import logging

from ...play import reasons
from ...rules import actions as act
from ...rules import claims as cl

log = logging.getLogger(__name__)  # a rules-core read that failed (errors.log in the game)


class ClaimsData:
    """What the rules core says about the claims now, cached per ``session.version``."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self._cache: dict[str, tuple] = {}

    @property
    def session(self):
        return self.scene.session

    def _cached(self, name: str, fn):
        v = self.session.version
        hit = self._cache.get(name)
        if hit is None or hit[0] != v:
            try:
                value = fn()
            except Exception:  # noqa: BLE001 - logged; the screen shows nothing claimed rather than fail
                log.exception("reading %s from the rules core failed", name)
                value = None
            hit = (v, value)
            self._cache[name] = hit
        return hit[1]

    def view(self) -> dict:
        """``variant.claims_view``: the target, the claimed sets and each player's supplies."""
        got = self._cached("view", lambda: self.session.variant.claims_view(self.session.state))
        return got or {"target": 200, "sets": [], "players": []}

    def target(self) -> int:
        return int(self.view().get("target") or 200)

    def options(self) -> list[dict]:
        """What the viewer may claim now (on their turn), in reading order."""
        sess = self.session

        def make():
            if not sess.my_turn:
                return []
            opts = sess.variant.claim_options(sess.state, sess.viewer)
            return sorted(opts, key=lambda o: (o["cells"][0][0], o["cells"][0][1], o["vertical"]))
        return self._cached("options", make) or []

    def option_keys(self) -> set[str]:
        return {o["key"] for o in self.options()}

    def table_tiles(self) -> set:
        """The tiles on the table as the viewer sees it (their draft during their turn)."""
        return self._cached("table_tiles", lambda: self.session.table().tile_set()) or set()

    def board_sets(self) -> list:
        return self._cached("sets", lambda: cl.board_sets(self.session.state.board)) or []

    def claimed_by_key(self) -> dict[str, dict]:
        return {s["key"]: s for s in self.view()["sets"]}

    def problems_for(self, cells, vertical: bool) -> list[str]:
        """Why the set on ``cells`` cannot be claimed (``claim_problems``' messages; [] when it can)."""
        try:
            claim = act.claim("claim", cells=[list(c) for c in cells], vertical=vertical)
            probs = self.session.variant.claim_problems(self.session.state, claim)
        except Exception:  # noqa: BLE001 - logged; the player is told the set cannot be claimed
            log.exception("claim_problems failed")
            return ["that set cannot be claimed"]
        return [reasons.say(p) for p in probs]

    @staticmethod
    def key_of(line) -> str:
        return cl.set_key(line.cells, line.vertical)
