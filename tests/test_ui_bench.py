"""The frame benchmark runs and renders what it claims (its timing goal lives in the benchmark, not here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.bench_frames import busy_state, run

ROOT = Path(__file__).resolve().parent.parent


def test_busy_state_is_a_real_position():
    st = busy_state()
    assert len(st.board) >= 100 and not st.conservation_problems()
    assert all(ln.check() for ln in st.board.lines())


def test_bench_frames_reports_its_figures():
    res = run(frames=12, ai_mode="thread", warmup=3)
    assert res["frames"] == 12
    assert 0 < res["p50_ms"] <= res["p99_ms"] <= res["max_ms"]
    assert res["table_tiles"] >= 100 and res["rack_tiles"] == 20 and res["ai_thinking"]


@pytest.mark.slow
def test_bench_command_line():
    out = subprocess.run([sys.executable, "-m", "game.bench", "frames", "--json", "--frames", "5", "--ai", "thread"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"frames", "p50_ms", "p99_ms", "max_ms"} <= set(data)
    bad = subprocess.run([sys.executable, "-m", "game.bench", "frames", "--size", "tiny"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "error" in bad.stderr
    unknown = subprocess.run([sys.executable, "-m", "game.bench", "nonsense"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert unknown.returncode == 2
