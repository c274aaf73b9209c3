// The quick match: one tap in the lobby, and the player sits at a public table of that game
// with strangers, or opens one that strangers join. No server of ours: tables are found
// over the public Nostr relays (quick-lobby.js: the events, relay-pool.js: the sockets), and
// a table is a friends table by its code (friends.js, room.js) that the host's page opened
// and announces.
//
//   looking  one "looking" event; hosts answer with their announcement at once; after
//            LISTEN_MS the page picks the table with the most people, then the oldest
//   joining  the table's code, as a friend joins by a code; no connection within JOIN_MS:
//            the next table, and with none left the page hosts
//   seated   a stranger at another's table: the lobby's sockets close (nothing more is sent)
//   opening, hosting  the page deals at once against computer players, opens the table's code and
//            announces the table every ANNOUNCE_MS while it is visible and has a free seat;
//            a lone host that hears an older lone table (or one with people) moves there
//
// Before the first quick match the page says what goes to whom (the relays, the strangers,
// the host's device) and asks for a name; the choice is remembered.
//
// A quick match is no-peek (issue 50) unless the player turned "No-peek deal" off beside the
// lobby's Quick match: the players' devices deal, the table's announcement says so, and a page
// sits only at tables that deal as it does (a no-peek page leaves a host that sends it a
// whole table).
import { t, el } from "../i18n.js";
import { table } from "../table/table.js";
import { PRESETS } from "./quick-presets.js";
import { newKeys } from "./nostr.js";
import { ANNOUNCE_MS, ANSWER_MS, MAX_AGE_S, choose, listing, lobbyFilter, makeAnnouncement, makeLooking,
  parseLobbyEvent, senderLimiter } from "./quick-lobby.js";
import { relayPool } from "./relay-pool.js";
import { netForm, netSettings, noPeekOffered, publicSeats, seatFriend } from "./friends.js";
import { newCode } from "./words.js";
import * as protocol from "./protocol.js";

/** How long the page listens for hosts' answers to its "looking" before it picks (ms). */
export const LISTEN_MS = 2500;
/** How long a table's connection has to form before the page tries the next (ms). */
export const JOIN_MS = 10_000;
/** A public table's next deal comes this long after a deal ends (ms), whoever is not ready:
 * strangers do not wait on one who went quiet. */
export const SUMMARY_MS = 20_000;

const CONSENT_KEY = "kortti.quick.consent"; // "1": the player read what a quick match sends where

/**
 * @typedef {import("./quick-presets.js").Preset} Preset
 * @typedef {{
 *   name(): string,
 *   saveName(name: string): void,
 *   noPeek(): boolean,
 *   host(preset: Preset, name: string, code: string, on: {onSeats: () => void, onError: (why: string) => void},
 *     noPeek: boolean): Promise<boolean>,
 *   unhost(): void,
 *   showGuest(reply: any, on: {leave: () => void}): void,
 *   solo(game: string): void,
 *   lobby(): void,
 * }} Hooks what the page (app.js) does for the quick match: the name in the lobby, the lobby's
 *   "No-peek deal" (on unless the player turned it off), the host's
 *   table (dealt and shown, its code open), the table left to move elsewhere, a stranger's
 *   table shown, a game against the computer players, the lobby
 */

/** The quick match on this page (one at a time), or null. */
let session = null;
/** @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/** Whether this quick match of ``game`` deals no-peek: wherever the game offers it, unless the
 * player turned it off. @param {string} game @param {Hooks} hooks */
function dealsNoPeek(game, hooks) {
  return noPeekOffered(game) && hooks.noPeek();
}

/** The preset a game's quick match seats (quick-presets.js: one per game for now). @param {string} game */
export function presetFor(game) {
  return Object.values(PRESETS).find((p) => p.game === game) ?? null;
}

function consented() {
  try {
    return localStorage.getItem(CONSENT_KEY) === "1";
  } catch {
    return false;
  }
}

