"""Messages from the merged catalogue (engine + web) the build baked into the page."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

SEAT_KEYS = ("seat", "dealer", "leader", "loser", "winner", "to_act", "bidder", "last_trick")
CARD_KEYS = ("card", "best", "winning")


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Text:
    def __init__(self, messages: dict[str, str], deck: str, names: Sequence[str], me: int = 0) -> None:
        self.messages = messages
        self.deck = deck
        self.names = list(names)
        self.me = me  # the human's seat

    def has(self, key: str) -> bool:
        return key in self.messages

    def __call__(self, key: str, **params: Any) -> str:
        return self.messages.get(key, key).format_map(_Params(params))

    def card(self, code: str) -> str:
        """"QH" -> "Queen of hearts", from the catalogue keys card.name, card.<deck>.rank/suit."""
        rank, suit = code[:-1], code[-1]
        return self("card.name", rank=self(f"card.{self.deck}.rank.{rank}"),
                    suit=self(f"card.{self.deck}.suit.{suit}"))

    def cards(self, codes: Sequence[str]) -> str:
        return ", ".join(self.card(c) for c in codes)

    def name(self, seat: int) -> str:
        return self.names[seat]

    def event(self, event: dict[str, Any], key: str | None = None, game: str = "") -> str | None:
        """An engine event in words, seats as names; None if the catalogue has no sentence.

        The page's own sentence (per game, then shared) comes first; else the engine's."""
        if key is None:
            kind = event["kind"]
            keys = [f"web.event.{game}.{kind}", f"web.event.{kind}", f"event.{game}.{kind}"]
            key = next((k for k in keys if k in self.messages), None)
        if key is None or key not in self.messages:
            return None
        params: dict[str, Any] = {}
        for k, v in event.items():
            if k in SEAT_KEYS and isinstance(v, int) and not isinstance(v, bool):
                params[k] = self.name(v)
            elif k in CARD_KEYS and isinstance(v, str):
                params[k] = self.card(v)
            elif k == "cards" and isinstance(v, list) and all(isinstance(c, str) for c in v):
                params[k] = self.cards(v)
            elif k == "seats" and isinstance(v, list):
                params[k] = ", ".join(self.name(s) for s in v)
            elif k == "reason" and isinstance(v, str):
                params[k] = self(f"reason.{v}") if f"reason.{v}" in self.messages else v
            elif k == "category" and isinstance(v, str):
                params[k] = self(f"set.{v}")
            elif k == "suit" and isinstance(v, str):
                params[k] = self(f"card.{self.deck}.suit.{v}")
            else:
                params[k] = v
        template = self.messages[key]
        if key.startswith("event."):  # the engine's sentence says "Seat {seat}": we have names
            template = re.sub(r"\b[Ss]eats? \{", "{", template)
        return template.format_map(_Params(params))
