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

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from .errors import NotationError

Verb = Literal["play", "discard", "timeout", "leave", "pass", "declare", "arrange", "bid"]
"""Every verb of the hand records (``shared/spec/hand-records.md``)."""
VERBS: tuple[Verb, ...] = get_args(Verb)


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's decision. ``args`` are the words after the verb, canonical order."""

    seat: int
    verb: Verb
    args: tuple[str, ...] = ()
    text: str = field(init=False, repr=False, compare=False)
    """The action in record notation, ``str(action)``: written once, as every action a
    match applies is written to its record (the games share one object per action)."""

    def __post_init__(self) -> None:
        words = (str(self.seat), self.verb, *self.args)
        object.__setattr__(self, "text", " ".join(words))

    def __str__(self) -> str:
        return self.text

    @property
    def notation(self) -> str:
        return self.text

    def label_params(self) -> dict[str, Any]:
        """The card codes or number that an ``action.<verb>`` label names (the page's
        labels use it too; :meth:`engine.state.Match.label` adds an arrangement's sets).

        >>> Action(2, "pass", ("7H", "8H", "9H")).label_params()
        {'cards': ['7H', '8H', '9H']}
        """
        if self.verb in ("play", "discard"):
            return {"card": self.args[0]}
        if self.verb == "pass":
            return {"cards": list(self.args)}
        if self.verb == "bid":
            return {"number": self.args[0]}
        return {}

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
