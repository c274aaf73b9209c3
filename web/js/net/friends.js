// A friends table's pages: the host's invite dialog (a link per seat, the friend's answer
// pasted back or arriving from another tab of this device), the friend's join page, and
// the page an answer link opens on the host's device. The same-network way: the two pages
// exchange one link each, and no third party sees anything (net/peer.js).
import { DATA, t, el, lang, acrossLanguages, loadCatalogue } from "../i18n.js";
import { table } from "../table/table.js";
import { useRemote } from "../engine.js";
import * as store from "../records/store.js";
import { newCode, readCode } from "./words.js";
import * as protocol from "./protocol.js";
import { sayWhenHostStaysAway } from "./host-away.js";

const ANSWERS = "kortti-friends-answers"; // BroadcastChannel: an answer opened in another tab
const TOKEN_KEY = "kortti.friends.token"; // the seat token the host gave this device
/** An element of the page by its id (of many kinds: typed loosely) @type {(id: string) => any} */
const $ = (id) => document.getElementById(id);

/** A no-peek match on this tab (its session's storage): a reload cannot resume one, and says so. */
const NO_PEEK_KEY = "kortti.nopeek.playing";

/** Marks (or clears) this tab as at a no-peek match, at the address it plays on: a reload
 * finds the mark. @param {boolean} on */
export function markNoPeek(on) {
  try {
    if (on) sessionStorage.setItem(NO_PEEK_KEY, location.hash || "#/");
    else sessionStorage.removeItem(NO_PEEK_KEY);
  } catch { /* private mode: a reload then opens the lobby */ }
}

/** Whether this page is a reload of a no-peek match (the mark is still there): on the address
 * it played on, or any but an invitation to another table (a friend who opens a new invite
 * in the same tab goes to that table: the match left behind is gone either way). */
export function atNoPeek() {
  try {
    const at = sessionStorage.getItem(NO_PEEK_KEY);
    if (at === null) return false;
    return at === location.hash || !location.hash.startsWith("#/join/");
  } catch {
    return false;
  }
}

/** The games whose no-peek table plays whole matches (issue 50): every game. */
const NO_PEEK_GAMES = new Set(["kocka", "katte", "call-kitti", "katko"]);
/** Whether a friends table and the quick match of ``game`` offer the no-peek choice (issue 50). @param {string} game */
export function noPeekOffered(game) {
  return NO_PEEK_GAMES.has(game);
}

let host = null; // {host, invites: Map<seat, invite>, channel} while this page hosts
let peerModule = null;
const peer = () => (peerModule ??= import("./peer.js"));
const QR_LIB = "../../vendor/qr-0.7.0/"; // (build.py vendors it; loaded only for a friends table)

// ------------------------------------------------------------------ QR codes

