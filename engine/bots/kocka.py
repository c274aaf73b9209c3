"""Kočka bots (placeholder: random only, until the Kočka bots land)."""

from __future__ import annotations

from . import register
from .base import RandomBot

register("kocka", "random", lambda seed, budget: RandomBot(seed, budget))
