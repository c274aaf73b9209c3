"""The words of the examples: message templates, card and suit names, default names.

Templates live in the catalogue ``rules.*`` (``web/i18n/rules/<lang>.json``,
later merged into ``web/i18n/<lang>.json``). The build installs them with
:func:`install`; in the browser they come from ``strings.json`` in this package.
The engine's own labels (options, reasons, actions, games, set categories) are not
copied here: :func:`engine_text` reads them from the engine's catalogue.

Cards inside a text are written ``[[KS]]`` (or ``[[KS KH KD]]`` for a set); a page
turns them into small card chips (:func:`chips_html`), so no sentence has to decline a
card name.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from engine.i18n import fill

_CATALOGUE: dict[str, dict[str, str]] = {}

# The example's players, twenty names a language's players would have (a language without
# its line here has English's: tests/test_catalogues.py asks every site language for one)
DEFAULT_NAMES = {
    "en": ["Anna", "Ben", "Carla", "Dan", "Eve", "Frank", "Gina", "Hugo", "Ivy", "Jack",
           "Kate", "Leo", "Mia", "Ned", "Olga", "Paul", "Rosa", "Sam", "Tess", "Umar"],
    "fi": ["Aino", "Eero", "Maija", "Ville", "Liisa", "Juha", "Kaisa", "Pekka", "Sanna", "Timo",
           "Elina", "Matti", "Noora", "Olli", "Riikka", "Antti", "Helmi", "Jussi", "Tiina", "Kalle"],
    "cs": ["Adam", "Bára", "Cyril", "Dana", "Eva", "Filip", "Gábina", "Hynek", "Ivana", "Jakub",
           "Klára", "Luboš", "Marta", "Norbert", "Olga", "Petr", "Radka", "Šimon", "Tereza", "Vašek"],
    "vi": ["An", "Bình", "Chi", "Dũng", "Hoa", "Giang", "Hải", "Khánh", "Lan", "Minh",
           "Ngọc", "Phúc", "Quân", "Thảo", "Sơn", "Trang", "Tuấn", "Uyên", "Việt", "Yến"],
    "ne": ["आशा", "विकास", "सरिता", "दीपक", "गीता", "हरि", "कमला", "राजेश", "मञ्जु", "सुरेश",
           "प्रिया", "रमेश", "सुनिता", "नवीन", "पुष्पा", "अर्जुन", "लक्ष्मी", "सञ्जय", "रीता", "विनोद"],
}

# Short rank labels for card chips; the card pictures carry the same letters.
RANK_LABEL = {
    "french": {"T": "10"},
    "german": {"T": "10"},
}
CARD_TOKEN = re.compile(r"\[\[([0-9A-Z ]+)\]\]")


def install(catalogue: dict[str, dict[str, str]]) -> None:
    """Use these strings (lang → key → text)."""
    _CATALOGUE.clear()
    _CATALOGUE.update(catalogue)


def _load() -> None:
    if _CATALOGUE:
        return
    path = Path(__file__).with_name("strings.json")
    if path.exists():
        install(json.loads(path.read_text("utf-8")))


def lookup(key: str, lang: str) -> str | None:
    _load()
    for code in (lang, "en"):
        text = _CATALOGUE.get(code, {}).get(key)
        if text:
            return text
    return None


# Words the rules pages share with the page (``web.*``, baked into ``strings.json`` by the
# build) or the engine: said by the key that defines them, so each has one definition and
# a word reworded for the table is reworded on the rules pages too. ``rules.<key>`` → key.
SHARED = {
    "ui.site": "web.app.short",
    "ui.languages": "web.lang.label",
    "ui.files": "web.boot.files",
    "ui.seat": "web.replay.seat",
    "ui.dealer": "web.table.dealer",
    "ui.deal_n": "web.replay.deal.option",
    "ui.because": "web.review.why",
    # the example's step buttons are the replay's step buttons
    "ui.first": "web.replay.first",
    "ui.back": "web.replay.prev",
    "ui.forward": "web.replay.next",
    "ui.end": "web.replay.last",
    "step.show": "web.call-kitti.show_n",
    "step.bidding": "phase.bid",
    "kocka.match_over": "web.kocka.match_loser",
}


def template(lang: str, key: str) -> str | None:
    """The ``rules.<key>`` template in ``lang`` (or the shared word it names), unfilled."""
    shared = SHARED.get(key)
    if shared is None:
        return lookup("rules." + key, lang)
    return lookup(shared, lang) if shared.startswith("web.") else engine_text(shared, lang)


def t(lang: str, key: str, **params: Any) -> str:
    """The ``rules.<key>`` template in ``lang``, filled."""
    text = template(lang, key)
    if text is None:
        return key
    return fill(text, params, lang)


def engine_text(key: str, lang: str) -> str:
    """A message the engine's catalogue defines (``option.*``, ``reason.*``, ``action.*``,
    ``game.*``, ``set.*``): the rules pages say these in the table's words, defined once."""
    from engine.i18n import lookup as engine_lookup

    return engine_lookup(key, lang)


