"""Random tables for tests that sweep every game: a player count and options it accepts."""

from __future__ import annotations

import random
from typing import Any

from engine import GAMES, OptionError


def random_table(game: str, rng: random.Random) -> tuple[int, dict[str, Any]]:
    """A random player count and random options the game accepts."""
    cls = GAMES[game]
    while True:
        players = rng.randint(cls.MIN_PLAYERS, cls.MAX_PLAYERS)
        options = {}
        for meta in cls.option_metadata(players):
            if meta.get("choices") and rng.random() < 0.5:
                options[meta["key"]] = rng.choice(meta["choices"])
            elif meta["kind"] == "bool" and rng.random() < 0.5:
                options[meta["key"]] = rng.random() < 0.5
        try:
            cls(players, options)
        except OptionError:  # options that do not fit together: draw again
            continue
        return players, options
