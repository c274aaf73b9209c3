"""The no-peek deal's cryptography in Chromium, from the built site: web/js/nopeek/ and the
vendored @noble/curves and @noble/hashes (SHA-512, and the seals' HKDF and HMAC) load in a
module worker (where the table will run them) by their relative paths alone, with no import
map, and deal a whole Kočka deal there, escrows and signatures included, that the tests'
Python verifier accepts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nopeek_verify import verify

import build
from engine import GAMES

DEAL = (Path(__file__).resolve().parents[1] / "nopeek_deal.mjs").read_text()

IN_A_WORKER = """async ([dealCode, spec]) => {
  const site = location.origin;
  const source = `${dealCode}
    // listening first: a message that comes while the imports load is not lost
    const loaded = Promise.all(["group", "deck", "escrow", "sign", "audit"].map(
      (name) => import("${site}/js/nopeek/" + name + ".js")));
    onmessage = async (e) => {
      try {
        const [group, deck, escrow, sign, { audit }] = await loaded;
        const dealt = playDeal({ group, deck, escrow, sign }, e.data);
        postMessage({ dealt, verdict: audit(dealt.transcript),
                      hasDocument: typeof document !== "undefined" });
      } catch (error) {
        postMessage({ error: String(error) });
      }
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  worker.onmessage = (e) => { window.nopeekFound = e.data; };
  worker.onerror = (e) => { window.nopeekFound = { error: e.message || "the worker failed to load" }; };
  worker.postMessage(spec);
}"""


def test_a_whole_deal_runs_in_a_module_worker_from_the_built_site(browser: Any, base_url: str) -> None:
    deck = GAMES["kocka"].DECK
    cards = [deck.code_of[c] for c in range(deck.size)]
    assert "importmap" not in (Path(build.WEB) / "index.html").read_text()
    context = browser.new_context(base_url=base_url, service_workers="block")
    try:
        page = context.new_page()
        # a blank page of the site's origin: nothing of the app's loaded before the worker
        page.route("**/nopeek-blank.html", lambda route: route.fulfill(content_type="text/html", body="<!doctype html>"))
        page.goto("/nopeek-blank.html")
        page.evaluate(IN_A_WORKER, [DEAL.replace("export function", "function"),
                                    {"game": "kocka", "deal": "browser", "seats": 4, "cards": cards}])
        found = page.wait_for_function("window.nopeekFound", timeout=120_000).json_value()
    finally:
        context.close()
    assert "error" not in found, found["error"]
    assert found["hasDocument"] is False
    assert found["verdict"] == {"ok": True, "opened": []}
    hands = found["dealt"]["hands"]
    assert sorted(c for hand in hands for c in hand) == sorted(cards)
    assert [len(hand) for hand in hands] == [8, 8, 8, 8]
    transcript = json.loads(json.dumps(found["dealt"]["transcript"]))
    verify(transcript)
    # the escrows (their seals: HKDF and HMAC from the vendored @noble/hashes) and the
    # signatures were made in the worker too, and hold here
    assert [len(e["pieces"]) for e in transcript["escrows"]] == [3, 3, 3, 3]
    assert len(transcript["signed"]) == 4