/** A link as a QR code: an image to show the other device's camera. */
export async function qrImage(text, label) {
  const { encodeQR } = await import(`${QR_LIB}index.js`);
  const svg = encodeQR(text, "svg", { ecc: "low", border: 2 });
  return el("img", { class: "qr", alt: label, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
}

/** The text of a QR code in an image (a canvas, a video frame): the browser's own
 * BarcodeDetector where it has one, the library's decoder otherwise; "" if none is seen. */
export async function readQR(source) {
  const Detector = globalThis.BarcodeDetector ?? (await import(`${QR_LIB}decode.js`)).BarcodeDetector;
  try {
    const found = await new Detector({ formats: ["qr_code"] }).detect(source);
    return found[0]?.rawValue ?? "";
  } catch {
    return "";
  }
}

/** The host's camera, looking for the friend's answer for ``seat``: ``done(text)`` once seen. */
async function scan(box, seat, done) {
  const video = el("video", { class: "qr-camera", playsinline: "", muted: "", "aria-label": t("web.friends.scan.camera") });
  const stop = el("button", { type: "button", class: "qr-stop", text: t("web.friends.scan.stop") });
  const said = el("p", { role: "status", class: "qr-said", text: t("web.friends.scan.looking") });
  box.replaceChildren(video, stop, said);
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  } catch {
    said.textContent = t("web.friends.scan.none");
    stop.remove();
    return;
  }
  let running = true;
  const end = () => { running = false; stream.getTracks().forEach((track) => track.stop()); box.replaceChildren(); };
  stop.onclick = end;
  video.srcObject = stream;
  await video.play().catch(() => {});
  const canvas = document.createElement("canvas");
  while (running && box.isConnected) {
    if (video.videoWidth) {
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext("2d", { willReadFrequently: true }).drawImage(video, 0, 0);
      const text = await readQR(canvas);
      const got = readLink(text, "answer");
      if (got && got.seat === seat) {
        end();
        return done(text);
      }
      if (text) said.textContent = t("web.friends.scan.other");
    }
    await new Promise((go) => setTimeout(go, 250)); // a few looks a second: the page stays free
  }
  if (running) end();
}

/** Where a link (or a bare code) points: ``{seat, code}`` or null. (An invite may say
 * after a "?" what it is an invite to: ``invitedTo``.) */
export function readLink(text, route) {
  const m = new RegExp(`(?:#/${route}/)?(\\d{1,2})\\.([A-Za-z0-9_-]{8,4000})(?:\\?[\\w%.~&=+*-]{0,300})?\\s*$`).exec(String(text || "").trim());
  return m ? { seat: Number(m[1]), code: m[2] } : null;
}

function linkTo(route, seat, code, about = "") {
  return `${location.origin}${location.pathname}#/${route}/${seat}.${code}${about}`;
}

// ------------------------------------------------------------------ what an invite is to

/** What the host's invites say they are to: ``?game=…&host=…`` (the friend's page names
 * both before "Join"; a host who typed no name, only "You" in some language, is not named). */
function aboutTable() {
  const game = host?.room?.config.game ?? table.model?.game ?? "";
  const name = host?.name && !unnamed(host.name) ? host.name : "";
  return `?${new URLSearchParams(name ? { game, host: name } : { game })}`;
}

/** The game and the host an invite link names, checked (a link is typed or pasted: a game
 * the site does not have is not said): ``{game, host}`` (``host`` may be "") or null. */
function invitedTo(text) {
  const query = /\?([^#\s]*)\s*$/.exec(String(text || ""));
  if (!query) return null;
  const params = new URLSearchParams(query[1]);
  const game = params.get("game") || "";
  const hostName = (params.get("host") || "").replace(/\s+/g, " ").trim().slice(0, 24);
  return Object.hasOwn(DATA.games, game) ? { game, host: hostName } : null;
}

/** Whether a name is the lobby's "You" (in any language): a host who typed none. */
function unnamed(name) {
  return acrossLanguages("web.lobby.name.default").includes(name);
}

/** A sentence about the host, by name, or "the host" when the host typed none (not "You's
 * table"): ``key`` with ``{host}``, ``key.unnamed`` without. */
function aboutHost(key, name) {
  return name && !unnamed(name) ? t(key, { host: name }) : t(`${key}.unnamed`);
}

/** The sentence that says what an invite is to (``key``: with the host's name, ``key.game``
 * without), or null if the link does not say. */
function invitedText(about, key, params = {}) {
  if (!about) return null;
  const game = t(`game.${about.game}`);
  return about.host ? t(key, { ...params, game, host: about.host }) : t(`${key}.game`, { ...params, game });
}

/** Why a connection could not be made, in words (peer.js's ``reason``). */
function reasonText(e) {
  const reason = e?.reason || "failed";
  return t(`web.friends.fail.${reason}`) === `web.friends.fail.${reason}` ? t("web.friends.fail.failed") : t(`web.friends.fail.${reason}`);
}

async function copy(text, said) {
  try {
    await navigator.clipboard.writeText(text);
    said.textContent = t("web.friends.copied");
  } catch {
    said.textContent = t("web.friends.copy.select");
  }
}

// ------------------------------------------------------------------ the host

/** The host's page starts hosting (once per table: the room, then its match). */
async function hosting(hostName, matchId = "") {
  if (host) return host;
  const setting = { matchId }; // (the tokens are read with it, just below)
  host = setting;
  const { createHost } = await import("./host.js");
  if (host !== setting) return host; // (the table was left meanwhile: nothing is made)
  const h = createHost(table, { hostName, inRoom: () => Boolean(host?.room), onChange: () => { drawSeats(); host?.onSeats?.(); },
    freeSeats: () => freeSeats(), tokens: loadTokens(), onTokens: saveTokens, words: loadCatalogue,
    noPeek: () => host?.noPeek ?? null });
  const answers = "BroadcastChannel" in globalThis ? new BroadcastChannel(ANSWERS) : null;
  host = { matchId, name: hostName, host: h, invites: new Map(), answers, status: new Map(), room: null, code: null, codeRoom: null };
  if (answers) {
    answers.onmessage = (event) => {
      const got = readLink(event.data?.answer, "answer");
      if (!got || !host?.invites.get(got.seat)?.accept) return;
      answers.postMessage({ taken: event.data.answer });
      accept(got.seat, got.code);
    };
  }
  return host;
}

/** How many friends are connected to this page's table (none if it hosts none). */
export function friendsConnected() {
  return host?.host ? host.host.connected.length : 0;
}

/** Who is at this page's public table (a quick match's host): the people (the host and the
 * friends connected, playing or from the next deal) and the seats still free to a stranger. */
export function publicSeats() {
  const seats = table.model?.seats?.length ?? 0;
  const friends = host?.host ? host.host.friends : []; // (none while the host is being set up)
  const humans = 1 + friends.length;
  return { humans, free: Math.max(0, seats - humans), names: [host?.name ?? "", ...friends.map((f) => f.name)].filter(Boolean),
    connecting: host?.host ? host.host.connecting : 0 };
}

/** A quick match's host opens its public table's code (the match is on the table already):
 * strangers join by it as friends join by a table code. ``onSeats()``: who sits where
 * changed; ``onError(why)``: the relays could not be reached; ``noPeek()``: a no-peek table's
 * first deal, dealt before the code opens (resolves false if it could not be). Resolves once
 * the code is open. */
export async function hostPublic(hostName, config, code, { onSeats, onError, noPeek = null }) {
  await hosting(hostName, config.id);
  if (!host?.host) return false;
  host.onSeats = onSeats;
  host.onCodeError = onError;
  if (noPeek && !(await noPeek())) return false;
  await codeOn(code);
  return Boolean(host?.codeRoom);
}

/** A no-peek match on this page's friends table (issue 50): the host's page becomes the
 * relay and its own seat (net/nopeek-host.js). ``guests``: the friends' names by seat. The
 * first deal starts at once; ``open(reply)`` once this seat's hand has come. */
export async function hostNoPeek(config, guests, { open, push, said }) {
  if (!host?.host) return null;
  const { createNoPeekHost } = await import("./nopeek-host.js");
  host.noPeek = createNoPeekHost({ friends: host.host, config, guests, tableId: config.id, open, push, said });
  useRemote(host.noPeek.page.remote); // (the seat's own moves go round the table from its page)
  window.kortti.noPeek = () => host?.noPeek?.page;
  return host.noPeek;
}

/** The table is left: every friend's channel closes and the invites with them. */
export function stopHosting() {
  if (!host) return;
  host.codeRoom?.leave();
  if (host.noPeek) {
    host.noPeek.close();
    useRemote(null);
  }
  host.host?.close(); // (none yet while the host is being set up)
  for (const inv of host.invites.values()) inv.close?.();
  host.answers?.close();
  host = null;
}

/** A friends table's room: who sits where, an invite per seat, and "Deal" once every
 * friend who came is ready. ``deal({names, langs})`` starts the match with them. */
export async function openRoom(section, config, { deal, back, mayDeal }) {
  stopHosting();
  await hosting(config.name || t("web.lobby.name.default"), config.id);
  host.room = { config, deal };
  const go = el("button", { type: "button", id: "room-deal", class: "primary", onclick: async () => {
    if (host.host.friends.some((f) => !f.ready)) return;
    // (a saved match the deal would replace: "Cancel" leaves the room as it is, friends seated)
    if (!(await mayDeal()) || !host?.room) return;
    const joined = host.host.friends;
    if (joined.some((f) => !f.ready)) return; // (someone came meanwhile: the button says whom it waits for)
    const names = Object.fromEntries(joined.map((f) => [f.seat, f.name]));
    const langs = Object.fromEntries(joined.map((f) => [f.seat, f.lang]));
    host.room = null;
    const seconds = Number(turn?.value || 0);
    section.replaceChildren(); // (the table's invite dialog draws the same list: one of it at a time)
    deal({ names, langs, seconds, code: host.code, nopeek: noPeek.checked });
  } });
  // a turn timer for every person at the table (Katte has its own, K-13, among its options)
  const turn = config.game === "katte" ? null : el("select", { id: "room-timer" },
    ...[0, 20, 45, 90].map((n) => el("option", { value: String(n), text: n ? t("web.friends.timer.seconds", { s: n }) : t("web.friends.timer.off") })));
  // the host's choice for the whole table (issue 50): the players' devices deal, the host's sees no hand
  const noPeek = el("input", { type: "checkbox", id: "room-nopeek", "aria-describedby": "room-nopeek-help" });
  const offerNoPeek = noPeekOffered(config.game);
  section.replaceChildren(
    el("h1", { id: "friends-title", text: t("web.friends.room.title", { game: t(`game.${config.game}`) }) }),
    el("p", { class: "invite-how", text: t("web.friends.invite.how") }),
    el("ul", { id: "invite-seats", class: "invite-seats" }),
    el("section", { id: "code-panel", class: "code-panel", "aria-labelledby": "code-title" }),
    ...(offerNoPeek ? [el("p", { class: "field" }, noPeek, " ", el("label", { for: "room-nopeek", text: t("web.nopeek.choice") }),
      // (the seats no friend takes are the computer players': face up at a no-peek table)
      el("small", { id: "room-nopeek-help", class: "help", text: `${t("web.nopeek.choice.help")} ${t("web.nopeek.note.bots")}` }))] : []),
    // (replaceChildren writes a null as the word "null": no timer, no node)
    ...(turn ? [el("p", { class: "field" }, el("label", { for: "room-timer", text: t("web.friends.timer") }), " ", turn,
      el("small", { class: "help", text: t("web.friends.timer.help") }))] : []),
    el("p", { id: "room-status", role: "status" }),
    el("div", { class: "dialog-actions" },
      el("button", { type: "button", id: "room-back", onclick: back, text: t("web.friends.room.back") }), go));
  drawSeats();
  section.querySelector("h1").focus?.();
}

/** The menu's "Invite friends", at the table: the same list, in a dialog. ``config``: the
 * match's (its id keeps the friends' tokens; ``onCode(code)`` keeps the table code with it). */
export async function openInvite(hostName, config = {}, onCode = null) {
  await hosting(hostName, config.id);
  if (onCode) host.onCode = onCode;
  $("invite-dialog")?.remove();
  const d = el("dialog", { id: "invite-dialog", class: "panel invite", "aria-labelledby": "invite-title" },
    el("h2", { id: "invite-title", text: t("web.friends.invite.title") }),
    el("p", { class: "invite-how", text: t("web.friends.invite.how") }),
    el("ul", { id: "invite-seats", class: "invite-seats" }),
    el("section", { id: "code-panel", class: "code-panel", "aria-labelledby": "code-title" }),
    el("form", { method: "dialog", class: "dialog-actions" },
      el("button", { type: "submit", id: "invite-close", text: t("web.dialog.close") })));
  d.addEventListener("close", () => d.remove());
  document.body.append(d);
  drawSeats();
  d.showModal();
}

/** Every seat but the host's: who has it (a computer player, a friend: playing, from the
 * next deal, away) and what the host can do (invite, remove). */
function seatRows() {
  const joined = new Map(host.host.friends.map((f) => [f.seat, f]));
  if (host.room) {
    const { players, seat } = host.room.config;
    return Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat).map((s) => {
      const f = joined.get(s);
      return { seat: s, connected: Boolean(f), friend: f,
        who: f ? t(f.ready ? "web.friends.seat.ready" : "web.friends.seat.joined", { name: f.name }) : t("web.friends.seat.open") };
    });
  }
  const m = table.model;
  if (!m) return [];
  const friends = new Map((m.friends || []).map((f) => [f.seat, f]));
  return m.seats.filter((s) => s.seat !== m.seat).map((s) => {
    const f = friends.get(s.seat);
    const connected = joined.has(s.seat);
    const who = f ? t(connected ? (f.seated ? "web.friends.seat.playing" : "web.friends.seat.next") : "web.friends.seat.away", { name: f.name })
      : t("web.friends.seat.bot", { name: s.name });
    return { seat: s.seat, connected, friend: f, who };
  });
}

function drawSeats() {
  const list = $("invite-seats");
  if (!list || !host) return;
  drawCode();
  const rows = seatRows();
  list.replaceChildren(...rows.map(({ seat, connected, friend, who }) => {
    const inv = host.invites.get(seat);
    const status = host.status.get(seat) || "";
    const parts = [el("p", { class: "invite-who" }, el("strong", { text: t("web.friends.seat", { n: seat + 1 }) }), " ", who)];
    if (connected) {
      parts.push(el("button", { type: "button", class: "invite-remove", "data-seat": String(seat),
        onclick: () => host.host.remove(seat), text: t("web.friends.remove", { name: friend?.name || "" }) }));
    } else if (!inv) {
      parts.push(el("button", { type: "button", class: "invite-make", "data-seat": String(seat),
        onclick: () => makeInvite(seat), text: t(friend ? "web.friends.invite.again" : "web.friends.invite.seat") }));
    } else if (inv.link) {
      const said = el("span", { role: "status", class: "invite-said" });
      const field = el("input", { type: "text", readonly: true, value: inv.link, class: "invite-link",
        id: `invite-link-${seat}`, "aria-label": t("web.friends.invite.link") });
      const answer = el("input", { type: "text", class: "invite-answer", id: `invite-answer-${seat}`,
        autocomplete: "off", spellcheck: "false" });
      const camera = el("div", { class: "qr-box" });
      const shown = el("div", { class: "qr-box" });
      qrImage(inv.link, t("web.friends.invite.qr", { n: seat + 1 })).then((img) => shown.replaceChildren(img), () => {});
      parts.push(
        el("label", { for: field.id, text: t("web.friends.invite.link") }), field,
        el("button", { type: "button", onclick: () => { field.select(); copy(inv.link, said); }, text: t("web.friends.copy") }), said,
        shown,
        el("button", { type: "button", class: "invite-scan", onclick: () => scan(camera, seat, (text) => {
          answer.value = text;
          accept(seat, readLink(text, "answer").code);
        }), text: t("web.friends.scan") }), camera,
        el("label", { for: answer.id, text: t("web.friends.answer.paste") }), answer,
        el("button", { type: "button", class: "invite-connect", "data-seat": String(seat), onclick: () => {
          const got = readLink(answer.value, "answer");
          if (!got || got.seat !== seat) { host.status.set(seat, t("web.friends.fail.malformed")); drawSeats(); return; }
          accept(seat, got.code);
        }, text: t("web.friends.connect") }));
    }
    if (status) parts.push(el("p", { class: "invite-status", role: "status", text: status }));
    return el("li", { class: "invite-seat", "data-seat": String(seat), "data-connected": connected ? "1" : "" }, ...parts);
  }));
  const go = $("room-deal");
  if (go && host.room) {
    const waiting = host.host.friends.filter((f) => !f.ready).map((f) => f.name);
    go.disabled = waiting.length > 0;
    go.textContent = t("web.friends.room.deal");
    $("room-status").textContent = waiting.length ? t("web.friends.room.waiting", { names: waiting.join(", ") }) : "";
  }
}

// ------------------------------------------------------------------ the table code (internet)

const NET_KEY = "kortti.friends.net"; // the relays and STUN servers the player set
const TOKENS_KEY = "kortti.friends.tokens"; // the host's friends' tokens, by match: they outlive a reload

/** The relays (empty: Trystero's public ones), STUN servers and the player's own TURN
 * server (none unless set: a TURN server relays the game's traffic, so only one the player
 * chose) to use, as the player set them. */
export function netSettings() {
  const urls = (list, schemes) => (Array.isArray(list) ? list : []).map(String)
    .filter((u) => schemes.some((x) => u.startsWith(x)) && u.length < 300).slice(0, 20);
  const text = (x) => (typeof x === "string" ? x.slice(0, 200) : "");
  try {
    const saved = JSON.parse(localStorage.getItem(NET_KEY) || "{}");
    const turn = saved.turn && typeof saved.turn === "object" ? saved.turn : {};
    return { relays: urls(saved.relays, ["wss://", "ws://"]),
      stun: saved.stun === undefined ? DEFAULT_STUN.slice() : urls(saved.stun, ["stun:", "stuns:"]),
      turn: { urls: urls(turn.urls, ["turn:", "turns:"]), username: text(turn.username), credential: text(turn.credential) } };
  } catch {
    return { relays: [], stun: DEFAULT_STUN.slice(), turn: { urls: [], username: "", credential: "" } };
  }
}

const DEFAULT_STUN = ["stun:stun.l.google.com:19302"];

/** The connection settings: the relays, the STUN servers and one's own TURN server. */
export function netForm() {
  const now = netSettings();
  const relays = el("textarea", { id: "net-relays", rows: "3", spellcheck: "false" });
  relays.value = now.relays.join("\n");
  const stun = el("textarea", { id: "net-stun", rows: "2", spellcheck: "false" });
  stun.value = now.stun.join("\n");
  const turn = el("input", { id: "net-turn", type: "text", spellcheck: "false", autocomplete: "off", value: now.turn.urls.join(" ") });
  const user = el("input", { id: "net-turn-user", type: "text", spellcheck: "false", autocomplete: "off", value: now.turn.username });
  const secret = el("input", { id: "net-turn-secret", type: "password", autocomplete: "off", value: now.turn.credential });
  const said = el("span", { role: "status" });
  const lines = (box) => box.value.split(/\s+/).filter(Boolean);
  return el("details", { class: "net-settings" }, el("summary", { text: t("web.friends.net.title") }),
    el("label", { for: "net-relays", text: t("web.friends.net.relays") }), relays,
    el("small", { class: "help", text: t("web.friends.net.relays.help") }),
    el("label", { for: "net-stun", text: t("web.friends.net.stun") }), stun,
    el("small", { class: "help", text: t("web.friends.net.stun.help") }),
    el("label", { for: "net-turn", text: t("web.friends.net.turn") }), turn,
    el("label", { for: "net-turn-user", text: t("web.friends.net.turn.user") }), user,
    el("label", { for: "net-turn-secret", text: t("web.friends.net.turn.secret") }), secret,
    el("small", { class: "help", text: t("web.friends.net.turn.help") }),
    el("button", { type: "button", id: "net-save", onclick: () => {
      try {
        localStorage.setItem(NET_KEY, JSON.stringify({ relays: lines(relays), stun: lines(stun),
          turn: { urls: lines(turn), username: user.value.trim(), credential: secret.value } }));
        const kept = netSettings();
        relays.value = kept.relays.join("\n");
        stun.value = kept.stun.join("\n");
        turn.value = kept.turn.urls.join(" ");
        said.textContent = t("web.friends.net.saved");
      } catch {
        said.textContent = t("web.friends.net.unsaved");
      }
    }, text: t("web.friends.net.save") }), said);
}

function loadTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}")[host?.matchId ?? ""] || {};
  } catch {
    return {};
  }
}

