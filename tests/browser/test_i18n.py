"""Languages: English, Finnish and Czech for the lobby and the table.

The catalogues are complete (every key English has), the page follows the browser's
language and the reader's choice (remembered, switched without a reload), and no page
ever shows a raw message key or an unfilled ``{param}``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from gen.languages import ORDER, languages

from engine import i18n

from .play import (
    BOOT_TIMEOUT,
    choose_language,
    menu_click,
    open_lobby,
    start_match,
    take_turn,
    wait_turn,
)

ROOT = Path(__file__).resolve().parents[2]
LANGS = list(languages())
# a message key as the page would show it if a message were missing
RAW = re.compile(r"\b(?:web|event|refusal|hint|card|set|reason|label|option|action|game|katte|phase|special"
                 r"|result|place)\.[a-z0-9_.-]+")
HOLE = re.compile(r"\{[a-z_]+\}")



def own_names() -> list[str]:
    """Each language of the site in its own words, in the menus' order (gen.languages)."""
    return [load(ROOT / "web" / "i18n" / f"{code}.json")["web.lang.name"] for code in languages()]

def load(path: Path) -> dict[str, str]:
    data: dict[str, str] = json.loads(path.read_text("utf-8"))
    return data


# ------------------------------------------------------------ the catalogues (no browser)


def test_languages() -> None:
    """The one list's order, English first; every catalogue the page has is on it."""
    assert LANGS[:3] == ["en", "fi", "cs"] and LANGS == [lg for lg in ORDER if lg in LANGS]
    assert sorted(p.stem for p in (ROOT / "web" / "i18n").glob("*.json")) == sorted(LANGS)


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_web_catalogue_has_every_english_key(lang: str) -> None:
    english = load(ROOT / "web" / "i18n" / "en.json")
    other = load(ROOT / "web" / "i18n" / f"{lang}.json")
    assert sorted(set(english) - set(other)) == []
    assert sorted(set(other) - set(english)) == []
    for key, text in english.items():  # the same params in every language ({card_ins}: {card}, in a case)
        assert i18n.param_names(other[key]) <= i18n.param_names(text) | {f"{p}_count" for p in i18n.param_names(text)}, \
            (lang, key)
        assert other[key].strip(), (lang, key)


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_engine_catalogue_has_every_english_key(lang: str) -> None:
    english = load(ROOT / "engine" / "locale" / "en.json")
    other = load(ROOT / "engine" / "locale" / f"{lang}.json")
    assert sorted(set(english) - set(other)) == []


def test_every_engine_event_has_a_table_sentence() -> None:
    """The table words events itself, seats as names ({seat} is a name in every
    language): each event kind the engine words has a page sentence, or a game adapter
    that words it (or deliberately leaves it unsaid)."""
    engine_en = load(ROOT / "engine" / "locale" / "en.json")
    web_en = load(ROOT / "web" / "i18n" / "en.json")
    worded_by_adapter = {  # web/table/games.py words these itself, or keeps them quiet
        "kocka.trick_won", "kocka.deal_result", "kocka.letter",
        "call-kitti.show", "call-kitti.arranged",
    }
    missing = []
    for key in engine_en:
        if not key.startswith("event."):
            continue
        _, game, kind = key.split(".", 2)
        if f"{game}.{kind}" in worded_by_adapter:
            continue
        if f"web.event.{game}.{kind}" not in web_en and f"web.event.{kind}" not in web_en:
            missing.append(key)
    assert missing == []


# ------------------------------------------------------------ in the browser


def texts(page: Any) -> str:
    """Everything the page shows or says: text, labels, alt texts and titles."""
    return str(page.evaluate("""() => {
      const parts = [];
      for (const root of document.querySelectorAll('header, #lobby, #table, #live')) {
        parts.push(root.textContent);
        for (const e of root.querySelectorAll('[aria-label], [alt], [title]')) {
          parts.push(e.getAttribute('aria-label') || '', e.getAttribute('alt') || '', e.getAttribute('title') || '');
        }
      }
      parts.push(document.title);
      return parts.join('\\n');
    }"""))


def watch_models(page: Any) -> None:
    """Keep every model Python sends (their words: statuses, announcements, summaries)."""
    page.evaluate("""() => {
      window.seenModels = [];
      window.kortti.watch((reply) => window.seenModels.push(JSON.stringify(reply)));
    }""")


def model_words(page: Any) -> list[str]:
    out: list[str] = []

    def walk(x: Any, key: str = "") -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, k)
        elif isinstance(x, list):
            for v in x:
                walk(v, key)
        elif isinstance(x, str) and key not in ("id", "action", "img", "code", "game", "deck", "verb"):
            out.append(x)

    for text in page.evaluate("window.seenModels"):
        walk(json.loads(text))
    return out


