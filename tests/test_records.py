"""Every hand record under tests/records replays to the outcome written beside it.

``NAME.json`` is a record; ``NAME.expected.json`` holds what the replay must
print: every key given there must match (``about`` says what the example is),
keys left out are not checked. ``NAME.error.json`` instead holds the expected
``error`` object (deal and action index, and words the message must contain).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import RecordError, replay_record

RECORDS = Path(__file__).parent / "records"
CASES = sorted(p for p in RECORDS.rglob("*.json") if p.name.count(".") == 1)


def _matches(expected: Any, actual: Any, where: str = "") -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key == "about":
                continue
            assert key in actual, f"{where}.{key} missing"
            _matches(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), (
            f"{where}: expected {expected!r}, got {actual!r}")
        for i, (e, a) in enumerate(zip(expected, actual)):
            _matches(e, a, f"{where}[{i}]")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


@pytest.mark.parametrize("path", CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_record_replays_to_its_stated_outcome(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    expected_ok = path.with_suffix(".expected.json")
    expected_err = path.with_suffix(".error.json")
    assert expected_ok.exists() or expected_err.exists(), f"{path.name} states no outcome"
    if expected_ok.exists():
        _matches(json.loads(expected_ok.read_text("utf-8")), replay_record(doc))
    else:
        want = json.loads(expected_err.read_text("utf-8"))
        with pytest.raises(RecordError) as info:
            replay_record(doc)
        assert (info.value.deal, info.value.action) == (want["deal"], want["action"])
        for words in want.get("contains", []):
            assert words.lower() in info.value.message.lower(), info.value.message


def test_replay_command_prints_the_spec_object() -> None:
    path = RECORDS / "kocka" / "KO-1.json"
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)],
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert result["match"] == {"letters": [0, 0, 0, 1], "loser": None}
    assert result["to_act"] is None


def test_replay_command_reads_stdin_and_reports_errors_without_traceback() -> None:
    bad = '{"game": "kocka", "players": 4, "deals": [{"dealer": 0, "hands": [["7H"], ["8H"], ["9H"], ["TH"]]}]}'
    out = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], input=bad,
                         capture_output=True, text=True, check=False)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr + out.stdout
    err = json.loads(out.stdout)["error"]
    assert err["deal"] == 0 and err["action"] is None and "8 cards" in err["message"]
