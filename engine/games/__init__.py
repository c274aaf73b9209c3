"""The games, by the names hand records use."""

from __future__ import annotations

from ..state import Match
from .call_kitti import CallKitti
from .katko import Katko
from .katte import Katte
from .kocka import Kocka

# (imported plainly: a game module that fails to import must fail loudly, never vanish)
GAMES: dict[str, type[Match]] = {"katte": Katte, "katko": Katko, "call-kitti": CallKitti, "kocka": Kocka}