function saveTokens(tokens) {
  if (!host?.matchId) return;
  try {
    const all = JSON.parse(localStorage.getItem(TOKENS_KEY) || "{}");
    all[host.matchId] = tokens;
    localStorage.setItem(TOKENS_KEY, JSON.stringify(all));
  } catch { /* a friend coming back after a reload then gets a new seat */ }
}

/** The seats a friend who comes by the code may take, in order: computer players' seats
 * that no friend has had, then friends' seats they left. */
function freeSeats() {
  if (host?.room) {
    const { players, seat } = host.room.config;
    return Array.from({ length: players }, (_, s) => s).filter((s) => s !== seat);
  }
  const m = table.model;
  if (!m) return [];
  const friends = new Map((m.friends || []).map((f) => [f.seat, f]));
  const others = m.seats.map((s) => s.seat).filter((s) => s !== m.seat && !friends.get(s)?.connected);
  return [...others.filter((s) => !friends.has(s)), ...others.filter((s) => friends.has(s))];
}

function drawCode() {
  const panel = $("code-panel");
  if (!panel || !host) return;
  if (panel.dataset.code === (host.code || "")) return; // (drawn: the QR code is not made again)
  panel.dataset.code = host.code || "";
  const title = el("h2", { id: "code-title", text: t("web.friends.code.title") });
  if (!host.code) {
    panel.replaceChildren(title, el("p", { text: t("web.friends.code.consent.host") }),
      el("button", { type: "button", id: "code-on", onclick: () => codeOn(), text: t("web.friends.code.on") }),
      el("p", { id: "code-status", role: "status" }), netForm());
    return;
  }
  const link = `${location.origin}${location.pathname}#/table/${host.code}${aboutTable()}`;
  const field = el("input", { type: "text", readonly: true, value: link, id: "code-link", "aria-label": t("web.friends.code.link") });
  const said = el("span", { role: "status" });
  const shown = el("div", { class: "qr-box" });
  qrImage(link, t("web.friends.code.qr")).then((img) => shown.replaceChildren(img), () => {});
  panel.replaceChildren(title,
    el("p", { class: "code-line" }, t("web.friends.code.label"), " ", el("strong", { id: "table-code", class: "table-code", text: host.code.replaceAll("-", " ") })),
    el("p", { text: t("web.friends.code.how") }),
    el("label", { for: "code-link", text: t("web.friends.code.link") }), field,
    el("button", { type: "button", onclick: () => { field.select(); copy(link, said); }, text: t("web.friends.copy") }), said,
    shown, el("p", { id: "code-status", role: "status", text: host.codeStatus || "" }));
}

