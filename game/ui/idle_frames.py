"""A window that rests: frames are drawn only when something changes or moves.

Every scene answers ``next_frame()``: ``0.0`` when something on it moves (draw every
frame, at up to 60 a second), a number of seconds when nothing moves now but the picture
will change then by itself (the turn clock's next second), or ``None`` when nothing
changes until the player does something.  ``App.run`` draws a frame after any input,
any change of screens, and whenever the scene on top asks for one; otherwise it only
looks for input (``REST_POLL``) and the scenes are neither updated nor drawn.

This module holds the answers for the shared pieces (the play screen, the drifting
tiles behind menus), so the scenes themselves stay short.
"""

from __future__ import annotations

import math

REST_POLL = 1 / 60  # how often a resting window looks for input (seconds; no added latency)
FADE_TOAST = 0.3  # the play screen's toasts fade out over their last 0.3 s
FADE_HIGHLIGHT = 0.5  # and the gold outlines of a play over their last 0.5 s
PULSE_SECONDS = 1.5  # the keyboard cursor pulses this long after a key, then holds still
CLOCK_PULSE = 10  # the turn clock's ring pulses in its last ten seconds
DRIFT_LIVELY = 8.0  # the tiles behind menus drift this long after the screen opens or the last input
DRIFT_SETTLE = 2.5  # and then slow to a stop over this long

NOW = 0.0


def soonest(*waits: float | None) -> float | None:
    """The earliest of several answers (None: never)."""
    got = [w for w in waits if w is not None]
    return max(0.0, min(got)) if got else None


def until(at: float, now: float) -> float:
    return max(0.0, at - now)


def settling_pulse(now: float, since: float, speed: float, rest_value: float = 0.6) -> float:
    """0..1: a pulse for ``PULSE_SECONDS`` after ``since``, then ``rest_value`` (still)."""
    if now - since >= PULSE_SECONDS:
        return rest_value
    return 0.5 + 0.5 * math.sin(now * speed)


def liveliness(idle: float) -> float:
    """1 while decorations move freely, easing to 0 (still) after ``DRIFT_LIVELY`` seconds idle."""
    if idle <= DRIFT_LIVELY:
        return 1.0
    k = min(1.0, (idle - DRIFT_LIVELY) / DRIFT_SETTLE)
    return (1.0 - k) ** 2


def clock_wait(timer_left: float) -> float:
    """When the turn clock's picture next changes: every frame in its last seconds (the ring
    pulses and the seconds count down), else at the next whole second."""
    if timer_left <= CLOCK_PULSE:
        return NOW
    frac = timer_left - math.floor(timer_left)
    return frac if frac > 1e-3 else 1.0


def play_next_frame(scene) -> float | None:
    """The play screen's answer (see the module's docstring)."""
    sess = scene.session
    t = scene.time
    # what the picture shows, cheaply: when any of it changed without input (a call from code,
    # a computer's move), a frame is drawn
    sig = (sess.version, scene.plugin.layout_key(), tuple(scene.selection), scene.cursor,
           scene.kb_mode, scene.place_vertical, tuple(t.text for t in scene.toasts), len(scene.highlights), scene.app.size)
    if sig != scene.rest_sig:
        scene.rest_sig = sig
        return NOW
    worker = scene.app.started_worker
    moving = (
        sess.demo
        or sess.phase != "play"
        or t < scene.busy_until
        or sess.computer_to_move
        or sess.computer.thinking
        or (worker is not None and worker.pending)
        or scene.round_end_at is not None
        or scene.results_at is not None
        or scene.playback.moving()
        or scene.hint_tiles
        or scene.drag is not None
        or scene.controls.pulsing(PULSE_SECONDS)
        or any(sp.moving or sp.pop > 0 for sp in scene.sprites.values())
    )
    if moving:
        return NOW
    if scene.plugin.animating():
        return NOW
    waits: list[float | None] = []
    for toast in scene.toasts:
        waits.append(until(toast.until - FADE_TOAST, t))
    for hl in scene.highlights:
        waits.append(until(hl.until - FADE_HIGHLIGHT, t))
    if sess.turn_time > 0 and sess.state.phase == "play":
        waits.append(clock_wait(sess.timer_left))
    return soonest(*waits)
