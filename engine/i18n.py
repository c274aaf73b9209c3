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
import re
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any


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


def plural_category(lang: str, value: float) -> str:
    """The CLDR plural category of a count as the language writes it: a whole number
    as it is, any other number to one decimal place (as :func:`decimal` writes it),
    and the category is that of the written number, as ``Intl.PluralRules`` decides it
    in the browser (``web/js/i18n.js``; ``tests/plural_cases.json`` holds them equal).

    English and Finnish: ``one`` (exactly 1) and ``other``. Czech: ``one`` (1),
    ``few`` (2–4), ``many`` (any decimal: Call Kitti's estimate 1,9) and ``other``.
    Vietnamese: ``other`` only (a noun does not change with its number). Nepali: ``one``
    (1, and a decimal written 1.0) and ``other``.

    >>> [plural_category("en", n) for n in (0, 1, 2, 1.5)]
    ['other', 'one', 'other', 'other']
    >>> [plural_category("cs", n) for n in (1, 2, 4, 5, 1.9, 22, 25)]
    ['one', 'few', 'few', 'other', 'many', 'other', 'other']
    >>> plural_category("fi", 1), plural_category("fi", 21)
    ('one', 'other')
    >>> [plural_category("vi", n) for n in (1, 2, 1.5)], [plural_category("ne", n) for n in (1, 2, 0.96, 1.5)]
    (['other', 'other', 'other'], ['one', 'other', 'one', 'other'])
    """
    if lang == "vi":
        return "other"
    if not isinstance(value, int):  # a measured figure: written with one decimal, so "one" only in Nepali's 1.0
        if lang == "ne" and f"{abs(value):.1f}" == "1.0":
            return "one"
        return "many" if lang == "cs" else "other"
    i = abs(int(value))
    if i == 1:
        return "one"
    if lang == "cs" and 2 <= i <= 4:
        return "few"
    return "other"


_PLURAL = re.compile(r"\{\s*(\w+)\s*,\s*plural\s*,")
_BRANCH = re.compile(r"\s*(=\d+|zero|one|two|few|many|other)\s*\{")


def _count(value: Any) -> int | float | None:
    """A plural's number: an int, a float, or a string that writes one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        text = value.strip().lstrip("+").replace(",", ".").replace("\u2212", "-")
        try:
            return int(text)
        except ValueError:
            try:
                return float(text)
            except ValueError:
                return None
    return None


def _number(value: float, lang: str) -> str:
    return str(value) if isinstance(value, int) else decimal(value, lang)


def _closing(template: str, start: int) -> int:
    """The index of the brace that closes the one opened just before ``start``."""
    depth = 1
    for i in range(start, len(template)):
        if template[i] == "{":
            depth += 1
        elif template[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError(f"unclosed brace in {template!r}")


def _scan(template: str) -> Iterator[tuple[int, int, str, dict[str, str]]]:
    """Each top-level ``{count, plural, …}`` of ``template``: where it starts and ends,
    its param and its branches (``one`` → its words)."""
    pos = 0
    while (m := _PLURAL.search(template, pos)) is not None:
        end = _closing(template, m.start() + 1)
        branches: dict[str, str] = {}
        at = m.end()
        while (b := _BRANCH.match(template, at)) is not None and b.end() <= end:
            close = _closing(template, b.end())
            branches[b.group(1)] = template[b.end():close]
            at = close + 1
        if template[at:end].strip() or "other" not in branches:
            raise ValueError(f"a plural needs branches and an 'other' one: {template[m.start():end + 1]!r}")
        yield m.start(), end, m.group(1), branches
        pos = end + 1


def plurals(template: str) -> list[tuple[str, dict[str, str]]]:
    """Every plural of a message, nested ones too: its param and its branches.

    >>> plurals("{n, plural, one {# card} other {# cards}}")
    [('n', {'one': '# card', 'other': '# cards'})]
    """
    out: list[tuple[str, dict[str, str]]] = []
    for _, _, name, branches in _scan(template):
        out.append((name, branches))
        for words in branches.values():
            out.extend(plurals(words))
    return out


_FIELD = re.compile(r"\{(\w+)\}")


def param_names(template: str) -> set[str]:
    """The params a message reads: its ``{name}`` fields and its plurals' counts, in every
    branch; a card field in a case (``{card_acc}``) is the card's param.

    >>> sorted(param_names("{name} takes {n, plural, one {# trick from {who}} other {# tricks}}"))
    ['n', 'name', 'who']
    >>> param_names("{cards_acc} {count, plural, one {karta} other {karet}}") == {"cards", "count"}
    True
    """
    names: set[str] = set()
    pos = 0
    for start, end, name, branches in _scan(template):
        names |= _fields(template[pos:start]) | {name}
        for words in branches.values():
            names |= param_names(words)
        pos = end + 1
    return names | _fields(template[pos:])


def _fields(text: str) -> set[str]:
    """The ``{name}`` fields of text outside plurals, a card's in a case as the card's."""
    return {(m.group(1) if (m := CASE_FIELD.fullmatch("{" + f + "}")) else f) for f in _FIELD.findall(text)}


def _plurals(template: str, params: Mapping[str, Any], lang: str) -> str:
    """``template`` with each ``{count, plural, one {…} other {…}}`` replaced by the
    branch its count's category picks, ``#`` in it written as the number."""
    out: list[str] = []
    pos = 0
    for start, end, name, branches in _scan(template):
        out.append(template[pos:start])
        count = _count(params.get(name))
        if count is None:  # no number to count: the "other" words, "#" as written
            out.append(_plurals(branches["other"], params, lang))
        else:
            exact = f"={count}" if isinstance(count, int) else ""
            branch = branches.get(exact) or branches.get(plural_category(lang, count)) or branches["other"]
            given = params.get(name)  # a number given as text ("+3", "−2") is written as given
            written = given.strip() if isinstance(given, str) else _number(count, lang)
            out.append(_plurals(branch, params, lang).replace("#", written))
        pos = end + 1
    out.append(template[pos:])
    return "".join(out)