/** What this page has sent to the relays, by kind, and its state: read by the tests and the bench. */
export function quickStats() {
  return session ? { state: session.state, sent: { ...session.sent }, started: session.started, seatedAt: session.seatedAt,
    pubkey: session.keys?.pubkey ?? "", tried: [...session.tried], failed: session.failed, seats: publicSeats() } : null;
}

/** The quick match stops (the player left for the lobby, or the table closed): its sockets,
 * timers and announcements end. The table itself is the page's (app.js) to close. */
export function stopQuick() {
  if (!session) return;
  const s = session;
  session = null;
  s.pool?.close();
  s.room?.leave();
  s.abort.abort();
  for (const timer of s.timers) clearTimeout(timer);
  clearInterval(s.beat);
  removeEventListener("visibilitychange", s.onVisible);
  note("");
}

/**
 * The lobby's "Quick match" for ``game``: the page says what a quick match sends where (the
 * first time), then looks for a table, joins one or opens one.
 * @param {HTMLElement} section the page's section for it (the friends pages')
 * @param {string} game
 * @param {Hooks} hooks
 */
export function quickMatch(section, game, hooks) {
  stopQuick();
  const preset = presetFor(game);
  if (!preset) return hooks.lobby();
  const name = protocol.cleanName(hooks.name());
  if (consented() && name) return begin(section, preset, name, hooks);
  const field = el("input", { id: "quick-name", type: "text", maxlength: String(protocol.NAME_MAX), autocomplete: "nickname",
    required: true, "aria-describedby": "quick-said", value: name });
  const said = el("p", { id: "quick-said", role: "alert" });
  // at a no-peek table the host's device deals nothing: what is said of it, and what every player sees instead
  const noPeek = dealsNoPeek(game, hooks);
  const consent = noPeek ? ["relays", "players", "nopeek", "check", "bots", "timer"] : ["relays", "players", "host", "timer"];
  const consentKey = { nopeek: "web.nopeek.consent.host", check: "web.nopeek.note.check", bots: "web.nopeek.note.bots" };
  const form = el("form", { class: "join-form", novalidate: true, onsubmit: (/** @type {Event} */ e) => {
    e.preventDefault();
    const chosen = protocol.cleanName(field.value);
    if (!chosen) {
      said.textContent = t("web.quick.name.needed");
      field.setAttribute("aria-invalid", "true");
      field.focus();
      return;
    }
    try { localStorage.setItem(CONSENT_KEY, "1"); } catch { /* asked again next time */ }
    hooks.saveName(chosen);
    begin(section, preset, chosen, hooks);
  } },
  el("label", { for: "quick-name", text: t("web.quick.name") }), field,
  el("button", { type: "submit", id: "quick-go", class: "primary", text: t("web.quick.go") }));
  section.replaceChildren(
    el("h1", { id: "friends-title", text: t("web.quick.title", { game: t(`game.${game}`) }) }),
    // (a stranger who comes to a no-peek table plays at once: a computer player's seat, face up, until the deal ends)
    el("p", { text: t(noPeek ? "web.quick.about.nopeek" : "web.quick.about",
      { game: t(`game.${game}`), players: preset.seats, seconds: preset.turnSeconds }) }),
    ...noPeekBadge(noPeek),
    el("h2", { text: t("web.quick.consent.title") }),
    el("ul", { id: "quick-consent", class: "quick-consent" },
      ...consent.map((k) => el("li", { text: t(consentKey[/** @type {keyof consentKey} */ (k)] ?? `web.quick.consent.${k}`,
        { seconds: preset.turnSeconds }) }))),
    form, said, netForm(),
    el("div", { class: "dialog-actions" },
      el("button", { type: "button", id: "quick-back", onclick: () => hooks.lobby(), text: t("web.friends.room.back") })));
  field.focus();
}

/**
 * The search itself, once the player agreed.
 * @param {HTMLElement} section
 * @param {Preset} preset
 * @param {string} name
 * @param {Hooks} hooks
 * @param {string} [lead] what to say before "Looking for a table…"
 * @param {Set<string>} [tried] the hosts tried already (a search that starts again skips them)
 */
