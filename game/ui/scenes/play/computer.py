"""The computer driver part: asks the worker for the move of the computer to play, waits out
the short "thinking" every move shows, and hands the answer to ``session.computer``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .part import Part
from .records import MIN_THINK

if TYPE_CHECKING:  # pragma: no cover
    from .scene import PlayScene


class ComputerDriver(Part):
    """Owns the worker's token for the move asked for, its answer once in, and when it was asked."""

    def __init__(self, scene: "PlayScene") -> None:
        self.scene = scene
        self.stage = scene.stage
        self.think_started = 0.0
        self.answer: tuple[int, object] | None = None
        self.token = 0

    def answered(self, token: int, action) -> None:
        """The worker's answer for ``token`` is in (applied once the move has been "thought" over)."""
        if token == self.token:
            self.answer = (token, action)

    def poll_worker(self) -> None:
        """Answers from the worker: the computer's move, or the hint asked for."""
        sc = self.scene
        worker = sc.app.started_worker
        if worker is None or not worker.pending:
            return
        for token, action, _err in worker.poll():
            if token == self.token:
                self.answered(token, action)
            elif token == sc.hint.token:
                sc.hint.answer(action)

    def thinking_for(self) -> float:
        """Seconds the computer to move has been working on its move: 0 when no move is asked for
        or its answer is in (and the screen only waits out ``MIN_THINK``)."""
        if not self.scene.session.computer.thinking or self.answer is not None:
            return 0.0
        return self.stage.time - self.think_started

    def ask_again(self, level: str, seed: int, view: dict) -> None:
        """Ask for a move anew (a new token: an answer to the old question is ignored)."""
        self.think_started = self.stage.time
        self.answer = None
        self.token += 1_000_000
        self.scene.app.worker.submit(self.token, level, seed, view)

    def run(self) -> None:
        """The computer's turn moves on (the scene's ``run_computer`` hook by default comes here)."""
        sc = self.scene
        sess = sc.session
        st = self.stage
        self.poll_worker()
        if sess.phase != "play" or not sess.computer_to_move:
            return
        if not sess.computer.thinking:
            if st.time < st.busy_until:
                return
            req = sess.computer.request()
            if req is None:
                return
            token, level, seed, view_d = req
            self.token = token
            self.answer = None
            self.think_started = st.time
            sc.app.worker.submit(token, level, seed, view_d)
            return
        if self.answer is not None and st.time - self.think_started >= sc.dur(MIN_THINK):
            token, action = self.answer
            self.answer = None
            sess.computer.apply(token, action)
            for ev in sess.poll_events():
                sc.on_event(ev)
