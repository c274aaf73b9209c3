"""Table options as data: name, allowed values, default and the rule behind each.

The lobby is built from :func:`describe`, the record loader validates with
:func:`resolve`; a game adds its own cross-option checks (enough cards, …).

>>> spec = OptionSpec("target", "choice", 3, rule="T-10", choices=(3, 5, 7))
>>> resolve((spec,), {"target": 5}, players=4)
{'target': 5}
>>> resolve((spec,), {"target": 4}, players=4)
Traceback (most recent call last):
...
engine.errors.OptionError: option 'target' must be one of 3, 5, 7, not 4 (T-10)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from .errors import OptionError

Kind = Literal["int", "bool", "choice", "text", "seconds"]


@dataclass(frozen=True)
class OptionSpec:
    """One table option.

    ``default`` may depend on the number of players: then it is a function of it.
    ``kind``: ``int`` (whole number ≥ ``minimum``), ``bool``, ``choice`` (one of
    ``choices``), ``text`` (non-empty string) or ``seconds`` (whole number > 0, or null).
    """

    key: str
    kind: Kind
    default: Any
    rule: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None

    def default_for(self, players: int) -> Any:
        d = self.default
        return d(players) if callable(d) else d

    def check(self, value: Any) -> Any:
        """The value, normalised, or :class:`OptionError`."""
        where = f" ({self.rule})" if self.rule else ""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.key!r} must be true or false, not {value!r}{where}")
            return value
        if self.kind == "choice":
            for choice in self.choices:
                if value == choice and type(value) is type(choice):
                    return value
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.key!r} must be one of {allowed}, not {value!r}{where}")
        if self.kind == "text":
            if not isinstance(value, str) or not value.strip():
                raise OptionError(f"option {self.key!r} must be a non-empty text, not {value!r}{where}")
            return unicodedata.normalize("NFC", value)
        if self.kind == "seconds" and value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError(f"option {self.key!r} must be a whole number, not {value!r}{where}")
        low = 1 if self.kind == "seconds" else self.minimum
        if low is not None and value < low:
            raise OptionError(f"option {self.key!r} must be at least {low}, not {value}{where}")
        return value

    def describe(self, players: int) -> dict[str, Any]:
        """JSON-ready metadata for a lobby."""
        return {
            "key": self.key,
            "kind": self.kind,
            "default": self.default_for(players),
            "choices": list(self.choices),
            "minimum": 1 if self.kind == "seconds" else self.minimum,
            "rule": self.rule,
            "label": f"option.{self.key}",
            "help": f"option.{self.key}.help",
        }


def resolve(specs: tuple[OptionSpec, ...], given: Any, players: int) -> dict[str, Any]:
    """Every option's value: the given ones checked, the others at their defaults."""
    if not isinstance(given, dict):
        raise OptionError(f"options must be an object, not {given!r}")
    known = {s.key: s for s in specs}
    for key in given:
        if key not in known:
            names = ", ".join(known) or "none"
            raise OptionError(f"unknown option {key!r} (this game's options: {names})")
    return {s.key: s.check(given[s.key]) if s.key in given else s.default_for(players) for s in specs}


def describe(specs: tuple[OptionSpec, ...], players: int) -> list[dict[str, Any]]:
    return [s.describe(players) for s in specs]


Check = Callable[[dict[str, Any], int], None]
