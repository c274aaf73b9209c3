"""Counted words in each language's plural forms (issue 9, requirement 6).

English and Finnish have one/other, Czech one/few/many/other (CLDR). The table of cases
in ``plural_cases.json`` is checked here against :func:`engine.i18n.plural_category` and
in Chromium against ``Intl.PluralRules`` (``tests/browser/test_plurals.py``), so Python
and the browser pick the same words.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from engine import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from gen.languages import ORDER, languages
from table.text import Text

CASES = json.loads((ROOT / "tests" / "plural_cases.json").read_text("utf-8"))
LANGS = languages()  # the site's languages (vi, ne once their files are in)
CATALOGUES = {f"{folder}/{lang}.json": json.loads((ROOT / folder / f"{lang}.json").read_text("utf-8"))
              for folder in ("engine/locale", "web/i18n", "web/i18n/rules") for lang in LANGS}
CATEGORIES = {"en": {"one", "other"}, "fi": {"one", "other"}, "cs": {"one", "few", "many", "other"},
              "vi": {"other"}, "ne": {"one", "other"}}


def messages(lang: str) -> dict[str, str]:
    """What the page has in one language: web words, then the engine's (as pagedata bakes them)."""
    web = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))
    return {**json.loads((ROOT / "web" / "i18n" / "en.json").read_text("utf-8")), **i18n.messages("en"),
            **web, **i18n.catalogue(lang)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['lang']}-{c['value']}")
def test_plural_category_matches_the_table(case: dict[str, object]) -> None:
    assert i18n.plural_category(str(case["lang"]), case["value"]) == case["category"]  # type: ignore[arg-type]


def test_the_table_covers_the_numbers_that_matter() -> None:
    for lang in ORDER:  # every language the site may have, before its words are in
        values = {c["value"] for c in CASES if c["lang"] == lang}
        assert {0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 1.5, 1.9} <= values, lang
        assert {c["category"] for c in CASES if c["lang"] == lang} == CATEGORIES[lang], lang


@pytest.mark.parametrize("path", sorted(CATALOGUES))
def test_every_plural_in_the_catalogues_is_well_formed(path: str) -> None:
    """Each plural parses, has an ``other`` branch, uses only its language's categories,
    and counts a param the same message does not also need in some other way; a Czech
    plural that words "one" words "few" too (2–4 take their own form)."""
    lang = path.rsplit("/", 1)[1][:2]
    found = 0
    for key, text in CATALOGUES[path].items():
        for name, branches in i18n.plurals(text):
            found += 1
            cats = {b for b in branches if not b.startswith("=")}
            assert "other" in cats and cats <= CATEGORIES[lang], (key, sorted(cats))
            assert re.fullmatch(r"\w+", name), key
            if lang == "cs" and "one" in cats:
                assert "few" in cats, key
    assert found, f"{path} counts nothing"


# "{n} cards" with the number as a plain field: English words it for every number alike
PLAIN_COUNT = re.compile(r"\{(\w+)\}\s+(?:penalty\s+)?(?:cards|points|tricks|chips|shows|pairs|letters|players"
                         r"|hands|goals)\b")
NOT_COUNTS = {"dealer", "leader", "name", "seat", "seats", "names", "sizes"}


@pytest.mark.parametrize("path", [p for p in sorted(CATALOGUES) if p.endswith("/en.json")])
def test_english_counts_nothing_with_a_fixed_plural(path: str) -> None:
    wrong = [(key, text) for key, text in CATALOGUES[path].items()
             for m in PLAIN_COUNT.finditer(text) if m.group(1) not in NOT_COUNTS]
    assert wrong == []


def table(lang: str) -> Text:
    return Text(messages(lang), "french", ["Pavel", "Bot 1", "Bot 2", "Bot 3"], 0)


