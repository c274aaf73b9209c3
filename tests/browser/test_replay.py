"""The replay viewer and share links (web/js/records/replay.js, web/table/replay.py): a deal played
here, shared, and opened in another browser (a second context: nothing shared but the
link) shows the same deal, step by step, from the sharer's seat, with no other seat's
hidden card on the page; a broken link says so in the reader's language."""

from __future__ import annotations

import base64
import json
import random
import re
from pathlib import Path
from typing import Any

import engine
from engine.i18n import card_name

from .conftest import Watch
from .play import BOOT_TIMEOUT, cut_short, open_lobby, play_deal, record, shown_results, start_match

ROOT = Path(__file__).resolve().parents[2]
WEB = {lang: json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8")) for lang in ("en", "fi")}

# Everything the page says about the cards on it: its text, and the labels a screen reader
# reads or a test could find (aria-label, alt, title, data-code, image file names).
DOM_WORDS = """() => {
  const box = document.getElementById('replay');
  const parts = [document.body.innerText];
  for (const n of box.querySelectorAll('[aria-label], [alt], [title], [data-code], img')) {
    for (const a of ['aria-label', 'alt', 'title', 'data-code', 'src']) if (n.getAttribute(a)) parts.push(n.getAttribute(a));
  }
  return parts.join('\\n');
}"""


def link_for(server: str, doc: dict[str, Any], seat: int, deal: int) -> str:
    """A share link as docs/links.md defines it, in its uncompressed ("j") form."""
    data = base64.urlsafe_b64encode(json.dumps(doc).encode()).decode().rstrip("=")
    return f"{server}/?fast#/share/{seat}.{deal}.j{data}"


def open_replay(page: Any, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#replay[data-state='ready']", timeout=BOOT_TIMEOUT)


def step_to(page: Any, k: int) -> None:
    page.wait_for_selector(f"#replay[data-step='{k}']")


def hidden_cards(doc: dict[str, Any], seat: int, deal: int, step: int) -> set[str]:
    """Cards of the other seats that the seat has not seen by ``step``: dealt to them and not
    yet played face up (Katte's face-down discards stay hidden for good)."""
    d = doc["deals"][deal]
    played = {a.split()[2] for a in d["actions"][:step] if a.split()[1] == "play"}
    return {c for s, hand in enumerate(d["hands"]) if s != seat for c in hand} - played


def assert_hidden(page: Any, cards: set[str], deck: str, where: str) -> None:
    words = page.evaluate(DOM_WORDS)
    for c in cards:
        assert not re.search(rf"(?<![A-Z0-9]){c}(?![A-Z0-9])", words), f"{where}: {c} is on the page"
        assert card_name(c, deck) not in words, f"{where}: {card_name(c, deck)} is on the page"


def test_share_link_in_a_second_browser(page: Any, watch: Watch, browser: Any, server: str) -> None:
    open_lobby(page)
    start_match(page, "katko", players=4)
    play_deal(page)
    doc = record(page)
    results = {s: cells[1:] for s, cells in shown_results(page).items()}  # (names differ: "You")
    page.click("#summary-share")
    link = page.input_value("#share-link")
    assert "#/share/0.0." in link

    other = browser.new_context(base_url=server)
    try:
        reader = other.new_page()
        w = Watch(server)
        w.attach(reader)
        open_replay(reader, link)
        deal = doc["deals"][0]
        n = len(deal["actions"])
        assert reader.inner_text("#replay-step") == f"Step 0 of {n}"
        # step 0: the sharer's hand as dealt, and nothing of the others'
        shown = sorted(reader.eval_on_selector_all("#hand .card", "bs => bs.map(b => b.dataset.code)"))
        assert shown == sorted(deal["hands"][0])
        assert_hidden(reader, hidden_cards(doc, 0, 0, 0), "french", "step 0")
        # forward, action by action: each played card lands in front of its player
        for k in range(1, n + 1):
            reader.keyboard.press("ArrowRight")
            step_to(reader, k)
            seat, _, card = deal["actions"][k - 1].split()
            assert reader.locator(f"#trick figure[data-seat='{seat}'][data-code='{card}']").count() == 1 or k == n
            if k < n:
                assert_hidden(reader, hidden_cards(doc, 0, 0, k), "french", f"step {k}")
        # the last step: the deal's result, as the sharer saw it
        assert reader.is_visible("#summary")
        rows = reader.locator("#summary table.results tbody tr")
        theirs = {int(rows.nth(i).get_attribute("data-seat")): [c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()][1:]
                  for i in range(rows.count())}
        assert theirs == results
        assert reader.inner_text("#replay-step") == f"Step {n} of {n}"
        # the last trick stays in sight beside the results, told once: under it on the felt
        cards = reader.eval_on_selector_all("#trick figure", "fs => fs.map((f) => f.getBoundingClientRect().toJSON())")
        box = reader.eval_on_selector("#summary", "s => s.getBoundingClientRect().toJSON()")
        assert len(cards) == 4 and all(c["bottom"] <= box["top"] or c["top"] >= box["bottom"] for c in cards), (cards, box)
        told = reader.inner_text("#trick-line")
        said = reader.inner_text("#replay-line")
        assert "last trick" in told and "last trick" not in said, (told, said)
        # the keys step back, and to either end
        reader.keyboard.press("ArrowLeft")
        step_to(reader, n - 1)
        assert reader.is_hidden("#summary")
        reader.keyboard.press("Home")
        step_to(reader, 0)
        assert reader.is_disabled("#replay-prev") and reader.is_enabled("#replay-next")
        reader.keyboard.press("End")
        step_to(reader, n)
        # the record downloads as it was shared
        with reader.expect_download() as got:
            reader.click("#replay-download")
        assert json.loads(Path(got.value.path()).read_text("utf-8")) == doc
        assert w.foreign == [] and w.errors == []
    finally:
        other.close()


def katte_with_discards() -> dict[str, Any]:
    """A Katte deal of random play in which other seats discard face down (and seat 0 too)."""
    for seed in range(200):
        m = engine.new_match("katte", 4, seed=seed, names=["Ann", "Ben", "Cid", "Dee"])
        rng = random.Random(seed)
        while not m.deal_over:
            m.apply(m.random_action(rng, m.to_act()[0]))
        doc = m.to_record()
        discards = {a.split()[0] for a in doc["deals"][0]["actions"] if a.split()[1] == "discard"}
        if "0" in discards and len(discards) >= 3:
            return doc
    raise AssertionError("no seed gave discards")


def test_katte_replay_never_shows_a_face_down_card(page: Any, watch: Watch, server: str) -> None:
    doc = katte_with_discards()
    deal = doc["deals"][0]
    discards = [a.split() for a in deal["actions"] if a.split()[1] == "discard"]
    others = {card for seat, _, card in discards if seat != "0"}
    open_replay(page, link_for(server, doc, 0, 0))
    n = len(deal["actions"])
    for k in range(n + 1):
        if k:
            page.click("#replay-next")
            step_to(page, k)
        # never another seat's face-down card, not even at the end
        assert_hidden(page, others, "french", f"step {k}")
        # a step that finished a trick: the felt's words name that trick, not the next
        said = re.search(r"\btrick (\d)\b", page.inner_text("#trick-line"))
        felt = re.search(r"\bTrick (\d) of 6\b", page.inner_text("#felt-info"))
        if said and felt:
            assert said.group(1) == felt.group(1), (k, page.inner_text("#trick-line"), page.inner_text("#felt-info"))
        # a face-down card on the felt is a card back, without a name
        for alt in page.eval_on_selector_all("#trick img.down", "imgs => imgs.map(i => i.alt)"):
            assert alt == WEB["en"]["web.table.card_back"]
        # the seat's own discard too, once it lies face down
        mine = {card for seat, _, card in (a.split() for a in deal["actions"][:k]) if seat == "0"
                and _ == "discard"}
        assert_hidden(page, mine, "french", f"own discard, step {k}")


def test_truncated_link_says_so(browser: Any, server: str) -> None:
    doc = katte_with_discards()
    link = link_for(server, doc, 0, 0)
    head, payload = link.split("#/share/0.0.")
    cut = f"{head}#/share/0.0.{payload[: len(payload) // 2]}"
    for locale, lang in (("en-GB", "en"), ("fi-FI", "fi")):
        context = browser.new_context(base_url=server, locale=locale)
        try:
            page = context.new_page()
            w = Watch(server)
            w.attach(page)
            page.goto(cut)
            page.wait_for_selector("#replay[data-state='error']", timeout=BOOT_TIMEOUT)
            assert page.inner_text("#replay-error-title") == WEB[lang]["web.replay.error.title"]
            assert page.inner_text("#replay-error") == WEB[lang]["web.replay.error.truncated"]
            assert page.is_hidden("#lobby")
            page.click("#replay-back")  # and a way back to the lobby
            page.wait_for_selector("#lobby:not([hidden])")
            assert page.is_hidden("#replay")
            assert w.foreign == [] and w.errors == []
        finally:
            context.close()


def test_a_record_the_engine_refuses(page: Any, watch: Watch, server: str) -> None:
    doc = katte_with_discards()
    doc["deals"][0]["actions"][1] = doc["deals"][0]["actions"][0]  # the first card again
    open_url = link_for(server, doc, 0, 0)
    page.goto(open_url)
    page.wait_for_selector("#replay[data-state='error']", timeout=BOOT_TIMEOUT)
    message = page.inner_text("#replay-error")
    assert message.startswith(WEB["en"]["web.replay.error.record"])
    assert "deal 1, move 2" in message
    assert "Traceback" not in page.inner_text("body")


def test_replay_from_the_summary_leaves_the_match(page: Any, watch: Watch) -> None:
    """The summary's "Replay" opens the deal just played here; going back returns to the
    match, which goes on from where it was."""
    open_lobby(page)
    start_match(page, "katko", players=3)
    play_deal(page)
    doc = record(page)
    page.click("#summary-replay")
    page.wait_for_selector("#replay[data-state='ready']", timeout=BOOT_TIMEOUT)
    assert page.is_hidden("#table")
    shown = sorted(page.eval_on_selector_all("#hand .card", "bs => bs.map(b => b.dataset.code)"))
    assert shown == sorted(doc["deals"][0]["hands"][0])
    page.go_back()
    page.wait_for_selector("#table:not([hidden]) #summary:not([hidden])")
    assert page.is_hidden("#replay")
    assert record(page) == doc
    page.click("#summary-next")  # the next deal, as if the replay never happened
    page.wait_for_function("() => window.kortti.model() && window.kortti.model().deal === 2")


def test_a_replay_on_a_phone_shows_its_title_whole(page: Any, watch: Watch, server: str) -> None:
    """At 360 px the replay's title ("Replay: Katte, deal 1") shares the head with the seat
    it is seen from, and takes two lines rather than being cut; nothing scrolls sideways."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_replay(page, link_for(server, katte_with_discards(), 0, 0))
    assert cut_short(page, "replay-title") is None, f"the title {cut_short(page, 'replay-title')!r} is cut short"
    assert page.evaluate("document.documentElement.scrollWidth") == 360


def test_a_replay_on_a_phone_shows_the_hand_and_the_steps_together(page: Any, watch: Watch, server: str) -> None:
    """At 320-390 px the hand lay below the step buttons, past the screen's foot: each step
    to see what the hand did was a scroll down and back. The felt, the step's words, the
    hand and then the buttons (the hand by the buttons) all show on the first screen."""
    link = link_for(server, katte_with_discards(), 0, 0)
    for width in (320, 360, 390):
        page.set_viewport_size({"width": width, "height": 740})
        open_replay(page, link)
        page.click("#replay-next")
        step_to(page, 1)
        boxes = page.evaluate("""() => Object.fromEntries(['#felt', '#hand', '.replay-bar'].map((s) =>
          [s, document.querySelector(s).getBoundingClientRect().toJSON()]))""")
        hand, bar = boxes["#hand"], boxes[".replay-bar"]
        assert page.locator("#hand .card").count() == 6
        assert boxes["#felt"]["bottom"] <= hand["top"] and hand["bottom"] <= bar["top"], f"{width} px: {boxes}"
        assert bar["bottom"] <= 740, f"{width} px: the step buttons below the first screen: {boxes}"
        assert page.evaluate("scrollY") == 0
