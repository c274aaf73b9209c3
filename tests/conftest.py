"""Options for the whole suite.

``--swap-level hard=medium`` (or ``medium=easy``, …) seats the weaker level wherever a
test asks for the stronger one, in every game: the strength tests must then fail,
which is how we know they can (``tools/check_strength_tests.py`` runs both swaps).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--swap-level", default=None, metavar="STRONG=WEAK",
                     help="make_bot gives the WEAK level's bot wherever STRONG is asked for")


@pytest.fixture(autouse=True)
def swap_level(request: pytest.FixtureRequest) -> Iterator[None]:
    swap = request.config.getoption("--swap-level")
    if not swap:
        yield
        return
    from engine import GAMES
    from engine.bots import _REGISTRY, levels

    strong, weak = swap.split("=")
    saved = {}
    for game in GAMES:
        levels(game)  # loads the game's bots
        saved[game] = dict(_REGISTRY[game])
        _REGISTRY[game][strong] = _REGISTRY[game][weak]
    try:
        yield
    finally:
        for game, table in saved.items():
            _REGISTRY[game].clear()
            _REGISTRY[game].update(table)
