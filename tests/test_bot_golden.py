"""Bots decide as their golden files say (``tests/bot_goldens.py`` explains and regenerates)."""

from __future__ import annotations

import difflib

import pytest
from bot_goldens import GOLDEN, playthrough

from engine import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_bots_decide_as_the_golden_file_says(game: str) -> None:
    want = (GOLDEN / f"{game}.txt").read_text("utf-8")
    got = playthrough(game)
    if got != want:
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "golden", "now"))[:60])
        pytest.fail(f"{game}'s bots decide differently:\n{diff}")