async function begin(section, preset, name, hooks, lead = "", tried = new Set()) {
  const s = {
    preset, name, hooks, section, state: "looking", nopeek: dealsNoPeek(preset.game, hooks),
    keys: /** @type {import("./nostr.js").Keys | null} */ (null),
    pool: /** @type {import("./relay-pool.js").Pool | null} */ (null),
    room: /** @type {{leave(): void} | null} */ (null),
    limiter: senderLimiter(), list: listing(),
    lookers: /** @type {Map<string, number>} */ (new Map()),
    tried, failed: 0,
    code: "", opened: 0, lastAnnounce: -Infinity, announcing: false, pending: false,
    sent: { table: 0, looking: 0 }, started: performance.now(), seatedAt: 0,
    abort: new AbortController(), timers: /** @type {Set<ReturnType<typeof setTimeout>>} */ (new Set()),
    beat: /** @type {ReturnType<typeof setInterval> | undefined} */ (undefined),
    onVisible: () => { if (document.visibilityState === "visible") soon(s); },
    net: netSettings(), lookingEvent: /** @type {object | null} */ (null),
  };
  session = s;
  drawLooking(s);
  say(s, lead ? `${lead} ${t("web.quick.looking")}` : t("web.quick.looking"));
  s.keys = await newKeys();
  const { relayUrls } = await import("./room.js");
  const urls = await relayUrls(s.net.relays);
  if (session !== s) return;
  let first = true;
  s.pool = relayPool(urls, {
    filter: () => lobbyFilter(preset, Date.now()),
    onMessage: (data) => heard(s, data),
    onOpen: () => {
      if (!first || session !== s) return;
      first = false;
      // (a moment for the other relays to open too: the one "looking" reaches them all)
      later(s, async () => {
        if (s.state !== "looking" || !s.keys) return;
        const event = await makeLooking(preset, s.keys);
        s.lookers.set(s.keys.pubkey, event.created_at);
        if (s.pool?.publish(event)) s.sent.looking += 1;
        drawCount(s);
        later(s, () => decide(s), LISTEN_MS);
      }, 300);
    },
    onError: () => {
      if (session !== s || s.state !== "looking") return;
      failedPage(s, t("web.quick.fail.relays"));
    },
  });
}

/** @param {any} s @param {() => unknown} fn @param {number} ms */
function later(s, fn, ms) {
  const timer = setTimeout(() => { s.timers.delete(timer); if (session === s) fn(); }, ms);
  s.timers.add(timer);
}

/** What a relay said: a lobby event, checked (quick-lobby.js), or nothing. @param {any} s @param {unknown} data */
async function heard(s, data) {
  const got = await parseLobbyEvent(data, { limiter: s.limiter, onBlocked: (pubkey) => s.list.forget(pubkey) });
  if (!got.ok || session !== s) return;
  const h = got.heard;
  // (events are checked side by side: a sender blocked while this one was checked is not listed)
  if (s.limiter.blocked(h.pubkey)) return;
  if (h.kind === "looking") {
    s.lookers.set(h.pubkey, h.at);
    drawCount(s);
    if (s.state === "hosting" && h.pubkey !== s.keys?.pubkey) soon(s); // a host answers at once
    return;
  }
  if (h.pubkey === s.keys?.pubkey) return; // (the relay sends the page's own back)
  s.list.add(h);
  if (s.state === "hosting") mayMove(s);
}

// ------------------------------------------------------------------ looking, joining

/** The page's choice once it has listened: the best table, or its own. @param {any} s */
function decide(s) {
  if (s.state !== "looking") return;
  const best = choose(s.list.live(), { tried: s.tried, self: s.keys?.pubkey, nopeek: s.nopeek });
  if (best) join(s, best);
  else hostTable(s);
}

