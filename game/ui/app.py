"""The application: one window, one loop, one clock, a stack of scenes.

Each scene has ``handle(event)``, ``update(dt)`` and ``draw(surface)``; ``draw``
reads and never changes anything.  Only the top scene gets events and updates;
scenes marked ``opaque = False`` (pause, dialogs) are drawn over the one below.
The scene base class is ``game/ui/scene.py``; scenes are opened by name (``app.open("setup")``,
see ``game/ui/routes.py``), so this module imports no scene: ``game/ui/wiring.py`` registers
them all and must be imported before an App is built.

``App.step(events, dt)`` runs one frame without the clock, so tests drive the
real scenes with synthesised events and a fixed ``dt`` and never sleep.
"""

from __future__ import annotations

import signal
import time as _time
import warnings
from typing import Any

import pygame

from ..play import unsaved
from ..storage import persistence, settings as user_settings
from . import idle_frames, keymap, routes, theme
from .errorlog import log_error, log_game_errors, log_line
from .scene import Scene
from .sound import SoundBank, quiet_c_stderr
from .tileart import TileArt

__all__ = ["ANIMATION_SPEEDS", "App", "MIN_SIZE", "WINDOW_SIZES"]

MIN_SIZE = (800, 500)
MAX_SIZE = (3840, 2400)  # with no screen to fit (the dummy driver), a window is never larger than this
STOP_SIGNALS = tuple(sig for sig in signal.Signals if sig.name in ("SIGINT", "SIGTERM", "SIGHUP"))  # (no SIGHUP on Windows)
SCREEN_MARGIN = (16, 72)  # room left on the screen for the window's frame, title bar and the desktop's panels
WINDOW_SIZES = [(960, 600), (1152, 720), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080)]
ANIMATION_SPEEDS = [(0.0, "Off"), (0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast")]


def screen_room() -> tuple[int, int] | None:
    """The size of the screen the window opens on (display 0, where ``set_mode`` puts it), or None
    when there is no real screen (the dummy driver of tests and tools)."""
    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None


def fit_window(size, room: tuple[int, int] | None) -> tuple[int, int]:
    """A window size that fits ``room`` (the screen, less its frame and panels), at least ``MIN_SIZE``
    when the screen has room for it; with no screen, at most ``MAX_SIZE``.  ``size`` is what the
    settings hold (a saved size from a larger screen, or a hand-edited [10000, 10000])."""
    w, h = int(size[0]), int(size[1])
    if room is None:
        most = MAX_SIZE
    else:
        most = (max(320, room[0] - SCREEN_MARGIN[0]), max(240, room[1] - SCREEN_MARGIN[1]))
    return (min(max(MIN_SIZE[0], w), most[0]), min(max(MIN_SIZE[1], h), most[1]))


def keep_on_screen(room: tuple[int, int] | None) -> None:
    """Centre the window when any part of it lies off the screen (its title bar and Quit out of reach)."""
    if room is None:
        return
    with warnings.catch_warnings():  # the display module's window, as a ``pygame.Window``
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    (x, y), (w, h) = window.position, window.size
    if x < 0 or y < 0 or x + w > room[0] or y + h > room[1]:
        window.position = pygame.WINDOWPOS_CENTERED


class App:
    """Owns the window, the clock, the scene stack and the shared services
    (settings, sound, tile pictures, the computer's worker)."""

    def __init__(self, *, size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 settings: dict | None = None, ai_mode: str = "auto", seed: int | None = None,
                 variant: str | None = None, demo: bool = False, sound: bool = True,
                 persist_settings: bool = True, welcome: bool = False, read_only: str = "") -> None:
        # read_only: why this copy must write nothing (another copy of the game holds the data folder):
        # it opens on the "already open" screen (``game/ui/scenes/already_open.py``)
        self.read_only = read_only
        if read_only:
            persistence.set_read_only(read_only)
            persist_settings = False
        self.settings = dict(settings) if settings is not None else user_settings.load_settings()
        self.settings_notice = user_settings.take_settings_notice() if settings is None else ""
        self._settings_on_disk = dict(self.settings)  # what the file held when loaded or last written
        if size is not None:
            self.settings["window_size"] = [int(size[0]), int(size[1])]
        if fullscreen is not None:
            self.settings["fullscreen"] = bool(fullscreen)
        self.persist_settings = persist_settings
        self.ai_mode = ai_mode
        self.seed = seed
        self.variant = variant
        self.demo = demo
        routes.check_wired()
        self.welcome = welcome  # a first-time player's first lesson opens over the title (the real game)
        self.want_sound = sound
        self.scenes: list[Scene] = []
        self.running = False
        self.screen: pygame.Surface | None = None
        self.sound = SoundBank(self.settings["volume"], self.settings["muted"])
        self.tiles = TileArt()
        self.tiles.set_colourblind(bool(self.settings.get("colorblind")))
        self._worker = None
        self.time = 0.0
        self.mouse = (0, 0)
        self.frame = 0
        self.crashes = 0
        self.last_error = ""
        self.exit_code = 0
        self.started = False
        self.hidden = False  # minimised: nothing is drawn
        self.dirty = True  # something changed since the last frame drawn: draw one
        self.due_at: float | None = 0.0  # app time when the top scene's picture next changes by itself
        self.frames_drawn = 0
        self.turn_log_open = False  # the play screen's turn log, open or closed, for the whole run
        self.shown_controls_tip = False  # a rule set's controls tip shows once a run
        self.retry_at = 0.0  # app time of the next try to write a finished game the disk refused
        self.stop_signal = 0  # the signal (SIGINT, SIGHUP, SIGTERM) that ended the run, if one did
        self._asking_to_close = False  # the "quit without your finished game?" question is open
        self._close_question: Scene | None = None
        self._shut_down = False  # ``shutdown`` ran: the scenes were told, the worker ended, the settings written

    # -- start-up and shutdown ------------------------------------------------------------------
    def start(self) -> "App":
        if self.started:
            return self
        with quiet_c_stderr():  # pygame.init opens the sound driver too: no ALSA lines on the console
            pygame.init()
        theme.reset_caches()
        log_game_errors()
        pygame.display.set_caption("Tile Rush")
        self._set_mode()
        try:
            pygame.key.set_repeat(300, 40)
        except pygame.error:
            pass
        if self.want_sound and not self.sound.start(make=False):  # the effects are made after the first frame
            log_line(f"sound is off: {self.sound.error or 'no sound device'}")
        self.started = True
        self.running = True
        for scene in routes.first_scenes(self):
            self.push(scene)
        if self.settings_notice:  # settings that were reset on loading: said once
            try:
                self.draw(self.screen)  # the title, for the dialog's backdrop
            except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
                log_error("drawing the title behind the settings notice", exc)
            self.open("dialog", "Settings", self.settings_notice, [("OK", "primary", None)], tone=theme.WARN)
            self.settings_notice = ""
        return self

    def _set_mode(self) -> None:
        w, h = fit_window(self.settings.get("window_size", [1280, 800]), screen_room())
        if self.settings.get("fullscreen"):
            try:
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                return
            except pygame.error:
                self.settings["fullscreen"] = False
        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        keep_on_screen(screen_room())

    def apply_display_settings(self) -> None:
        """Window size or fullscreen changed in the settings."""
        self._set_mode()
        self._notify_resize()

    @property
    def started_worker(self):
        """The computer players' worker if it has started, else None (asking never starts it)."""
        return self._worker

    @property
    def worker(self):
        if self._worker is None:
            from .worker import AIWorker

            self._worker = AIWorker(self.ai_mode)
            self._worker.start()
        return self._worker

    def shutdown(self) -> None:
        """The one way out (``quit``, the window's close button, the title's Quit, a signal, the loop's
        end): the scenes are told (the game in progress saved), the worker ends, a finished game
        waiting for the disk gets one last try, the settings are written.  Once only."""
        if self._shut_down:
            self.running = False
            return
        self._shut_down = True
        for scene in reversed(self.scenes):
            try:
                scene.closing()
            except Exception as exc:
                log_error("while closing", exc)
        if self._worker is not None:
            self._worker.close()
            self._worker = None
        unsaved.retry()  # a finished game waiting for the disk: one last try
        self.sound.stop()
        self.save_settings()
        self.running = False

    # -- settings --------------------------------------------------------------------------------
    @property
    def anim_speed(self) -> float:
        return float(self.settings.get("animation_speed", 1.0))

    def set_setting(self, key: str, value: Any) -> None:
        self.settings[key] = value
        if key in ("volume", "muted"):
            self.sound.set_volume(self.settings["volume"], self.settings["muted"])
        elif key == "colorblind":
            self.tiles.set_colourblind(bool(value))
        self.save_settings()

    def save_settings(self) -> None:
        """Write the settings this copy changed, and only those: a field another process changed
        meanwhile is kept (closing an idle copy never puts back its old settings)."""
        if not self.persist_settings:
            return
        changes = {k: v for k, v in self.settings.items() if self._settings_on_disk.get(k) != v}
        if not changes:
            return
        try:
            written = user_settings.update_settings(changes)
        except Exception as exc:
            log_error("saving settings", exc)
            return
        if written is not None:
            self._settings_on_disk = dict(self.settings)

    # -- the scene stack ------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        self.dirty = True
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        self.dirty = True
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        else:
            self.quit()
        return scene

    def replace(self, scene: Scene) -> Scene:
        self.dirty = True
        if self.scenes:
            old = self.scenes.pop()
            old.leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def make(self, name: str, *args, **kwargs) -> Scene:
        """A new scene of the screen registered as ``name`` (``game/ui/routes.py``)."""
        return routes.make(self, name, *args, **kwargs)

    def open(self, name: str, *args, **kwargs) -> Scene:
        """Push a new scene of the screen ``name``."""
        return self.push(self.make(name, *args, **kwargs))

    def switch(self, name: str, *args, **kwargs) -> Scene:
        """Replace the top scene with a new scene of the screen ``name``."""
        return self.replace(self.make(name, *args, **kwargs))

    def pop_to(self, name: str) -> None:
        """Pop scenes until one named ``name`` is on top (or the stack is empty)."""
        self.dirty = True
        while self.scenes and self.scenes[-1].name != name:
            scene = self.scenes.pop()
            scene.leave()
        if self.scenes:
            self.scenes[-1].resume()

    def return_to(self, name: str) -> Scene:
        """Back to the scene named ``name`` on the stack; a new one when there is none."""
        self.pop_to(name)
        return self.top if self.top is not None else self.open(name)

    def find(self, name: str) -> Scene | None:
        """The topmost scene named ``name``."""
        return next((scene for scene in reversed(self.scenes) if scene.name == name), None)

    def quit(self) -> None:
        """End the run: ``shutdown``, whoever asks (the title's Quit, the last scene popped, the
        "already open" screen)."""
        self.shutdown()

    def close(self, end=None) -> None:
        """The player closes the game (the window's close button, the title's Quit).
        While a finished game still waits for the disk (``game.play.unsaved``) and one more try fails,
        the game asks first, since quitting loses its result and replay; closing again while asked
        quits.  ``end``: how to end (default ``quit``)."""
        end = end or self.quit
        if self._asking_to_close or not unsaved.waiting() or unsaved.retry():
            end()
            return
        self._asking_to_close = True

        def keep_open() -> None:
            self._asking_to_close = False

        self._close_question = self.open(
            "dialog", unsaved.QUIT_TITLE, unsaved.QUIT_WAITING,
            [("Quit anyway", "ghost", end), ("Keep Tile Rush open", "primary", keep_open)], tone=theme.WARN, focus=1)

    # -- one frame ------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size() if self.screen is not None else (1280, 800)

    @property
    def scale(self) -> float:
        return theme.scale_for(self.size)

    def _notify_resize(self) -> None:
        self.dirty = True
        for scene in self.scenes:
            scene.resized(self.size)

    def dispatch(self, ev: pygame.event.Event) -> None:
        self.dirty = True  # input may change anything on screen (hover, focus, a move)
        if ev.type == pygame.QUIT:
            self.close()
            return
        if ev.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if ev.type == pygame.VIDEORESIZE and not self.settings.get("fullscreen"):
                w, h = max(MIN_SIZE[0], ev.w), max(MIN_SIZE[1], ev.h)
                if self.screen is None or self.screen.get_size() != (w, h):
                    try:
                        self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
                    except pygame.error:
                        pass
                self.settings["window_size"] = [w, h]
            self._notify_resize()
            return
        if ev.type == pygame.WINDOWMINIMIZED:
            self.hidden = True
            if self.top is not None:
                self.top.minimised()
            return
        if ev.type in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED):
            self.hidden = False
        if hasattr(ev, "pos") and ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = ev.pos
        if keymap.intent(ev, "app") == "fullscreen":
            self.settings["fullscreen"] = not self.settings.get("fullscreen")
            self.apply_display_settings()
            self.save_settings()
            return
        top = self.top
        if top is not None:
            top.handle(ev)

    def step(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> bool:
        """Handle ``events``, advance ``dt`` seconds, draw.  Returns False once the app ended."""
        if not self.running:
            return False
        for ev in events:
            self.dispatch(ev)
            if not self.running:
                return False
        self.time += dt
        self.frame += 1
        self.keep_saving()
        top = self.top
        if top is not None:
            top.update(dt)
        if not self.running:
            return False
        if draw and self.screen is not None and self.wants_frame():
            self.draw(self.screen)
            self.frames_drawn += 1
            if self.frames_drawn == 1 and self.want_sound:
                self.sound.make_in_background()  # the first frame is on screen: now make the sounds
            self.dirty = False
            top = self.top  # the scene on top now: the update may have opened another (its first frame)
            wait = top.next_frame() if top is not None else None
            self.due_at = None if wait is None else self.time + wait
        return self.running

    def keep_saving(self) -> None:
        """A finished game the disk refused is written again every few seconds; the player hears
        once that saving failed and once that it works again (``game.play.unsaved``)."""
        if unsaved.waiting() and self.time >= self.retry_at:
            self.retry_at = self.time + unsaved.RETRY_EVERY
            unsaved.retry()
        notice = unsaved.take_notice()
        if self._asking_to_close and not unsaved.waiting() and self.top is self._close_question:
            self.pop()  # the game reached the disk: the question whether to quit without it is void
            self._asking_to_close = False
        if notice:
            self.open("dialog", unsaved.TITLES.get(notice, "Not saved"), notice, [("OK", "primary", None)],
                      tone=theme.GOOD if notice == unsaved.WORKS_AGAIN else theme.WARN)

    def wants_frame(self) -> bool:
        """Is a frame due: something changed, or the scene on top moves (or asked for this moment)?
        Also notes when the top scene next changes by itself (``due_at``).  Minimised: never."""
        top = self.top
        due = self.dirty or (self.due_at is not None and self.time >= self.due_at - 1e-6)
        wait = top.next_frame() if top is not None else None
        if self.hidden:
            self.dirty = False  # drawn again when the window comes back (that event marks it)
            self.due_at = None if wait is None else self.time + wait
            return False
        if due or (wait is not None and wait <= 0):
            return True
        self.due_at = None if wait is None else self.time + wait
        return False

    def resting_for(self) -> float | None:
        """Seconds the loop may rest (no update, no frame) unless input comes; 0: run now;
        None: until input."""
        if self.dirty:
            return 0.0
        due = self.due_at
        if unsaved.waiting():  # a finished game waiting for the disk is tried again at rest too
            due = self.retry_at if due is None else min(due, self.retry_at)
        if due is None:
            return None
        return max(0.0, due - self.time)

    def draw(self, surface: pygame.Surface) -> None:
        # draw from the last opaque scene upwards
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for scene in self.scenes[start:]:
            scene.draw(surface)

    def crash(self, exc: BaseException) -> None:
        """Something went wrong inside a scene: log it, save what can be saved, tell the player."""
        self.crashes += 1
        path = log_error("in the game loop", exc)
        self.last_error = path
        with persistence.crash_saving():  # what failed must not push the last good save out of the backup
            for scene in reversed(self.scenes):
                try:
                    scene.closing()
                except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
                    log_error("closing a screen after a crash", exc)
        while self.scenes:
            try:
                self.scenes.pop().leave()
            except Exception as exc:  # noqa: BLE001 - logged; a bug here must not cost the player the screen
                log_error("leaving a screen after a crash", exc)
        if self.crashes > 5:  # the scenes are closed above (under crash_saving): shutdown does the rest
            self.exit_code = 1
            self.quit()
            return
        self.open("title")
        self.open("error", "Something went wrong",
                  "Sorry, the game hit a problem it could not handle. Your game was saved at the start of the turn."
                  + (f" Details are in {path}." if path else ""))

    def run(self, max_frames: int | None = None, until=None) -> int:
        """The real loop: up to 60 frames a second while something moves, and at rest (only
        looking for input, see ``game/ui/idle_frames.py``) while nothing does.  ``until()`` returning
        True ends it (the benchmarks)."""
        self.start()
        with self.stopped_by_signals():
            return self._loop(max_frames, until)

    def stopped_by_signals(self):
        """While the loop runs, Ctrl+C (SIGINT), a closed terminal (SIGHUP) and SIGTERM end the game as
        closing the window does: the loop notices ``stop_signal`` and shuts down (the turn in progress
        saved, the worker ended).  The previous handlers come back afterwards."""
        from .worker import signals_handled

        def note(signum, _frame) -> None:
            self.stop_signal = signum

        return signals_handled(STOP_SIGNALS, note)

    def _loop(self, max_frames: int | None, until) -> int:
        frame = 1 / 60
        last = _time.perf_counter()
        resting = False
        ticks = 0  # passes of the loop, resting or not (``max_frames`` counts these)
        while self.running:
            if self.stop_signal:
                self.shutdown()
                break
            ticks += 1
            now = _time.perf_counter()
            events = pygame.event.get()
            elapsed = now - last
            wait = self.resting_for()
            if not events and wait != 0 and (wait is None or elapsed < wait):
                resting = True
                _time.sleep(idle_frames.REST_POLL if wait is None else min(idle_frames.REST_POLL, max(0.001, wait - elapsed)))
                if (until is not None and until()) or (max_frames is not None and ticks >= max_frames):
                    self.shutdown()
                continue
            try:
                if resting and events and elapsed > 2 * frame:
                    # time passed while resting (clocks move on) before the input is handled
                    self.step([], min(elapsed - frame, 60.0), draw=False)
                    elapsed = frame
                dt = min(elapsed, 60.0) if resting else min(elapsed, 0.1)
                last = now
                resting = False
                drawn = self.frames_drawn
                self.step(events, dt)
                if self.running and self.frames_drawn != drawn:
                    pygame.display.flip()
            except Exception as exc:  # never a traceback in front of a player
                self.crash(exc)
            if max_frames is not None and ticks >= max_frames:
                self.shutdown()
            elif until is not None and until():
                self.shutdown()
            spare = frame - (_time.perf_counter() - now)
            if spare > 0.0005:
                _time.sleep(spare)
        self.shutdown()  # whatever ended the loop, the one way out has run (once)
        pygame.quit()
        return self.exit_code

