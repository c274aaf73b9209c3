"""Settings (issue 10, req. 1): each setting changes what it names, checked by what the
page shows or records, never by timing: the pace's planned pauses (none at "instant"), a
trick that waits for Continue, the only legal card played without a click, card sizes,
the four-colour deck's pixels, the themes' colours (and axe's contrast check), reduced
motion, the sounds made; all remembered across a reload, a corrupt stored value harmless,
and the dialog in Finnish."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from . import axe
from .play import (
    BOOT_TIMEOUT,
    TURN,
    choose_language,
    menu_click,
    open_lobby,
    start_match,
    stored_before,
    take_turn,
    wait_turn,
)

KEY = "kortti-settings"


def open_with(page: Any, settings: dict[str, Any] | str, query: str = "fast&seed=7") -> None:
    """The lobby, with ``settings`` stored as a reader's earlier visit left them."""
    stored_before(page, KEY, settings if isinstance(settings, str) else json.dumps(settings))
    open_lobby(page, query)


def open_dialog(page: Any, where: str = "#settings-btn") -> Any:
    if where == "#table-settings":
        menu_click(page, where)  # at the table: in its menu
    else:
        page.click(where)
    dialog = page.locator("#settings-dialog")
    dialog.wait_for(state="visible")
    return dialog


def close_dialog(page: Any) -> None:
    page.click("#settings-close")
    page.locator("#settings-dialog").wait_for(state="hidden")


def html(page: Any, name: str) -> str:
    return str(page.get_attribute("html", f"data-{name}"))


def stored(page: Any) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(f"localStorage.getItem('{KEY}')")))


# ------------------------------------------------------------------ the dialog, remembered


def test_dialog_from_lobby_and_table_applies_at_once_and_survives_a_reload(page: Any, watch: Any) -> None:
    open_lobby(page)
    assert page.get_attribute("#settings-btn", "aria-label") == "Settings"
    dialog = open_dialog(page)
    assert dialog.get_by_role("heading", name="Settings").is_visible()
    # the fast paces keep no pause for the hard bot to think in: said where the pace is chosen
    expect(dialog.get_by_role("group", name="Pace of the computer players")).to_have_accessible_description(
        re.compile(r"^At the fast and instant paces a hard computer player may take a moment to think"))
    dialog.get_by_label("Dark").check()
    assert html(page, "theme") == "dark"  # at once, the dialog still open
    dialog.get_by_label("Large").check()
    dialog.get_by_label("Four-colour French deck").check()
    dialog.get_by_label("Instant").check()
    dialog.get_by_label("Wait until I tap Continue").check()
    dialog.get_by_label("Play my only legal card by itself").check()
    dialog.get_by_label("Reduced", exact=True).check()
    page.fill("#set-volume", "35")
    close_dialog(page)
    assert stored(page) == {"pace": "instant", "afterTrick": "tap", "onlyCard": True, "cardSize": "large",
                            "deck": "four", "theme": "dark", "sound": False, "volume": 35, "motion": "reduce"}

    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    assert (html(page, "theme"), html(page, "card-size"), html(page, "deck"), html(page, "motion"), html(page, "pace")) \
        == ("dark", "large", "four", "reduce", "instant")
    dialog = open_dialog(page)
    assert dialog.get_by_label("Dark").is_checked()
    assert dialog.get_by_label("Instant").is_checked()
    assert page.input_value("#set-volume") == "35"
    assert page.get_attribute("#set-volume", "aria-valuetext") == "35 %"
    dialog.get_by_label("Light").check()
    close_dialog(page)

    # on the table too: the gear among the table's tools
    start_match(page, "katko", players=4)
    dialog = open_dialog(page, "#table-settings")
    dialog.get_by_label("Normal").check()
    dialog.get_by_label("High contrast").check()
    page.keyboard.press("Escape")
    page.locator("#settings-dialog").wait_for(state="hidden")
    assert html(page, "theme") == "contrast" and stored(page)["pace"] == "normal"


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", "null", '"dark"',
                                 '{"theme": "neon", "pace": 3, "volume": 500, "deck": "four", "extra": {"a": 1}}'])
def test_a_corrupt_stored_value_falls_back_to_the_defaults(page: Any, watch: Any, raw: str) -> None:
    open_with(page, raw)
    # only what could be read is kept ("deck": "four" in the last one); the rest: defaults
    assert html(page, "deck") == ("four" if "deck" in raw else "two")
    assert html(page, "pace") == "normal" and html(page, "card-size") == "medium"
    assert html(page, "theme") in ("light", "dark")  # the default follows the system
    dialog = open_dialog(page)
    assert dialog.get_by_label("Follow the system").first.is_checked()
    assert page.input_value("#set-volume") == "60"
    dialog.get_by_label("Slow").check()  # and a change stores a clean value again
    assert stored(page)["pace"] == "slow" and "extra" not in stored(page)
    close_dialog(page)
    start_match(page, "katko", players=4)
    wait_turn(page)