/** @param {any} s @param {import("./quick-lobby.js").Listed} target */
async function join(s, target) {
  s.state = "joining";
  s.tried.add(target.pubkey);
  say(s, t("web.quick.joining", { n: target.ad.humans }));
  let done = false;
  const giveUp = () => {
    if (done || session !== s) return;
    done = true;
    s.room?.leave();
    s.room = null;
    s.failed += 1;
    s.state = "looking";
    decide(s);
  };
  try {
    const { joinTable } = await import("./room.js");
    s.room = await joinTable(target.ad.code, { host: false, ...s.net, onPeer: (ch) => {
      // the host says it is the table; the code's other peers (strangers) are left be
      ch.onmessage = (event) => {
        ch.onmessage = null;
        if (done || session !== s || !protocol.parse(event.data, "host").ok || JSON.parse(event.data).kind !== "table") return;
        done = true;
        seated(s, ch);
      };
    } });
  } catch {
    return giveUp();
  }
  if (session !== s) return s.room?.leave();
  later(s, giveUp, JOIN_MS);
}

/** A stranger at another's table: connected, introduced, then the host's tables. @param {any} s @param {any} ch */
async function seated(s, ch) {
  s.state = "seated";
  s.pool?.close(); // (a seated stranger sends the relays nothing more)
  s.pool = null;
  const said = $("quick-status");
  let shown = false;
  await seatFriend(s.section, ch, s.name, {
    said, hide: [], noPeekOnly: s.nopeek,
    welcomed: (hostName) => {
      s.seatedAt = performance.now();
      say(s, hostName ? t("web.quick.joined", { host: hostName }) : t("web.quick.joined.unnamed"));
      note(hostName ? t("web.quick.note.guest", { host: hostName }) : t("web.quick.note.guest.unnamed"));
    },
    show: (reply, { leave }) => {
      shown = true;
      s.hooks.showGuest(reply, { leave });
    },
    done: () => { stopQuick(); s.hooks.lobby(); },
    closed: (why, hostName) => {
      if (session !== s) return;
      s.room?.leave();
      s.room = null;
      if (why === "left") return stopQuick(); // (the player left: done() goes to the lobby)
      // another was quicker to the last seat, or the table closed before it dealt this page in
      // (its host moved to an older table as this page came): on to the next table
      if (why === "full" || why === "taken") return restartLooking(s);
      // (a table that said it was no-peek and is not: not tried again)
      if (why === "not-nopeek") return restartLooking(s, t("web.quick.gone.nopeek"), true);
      if (!shown && (why === "closed-by-host" || why === "host-left")) {
        return restartLooking(s, hostName ? t("web.quick.gone.host", { host: hostName }) : t("web.quick.gone.host.unnamed"));
      }
      s.section.hidden = false;
      gonePage(s, why, hostName);
    },
  });
}

/** Back to looking, with the sockets open again (a seated stranger closed them), saying
 * first why (``lead``) if there is more to say than "Looking for a table…"; ``keepTried``:
 * the tables tried are skipped still.
 * @param {any} s @param {string} [lead] @param {boolean} [keepTried] */
function restartLooking(s, lead = "", keepTried = false) {
  const { section, preset, name, hooks, tried } = s;
  stopQuick();
  begin(section, preset, name, hooks, lead, keepTried ? tried : undefined);
}

// ------------------------------------------------------------------ hosting

/** Nobody to join: the page deals at once against computer players and opens its table. @param {any} s */
async function hostTable(s) {
  s.state = "opening"; // (hosting once its table is dealt and its code open)
  s.code = newCode();
  s.opened = Math.floor(Date.now() / 1000);
  say(s, t("web.quick.opening"));
  const ok = await s.hooks.host(s.preset, s.name, s.code, { onSeats: () => seatsChanged(s), onError: () => relayTrouble(s) },
    s.nopeek);
  if (session !== s) return;
  if (!ok) return failedPage(s, t("web.quick.fail.host"));
  s.state = "hosting";
  s.seatedAt = performance.now();
  seatsChanged(s);
  s.beat = setInterval(() => announce(s), ANNOUNCE_MS);
  addEventListener("visibilitychange", s.onVisible);
}

