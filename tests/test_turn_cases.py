"""The public turn checker: every example and counter-example of the five rule sheets, written
as turn cases under tests/data/turns/, judged by ``python -m game.rules turn``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.rules import main
from game.rules.casefile import CaseError, judge
from game.rules.reasons import Reason

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted((ROOT / "tests" / "data" / "turns").glob("*/*.json"))


def test_every_sheet_has_cases():
    sheets = {p.parent.name.split("-")[0] for p in CASES}
    assert sheets == {"000", "001", "002", "003", "004"}
    assert len(CASES) >= 80


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_sheet_case(path):
    case = json.loads(path.read_text())
    verdict = judge(case)
    assert verdict.legal == (case["expect"] == "legal"), verdict.codes


def test_cli_prints_legal_and_exits_0(capsys):
    assert main(["turn", str(ROOT / "tests/data/turns/001-classic/joker-rack-tile-elsewhere.json")]) == 0
    assert capsys.readouterr().out.strip() == "legal"


def test_cli_prints_reasons_and_exits_1(capsys):
    assert main(["turn", str(ROOT / "tests/data/turns/001-classic/joker-back-into-its-set.json")]) == 1
    out = capsys.readouterr().out.strip()
    assert out.startswith("illegal: ") and "new set" in out


def test_cli_reads_standard_input():
    case = {"variant": "classic", "table": ["K3 J K5 . R1 R2 R3 R4", "B1 B2 B3 B4"], "rack": "K4 O9",
            "after": ["K3 K4 K5 . R1 R2 R3", "B1 B2 B3 . R4 B4 J"]}
    run = subprocess.run([sys.executable, "-m", "game.rules", "turn", "-"], input=json.dumps(case),
                         capture_output=True, text=True, cwd=ROOT)
    assert (run.returncode, run.stdout.strip(), run.stderr) == (0, "legal", "")


@pytest.mark.parametrize("text, words", [
    ("[1, 2]", "JSON object"),
    ('{"variant": "chess", "after": []}', "'variant' must be one of"),
    ('{"variant": "classic", "rack": "R5", "after": ["R5 R5 R5"]}', "only two"),
    ('{"variant": "classic", "rack": "X9", "after": []}', "bad tile"),
    ('{"variant": "classic", "after": [], "claim": {}}', "exactly one"),
    ('{"variant": "classic", "after": [], "colour": 1}', "unknown field"),
    ('{"variant": "classic", "players": 9, "after": []}', "'players'"),
    ('{"variant": "classic", "options": {"rounds": "x"}, "after": []}', "options"),
    ('{"variant": "classic", "after": [1]}', "list of rows"),
    ('{"variant": "classic", "rack": "R5", "drawn": "R6", "after": []}', "'drawn'"),
    ('{"variant": "classic", "after": [], "claims": []}', "no claims"),
    ("[" * 100000 + "]" * 100000, "nested"),
    ("not json", "not valid JSON"),
])
def test_malformed_case_is_a_clear_error(tmp_path, capsys, text, words):
    path = tmp_path / "case.json"
    path.write_text(text)
    assert main(["turn", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_missing_or_special_file_is_a_clear_error(tmp_path, capsys):
    assert main(["turn", str(tmp_path / "nothing.json")]) == 2
    assert main(["turn", str(tmp_path)]) == 2
    assert main(["turn", ""]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_copies_are_handed_out_by_the_checker():
    # Two red 5s: the checker decides which copy is which, so the verdict cannot depend on it.
    case = {"variant": "classic", "table": ["R4 R5 J", "R5 B5 K5"], "rack": "O9 O10 O11",
            "after": ["R5 B5 K5", "R4 R5 J", "O9 O10 O11"]}
    assert judge(case).legal


def test_a_tile_the_player_does_not_have_is_refused():
    verdict = judge({"variant": "classic", "rack": "R5 R6", "after": ["R5 R6 R7"]})
    assert not verdict.legal and Reason.NOT_YOURS in verdict.codes


def test_claim_fields_must_name_a_set():
    with pytest.raises(CaseError):
        judge({"variant": "rummi200kub", "table": ["K8 B8 O8"], "claim": {"type": "steal"}})
