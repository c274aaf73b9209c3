"""Every event has exactly the keys and types ``engine/event_types.py`` declares for its
game: every event of random matches at random tables (Katte's seats also time out and
leave) and of every hand record under ``tests/records/``; and every declared shape
occurs, so a declaration cannot outlive the event it describes."""

from __future__ import annotations

import functools
import random
from collections import Counter
from pathlib import Path
from typing import Any, get_args, get_type_hints

import pytest
from tables import random_table
from typed_check import problems

from engine import GAMES, Event, Match, load_record
from engine.actions import Action
from engine.event_types import EVENTS, EventKind, Passed

RECORDS = Path(__file__).resolve().parent / "records"


def shapes(game: str) -> tuple[Any, ...]:
    """The TypedDicts of the game's events."""
    return get_args(EVENTS[game])


@functools.cache
def kind_of(shape: Any) -> str:
    """The one kind a shape declares."""
    (kind,) = get_args(get_type_hints(shape)["kind"])
    return str(kind)


def hold(game: str, events: list[Event], seen: Counter[Any]) -> None:
    """Each event fits exactly one of the game's declared shapes; count which."""
    for event in events:
        value = event.to_json()
        same_kind = [t for t in shapes(game) if kind_of(t) == value["kind"]]
        assert same_kind, f"{game}: no {value['kind']!r} event is declared"
        fits = [t for t in same_kind if not problems(value, t, "")]
        assert fits, [p for t in same_kind for p in problems(value, t, f"{game} {t.__name__}")]
        assert len(fits) == 1, f"{value!r} fits several shapes: {fits}"
        seen[fits[0]] += 1


def katte_extra(match: Match, rng: random.Random, seat: int) -> Action | None:
    """Now and then a Katte seat times out (K-13) or leaves (K-14), which play never lists."""
    roll = rng.random()
    if roll < 0.05:
        action = match.parse(f"{seat} timeout")
    elif roll < 0.07:
        action = match.parse(f"{rng.randrange(match.players)} leave")
    else:
        return None
    return action if match.check(action) is None else None


def play_random(game: str, seen: Counter[Any]) -> None:
    rng = random.Random(11)
    for seed in range(15):
        players, options = random_table(game, rng)
        match = GAMES[game].new(players, options, seed=seed, deal=False)
        for _ in range(30):  # Kočka and Call Kitti matches run to their end
            hold(game, match.start_deal(), seen)
            while not match.deal_over:
                seat = match.to_act()[0]
                action = katte_extra(match, rng, seat) if game == "katte" else None
                hold(game, match.apply(action or match.random_action(rng, seat)), seen)
            if match.match_over or (game in ("katte", "katko") and rng.random() < 0.2):
                break


def replay_records(game: str, seen: Counter[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Every event of every deal of the game's valid hand records (a match's log keeps
    only the current deal's, so the events are caught as they happen)."""
    caught: list[Event] = []
    after = Match._after

    def catch(self: Match, events: list[Event]) -> None:
        caught.extend(events)
        after(self, events)

    monkeypatch.setattr(Match, "_after", catch)
    paths = [p for p in sorted((RECORDS / game).glob("*.json"))
             if not p.name.endswith((".expected.json", ".error.json"))]
    failing = {p.name.removesuffix(".error.json") for p in (RECORDS / game).glob("*.error.json")}
    replayed = 0
    for path in paths:
        if path.stem in failing:
            continue
        caught.clear()
        load_record(path.read_text())
        hold(game, caught, seen)
        replayed += 1
    assert replayed >= 5


def play_tied_standings(game: str, seen: Counter[Any]) -> None:
    """The ties that random play seldom reaches, from a standing put in place (as the
    rules tests do) and then real random deals: several seats tied on the target in
    Katko (T-10), several on 5+ points tied on every tie-break in Call Kitti (C-10)."""
    if game not in ("katko", "call-kitti"):
        return
    rng = random.Random(5)
    for seed in range(50):
        match = GAMES[game].new(3 if game == "katko" else 4, seed=seed, deal=False)
        if game == "katko":
            match.scores = [match.target, match.target, 0]  # type: ignore[attr-defined]
        else:
            match.points = [5, 5, 5, 5]  # type: ignore[attr-defined]
        hold(game, match.start_deal(), seen)
        while not match.deal_over:
            hold(game, match.apply(match.random_action(rng)), seen)
        if any(t.__name__ in ("TargetTie", "StillTied") for t in seen):
            return


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_event_has_its_declared_shape(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter[Any] = Counter()
    play_random(game, seen)
    play_tied_standings(game, seen)
    replay_records(game, seen, monkeypatch)
    never = [t.__name__ for t in shapes(game) if not seen[t]]
    assert not never, f"{game}: declared but never seen: {never}"


def test_event_kind_lists_exactly_the_declared_kinds() -> None:
    declared = {kind_of(t) for game in GAMES for t in shapes(game)}
    assert declared == set(get_args(EventKind))
    assert set(EVENTS) == set(GAMES)


def test_the_checker_finds_a_wrong_event() -> None:
    """A missing key, an extra key, a wrong type and a wrong kind are all found."""
    match = GAMES["kocka"].new(4, seed=1)
    value = next(e.to_json() for e in match.apply(match.legal_actions(0)[0]) if e.kind == "passed")
    assert not problems(value, Passed, "e")
    assert problems({k: v for k, v in value.items() if k != "cards"}, Passed, "e")
    assert problems({**value, "extra": 1}, Passed, "e")
    assert problems({**value, "seat": True}, Passed, "e")
    assert problems({**value, "cards": ["TH", 3]}, Passed, "e")
    assert problems({**value, "kind": "received"}, Passed, "e")
    assert problems({**value, "kind": "pased"}, EVENTS["kocka"], "e")