/** Who sits at the host's table changed: its note, and a fresh announcement. @param {any} s */
function seatsChanged(s) {
  if (session !== s || s.state !== "hosting") return;
  const { humans, names } = publicSeats();
  const failed = s.failed ? ` ${t("web.quick.note.failed", { n: s.failed })}` : "";
  note(humans > 1 ? t("web.quick.note.host", { names: names.join(", ") }) : `${t("web.quick.note.alone")}${failed}`);
  soon(s);
}

/** The relays behind the table's code could not be reached. @param {any} s */
function relayTrouble(s) {
  if (session === s && s.state === "hosting") note(t("web.quick.fail.relays"));
}

/** An announcement now, or as soon as ANSWER_MS has passed since the last. @param {any} s */
function soon(s) {
  if (s.state !== "hosting" || s.pending) return;
  const wait = s.lastAnnounce + ANSWER_MS - performance.now();
  if (wait <= 0) return announce(s);
  s.pending = true;
  later(s, () => { s.pending = false; announce(s); }, wait);
}

/** The table announced, while the page is visible and a seat is free (a full table is not). @param {any} s */
async function announce(s) {
  if (session !== s || s.state !== "hosting" || s.announcing || document.visibilityState !== "visible" || !s.keys) return;
  const { humans, free } = publicSeats();
  if (free < 1) return;
  s.announcing = true;
  s.lastAnnounce = performance.now();
  try {
    const event = await makeAnnouncement({ preset: s.preset, free, humans, code: s.code, opened: s.opened, nopeek: s.nopeek }, s.keys,
      { signal: s.abort.signal });
    if (session === s && s.state === "hosting" && s.pool?.publish(event)) s.sent.table += 1;
  } catch { /* stopped */ } finally {
    s.announcing = false;
  }
}

/** A lone host moves to a better table it hears of (more people, or as many and older:
 * quick-lobby.js's ``choose``): two lone tables of a preset become one. @param {any} s */
function mayMove(s) {
  const seats = publicSeats();
  if (!s.keys || seats.humans > 1 || seats.connecting > 0) return; // (someone is here, or on the way)
  /** @type {import("./quick-lobby.js").Listed} this table, as others list it */
  const own = { pubkey: s.keys.pubkey, at: Math.floor(Date.now() / 1000), ad: { v: protocol.VERSION, game: s.preset.game,
    preset: s.preset.id, free: publicSeats().free, humans: 1, code: s.code, opened: s.opened, nopeek: s.nopeek } };
  const others = s.list.live().filter((x) => x.pubkey !== own.pubkey);
  const best = choose([...others, own], { tried: s.tried, nopeek: s.nopeek });
  if (!best || best.pubkey === own.pubkey) return;
  s.state = "moving";
  clearInterval(s.beat);
  removeEventListener("visibilitychange", s.onVisible);
  s.hooks.unhost();
  drawLooking(s);
  join(s, best);
}

/** A public table's deal ended: the next is dealt after SUMMARY_MS, ready or not. */
table.watch((reply) => {
  const s = session;
  if (!s || s.state !== "hosting" || reply?.model?.next !== "over" || reply.model.match_over) return;
  const deal = reply.model.deal;
  later(s, () => { if (s.state === "hosting" && table.model?.deal === deal) table.dealNow(); }, SUMMARY_MS);
});

/** The host's match is over: the table closes for everyone; the page offers what next.
 * @param {HTMLElement} section */
export function matchOver(section) {
  const s = session;
  if (!s) return;
  stopQuick();
  section.replaceChildren(el("h1", { id: "friends-title", text: t("web.quick.over.title") }),
    el("p", { id: "quick-status", role: "status", text: t("web.quick.over") }), ways(s));
  focusTitle(section);
}

// ------------------------------------------------------------------ the page's words

/** @param {any} s */
function drawLooking(s) {
  s.section.hidden = false;
  s.section.replaceChildren(
    el("h1", { id: "friends-title", text: t("web.quick.title", { game: t(`game.${s.preset.game}`) }) }),
    ...noPeekBadge(s.nopeek),
    el("p", { id: "quick-status", role: "status" }),
    el("p", { id: "quick-count" }),
    el("div", { class: "dialog-actions" },
      el("button", { type: "button", id: "quick-solo", onclick: () => { const { hooks, preset } = s; stopQuick(); hooks.solo(preset.game); },
        text: t("web.quick.solo") }),
      el("button", { type: "button", id: "quick-back", onclick: () => { const { hooks } = s; stopQuick(); hooks.lobby(); },
        text: t("web.friends.room.back") })));
  focusTitle(s.section);
}