def test_the_dialog_in_finnish(page: Any, watch: Any) -> None:
    open_lobby(page)
    choose_language(page, "fi")
    assert page.get_attribute("#settings-btn", "aria-label") == "Asetukset"
    dialog = open_dialog(page)
    assert dialog.get_by_role("heading", name="Asetukset").is_visible()
    expect(dialog.get_by_role("group", name="Tietokonepelaajien tahti")).to_have_accessible_description(
        re.compile(r"^Nopealla ja välittömällä tahdilla vaikea tietokonepelaaja"))
    dialog.get_by_label("Tumma").check()
    dialog.get_by_label("Välitön").check()
    dialog.get_by_label("Nelivärinen ranskalainen pakka").check()
    assert (html(page, "theme"), html(page, "pace"), html(page, "deck")) == ("dark", "instant", "four")
    assert dialog.get_by_role("button", name="Sulje").is_visible()
    text = dialog.inner_text()
    assert "web.settings" not in text and "Pace" not in text and "Theme" not in text
    close_dialog(page)


# ------------------------------------------------------------------ pace and the trick


def human_turns(page: Any, turns: int) -> None:
    for _ in range(turns):
        kind = wait_turn(page)
        assert kind != "summary"
        take_turn(page, kind)


def test_instant_pace_plans_no_pause_between_bot_moves(page: Any, watch: Any) -> None:
    # no ?fast here: the instant pace alone keeps the play moving
    open_with(page, {"pace": "instant"}, query="seed=7")
    start_match(page, "katko", players=4)
    human_turns(page, 3)
    wait_turn(page)
    pauses = page.evaluate("window.kortti.pauses()")
    bots = [p for p in pauses if p["kind"] == "bot"]
    assert len(bots) >= 6, pauses  # three bots moved around each of the human's turns
    assert all(p["planned"] == 0 for p in pauses if p["kind"] in ("bot", "trick", "beat")), pauses
    # and no card slides at the instant pace
    assert page.evaluate("[...document.querySelectorAll('#trick .tcard')].every((f) => !f.style.transform)")


def test_slow_pace_plans_longer_pauses_than_normal(page: Any, watch: Any) -> None:
    open_lobby(page)
    start_match(page, "katko", players=4)
    human_turns(page, 2)
    wait_turn(page)
    normal = page.evaluate("window.kortti.pauses()")
    dialog = open_dialog(page, "#table-settings")
    dialog.get_by_label("Slow").check()
    close_dialog(page)
    human_turns(page, 2)
    wait_turn(page)
    slow = page.evaluate("window.kortti.pauses()")[len(normal):]

    def planned(pauses: list[dict[str, Any]], kind: str) -> set[int]:
        return {p["planned"] for p in pauses if p["kind"] == kind}

    assert planned(normal, "bot") and planned(slow, "bot"), (normal, slow)
    assert min(planned(slow, "bot")) > max(planned(normal, "bot"))
    assert min(planned(slow, "trick")) > max(planned(normal, "trick"))


def test_after_a_trick_on_a_tap_the_trick_stays_until_continue(page: Any, watch: Any) -> None:
    open_with(page, {"afterTrick": "tap"})
    start_match(page, "katko", players=4)
    waiting = "() => document.getElementById('trick-continue') !== null"
    for _ in range(10):
        state = page.wait_for_function(f"() => ({waiting})() ? 'tap' : ({TURN})()").json_value()
        if state == "tap":
            break
        take_turn(page, state)
    else:
        raise AssertionError("no trick was taken")
    # the whole trick lies on the felt, the table waits, and Continue has the focus
    assert page.locator("#trick .tcard:not(.collect)").count() == 4
    assert page.get_attribute("#table", "data-busy") == "1"
    assert page.evaluate("document.activeElement.id") == "trick-continue"
    pauses = page.evaluate("window.kortti.pauses()")
    assert pauses[-1]["kind"] == "tap" and all(p["kind"] != "trick" for p in pauses)
    page.keyboard.press("Enter")  # the keyboard is enough
    page.wait_for_function(f"() => !({waiting})()")
    page.wait_for_function(f"() => ({TURN})() || ({waiting})()")
    assert page.locator("#trick .tcard:not(.collect)").count() < 4