/** The host turns the table code on (after the sentence on what goes to whom). */
async function codeOn(code = null) {
  if (!host || host.codeRoom) return;
  const wanted = code || newCode();
  try {
    const { joinTable } = await import("./room.js");
    const room = await joinTable(wanted, { host: true, ...netSettings(), onPeer: (ch) => host?.host.attach(null, ch),
      onError: (why) => {
        if (!host) return;
        host.codeStatus = t(`web.friends.fail.${why}`);
        host.onCodeError?.(why);
        const status = $("code-status");
        if (status) status.textContent = host.codeStatus;
      } });
    if (!host) return room.leave();
    host.codeRoom = room;
    host.code = wanted;
    host.onCode?.(wanted);
  } catch (e) {
    const status = $("code-status");
    if (status) status.textContent = reasonText(e);
    return;
  }
  drawSeats();
}

async function makeInvite(seat) {
  host.status.set(seat, t("web.friends.invite.making"));
  host.invites.set(seat, { close() {} });
  drawSeats();
  try {
    const { invite } = await peer();
    const inv = await invite({ iceServers: [] });
    if (!host) return inv.close();
    inv.link = linkTo("join", seat, inv.code, aboutTable());
    host.invites.set(seat, inv);
    host.status.set(seat, t("web.friends.invite.waiting"));
    inv.channel.then((channel) => {
      if (!host) return;
      host.invites.delete(seat);
      host.status.set(seat, "");
      host.host.attach(seat, channel);
      drawSeats();
    }, (e) => {
      if (!host) return;
      host.invites.delete(seat);
      host.status.set(seat, reasonText(e));
      drawSeats();
    });
  } catch (e) {
    host?.invites.delete(seat);
    host?.status.set(seat, reasonText(e));
  }
  drawSeats();
}

