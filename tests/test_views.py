"""Every view has exactly the keys and types ``engine/views.py`` declares for its game:
the seat to act's at every turn of random deals at random tables, and every seat's
before the first deal and at the end of each."""

from __future__ import annotations

import random
import typing

import pytest
from tables import random_table
from typed_check import problems

from engine import GAMES, Match
from engine.views import VIEWS


def check(match: Match, game: str) -> int:
    checked = 0
    for seat in range(match.players):
        found = problems(match.view(seat), VIEWS[game], f"{game} view({seat})")
        assert not found, found[:5]
        checked += 1
    return checked


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_view_has_the_declared_shape(game: str) -> None:
    rng = random.Random(4)
    checked = 0
    for seed in range(20):
        players, options = random_table(game, rng)
        match = GAMES[game].new(players, options, seed=seed, deal=False)
        checked += check(match, game)  # before the first deal
        for _ in range(3):
            match.start_deal()
            while not match.deal_over:
                seat = match.to_act()[0]
                found = problems(match.view(seat), VIEWS[game], f"{game} view({seat})")
                assert not found, found[:5]
                checked += 1
                match.apply(match.random_action(rng, seat))
            checked += check(match, game)
            if match.match_over:
                break
    assert checked > 300


def test_the_checker_finds_a_wrong_shape() -> None:
    """The checker itself: a missing key, an extra key and a wrong type are all found."""
    view = dict(GAMES["kocka"].new(4, seed=1).view(0))
    assert not problems(view, VIEWS["kocka"], "v")
    assert problems({k: v for k, v in view.items() if k != "word"}, VIEWS["kocka"], "v")
    assert problems({**view, "extra": 1}, VIEWS["kocka"], "v")
    assert problems({**view, "letters": [True, 0, 0, 0]}, VIEWS["kocka"], "v")
    assert problems({**view, "phase": "bidding"}, VIEWS["kocka"], "v")
    assert typing.get_type_hints(VIEWS["kocka"])["word"] is str
