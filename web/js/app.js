// The page's entry: the lobby at once, Python booting in its worker meanwhile, and the
// routes. Routes live in the URL fragment (the static host has no catch-all):
//   #/             the lobby
//   #/play/<game>  the table of that game's match (saved after every action)
//   #/stats, #/history  the statistics and the history of matches (stats.js, history.js)
//   #/replay/<id>, #/share/<seat>.<deal>.<record>  a deal replayed (replay.js, docs/links.md)
//   #/deal/<game>?number=…  "Play this deal": the same cards against the same bots (deals.js)
//   #/join/<seat>.<code>?game=…&host=…, #/answer/<seat>.<code>  a friends table's invite (it names the
//                  game and the host) and its answer (friends.js); #/table/<code>?game=…&host=… its table code
//   #/quick/<game>  a quick match: looking for a public table, or seated at a stranger's (quick.js)
// Back from the table pauses to the lobby, where "Continue" is offered; forward returns.
import { lobby } from "./lobby.js";
import { table } from "./table/table.js";
import { boot as bootPython, call, prefetchWorkerFiles } from "./engine.js";
import { watchBoot, bootDone, bootFailed } from "./boot.js";
import { registerWorker, takeUpdate } from "./pwa.js";
import * as store from "./records/store.js";
import { DATA, lang, t, applyStatic, setLanguage, onLanguage, onCatalogue, acrossLanguages, el } from "./i18n.js";
import { numbers } from "./plural.js";
import { confirmDialog } from "./table/table-view.js";
import * as settings from "./settings.js";
import { openSettings } from "./settings-dialog.js";
import { counts as soundCounts } from "./table/sound.js";
import { recordOutcome, newMatchId, showHistory, capNotice } from "./records/history.js";
import { showStats } from "./records/stats.js";
import { replay } from "./records/replay.js";
import { newNumber, today, readPlayLink, playLink } from "./records/deals.js";
import { rowKey } from "./records/data-file.js";
import { openRoom, openInvite, stopHosting, joinPage, answerPage, codePage, resumeHosting, friendsConnected, hostPublic,
  hostNoPeek, markNoPeek, atNoPeek } from "./net/friends.js";
import { quickMatch, stopQuick, matchOver, presetFor, quickStats } from "./net/quick.js";

const params = new URLSearchParams(location.search);
const FRIEND_PAGES = ["join", "answer", "table"]; // a friend's pages: no Python needed
// how long a table's address opened waits for its match's lock (a reload's old page lets go
// of it as it unloads); a match truly open in another tab is said after this
const RELOAD_LOCK_MS = 5000;
let playing = null; // {game, config, lock} of the match on the table
let recording = null; // a no-peek friend's seat: its match's config (its audited deals count here too)
let saves = {}; // the saved matches, by game (kept in step with the store)
let ready = null; // Promise: Python is ready in its worker

// ------------------------------------------------------------------ routes

function route() {
  const m = /^#\/play\/([\w-]+)$/.exec(location.hash);
  if (location.hash === "#/stats" || location.hash === "#/history") return { page: location.hash.slice(2) };
  const shown = /^#\/(replay|share)\/(.+)$/s.exec(location.hash);
  if (shown) return { page: shown[1], arg: shown[2] };
  const friends = /^#\/(join|answer|table)\/(.+)$/s.exec(location.hash);
  if (friends) return { page: friends[1], arg: friends[2] };
  const quick = /^#\/quick\/([\w-]+)$/.exec(location.hash);
  if (quick && presetFor(quick[1])) return { page: "quick", game: quick[1] };
  const link = readPlayLink(location.hash, DATA.games);
  if (link) return { page: "deal", link };
  return m ? { page: "play", game: m[1] } : { page: "lobby" };
}

function go(hash, replace = false) {
  if (location.hash === hash || (!location.hash && hash === "#/")) return;
  if (replace) history.replaceState(null, "", hash);
  else history.pushState(null, "", hash);
}

