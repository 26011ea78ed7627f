"""``errors.log`` in the data folder: reports of what went wrong, and notes.

Written through the standard library's rotating handler: past ``MAX_BYTES`` the log becomes
``errors.log.1`` (the one before that ``errors.log.2``) and a new one is started, so it never
grows without end.  The file is opened like every file the game opens: without blocking, and
only when it is an ordinary file (a pipe or a device named ``errors.log`` is never waited on;
the report is then dropped).  A read-only copy of the game (another copy holds the data
folder) writes no log.  Logging never raises.
"""

from __future__ import annotations

import datetime
import logging
import logging.handlers
import os
import stat
import traceback

from ..storage import persistence

LOG_FILE = "errors.log"
MAX_BYTES = 256 * 1024  # about a thousand reports with their tracebacks
BACKUPS = 2  # errors.log.1 and errors.log.2


class _GuardedRotatingHandler(logging.handlers.RotatingFileHandler):
    """The standard rotating handler, opening its file through the special-file guard and
    failing quietly (no "--- Logging error ---" on the console)."""

    failed = False

    def _open(self):
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        fd = os.open(self.baseFilename, flags, 0o644)  # a pipe without a reader fails here at once (ENXIO)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.baseFilename} is not an ordinary file")
        except BaseException:
            os.close(fd)
            raise
        return open(fd, self.mode, encoding=self.encoding, errors=self.errors)

    def handleError(self, record) -> None:
        self.failed = True


def _write(text: str) -> str:
    """Append ``text`` (its own lines) to the log; the file's path, or "" when it was not written."""
    if persistence.read_only_reason():
        return ""
    try:
        path = persistence.data_dir() / LOG_FILE
        handler = _GuardedRotatingHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8",
                                          errors="backslashreplace", delay=True)
    except (OSError, ValueError):
        return ""
    handler.terminator = ""
    record = logging.LogRecord("tilerush", logging.ERROR, __file__, 0, text, None, None)
    try:
        with persistence.files_lock():  # one writer at a time, so two processes never rotate the log together
            handler.emit(record)
    finally:
        handler.close()
    return "" if handler.failed else str(path)


WATCHERS: list = []  # callables told of every report (context, exception): the tests fail on one they did not expect


def log_error(context: str, exc: BaseException | None = None) -> str:
    """Append a report to ``errors.log`` in the data folder; returns the file's path ("" if that failed)."""
    for watch in WATCHERS:
        watch(context, exc)
    try:
        text = f"--- {datetime.datetime.now().isoformat(timespec='seconds')} {context}\n"
        if exc is not None:
            text += "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return _write(text + "\n")
    except Exception:  # noqa: BLE001 - the error log is the last resort: it cannot report its own failure
        return ""


class ErrorLogHandler(logging.Handler):
    """Writes what the game's loggers (``game.*``: a computer player's exception on ``game.ai``,
    a bug a layer below the screens caught) report as errors to ``errors.log``."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        log_error(record.getMessage(), exc)


def log_game_errors() -> None:
    """Send the ``game`` loggers to ``errors.log`` (once a run): in front of a person a bug (a
    computer player's exception, say) is written down and the game goes on."""
    log = logging.getLogger("game")
    if not any(isinstance(h, ErrorLogHandler) for h in log.handlers):
        log.addHandler(ErrorLogHandler())


def log_line(text: str) -> None:
    """One line in ``errors.log`` in the data folder (a note, not an error with a traceback)."""
    try:
        _write(f"{datetime.datetime.now().isoformat(timespec='seconds')} {' '.join(text.split())}\n")
    except Exception:  # noqa: BLE001 - as above
        pass