async function accept(seat, code) {
  const inv = host?.invites.get(seat);
  if (!inv?.accept) return;
  host.status.set(seat, t("web.friends.connecting"));
  drawSeats();
  try {
    await inv.accept(code);
  } catch (e) {
    host.status.set(seat, reasonText(e));
    drawSeats();
  }
}

/** A match with a table code resumes (the host's page reloaded): the code is open again at
 * once, and friends who come back are known by their tokens. */
export async function resumeHosting(hostName, config, onCode) {
  if (!config.table_code) return;
  await hosting(hostName, config.id);
  host.onCode = onCode;
  await codeOn(config.table_code);
}

// ------------------------------------------------------------------ an answer on the host's device

/** ``#/answer/…`` opened on the host's device: sent to the tab that hosts. */
export function answerPage(section, text) {
  const title = el("h1", { id: "friends-title", text: t("web.friends.answer.title") });
  const said = el("p", { role: "status", text: t("web.friends.answer.sending") });
  section.replaceChildren(title, said);
  if (!readLink(text, "answer") || !("BroadcastChannel" in globalThis)) {
    said.textContent = t("web.friends.fail.malformed");
    section.append(backLink());
    return;
  }
  const channel = new BroadcastChannel(ANSWERS);
  const timer = setTimeout(() => { said.textContent = t("web.friends.answer.nobody"); channel.close(); }, 1500);
  channel.onmessage = (event) => {
    if (event.data?.taken !== text) return;
    clearTimeout(timer);
    said.textContent = t("web.friends.answer.sent");
    channel.close();
  };
  channel.postMessage({ answer: text });
}

