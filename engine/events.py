"""Events: what an action caused, for a table to animate and explain.

``kind`` names the event (``played``, ``trick_won``, ``deal_result`` …; an
``EventKind``, so the type check catches a misspelt one), ``data`` holds JSON-ready
details, ``to`` the seats allowed to see it (``None``: everyone). A trick or deal
result names the rule that decided it. ``engine/event_types.py`` declares each
kind's JSON shape, game by game.

>>> e = Event("passed", {"seat": 2, "cards": ["7H", "8H", "9H"]}, frozenset((2,)))
>>> e.visible_to(2), e.visible_to(1), e.to_json()["kind"]
(True, False, 'passed')
>>> e == Event("passed", {"seat": 2, "cards": ["7H", "8H", "9H"]}, frozenset((2,)))
True
"""

from __future__ import annotations

from typing import Any

from .event_types import EventKind

ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(32))
"""``ONLY[seat]``: the ``to`` of an event that only ``seat`` sees, one shared set per seat
(sets are values, and private events come with every pass, discard and arrangement).
More seats than any game has."""


class Event:
    """One event, a value: never changed once made.

    A plain class with slots rather than a frozen dataclass, because every card played
    makes one or two and a frozen dataclass's ``__init__`` costs twice as much (the
    engine's speed sets how many worlds a bot can search in its time).
    """

    __slots__ = ("data", "kind", "to")

    kind: EventKind
    data: dict[str, Any]
    to: frozenset[int] | None

    def __init__(self, kind: EventKind, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        self.kind = kind
        self.data = data
        self.to = to

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Event:
            return NotImplemented
        assert isinstance(other, Event)
        return self.kind == other.kind and self.data == other.data and self.to == other.to

    __hash__ = None  # type: ignore[assignment]  # data is a dict: not hashable, as before

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, to={self.to!r})"

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data}