async function follow() {
  const r = route();
  if (!FRIEND_PAGES.includes(r.page)) python(); // (a friend's page plays without Python)
  if (r.page !== "replay" && r.page !== "share") replay.close(); // (it holds the table's drawing ids)
  if (r.page !== "quick") stopQuick(); // (a public table's page left: its sockets close)
  if (r.page === "play") {
    if (playing && playing.game === r.game) return;
    if (saves[r.game]) return continueMatch(r.game, true);
    go("#/", true);
  }
  if (playing) pause();
  if (r.page === "replay" || r.page === "share") {
    showOnly("replay"); // every other section hidden (a friend's page too); replay.js shows its own
    return replay.open(r, () => python());
  }
  if (r.page === "stats" || r.page === "history") return showPage(r.page);
  // (a quick match boots Python as the lobby does: with nobody to join, the page hosts)
  if (r.page === "quick") return quickMatch(showOnly("friends"), r.game, quickHooks);
  if (FRIEND_PAGES.includes(r.page)) {
    // (the code stays in the fragment: it never reaches a server, not even this site's)
    const section = showOnly("friends");
    if (r.page === "answer") return answerPage(section, location.hash);
    // (a no-peek table's friend plays its own seat: Python boots for it, python())
    if (r.page === "table") return codePage(section, location.hash, { show: showGuestTable, done: () => { go("#/"); showLobby(); }, python });
    return joinPage(section, location.hash, { show: showGuestTable, done: () => { go("#/"); showLobby(); }, python });
  }
  go("#/", true);
  await showLobby(r.page === "deal" && r.link.error ? t("web.deal_link.bad") : undefined);
  if (r.page === "deal" && !r.link.error) offerDeal(r.link);
}

// A "Play this deal" link: say what it is, then seat the reader at those cards.
async function offerDeal(link) {
  const text = t("web.deal_link.text", { game: t(`game.${link.game}`), players: link.players,
    number: link.number.toLocaleString(numbers(lang)), seat: link.seat + 1 });
  if (await confirmDialog("deal-link-dialog", t("web.deal_link.title"), text, t("web.deal_link.start"),
    t("web.dialog.cancel"), { yesFirst: true })) {
    start({ ...lobby.choicesFor(), ...link, session: 0 }, { number: link.number });
  }
}

// The deal of the day: its table is fixed by the engine from the date; the first finished
// attempt counts in the statistics, a later one is practice.
async function startDaily(game) {
  const date = today();
  const id = `daily-${game}-${date}`;
  const played = (await store.listResults()).value?.some((r) => r && r.key === rowKey(id, 0));
  start({ ...lobby.choicesFor(), game, seat: 0, daily: date },
    played ? { practice: true } : { id });
}

// The statistics or the history page in place of the lobby (the other page emptied: both
// draw the same data controls).
const PAGES = { stats: showStats, history: showHistory };
function showPage(name) {
  showOnly(name);
  for (const id of Object.keys(PAGES)) if (id !== name) document.getElementById(id).replaceChildren();
  return PAGES[name](document.getElementById(name));
}

/** Only this section of the page on screen (the lobby, the table, a page): returns it. */
function showOnly(name) {
  for (const id of ["lobby", "table", "friends", ...Object.keys(PAGES)]) document.getElementById(id).hidden = id !== name;
  return document.getElementById(name);
}

// A friend's page: the host's first table for this seat arrived (friends.js); ``noPeek``: a
// no-peek table's config (the seat plays its own match: its audited deals count here).
function showGuestTable(reply, { leave, noPeek = null }) {
  recording = noPeek ? { ...noPeek, started: Date.now() } : null;
  markNoPeek(Boolean(noPeek));
  showOnly("table");
  table.open(reply, {
    save() {}, // the host's page keeps the match
    leave: async () => {
      if (!(await confirmDialog("leave-dialog", t("web.leave.title"), t("web.friends.leave.text"),
        t("web.leave.yes"), t("web.leave.no")))) return;
      markNoPeek(false);
      recording = null;
      leave();
    },
    ended: () => { markNoPeek(false); recording = null; leave(); },
    playLink: () => null,
  });
}

// ------------------------------------------------------------------ the lobby

async function showLobby(error) {
  for (const id of [...Object.keys(PAGES), "friends"]) document.getElementById(id).hidden = true;
  lobby.show(error);
  capNotice(() => showLobby()).then((notice) => document.getElementById("lobby-notice")?.replaceChildren(notice ?? ""));
  // malformed saves are kept aside (downloadable), never lost, never in the way
  const { saves: found, aside } = await store.loadAll();
  saves = found;
  lobby.offer(saves, aside);
  document.body.dataset.offers = "1"; // the saved matches are on offer (tests wait for it)
}

function pause() {
  stopQuick(); // (a public table's announcements end with it)
  closeTable();
}