// ------------------------------------------------------------------ a friend

function savedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY) || "";
  } catch {
    return "";
  }
}

/** The way out of a friend's page that cannot go on (a damaged link): the lobby. */
function backLink() {
  return el("p", {}, el("a", { href: "#/", text: t("web.friends.back") }));
}

/** ``#/join/<seat>.<code>``: the friend's page. ``show(reply)`` puts the table on screen;
 * ``done()`` goes back to the lobby. */
export function joinPage(section, text, { show, done, python = null }) {
  const link = readLink(text, "join");
  const title = el("h1", { id: "friends-title", text: t("web.friends.join.title") });
  if (!link) {
    section.replaceChildren(title, el("p", { role: "alert", text: t("web.friends.fail.malformed") }), backLink());
    return;
  }
  const name = el("input", { id: "join-name", type: "text", maxlength: "24", autocomplete: "nickname",
    value: store.loadChoices().name || "" });
  const said = el("p", { id: "join-status", role: "status" });
  const go = el("button", { type: "submit", id: "join-go", class: "primary", text: t("web.friends.join.go") });
  const box = el("div", { id: "join-answer", hidden: true });
  const form = el("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); start(); } },
    el("label", { for: "join-name", text: t("web.lobby.name") }), name, go);
  const invited = invitedText(invitedTo(text), "web.friends.join.invited", { n: link.seat + 1 })
    ?? t("web.friends.join.text", { n: link.seat + 1 });
  section.replaceChildren(title, el("p", { id: "join-invited", text: invited }), form, box, said);
  name.focus();

  async function start() {
    go.disabled = true;
    said.textContent = t("web.friends.join.making");
    let answer;
    try {
      // (the answer goes back by hand: a person has minutes to carry it, not seconds)
      answer = await (await peer()).answer(link.code, { iceServers: [], timeout: 10 * 60 * 1000 });
    } catch (e) {
      said.textContent = reasonText(e);
      go.disabled = false;
      return;
    }
    const back = linkTo("answer", link.seat, answer.code);
    const field = el("input", { type: "text", readonly: true, value: back, id: "join-answer-link", "aria-label": t("web.friends.answer.link") });
    const copied = el("span", { role: "status" });
    const shown = el("div", { class: "qr-box" });
    box.replaceChildren(el("p", { text: t("web.friends.answer.how") }),
      el("label", { for: field.id, text: t("web.friends.answer.link") }), field,
      el("button", { type: "button", onclick: () => { field.select(); copy(back, copied); }, text: t("web.friends.copy") }), copied,
      shown);
    qrImage(back, t("web.friends.answer.qr")).then((img) => shown.replaceChildren(img), () => {});
    box.hidden = false;
    said.textContent = t("web.friends.join.waiting");
    let channel;
    try {
      channel = await answer.channel;
    } catch (e) {
      said.textContent = reasonText(e);
      go.disabled = false;
      return;
    }
    seatFriend(section, channel, name.value.trim(), { show, done, said, hide: [box, form], python });
  }
}

