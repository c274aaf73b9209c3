"""The no-peek deal's session (web/js/nopeek/session.js) in Chromium, from the built site: four
sessions run a whole Kočka deal in a module worker (where the table will run them) over a star
relay made in the worker, each showing one card and revealing for the audit; every page's
verdict is fair and the tests' Python check of the relay's log agrees."""

from __future__ import annotations

from typing import Any

from nopeek_session_verify import verify_log

from engine import GAMES

IN_A_WORKER = """async ([spec]) => {
  const site = location.origin;
  const source = `
    // listening first: a message that comes while the imports load is not lost
    const loaded = Promise.all(["session", "messages"].map((name) => import("${site}/js/nopeek/" + name + ".js")));
    onmessage = async (e) => {
      try {
        const [{ DealSession }, { RelayGate }] = await loaded;
        const { game, deal, cards, seats, layout } = e.data;
        const pages = new Map(seats.map((me) => [me, new DealSession({ game, deal, cards, seats, me, layout })]));
        const events = new Map(seats.map((s) => [s, []]));
        const gate = new RelayGate();
        const log = [];
        const queue = [];
        const host = seats[0];
        const take = (seat, step) => {
          events.get(seat).push(...step.events);
          for (const { text } of step.send) {
            log.push(text);
            if (seat !== host) queue.push({ to: host, from: seat, text });
            if (seat === host || gate.admit(seat, text)) {
              for (const to of seats) if (to !== seat && (seat === host || to !== host)) queue.push({ to, from: seat, text });
            }
          }
        };
        const run = () => {
          for (let d = queue.shift(); d; d = queue.shift()) take(d.to, pages.get(d.to).receive(d.from, d.text));
        };
        for (const seat of seats) take(seat, pages.get(seat).start());
        run();
        for (const seat of seats) {
          take(seat, pages.get(seat).show(layout.indexOf(seat)));
          run();
        }
        for (const seat of seats) {
          take(seat, pages.get(seat).finish());
          run();
        }
        postMessage({ log, events: Object.fromEntries(events), hasDocument: typeof document !== "undefined" });
      } catch (error) {
        postMessage({ error: String(error.stack || error) });
      }
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
  worker.onmessage = (e) => { window.sessionFound = e.data; };
  worker.onerror = (e) => { window.sessionFound = { error: e.message || "the worker failed to load" }; };
  worker.postMessage(spec);
}"""


def test_four_sessions_deal_and_audit_in_a_module_worker_from_the_built_site(browser: Any, base_url: str) -> None:
    deck = GAMES["kocka"].DECK
    cards = [deck.code_of[c] for c in range(deck.size)]
    seats = [0, 1, 2, 3]
    layout = [k % 4 for k in range(32)]
    context = browser.new_context(base_url=base_url, service_workers="block")
    try:
        page = context.new_page()
        page.route("**/nopeek-blank.html", lambda route: route.fulfill(content_type="text/html", body="<!doctype html>"))
        page.goto("/nopeek-blank.html")
        page.evaluate(IN_A_WORKER, [{"game": "kocka", "deal": "browser-session", "cards": cards, "seats": seats,
                                     "layout": layout}])
        found = page.wait_for_function("window.sessionFound", timeout=120_000).json_value()
    finally:
        context.close()
    assert "error" not in found, found["error"]
    assert found["hasDocument"] is False
    dealt, fault, opened = verify_log(found["log"], "kocka", cards, seats, layout)
    assert fault is None and opened == []
    for seat in seats:
        events = found["events"][str(seat)]
        [hand] = [e for e in events if e["kind"] == "hand"]
        assert hand["cards"] == [{"slot": s, "card": dealt[s]} for s in range(32) if layout[s] == seat]
        assert [e["slot"] for e in events if e["kind"] == "up"] == [0, 1, 2, 3]
        assert not [e for e in events if e["kind"] == "fault"]
        [audit] = [e for e in events if e["kind"] == "audit"]
        assert audit["verdict"] == {"ok": True, "opened": []}
        assert {h["slot"]: h["card"] for h in audit["hands"]} == dealt
