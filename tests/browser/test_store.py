"""The player's data in the browser (web/js/records/store.js) and the lobby's parts that use it
(web/js/lobby.js): remembered choices, saved matches in IndexedDB, saves kept aside,
one tab per match, and the "Continue" offers."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from .axe import check as axe_check
from .play import BOOT_TIMEOUT, choose_language, start_match

SAVE = """(game, deal, updated) => ({
  v: 1, game,
  config: {players: 4, seat: 0, name: "Tester", options: {}, levels: {1: "easy", 2: "medium", 3: "hard"},
           seed: 7, lang: "en", session: 0},
  record: {game, players: 4, seed: 7, deals: Array.from({length: deal}, () => ({dealer: 3, actions: []}))},
  updated, summary: {deal, text: `Summary of ${game}, deal ${deal}`},
})"""


def lobby_page(page: Any, query: str = "fast") -> None:
    """The lobby only (no need to wait for Python)."""
    page.goto(f"/?{query}")
    page.wait_for_selector("#lobby-form input[name=game]")
    page.wait_for_selector("body[data-offers='1']", state="attached")  # the page offered its saves


def store_call(page: Any, body: str, arg: Any = None) -> Any:
    """Run ``body`` (an async function body with ``store`` and ``arg`` in scope) in the page."""
    return page.evaluate(f"""async (arg) => {{
      const {{ store }} = await import("./js/records/store.js");
      const makeSave = {SAVE};
      {body}
    }}""", arg)


def lobby_call(page: Any, body: str, arg: Any = None) -> Any:
    return page.evaluate(f"""async (arg) => {{
      const {{ lobby }} = await import("./js/lobby.js");
      const {{ store }} = await import("./js/records/store.js");
      const makeSave = {SAVE};
      {body}
    }}""", arg)


def put_raw(page: Any, entries: dict[str, Any]) -> None:
    """Values written straight into the saves store, as a bug or another version might."""
    store_call(page, """
      const db = await store.database();
      if (!db) throw new Error("IndexedDB did not open");
      await new Promise((done, fail) => {
        const tx = db.transaction("saves", "readwrite");
        for (const [key, value] of Object.entries(arg)) tx.objectStore("saves").put(value, key);
        tx.oncomplete = done; tx.onerror = () => fail(tx.error);
      });""", entries)


# ------------------------------------------------------------ the lobby's choices


def test_choices_remembered_across_a_reload(page: Any, watch: Any) -> None:
    lobby_page(page)
    page.check("input[name=game][value='katko']")
    page.select_option("#players", "6")
    page.fill("#name", "Anna")
    page.select_option("#seat", "2")
    page.select_option("#level-0", "hard")
    page.check("#opt-trump")
    page.select_option("#opt-target", label="7")
    assert page.locator("#session").count() == 0  # the session length is Katte's only
    page.check("input[name=game][value='katte']")
    assert page.is_visible("#session")
    page.select_option("#session", "20")
    page.fill("#opt-ante", "25")
    page.locator("#opt-ante").blur()
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    assert page.is_checked("input[name=game][value='katte']")  # the last game chosen
    assert page.input_value("#session") == "20"
    assert page.input_value("#opt-ante") == "25"
    assert page.input_value("#name") == "Anna"
    page.check("input[name=game][value='katko']")
    assert page.input_value("#players") == "6"
    assert page.input_value("#seat") == "2"
    assert page.input_value("#level-0") == "hard"
    assert page.is_checked("#opt-trump")
    assert page.locator("#opt-target option:checked").inner_text() == "7"


def test_choices_that_no_longer_fit_fall_back(page: Any, watch: Any) -> None:
    lobby_page(page)
    page.evaluate("""localStorage.setItem("kortti-lobby", JSON.stringify({
      game: "katko", name: 42, levels: {"0": "grandmaster", "2": "hard"},
      games: {katko: {players: 99, seat: 1, options: {trump: "yes", hand_size: 9, vanished: true, target: 5}},
              katte: {session: 7, players: 3, options: {ante: -4, turn_seconds: "soon"}},
              nosuchgame: {players: 2}}}))""")
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    assert page.is_checked("input[name=game][value='katko']")
    assert page.input_value("#players") == "4"  # 99 is out of range: the default
    assert page.input_value("#seat") == "1"
    assert page.input_value("#level-0") == "medium"  # a level no game has
    assert page.input_value("#level-2") == "hard"
    assert not page.is_checked("#opt-trump")  # "yes" is not a yes/no answer
    assert page.locator("#opt-hand_size option:checked").inner_text() == "5"  # the default
    assert page.locator("#opt-target option:checked").inner_text() == "5"  # still fits: kept
    page.check("input[name=game][value='katte']")
    assert page.input_value("#players") == "3"
    assert page.input_value("#session") == "10"  # 7 hands is not offered: the default
    assert page.input_value("#opt-ante") == "10"
    assert page.input_value("#opt-turn_seconds") == ""
    # a value that is not even JSON: ignored, the lobby draws with the defaults
    page.evaluate("localStorage.setItem('kortti-lobby', '{not json')")
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    assert page.is_checked("input[name=game][value='katte']")  # the first game
    assert page.input_value("#players") == "4"


def test_session_length_in_the_collected_choices(page: Any, watch: Any) -> None:
    lobby_page(page)
    # catch what "Start" hands over (the page's own start is replaced for this test)
    lobby_call(page, "window.started = []; lobby.init((c) => window.started.push(c)); lobby.setReady();")
    page.check("input[name=game][value='katte']")
    labels = page.eval_on_selector_all("#session option", "os => os.map((o) => [o.value, o.textContent])")
    assert labels == [["5", "5 hands"], ["10", "10 hands"], ["20", "20 hands"], ["0", "Open: play until you leave"]]
    page.select_option("#session", "5")
    page.click("#start")
    page.select_option("#session", "0")
    page.click("#start")
    page.check("input[name=game][value='kocka']")
    page.click("#start")
    started = page.evaluate("window.started")
    assert [(c["game"], c["session"]) for c in started] == [("katte", 5), ("katte", 0), ("kocka", 0)]
    assert "session" not in started[0]["options"]  # a table setting, not an engine option


# ------------------------------------------------------------ saved matches


def test_save_round_trip_and_last_write_wins(page: Any, watch: Any) -> None:
    lobby_page(page)
    result = store_call(page, """
      const now = Date.now();
      const r = await store.saveMatch(makeSave("kocka", 2, now));
      return {r, persistent: store.persistent};""")
    assert result == {"r": {"ok": True, "persistent": True}, "persistent": True}
    # asked once per page: the same answer, a yes or a no, never an exception
    assert store_call(page, "const a = store.askPersist(); return a === store.askPersist() && typeof await a;") == "boolean"
    # saves after every action: 20 at once are written as the first and the last
    counted = store_call(page, """
      let puts = 0;
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (...a) { puts++; return put.apply(this, a); };
      const all = [];
      for (let d = 1; d <= 20; d++) all.push(store.saveMatch(makeSave("katko", d, Date.now())));
      const results = await Promise.all(all);
      IDBObjectStore.prototype.put = put;
      return {puts, ok: results.every((r) => r.ok)};""")
    assert counted == {"puts": 2, "ok": True}
    bad = store_call(page, "return store.saveMatch({v: 1, game: 'katte', record: {deals: []}});")
    assert bad["ok"] is False and "config" in bad["error"]
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    loaded = store_call(page, "return await store.loadMatches();")
    assert loaded["broken"] == []
    assert sorted(loaded["saves"]) == ["katko", "kocka"]
    assert loaded["saves"]["katko"]["summary"] == {"deal": 20, "text": "Summary of katko, deal 20"}
    kocka = loaded["saves"]["kocka"]
    assert kocka["config"]["levels"] == {"1": "easy", "2": "medium", "3": "hard"}
    assert len(kocka["record"]["deals"]) == 2 and kocka["record"]["seed"] == 7
    store_call(page, "await store.dropMatch('kocka');")
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    assert sorted(store_call(page, "return (await store.loadMatches()).saves;")) == ["katko"]


def test_without_indexeddb_the_saves_live_in_memory(page: Any, watch: Any) -> None:
    """Some private windows refuse to open IndexedDB (at once, or by a failed request):
    the page works on, from memory, and says so (``store.persistent === false``). Only
    the site's own database is refused here: Python's loader uses IndexedDB too."""
    refuse = """const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (name, ...rest) {
        if (name !== "kortti") return open.call(this, name, ...rest);
        %s
      };"""
    for how in ("throw new DOMException('The user denied permission', 'SecurityError');",
                """const req = {error: new DOMException('The operation failed', 'InvalidStateError')};
                   setTimeout(() => req.onerror && req.onerror({target: req}));
                   return req;"""):
        page.add_init_script(refuse % how)
        lobby_page(page)
        out = store_call(page, """
          const saved = await store.saveMatch(makeSave("kocka", 1, Date.now()));
          const aside = await store.setAside("katko", {broken: true}, "test");
          return {saved, aside: aside.ok, persistent: store.persistent, reason: store.reason,
                  loaded: Object.keys((await store.loadMatches()).saves), kept: (await store.keptAside()).length,
                  db: await store.database()};""")
        assert out["saved"] == {"ok": True, "persistent": False}
        assert out["persistent"] is False and out["reason"] and out["db"] is None
        assert out["loaded"] == ["kocka"] and out["kept"] == 1 and out["aside"] is True


def test_database_versions(page: Any, watch: Any) -> None:
    """Version 1 creates the saves and kept-aside stores, version 2 the history and the
    statistics' results; a database a newer version of the site upgraded (adding stores)
    is used as it is, not dropped to memory."""
    lobby_page(page)
    made = store_call(page, """
      const { DB_VERSION } = await import("./js/records/store.js");
      const db = await store.database();
      return {version: db.version, stores: [...db.objectStoreNames], DB_VERSION};""")
    assert made == {"version": 2, "stores": ["aside", "history", "results", "saves"], "DB_VERSION": 2}
    newer = page.context.new_page()
    watch.attach(newer)
    newer.goto("/?fast")
    newer.wait_for_selector("#lobby-form input[name=game]")
    # the first tab lets a newer version upgrade (it closes its connection when asked)
    newer.evaluate("""() => new Promise((done, fail) => {
      const req = indexedDB.open("kortti", 5);
      req.onupgradeneeded = () => req.result.createObjectStore("later", {autoIncrement: true});
      req.onsuccess = () => { req.result.close(); done(); };
      req.onerror = () => fail(req.error);
      req.onblocked = () => fail(new Error("blocked: the old tab did not let go"));
    })""")
    newer.close()
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    out = store_call(page, """
      const saved = await store.saveMatch(makeSave("katte", 1, Date.now()));
      const db = await store.database();
      return {saved, version: db.version, loaded: Object.keys((await store.loadMatches()).saves)};""")
    assert out == {"saved": {"ok": True, "persistent": True}, "version": 5, "loaded": ["katte"]}


def test_corrupt_save_is_kept_aside_and_the_lobby_still_plays(page: Any, watch: Any, tmp_path: Path) -> None:
    lobby_page(page)
    good_then = int(time.time() * 1000) - 3 * 60_000
    store_call(page, "await store.saveMatch(makeSave('katte', 3, arg));", good_then)
    put_raw(page, {"kocka": {"game": "kocka", "v": 1, "record": "garbage"},
                   "katko": "not even an object"})
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    # the page reads the saves at load (app.js calls this; calling it again is harmless)
    lobby_call(page, "await lobby.offerStored();")
    asides = page.locator(".offer-aside")
    assert asides.count() == 2
    texts = asides.all_inner_texts()
    assert any("A saved Kočka match could not be read; it was kept aside." in t for t in texts)
    assert any("A saved Katko match could not be read; it was kept aside." in t for t in texts)
    # the good save is still offered beside them
    katte = page.locator(".offer[data-game='katte']:not(.offer-aside)")
    assert "Hand 3" in katte.inner_text() and "Saved 3 minutes ago" in katte.inner_text()
    # each download is the raw save, named after its game
    for game, expected in (("kocka", {"game": "kocka", "v": 1, "record": "garbage"}), ("katko", None)):
        with page.expect_download() as info:
            page.click(f".offer-aside[data-game='{game}'] a.offer-download")
        download = info.value
        assert download.suggested_filename == f"kortti-{game}-save.json"
        path = tmp_path / download.suggested_filename
        download.save_as(path)
        content = path.read_text("utf-8")
        if expected is None:
            assert content == "not even an object"
        else:
            assert json.loads(content) == expected
    # moved out of the saves, kept aside, and still there after a reload
    state = store_call(page, "return {loaded: await store.loadMatches(), aside: await store.keptAside()};")
    assert state["loaded"]["broken"] == [] and sorted(state["loaded"]["saves"]) == ["katte"]
    assert sorted(a["game"] for a in state["aside"]) == ["katko", "kocka"]
    assert all(a["reason"] and a["when"] > 0 for a in state["aside"])
    page.reload()
    page.wait_for_selector("#lobby-form input[name=game]")
    lobby_call(page, "await lobby.offerStored();")
    assert page.locator(".offer-aside").count() == 2  # not set aside twice
    # removing one asks first
    page.click(".offer-aside[data-game='katko'] .offer-remove")
    page.wait_for_selector("dialog.lobby-dialog[open]")
    assert "Remove the unreadable Katko save for good?" in page.inner_text("dialog.lobby-dialog")
    page.click("dialog.lobby-dialog button[value='yes']")
    page.wait_for_selector(".offer-aside[data-game='katko']", state="detached")
    page.wait_for_function("""async () => {
      const { store } = await import("./js/records/store.js");
      return (await store.keptAside()).map((a) => a.game).join() === "kocka";
    }""")
    # and the lobby still starts a game
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_TIMEOUT)
    start_match(page, "katko", players=3, name="Tester")
    assert page.is_visible("#table")


def test_junk_offers_never_break_the_lobby(page: Any, watch: Any) -> None:
    lobby_page(page)
    shown = lobby_call(page, """
      lobby.offer(null, null);
      lobby.offer("nonsense", 42);
      lobby.offer({kocka: {v: 1, game: "kocka", summary: "not an object", record: 5, updated: "yesterday"},
                   katte: null, nosuchgame: makeSave("nosuchgame", 1, Date.now())},
                  [null, 42, {game: {}}, {game: "katko", raw: {a: 1}}, {game: "kocka", raw: undefined}]);
      return [...document.querySelectorAll("#lobby-offers .offer")].map((e) => e.className);""")
    assert shown.count("offer") == 1 and shown.count("offer offer-aside") == 5
    assert "Kočka" in page.inner_text(".offer[data-game='kocka']:not(.offer-aside)")
    assert page.locator(".offer-aside", has_text="A saved match could not be read").count() == 3
    page.check("input[name=game][value='kocka']")  # the form still answers
    assert page.input_value("#seat") == "0"


# ------------------------------------------------------------ one tab per match


def test_a_match_is_locked_to_one_tab(page: Any, context: Any, watch: Any) -> None:
    lobby_page(page)
    other = context.new_page()
    watch.attach(other)
    lobby_page(other)
    assert store_call(page, "window.held = await store.lockMatch('kocka'); return Boolean(window.held);")
    assert store_call(other, "return await store.lockMatch('kocka');") is None
    assert store_call(other, "return Boolean(await store.lockMatch('katko'));")  # another game: free
    # the second tab can wait for the first to let go
    store_call(other, "window.free = false; store.whenFree('kocka').then((f) => { window.free = f; });")
    time.sleep(0.3)
    assert other.evaluate("window.free") is False
    store_call(page, "await window.held.release();")
    other.wait_for_function("window.free === true")
    assert store_call(other, "window.mine = await store.lockMatch('kocka'); return Boolean(window.mine);")
    assert store_call(page, "return await store.lockMatch('kocka');") is None
    # asked with a wait (a reloaded table's page): null if the other still holds it after
    # the wait, granted as soon as the other lets go within it
    assert store_call(page, "return await store.lockMatch('kocka', 300);") is None
    store_call(page, "window.waiting = store.lockMatch('kocka', 20000);")
    store_call(other, "await window.mine.release();")
    assert store_call(page, "const l = await window.waiting; if (l) await l.release(); return Boolean(l);")
    other.close()  # a closed tab lets go of its matches
    page.wait_for_function("""async () => {
      const { store } = await import("./js/records/store.js");
      const lock = await store.lockMatch("kocka");
      if (lock) await lock.release();
      return Boolean(lock);
    }""")


# ------------------------------------------------------------ continue offers


def test_offer_cards_continue_discard_and_locked(page: Any, watch: Any) -> None:
    lobby_page(page)
    now = int(time.time() * 1000)
    lobby_call(page, """
      window.continued = []; window.discarded = [];
      lobby.init(null, {onContinue: (g) => window.continued.push(g), onDiscard: (g) => window.discarded.push(g)});
      lobby.offer({kocka: makeSave("kocka", 3, arg - 5 * 60000), katte: makeSave("katte", 2, arg - 3 * 86400000)}, []);
    """, now)
    offers = page.locator("#lobby-offers")
    assert offers.is_visible()
    # above the game choice
    assert page.evaluate("""document.getElementById('lobby-offers').compareDocumentPosition(
      document.querySelector('#lobby-form .games')) & Node.DOCUMENT_POSITION_FOLLOWING""")
    kocka = page.locator(".offer[data-game='kocka']")
    text = kocka.inner_text()
    for part in ("Kočka", "Deal 3", "Summary of kocka, deal 3", "Saved 5 minutes ago"):
        assert part in text, (part, text)
    katte = page.locator(".offer[data-game='katte']").inner_text()
    assert "Hand 2" in katte and "Saved 3 days ago" in katte
    # kept-aside saves beside them, for the accessibility check of the whole block
    lobby_call(page, "lobby.offer({kocka: makeSave('kocka', 3, arg - 5 * 60000), "
               "katte: makeSave('katte', 2, arg - 3 * 86400000)}, [{id: 1, game: 'katko', raw: '{', reason: 'x'}]);", now)
    lobby_call(page, "lobby.locked('katte');")
    axe_check(page, "lobby with offers", "#lobby")
    lobby_call(page, "lobby.unlocked('katte');")
    kocka.get_by_role("button", name="Continue").click()
    assert page.evaluate("window.continued") == ["kocka"]
    # Discard asks first: "Cancel" keeps the match
    kocka.get_by_role("button", name="Discard").click()
    dialog = page.locator("dialog.lobby-dialog[open]")
    assert "Discard the saved Kočka match?" in dialog.inner_text()
    assert page.evaluate("document.activeElement.textContent") == "Cancel"  # the safe answer first
    axe_check(page, "the confirm dialog", "dialog.lobby-dialog")
    dialog.get_by_role("button", name="Cancel").click()
    assert page.evaluate("window.discarded") == [] and kocka.count() == 1
    kocka.get_by_role("button", name="Discard").click()
    page.locator("dialog.lobby-dialog[open]").get_by_role("button", name="Discard the match").click()
    page.wait_for_function("window.discarded.length > 0")  # once the dialog has closed (an event)
    assert page.evaluate("window.discarded") == ["kocka"]
    assert kocka.count() == 0
    # focus stays on the offers, never on the page body
    assert page.evaluate("document.activeElement.closest('#lobby-offers') !== null")
    # the match open in another tab: said on its card, Continue disabled
    lobby_call(page, "lobby.locked('katte');")
    card = page.locator(".offer[data-game='katte']")
    assert "This match is open in another tab." in card.locator(".offer-note").inner_text()
    assert card.get_by_role("button", name="Continue").is_disabled()
    lobby_call(page, "lobby.unlocked('katte');")
    assert card.get_by_role("button", name="Continue").is_enabled()
    assert card.locator(".offer-note").inner_text() == ""
    # in the page's language
    choose_language(page, "fi")
    assert page.locator(".offer[data-game='katte']").get_by_role("button", name="Jatka").is_visible()
    assert "Jako 2" in page.locator(".offer[data-game='katte']").inner_text()
    choose_language(page, "cs")
    assert page.locator(".offer[data-game='katte']").get_by_role("button", name="Pokračovat").is_visible()
    # no offers: no section
    lobby_call(page, "lobby.offer({}, []);")
    assert not offers.is_visible()


def test_default_discard_drops_the_save(page: Any, watch: Any) -> None:
    lobby_page(page)
    store_call(page, "await store.saveMatch(makeSave('katko', 1, Date.now()));")
    lobby_call(page, "await lobby.offerStored();")
    page.click(".offer[data-game='katko'] .offer-discard")
    page.click("dialog.lobby-dialog[open] button[value='yes']")
    page.wait_for_function("""async () => {
      const { store } = await import("./js/records/store.js");
      return Object.keys((await store.loadMatches()).saves).length === 0;
    }""")
