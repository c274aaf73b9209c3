"""Numbered deals: a shuffle that gives the same cards everywhere, for ever.

A *deal number* fixes every deal of a match, for one game, player count and
set of table options. ``random.shuffle`` cannot do that (Python does not
promise its sequence across versions), so numbered deals use this module's own
algorithm, which anyone can reimplement from the text below. Version 1:

1. **Number.** A whole number ``N`` with ``1 <= N <= 2**53 - 1`` (so that
   JavaScript can carry it exactly).

2. **Key.** For deal index ``d`` of the match (0 for the first deal, 1 for the
   next, …; a Katte re-deal is a deal of its own) and a purpose (``start`` for
   drawing the first dealer by lot, ``cards`` for the shuffle), the key is the
   UTF-8 encoding of these seven fields joined by single zero bytes (0x00)::

       kortti-deal-v1 · game · players · options · N · d · purpose

   ``game`` is the record's game name (``katko``), ``players``, ``N`` and ``d``
   are written in decimal without leading zeros, and ``options`` is every table
   option of the game *after* defaults are filled in, as canonical JSON: keys
   sorted, no spaces (separators ``,`` and ``:``), ``true``/``false``/``null``,
   text as itself in UTF-8 (not ``\\u`` escapes).

3. **Stream.** Block ``k`` (``k = 0, 1, 2, …``) is ``SHA-256(key ‖ k)`` with
   ``k`` as 8 bytes, big-endian, unsigned. The stream is block 0, block 1, …
   read as 32-bit big-endian unsigned words in order (8 words a block).

4. **Whole number below n** (``1 <= n <= 2**32``): ``limit = 2**32 - 2**32 % n``;
   take the next word ``w``; if ``w < limit`` the answer is ``w % n``, otherwise
   take another word (rejection, so every answer is exactly equally likely).

5. **Shuffle** (Fisher–Yates from the top): for ``i`` from ``len - 1`` down to
   1, ``j = below(i + 1)``, swap the cards at ``i`` and ``j``.

6. **Deal.** If the rules do not fix the dealer (Katte: the leader) of deal
   ``d`` (only the first deal's is drawn by lot), it is ``below(players)`` from
   the ``start`` stream of deal ``d``. The pack, before shuffling, is the
   deck's cards in index order, each suit's ranks lowest first, suits in the
   deck's order: ``2S 3S … AS 2H … AH 2D … AC`` for the French deck (Katte,
   Katko, Call Kitti), ``7H 8H 9H TH UH OH KH AH 7L … AB`` for the German
   deck (Kočka); with two decks the whole list twice. It is shuffled with the
   ``cards`` stream of deal ``d`` and dealt as the game deals: Katko one card
   at a time from the dealer's left (the first card of the pack to the seat
   after the dealer), then the next card turned when the table plays a turned
   trump; the other games the first cards in a block to seat 0, the next to
   seat 1, and so on.

>>> words(b"kortti", 2)
[2288677163, 3123695462]
>>> below(stream_for("katko", 4, {}, 1, 0, "start"), 4) in range(4)
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, MutableSequence
from typing import Any, TypeVar

from .errors import OptionError

DOMAIN = "kortti-deal-v1"
MAX_NUMBER = 2**53 - 1
_WORD = 2**32
T = TypeVar("T")


def check_number(number: Any) -> int:
    """The deal number, or :class:`OptionError` saying what a number must be."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_NUMBER:
        raise OptionError(f"a deal number must be a whole number from 1 to {MAX_NUMBER}, not {number!r}")
    return number


def canonical_options(options: dict[str, Any]) -> str:
    """The options as the key writes them: sorted keys, no spaces."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def key(game: str, players: int, options: dict[str, Any], number: int, deal: int, purpose: str) -> bytes:
    """The key of step 2."""
    fields = [DOMAIN, game, str(players), canonical_options(options), str(number), str(deal), purpose]
    return "\0".join(fields).encode("utf-8")


def stream(seed: bytes) -> Iterator[int]:
    """The 32-bit words of step 3, for ever."""
    block = 0
    while True:
        digest = hashlib.sha256(seed + block.to_bytes(8, "big")).digest()
        for i in range(0, 32, 4):
            yield int.from_bytes(digest[i:i + 4], "big")
        block += 1


def words(seed: bytes, count: int) -> list[int]:
    """The first ``count`` words of the stream of ``seed`` (for test vectors)."""
    s = stream(seed)
    return [next(s) for _ in range(count)]


def stream_for(game: str, players: int, options: dict[str, Any], number: int, deal: int,
               purpose: str) -> Iterator[int]:
    return stream(key(game, players, options, number, deal, purpose))


def below(source: Iterator[int], n: int) -> int:
    """Step 4: a whole number from 0 to ``n - 1``, unbiased."""
    if not 1 <= n <= _WORD:
        raise ValueError(f"below() needs 1 <= n <= 2**32, not {n}")
    limit = _WORD - _WORD % n
    while True:
        w = next(source)
        if w < limit:
            return w % n


def shuffle(items: MutableSequence[T], source: Iterator[int]) -> None:
    """Step 5: Fisher–Yates from the top, in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(source, i + 1)
        items[i], items[j] = items[j], items[i]


DAILY = "kortti-daily-v1"


def daily_number(game: str, date: str) -> int:
    """The deal number of ``game``'s deal of the day on ``date`` (UTC, ``YYYY-MM-DD``):
    the first 53 bits of SHA-256 of ``kortti-daily-v1 · game · date`` (UTF-8, joined by
    zero bytes), read big-endian; 0 becomes 1. The same for everyone, offline.

    >>> daily_number("kocka", "2026-12-01") == daily_number("kocka", "2026-12-01")
    True
    >>> daily_number("kocka", "2026-12-1")
    Traceback (most recent call last):
    ...
    engine.errors.OptionError: a date must be written YYYY-MM-DD, not '2026-12-1'
    """
    import datetime

    try:
        if len(date) != 10:
            raise ValueError(date)
        datetime.date.fromisoformat(date)
    except (TypeError, ValueError):
        raise OptionError(f"a date must be written YYYY-MM-DD, not {date!r}") from None
    digest = hashlib.sha256("\0".join((DAILY, game, date)).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 11 or 1

