"""Every moment in its order (issue 15): a played card leaves the hand when it is played; a
trick's result is said only once its last card lies on the table, landed; the "to act"
mark and the prompt follow the action at once; Katte's face-down discards are backs on
the felt, the owner's too (marked as theirs).

A MutationObserver in the page writes down what the table shows after every change (the
hand, the cards on the felt, who is marked to act, the prompt, the sentence under the
felt); afterwards the page's hand record, replayed by the engine, says what each of those
moments had to show. Played at the normal pace with motion on, so cards really fly."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.record import load_record

from .play import TURN, open_lobby, start_match, take_turn, wait_turn

OBSERVE = """() => {
  const log = [];
  window.__moments = log;
  let last = '';
  const look = () => {
    const table = document.getElementById('table');
    if (!table || table.hidden || !document.getElementById('hand')) return;
    const m = window.kortti.model();
    if (!m) return;
    const line = document.getElementById('trick-line');
    const said = line && !line.classList.contains('empty') ? line.textContent.trim() : '';
    const figures = [...document.querySelectorAll('#trick .tcard:not(.collect)')];
    const snap = {
      hand: [...document.querySelectorAll('#hand .card:not(.placed)')].map((b) => b.dataset.code).sort(),
      felt: figures.map((f) => ({ seat: Number(f.dataset.seat), code: f.dataset.code,
        moving: f.getAnimations().length > 0 || (f.style.transform !== '' && f.style.transform !== 'none'),
        faces: [...f.querySelectorAll('img')].map((i) => i.getAttribute('src')),
        alts: [...f.querySelectorAll('img')].map((i) => i.alt) })),
      acting: [...document.querySelectorAll('#seats .seat.acting')].map((s) => Number(s.dataset.seat)),
      status: document.getElementById('status').textContent,
      info: document.getElementById('felt-info').textContent,
      said, me: m.seat, summary: !document.getElementById('summary').hidden,
    };
    const key = JSON.stringify(snap);
    if (key !== last) { last = key; log.push(snap); }
  };
  new MutationObserver(look).observe(document.getElementById('table'),
    { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'hidden', 'style'] });
  // a card in flight lands without a DOM change: look again when a transition ends
  document.addEventListener('transitionend', look, true);
}"""


def hands_by_step(doc: dict[str, Any], seat: int) -> list[list[str]]:
    """The seat's hand (sorted codes) before the deal's first action and after each one."""
    deal = doc["deals"][-1]
    first = {**doc, "deals": [*doc["deals"][:-1], {k: v for k, v in deal.items() if k != "actions"}]}
    match = load_record(first)
    out = [sorted(match.view(seat)["hand"])]
    for text in deal.get("actions", []):
        match.apply(match.parse(text))
        out.append(sorted(match.view(seat).get("hand") or []))
    return out


@pytest.mark.parametrize("game,players,seed", [("katte", 4, 3), ("katko", 4, 5), ("call-kitti", 4, 11), ("kocka", 4, 4)])
def test_every_moment_in_its_order(phone_context: Any, game: str, players: int, seed: int) -> None:
    page = phone_context.new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(reduced_motion="no-preference")
    open_lobby(page, f"fast&seed={seed}")
    start_match(page, game, players=players, seat=0)
    page.evaluate(OBSERVE)
    turns = 0
    while (kind := wait_turn(page, timeout=60_000)) != "summary" and turns < 12:
        if game == "katte" and page.locator("#mode-discard").count():
            page.click("#mode-discard")  # discard face down where the rules allow
            kind = "play" if page.locator("#hand .card.usable").count() else kind
        take_turn(page, kind)
        turns += 1
    log = page.evaluate("window.__moments")
    doc = page.evaluate("window.kortti.record()")
    hands = hands_by_step(doc, 0)
    assert len(log) > 10, "the observer saw the table change"
    step = 0  # the hands shown follow the record in its order, never back
    for i, snap in enumerate(log):
        where = f"{game} moment {i}: {snap}"
        mine = [f for f in snap["felt"] if f["seat"] == 0]
        if game != "call-kitti":  # (a Call Kitti show is three cards of the hand, drawn from the sets)
            # the hand as the record has it, or, the moment the human plays, without the
            # card just laid (before the engine's reply, which may move on by itself:
            # Katte's last card is turned up at once, K-11)
            laid = sorted(snap["hand"] + [f["code"] for f in mine if f["code"] != "?"])
            seen = snap["hand"] if snap["hand"] in hands[step:] else laid
            assert seen in hands[step:], \
                f"{where}: a hand the record never had here (step {step}: {hands[step:step + 4]}; {doc['deals'][-1]['actions'][max(0, step - 3):step + 3]})"
            step = hands.index(seen, step)
        for f in mine:
            assert f["code"] not in snap["hand"], f"{where}: the human's card is on the felt and in the hand"
        if snap["said"] and not snap["summary"] and snap["felt"]:
            # a trick's result: every card on the table, landed; nobody to act, no prompt
            assert not any(f["moving"] for f in snap["felt"]), f"{where}: said while a card was in flight"
            assert snap["acting"] == [], f"{where}: a seat is marked to act while the trick is taken"
            assert snap["status"] == "", f"{where}: the prompt stands while the trick is taken"
            # the felt's words name the trick that is said, not the next ("Trick 3 of 6")
            told, felt = re.search(r"\b[Tt]rick (\d)\b", snap["said"]), re.search(r"Trick (\d) of", snap["info"])
            if told and felt:
                assert told.group(1) == felt.group(1), f"{where}: the felt names another trick"
        for f in snap["felt"]:
            # Katte's face-down discards: backs on every seat's screen, without a name
            if any("back" in src for src in f["faces"]):
                assert f["code"] == "?", f"{where}: a face-down card carries its code"
                assert all("cards/back.svg" in src for src in f["faces"])
    if game == "katte":
        downs = [f for snap in log for f in snap["felt"] if f["code"] == "?"]
        assert downs, "the deal had face-down discards to look at (pick another seed)"
        own = [f for f in downs if f["seat"] == 0]
        assert own, "the human discarded face down"
        for f in own:
            assert all("face down" in alt for alt in f["alts"]), f"the owner's discard is not marked as theirs: {f}"


def test_call_kitti_shows_wait_for_the_player_and_the_boxes_follow_them(page: Any, watch: Any) -> None:
    """Call Kitti's four shows come at once: each stays until Continue, Back steps to the
    one before, and the seats' boxes count the shows taken so far, never the deal's end
    (no "fast" here: that test hook paces the shows like tricks)."""
    page.add_init_script("localStorage.setItem('kortti-settings', JSON.stringify({pace: 'instant'}))")
    open_lobby(page, "seed=7")
    start_match(page, "call-kitti", name="Tester")
    waiting = "() => document.getElementById('trick-continue') !== null"
    for _ in range(30):
        state = page.wait_for_function(f"() => ({waiting})() ? 'step' : ({TURN})()", timeout=60_000).json_value()
        if state == "step":
            break
        take_turn(page, str(state))
    else:
        raise AssertionError("no show came")

    def shows_in_boxes() -> int:
        # "0 points · 1 show · bid 2": the shows each seat has taken, as its box says
        boxes = page.locator("#seats .seat-score").all_inner_texts()
        return sum(int(re.search(r"(\d+)\s+shows?", b).group(1)) for b in boxes)  # type: ignore[union-attr]

    titles = []
    for k in range(1, 5):
        page.wait_for_selector("#trick-continue")
        titles.append(page.inner_text("#trick-line strong"))
        assert shows_in_boxes() <= k, (k, page.locator("#seats .seat-score").all_inner_texts())
        assert page.locator("#trick-back").count() == (1 if k > 1 else 0)
        assert page.get_attribute("#table", "data-busy") == "1"  # it waits: nothing moves on alone
        if k == 2:  # one back, and on again
            page.click("#trick-back")
            page.wait_for_function("document.querySelector('#trick-line strong')?.textContent === "
                                   f"{json.dumps(titles[0])}")
            assert page.locator("#trick-back").count() == 0
            page.click("#trick-continue")
            page.wait_for_function("document.querySelector('#trick-line strong')?.textContent === "
                                   f"{json.dumps(titles[1])}")
        page.click("#trick-continue")
        page.wait_for_function(f"() => !({waiting})() || document.querySelector('#trick-line strong')?.textContent "
                               f"!== {json.dumps(titles[-1])}")
    assert len(set(titles)) == 4, titles
