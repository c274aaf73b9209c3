"""A friends table's guests, as the host's controller keeps them.

The host's page runs the match; each guest's page (another device, over a peer
connection: web/js/net/) gets only its own seat's replies and sends only its own
decisions, which the controller checks like the host's (controller.py, ``guest_call``).
The rules' decision for every game (shared/rules/README.md, "Friends tables"): the seats
are fixed when the table starts, a seat without a person is played by a computer
player, a friend who arrives takes a computer player's seat from the next deal, and one
who leaves hands it back to a computer player at once, for the rest of the deal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# What a guest's page may ask the host's controller for: its decisions, and the
# questions the table asks while the player chooses (all from the guest's own seat).
# "ready": the friend is ready for the next deal (the host deals when every person is).
GUEST_CALLS = frozenset({"act", "act_cards", "check_cards", "why", "category", "suggest", "ready"})


@dataclass
class Guest:
    """One friend at another device, in one seat."""

    name: str
    lang: str = "en"
    seated: bool = False  # plays the seat in this deal (else a computer player does)
    connected: bool = True
    seen: tuple[int, int] = (0, 0)  # (deal number, events already told): like the host's ``seen``
    ready: int = 0  # the deals over when the friend last said "ready" for the next one
    left: int = 0  # the deal in which the friend left mid-play (0: none; the table says so until the next)


# What a name may not hold (web/js/net/protocol.js, cleanName, removes the same): control
# characters, direction marks and overrides, other line breaks, the byte-order mark.
NOT_IN_NAMES = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff\u2028\u2029]")


def clean_name(name: object, fallback: str) -> str:
    """A name as a guest typed it: one line, trimmed, at most 24 characters, never empty."""
    text = " ".join(NOT_IN_NAMES.sub(" ", str(name or "")[:256]).split())[:24].strip()
    return text or fallback
