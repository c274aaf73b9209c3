"""Golden playthroughs: any change of behaviour shows as a diff of these texts.

After a deliberate rule change, regenerate with
``python -m engine playthrough --write tests/golden`` and review the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from engine.playthrough import all_playthroughs

GOLDEN = Path(__file__).parent / "golden"
CASES = dict(all_playthroughs())


@pytest.mark.parametrize("rel", sorted(CASES))
def test_playthrough_matches_golden_file(rel: str) -> None:
    path = GOLDEN / rel
    assert path.exists(), f"no golden file {rel}: run python -m engine playthrough"
    want = path.read_text("utf-8")
    got = CASES[rel]
    if got != want:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now"))[:60])
        pytest.fail(f"{rel} changed:\n{diff}")


def test_every_golden_file_is_still_generated() -> None:
    stale = sorted(str(p.relative_to(GOLDEN)) for p in GOLDEN.rglob("*.txt") if str(p.relative_to(GOLDEN)) not in CASES)
    assert not stale, f"golden files no table makes any more: {stale}"
