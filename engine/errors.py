"""Errors and refusals, as data.

Every refused action carries a :class:`Refusal`: a stable ``code``, the rule it
comes from and its parameters, so a table, a rules page or a hint can put it
into words in any language (see :mod:`engine.i18n`). Nothing outside the engine
needs to work out *why* a move is illegal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .i18n import render


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed: ``code`` is a key of the message catalogue."""

    code: str
    rule: str = ""
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        text = render("refusal." + self.code, self.params, lang)
        return f"{text} ({self.rule})" if self.rule else text

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "rule": self.rule, "params": dict(self.params)}


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(EngineError):
    """An action or card that cannot be read at all."""


class OptionError(EngineError):
    """A table option that is unknown or out of range."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message())
        self.refusal = refusal


class DealError(EngineError):
    """Dealt cards, dealer or turned card that do not fit the game."""


class RecordError(EngineError):
    """A hand record that cannot be replayed, located by deal and action index.

    An action the rules refuse (or that cannot be read) also names its ``seat`` and the
    ``refusal``: a catalogue reason a page can put in its player's language (the no-peek
    audit's verdict, :mod:`engine.audit`)."""

    def __init__(self, message: str, deal: int | None = None, action: int | None = None, *,
                 seat: int | None = None, refusal: Refusal | None = None):
        super().__init__(message)
        self.message = message
        self.deal = deal
        self.action = action
        self.seat = seat
        self.refusal = refusal

    def to_json(self) -> dict[str, Any]:
        return {"error": {"deal": self.deal, "action": self.action, "message": self.message}}
