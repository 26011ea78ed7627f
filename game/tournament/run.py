"""A Golden Games tournament as the screens run it (pure: no pygame here).

``TournamentRun`` ties a ``Tournament`` (``core.py``) to the play
screen's ``Session`` and to the save system:

* It is saved in its own slot (``saves.TOURNAMENT_SLOT``, save kind
  ``"tournament"``, see docs/saves.md): the save's ``tournament`` is the whole
  tournament, its ``game`` the human's game in progress (between tables: the
  deal of the next table, as the save format always holds a game), and its
  ``session`` the play screen's data while a game is on (``"screen": "play"``,
  turn time left, rack order) or ``{"screen": "bracket"}``.
* ``open_table()`` gives the ``Session`` of the human's table, new or resumed.
  Its hooks save the tournament after every turn and, when the table's games
  are over, record the result (``Tournament.record_result``) and save again.
* ``simulate(until, mode)`` starts a ``Simulation`` of the computer tables:
  stepped from the frame a few milliseconds at a time (``pump``), or played in
  a separate process (or a thread) while the frame only reads its messages; the
  screen draws its ``progress`` and ``bracket`` snapshot and never waits for it.  A simulation can be cancelled at any
  moment: a table left half simulated is simulated again from its start later
  and ends exactly the same, as every table is seeded.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from ..play import turnsave
from ..play.session import Session
from ..replay import store as replay_store
from ..rules.state import Phase, StateError
from ..storage import persistence, saves, stats
from .bracket import Bracket, human_line
from .core import Tournament
from .model import Table
from .plan import DEFAULT_GAMES, TableRef, TournamentError
from .simulate import Progress

log = logging.getLogger(__name__)  # what a bug caught here was (errors.log in the game)

SCREEN_PLAY = "play"
SCREEN_BRACKET = "bracket"
SNAPSHOT_EVERY = 0.2  # seconds between bracket snapshots while a table is being simulated


def save_slot() -> str:
    return saves.TOURNAMENT_SLOT


MODES = ("stepped", "thread", "process")


class Simulation:
    """The computer tables played out by ``Tournament.iter_simulation``.

    ``until="human"`` stops as soon as the human has a table to play (their next
    stage), ``until="end"`` goes on to the medals.  Three ways to run it:

    * ``"stepped"``: the screen calls ``pump(budget)`` every frame, which simulates
      for about that long (at least one turn);
    * ``"process"``: a separate process plays it (so the computer's thinking never
      takes the frame's time, nor the interpreter lock) and saves after every table;
      ``pump()`` only reads its messages: progress, bracket snapshots and the whole
      tournament after every table.  Falls back to a thread if no process starts;
    * ``"thread"``: a daemon thread plays it; the tournament must not be touched
      until ``done``.

    The screen draws ``progress``, ``fraction``, ``text`` and the ``bracket`` snapshot."""

    def __init__(self, run: "TournamentRun", until: str = "human", mode: str = "stepped",
                 on_table: Callable[[], None] | None = None) -> None:
        if until not in ("human", "end"):
            raise ValueError(f"unknown simulation goal {until!r}")
        if mode not in MODES:
            raise ValueError(f"unknown simulation mode {mode!r}")
        self.run = run
        self.t = run.t
        self.until = until
        self.mode = mode
        self.on_table = on_table
        self.progress: Progress | None = None
        self.bracket: Bracket = self.t.bracket()
        self.tables_done = 0
        self.done = False
        self.cancelled = False
        self.error = ""
        self.steps = 0
        self._fraction = 0.0  # never goes back (the model's figure dips while a game's scores are added)
        self._cancel = False
        self._last_snapshot = time.perf_counter()
        self._gen = None
        self._thread: threading.Thread | None = None
        self._proc = None
        self._conn = None
        if self._should_stop():
            self.done = True
            return
        if mode == "process" and self._start_process():
            return
        if mode != "stepped":
            self.mode = "thread"
        self._gen = self.t.iter_simulation(stop_at_human=(until == "human"))
        if self.mode == "thread":
            self._thread = threading.Thread(target=self._thread_main, name="tile-rush-tournament", daemon=True)
            self._thread.start()

    @property
    def threaded(self) -> bool:
        return self.mode != "stepped"

    # -- state -------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return not self.done

    @property
    def fraction(self) -> float:
        if self.done and not self.cancelled and not self.error:
            return 1.0
        return self._fraction

    @property
    def text(self) -> str:
        return self.progress.text if self.progress else "Seating the tables"

    @property
    def current(self) -> TableRef | None:
        """The table being simulated now."""
        if self.progress is None or self.done:
            return None
        return self.progress.ref

    def _should_stop(self) -> bool:
        if self._cancel or self.t.finished:
            return True
        return self.until == "human" and self.t.human_table() is not None

    # -- running here (stepped, or on a thread) --------------------------------------------------
    def _step(self) -> None:
        try:
            info = next(self._gen)
        except StopIteration:
            self._finish()
            return
        except Exception as exc:  # a bug must not take the screen down: say so, log it, keep the tournament
            log.exception("the tournament's simulation stopped")
            self.error = f"the simulation stopped: {exc}"
            self._finish()
            return
        self.steps += 1
        self.progress = info
        self._fraction = max(self._fraction, info.fraction)
        table_over = info.turn is None
        now = time.perf_counter()
        if table_over or now - self._last_snapshot >= SNAPSHOT_EVERY:
            self._last_snapshot = now
            self.bracket = self.t.bracket()
        if table_over:
            self.tables_done += 1
            if self.on_table is not None:
                try:
                    self.on_table()
                except Exception as exc:  # saving after a table: logged, said, the tournament goes on
                    log.exception("saving the tournament after a simulated table")
                    self.error = f"could not save the tournament ({exc})"
        if self._should_stop():
            self._finish()

    def _finish(self) -> None:
        if self._gen is not None:
            try:
                self._gen.close()  # the table being simulated is forgotten (it is replayed later)
            except Exception:  # a bug in the generator's clean-up: logged, the simulation ends all the same
                log.exception("closing the tournament's simulation")
            self._gen = None
        self.bracket = self.t.bracket()
        self.cancelled = self._cancel
        self.done = True

    def pump(self, budget: float = 0.010) -> None:
        """Called every frame.  Stepped: simulate for about ``budget`` seconds (at least
        one turn).  Process: take in what the process has sent.  Thread: nothing."""
        if self.done:
            return
        if self._proc is not None:
            self._receive()
            return
        if self._thread is not None:
            return
        end = time.perf_counter() + budget
        while not self.done:
            self._step()
            if time.perf_counter() >= end:
                break

    def finish_now(self) -> None:
        """Run to the end, waiting (tests and tools)."""
        if self._thread is not None or self._proc is not None:
            self.wait()
            return
        while not self.done:
            self._step()

    def _thread_main(self) -> None:
        while not self.done:
            if self._cancel:
                self._finish()
                return
            self._step()

    def cancel(self) -> None:
        """Stop now (waits for the turn being computed).  Nothing is lost: the table being
        played is played again from its start next time, and ends the same."""
        if self.done:
            return
        self._cancel = True
        if self._proc is not None:
            self._stop_process()
            return
        if self._thread is not None:
            self._thread.join(timeout=10.0)
            return
        self._finish()

    def wait(self, timeout: float | None = None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        if self._thread is not None:
            self._thread.join(timeout)
        while self._proc is not None and not self.done and (deadline is None or time.monotonic() < deadline):
            self._receive(block=0.05)
        return self.done

    # -- running in a process --------------------------------------------------------------------
    def _start_process(self) -> bool:
        try:
            import multiprocessing as mp

            ctx = mp.get_context("spawn")
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_process_main, args=(child, self.t.to_dict(), self.until), daemon=True,
                               name="tile-rush-tournament")
            proc.start()
            child.close()
        except Exception:  # no process here: a thread will do (logged: why not)
            log.warning("the tournament's simulation runs on a thread: no process could start", exc_info=True)
            return False
        self._proc, self._conn = proc, parent
        return True

    def _receive(self, block: float = 0.0) -> None:
        """Handle every message waiting in the pipe (never blocks longer than ``block``)."""
        try:
            while not self.done and self._conn.poll(block):
                block = 0.0
                self._handle(self._conn.recv())
        except (EOFError, OSError) as exc:
            if not self.done:
                self.error = f"the simulation process stopped ({exc or 'no reply'})"
                self._end_process(cancelled=self._cancel)
            return
        if not self.done and not self._proc.is_alive() and not self._conn.poll():
            self.error = "the simulation process stopped"
            self._end_process(cancelled=self._cancel)

    def _handle(self, msg) -> None:
        kind = msg[0]
        if kind == "progress":
            _, info, bracket, steps = msg
            self.progress = info
            self.steps = steps
            self._fraction = max(self._fraction, info.fraction)
            if bracket is not None:
                self.bracket = bracket
        elif kind == "table":
            _, data, bracket, save_error = msg
            self._adopt(data)
            self.bracket = bracket
            self.tables_done += 1
            self.run.save_error = save_error
        elif kind == "done":
            _, data, error, cancelled = msg
            self._adopt(data)
            self.error = self.error or error
            self._end_process(cancelled=cancelled)

    def _adopt(self, data: dict) -> None:
        """The process's tournament becomes ours (it was checked when it was saved)."""
        try:
            t = Tournament.from_dict(data)
        except TournamentError as exc:
            self.error = f"the simulation sent a damaged tournament ({exc})"
            return
        self.t = t
        self.run.t = t

    def _end_process(self, cancelled: bool) -> None:
        self.cancelled = cancelled
        self.bracket = self.t.bracket()
        self.done = True
        try:
            self._conn.close()
        except OSError:
            pass
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=1.0)

    def _stop_process(self) -> None:
        try:
            self._conn.send("stop")
        except (OSError, ValueError):
            pass
        deadline = time.monotonic() + 10.0
        while not self.done and time.monotonic() < deadline:
            self._receive(block=0.05)
        if not self.done:
            self._end_process(cancelled=True)


