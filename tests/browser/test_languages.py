"""Every language of the site, on a phone (issue 51): the one list (gen/languages.py), so a
language is checked here as soon as its files are in. A deal of each game at 360 px with
nothing of English left over, no "undefined", "null", "NaN" or raw "{…}"; the lobby and the
table read at 320 and 360 px; the browser's language picks the language on a first visit."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from gen.languages import languages

from .play import choose_language, menu_click, open_lobby, start_match, take_turn, wait_turn
from .reflow import assert_reflows
from .test_embed import embeds
from .test_phone import check_layout

ROOT = Path(__file__).resolve().parents[2]
LANGS = languages()
GAMES = ("katte", "katko", "call-kitti", "kocka")
# a browser's language as it says it on a first visit
LOCALES = {"en": "en-GB", "fi": "fi-FI", "cs": "cs-CZ", "vi": "vi-VN", "ne": "ne-NP"}
# English's names, in English's menu: they are the same in every language's menu
SAME_EVERYWHERE = ("web.lang.name",)
BROKEN = re.compile(r"\b(?:undefined|null|NaN)\b|\{\s*\w+\s*(?:,\s*plural\b[^}]*)?\}")


def words(lang: str) -> dict[str, str]:
    """A language's page and engine words (as the page has them: pagedata.catalogue)."""
    out: dict[str, str] = {}
    for folder in ("web/i18n", "engine/locale"):
        out.update(json.loads((ROOT / folder / f"{lang}.json").read_text("utf-8")))
    return out


def english_left_over(lang: str) -> set[str]:
    """The English messages a page in ``lang`` must not show as they are: whole messages
    without params whose translation differs (and that are no message of ``lang``'s too)."""
    en, own = words("en"), words(lang)
    theirs = set(own.values())
    return {text for key, text in en.items()
            if "{" not in text and len(text) > 3 and own.get(key, text) != text
            and key not in SAME_EVERYWHERE and text not in theirs}


# Each visible piece of text (an element's own text), and every label a screen reader says
SHOWN = """() => {
  const out = [];
  for (const e of document.body.querySelectorAll('*')) {
    if (!e.checkVisibility || !e.checkVisibility()) continue;
    const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (own) out.push(own);
    for (const a of ['aria-label', 'title', 'alt', 'placeholder']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
  }
  return [document.body.innerText, ...out];
}"""


def check_words(page: Any, lang: str, where: str, left_over: set[str]) -> None:
    shown = page.evaluate(SHOWN)
    broken = sorted({m.group(0) for text in shown for m in BROKEN.finditer(text)})
    assert broken == [], f"{lang} {where}: {broken[:8]}"
    english = sorted({text.strip() for text in shown[1:]} & left_over)
    assert english == [], f"{lang} {where} shows English: {english[:8]}"


def test_a_left_over_english_word_would_be_found() -> None:
    """The check can fail: Finnish's page with English's Start button, a raw field."""
    left = english_left_over("fi")
    assert words("en")["web.lobby.start"] in left and "English" not in left
    assert BROKEN.search("Vuorossa {name}") and BROKEN.search("{count, plural, one {# kortti}")
    assert BROKEN.search("NaN korttia") and not BROKEN.search("Annan kortit")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS[1:])
def test_a_deal_of_each_game_in_each_language(phone_context: Any, lang: str, game: str) -> None:
    """At 360 px: the lobby, a deal played through to its summary (a hint asked on the way),
    every word in the language and on screen."""
    left_over = english_left_over(lang)
    page = phone_context.new_page()
    page.emulate_media(reduced_motion="reduce")
    open_lobby(page, "fast&seed=11")
    choose_language(page, lang)
    page.check(f"input[name=game][value='{game}']")
    check_words(page, lang, "lobby", left_over)
    check_layout(page, 360)
    start_match(page, game, seat=1, name="Tester")
    hinted = False
    for turn in range(400):
        kind = wait_turn(page)
        if kind == "summary":
            break
        if turn < 3:
            check_words(page, lang, f"{game}, turn {turn + 1}", left_over)
            check_layout(page, 360)
        if not hinted and page.is_enabled("#hint-btn"):  # a hint's reason is words too
            page.click("#hint-btn")
            page.wait_for_function("Boolean(window.kortti.model().hint) || !document.getElementById('hint-btn').disabled")
            hinted = True
            check_words(page, lang, f"{game}, a hint", left_over)
        take_turn(page, kind)
    else:
        raise AssertionError("the deal did not end")
    check_words(page, lang, f"{game}, the summary", left_over)
    assert_reflows(page, f"{lang} {game}'s summary at 360 px")
    menu_click(page, "#last-btn")
    if page.locator("#summary details summary").count():
        page.click("#summary details summary")  # the trick-by-trick account
    check_words(page, lang, f"{game}, the summary's account", left_over)
    assert page.get_attribute("html", "lang") == lang


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_and_table_reflow_in_every_language(phone_context: Any, lang: str, width: int) -> None:
    """The lobby with each game's options, and Call Kitti's table (its sets' heads, the
    longest words), at a phone's widths: nothing off screen, overlapping, scrolling sideways
    or cut off (WCAG 1.4.10). (Every rules page: test_rules.test_every_rules_page_fits_a_phone.)"""
    page = phone_context.new_page()
    page.set_viewport_size({"width": width, "height": 740})
    open_lobby(page)
    choose_language(page, lang)
    for game in GAMES:
        page.check(f"input[name=game][value='{game}']")
        check_layout(page, width)
        assert_reflows(page, f"the {lang} lobby ({game}) at {width} px")
    start_match(page, "call-kitti", seat=1, name="Tester")
    wait_turn(page)
    check_layout(page, width)
    assert_reflows(page, f"the {lang} Call Kitti table at {width} px")


