"""``errors.log`` in the data folder: reports of what went wrong, and notes."""

from __future__ import annotations

import datetime
import logging
import os
import stat
import traceback

from ..storage import persistence


def log_error(context: str, exc: BaseException | None = None) -> str:
    """Append a report to ``errors.log`` in the data folder; returns the file's path ("" if that failed)."""
    try:
        path = persistence.data_dir() / "errors.log"
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a pipe or a device named errors.log: never wait on it
            os.close(fd)
            return ""
        with open(fd, "a", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')} {context}\n")
            if exc is not None:
                fh.write("".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
            fh.write("\n")
        return str(path)
    except Exception:
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
        with open(persistence.data_dir() / "errors.log", "a", encoding="utf-8") as fh:
            fh.write(f"{datetime.datetime.now().isoformat(timespec='seconds')} {' '.join(text.split())}\n")
    except Exception:
        pass