def _process_main(conn, data: dict, until: str) -> None:  # pragma: no cover - runs in the child process
    """The simulation's own process: plays the tables, saves after each, reports to the screen."""
    t = None
    try:
        t = Tournament.from_dict(data)
        run = TournamentRun(t)
        sim = Simulation(run, until, "stepped")

        def table_done() -> None:
            run._write()
            conn.send(("table", t.to_dict(), sim.bracket, run.save_error))

        sim.on_table = table_done
        last = 0.0
        sent_bracket = None
        while not sim.done:
            if conn.poll():
                if conn.recv() == "stop":
                    sim.cancel()
                    break
            sim._step()
            now = time.perf_counter()
            if now - last >= 0.05 and sim.progress is not None and not sim.done:
                last = now
                bracket = sim.bracket if sim.bracket is not sent_bracket else None
                sent_bracket = sim.bracket
                conn.send(("progress", sim.progress, bracket, sim.steps))
        conn.send(("done", t.to_dict(), sim.error, sim.cancelled))
    except (EOFError, OSError, BrokenPipeError, KeyboardInterrupt):
        return
    except Exception as exc:  # a bug in the child process: logged there, said to the screen
        log.exception("the tournament's simulation process stopped")
        try:
            conn.send(("done", t.to_dict() if t is not None else data, f"the simulation stopped: {exc}", False))
        except (OSError, ValueError):
            pass