/** A friend's page, connected to the host: hello, the host's welcome ("Ready"), then the
 * tables the host sends for this seat. ``lost(why)``: the connection ended (else the page
 * says so and offers the way back). A quick match says its own words: ``welcomed(host)``
 * in place of the room's "Ready", ``closed(why, host)`` in place of the page that says
 * the table ended. Every name the host sends is checked before it is shown (cleanName).
 * ``noPeekOnly``: the table was announced no-peek: a whole table from the host closes it
 * (``closed("not-nopeek")``). */
export async function seatFriend(section, channel, who, { show, done, said, hide = [], lost = null, welcomed = null, closed = null, python = null,
  noPeekOnly = false }) {
  const { createGuest } = await import("./guest.js");
  let opened = false;
  let hostName = "";
  let noPeek = null; // a no-peek table: this page's seat (net/nopeek-table.js), from the first deal (a promise)
  let seat = null;
  const guest = createGuest(channel, {
    name: who, lang, token: savedToken(), text: t,
    onNoPeek(msg) {
      if ((msg.kind === "np-deal" || msg.kind === "np-join") && !noPeek) {
        // this page plays its own seat's match: Python boots, the deal's session starts at once
        // (or, a friend who joins a running match: the deal so far, its seat played face up)
        noPeek = import("./nopeek-table.js").then(({ createNoPeekPage, noPeekNote }) => {
          const config = { ...msg.config, seat, name: who, lang };
          // the note before the first no-peek deal, read while the devices deal
          if (!opened) said.after(noPeekNote(config.game, Object.keys(config.levels || {}).length > 0));
          const page = createNoPeekPage({ config, python: python?.(), submit: (envelope) => guest.noPeek(envelope),
            said: (text) => { said.textContent = text; },
            ready: () => guest.ready(),
            open: (reply) => {
              opened = true;
              // (its deals count in this page's statistics once audited: config.id is the match's)
              show(reply, { leave: () => { guest.leave(); useRemote(null); page.close(); done(); }, noPeek: config });
            },
            push: (reply) => table.push(reply) });
          useRemote(page.remote);
          window.kortti.noPeek = () => page;
          return page;
        });
      }
      // (in the order they came: each waits for the page, made once)
      noPeek?.then((page) => {
        if (msg.kind === "np-deal") page.deal(msg.deal);
        else if (msg.kind === "np-join") page.join(msg.at);
        else if (msg.kind === "np") page.take(msg);
        else if (msg.kind === "np-left") page.left(msg.seat, msg.why);
        else if (msg.kind === "np-refused") page.refused(msg.seat ?? seat, msg.why, msg.reason); // (no seat: this page's own)
      });
    },
    onWelcome(w) {
      seat = w.seat;
      hostName = protocol.cleanName(w.host);
      if (welcomed) {
        try { localStorage.setItem(TOKEN_KEY, w.token); } catch { /* private mode */ }
        for (const node of hide) node.hidden = true;
        return welcomed(hostName);
      }
      try { localStorage.setItem(TOKEN_KEY, w.token); } catch { /* private mode: the host gives a new one */ }
      for (const node of hide) node.hidden = true;
      said.textContent = aboutHost("web.friends.join.connected", hostName);
      const ready = el("button", { type: "button", id: "join-ready", class: "primary", text: t("web.friends.join.ready"),
        onclick: () => { guest.ready(); ready.disabled = true; said.textContent = aboutHost("web.friends.join.readied", hostName); } });
      section.append(ready);
      ready.focus();
    },
    onReply(reply) {
      // a table announced no-peek whose host sends this page a table (a host that deals holds
      // every hand; a no-peek host sends only its np messages): left at once
      if (noPeekOnly) return guest.quit("not-nopeek");
      if (reply.waiting) {
        if (!opened) {
          section.replaceChildren(el("h1", { id: "friends-title", text: reply.waiting.title }),
            el("p", { id: "join-status", role: "status", text: reply.waiting.text }));
        }
        return;
      }
      if (!reply.model) return;
      if (!opened) {
        opened = true;
        show(reply, { leave: () => { guest.leave(); useRemote(null); done(); } });
      } else table.push(reply);
    },
    onClosed(why) {
      useRemote(null);
      if (noPeek) markNoPeek(false); // (the match is over for this page: nothing a reload would lose)
      noPeek?.then((page) => page.close());
      if (opened) {
        opened = false;
        table.close();
      }
      if (closed) return closed(why, hostName); // (its own page, if any: the player may have gone elsewhere)
      section.hidden = false;
      // (a seat handed on for its silence is said as such: the page joins again by a new invite or the code)
      if (lost && !["left", "removed", "version", "full", "silent"].includes(why)) return lost(why);
      const words = t(`web.friends.closed.${why}`) === `web.friends.closed.${why}` ? t("web.friends.closed.lost") : t(`web.friends.closed.${why}`);
      section.replaceChildren(el("h1", { id: "friends-title", text: closedTitle(why, hostName) }),
        el("p", { id: "join-status", role: "alert", text: words }),
        el("p", {}, el("a", { href: "#/", text: t("web.friends.back") })));
    },
  });
  useRemote(guest);
  return guest;
}

