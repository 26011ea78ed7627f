"""Sound effects made by our own code at start-up (no recordings, no numpy).

Each effect is a few hundred milliseconds of samples computed with ``math`` and
packed with ``array`` into the mixer's own format, then handed to
``pygame.mixer.Sound(buffer=...)``.  When the mixer cannot start (no audio
device, a driver problem) the game runs silently.
"""

from __future__ import annotations

import array
import math
import os
import random
import sys
from contextlib import contextmanager

import pygame

from .errorlog import log_error

NAMES = ("place", "invalid", "draw", "tick", "win", "pop", "deal", "click", "turn")


def _env(i: int, n: int, attack: float, rate: int, decay: float) -> float:
    t = i / rate
    a = min(1.0, t / attack) if attack > 0 else 1.0
    return a * math.exp(-decay * t)


def synth(name: str, rate: int) -> list[float]:
    """Samples in -1..1 for one named effect."""
    rnd = random.Random(hash(name) & 0xFFFF)
    out: list[float] = []
    if name in ("place", "deal"):
        n = int(rate * (0.09 if name == "place" else 0.05))
        lp = 0.0
        for i in range(n):
            t = i / rate
            noise = rnd.uniform(-1, 1)
            lp += (noise - lp) * 0.25
            knock = math.sin(2 * math.pi * (190 if name == "place" else 420) * t) * 0.8
            e = _env(i, n, 0.0015, rate, 55 if name == "place" else 90)
            out.append((lp * 0.8 + knock) * e * (0.8 if name == "place" else 0.45))
    elif name == "invalid":
        n = int(rate * 0.32)
        for i in range(n):
            t = i / rate
            f = 220 if t < 0.14 else 165
            s = math.sin(2 * math.pi * f * t)
            s = max(-0.6, min(0.6, s * 1.6))  # soft square: a gentle buzz
            gate = 1.0 if (t < 0.12 or 0.16 < t) else 0.0
            out.append(s * gate * _env(i, n, 0.004, rate, 6) * 0.55)
    elif name == "draw":
        n = int(rate * 0.28)
        lp = 0.0
        for i in range(n):
            t = i / rate
            k = 0.03 + 0.25 * (t / 0.28)
            lp += (rnd.uniform(-1, 1) - lp) * k
            chime = math.sin(2 * math.pi * 880 * t) * (t > 0.12) * math.exp(-18 * max(0.0, t - 0.12))
            out.append((lp * 0.5 * math.sin(math.pi * min(1.0, t / 0.2)) + chime * 0.35) * 0.8)
    elif name == "tick":
        n = int(rate * 0.045)
        for i in range(n):
            t = i / rate
            out.append(math.sin(2 * math.pi * 1650 * t) * _env(i, n, 0.0008, rate, 110) * 0.6)
    elif name == "turn":
        n = int(rate * 0.22)
        for i in range(n):
            t = i / rate
            f = 660 if t < 0.09 else 990
            out.append(math.sin(2 * math.pi * f * t) * _env(i, n, 0.003, rate, 14) * 0.3)
    elif name == "pop":
        n = int(rate * 0.16)
        for i in range(n):
            t = i / rate
            f = 400 + 900 * (t / 0.16)
            out.append(math.sin(2 * math.pi * f * t) * _env(i, n, 0.002, rate, 22) * 0.5)
    elif name == "click":
        n = int(rate * 0.03)
        for i in range(n):
            t = i / rate
            out.append(math.sin(2 * math.pi * 1200 * t) * _env(i, n, 0.0005, rate, 160) * 0.35)
    elif name == "win":
        notes = [523.25, 659.25, 783.99, 1046.5, 783.99, 1046.5]
        step = 0.11
        n = int(rate * (step * len(notes) + 0.6))
        out = [0.0] * n
        for k, f in enumerate(notes):
            start = int(rate * step * k)
            length = int(rate * (0.5 if k == len(notes) - 1 else 0.3))
            for i in range(length):
                if start + i >= n:
                    break
                t = i / rate
                v = (math.sin(2 * math.pi * f * t) + 0.35 * math.sin(2 * math.pi * f * 2 * t) + 0.12 * math.sin(2 * math.pi * f * 3 * t))
                out[start + i] += v * _env(i, length, 0.004, rate, 5.5) * 0.28
    else:
        raise KeyError(name)
    return out


