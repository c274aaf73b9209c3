"""Actions: one decision of one seat, in the notation of the hand records.

``"<seat> <verb> <arguments>"``, e.g. ``"0 play 7S"``, ``"2 pass AH OH TH"``,
``"1 bid 3"``. An :class:`Action` is a plain value; which actions are legal,
and what an action means, is the game state's business.

>>> a = Action.parse("0 play 7S")
>>> a.seat, a.verb, a.args, str(a)
(0, 'play', ('7S',), '0 play 7S')
>>> Action.parse("x play 7S")
Traceback (most recent call last):
...
engine.errors.NotationError: 'x play 7S' is not an action: it must start with a seat number
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import NotationError

VERBS = ("play", "discard", "timeout", "leave", "pass", "declare", "arrange", "bid")


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's decision. ``args`` are the words after the verb, canonical order."""

    seat: int
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.args:
            return f"{self.seat} {self.verb} {' '.join(self.args)}"
        return f"{self.seat} {self.verb}"

    @property
    def notation(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Split a record's action string; the game checks the arguments."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not an action: actions are strings")
        words = text.split()
        if not words or not words[0].isdigit():
            raise NotationError(f"{text!r} is not an action: it must start with a seat number")
        if len(words) < 2:
            raise NotationError(f"{text!r} is not an action: a verb must follow the seat")
        verb = words[1]
        if verb not in VERBS:
            raise NotationError(
                f"{text!r} is not an action: unknown verb {verb!r} "
                f"(known: {', '.join(VERBS)})"
            )
        return cls(int(words[0]), verb, tuple(words[2:]))
