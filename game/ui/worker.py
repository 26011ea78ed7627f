"""The computer thinks off the render loop.

``AIWorker`` runs computer moves (and hints) in a separate process, so the
search never takes frame time from the game (nor the GIL).  Requests and
answers are plain JSON-able data sent over a pipe; the frame only ever polls.
When a process cannot start, a background thread does the work instead; the
``sync`` mode computes inside ``poll`` for tests and tools that want
determinism without waiting.
"""

from __future__ import annotations

import queue
import threading
import traceback
from typing import Any

from ..session import action_to_wire, compute_ai_action, compute_hint, view_from_dict

HINT = "__hint__"


def _answer(job: tuple, cache: dict) -> tuple:
    token, level, seed, view_d = job
    try:
        view = view_from_dict(view_d)
        if level == HINT:
            action = compute_hint(view)
        else:
            action = compute_ai_action(level, seed, view, cache)
        return (token, action_to_wire(action), "")
    except Exception as exc:  # the game goes on: the move becomes a draw
        return (token, {"type": "draw"}, f"{exc.__class__.__name__}: {exc}\n{traceback.format_exc(limit=6)}")


def _process_main(conn) -> None:  # pragma: no cover - runs in the child process
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


class AIWorker:
    """Submit ``(token, level, seed, view_dict)`` jobs; poll for ``(token, action, error)``."""

    def __init__(self, mode: str = "auto") -> None:
        self.mode = mode  # "auto" (process, else thread), "process", "thread", "sync"
        self.kind = ""
        self._proc = None
        self._conn = None
        self._thread: threading.Thread | None = None
        self._jobs: queue.Queue | None = None
        self._results: queue.Queue | None = None
        self._sync_jobs: list[tuple] = []
        self._cache: dict = {}
        self.pending: set[int] = set()
        self.errors: list[str] = []
        self._outstanding: dict[int, tuple] = {}

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
            proc.start()
            child.close()
        except Exception as exc:  # no process: threads will do
            self.errors.append(f"could not start the AI process ({exc}); using a thread")
            return False
        self._proc, self._conn = proc, parent
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
            try:
                self._conn.send(job)
                return
            except (OSError, BrokenPipeError, ValueError) as exc:
                self._fall_back(f"the AI process stopped ({exc})")
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
        out: list[tuple[int, Any, str]] = []
        if self.kind == "process":
            try:
                while self._conn.poll():
                    out.append(self._conn.recv())
            except (EOFError, OSError) as exc:
                self._fall_back(f"the AI process stopped ({exc})")
            else:
                if self._outstanding and self._proc is not None and not self._proc.is_alive():
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
        return out

    def wait(self, token: int, timeout: float = 30.0) -> tuple[int, Any, str] | None:
        """Block for one answer (tools and tests only; the game never calls this)."""
        import time

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for ans in self.poll():
                if ans[0] == token:
                    return ans
            if self.kind == "process" and self._conn is not None:
                self._conn.poll(0.05)
            elif self.kind == "thread" and self._results is not None:
                try:
                    ans = self._results.get(timeout=0.05)
                    self._results.put(ans)
                except queue.Empty:
                    pass
        return None

    def forget(self) -> None:
        """Drop interest in outstanding jobs (a new game started)."""
        self.pending.clear()
        self._outstanding.clear()
        self._sync_jobs.clear()

    # -- shutting down --------------------------------------------------------------------------
    def _close_process(self) -> None:
        if self._conn is not None:
            try:
                self._conn.send(None)
            except Exception:
                pass
            try:
                self._conn.close()
            except Exception:
                pass
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
