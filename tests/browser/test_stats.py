"""Statistics and history (web/js/records/history.js, stats.js, data-file.js, store.js version 2):
a match played to its end shows in the statistics and the history, its hand record
downloads and replays; the data file exports, imports into a fresh browser, merges
without duplicates, and a bad or foreign file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gen.languages import languages

import engine

from . import axe
from .play import BOOT_TIMEOUT, choose_language, open_lobby, play_deal, record, replay, start_match
from .reflow import assert_reflows

# A deal's outcome as web/table/outcome.py makes it (the statistics' rows come from these)
OUTCOMES = """
  const kocka = (deal, penalty, letter, over) => ({game: "kocka", seat: 0, deal, match_over: over,
    result: {penalty, letter, draw: false, win: !letter, value: -penalty},
    match: over ? {lost: letter, won: !letter, letters: letter ? 1 : 0} : null});
  const config = (id, extra = {}) => ({id, game: "kocka", players: 4, seat: 0, name: "Tester", options: {word: "K"},
    levels: {1: "easy", 2: "easy", 3: "easy"}, seed: 7, started: 1_700_000_000_000, ...extra});
  const rec = (deals) => ({game: "kocka", players: 4, seed: 7, deals: Array.from({length: deals}, () => ({dealer: 3, actions: []}))});