/** The table closes: the match stays saved (and its seat locked only while on the table);
 * friends' channels close. */
function closeTable() {
  markNoPeek(false);
  recording = null;
  stopHosting();
  table.close();
  playing?.lock?.release();
  playing = null;
}

// ``waitMs``: how long a lock held elsewhere is waited for (store.lockMatch)
async function enter(game, config, request, waitMs = 0) {
  // (a public table is never saved: it lives as long as its host's page, and needs no lock)
  const lock = config.public ? { release() {} } : await store.lockMatch(game, waitMs);
  if (!lock) {
    // open in another tab: said on its offer, until that tab lets it go
    lobby.locked(game);
    store.whenFree(game).then(() => lobby.unlocked(game));
    return false;
  }
  lobby.busy?.(true);
  let reply;
  try {
    await python();
    reply = await request();
  } catch (e) {
    reply = { error: String(e && e.message ? e.message : e) };
  } finally {
    lobby.busy?.(false);
  }
  if (reply.error) {
    lock.release();
    return reply;
  }
  playing = { game, config, lock };
  showOnly("table");
  table.open(reply, config.public ? {
    save() {},
    leave: () => leave(),
    ended: () => { closeTable(); matchOver(showOnly("friends")); },
    playLink: () => null,
  } : {
    save: (record, model) => saveMatch(game, config, record, model),
    leave: () => leave(),
    ended: () => endMatch(game),
    // "Play this deal": a numbered match's number, options and bot levels (not the deal of the day's: it has its own)
    playLink: () => (config.number && !config.daily ? playLink(config) : null),
    // a friends table: the menu's "Invite friends" (a solo table can take friends too)
    invite: config.humans || config.daily ? null : () => openInvite(config.name, config, keepCode),
  });
  // a friends table with a code: open again at once (the host's page reloaded), friends come back
  if (config.table_code) resumeHosting(config.name, config, keepCode);
  // (the table stores the match as opened before it offers a decision: hooks.save)
  store.askPersist();
  return reply;
}

/** Whether a new match of ``game`` may start: yes, or the player agrees that it replaces
 * the one saved. */
async function mayReplace(game) {
  return !saves[game] || confirmDialog("replace-dialog", t("web.save.replace.title"),
    t("web.save.replace.text", { game: t(`game.${game}`) }), t("web.save.replace.yes"), t("web.dialog.cancel"));
}

// ``asked``: the player has already agreed that it replaces the match saved (a friends room's "Deal")
async function start(choices, fixed = {}, asked = false) {
  // every match is numbered (its cards come from the number: "fair by proof"); ?seed=
  // deals from a seed instead (the tests' fixed deals)
  const seed = params.has("seed") ? Number(params.get("seed")) : null;
  const dealt = seed === null ? { number: newNumber() } : { seed };
  const config = { ...choices, ...dealt, lang, id: newMatchId(), started: Date.now(), ...fixed };
  const game = config.game;
  if (config.friends) {
    // a friends table: the room first (who sits where); the deal once the host deals
    return openRoom(showOnly("friends"), config, {
      // (asked before the room is left: "Cancel" keeps the room and every friend in it)
      mayDeal: () => mayReplace(game),
      deal: async (guests) => {
        if (guests.nopeek) return startNoPeek({ ...config, ...choices, friends: undefined }, guests);
        const reply = await start({ ...choices, guests: guests.names, guest_langs: guests.langs, friends: undefined,
          ...(guests.seconds ? { turn_seconds: guests.seconds } : {}), ...(guests.code ? { table_code: guests.code } : {}) },
        { ...fixed, id: config.id }, true);
        if (reply && !reply.error) return;
        // no table came (the game open in another tab, or refused): the friends are told the
        // host left, rather than wait on it for ever, and the host sees why in the lobby
        stopHosting();
        go("#/");
        showLobby(reply?.error);
      },
      back: () => { stopHosting(); go("#/"); showLobby(); },
    });
  }
  if (!asked && !(await mayReplace(game))) return;
  const reply = await enter(game, config, () => call("start", JSON.stringify(config)));
  if (reply && reply.error && !config.guests) lobby.show(reply.error); // (a friends room's deal says it itself)
  else if (reply && !reply.error) go(`#/play/${game}`);
  return reply;
}