def pack(samples: list[float], fmt: int, channels: int) -> bytes:
    """Samples in -1..1 to raw bytes in the mixer's format (signed/unsigned 8/16/32-bit, float)."""
    bits = abs(fmt) & 0xFF
    if fmt == 32 or (bits == 32 and fmt > 0):  # AUDIO_F32
        arr = array.array("f", (max(-1.0, min(1.0, s)) for s in samples for _ in range(channels)))
    elif bits == 32:
        arr = array.array("i", (int(max(-1.0, min(1.0, s)) * 2147483000) for s in samples for _ in range(channels)))
    elif bits == 8:
        if fmt < 0:
            arr = array.array("b", (int(max(-1.0, min(1.0, s)) * 127) for s in samples for _ in range(channels)))
        else:
            arr = array.array("B", (int((max(-1.0, min(1.0, s)) + 1) * 127.5) for s in samples for _ in range(channels)))
    else:
        if fmt < 0:
            arr = array.array("h", (int(max(-1.0, min(1.0, s)) * 32000) for s in samples for _ in range(channels)))
        else:
            arr = array.array("H", (int((max(-1.0, min(1.0, s)) + 1) * 32000) for s in samples for _ in range(channels)))
    if sys.byteorder != "little" and arr.itemsize > 1:
        arr.byteswap()
    return arr.tobytes()


_PACKED: dict[tuple[str, int, int, int], bytes] = {}


def packed(name: str, rate: int, fmt: int, channels: int) -> bytes:
    """The effect's bytes, computed once per process and format."""
    key = (name, rate, fmt, channels)
    data = _PACKED.get(key)
    if data is None:
        data = _PACKED[key] = pack(synth(name, rate), fmt, channels)
    return data


@contextmanager
def quiet_c_stderr():
    """Send what C libraries write to standard error (the sound driver's ALSA lines when there
    is no sound device) nowhere while the block runs; Python's own messages are unaffected
    outside it.  Does nothing where the descriptors cannot be duplicated."""
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


class SoundBank:
    """The game's effects.  ``play(name)`` is safe to call whether or not sound works."""

    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.error = ""
        self.played: list[str] = []  # recent names (tests and the benchmark look at it)
        self.format: tuple[int, int, int] = (44100, -16, 2)
        self._raw: dict[str, bytes] = {}  # effects made in the background, not yet handed to the mixer
        self._maker = None

    def start(self, make: bool = True) -> bool:
        """Open the mixer; with ``make`` compute every effect now, else call ``make_in_background``
        later (the game does, once its first frame is on screen, so start-up stays fast)."""
        try:
            if not pygame.mixer.get_init():
                with quiet_c_stderr():  # no sound device: silence, not a screenful of driver messages
                    pygame.mixer.init(44100, -16, 2, 512)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("no mixer")
            self.format = init
            self.available = True
            if make:
                for name in NAMES:
                    self._sound(name, packed(name, *init))
        except (pygame.error, OSError, ValueError, KeyError, NotImplementedError) as exc:
            self.error = str(exc) or exc.__class__.__name__
            self.available = False
            self.sounds = {}
        self.set_volume(self.volume)
        return self.available

    def make_in_background(self) -> None:
        """Compute the effects in a background thread; each plays once it is ready."""
        if not self.available or self._maker is not None:
            return
        import threading

        rate, fmt, channels = self.format

        def make() -> None:
            for name in NAMES:
                try:
                    self._raw[name] = packed(name, rate, fmt, channels)
                except Exception as exc:  # noqa: BLE001 - logged; a sound that cannot be made is simply not played
                    log_error("making a sound effect", exc)

        self._maker = threading.Thread(target=make, name="sound-maker", daemon=True)
        self._maker.start()

    def _sound(self, name: str, raw: bytes | None = None):
        snd = self.sounds.get(name)
        if snd is not None or not self.available:
            return snd
        raw = raw if raw is not None else self._raw.get(name)
        if raw is None:
            return None  # not made yet (the first moments after start)
        try:
            snd = self.sounds[name] = pygame.mixer.Sound(buffer=raw)
            snd.set_volume(0.0 if self.muted else self.volume)
        except (pygame.error, ValueError):
            return None
        return snd

    def set_volume(self, volume: float, muted: bool | None = None) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        if muted is not None:
            self.muted = muted
        for s in self.sounds.values():
            s.set_volume(0.0 if self.muted else self.volume)

    def play(self, name: str, volume: float = 1.0) -> None:
        self.played.append(name)
        if len(self.played) > 50:
            del self.played[:25]
        if self.muted or not self.available:
            return
        snd = self._sound(name)
        if snd is None:
            return
        try:
            ch = snd.play()
            if ch is not None and volume != 1.0:
                ch.set_volume(max(0.0, min(1.0, volume)))
        except pygame.error:
            pass

    def stop(self) -> None:
        try:
            if pygame.mixer.get_init():
                pygame.mixer.stop()
        except pygame.error:
            pass