def assert_no_raw_keys(words: str, where: str) -> None:
    raw = sorted(set(RAW.findall(words)))
    holes = sorted(set(HOLE.findall(words)))
    assert raw == [] and holes == [], f"{where}: raw keys {raw[:8]}, unfilled params {holes[:8]}"


def test_browser_language_and_switching(browser: Any, base_url: str) -> None:
    en = load(ROOT / "web" / "i18n" / "en.json")
    fi = load(ROOT / "web" / "i18n" / "fi.json")
    cs = load(ROOT / "web" / "i18n" / "cs.json")
    # the browser says Finnish first: the page speaks Finnish before anyone chooses
    context = browser.new_context(base_url=base_url, locale="fi-FI")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        open_lobby(page)
        assert page.inner_text("#lobby-title") == fi["web.lobby.title"]
        assert page.get_attribute("html", "lang") == "fi"
        assert page.input_value("#lang") == "fi"
        assert page.input_value("#name") == fi["web.lobby.name.default"]

        # switched in the page: the lobby changes at once, no reload
        page.evaluate("window.sameDocument = true")
        choose_language(page, "en")
        assert page.inner_text("#lobby-title") == en["web.lobby.title"]
        assert page.inner_text("#start") == en["web.lobby.start"]
        assert page.input_value("#name") == en["web.lobby.name.default"]  # the default name follows
        assert page.get_attribute("html", "lang") == "en"

        # the table, then switched mid-game: its words change, the game goes on
        start_match(page, "kocka", name="Tester")
        assert wait_turn(page) == "select"
        title_en = page.inner_text("#table-title")
        assert title_en.startswith("Kočka") and "deal 1" in title_en
        assert page.inner_text("#status") == en["web.pass.prompt"].replace("{name}", "Bot 1")
        page.click("#menu-btn")  # at the table, the language is in its menu (the site's header hides)
        choose_language(page, "cs", "#table-lang")
        page.wait_for_function("document.getElementById('table-title').textContent.includes('rozdání')")
        assert page.inner_text("#status") == cs["web.pass.prompt"].replace("{name}", "Bot 1")
        assert page.inner_text("#leave") == load(ROOT / "engine" / "locale" / "cs.json")["action.leave"]
        assert page.inner_text("#select-go") == cs["web.pass.button"]
        assert page.evaluate("window.sameDocument") is True
        take_turn(page, "select")
        assert wait_turn(page) == "play"
        assert_no_raw_keys(texts(page), "Czech table")

        # remembered: opened again, the page speaks Czech
        page.reload()
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
        assert page.inner_text("#lobby-title") == cs["web.lobby.title"]
        assert page.input_value("#lang") == "cs"
    finally:
        context.close()
    assert errors == []


@pytest.mark.parametrize("lang,game,players", [
    ("en", "katko", 5), ("fi", "katte", 4), ("fi", "call-kitti", 4), ("cs", "kocka", 4), ("cs", "katte", 3)])
def test_no_raw_key_after_a_deal(page: Any, watch: Any, lang: str, game: str, players: int) -> None:
    open_lobby(page, "fast&seed=9")
    choose_language(page, lang)
    assert_no_raw_keys(texts(page), f"{lang} lobby")
    watch_models(page)
    start_match(page, game, players=players, seat=1, name="Tester")
    hinted = False
    for _ in range(400):
        kind = wait_turn(page)
        if kind == "summary":
            break
        if not hinted and page.is_enabled("#hint-btn"):  # a hint's reason is words too
            page.click("#hint-btn")
            page.wait_for_function("Boolean(window.kortti.model().hint) || !document.getElementById('hint-btn').disabled")
            hinted = True
        take_turn(page, kind)
    else:
        raise AssertionError("the deal did not end")
    menu_click(page, "#last-btn")
    if page.locator("#summary details summary").count():
        page.click("#summary details summary")  # open the trick-by-trick account
    assert_no_raw_keys(texts(page), f"{lang} {game} table")
    assert_no_raw_keys("\n".join(model_words(page)), f"{lang} {game} models")
    assert page.get_attribute("html", "lang") == lang


