"""Hypothesis strategies shared by the property tests: tables and random matches."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from engine import GAMES, Match, OptionError
from engine.options import OptionSpec


def option_values(spec: OptionSpec) -> st.SearchStrategy[Any]:
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    if spec.kind == "text":
        return st.sampled_from(["KOČKA", "KO", "PES", "Ž", "SMOKINGCAT"])
    if spec.kind == "seconds":
        return st.one_of(st.none(), st.integers(1, 60))
    return st.integers(spec.minimum or 1, 50)


@st.composite
def tables(draw: st.DrawFn, game: str) -> tuple[int, dict[str, Any], int]:
    """(players, options, seed) for a legal table of ``game``: options drawn at random."""
    cls = GAMES[game]
    players = draw(st.integers(cls.MIN_PLAYERS, cls.MAX_PLAYERS))
    options = {s.key: draw(option_values(s)) for s in cls.OPTIONS if draw(st.booleans())}
    try:
        cls(players, options)
    except OptionError:
        options = {}
    return players, options, draw(st.integers(0, 2**32))


def play_random(match: Match, seed: int, max_deals: int = 8, on_step: Any = None) -> None:
    """Play random legal actions until the match ends or ``max_deals`` deals are done."""
    rng = random.Random(seed)
    deals = 1
    while True:
        while not match.deal_over:
            match.apply(match.random_action(rng))
            if on_step is not None:
                on_step(match)
        if match.match_over or deals >= max_deals:
            return
        match.start_deal()
        deals += 1
