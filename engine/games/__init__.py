"""The games, by the names hand records use."""

from __future__ import annotations

from ..state import Match
from .kocka import Kocka

GAMES: dict[str, type[Match]] = {"kocka": Kocka}

try:  # the other games register as they land
    from .katte import Katte
    GAMES["katte"] = Katte
except ImportError:  # pragma: no cover
    pass
try:
    from .katko import Katko
    GAMES["katko"] = Katko
except ImportError:  # pragma: no cover
    pass
try:
    from .call_kitti import CallKitti
    GAMES["call-kitti"] = CallKitti
except ImportError:  # pragma: no cover
    pass
