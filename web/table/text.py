"""Messages from the catalogues the build baked into the page (engine + web, per language).

Seats are always named: the page's own sentences (``web.event.*``) take a seat's name
as their param, so every language words them naturally; the engine's sentences
("Seat {seat} plays …") are for logs and are not used on the table.

The human's seat is "You" in every language (``web.you``: "You", "Sinä", "Ty"), and a
sentence whose subject is the human has a second-person variant under ``<key>.you``
("You take the trick", not "You takes"): :meth:`Text.you` and :meth:`Text.event` pick
it. A sentence with two seats in it can say which one the variant is for:
``<key>.you.<field>`` (``web.event.deal_started.you.leader``: "…, you lead").

Counted words use the plural syntax of :func:`engine.i18n.fill`
(``{count, plural, one {# card} other {# cards}}``) in the table's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine import Action, Refusal
from engine.i18n import CASE_FIELD, fill, name_card, verbs

SEAT_KEYS = ("seat", "dealer", "leader", "loser", "winner", "to_act", "bidder", "last_trick")
CARD_KEYS = ("card", "best", "winning")


def catalogue(catalogues: Mapping[str, Mapping[str, str]], lang: str) -> dict[str, str]:
    """One language's messages, English filling any gap."""
    return {**catalogues.get("en", {}), **catalogues.get(lang, {})}


FIELD = re.compile(r"\{(\w+)[,}]")


# what ends a sentence in some language (Nepali's danda "।" among them)
SENTENCE_ENDS = ".!?…।"


def sentence(text: str, stop: str = ".") -> str:
    """``text`` as a sentence: its first letter a capital (in a script that has them), the
    language's full stop (``stop``) at its end.

    >>> sentence("'play' is not possible now"), sentence("खेल्नुहोस्", "।")
    ("'Play' is not possible now.", 'खेल्नुहोस्।')
    """
    i = len(text) - len(text.lstrip("'\"‘“„«"))  # "'play' is not possible …": the word's letter
    if i >= len(text):
        return text
    text = text[:i] + text[i].upper() + text[i + 1:]
    return text if text[-1] in SENTENCE_ENDS else text + stop