def inline(text: str) -> str:
    """A label used inside a sentence (after a colon, in brackets): English, Finnish and
    Czech write it with a small initial ("Deuce bonus: on", "(trial)")."""
    return text[:1].lower() + text[1:]


def names_for(record_names: list[str] | None, players: int, lang: str) -> list[str]:
    if record_names:
        return list(record_names)
    pool = DEFAULT_NAMES.get(lang, DEFAULT_NAMES["en"])
    return [pool[i] if i < len(pool) else t(lang, "ui.seat", n=i + 1) for i in range(players)]


def join_names(names: list[str], lang: str) -> str:
    """"Anna, Ben and Carla"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + t(lang, "and") + names[-1]


def suit(deck: str, letter: str, lang: str, form: int = 0) -> str:
    """A suit's name: form 0 the suit ("spades"), 1 one card of it ("spade"),
    2 after "has no" ("spades"; Finnish partitive "pataa")."""
    forms = t(lang, f"suit.{deck}.{letter}").split("|")
    return forms[min(form, len(forms) - 1)]


def card_name(code: str, deck: str, lang: str) -> str:
    """The engine's name of a card, the one the table uses too: "srdcové eso", "zelený
    svršek" (the engine's catalogue gives Czech suits as adjectives with the rank's gender)."""
    from engine.i18n import card_name as engine_name

    return engine_name(code, deck, lang)


def rank_label(code: str, deck: str, lang: str) -> str:
    rank = code[:-1]
    own = lookup(f"rules.rank.{deck}.{rank}", lang)
    return own or RANK_LABEL[deck].get(rank, rank)


def card_table(deck: str, lang: str) -> dict[str, list[str]]:
    """Every card of the deck: [chip label, full name] (for the page's script)."""
    from engine import GAMES

    cls = next(c for c in GAMES.values() if c.DECK.name == deck)
    return {code: [rank_label(code, deck, lang), card_name(code, deck, lang)] for code in cls.DECK._codes}


FRENCH_SIGN = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def chip_html(code: str, deck: str, lang: str) -> str:
    label = html.escape(rank_label(code, deck, lang))
    name = html.escape(card_name(code, deck, lang))
    s = code[-1]
    if deck == "french":
        return f'<span class="cc s{s}" role="img" aria-label="{name}">{label}{FRENCH_SIGN[s]}</span>'
    return f'<span class="cc g{s}" role="img" aria-label="{name}">{label}</span>'


def chips_html(text: str, deck: str, lang: str) -> str:
    """Escape ``text`` and turn its ``[[KS]]`` tokens into card chips."""
    out = []
    pos = 0
    for m in CARD_TOKEN.finditer(text):
        out.append(html.escape(text[pos:m.start()], quote=False))
        codes = m.group(1).split()
        out.append('<span class="ccs">' + "".join(chip_html(c, deck, lang) for c in codes) + "</span>"
                   if len(codes) > 1 else chip_html(codes[0], deck, lang))
        pos = m.end()
    out.append(html.escape(text[pos:], quote=False))
    return "".join(out)


def cards(codes: list[str] | tuple[str, ...]) -> str:
    """A token for one card or a set: ``[[KS KH KD]]``."""
    return "[[" + " ".join(codes) + "]]"


def card_list(codes: list[str], lang: str) -> str:
    """Several cards as separate tokens: "[[AS]], [[KS]] and [[QS]]"."""
    return join_names([cards([c]) for c in codes], lang)
