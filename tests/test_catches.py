"""No silent catch-alls under game/ (and what the screens log is loud in the tests): a handler that catches every exception raises again, writes down
what it caught (``errors.log`` in the game, a logger, a computer player's error report), or passes the
exception on as data (a save's error line, a refused state's problem, the worker's error answer), so a
bug never becomes an empty panel without a trace.  Read from the syntax tree (``codewalk``)."""

from __future__ import annotations

import ast

import pytest

from codewalk import GAME, files, tree

# what counts as writing it down: the screens' error log, a logger, a computer player's error report,
# the crash path (which logs), a tool's report of the error to its caller
REPORTS = ("log_error", "exception", "error", "warning", "report_error", "crash", "log_line", "note_error")
LAST_RESORT = {"game/ui/errorlog.py"}  # the error log cannot report its own failure to write


def _catch_all(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return handler.type is None or any(isinstance(k, ast.Name) and k.id in ("Exception", "BaseException") for k in kinds)


def _writes_down(handler: ast.ExceptHandler) -> bool:
    if any(isinstance(n, ast.Raise) for n in ast.walk(handler)):
        return True
    for node in ast.walk(handler):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            if name in REPORTS:
                return True
    # passed on as data: the handler names what it caught and uses it
    return handler.name is not None and any(isinstance(n, ast.Name) and n.id == handler.name for n in ast.walk(handler))


def silent_catches() -> list[str]:
    found = []
    for path in files():
        rel = path.relative_to(GAME.parent).as_posix()
        if rel in LAST_RESORT:
            continue
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ExceptHandler) and _catch_all(node) and not _writes_down(node):
                found.append(f"{rel}:{node.lineno}")
    return found


def test_no_catch_all_swallows_silently():
    assert silent_catches() == []


def test_the_check_sees_a_silent_catch():
    handler = ast.parse("try:\n    f()\nexcept Exception:\n    pass\n").body[0].handlers[0]
    logged = ast.parse("try:\n    f()\nexcept Exception as exc:\n    log_error('f', exc)\n").body[0].handlers[0]
    assert _catch_all(handler) and not _writes_down(handler)
    passed_on = ast.parse("try:\n    f()\nexcept Exception as exc:\n    errors.append(str(exc))\n").body[0].handlers[0]
    named_unused = ast.parse("try:\n    f()\nexcept Exception as exc:\n    return None\n").body[0].handlers[0]
    assert _writes_down(logged) and _writes_down(passed_on) and not _writes_down(named_unused)


@pytest.mark.logged_errors  # logs one on purpose
def test_what_a_screen_logs_reaches_the_tests(_caught_errors_fail):
    """``log_error`` tells the tests' watcher (conftest: an unexpected one fails the test)."""
    from game.ui.errorlog import log_error

    log_error("drawing a panel", ValueError("bad width"))
    assert _caught_errors_fail == ["drawing a panel: ValueError: bad width"]
