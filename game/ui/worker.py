"""The computer thinks off the render loop.

``AIWorker`` runs computer moves (and hints) in a separate process, so the
search never takes frame time from the game (nor the GIL).  Requests and
answers are plain JSON-able data sent over a pipe (an answer is an action's
``actions.to_json`` form); the frame only ever polls.  A computer player that
raises answers a draw; ``poll`` reports what it raised on the ``game.ai`` logger
(``game.play.computer.report_error``: errors.log in the game, a failure in tests).
When a process cannot start, a background thread does the work instead; the
``sync`` mode computes inside ``poll`` for tests and tools that want
determinism without waiting.
"""

from __future__ import annotations

import contextlib
import queue
import signal
import threading
import traceback
from typing import Any

from ..play.computer import report_error
from ..play.session import compute_ai_action, compute_hint, view_from_dict
from ..play.thinking import Hint
from ..rules import actions as act

HINT = "__hint__"


def _answer(job: tuple, cache: dict) -> tuple:
    token, level, seed, view_d = job
    try:
        view = view_from_dict(view_d)
        if level == HINT:
            return (token, compute_hint(view).to_json(), "")
        action = compute_ai_action(level, seed, view, None)  # a fresh player per turn, seeded from the state
        return (token, act.to_json(action), "")
    except Exception as exc:  # the game goes on: the move becomes a draw (no hint); ``poll`` reports the error
        answer = Hint(act.Draw()).to_json() if level == HINT else act.to_json(act.Draw())
        return (token, answer, f"{exc.__class__.__name__}: {exc}\n{traceback.format_exc(limit=6)}")


STOP_SIGNALS = tuple(sig for sig in signal.Signals if sig.name in ("SIGINT", "SIGHUP"))  # (no SIGHUP on Windows)


@contextlib.contextmanager
def signals_handled(signals, handler):
    """``handler`` for ``signals`` while the block runs, the previous handlers back afterwards
    (off the main thread nothing changes: only the main thread may set them)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sig: signal.signal(sig, handler) for sig in signals}
    try:
        yield
    finally:
        for sig, previous in before.items():
            signal.signal(sig, previous)


def _signals_ignored():
    """Ctrl+C and a closed terminal reach every process of the terminal's group: the worker, started
    in here, ignores them from its first instruction (the game ends it when it shuts down itself)."""
    return signals_handled(STOP_SIGNALS, signal.SIG_IGN)


def _process_main(conn) -> None:  # pragma: no cover - runs in the child process
    for sig in STOP_SIGNALS:  # (inherited from the start already; said again for a child started otherwise)
        signal.signal(sig, signal.SIG_IGN)
    cache: dict = {}
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError, KeyboardInterrupt):
            return
        if job is None:
            return
        try:
            conn.send(_answer(job, cache))
        except (OSError, BrokenPipeError):
            return


_DEAD = "__worker_stopped__"


class _PipeBridge:
    """Two helper threads move jobs to the process and answers back, so the frame
    only ever touches in-process queues (pipe writes and reads never cost frame time)."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.outbox: queue.Queue = queue.Queue()
        self.inbox: queue.Queue = queue.Queue()
        self.sender = threading.Thread(target=self._send_loop, name="tile-rush-ai-send", daemon=True)
        self.receiver = threading.Thread(target=self._recv_loop, name="tile-rush-ai-recv", daemon=True)
        self.sender.start()
        self.receiver.start()

    def _send_loop(self) -> None:
        while True:
            job = self.outbox.get()
            try:
                self.conn.send(job)
            except (OSError, BrokenPipeError, ValueError):
                self.inbox.put(_DEAD)
                return
            if job is None:
                return

    def _recv_loop(self) -> None:
        while True:
            try:
                ans = self.conn.recv()
            except (EOFError, OSError, ValueError):
                self.inbox.put(_DEAD)
                return
            self.inbox.put(ans)

    def close(self) -> None:
        self.outbox.put(None)