"""


def lobby_page(page: Any) -> None:
    page.goto("/?fast")
    page.wait_for_selector("body[data-offers='1']", state="attached")


def call(page: Any, body: str, arg: Any = None) -> Any:
    """Run ``body`` in the page with the history and data-file modules in scope."""
    return page.evaluate(f"""async (arg) => {{
      const history = await import("./js/records/history.js");
      const data = await import("./js/records/data-file.js");
      const {{ store }} = await import("./js/records/store.js");
      {OUTCOMES}
      {body}
    }}""", arg)


def stats_rows(page: Any, game: str) -> list[list[str]]:
    page.goto("/?fast#/stats")
    page.wait_for_selector("#stats[data-drawn]")
    rows = page.locator(f".stats-table[data-game='{game}'] tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("th, td").all_inner_texts()] for i in range(rows.count())]


def seed_data(page: Any) -> None:
    """Two matches of Kočka against easy bots (one lost, one won) and a practice deal."""
    call(page, """
      const later = () => new Promise((r) => setTimeout(r, 5)); // each deal finished at its own time
      await history.recordOutcome(config("m1"), rec(1), kocka(0, 12, false, false)); await later();
      await history.recordOutcome(config("m1"), rec(2), kocka(1, 40, true, true)); await later();
      await history.recordOutcome(config("m2"), rec(1), kocka(0, 0, false, false)); await later();
      await history.recordOutcome(config("m2"), rec(2), kocka(1, 5, false, false)); await later();
      await history.recordOutcome(config("m3", {practice: true}), rec(1), kocka(0, 30, true, false));""")


# ------------------------------------------------------------ the data file, as a module


def seed_every_game(page: Any) -> None:
    """A match of each game at each bot level (the hard one practice), two deals each."""
    page.evaluate("""async () => {
      const history = await import("./js/records/history.js");
      const later = () => new Promise((r) => setTimeout(r, 5)); // each deal finished at its own time
      const figures = {kocka: (win) => ({penalty: win ? 0 : 25, letter: !win}), katte: (win) => ({chips: win ? 12 : -8}),
        katko: (win) => ({points: win ? 3 : 0}), "call-kitti": (win) => ({money: win ? 120 : -45})};
      for (const [game, own] of Object.entries(figures)) for (const level of ["easy", "medium", "hard"]) {
        const config = {id: `${game}-${level}`, game, players: 4, seat: 0, name: "Tester", options: {},
          levels: {1: level, 2: level, 3: level}, seed: 7, started: 1_700_000_000_000, practice: level === "hard"};
        const rec = {game, players: 4, seed: 7, deals: [{dealer: 3, actions: []}, {dealer: 0, actions: []}]};
        for (const deal of [0, 1]) {
          await history.recordOutcome(config, rec, {game, seat: 0, deal, match_over: deal === 1,
            result: {win: !deal, value: deal ? -1450 : 1200, ...own(!deal)},
            match: deal ? {won: true, lost: false, settle: 1000} : null});
          await later();
        }
      }
    }""")


def test_data_file_round_trip_bad_files_and_merge(page: Any, watch: Any) -> None:
    lobby_page(page)
    out = call(page, """
      const entry = (id, deals) => ({id, game: "kocka", started: 1, updated: 2, config: config(id), record: rec(deals),
        deals: Array.from({length: deals}, (_, i) => ({index: i, when: 3, outcome: kocka(i, 1, false, false)})), over: false});
      const row = (match, deal) => ({key: data.rowKey(match, deal), match, game: "kocka", kind: deal === null ? "match" : "deal",
        deal, when: 4, level: "easy", players: 4, practice: false, daily: false, figures: {win: true, value: 0}});
      const games = ["katte", "katko", "call-kitti", "kocka"];
      const file = data.exportData([entry("a", 2)], [row("a", 0), row("a", 1)], 0);
      const back = data.parseData(JSON.stringify(file), games);
      const bad = (doc) => { const r = data.parseData(typeof doc === "string" ? doc : JSON.stringify(doc), games); return [r.ok, r.code, r.where]; };
      const noRecord = {...file, history: [{...entry("a", 1), record: "not an object"}]};
      const merged = data.mergeData({history: [entry("a", 1), entry("b", 3)], results: [row("a", 0)]},
                                    {history: [entry("a", 2), entry("b", 1), entry("c", 1)], results: [row("a", 0), row("a", 1), row("c", 0)]});
      return {
        same: back.ok && JSON.stringify({history: back.history, results: back.results}) === JSON.stringify({history: file.history, results: file.results}),
        exported: file.exported, kind: file.kind,
        notJson: bad("{kind: kortti"), foreign: bad({kind: "something-else", version: 1, history: [], results: []}),
        record: bad(noRecord), newer: bad({...file, version: 2}),
        wrongGame: bad({...file, history: [{...entry("a", 1), game: "poker"}]}),
        doubled: bad({...file, history: [entry("a", 1), entry("a", 2)]}),
        rowKey: bad({...file, results: [{...row("a", 0), key: "a:7"}]}),
        merged: {history: merged.history.map((e) => [e.id, e.deals.length]), results: merged.results.map((r) => r.key),
                 added: merged.added, replaced: merged.replaced},
        again: data.mergeData({history: [entry("a", 2)], results: [row("a", 0)]}, {history: [entry("a", 2)], results: [row("a", 0)]}),
      };""")
    assert out["same"] is True and out["kind"] == "kortti-data" and out["exported"] == "1970-01-01T00:00:00.000Z"
    assert out["notJson"] == [False, "json", ""]
    assert out["foreign"] == [False, "kind", ""]
    assert out["record"] == [False, "shape", "history[0]: record"]
    assert out["newer"] == [False, "version", "2"]
    assert out["wrongGame"] == [False, "shape", "history[0]: game"]
    assert out["doubled"] == [False, "shape", "history[1]: id"]
    assert out["rowKey"] == [False, "shape", "results[0]: key"]
    # "a" has more deals in the file: it replaces the stored one; "b" has fewer: kept as is
    assert out["merged"] == {"history": [["a", 2], ["c", 1]], "results": ["a:1", "c:0"], "added": 1, "replaced": 1}
    assert out["again"] == {"history": [], "results": [], "added": 0, "replaced": 0, "rows": 0}


# ------------------------------------------------------------ the pages, with stored results


def test_statistics_in_the_games_terms_with_practice_apart(page: Any, watch: Any) -> None:
    lobby_page(page)
    seed_data(page)
    rows = stats_rows(page, "kocka")
    # level, deals, penalty, per deal, letters, matches, matches lost, streak, best
    # the deals in the order played: kept, letter, kept, kept
    assert rows == [["Easy", "4", "57", "14.3", "1", "1", "1", "2", "2"],
                    ["Easy (practice)", "1", "30", "30", "1", "0", "0", "0", "0"]]
    chart = page.locator(".stats-game[data-game='kocka'] svg.stats-chart")
    assert chart.get_attribute("data-bars") == "4"  # practice deals are not in the chart
    # the chart in words under it, for every reader (the drawing is hidden from screen readers)
    caption = page.locator(".stats-game[data-game='kocka'] .stats-figure figcaption")
    assert "4 deals: 3 went your way" in caption.inner_text()
    axe.check(page, "the statistics page")
    page.goto("/?fast#/history")
    page.wait_for_selector("#history[data-drawn='3']")
    items = page.locator(".history-item")
    # newest first (started together here: the last played first)
    assert [items.nth(i).get_attribute("data-id") for i in range(3)] == ["m3", "m2", "m1"]
    m1 = page.locator(".history-item[data-id='m1']")
    assert m1.locator(".history-result").inner_text() == "Lost: your word was completed."
    assert page.locator(".history-item[data-id='m3'] .tag").inner_text() == "Practice"
    assert page.locator(".history-item[data-id='m2'] .history-result").inner_text() == "Not finished: 2 deals played."
    axe.check(page, "the history page")


def test_export_then_import_in_a_fresh_browser_and_bad_files(page: Any, watch: Any, browser: Any,
                                                              base_url: str, tmp_path: Path) -> None:
    lobby_page(page)
    seed_data(page)
    before = stats_rows(page, "kocka")
    with page.expect_download() as got:
        page.click("#data-export")
    exported = tmp_path / "export.json"
    got.value.save_as(exported)
    doc = json.loads(exported.read_text("utf-8"))
    assert doc["kind"] == "kortti-data" and len(doc["history"]) == 3 and len(doc["results"]) == 6

    fresh = browser.new_context(base_url=base_url)
    other = fresh.new_page()
    watch.attach(other)
    try:
        other.goto("/?fast#/stats")
        other.wait_for_selector("#stats[data-drawn='0']")
        assert other.locator(".stats-empty").count() == 1
        # a foreign file, a broken one, a damaged Kortti file: a message, nothing changed
        bad = {"foreign.json": json.dumps({"kind": "something-else"}), "broken.json": "{not json",
               "damaged.json": json.dumps({**doc, "history": [{**doc["history"][0], "record": 5}]})}
        said = {}
        for name, text in bad.items():
            (tmp_path / name).write_text(text, "utf-8")
            other.set_input_files("#data-file", str(tmp_path / name))
            other.wait_for_function("document.getElementById('data-note').textContent !== ''")
            said[name] = other.inner_text("#data-note")
            other.evaluate("document.getElementById('data-note').textContent = ''")
        assert said["foreign.json"] == "This is not a Kortti data file. Nothing was changed."
        assert said["broken.json"].startswith("This file is not readable data")
        assert said["damaged.json"].startswith("This Kortti data file is damaged. Nothing was changed.")
        assert other.evaluate("""async () => {
          const { store } = await import("./js/records/store.js");
          return [(await store.listHistory()).value.length, (await store.listResults()).value.length];
        }""") == [0, 0]
        # the exported file: the same statistics; imported twice, nothing doubles
        for _ in range(2):
            other.set_input_files("#data-file", str(exported))
            other.wait_for_selector("#data-note:not(:empty)")
            note = other.inner_text("#data-note")
            other.evaluate("document.getElementById('data-note').textContent = ''")
        assert note == "Imported: 0 new matches and 0 new results."
        assert stats_rows(other, "kocka") == before
        # in Finnish, the message is Finnish
        other.evaluate("window.kortti.setLanguage('fi')")
        other.goto("/?fast#/history")
        other.wait_for_selector("#history[data-drawn='3']")
        other.set_input_files("#data-file", str(tmp_path / "foreign.json"))
        other.wait_for_selector("#data-note:not(:empty)")
        assert other.inner_text("#data-note") == "Tämä ei ole Kortin tietotiedosto. Mitään ei muutettu."
    finally:
        fresh.close()


def test_the_history_cap_tells_and_offers_an_export(page: Any, watch: Any, tmp_path: Path) -> None:
    lobby_page(page)
    call(page, """
      const deal = {index: 0, when: 1, outcome: kocka(0, 1, false, false)};
      const all = Array.from({length: 502}, (_, i) => ({id: `m${i}`, game: "kocka", started: 1000 + i, updated: 1000 + i,
        config: config(`m${i}`), record: rec(1), deals: [deal], over: false}));
      const rows = all.map((e) => ({key: `${e.id}:0`, match: e.id, game: "kocka", kind: "deal", deal: 0, when: e.started,
        level: "easy", players: 4, practice: false, daily: false, figures: {win: true, value: 0}}));
      const done = await store.putData(all, rows);
      if (!done.ok) throw new Error(done.error);""")
    page.reload()
    page.wait_for_selector("#lobby-notice .cap-notice")
    assert "2 older matches are over that" in page.inner_text("#lobby-notice")
    page.goto("/?fast#/history")
    page.wait_for_selector("#history[data-drawn='502']")
    with page.expect_download() as got:
        page.click("#history .cap-export")
    got.value.save_as(tmp_path / "all.json")
    assert len(json.loads((tmp_path / "all.json").read_text("utf-8"))["history"]) == 502
    page.wait_for_selector("#history[data-drawn='500']")
    assert page.locator(".cap-notice:visible").count() == 0
    assert page.locator(".history-item[data-id='m0']").count() == 0  # the oldest went
    counts = page.evaluate("""async () => {
      const { store } = await import("./js/records/store.js");
      return [(await store.listHistory()).value.length, (await store.listResults()).value.length];
    }""")
    assert counts == [500, 502]  # the statistics keep every row


def test_a_version_1_database_with_a_save_is_upgraded_and_the_save_continues(page: Any, watch: Any) -> None:
    m = engine.new_match("kocka", 4, {}, seed=7, names=["Tester", "Bot 1", "Bot 2", "Bot 3"])
    m.apply(m.legal_actions(0)[0])
    save = {"v": 1, "game": "kocka", "updated": 1_700_000_000_000, "summary": {"deal": 1, "text": "Kočka, deal 1"},
            "config": {"game": "kocka", "players": 4, "seat": 0, "name": "Tester", "options": {},
                       "levels": {"1": "easy", "2": "easy", "3": "easy"}, "seed": 7, "lang": "en", "session": 0},
            "record": m.to_record()}
    page.goto("/rules/en/kocka.html")  # the origin, without the lobby (which would open the database)
    page.evaluate("""(save) => new Promise((done, fail) => {
      const req = indexedDB.open("kortti", 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore("saves");
        req.result.createObjectStore("aside", {keyPath: "id", autoIncrement: true});
      };
      req.onsuccess = () => {
        const tx = req.result.transaction("saves", "readwrite");
        tx.objectStore("saves").put(save, "kocka");
        tx.oncomplete = () => { req.result.close(); done(); };
        tx.onerror = () => fail(tx.error);
      };
      req.onerror = () => fail(req.error);
    })""", save)
    open_lobby(page, "fast")
    db = page.evaluate("""async () => {
      const { store } = await import("./js/records/store.js");
      const db = await store.database();
      return {version: db.version, stores: [...db.objectStoreNames]};
    }""")
    assert db == {"version": 2, "stores": ["aside", "history", "results", "saves"]}
    page.click(".offer[data-game='kocka'] .offer-continue")
    page.wait_for_selector("#table:not([hidden])")
    continued = record(page)["deals"][0]["actions"]  # the bots may have moved on since
    assert continued[:1] == save["record"]["deals"][0]["actions"]


# ------------------------------------------------------------ a real match


def test_statistics_and_history_after_a_match(page: Any, watch: Any, tmp_path: Path) -> None:
    open_lobby(page, "fast&seed=3")
    start_match(page, "kocka", options={"word": "K"})  # one letter: the first deal lost ends the match
    for _ in range(10):
        play_deal(page)
        if page.evaluate("window.kortti.model().match_over"):
            break
        page.click("#summary-next")
        page.wait_for_function("window.kortti.model() && window.kortti.model().next !== 'over'")
    final = record(page)
    standing = replay(final)
    assert standing["match"]["loser"] is not None
    deals = len(final["deals"])
    # the history is written as the deal ends: wait for the match's entry to be complete
    page.wait_for_function("""async () => {
      const { store } = await import("./js/records/store.js");
      const h = await store.listHistory();
      return h.ok && h.value.length === 1 && h.value[0].over;
    }""")
    page.click("#summary-next")  # "New match": back to the lobby
    page.wait_for_selector("#lobby:not([hidden])")
    page.click("#stats-link")
    page.wait_for_selector("#stats[data-drawn='1']")
    cells = [c.strip() for c in page.locator(".stats-table[data-game='kocka'] tbody tr").first
             .locator("th, td").all_inner_texts()]
    penalty = sum(d["result"]["penalty"][0] for d in standing["deals"])
    lost = standing["match"]["loser"] == 0
    assert cells[0] == "Medium" and cells[1] == str(deals) and cells[2] == str(penalty)
    assert cells[5:7] == ["1", "1" if lost else "0"]
    page.click(".page-back a")
    page.wait_for_selector("#lobby:not([hidden])")
    page.click("#history-link")
    page.wait_for_selector("#history[data-drawn='1']")
    item = page.locator(".history-item")
    assert ("your word was completed" in item.inner_text()) == lost
    replay_link = item.locator(".history-replay").get_attribute("href")
    assert replay_link.startswith("#/replay/") and len(replay_link) > len("#/replay/")
    with page.expect_download() as got:
        item.locator(".history-download").click()
    got.value.save_as(tmp_path / "record.json")
    downloaded = json.loads((tmp_path / "record.json").read_text("utf-8"))
    assert downloaded == final
    assert engine.replay_record(downloaded)["match"] == standing["match"]
    # history → replay: the match's last deal from the player's seat, stepped to its end,
    # and the viewer's own download is the same record
    item.locator(".history-replay").click()
    page.wait_for_selector("#replay:not([hidden]) #replay-step", timeout=BOOT_TIMEOUT)
    page.wait_for_function("/^Step 0 of [1-9]/.test(document.getElementById('replay-step').textContent)",
                           timeout=BOOT_TIMEOUT)
    steps = len(final["deals"][-1]["actions"])
    assert page.inner_text("#replay-step") == f"Step 0 of {steps}"
    page.click("#replay-last")
    page.wait_for_function(f"document.getElementById('replay-step').textContent === 'Step {steps} of {steps}'")
    with page.expect_download() as got:
        page.click("#replay-download")
    got.value.save_as(tmp_path / "from-replay.json")
    assert json.loads((tmp_path / "from-replay.json").read_text("utf-8")) == final


# Each statistics table's box, and each of its cells (a heading, a bot level, a figure) that
# takes more lines than one, or lies outside the box: cut off, to be scrolled to.
STATS_ON_A_PHONE = """() => [...document.querySelectorAll('.stats-scroll')].map((box) => {
  const edge = box.getBoundingClientRect();
  // (headings clipped to a pixel are for screen readers only)
  const cells = [...box.querySelectorAll('th, td')].filter((c) => c.checkVisibility()
    && [...box.querySelectorAll('thead')].every((h) => !h.contains(c) || h.getBoundingClientRect().width > 1));
  const lines = (c) => { const range = document.createRange(); range.selectNodeContents(c);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size; };
  return { game: box.closest('.stats-game').dataset.game, scrolls: box.scrollWidth > box.clientWidth + 1,
    broken: cells.filter((c) => lines(c) > 1).map((c) => c.textContent),
    outside: cells.filter((c) => c.getBoundingClientRect().right > edge.right + 0.5).map((c) => c.textContent) };
})"""


def test_the_statistics_fit_a_phone_in_every_language(page: Any, watch: Any) -> None:
    """At 360 px the statistics were a table three times the screen's width, its columns
    cut off at the edge (to be scrolled to, unseen) and its headings one word a line: each
    bot level now reads as a block, each figure beside its label on one line."""
    page.set_viewport_size({"width": 360, "height": 740})
    lobby_page(page)
    seed_every_game(page)
    # the figures are the table's still (each cell under its column's heading, for readers)
    assert stats_rows(page, "katte")[0] == ["Easy", "2", "1", "+4", "0", "1"]
    for lang in languages():
        page.goto("/?fast#/stats")
        page.wait_for_selector("#stats[data-drawn='4']")
        choose_language(page, lang)
        page.wait_for_function("(lang) => document.documentElement.lang === lang && "
                               "document.getElementById('stats').dataset.drawn === '4'", arg=lang)
        assert_reflows(page, f"the statistics in {lang}")
        for table in page.evaluate(STATS_ON_A_PHONE):
            try:
                assert not table["scrolls"] and table["outside"] == [], f"{lang}: columns cut off: {table}"
                assert table["broken"] == [], f"{lang}: broken over lines: {table}"
            except AssertionError:
                page.screenshot(path=f"/tmp/kortti-stats-{lang}.png", full_page=True)
                raise
    axe.check(page, "the statistics page on a phone")