/** A no-peek friends table (issue 50): every page deals and plays its own seat; this page
 * also relays. The table opens once this seat's hand has come; nothing is saved (a partial
 * record cannot be resumed: a reload leaves the table). */
async function startNoPeek(config, guests) {
  const game = config.game;
  const seat = Number(config.seat ?? 0);
  const people = new Set([seat, ...Object.keys(guests.names).map(Number)]);
  const levels = Object.fromEntries(Array.from({ length: config.players }, (_, s) => s).filter((s) => !people.has(s))
    .map((s) => [String(s), (config.levels || {})[s] && config.levels[s] !== "person" ? config.levels[s] : "medium"]));
  const seatConfig = { game, players: config.players, options: config.options || {}, seat, name: config.name, lang, levels,
    id: config.id, started: Date.now(), names: [], ...(guests.seconds ? { turn_seconds: guests.seconds } : {}) };
  const section = showOnly("friends");
  const status = el("p", { id: "room-status", role: "status", text: t("web.nopeek.state.keys") });
  const { noPeekNote } = await import("./net/nopeek-table.js");
  section.replaceChildren(el("h1", { id: "friends-title", text: t("web.friends.room.title", { game: t(`game.${game}`) }) }), status,
    noPeekNote(game, Object.keys(levels).length > 0)); // (read while the devices deal)
  await python();
  const np = await hostNoPeek(seatConfig, guests.names, {
    said: (text) => { status.textContent = text; },
    open: (reply) => {
      playing = { game, config: seatConfig, lock: { release() {} } };
      markNoPeek(true);
      showOnly("table");
      table.open(reply, { save() {}, leave: () => leave(), ended: () => toLobby(), playLink: () => null });
    },
    push: (reply) => table.push(reply),
  });
  if (!np) return;
  const dealt = await np.deal();
  if (dealt?.error) {
    stopHosting();
    go("#/");
    showLobby(dealt.error);
  }
}

async function continueMatch(game, fromRoute = false) {
  const save = saves[game];
  if (!save) return;
  const config = { ...save.config, lang };
  config.id ??= newMatchId(); // a save from before the history
  // a table's address opened (a reload): its old page may still hold the match a moment
  const reply = await enter(game, config, () => call("resume", JSON.stringify(config), JSON.stringify(save.record)),
    fromRoute ? RELOAD_LOCK_MS : 0);
  if (reply && reply.error) {
    // the engine refused the saved record: kept aside (downloadable), never lost
    await store.setAside(game, JSON.stringify(save), reply.error);
    if (fromRoute) go("#/", true);
    showLobby();
  } else if (!reply && fromRoute) {
    // open in another tab: the lobby says so on the match's offer
    go("#/", true);
    showLobby();
  } else if (reply && !fromRoute) {
    go(`#/play/${game}`);
  }
}

/** The table code the host opened, kept with the match (a reload opens it again). */
function keepCode(code) {
  if (!playing) return;
  playing.config.table_code = code;
  const save = saves[playing.game];
  if (save) saveMatch(playing.game, playing.config, save.record, table.model);
}

/** Store the match (resolves with the store's answer once it is, or could not be, stored). */
function saveMatch(game, config, record, model) {
  // a finished match is not one to continue: its save goes (its outcome is in the history)
  if (model.match_over) {
    forget(game);
    return;
  }
  // the continue card says the game and the deal itself: its line is where the player stands
  // (pass-and-play: where each person stands, by name: the table was turned to one of them)
  const seats = Array.isArray(model.seats) ? model.seats : [];
  const text = model.passing
    ? seats.filter((s) => !s.bot && s.score).map((s) => `${s.name}: ${s.score}`).join(" · ")
    : seats[model.seat]?.score ? `${t("web.you")}: ${seats[model.seat].score}` : "";
  const save = { v: 1, game, config, record, updated: Date.now(), summary: { deal: model.deal, text } };
  saves[game] = save;
  return store.saveMatch(save);
}

async function leave() {
  // (a friends table: the friends' pages lose the table with it)
  // a match that is over has nothing to keep: it is left at once, unless friends would lose the table
  const over = Boolean(table.model?.match_over);
  const friends = friendsConnected();
  if (over && !friends) return toLobby();
  const text = playing?.config.public ? "web.leave.text.public" : over ? "web.leave.text.over"
    : friends ? "web.leave.text.friends" : "web.leave.text";
  const ok = await confirmDialog("leave-dialog", t("web.leave.title"), t(text), t("web.leave.yes"), t("web.leave.no"));
  if (ok) toLobby();
}