def test_the_only_legal_card_is_played_by_itself(page: Any, watch: Any) -> None:
    open_with(page, {"onlyCard": True})
    # every announcement of the live region, kept
    page.evaluate("""() => { window.__said = [];
      new MutationObserver(() => window.__said.push(document.getElementById('live').textContent))
        .observe(document.getElementById('live'), { childList: true, characterData: true, subtree: true }); }""")
    start_match(page, "katko", players=4)
    left_alone = 0
    # the turn and its usable cards, read at one moment (the page may play one meanwhile)
    look = f"""() => {{ const kind = ({TURN})();
      return kind && [kind, [...document.querySelectorAll('#hand .card.usable')].map((b) => b.dataset.code),
                      document.querySelectorAll('#actions button.action').length]; }}"""
    for _ in range(60):
        kind, usable, buttons = page.wait_for_function(look, timeout=30_000).json_value()
        if kind == "summary":
            break
        if kind == "play" and len(usable) == 1 and not buttons:
            # one legal card: no click; the page plays it
            page.wait_for_function(f"() => !document.querySelector('#hand .card[data-code=\"{usable[0]}\"]')")
            left_alone += 1
            continue
        take_turn(page, kind)
    else:
        raise AssertionError("the deal did not end")
    # at least the last trick's card (a hand of one) went by itself, and was said
    said = [s for s in page.evaluate("window.__said") if "your only legal card, played for you" in s]
    assert said, page.evaluate("window.__said")
    assert len([p for p in page.evaluate("window.kortti.pauses()") if p["kind"] == "only"]) >= max(1, left_alone)


# ------------------------------------------------------------------ what the page looks like


