"""Cards as small integers, and the two decks the games use.

A card is ``suit * len(ranks) + rank``, with rank 0 the lowest. Integers keep
hands cheap to copy and compare, which matters to bots that play thousands of
deals per move; the two-letter codes of the rules (``TH``, ``OL``) are only
used at the edges: records, views and labels.

>>> FRENCH.parse("10H") == FRENCH.parse("TH")
True
>>> FRENCH.code(FRENCH.parse("as"))
Traceback (most recent call last):
...
ValueError: 'as' is not a card code: write rank then suit, upper-case, e.g. AC
>>> GERMAN.code(GERMAN.parse("OL")), GERMAN.rank(GERMAN.parse("OL"))
('OL', 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Deck:
    """One deck's rank and suit letters, lowest rank first."""

    name: str
    ranks: str
    suits: str
    aliases: tuple[tuple[str, str], ...] = ()
    _codes: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _index: dict[str, int] = field(init=False, repr=False, compare=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``suit_of[card]``: the card's suit index, for the hot loops of rules and bots."""
    rank_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``rank_of[card]``: the card's rank index, 0 = lowest."""
    code_of: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """``code_of[card]``: the card's code (``code(card)`` without a call, for hot loops)."""
    card_of: dict[str, int] = field(init=False, repr=False, compare=False)
    """``card_of[code]``: the card of a code (aliases too); for codes already checked, as
    :meth:`parse` says what is wrong with a bad one. Not to be changed."""

    def __post_init__(self) -> None:
        codes = tuple(r + s for s in self.suits for r in self.ranks)
        index = {code: i for i, code in enumerate(codes)}
        for alias, rank in self.aliases:
            for s in self.suits:
                index[alias + s] = index[rank + s]
        object.__setattr__(self, "_codes", codes)
        object.__setattr__(self, "_index", index)
        n = len(self.ranks)
        object.__setattr__(self, "suit_of", tuple(c // n for c in range(len(codes))))
        object.__setattr__(self, "rank_of", tuple(c % n for c in range(len(codes))))
        object.__setattr__(self, "code_of", codes)
        object.__setattr__(self, "card_of", index)

    @property
    def size(self) -> int:
        """Cards in one deck."""
        return len(self._codes)

    @property
    def rank_count(self) -> int:
        return len(self.ranks)

    def rank(self, card: int) -> int:
        """Rank index, 0 = lowest."""
        return card % len(self.ranks)

    def suit(self, card: int) -> int:
        return card // len(self.ranks)

    def rank_letter(self, card: int) -> str:
        return self.ranks[card % len(self.ranks)]

    def suit_letter(self, card: int) -> str:
        return self.suits[card // len(self.ranks)]

    def card(self, rank: int, suit: int) -> int:
        return suit * len(self.ranks) + rank

    def code(self, card: int) -> str:
        return self._codes[card]

    def codes(self, cards: list[int] | tuple[int, ...]) -> list[str]:
        codes = self._codes
        out = []
        for c in cards:  # a loop: a comprehension is a call of its own in CPython 3.11
            out.append(codes[c])
        return out

    def parse(self, text: str) -> int:
        """The card of a code; ``ValueError`` with a readable message otherwise."""
        try:
            return self._index[text]
        except (KeyError, TypeError):
            raise ValueError(
                f"{text!r} is not a card code: write rank then suit, upper-case, "
                f"e.g. {self._codes[-1]}"
            ) from None

    def is_code(self, text: str) -> bool:
        return text in self._index

    def sort_key(self, card: int) -> tuple[int, int]:
        """Display order: by suit, then high to low."""
        return (self.suit(card), -self.rank(card))


FRENCH = Deck("french", "23456789TJQKA", "SHDC", aliases=(("10", "T"),))
"""The 52-card deck of Katte, Katko and Call Kitti: 2 low, A high; suits S H D C."""

GERMAN = Deck("german", "789TUOKA", "HLAB", aliases=(("10", "T"),))
"""The 32-card mariáš deck of Kočka: 7 low, A high; hearts, leaves, acorns, bells."""

HEJMA = GERMAN.parse("OL")
"""Kočka's green Ober: 10 penalty points (O-7)."""