class Text:
    def __init__(self, messages: dict[str, str], deck: str, names: Sequence[str], me: int = 0,
                 lang: str | None = None, own: int | None = None) -> None:
        self.messages = messages
        self.deck = deck
        self.names = list(names)  # as typed in the lobby (records keep them); the table says "You"
        self.me = me  # the human's seat
        # whose face-down cards are marked as the reader's own: the human's; pass-and-play,
        # where every seat is named (me: -1), the person the table is drawn for
        self.own = me if own is None else own
        # the language of the messages (plural rules); each catalogue says which it is
        self.lang = lang or messages.get("format.lang") or "en"

    def has(self, key: str) -> bool:
        return key in self.messages

    def __call__(self, key: str, **params: Any) -> str:
        return fill(self.messages.get(key, key), params, self.lang)

    def you(self, key: str, seat: int, **params: Any) -> str:
        """A sentence about ``seat`` (its ``{name}``): in the second person ("You take
        the trick") from ``<key>.you`` when the seat is the human's and the catalogue
        has that variant, else ``key`` with the seat's name."""
        if seat == self.me and f"{key}.you" in self.messages:
            key = f"{key}.you"
        return self(key, **{"name": self.name(seat), **params})

    def you_key(self, key: str, params: Mapping[str, Any]) -> str:
        """``key`` or its second-person variant for these (engine-style) params: the
        variant for every seat field of the sentence that is the human's
        (``<key>.you.dealer.leader``), for one of them (``<key>.you.leader``), or
        ``<key>.you`` when the sentence's first seat field (its subject) is the human's."""
        template = self.messages.get(key, "")
        fields = [f for f in dict.fromkeys(FIELD.findall(template)) if f in SEAT_KEYS or f in ("name", "seats")]
        mine = [f for f in fields if self._is_me(params.get(f))]
        if not mine:
            return key
        candidates = [f"{key}.you.{'.'.join(mine)}"] + [f"{key}.you.{f}" for f in mine]
        if fields[0] in mine:
            candidates.append(f"{key}.you")
        return next((k for k in candidates if k in self.messages), key)

    def _is_me(self, value: Any) -> bool:
        """The human's seat number, or a list of seats that is the human's alone."""
        if isinstance(value, (list, tuple)) and len(value) == 1:
            value = value[0]
        return isinstance(value, int) and not isinstance(value, bool) and value == self.me

    def card(self, code: str, deck: str | None = None, case: str = "") -> str:
        """"QH" -> "Queen of hearts" ("piková dáma"; ``case="acc"``: "pikovou dámu"), named
        as the engine names cards (:func:`engine.i18n.name_card`) from these messages."""
        return name_card(code, deck or self.deck, self.messages, case)

    def cards(self, codes: Sequence[str], deck: str | None = None, case: str = "") -> str:
        return ", ".join(self.card(c, deck, case) for c in codes)

    def suit(self, letter: str, deck: str | None = None) -> str:
        return self(f"card.{deck or self.deck}.suit.{letter}")

    def category(self, name: str) -> str:
        """A Call Kitti set category ("double_run" or "double run") in words."""
        key = "set." + name.replace(" ", "_")
        return self(key) if key in self.messages else name

    def reason(self, code: str, seat: int | None = None) -> str:
        """An engine reason in words (``reason.<code>``), in the second person when it is
        about the human's seat and the catalogue has ``reason.<code>.you`` (Czech "máš
        všechny čtyři štychy"); the code itself if the catalogue has no words for it."""
        keys = ([f"reason.{code}.you"] if seat is not None and seat == self.me else []) + [f"reason.{code}"]
        return next((self(k) for k in keys if k in self.messages), code)

    def name(self, seat: int) -> str:
        """A seat's name on the table: the human's is "You" in the table's language."""
        if seat == self.me and "web.you" in self.messages:
            return self.messages["web.you"]
        return self.names[seat]

    def words(self, params: Mapping[str, Any], seats: str = "name", template: str = "",
              you: bool = False) -> dict[str, Any]:
        """Params in words: seats as names (or as "n" numbers), cards and suits named (in
        the case ``template`` asks for: ``{card_acc}``, ``{best_ins}``), a list's length
        as ``<param>_count`` (for a plural), a reason in the second person if ``you``."""
        deck = params.get("deck") or self.deck
        out: dict[str, Any] = {}
        for m in CASE_FIELD.finditer(template):
            v = params.get(m.group(1))
            if isinstance(v, str):
                out[m.group(0)[1:-1]] = self.card(v, deck, m.group(2))
            elif isinstance(v, (list, tuple)) and all(isinstance(c, str) for c in v):
                out[m.group(0)[1:-1]] = self.cards(v, deck, m.group(2))
        for k, v in params.items():
            if isinstance(v, (list, tuple)) and f"{k}_count" not in params:
                out[f"{k}_count"] = len(v)
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
                keys = ([f"reason.{v}.you"] if you else []) + [f"reason.{v}"]
                out[k] = next((self(r) for r in keys if r in self.messages), v)
            elif k in ("verb", "expected") and isinstance(v, str):
                out[k] = verbs(v, self.messages)
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
        template = self.messages.get(key, key)
        return fill(template, self.words(params or {}, template=template, you=".you" in key), self.lang)

    def refusal(self, refusal: Refusal) -> str:
        """The engine's reason as the table shows it: a sentence (the catalogues keep it
        lower case with no full stop, as it follows "refused:" in a log)."""
        template = self.messages.get(f"refusal.{refusal.code}", refusal.code)
        text = fill(template, self.words(refusal.params, seats="number", template=template), self.lang)
        return sentence(text, self.messages.get("format.full_stop", "."))

    def label(self, action: Action) -> str:
        """An action's button label ("Play Queen of hearts", "Bid 2") in this language."""
        return self.render(f"action.{action.verb}", action.label_params())

    def event(self, event: dict[str, Any], key: str | None = None, game: str = "") -> str | None:
        """An engine event in the page's words, seats as names; None if the page has no
        sentence for it (then it is not announced)."""
        if key is None:
            kind = event["kind"]
            keys = [f"web.event.{game}.{kind}", f"web.event.{kind}"]
            key = next((k for k in keys if k in self.messages), None)
        if key is None or key not in self.messages:
            return None
        return self.render(self.you_key(key, event), event)