function toLobby() {
  pause();
  go("#/");
  showLobby();
}

async function forget(game) {
  delete saves[game];
  await store.dropMatch(game);
}

async function endMatch(game) {
  await forget(game); // the match is over: nothing left to continue
  toLobby();
}

async function discard(game) {
  await forget(game);
  showLobby();
}

// ------------------------------------------------------------------ the quick match

/** What the quick match (quick.js) asks of the page. */
const quickHooks = {
  // (the lobby's default name, "You" in some language, is no name for strangers)
  name: () => {
    const name = lobby.choicesFor().name;
    return acrossLanguages("web.lobby.name.default").includes(name) ? "" : name;
  },
  saveName: (name) => lobby.setName(name),
  noPeek: () => lobby.quickNoPeek(),
  host: hostQuickTable,
  unhost: () => { closeTable(); showOnly("friends"); go(location.hash.replace(/^#\/play\//, "#/quick/"), true); },
  showGuest: showGuestTable,
  solo: (game) => { stopQuick(); go("#/"); showLobby(); lobby.play(game); },
  lobby: () => { stopQuick(); go("#/"); showLobby(); },
};

/** A quick match found nobody: this page deals a public table of the preset at once, against
 * computer players, and opens its code for strangers (friends.js); a no-peek one (``noPeek``)
 * deals its first deal with this page's seat the only person's. */
async function hostQuickTable(preset, name, code, on, noPeek = false) {
  const game = preset.game;
  const levels = Object.fromEntries(Array.from({ length: preset.seats - 1 }, (_, i) => [String(i + 1), "medium"]));
  if (noPeek) return hostQuickNoPeek(preset, name, code, on, levels);
  const config = { game, players: preset.seats, seat: 0, name, options: { ...preset.options }, levels, session: 0,
    public: preset.id, number: newNumber(), lang, id: newMatchId(), started: Date.now(),
    // (Katte's timer is its own option, K-13: the preset sets it there)
    ...(game === "katte" ? {} : { turn_seconds: preset.turnSeconds }) };
  const reply = await enter(game, config, () => call("start", JSON.stringify(config)));
  if (!reply || reply.error) return false;
  go(`#/play/${game}`, true); // (back goes to the lobby: the table closes)
  return hostPublic(name, config, code, on);
}

/** A no-peek public table (issue 50): this page is its relay and seat 0, every other seat a
 * computer player face up; its code opens once this seat's first hand is on the table.
 * Nothing is saved (a public table never is). */
async function hostQuickNoPeek(preset, name, code, on, levels) {
  const game = preset.game;
  const seatConfig = { game, players: preset.seats, seat: 0, name, options: { ...preset.options }, lang, levels,
    id: newMatchId(), started: Date.now(), names: [], public: preset.id,
    // (Katte's timer is its own option, K-13: the preset sets it there)
    ...(game === "katte" ? {} : { turn_seconds: preset.turnSeconds }) };
  await python();
  const first = async () => {
    let opened = () => {};
    const shown = new Promise((resolve) => { opened = () => resolve(true); });
    const np = await hostNoPeek(seatConfig, {}, {
      said: (text) => { const status = document.getElementById("quick-status"); if (status) status.textContent = text; },
      open: (reply) => {
        playing = { game, config: seatConfig, lock: { release() {} } };
        markNoPeek(true);
        showOnly("table");
        table.open(reply, { save() {}, leave: () => leave(), ended: () => { closeTable(); matchOver(showOnly("friends")); },
          playLink: () => null });
        go(`#/play/${game}`, true); // (back goes to the lobby: the table closes)
        opened();
      },
      push: (reply) => table.push(reply),
    });
    const dealt = np ? await np.deal() : { error: "" };
    return dealt && !("error" in dealt) ? shown : false;
  };
  return hostPublic(name, seatConfig, code, { ...on, noPeek: first });
}

// ------------------------------------------------------------------ Python

function pythonReady(reply) {
  lobby.setReady();
  bootDone();
  // how the worker booted: "snapshot" (a return visit) or "plain" (tests and the bench read it)
  document.body.dataset.boot = reply?.boot?.kind || "unknown";
  if (reply?.boot?.why) console.info(`kortti: plain boot: ${reply.boot.why}`);
  document.body.dataset.ready = "1"; // play works from here on (tests wait for it)
  performance.mark("kortti:ready");
  // only now the service worker installs and fetches the rest of the site (the snapshot
  // for the next visit, the rules pages…): nothing competes with the first boot
  registerWorker();
}

function languageMenu() {
  const menu = /** @type {HTMLSelectElement} */ (document.getElementById("lang"));
  menu.value = lang; // (its options are in the page from the start: build.py)
  // (a language whose words cannot come, offline: the menu goes back to the page's language)
  menu.addEventListener("change", async () => { if (!(await setLanguage(menu.value))) menu.value = lang; });
  onLanguage((code) => { menu.value = code; });
}

// for tests and bug reports: the match as a hand record, the model on screen, bot faults
window.kortti = {
  record: () => call("record"),
  model: () => table.model,
  botErrors: () => call("bot_errors"),
  watch: (fn) => table.watch(fn),
  pauses: () => table.pauses, // settings: each pause the table took, with its planned length
  sounds: soundCounts, // settings: the sounds made, by kind
  setLanguage,
  quick: quickStats, // a quick match: its state, what it sent to the relays, who sits where
};

// a reply in which a deal ended: into the history and the statistics
table.watch((reply) => {
  if (reply?.model?.practice && playing) playing.config.practice = true; // undo was used
  const config = playing?.config ?? recording;
  if (reply && reply.outcome && reply.record && config) recordOutcome(config, reply.record, reply.outcome);
});

settings.apply();
document.getElementById("settings-btn").addEventListener("click", openSettings);
applyStatic();
languageMenu();
lobby.init(start, { onContinue: (game) => continueMatch(game), onDiscard: discard, onDaily: startDaily,
  onQuick: (game) => { go(`#/quick/${game}`); follow(); } });
performance.mark("kortti:lobby"); // the lobby is on screen and answers; Python boots in its worker
/** Python in its worker, booted on first need: at once, but for a friend's page (the host's
 * page runs the match), which boots it only if the friend goes on to play alone. */
function python() {
  if (!ready) {
    watchBoot();
    // the catalogues the page has (its own language's, English's) and the words read
    // across languages; a catalogue fetched later follows (onCatalogue below)
    ready = bootPython({ messages: { ...DATA.messages }, across: DATA.across, lang, games: DATA.order });
    // its files start to come once the lobby is painted (not before: the lobby's own come first)
    requestAnimationFrame(() => setTimeout(prefetchWorkerFiles, 0));
    ready.then(pythonReady, (e) => bootFailed(String(e && e.message ? e.message : e)));
  }
  return ready;
}
// a language's words fetched later go to Python too, before they are used (a switch, or a
// friend who joined in that language): its tables speak it
onCatalogue((code, messages) => {
  if (!ready) return undefined; // Python boots later, with every catalogue the page has then
  const adding = ready.then(() => call("add_catalogue", code, JSON.stringify(messages)), () => {});
  // a boot under way takes it once done: a switch in the lobby does not wait for the boot
  return document.body.dataset.ready === "1" ? adding : undefined;
});
if (!FRIEND_PAGES.includes(route().page)) python();
window.addEventListener("popstate", follow);
// a reload (or a crash) on a table's address continues that match: saves first
// a new version waiting is taken up first (the page then reloads): only then is a match resumed
Promise.all([store.loadAll(), takeUpdate(() => Boolean(playing))]).then(([{ saves: found }, updating]) => {
  saves = found;
  if (updating) return;
  if (reloadedNoPeek()) return;
  follow();
});

/** A page reloaded mid no-peek match: no partial record can resume it (no page holds the
 * whole deal, and this one's keys are gone): said plainly, with the way back to the lobby.
 * (The others saw this page leave: its hand was opened and a computer player took it.) */
function reloadedNoPeek() {
  const reloaded = atNoPeek();
  markNoPeek(false);
  if (!reloaded) return false;
  const section = showOnly("friends");
  section.replaceChildren(el("h1", { id: "friends-title", text: t("web.nopeek.reload.title") }),
    el("p", { id: "join-status", role: "alert", text: t("web.nopeek.reload.text") }),
    el("p", {}, el("a", { href: "#/", id: "nopeek-reload-back", text: t("web.friends.back"),
      onclick: (e) => { e.preventDefault(); go("#/"); showLobby(); } })));
  return true;
}
