"""Kortti's rules engine: Katte, Katko, Call Kitti and Kočka in pure Python.

>>> import engine
>>> m = engine.new_match("kocka", 4, seed=1)
>>> sorted(engine.GAMES)
['call-kitti', 'katko', 'katte', 'kocka']
>>> m.apply(m.legal_actions(0)[0])[0].kind
'passed'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import Action
from .errors import EngineError, IllegalAction, NotationError, OptionError, RecordError, Refusal
from .events import Event
from .games import GAMES
from .record import load_record, replay_record
from .state import Match

__all__ = [
    "GAMES",
    "Action",
    "EngineError",
    "Event",
    "IllegalAction",
    "Match",
    "NotationError",
    "OptionError",
    "RecordError",
    "Refusal",
    "catalogue",
    "game_class",
    "load_record",
    "new_match",
    "replay_record",
]


def game_class(name: str) -> type[Match]:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise OptionError(f"unknown game {name!r} (known: {', '.join(sorted(GAMES))})") from None


def new_match(
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    *,
    deal: bool = True,
    number: int | None = None,
) -> Match:
    """Start a match of ``game``; its first deal is dealt unless ``deal=False``.

    With a deal ``number`` (1 to 2**53 - 1) every deal of the match comes from it,
    the same on every version (:mod:`engine.shuffle`), instead of from ``seed``.
    """
    return game_class(game).new(players, options, seed, names, deal=deal, number=number)


def catalogue() -> dict[str, Any]:
    """What pages need to know of the games before Python runs (the build writes it into
    them): each game's deck and player range, and each deck's rank and suit letters,
    lowest rank first.

    >>> c = catalogue()
    >>> c["games"]["kocka"], c["games"]["katko"]["players"]
    ({'deck': 'german', 'players': [4, 4]}, [2, 20])
    >>> c["decks"]["german"]
    {'ranks': '789TUOKA', 'suits': 'HLAB'}
    """
    games = {name: {"deck": g.DECK.name, "players": [g.MIN_PLAYERS, g.MAX_PLAYERS]} for name, g in GAMES.items()}
    decks = {g.DECK.name: {"ranks": g.DECK.ranks, "suits": g.DECK.suits} for g in GAMES.values()}
    return {"games": games, "decks": dict(sorted(decks.items()))}
