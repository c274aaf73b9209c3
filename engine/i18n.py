"""Message catalogues: one JSON file per language in ``engine/locale``.

Keys are stable (``refusal.follow_suit``, ``card.french.rank.Q`` …); params
fill ``{name}`` fields. A missing key renders as the key itself, so it shows
up in tests rather than as a crash.

>>> render("refusal.follow_suit", {"suit": "L", "deck": "german"})
'you must follow suit: play a card of leaves'
>>> card_name("OL", "german"), card_name("QH", "french")
('Ober of leaves', 'Queen of hearts')
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from .actions import Action


@cache
def catalogue(lang: str) -> dict[str, str]:
    try:
        text = resources.files(__package__).joinpath(f"locale/{lang}.json").read_text("utf-8")
    except FileNotFoundError:
        return {} if lang == "en" else catalogue("en")
    data: dict[str, str] = json.loads(text)
    return data


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, params: Mapping[str, Any]) -> str:
    """``template`` with its ``{name}`` fields filled from ``params`` as they are;
    a field without a param stays as written. The page's messages use it too."""
    return template.format_map(_Params(params))


def action_params(action: Action) -> dict[str, Any]:
    """The card codes or number that an ``action.<verb>`` label names (the page's
    labels use it too; :meth:`engine.state.Match.label` adds an arrangement's sets)."""
    if action.verb in ("play", "discard"):
        return {"card": action.args[0]}
    if action.verb == "pass":
        return {"cards": list(action.args)}
    if action.verb == "bid":
        return {"number": action.args[0]}
    return {}


def _text(value: Any, lang: str) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(v, lang) for v in value)
    if isinstance(value, float):
        return decimal(value, lang)
    return str(value)


def decimal(value: float, lang: str = "en") -> str:
    """A measured figure as the language writes it, to one decimal place.

    >>> decimal(1.94), decimal(1.94, "cs")
    ('1.9', '1,9')
    """
    return f"{value:.1f}".replace(".", lookup("format.decimal_point", lang))


def card_name(code: str, deck: str, lang: str = "en") -> str:
    """``"QH"`` → ``"Queen of hearts"``; ``"OL"`` (german) → ``"Ober of leaves"``."""
    rank, suit = code[:-1], code[-1]
    return render(
        "card.name",
        {"rank": lookup(f"card.{deck}.rank.{rank}", lang), "suit": lookup(f"card.{deck}.suit.{suit}", lang)},
        lang,
    )


def lookup(key: str, lang: str = "en") -> str:
    return catalogue(lang).get(key) or catalogue("en").get(key) or key


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """Fill a message. With a ``deck`` param, ``card``/``cards``/``best`` params
    (card codes) become card names and ``suit`` (a suit letter) a suit name;
    ``category``/``categories`` (Call Kitti set ids) become category names."""
    params = dict(params or {})
    deck = params.pop("deck", None)
    for k in ("category", "categories"):  # Call Kitti set categories, by id
        if k in params:
            v = params[k]
            params[k] = [lookup(f"set.{c}", lang) for c in v] if isinstance(v, (list, tuple)) else lookup(f"set.{v}", lang)
    if deck:
        for k in ("card", "cards", "best", "winning"):
            if k in params:
                v = params[k]
                params[k] = [card_name(c, deck, lang) for c in v] if isinstance(v, (list, tuple)) else card_name(v, deck, lang)
        if "suit" in params:
            params["suit"] = lookup(f"card.{deck}.suit.{params['suit']}", lang)
    return fill(lookup(key, lang), {k: _text(v, lang) for k, v in params.items()})