def test_card_size_scales_the_hand_keeping_the_tap_target(page: Any, watch: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_lobby(page)
    start_match(page, "katko", players=4)
    wait_turn(page)
    widths = {}
    for size in ("Small", "Medium", "Large"):
        dialog = open_dialog(page, "#table-settings")
        dialog.get_by_label(size).check()
        close_dialog(page)
        widths[size] = page.locator("#hand .card").first.bounding_box()["width"]
    assert widths["Small"] < widths["Medium"] < widths["Large"], widths
    page.set_viewport_size({"width": 360, "height": 740})
    dialog = open_dialog(page, "#table-settings")
    dialog.get_by_label("Small").check()
    close_dialog(page)
    assert page.locator("#hand .card").first.bounding_box()["width"] >= 44


# the saturated pixels of a card face as the page shows it: counted by the colour that
# leads (red, green, blue), from the image drawn into a canvas
PIXELS = """async (img) => {
  await img.decode();
  const c = document.createElement('canvas');
  c.width = 200; c.height = 280;
  const g = c.getContext('2d');
  g.drawImage(img, 0, 0, 200, 280);
  const d = g.getImageData(0, 0, 200, 280).data;
  const n = { red: 0, green: 0, blue: 0 };
  for (let i = 0; i < d.length; i += 4) {
    const [r, gr, b] = [d[i], d[i + 1], d[i + 2]];
    if (Math.max(r, gr, b) - Math.min(r, gr, b) < 70) continue;
    if (r >= gr && r >= b) n.red += 1; else if (gr >= b) n.green += 1; else n.blue += 1;
  }
  return n;
}"""


def suit_colours(page: Any) -> dict[str, str]:
    """The colour each French suit shows in the hand (pip cards only: courts wear robes)."""
    out = {}
    for suit in "SHDC":
        card = page.locator(f"#hand .card[data-code$='{suit}']:not([data-code^=J]):not([data-code^=Q]):not([data-code^=K]) img").first
        if not card.count():
            continue
        n = card.evaluate(PIXELS)
        out[suit] = max(n, key=n.get) if max(n.values()) > 200 else "none"
    return out


def test_four_colours_change_the_suit_colours(page: Any, watch: Any) -> None:
    open_lobby(page)
    start_match(page, "call-kitti", players=4)  # 13 French cards in the hand
    wait_turn(page)
    two = suit_colours(page)
    assert {"D", "C"} <= set(two), two
    assert two["D"] == "red" and two["C"] == "none", two  # black clubs have no colour
    dialog = open_dialog(page, "#table-settings")
    dialog.get_by_label("Four-colour French deck").check()
    close_dialog(page)
    four = suit_colours(page)
    assert four["D"] == "blue" and four["C"] == "green", four
    if "H" in two:
        assert four["H"] == two["H"] == "red"
    assert html(page, "deck") == "four"


def table_background(page: Any) -> str:
    return str(page.eval_on_selector("#table", "e => { const s = getComputedStyle(e); return s.backgroundImage + ' ' + s.backgroundColor; }"))


def test_themes_change_the_table_and_meet_contrast(page: Any, watch: Any) -> None:
    open_with(page, {"theme": "light"})
    start_match(page, "katko", players=4)
    wait_turn(page)
    seen = {}
    for name, theme in (("Light", "light"), ("Dark", "dark"), ("High contrast", "contrast")):
        dialog = open_dialog(page, "#table-settings")
        dialog.get_by_label(name).check()
        close_dialog(page)
        assert html(page, "theme") == theme
        seen[theme] = (table_background(page), page.evaluate("getComputedStyle(document.documentElement).backgroundColor"))
    assert len({b for b, _ in seen.values()}) == 3, seen
    assert len({p for _, p in seen.values()}) == 3, seen
    assert seen["contrast"] == ("none rgb(0, 0, 0)", "rgb(0, 0, 0)")
    # every colour pair on the table and in the dialog: WCAG AA (axe's colour contrast)
    for theme in ("dark", "contrast"):
        dialog = open_dialog(page, "#table-settings")
        dialog.get_by_label({"dark": "Dark", "contrast": "High contrast"}[theme]).check()
        found = axe.violations(page, tags=["wcag2aa"])
        close_dialog(page)
        found += axe.violations(page, tags=["wcag2aa"])
        assert not found, axe.report(found, f"the table in the {theme} theme")


def test_the_theme_follows_the_system_unless_set(page: Any, watch: Any) -> None:
    page.emulate_media(color_scheme="dark")
    open_lobby(page)
    assert html(page, "theme") == "dark"
    page.emulate_media(color_scheme="light")
    page.wait_for_function("document.documentElement.dataset.theme === 'light'")
    dialog = open_dialog(page)
    dialog.get_by_label("High contrast").check()
    page.emulate_media(color_scheme="dark")
    assert html(page, "theme") == "contrast"
    close_dialog(page)


def transition(page: Any) -> str:
    return str(page.eval_on_selector("#hand .card", "e => getComputedStyle(e).transitionDuration"))


def test_reduced_motion_follows_the_system_unless_set(page: Any, watch: Any) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_lobby(page)
    start_match(page, "katko", players=4)
    wait_turn(page)
    assert html(page, "motion") == "reduce" and transition(page) == "0s"
    for label, motion, duration in (("Full", "full", "0.2s"), ("Reduced", "reduce", "0s")):
        dialog = open_dialog(page, "#table-settings")
        dialog.get_by_label(label, exact=True).check()
        close_dialog(page)
        assert html(page, "motion") == motion and transition(page) == duration
    # reduced: a card played does not slide in (no start offset is ever set)
    take_turn(page, wait_turn(page))
    wait_turn(page)
    assert page.evaluate("[...document.querySelectorAll('#trick .tcard')].every((f) => !f.style.transform)")
    page.emulate_media(reduced_motion="no-preference")
    assert html(page, "motion") == "reduce"  # the reader's setting holds


# ------------------------------------------------------------------ sound


def test_sounds_are_made_only_when_on(page: Any, watch: Any) -> None:
    open_lobby(page)
    start_match(page, "katko", players=4)
    human_turns(page, 2)
    wait_turn(page)
    assert page.evaluate("window.kortti.sounds()") == {"total": 0}  # off by default
    dialog = open_dialog(page, "#table-settings")
    dialog.get_by_label("Sound effects").check()  # a gesture: the audio starts here
    close_dialog(page)
    sample = page.evaluate("window.kortti.sounds()")  # turning it on plays a sample
    assert sample.get("total", 0) >= 1, sample
    human_turns(page, 2)
    wait_turn(page)
    made = page.evaluate("window.kortti.sounds()")
    assert made.get("card", 0) >= sample.get("card", 0) + 2, (sample, made)  # the cards played
    assert made.get("turn", 0) >= sample.get("turn", 0) + 2, (sample, made)  # "your turn", each time
    dialog = open_dialog(page, "#table-settings")
    dialog.get_by_label("Sound effects").uncheck()
    close_dialog(page)
    human_turns(page, 1)
    wait_turn(page)
    assert page.evaluate("window.kortti.sounds()") == made
    # no recorded sound was fetched: none exists
    assert not page.evaluate("performance.getEntriesByType('resource').some((r) => /\\.(mp3|ogg|wav|m4a)$/.test(r.name))")


def test_the_dialog_says_how_much_the_site_keeps_offline(page: Any, watch: Any) -> None:
    """A line in the settings: how much the site keeps on this device, in MB, in the
    reader's language (issue 49, req. 4)."""
    open_lobby(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT)
    open_dialog(page)
    line = page.locator("#set-offline[data-bytes]")
    line.wait_for()
    size = int(line.get_attribute("data-bytes") or 0) / 1e6
    assert size > 1  # the site's copy for offline play, Pyodide in it
    assert line.inner_text() == f"Kept on this device for offline play: {size:.1f} MB."
    page.evaluate("window.kortti.setLanguage('fi')")  # the open dialog is worded anew, with a decimal comma
    expect(page.locator("#set-offline")).to_have_text(re.compile(r"^Tallessa tällä laitteella .*: \d+,\d Mt\.$"))
    page.evaluate("window.kortti.setLanguage('cs')")
    expect(page.locator("#set-offline")).to_have_text(re.compile(r"^Uloženo v tomto zařízení .*: \d+,\d MB\.$"))