class AIWorker:
    """Submit ``(token, level, seed, view_dict)`` jobs; poll for ``(token, action, error)``."""

    def __init__(self, mode: str = "auto") -> None:
        self.mode = mode  # "auto" (process, else thread), "process", "thread", "sync"
        self.kind = ""
        self._proc = None
        self._conn = None
        self._bridge: _PipeBridge | None = None
        self._thread: threading.Thread | None = None
        self._jobs: queue.Queue | None = None
        self._results: queue.Queue | None = None
        self._sync_jobs: list[tuple] = []
        self._cache: dict = {}
        self.pending: set[int] = set()
        self.errors: list[str] = []
        self._outstanding: dict[int, tuple] = {}
        self._stash: list[tuple[int, Any, str]] = []  # answers kept back by ``wait``

    # -- start-up ---------------------------------------------------------------------------
    def start(self) -> str:
        if self.kind:
            return self.kind
        if self.mode == "sync":
            self.kind = "sync"
        elif self.mode in ("auto", "process") and self._start_process():
            self.kind = "process"
        else:
            self._start_thread()
            self.kind = "thread"
        return self.kind

    def _start_process(self) -> bool:
        try:
            import multiprocessing as mp

            ctx = mp.get_context("spawn")
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_process_main, args=(child,), daemon=True, name="tile-rush-ai")
            with _signals_ignored():
                proc.start()
            child.close()
        except Exception as exc:  # no process: threads will do
            self.errors.append(f"could not start the AI process ({exc}); using a thread")
            return False
        self._proc, self._conn = proc, parent
        self._bridge = _PipeBridge(parent)
        return True

    def _start_thread(self) -> None:
        self._jobs = queue.Queue()
        self._results = queue.Queue()

        def run() -> None:
            cache: dict = {}
            while True:
                job = self._jobs.get()
                if job is None:
                    return
                self._results.put(_answer(job, cache))

        self._thread = threading.Thread(target=run, name="tile-rush-ai", daemon=True)
        self._thread.start()

    # -- jobs ---------------------------------------------------------------------------------
    def submit(self, token: int, level: str, seed: int, view_d: dict) -> None:
        self.start()
        job = (token, level, seed, view_d)
        self.pending.add(token)
        self._outstanding[token] = job
        if self.kind == "process":
            self._bridge.outbox.put(job)
            return
        if self.kind == "thread":
            self._jobs.put(job)
        else:
            self._sync_jobs.append(job)

    def _fall_back(self, why: str) -> None:
        """The process died: redo the outstanding jobs on a thread."""
        self.errors.append(why + "; using a thread")
        self._close_process()
        self.kind = "thread"
        self._start_thread()
        for job in list(self._outstanding.values()):
            self._jobs.put(job)

    def poll(self) -> list[tuple[int, Any, str]]:
        """Answers that are ready (never blocks, except that ``sync`` computes here)."""
        kept, self._stash = self._stash, []
        out: list[tuple[int, Any, str]] = []
        if self.kind == "process":
            dead = False
            while True:
                try:
                    ans = self._bridge.inbox.get_nowait()
                except queue.Empty:
                    break
                if ans == _DEAD:
                    dead = True
                else:
                    out.append(ans)
            if dead:
                self._fall_back("the AI process stopped")
        if self.kind == "thread" and self._results is not None:
            while True:
                try:
                    out.append(self._results.get_nowait())
                except queue.Empty:
                    break
        elif self.kind == "sync":
            jobs, self._sync_jobs = self._sync_jobs, []
            out.extend(_answer(job, self._cache) for job in jobs)
        for token, _action, err in out:
            self.pending.discard(token)
            self._outstanding.pop(token, None)
            if err:
                self.errors.append(err)
                report_error("the computer player's worker", details=err)
        return kept + out

    def wait(self, token: int, timeout: float = 30.0) -> tuple[int, Any, str] | None:
        """Block for one answer (tools and tests only; the game never calls this)."""
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = None
            for ans in self.poll():
                if ans[0] == token and found is None:
                    found = ans
                else:
                    self._stash.append(ans)
            if found is not None:
                return found
            box = self._bridge.inbox if self.kind == "process" and self._bridge is not None else self._results
            if box is not None:
                try:
                    ans = box.get(timeout=0.05)
                    box.put(ans)
                except queue.Empty:
                    pass
        return None

    # -- shutting down --------------------------------------------------------------------------
    def _close_process(self) -> None:
        if self._bridge is not None:
            self._bridge.close()
            if self._proc is not None:
                self._proc.join(timeout=0.5)
            self._bridge = None
        if self._conn is not None:
            with contextlib.suppress(OSError):  # the pipe is already closed
                self._conn.close()
        if self._proc is not None:
            self._proc.join(timeout=0.5)
            if self._proc.is_alive():
                self._proc.terminate()
                self._proc.join(timeout=0.5)
        self._proc = self._conn = None

    def close(self) -> None:
        self._close_process()
        if self._jobs is not None:
            self._jobs.put(None)
        self.kind = ""