def fill(template: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """``template`` with its ``{name}`` fields filled from ``params`` as they are;
    a field without a param stays as written. The page's messages use it too.

    Counted words use a subset of ICU MessageFormat: ``{n, plural, one {…} few {…}
    many {…} other {…}}`` (also ``=0 {…}``) picks the branch of ``n``'s
    :func:`plural_category` in ``lang``; ``#`` in it is the number as ``lang`` writes
    it (``1,9`` in Finnish and Czech); other fields inside a branch are filled too.

    >>> fill("{name} takes {n} {n, plural, one {trick} other {tricks}}", {"name": "Bot 1", "n": 1})
    'Bot 1 takes 1 trick'
    >>> cards = "{count, plural, one {# karta} few {# karty} many {# karty} other {# karet}}"
    >>> [fill(cards, {"count": n}, "cs") for n in (1, 3, 5, 1.94)]
    ['1 karta', '3 karty', '5 karet', '1,9 karty']
    >>> fill("{n, plural, =0 {no pot} one {# pot} other {# pots}} for {who}", {"n": 0})
    'no pot for {who}'

    Without its number a plural gives its ``other`` words (``#`` stays as written), so
    the page never shows the syntax itself.
    """
    if "plural" in template:
        template = _plurals(template, params, lang)
    return template.format_map(_Params(params))


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


@cache
def messages(lang: str) -> dict[str, str]:
    """One language's catalogue with English filling its gaps."""
    return {**catalogue("en"), **catalogue(lang)}


CARD_KEYS = ("card", "cards", "best", "winning")
# a card param named in a grammatical case: {card_acc}, {best_ins}, {cards_acc} (Czech; Finnish
# says "with a card" by the adessive, kept as its ``ins``: "herttaässällä")
CASE_FIELD = re.compile(r"\{(card|cards|best|winning)_(acc|ins)\}")


def name_card(code: str, deck: str, words: Mapping[str, str], case: str = "") -> str:
    """A card's name from a catalogue (``words``: key → text), in a case if asked.

    The catalogue's ``card.name`` template gets ``{rank}`` and ``{suit}`` (English "{rank}
    of {suit}", Finnish "{suit}{rank}"), and where ranks have a gender
    (``card.<deck>.rank.<r>.gender``) and suits an adjective stem
    (``card.<deck>.suit.<s>.adj``), ``{adj}`` too: the stem with the ending
    ``card.adj.<gender>`` (Czech "{adj} {rank}": "srdcové eso", "zelený svršek"). A case
    (``acc``, ``ins``) takes ``card.name.<case>``, ``….rank.<r>.<case>`` and
    ``card.adj.<gender>.<case>`` where they exist, the nominative where not.

    >>> cs = messages("cs")
    >>> name_card("AH", "french", cs), name_card("OL", "german", cs), name_card("7H", "german", cs, "ins")
    ('srdcové eso', 'zelený svršek', 'srdcovou sedmou')
    >>> name_card("OL", "german", cs, "acc"), name_card("QS", "french", messages("en"), "acc")
    ('zeleného svrška', 'Queen of spades')
    """
    rank, suit = code[:-1], code[-1]
    r, s = f"card.{deck}.rank.{rank}", f"card.{deck}.suit.{suit}"
    c = f".{case}" if case else ""
    params = {"rank": words.get(r + c) or words.get(r) or rank, "suit": words.get(s) or suit}
    gender, stem = words.get(r + ".gender"), words.get(s + ".adj")
    if gender and stem:
        params["adj"] = stem + (words.get(f"card.adj.{gender}{c}") or words.get(f"card.adj.{gender}") or "")
    return fill(words.get("card.name" + c) or words.get("card.name") or "{rank} {suit}", params)


def card_name(code: str, deck: str, lang: str = "en", case: str = "") -> str:
    """``"QH"`` → ``"Queen of hearts"``; ``"OL"`` (german) → ``"Ober of leaves"``.

    >>> card_name("QS", "french", "cs"), card_name("OL", "german", "fi"), card_name("5D", "french", "fi")
    ('piková dáma', 'lehtiober', 'ruutuvitonen')
    """
    return name_card(code, deck, messages(lang), case)


def name_cards(value: Any, deck: str, words: Mapping[str, str], case: str = "") -> Any:
    """A card code, or a list of them, named (a list stays a list)."""
    if isinstance(value, (list, tuple)):
        return [name_card(str(c), deck, words, case) for c in value]
    return name_card(str(value), deck, words, case)


def verbs(value: Any, words: Mapping[str, str]) -> str:
    """Action verbs (``"play, discard"``) in words: "play or discard"."""
    names = [v.strip() for v in (value if isinstance(value, (list, tuple)) else str(value).split(","))]
    said = [words.get(f"verb.{v}", v) for v in names if v]
    if len(said) <= 1:
        return "".join(said)
    return ", ".join(said[:-1]) + words.get("verb.or", " or ") + said[-1]


def lookup(key: str, lang: str = "en") -> str:
    return catalogue(lang).get(key) or catalogue("en").get(key) or key


def render(key: str, params: Mapping[str, Any] | None = None, lang: str = "en") -> str:
    """Fill a message. With a ``deck`` param, ``card``/``cards``/``best`` params
    (card codes) become card names (``{card_acc}``, ``{best_ins}`` … in the case the
    template asks for) and ``suit`` (a suit letter) a suit name;
    ``category``/``categories`` (Call Kitti set ids) become category names;
    ``verb``/``expected`` (action verbs) become words. A list param ``seats`` also gives
    ``{seats_count}`` for a plural.

    >>> render("event.katte.eliminated", {"seats": [2]}), render("event.katte.eliminated", {"seats": [1, 3]}, "fi")
    ('Seat 2 is out of the hand with no trick', 'Ilman tikkiä jaosta putoavat pelaajat 1, 3')
    >>> render("hint.kocka.duck", {"best": "OL", "card": "7H", "deck": "german"}, "cs")
    'Podlez zeleného svrška srdcovou sedmou: nejvyšší karta, která štych ještě nebere'
    """
    params = dict(params or {})
    template = lookup(key, lang)
    words = messages(lang)
    deck = params.pop("deck", None)
    for k in ("category", "categories"):  # Call Kitti set categories, by id
        if k in params:
            v = params[k]
            params[k] = [lookup(f"set.{c}", lang) for c in v] if isinstance(v, (list, tuple)) else lookup(f"set.{v}", lang)
    for k in ("verb", "expected"):  # action verbs (a bot's "expected" shows is a number)
        if isinstance(params.get(k), str):
            params[k] = verbs(params[k], words)
    for k, v in list(params.items()):
        if isinstance(v, (list, tuple)) and f"{k}_count" not in params:
            params[f"{k}_count"] = len(v)
    if deck:
        for m in CASE_FIELD.finditer(template):
            if m.group(1) in params:
                params[m.group(0)[1:-1]] = name_cards(params[m.group(1)], deck, words, m.group(2))
        for k in CARD_KEYS:
            if k in params:
                params[k] = name_cards(params[k], deck, words)
        if "suit" in params:
            params["suit"] = lookup(f"card.{deck}.suit.{params['suit']}", lang)
    return fill(template, {k: v if isinstance(v, int) else _text(v, lang) for k, v in params.items()}, lang)
