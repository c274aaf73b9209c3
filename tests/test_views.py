"""Every view has exactly the keys and types ``engine/views.py`` declares for its game:
the seat to act's at every turn of random deals at random tables, and every seat's
before the first deal and at the end of each."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from tables import random_table

from engine import GAMES, Match
from engine.views import VIEWS, EventView


def problems(value: Any, hint: Any, where: str) -> list[str]:
    """Where ``value`` does not fit the type ``hint`` (an empty list when it fits)."""
    if hint is Any:
        return []
    origin = get_origin(hint)
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{where}: {value!r} is not one of {get_args(hint)}"]
    if origin in (Union, types.UnionType):
        options = [problems(value, h, where) for h in get_args(hint)]
        return [] if any(not p for p in options) else [f"{where}: {value!r} fits none of {hint}"]
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        fields = get_type_hints(hint)
        out = []
        extra = set(value) - set(fields)
        if extra and hint is not EventView:  # an event carries its own data beside its kind
            out.append(f"{where}: keys not declared: {sorted(extra)}")
        missing = set(fields) - set(value)
        if missing:
            out.append(f"{where}: keys missing: {sorted(missing)}")
        for key in set(fields) & set(value):
            out += problems(value[key], fields[key], f"{where}.{key}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(hint)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_type, item = get_args(hint)
        return [p for k, v in value.items() for p in problems(k, key_type, f"{where} key") + problems(v, item, f"{where}[{k!r}]")]
    if hint is int:  # a bool is an int to Python, but not in a view
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{where}: {value!r} is not an int"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r} is not a {hint.__name__}"]
    raise AssertionError(f"the checker does not know {hint!r}")  # pragma: no cover


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