@pytest.mark.parametrize("lang", LANGS)
def test_a_first_visit_speaks_the_browsers_language(browser: Any, base_url: str, site: Path, lang: str) -> None:
    """Nothing remembered, the browser's language (with its region: "vi-VN", "ne-NP"): the
    lobby (and the web app manifest it links), the rules pages' entry and an embedded
    example speak it."""
    context = browser.new_context(base_url=base_url, locale=LOCALES[lang])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_lobby(page)
        assert page.get_attribute("html", "lang") == lang
        assert page.input_value("#lang") == lang
        # the app installed from this page goes by its name in this language
        installed = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
        assert (installed["lang"], installed["name"]) == (lang, words(lang).get("web.app.name", words("en")["web.app.name"]))
        page.goto("/rules/")
        page.wait_for_url(f"**/rules/{lang}/index.html")
        # the embed code without a language of its own (an author may leave it out)
        hash_ = next(iter(embeds(site, "en", "katko").values()))
        page.goto("/embed/example.html#" + "&".join(p for p in hash_.split("&") if not p.startswith("lang=")))
        page.wait_for_selector("#embed[data-state]")
        assert page.get_attribute("html", "lang") == lang
    finally:
        context.close()
    assert errors == []


# Letters with the marks that reach furthest: Vietnamese's stacked accents, Devanagari's
# vowel signs above the headline and below the letters (ि ु ृ, a conjunct's halant)
TALL = {"vi": "Ễ Ậ Ỗ Ợ ỹ Ữ", "ne": "कि कु कृ ष्ट्रि द्ध्र्य शुँ"}
# the boxes that hide their overflow (a clamped title, an ellipsis): a mark past the line is cut
TIGHT = ".table-head h1, .table-meta, .seat-name"


@pytest.mark.parametrize("lang", ["vi", "ne"])
def test_the_tallest_marks_fit_the_tightest_lines(page: Any, lang: str) -> None:
    """The page's own font for the script (a system one: nothing fetched, the browser tests'
    Debian font here), and in each box that clamps or hides its overflow, the line is as tall
    as the script's tallest marks, so none is cut off."""
    open_lobby(page)
    start_match(page, "call-kitti", seat=0, name="Tester")
    wait_turn(page)
    got = page.evaluate("""async ([lang, text, tight]) => {
      document.documentElement.lang = lang;
      const ctx = document.createElement('canvas').getContext('2d');
      const out = [];
      for (const e of document.querySelectorAll(tight)) {
        const s = getComputedStyle(e);
        ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const m = ctx.measureText(text);
        out.push([e.className || e.tagName, parseFloat(s.lineHeight), m.actualBoundingBoxAscent + m.actualBoundingBoxDescent]);
      }
      const family = getComputedStyle(document.body).fontFamily;
      return { out, family, fonts: [...document.fonts].map((f) => f.family) };
    }""", [lang, TALL[lang], TIGHT])
    assert got["fonts"] == []  # no web font: the system's
    if lang == "ne":
        assert got["family"].startswith('"Noto Sans Devanagari"'), got["family"]
    assert len(got["out"]) >= 4  # (the title, the line under it, the seats' names)
    cut = [(what, line, round(ink, 1)) for what, line, ink in got["out"] if ink > line]
    assert cut == [], f"{lang}: marks taller than the line: {cut}"