def test_switching_on_a_rules_page_is_remembered(page: Any, watch: Any) -> None:
    """A rules page's language links: the page changes (its words, its lang, its examples'
    words), the reader's place goes along, and the choice is the lobby's and rules/'s too."""
    fi = load(ROOT / "web" / "i18n" / "fi.json")
    cs = load(ROOT / "web" / "i18n" / "cs.json")
    rules_fi = load(ROOT / "web" / "i18n" / "rules" / "fi.json")
    page.goto("/rules/en/katko.html#ex-katko-kt-1")
    page.wait_for_selector("html[data-examples='live']")
    nav = page.locator("nav.langs")
    assert nav.locator("a").all_inner_texts() == own_names()  # (English, Suomi, Čeština, …)
    assert nav.locator("a[aria-current=page]").inner_text() == "English"
    assert "Dan deals" in page.inner_text("#ex-katko-kt-1 .ex-board")

    nav.get_by_role("link", name="Suomi").click()
    page.wait_for_url("**/rules/fi/katko.html#ex-katko-kt-1")  # same page, same example
    page.wait_for_selector("html[data-examples='live']")
    assert page.get_attribute("html", "lang") == "fi"
    assert page.inner_text("#lyhyesti") == "Lyhyesti"
    assert page.get_attribute("nav.toc", "aria-label") == rules_fi["rules.ui.contents"]
    # the words the rules pages share with the page are the page's (defined once)
    assert page.get_attribute("nav.langs", "aria-label") == fi["web.lang.label"]
    assert page.get_attribute("#ex-katko-kt-1 .ex-prev", "aria-label") == fi["web.replay.prev"]
    assert "Ville jakaa" in page.inner_text("#ex-katko-kt-1 .ex-board")  # the example in Finnish
    assert nav.locator("a[aria-current=page]").inner_text() == "Suomi"
    assert page.evaluate("localStorage.getItem('kortti-lang')") == "fi"

    # a section goes to its counterpart (section ids differ between languages), and back
    page.click("nav.toc a[href='#kakkonen']")
    nav.get_by_role("link", name="Čeština").click()
    page.wait_for_url("**/rules/cs/katko.html#dvojka")
    assert page.get_attribute("html", "lang") == "cs"
    nav.get_by_role("link", name="Suomi").click()
    page.wait_for_url("**/rules/fi/katko.html#kakkonen")

    # remembered: the lobby speaks Finnish and its rules link leads to the Finnish rules
    open_lobby(page)
    assert page.get_attribute("html", "lang") == "fi"
    assert page.inner_text("#lobby-title") == fi["web.lobby.title"]
    assert page.input_value("#lang") == "fi"
    assert page.get_attribute("a.rules-link", "href") == "rules/fi/index.html"
    choose_language(page, "cs")  # the lobby's own switch moves the link along
    assert page.get_attribute("a.rules-link", "href") == "rules/cs/index.html"
    assert page.inner_text("a.rules-link") == cs["web.rules.link"]
    choose_language(page, "fi")

    # and the language-neutral rules/ goes on to the remembered language
    page.goto("/rules/")
    page.wait_for_url("**/rules/fi/index.html")
    assert page.get_attribute("html", "lang") == "fi"
    assert page.inner_text("h1") == rules_fi["rules.ui.all_rules"]


def test_switching_at_the_table_changes_every_word_into_the_next_deal(page: Any, watch: Any) -> None:
    """Finnish → Czech mid-game: the toolbar (Hint, Undo and its tip) and the computer
    players' names change with the rest, and stay Czech in the next deal."""
    fi = load(ROOT / "web" / "i18n" / "fi.json")
    cs = load(ROOT / "web" / "i18n" / "cs.json")
    open_lobby(page)
    choose_language(page, "fi")
    start_match(page, "katte", players=3, name="Tester")
    wait_turn(page)
    names = page.locator("#seats .seat-name")
    assert fi["web.bot.name"].replace("{n}", "1") in names.all_inner_texts()
    page.click("#menu-btn")
    choose_language(page, "cs", "#table-lang")
    page.wait_for_function("document.documentElement.lang === 'cs'")

    def czech(where: str) -> None:
        assert page.inner_text("#hint-btn .swap-a") == cs["web.hint.button"], where
        assert page.locator("#hint-btn .swap-b").text_content() == cs["web.hint.thinking"], where
        assert page.locator("#undo-btn").text_content() == cs["web.undo"], where
        assert page.get_attribute("#undo-btn", "title") == cs["web.undo.help"], where
        page.wait_for_function("[...document.querySelectorAll('#seats .seat-name')].some((n) => n.textContent === "
                               f"{json.dumps(cs['web.bot.name'].replace('{n}', '1'))})")
        bots = [n for n in names.all_inner_texts() if n.startswith(("Bot", "Botti"))]
        assert bots and not any(n.startswith("Botti") for n in bots), (where, bots)

    czech("switched mid-deal")
    page.keyboard.press("Escape")
    for _ in range(100):
        kind = wait_turn(page)
        if kind == "summary":
            break
        take_turn(page, kind)
    page.click("#summary-next")
    page.wait_for_function("document.getElementById('summary').hidden")
    czech("the next deal")