def test_czech_forms_for_one_two_and_five() -> None:
    """The issue's check: a real catalogue message filled in Czech for 1, 2 and 5."""
    t = table("cs")
    assert [t("web.table.cards", count=n) for n in (1, 2, 5)] == ["1 karta", "2 karty", "5 karet"]
    assert [t("web.kocka.seat_points", points=n) for n in (1, 2, 5)] == \
        ["1 trestný bod", "2 trestné body", "5 trestných bodů"]
    pot = [t.render("web.event.katte.deal_started", {"n": 1, "leader": 1, "pot": n}) for n in (1, 2, 5)]
    assert pot == ["Rozdání 1: vynáší Bot 1; v banku je 1 žeton.",
                   "Rozdání 1: vynáší Bot 1; v banku jsou 2 žetony.",
                   "Rozdání 1: vynáší Bot 1; v banku je 5 žetonů."]


def test_english_and_finnish_one_and_other() -> None:
    assert [table("en")("web.table.cards", count=n) for n in (1, 2, 0)] == ["1 card", "2 cards", "0 cards"]
    assert [table("fi")("web.table.cards", count=n) for n in (1, 2, 21)] == ["1 kortti", "2 korttia", "21 korttia"]
    assert table("en")("web.katte.score", chips=1, tricks=2) == "1 chip · 2 tricks"
    assert table("fi")("web.katte.score", chips=1, tricks=2) == "1 pelimerkki · 2 tikkiä"


def test_a_decimal_estimate_takes_czech_many_and_a_decimal_comma() -> None:
    """Call Kitti's hint: the hard bot's expected shows, 1.94, is "1,9 vyhraného kola"."""
    params = {"categories": ["trial", "run", "color", "top"], "card": "2C", "expected": 1.94, "deck": "french"}
    cs = i18n.render("hint.call-kitti.arrange", params, "cs")
    assert cs.endswith("čekej asi 1,9 vyhraného kola"), cs
    assert "1,9 voitettua näyttöä" in i18n.render("hint.call-kitti.arrange", params, "fi")
    assert "about 1.9 shows won expected" in i18n.render("hint.call-kitti.arrange", params, "en")
    # the table's own hints go through Text, with the same words
    assert table("cs").render("hint.call-kitti.arrange", params).endswith("1,9 vyhraného kola")


def test_engine_messages_count_in_every_language() -> None:
    won = {"seat": 2, "trick": 3, "card": "OL", "deck": "german"}
    assert i18n.render("event.kocka.trick_won", {**won, "points": 1}) == \
        "Seat 2 takes trick 3 with Ober of leaves: 1 penalty point"
    assert i18n.render("event.kocka.trick_won", {**won, "points": 13}, "fi").endswith("13 sakkopistettä")
    assert i18n.render("event.kocka.trick_won", {**won, "points": 3}, "cs").endswith(
        "(zelený svršek): 3 trestné body")
    assert i18n.render("refusal.six_pairs_needed", {"seat": 1, "pairs": 4}, "cs") == \
        "hráč 1 má 4 páry: k ohlášení je potřeba aspoň šest"


def test_fill_keeps_plain_fields_and_never_shows_the_syntax() -> None:
    assert i18n.fill("{a} and {b}", {"a": 1}) == "1 and {b}"
    text = "{n, plural, =0 {no cards} one {# card} other {# cards}} for {who}"
    assert i18n.fill(text, {"n": 0, "who": "Ben"}) == "no cards for Ben"
    assert i18n.fill(text, {"n": "+1", "who": "Ben"}) == "+1 card for Ben"  # a number as text, as given
    assert i18n.fill(text, {"n": "\u22122", "who": "Ben"}) == "\u22122 cards for Ben"
    assert i18n.fill(text, {"who": "Ben"}) == "# cards for Ben"  # no number: the other words
    nested = "{a, plural, one {{b, plural, one {# x} other {# xs}} in # y} other {# ys}}"
    assert i18n.fill(nested, {"a": 1, "b": 2}) == "2 xs in 1 y"
    with pytest.raises(ValueError):
        i18n.fill("{n, plural, one {# card}}", {"n": 1})  # no "other"
