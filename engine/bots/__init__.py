"""Bots: three levels per game (easy, medium, hard), plus random play for reference.

>>> bot = make_bot("kocka", "random", seed=1)
>>> import engine
>>> m = engine.new_match("kocka", 4, seed=1)
>>> bot.decide(m.view(0)).action in {str(a) for a in m.legal_actions(0)}
True
"""

from __future__ import annotations

from .base import Bot, Budget, Decision

LEVELS = ("random", "easy", "medium", "hard")

_REGISTRY: dict[str, dict[str, type[Bot]]] = {}


def register(game: str, *bots: type[Bot]) -> None:
    """Offer each bot class for ``game`` at its own ``level``."""
    for bot in bots:
        _REGISTRY.setdefault(game, {})[bot.level] = bot


def _load(game: str) -> None:
    if game in _REGISTRY:
        return
    module = {"katte": "katte", "katko": "katko", "call-kitti": "call_kitti", "kocka": "kocka"}.get(game)
    if module is None:
        raise ValueError(f"no bots for game {game!r}")
    import importlib

    importlib.import_module(f"{__name__}.{module}")


def make_bot(game: str, level: str, seed: int | None = None, budget: Budget | None = None) -> Bot:
    """A bot for ``game`` at ``level``; ``budget`` overrides a search bot's default."""
    _load(game)
    try:
        bot = _REGISTRY[game][level]
    except KeyError:
        raise ValueError(f"no {level!r} bot for {game} (levels: {', '.join(_REGISTRY.get(game, {}))})") from None
    return bot(seed, budget)


def levels(game: str) -> list[str]:
    _load(game)
    return [lv for lv in LEVELS if lv in _REGISTRY[game]]


__all__ = ["LEVELS", "Bot", "Budget", "Decision", "levels", "make_bot", "register"]