class TournamentRun:
    """A tournament being played on screen: the tournament, the human's session, the
    running simulation and the save."""

    def __init__(self, t: Tournament, session_data: dict | None = None, message: str = "") -> None:
        self.t = t
        self.session: Session | None = None
        self.ref: TableRef | None = None
        self.sim: Simulation | None = None
        self.save_error = ""
        self.message = message  # a note from loading (e.g. the backup was used)
        self.last_record: Table | None = None  # the human's last finished table (``ref`` is where it was)
        self.resume_data: dict = dict(session_data) if isinstance(session_data, dict) else {}
        self._lock = threading.RLock()

    # -- creating and loading --------------------------------------------------------------------
    @classmethod
    def create(cls, field: int, human_name: str, *, seed: int | None = None, levels: list[str] | None = None,
               options: dict | None = None, games=DEFAULT_GAMES) -> "TournamentRun":
        """A new tournament; raises ``TournamentError`` with a clear message."""
        return cls(Tournament.create(field, human_name or "You", seed=seed, levels=levels, games=games, options=options))

    @classmethod
    def load(cls) -> tuple["TournamentRun | None", str]:
        """(run, note) or (None, why not); (None, "") when no tournament is saved.  Never raises."""
        try:
            res = saves.load_game(save_slot())
        except Exception as exc:  # the save system promises not to raise; be safe all the same (logged)
            log.exception("loading the saved tournament")
            return None, f"the saved tournament could not be read ({exc})"
        if not res.ok:
            return None, "" if res.missing else res.message
        if res.kind != "tournament" or not isinstance(res.tournament, dict):
            return None, "the tournament slot holds an ordinary game, not a tournament"
        try:
            t = Tournament.from_dict(res.tournament)
        except TournamentError as exc:
            return None, f"the saved tournament is damaged: {exc}"
        return cls(t, res.session, res.message), res.message

    @staticmethod
    def exists() -> bool:
        try:
            path = saves.slot_path(save_slot())
            return path.exists() or persistence.backup_path(path).exists()
        except (OSError, ValueError):
            return False

    @staticmethod
    def delete_save() -> None:
        saves.delete_slot(save_slot())

    # -- saving ----------------------------------------------------------------------------------
    def save(self) -> bool:
        """Save now (a running simulation is stopped first; it resumes from the table's start)."""
        if self.sim is not None and not self.sim.done:
            self.sim.cancel()
        return self._write()

    def _write(self) -> bool:
        with self._lock:
            t = self.t
            live = t.live_game
            if live is not None and self.session is not None and self.session.state is live:
                data = self.session.to_dict()
                data.pop("state", None)
                session = dict(data, screen=SCREEN_PLAY)
            elif live is not None and self.resume_data.get("screen") == SCREEN_PLAY:
                session = dict(self.resume_data)  # resumed but not opened yet: keep the screen's data
            else:
                session = {"screen": SCREEN_BRACKET}
            try:
                state = t.preview_table()
                res = saves.save_game(save_slot(), state, session, kind="tournament", tournament=t.to_dict())
            except Exception as exc:  # saving must never cost the tournament: logged and said
                log.exception("saving the tournament")
                self.save_error = f"could not save the tournament ({exc})"
                return False
            self.save_error = "" if res.ok else f"could not save the tournament ({res.message})"
            return res.ok

    # -- the human's table -------------------------------------------------------------------------
    @property
    def status(self) -> str | None:
        return self.t.human_status()

    def has_game_in_progress(self) -> bool:
        """The human's table has been started (its game is saved with the tournament)."""
        live = self.t.live_table
        return live is not None and self.t.is_human_table(live)

    def open_table(self) -> Session | None:
        """The session of the human's table: started now, resumed from the save, or the one
        already open.  None when the game turns out to be over already (saved just before
        its result was recorded): the result is recorded then."""
        if self.session is not None and self.t.live_game is self.session.state:
            return self.session
        ref = self.t.human_table()
        if ref is None:
            raise TournamentError("you have no table to play now")
        state = self.t.start_table(ref)
        data = self.resume_data if self.resume_data.get("screen") == SCREEN_PLAY else {}
        self.resume_data = {}
        session = None
        if data:
            try:
                probe = Session.from_dict(dict(data, state=state.to_dict()), autosave=False)
                session = Session(state, timer_left=probe.timer_left, rack_slots=probe.rack.slots,
                                  rack_cols=probe.rack.cols, autosave=False)
                session.elapsed = probe.elapsed
                turnsave.restore(session, data.get(turnsave.FIELD))  # the turn as the player left it
            except (StateError, TypeError, ValueError, KeyError):
                session = None  # the screen's extras are damaged: the game itself is fine
        if session is None:
            session = Session(state, autosave=False)
        session.saver.turn_hooks = [self._after_turn]
        session.saver.game_over_hooks = [self._game_over]
        self.session, self.ref = session, ref
        if state.phase == Phase.GAME_OVER:
            self._game_over(session)
            self.session = None
            return None
        return session

    def game_id(self, ref: TableRef) -> str:
        """The human's game at a table, named the same every time (by the tournament's seed and the
        table), so it is kept for replay and counted in the statistics once."""
        return f"golden-{self.t.seed}-{ref.stage}-{ref.table}"

    def leave_table(self) -> None:
        """The screen leaves the human's game (to the bracket, or the game is over)."""
        if self.session is not None and self.t.live_game is not self.session.state:
            self.session = None
            self.ref = None

    def _after_turn(self, session: Session) -> None:
        if not self._write():
            raise OSError(self.save_error)

    def _game_over(self, session: Session) -> None:
        ref = self.ref
        state = session.state
        self.last_record = self.t.record_result(ref, state, illegal_moves=session.computer.illegal_moves, played="on screen")
        game_id = self.game_id(ref)
        _record_stats(session, game_id)
        replay_store.keep(state, game_id, session.viewer)
        if not self._write():
            raise OSError(self.save_error)

    # -- the computer tables ---------------------------------------------------------------------
    def simulate(self, until: str = "human", mode: str = "stepped") -> Simulation:
        """Start simulating the computer tables (see ``Simulation``); the running one if any."""
        if self.sim is not None and not self.sim.done:
            return self.sim
        self.sim = Simulation(self, until, mode, on_table=self._write)
        return self.sim

    def bracket(self) -> Bracket:
        """The bracket to draw: the running simulation's snapshot, else the tournament's own."""
        sim = self.sim
        if sim is not None and not sim.done:
            return sim.bracket
        return self.t.bracket()

    def busy(self) -> bool:
        return self.sim is not None and not self.sim.done

    # -- words for the screens ------------------------------------------------------------------
    def human_line(self, data: Bracket | None = None) -> str:
        """One sentence on where the human stands."""
        return human_line(data or self.bracket())


def _record_stats(session: Session, game_id: str) -> None:
    """The human's table counts as one Golden Games match in the statistics.  A failed write
    is not the tournament's problem: the statistics keep their old file and say so themselves."""
    st = session.state
    seat = session.viewer
    try:
        won = session.ranking()[0] == seat
        stats.record_game(st.variant_key, won, int(st.players[seat].score), int(st.total_turns), round(session.elapsed, 1),
                          game_id=game_id, hints=session.hints_used)
    except (ValueError, OSError):
        pass