# ------------------------------------------------------------ each language's words when used (issue 49)


def test_the_page_carries_english_and_fetches_another_language_when_chosen(browser: Any, base_url: str) -> None:
    """index.html carries English's words and the few read in every language, not every
    catalogue; Czech's come when Czech is chosen, and then the whole lobby is Czech."""
    en = load(ROOT / "web" / "i18n" / "en.json")
    fi = load(ROOT / "web" / "i18n" / "fi.json")
    cs = load(ROOT / "web" / "i18n" / "cs.json")
    context = browser.new_context(base_url=base_url, locale="en-GB")
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    try:
        html = page.request.get("/").text()
        data = re.search(r'<script type="application/json" id="kortti-data">(.*?)</script>', html, re.DOTALL)
        assert data is not None
        # English's words and the games' data (110.5 KB on 7 December 2026, with the no-peek
        # table's words); every language's words would add some 300 KB
        assert len(data.group(1).encode()) < 125_000
        # words only Finnish or Czech has are not in the English page; each language's name is
        assert fi["web.lobby.title"] not in html and cs["web.lobby.title"] not in html
        assert fi["web.settings.pace.help"] not in html and cs["web.friends.timer.off"] not in html
        assert fi["web.lang.name"] in html and cs["web.lang.name"] in html

        open_lobby(page)
        assert page.inner_text("#lobby-title") == en["web.lobby.title"]
        assert [u for u in fetched if "/i18n/" in u] == []  # English needs no other catalogue
        assert page.locator("#lang option").all_inner_texts() == own_names()

        choose_language(page, "cs")
        assert [u.rsplit("/", 1)[-1].split("-")[0] for u in fetched if "/i18n/" in u] == ["cs"]
        assert page.inner_text("#lobby-title") == cs["web.lobby.title"]
        assert page.input_value("#name") == cs["web.lobby.name.default"]
        # no English left in the lobby: no English sentence that Czech words otherwise
        shown = texts(page)
        english = sorted({v for k, v in en.items() if len(v) > 12 and "{" not in v and cs.get(k) != v
                          and v not in cs.values() and v in shown})
        assert english == [], english[:5]
        assert_no_raw_keys(shown, "Czech lobby")
        # and back to English: at once, nothing fetched
        choose_language(page, "en")
        assert page.inner_text("#lobby-title") == en["web.lobby.title"]
        assert len([u for u in fetched if "/i18n/" in u]) == 1
    finally:
        context.close()


def test_a_language_whose_words_cannot_come_leaves_the_page_as_it_was(browser: Any, base_url: str) -> None:
    """Offline, with Finnish never fetched: the page stays English, its menu says English,
    and the reader is told why."""
    en = load(ROOT / "web" / "i18n" / "en.json")
    context = browser.new_context(base_url=base_url, locale="en-GB")
    page = context.new_page()
    try:
        open_lobby(page)
        page.route("**/i18n/*.json", lambda route: route.abort("internetdisconnected"))
        page.select_option("#lang", "fi")
        page.wait_for_selector("#lang-note:not([hidden])")
        assert page.inner_text("#lang-note") == en["web.lang.offline"].replace("{language}", "Suomi")
        assert page.get_attribute("html", "lang") == "en"
        assert page.input_value("#lang") == "en"
        assert page.inner_text("#lobby-title") == en["web.lobby.title"]
        assert page.evaluate("localStorage.getItem('kortti-lang')") != "fi"
    finally:
        context.close()


def test_a_language_fetched_for_a_friend_reaches_the_hosts_python(page: Any, watch: Any) -> None:
    """The host's page fetches a friend's language when the friend joins (net/host.js's
    ``words``: i18n.loadCatalogue) while the host's page stays in its own; the host's
    Python then words a table in it (as it does the friend's table, guest_join)."""
    cs = load(ROOT / "web" / "i18n" / "cs.json")
    open_lobby(page)
    start_match(page, "kocka", name="Tester")
    wait_turn(page)
    said = page.evaluate("""async () => {
      const i18n = await import("/js/i18n.js");
      const engine = await import("/js/engine.js");
      const before = (await engine.call("set_language", "cs")).model.status;  // no Czech words yet
      await i18n.loadCatalogue("cs");
      const after = (await engine.call("set_language", "cs")).model.status;
      await engine.call("set_language", "en");
      return [document.documentElement.lang, before, after];
    }""")
    assert said[0] == "en"  # the host's page still speaks English
    assert said[2] == cs["web.pass.prompt"].replace("{name}", "Bot 1") != said[1]
