"""Messages from the catalogues the build baked into the page (engine + web, per language).

Seats are always named: the page's own sentences (``web.event.*``) take a seat's name
as their param, so every language words them naturally; the engine's sentences
("Seat {seat} plays …") are for logs and are not used on the table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import Action, Refusal
from engine.i18n import action_params, fill

SEAT_KEYS = ("seat", "dealer", "leader", "loser", "winner", "to_act", "bidder", "last_trick")
CARD_KEYS = ("card", "best", "winning")


def catalogue(catalogues: Mapping[str, Mapping[str, str]], lang: str) -> dict[str, str]:
    """One language's messages, English filling any gap."""
    return {**catalogues.get("en", {}), **catalogues.get(lang, {})}


class Text:
    def __init__(self, messages: dict[str, str], deck: str, names: Sequence[str], me: int = 0) -> None:
        self.messages = messages
        self.deck = deck
        self.names = list(names)
        self.me = me  # the human's seat

    def has(self, key: str) -> bool:
        return key in self.messages

    def __call__(self, key: str, **params: Any) -> str:
        return fill(self.messages.get(key, key), params)

    def card(self, code: str, deck: str | None = None) -> str:
        """"QH" -> "Queen of hearts", from the catalogue keys card.name, card.<deck>.rank/suit."""
        deck = deck or self.deck
        rank, suit = code[:-1], code[-1]
        return self("card.name", rank=self(f"card.{deck}.rank.{rank}"), suit=self(f"card.{deck}.suit.{suit}"))

    def cards(self, codes: Sequence[str], deck: str | None = None) -> str:
        return ", ".join(self.card(c, deck) for c in codes)

    def suit(self, letter: str, deck: str | None = None) -> str:
        return self(f"card.{deck or self.deck}.suit.{letter}")

    def category(self, name: str) -> str:
        """A Call Kitti set category ("double_run" or "double run") in words."""
        key = "set." + name.replace(" ", "_")
        return self(key) if key in self.messages else name

    def name(self, seat: int) -> str:
        return self.names[seat]

    def words(self, params: Mapping[str, Any], seats: str = "name") -> dict[str, Any]:
        """Params in words: seats as names (or as "n" numbers), cards and suits named."""
        deck = params.get("deck") or self.deck
        out: dict[str, Any] = {}
        for k, v in params.items():
            if k == "deck":
                continue
            if k in SEAT_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out[k] = self.name(v) if seats == "name" and 0 <= v < len(self.names) else str(v + 1)
            elif k in CARD_KEYS and isinstance(v, str):
                out[k] = self.card(v, deck)
            elif k == "cards" and isinstance(v, (list, tuple)) and all(isinstance(c, str) for c in v):
                out[k] = self.cards(v, deck)
            elif k == "seats" and isinstance(v, (list, tuple)):
                out[k] = ", ".join(self.name(s) if seats == "name" else str(s + 1) for s in v)
            elif k == "reason" and isinstance(v, str):
                out[k] = self(f"reason.{v}") if f"reason.{v}" in self.messages else v
            elif k == "category" and isinstance(v, str):
                out[k] = self.category(v)
            elif k == "categories" and isinstance(v, (list, tuple)):
                out[k] = ", ".join(self.category(str(c)) for c in v)
            elif k == "suit" and isinstance(v, str):
                out[k] = self.suit(v, deck)
            elif isinstance(v, (list, tuple)):
                out[k] = ", ".join(str(x) for x in v)
            elif isinstance(v, float):  # a bot's estimate: 1.9 in English, 1,9 in Finnish and Czech
                out[k] = f"{v:.1f}".replace(".", self.messages.get("format.decimal_point", "."))
            else:
                out[k] = v
        return out

    def render(self, key: str, params: Mapping[str, Any] | None = None) -> str:
        """Any catalogue message with engine-style params (a ``deck`` param names cards)."""
        return fill(self.messages.get(key, key), self.words(params or {}))

    def refusal(self, refusal: Refusal) -> str:
        return fill(self.messages.get(f"refusal.{refusal.code}", refusal.code),
                    self.words(refusal.params, seats="number"))

    def label(self, action: Action) -> str:
        """An action's button label ("Play Queen of hearts", "Bid 2") in this language."""
        return self.render(f"action.{action.verb}", action_params(action))

    def event(self, event: dict[str, Any], key: str | None = None, game: str = "") -> str | None:
        """An engine event in the page's words, seats as names; None if the page has no
        sentence for it (then it is not announced)."""
        if key is None:
            kind = event["kind"]
            keys = [f"web.event.{game}.{kind}", f"web.event.{kind}"]
            key = next((k for k in keys if k in self.messages), None)
        if key is None or key not in self.messages:
            return None
        return self.render(key, event)