/** A no-peek quick match says so before any table is found: its badge, with the computer players'. @param {boolean} noPeek */
function noPeekBadge(noPeek) {
  return noPeek ? [el("p", { id: "quick-nopeek", class: "quick-nopeek", text: `${t("web.nopeek.badge")} · ${t("web.nopeek.badge.bots")}` })] : [];
}

/** @param {any} s @param {string} text */
function say(s, text) {
  const status = $("quick-status");
  if (status && session === s) status.textContent = text;
}

/** "3 players looking now": the distinct pages heard looking within MAX_AGE_S (this one too). @param {any} s */
function drawCount(s) {
  const oldest = Math.floor(Date.now() / 1000) - MAX_AGE_S;
  for (const [key, at] of s.lookers) if (at < oldest) s.lookers.delete(key);
  const count = $("quick-count");
  if (count && s.lookers.size > 1 && (s.state === "looking" || s.state === "joining")) count.textContent = t("web.quick.count", { n: s.lookers.size });
}

/** The sentence over a public table (who is there), or none. @param {string} text */
function note(text) {
  const box = $("quick-note");
  if (!box) return;
  box.textContent = text;
  box.hidden = !text;
}

/** The ways on from a page that cannot go on: another quick match, the computer players, the lobby. @param {any} s */
function ways(s) {
  const { section, preset, hooks } = s;
  return el("div", { class: "dialog-actions quick-ways" },
    el("button", { type: "button", id: "quick-again", class: "primary", onclick: () => quickMatch(section, preset.game, hooks),
      text: t("web.quick.again") }),
    el("button", { type: "button", id: "quick-solo", onclick: () => hooks.solo(preset.game), text: t("web.quick.solo") }),
    el("button", { type: "button", id: "quick-back", onclick: () => hooks.lobby(), text: t("web.friends.room.back") }));
}

/** Nothing could be found or opened: why, the connection settings, and the ways on. @param {any} s @param {string} why */
function failedPage(s, why) {
  stopQuick();
  s.section.hidden = false;
  s.section.replaceChildren(el("h1", { id: "friends-title", text: t("web.quick.title", { game: t(`game.${s.preset.game}`) }) }),
    el("p", { id: "quick-status", role: "alert", text: why }), ways(s), netForm());
  focusTitle(s.section);
}

/** A stranger's table ended (its host left, or the connection did): said, with the last
 * scores seen, and the ways on. @param {any} s @param {string} why @param {string} hostName */
function gonePage(s, why, hostName) {
  const seats = Array.isArray(table.model?.seats) ? table.model.seats : [];
  stopQuick();
  const left = why === "host-left" || why === "closed-by-host";
  const text = left ? (hostName ? t("web.quick.gone.host", { host: hostName }) : t("web.quick.gone.host.unnamed"))
    : why === "removed" ? t("web.friends.closed.removed") : why === "silent" ? t("web.quick.gone.silent") : t("web.quick.gone.lost");
  const scores = seats.filter((x) => x && typeof x.name === "string" && x.score)
    .map((x) => el("li", { text: `${x.name}: ${x.score}` }));
  s.section.replaceChildren(el("h1", { id: "friends-title", text: t("web.quick.gone.title") }),
    el("p", { id: "quick-status", role: "alert", text }),
    ...(scores.length ? [el("p", { text: t("web.quick.gone.scores") }), el("ul", { class: "quick-scores" }, ...scores)] : []),
    ways(s));
  focusTitle(s.section);
}

/** @param {HTMLElement} section */
function focusTitle(section) {
  const title = section.querySelector("h1");
  if (title) {
    title.tabIndex = -1;
    title.focus();
  }
}
