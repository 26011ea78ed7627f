"""The outside finder for ``python -m game.bench solver --outside``: a published integer-programming
solver (HiGHS, driven through cvxpy) asked the same question as our meld finder, timed in the same
run on the same positions.

The game never needs it: cvxpy and highspy are installed only when the benchmark is asked for them,
with pip into a throwaway folder (``--outside-dir DIR`` keeps and reuses one), and put on the path
for this run only.

The model (den Hertog and Hulshof's, with jokers): every possible set is a variable ``x_s`` in
{0, 1, 2} (each face exists twice) - runs of three to five tiles (a longer run is two shorter ones)
and groups of three or four, each place possibly a joker (at most two, at least one numbered tile),
the same multiset of faces counted once.  ``y_f`` in {0 .. rack copies} are the rack tiles of face
``f`` placed.  For every face (and the joker): the sets use exactly the table's copies plus ``y_f``.
Maximise ``BIG * tiles placed + points placed`` (points: face values of numbered rack tiles), so
the most tiles come first and the most points break ties, as in ``game.ai.solver.solve``.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import os
import shutil
import subprocess
import sys
import tempfile

from ..rules.tiles import face_at, face_number

JOKER = 52
PACKAGES = ("cvxpy", "highspy")
BIG = 1000  # more than any points total (at most 2 * 4 * 91 = 728)


class OutsideUnavailable(RuntimeError):
    """The outside finder could not be installed or loaded (the message says why)."""


def load(folder: str | None) -> tuple[object, str | None]:
    """Import cvxpy, installing it (and HiGHS) into ``folder`` or a new temporary folder first
    when it is not importable.  Returns ``(cvxpy, temp_folder_to_remove_or_None)``."""
    try:
        return importlib.import_module("cvxpy"), None
    except ImportError:
        pass
    temp = None
    if folder is None:
        folder = temp = tempfile.mkdtemp(prefix="tilerush-outside-")
    sys.path.insert(0, folder)
    try:
        try:
            cp = importlib.import_module("cvxpy")
        except ImportError:
            print(f"installing {' '.join(PACKAGES)} into {folder} (for this benchmark only)...", file=sys.stderr)
            cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", folder,
                   *PACKAGES]
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode != 0:
                raise OutsideUnavailable("pip could not install cvxpy: " + (done.stderr.strip().splitlines() or ["?"])[-1])
            importlib.invalidate_caches()
            cp = importlib.import_module("cvxpy")
    except (ImportError, OSError, OutsideUnavailable) as exc:
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)
        raise OutsideUnavailable(str(exc)) from exc
    if "HIGHS" not in cp.installed_solvers():
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)
        raise OutsideUnavailable("cvxpy has no HiGHS solver here")
    return cp, temp


def catalogue() -> list[tuple[int, ...]]:
    """Every valid set as a sorted tuple of faces (0..51, ``JOKER``), each multiset once."""
    seen: set[tuple[int, ...]] = set()

    def add(faces: list[int]) -> None:
        numbered = [f for f in faces if f != JOKER]
        if numbered and len(faces) - len(numbered) <= 2:
            seen.add(tuple(sorted(faces)))

    def with_jokers(faces: list[int]) -> None:
        for k in range(3):
            for where in itertools.combinations(range(len(faces)), k):
                add([JOKER if i in where else f for i, f in enumerate(faces)])

    for colour in range(4):
        for length in (3, 4, 5):
            for lo in range(1, 15 - length):
                with_jokers([face_at(colour, n) for n in range(lo, lo + length)])
    for number in range(1, 14):
        for size in (3, 4):
            for colours in itertools.combinations(range(4), size):
                with_jokers([face_at(c, number) for c in colours])
    return sorted(seen)


class OutsideFinder:
    """The integer programme, built once with the position as parameters (as the published finder
    does: cvxpy compiles it on the first solve only); ``solve`` answers one position."""

    def __init__(self, cp) -> None:
        import numpy as np
        import scipy.sparse as sp

        self.cp = cp
        self.np = np
        sets = catalogue()
        rows, cols, vals = [], [], []
        for j, s in enumerate(sets):
            for f in set(s):
                rows.append(f)
                cols.append(j)
                vals.append(s.count(f))
        a = sp.csr_matrix((vals, (rows, cols)), shape=(53, len(sets)))
        self.points = np.array([face_number(f) for f in range(53)], dtype=float)
        self.n_sets = len(sets)
        self.table = cp.Parameter(53, nonneg=True)
        self.rack = cp.Parameter(53, nonneg=True)
        x = cp.Variable(self.n_sets, integer=True)
        self.y = cp.Variable(53, integer=True)
        self.problem = cp.Problem(cp.Maximize(BIG * cp.sum(self.y) + self.points @ self.y),
                                  [a @ x == self.table + self.y, x >= 0, x <= 2, self.y >= 0, self.y <= self.rack])
        with _quiet_stdout():  # the first solve compiles the model (not timed) and HiGHS prints its banner
            self.solve([], [0, 1, 2])

    def solve(self, table_faces: list[int], rack_faces: list[int]) -> tuple[int, int, float]:
        """``(tiles placed, points placed, HiGHS's own seconds)`` for one position (faces, jokers 52)."""
        np = self.np
        self.table.value = np.bincount(np.array(table_faces, dtype=int), minlength=53).astype(float)
        self.rack.value = np.bincount(np.array(rack_faces, dtype=int), minlength=53).astype(float)
        self.problem.solve(solver="HIGHS")
        if self.problem.status not in ("optimal", "optimal_inaccurate"):
            raise OutsideUnavailable(f"HiGHS answered {self.problem.status}")
        placed = np.rint(self.y.value).astype(int)
        own = self.problem.solver_stats.solve_time
        return int(placed.sum()), int(round(float(self.points @ placed))), float(own or 0.0)


@contextlib.contextmanager
def _quiet_stdout():
    """Standard output (the C level's too) sent to /dev/null for a moment."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        sys.stdout.flush()
        os.dup2(saved, 1)
        os.close(saved)
