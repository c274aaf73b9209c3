"""Events: what an action caused, for a table to animate and explain.

``kind`` names the event (``played``, ``trick_won``, ``deal_result`` …; an
``EventKind``, so the type check catches a misspelt one), ``data`` holds JSON-ready
details, ``to`` the seats allowed to see it (``None``: everyone). A trick or deal
result names the rule that decided it. ``engine/event_types.py`` declares each
kind's JSON shape, game by game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .event_types import EventKind


@dataclass(frozen=True, slots=True)
class Event:
    kind: EventKind
    data: dict[str, Any]
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