/** Why a friend's page is off the table, as its title: the friend left, the host did
 * (closed the table, or the page went), or the connection ended otherwise. */
function closedTitle(why, hostName) {
  if (why === "left") return t("web.friends.closed.title");
  if (why === "closed-by-host" || why === "host-left") {
    return hostName && !unnamed(hostName) ? t("web.friends.closed.title.host", { host: hostName }) : t("web.friends.closed.title.host.unnamed");
  }
  return t("web.friends.closed.title.off");
}

/** ``#/table/<code>`` (an invite link, or a code typed in the lobby): a friend joins by the
 * table code, over public relays, once the page has said what that sends to whom. The page
 * keeps looking for the host: after a lost connection (the host reloaded, a network
 * dropped) it is seated again from the next deal with no new exchange (its token). */
export function codePage(section, text, { show, done, python = null }) {
  const code = readCode(decodeURIComponent(String(text).replace(/^#\/table\//, "").replace(/\?.*$/s, "")));
  const invited = invitedText(invitedTo(text), "web.friends.code.invited");
  const title = el("h1", { id: "friends-title", text: t("web.friends.join.title") });
  if (!code) {
    section.replaceChildren(title, el("p", { role: "alert", text: t("web.friends.code.bad") }), backLink());
    return;
  }
  const name = el("input", { id: "join-name", type: "text", maxlength: "24", autocomplete: "nickname",
    value: store.loadChoices().name || "" });
  const said = el("p", { id: "join-status", role: "status" });
  const go = el("button", { type: "submit", id: "join-go", class: "primary", text: t("web.friends.join.go") });
  const form = el("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); start(); } },
    el("label", { for: "join-name", text: t("web.lobby.name") }), name, go);
  section.replaceChildren(title,
    // (a link names the game and the host; a code typed in the lobby cannot)
    ...(invited ? [el("p", { id: "join-invited", text: invited })] : []),
    el("p", {}, t("web.friends.code.label"), " ", el("strong", { class: "table-code", text: code.replaceAll("-", " ") })),
    el("p", { text: t("web.friends.code.consent.guest") }), form, netForm(), said);
  name.focus();
  let current = null;
  let stopWaiting = () => {}; // the host lost: what ends the wait's words (host-away.js)

  async function start() {
    go.disabled = true;
    said.textContent = t("web.friends.code.looking");
    const slow = setTimeout(() => { if (!current) said.textContent = t("web.friends.code.nobody"); }, 20000);
    try {
      const { joinTable } = await import("./room.js");
      await joinTable(code, { host: false, ...netSettings(), onError: (why) => {
        if (!current) said.textContent = t(`web.friends.fail.${why}`);
      }, onPeer: (ch) => {
        // the host says it is the table; the code's other peers (friends) are left be
        ch.onmessage = (event) => {
          ch.onmessage = null;
          if (current || !protocol.parse(event.data, "host").ok || JSON.parse(event.data).kind !== "table") return;
          found(ch);
        };
      } });
    } catch (e) {
      clearTimeout(slow);
      said.textContent = reasonText(e);
      go.disabled = false;
    }

    async function found(ch) {
        clearTimeout(slow);
        stopWaiting();
        current = { closed: false };
        current = await seatFriend(section, ch, name.value.trim(), { show, done, said, hide: [form], python, lost: () => {
          current = null;
          section.replaceChildren(el("h1", { id: "friends-title", text: t("web.friends.code.lost.title") }),
            el("p", { id: "join-status", role: "status", text: t("web.friends.code.lost") }),
            el("p", {}, el("a", { href: "#/", text: t("web.friends.back") })));
          stopWaiting = sayWhenHostStaysAway(section);
        } });
    }
  }
}
