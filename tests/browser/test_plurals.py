"""Counted words in the browser: Chromium's ``Intl.PluralRules`` (through ``js/plural.js``,
which the table's ``t()`` and the rules pages use) picks the same plural category as
:func:`engine.i18n.plural_category` for every case in ``tests/plural_cases.json``, and the
page's JS fills every plural message of every catalogue exactly as Python does."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from gen.languages import ORDER, languages

from engine import i18n

from .play import BOOT_TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
# how each language writes a decimal (CLDR): tests/test_catalogues.py holds the catalogues to it
DECIMAL_POINT = {"en": ".", "fi": ",", "cs": ",", "vi": ",", "ne": "."}
CASES = json.loads((ROOT / "tests" / "plural_cases.json").read_text("utf-8"))
LANGS = languages()
COUNTS = [0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 1.5, 1.94, -1, "+2", "1,9"]
FIELD = re.compile(r"\{(\w+)\}")


def catalogues() -> list[tuple[str, str, str]]:
    """(language, key, text) of every message that counts something."""
    out = []
    for folder in ("engine/locale", "web/i18n", "web/i18n/rules"):
        for lang in LANGS:
            data = json.loads((ROOT / folder / f"{lang}.json").read_text("utf-8"))
            out += [(lang, key, text) for key, text in data.items() if i18n.plurals(text)]
    return out


def test_intl_plural_rules_agree_with_python(page: Any) -> None:
    page.goto("/rules/en/index.html")
    got = page.evaluate("""async (cases) => {
      const { pluralCategory } = await import("/js/plural.js");
      return cases.map((c) => pluralCategory(c.lang, c.value));
    }""", CASES)
    want = [c["category"] for c in CASES]
    assert [(c["lang"], c["value"], g) for c, g in zip(CASES, got)] == \
        [(c["lang"], c["value"], w) for c, w in zip(CASES, want)]
    python = [i18n.plural_category(c["lang"], c["value"]) for c in CASES]
    assert python == want
    # and the bare browser API, for whole numbers, says the same (plural.js adds nothing there)
    whole = [c for c in CASES if isinstance(c["value"], int)]
    bare = page.evaluate("(cases) => cases.map((c) => new Intl.PluralRules(c.lang).select(c.value))", whole)
    assert bare == [c["category"] for c in whole]


def test_numbers_and_days_in_western_digits_with_each_languages_decimal_sign(page: Any) -> None:
    """Every language the site may speak (gen/languages.py ORDER, before its words are in):
    the page's Intl writes 0–9, as the engine does (Nepali's Intl default is Devanagari, ५),
    with the decimal sign the engine's catalogue gives (test_catalogues.DECIMAL_POINT)."""
    page.goto("/rules/en/index.html")
    got = page.evaluate("""async (codes) => {
      const { numbers, decimalPoint } = await import("/js/plural.js");
      return codes.map((code) => [code, new Intl.NumberFormat(numbers(code)).format(1234.5), decimalPoint(code),
        new Intl.DateTimeFormat(numbers(code), { day: "numeric", month: "short", timeZone: "UTC" })
          .format(Date.UTC(2026, 11, 25))]);
    }""", list(ORDER))
    for code, number, point, day in got:
        assert re.fullmatch(r"1[.,\u00a0\u202f ]?234[.,]5", number) and number.endswith(point + "5"), (code, number)
        assert point == DECIMAL_POINT[code], code
        assert "25" in day and not re.search(r"[\u0966-\u096f]", day), (code, day)


def test_dates_in_every_language_never_in_english(page: Any) -> None:
    """The deal of the day's date, the saved game's and the history's moments (plural.js
    dateText) in every language the site may speak: as Intl writes it where the browser
    speaks the language, else in digits, year first; never English's month (Debian's
    Chromium has no Nepali data, and Intl would write "Dec 25" on a Nepali page)."""
    page.goto("/rules/en/index.html")
    got = page.evaluate("""async (codes) => {
      const { dateText, intlSpeaks } = await import("/js/plural.js");
      const when = Date.UTC(2026, 11, 25, 18, 5);
      return codes.map((code) => [code, intlSpeaks(code),
        dateText(when, code, { day: "numeric", month: "short", timeZone: "UTC" }),
        dateText(when, code, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })]);
    }""", list(ORDER))
    for code, speaks, day, moment in got:
        assert "25" in day and "25" in moment, (code, day, moment)
        assert code == "en" or not re.search(r"Dec", day + moment), (code, day, moment)
        if not speaks:
            assert (day, moment) == ("2026-12-25", "2026-12-25 18:05"), code
    assert {code for code, speaks, *_ in got if speaks} >= {"en", "fi", "cs"}


def test_js_fills_every_catalogue_plural_as_python_does(page: Any) -> None:
    page.goto("/rules/en/index.html")
    jobs = []
    for lang, key, text in catalogues():
        point = i18n.lookup("format.decimal_point", lang)
        counted = {name for name, _ in i18n.plurals(text)}
        for n in COUNTS:
            params: dict[str, Any] = {name: n for name in counted}
            params.update({f: f"<{f}>" for f in FIELD.findall(text) if f not in counted})
            jobs.append({"lang": lang, "key": key, "text": text, "params": params, "point": point,
                         "python": i18n.fill(text, params, lang)})
    got = page.evaluate("""async (jobs) => {
      const { fill, decimalPoint } = await import("/js/plural.js");
      return jobs.map((j) => [fill(j.text, j.params, j.lang, j.point), decimalPoint(j.lang)]);
    }""", jobs)
    differ = [(j["lang"], j["key"], j["params"], j["python"], js) for j, (js, _) in zip(jobs, got)
              if js != j["python"]]
    assert differ == []
    # the rules pages' words (no catalogue point) write decimals as the catalogues do
    assert {(j["lang"], p) for j, (_, p) in zip(jobs, got)} == {(j["lang"], j["point"]) for j in jobs}
    assert len(jobs) > 100  # every counting message, in every language


def test_the_table_says_czech_card_counts(page: Any) -> None:
    """The lobby page's own t() with the catalogue baked into it: 1 karta, 2 karty, 5 karet."""
    page.goto("/?fast")
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    said = page.evaluate("""async () => {
      const i18n = await import("/js/i18n.js");
      await i18n.setLanguage("cs");
      const cards = [1, 2, 5, 22].map((count) => i18n.t("web.table.cards", { count }));
      const points = [1, 3, 13].map((points) => i18n.t("web.kocka.seat_points", { points }));
      await i18n.setLanguage("en");
      return [cards, points, [1, 2].map((count) => i18n.t("web.table.cards", { count }))];
    }""")
    assert said == [["1 karta", "2 karty", "5 karet", "22 karet"],
                    ["1 trestný bod", "3 trestné body", "13 trestných bodů"],
                    ["1 card", "2 cards"]]
