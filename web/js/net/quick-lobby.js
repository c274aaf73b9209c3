// The quick match's lobby messages: what a page says on the public Nostr relays to find a
// public table, and how it judges what it hears. Two ephemeral event kinds (relays pass them
// on and never keep them): a host's table announcement, re-sent every ANNOUNCE_MS while the
// table has a free seat, and a "looking" ping that hosts answer with an announcement at once.
//
// Nothing heard is trusted. ``parseLobbyEvent`` checks, cheapest first: size, JSON shape,
// kind, age, version, game and preset, the fields, a copy already taken from another relay,
// a sender ignored for flooding, then the id (a hash), the announcement's
// proof of work (NIP-13), a bound on the signatures checked per second, the signature, and
// last the sender's own rate: a sender over it is dropped from the listing and ignored for a
// while. Anything that fails is dropped with no effect. ``listing`` keeps the live tables,
// one per host key, bounded in number; ``choose`` picks where to sit.
//
// The page's part: quick.js.

import { bucket } from "./protocol.js";
import { eventId, hasWork, mine, sign, verifyHash } from "./nostr.js";
import { SITE_VERSION, presetOf } from "./quick-presets.js";
import { WORDS } from "./words.js";

/** @typedef {import("./nostr.js").NostrEvent} NostrEvent */
/** @typedef {import("./nostr.js").Keys} Keys */
/** @typedef {import("./quick-presets.js").Preset} Preset */

/** The two kinds, ephemeral (NIP-01: 20000-29999). Trystero's signals take kind 20000 + the sum
 * of the character codes of a 20-byte SHA-1 written in base 36, mod 10000: always within
 * 20960-23540; these lie above it, and clear of the ephemeral kinds in the NIPs' list of
 * kinds (22242, 23194, 23195, 24133, 27235). */
export const KIND_TABLE = 25420;
export const KIND_LOOKING = 25421;

/** Every lobby event carries ``["t", TOPIC + ":" + preset id]``: relays filter on it. */
export const TOPIC = "kortti-quick";

/** The proof of work an announcement must carry (leading zero bits of its id, NIP-13): about
 * 4,000 hashes, some 50 ms on a laptop and 0.2-0.4 s on a phone's CPU, once per ANNOUNCE_MS
 * (16 bits took 0.8 s on a laptop: seconds of a phone's CPU every ten). A forger pays the same
 * for each fake listing, and one sender's flood is stopped by its rate (SENDER_RATE) anyway. */
export const DIFFICULTY = 12;

/** A host re-announces this often (ms); a listing older than MAX_AGE_S seconds is gone. */
export const ANNOUNCE_MS = 10_000;
export const MAX_AGE_S = 25;
/** How far in the future a sender's clock may be (s). */
export const FUTURE_SKEW_S = 5;

/** The longest relay message taken, in characters (a lobby event is about 600). */
export const MAX_MESSAGE_CHARS = 2048;

/** Each sender's events per second taken (on average, and at once), and for how long (ms) a
 * sender over it is ignored. A host sends one every ANNOUNCE_MS and answers "looking" pings
 * at most once in ANSWER_MS; a looking page pings once. */
export const SENDER_RATE = { perSecond: 1, burst: 5 };
export const SENDER_BLOCK_MS = 60_000;
export const ANSWER_MS = 3_000;
/** Signatures checked per second, per kind, from all senders together: the CPU a flood
 * of events with bad signatures can take is bounded. */
export const CHECK_RATE = { [KIND_TABLE]: { perSecond: 10, burst: 30 }, [KIND_LOOKING]: { perSecond: 5, burst: 10 } };

/** Tables listed at once, senders whose rate is followed at once, and event ids remembered
 * (a page hears each event once from every relay it uses: the copies count once). */
export const MAX_TABLES = 100;
export const MAX_SENDERS = 1000;
export const MAX_SEEN = 5000;

/**
 * @typedef {{game: string, preset: string, v: number, free: number, humans: number, code: string, opened: number,
 *   nopeek?: boolean}} TableAd ``nopeek``: the players' devices deal (issue 50); absent, the host's does
 * @typedef {{game: string, preset: string, v: number}} Looking
 * @typedef {{kind: "table", pubkey: string, at: number, ad: TableAd} | {kind: "looking", pubkey: string, at: number, ad: Looking}} Heard
 * @typedef {{ok: true, heard: Heard, why?: undefined} | {ok: false, why: string, heard?: undefined}} Parsed
 */

/** @param {string} presetId */
const topicTag = (presetId) => ["t", `${TOPIC}:${presetId}`];

/** @param {unknown} x @returns {x is Record<string, unknown>} */
const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
/** @type {(x: unknown, min: number, max: number) => boolean} */
const isInt = (x, min, max) => Number.isSafeInteger(x) && /** @type {number} */ (x) >= min && /** @type {number} */ (x) <= max;
/** @param {unknown} x */
const isCode = (x) => typeof x === "string" && x.length <= 64 && x.split("-").length === 4
  && x.split("-").every((w) => WORDS.includes(w));

const EVENT_KEYS = ["content", "created_at", "id", "kind", "pubkey", "sig", "tags"];
const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

/** @param {unknown} e @returns {e is NostrEvent} */
function isEventShape(e) {
  return isObject(e) && Object.keys(e).sort().join() === EVENT_KEYS.join()
    && typeof e.id === "string" && HEX64.test(e.id) && typeof e.pubkey === "string" && HEX64.test(e.pubkey)
    && typeof e.sig === "string" && HEX128.test(e.sig) && isInt(e.created_at, 0, 2 ** 40) && isInt(e.kind, 0, 65535)
    && typeof e.content === "string" && Array.isArray(e.tags) && e.tags.length <= 4
    && e.tags.every((t) => Array.isArray(t) && t.length <= 3 && t.every((s) => typeof s === "string" && s.length <= 64));
}

/**
 * An event's content, as a receiving page checks it (its version and preset checked before):
 * an announcement's free seats and humans fit the preset's seats, with a seat free, and a
 * no-peek table says so with ``nopeek: true`` (a page of before it takes the 7 fields only).
 * @param {number} kind
 * @param {Record<string, unknown>} c
 * @param {Preset} p
 * @param {number} createdAt
 */
function isContent(kind, c, p, createdAt) {
  if (kind === KIND_LOOKING) return Object.keys(c).length === 3;
  const noPeek = Object.hasOwn(c, "nopeek");
  if (noPeek && typeof c.nopeek !== "boolean") return false;
  return Object.keys(c).length === (noPeek ? 8 : 7) && isInt(c.humans, 1, p.seats - 1)
    && isInt(c.free, 1, p.seats - /** @type {number} */ (c.humans)) && isCode(c.code)
    && isInt(c.opened, createdAt - 86_400, createdAt);
}

/**
 * Who may be heard: a token bucket per sender, a sender over it ignored for SENDER_BLOCK_MS,
 * a bound on the signatures checked per second per kind, and the events taken already.
 * @param {() => number} [now] ms
 */
export function senderLimiter(now = () => performance.now()) {
  /** @type {Map<string, {take(): boolean, blockedUntil: number}>} */
  const senders = new Map();
  const checks = { [KIND_TABLE]: bucket(CHECK_RATE[KIND_TABLE], now), [KIND_LOOKING]: bucket(CHECK_RATE[KIND_LOOKING], now) };
  /** @type {Set<string>} */
  const seen = new Set();
  return {
    /** This event was taken already (another relay's copy). @param {string} id */
    seen: (id) => seen.has(id),
    /** A verified event's id, remembered (the oldest forgotten past MAX_SEEN). @param {string} id */
    saw(id) {
      seen.add(id);
      if (seen.size > MAX_SEEN) seen.delete(/** @type {string} */ (seen.values().next().value));
    },
    /** @param {string} pubkey */
    blocked: (pubkey) => (senders.get(pubkey)?.blockedUntil ?? 0) > now(),
    /** One more signature to check of this kind, or false over the bound. @param {number} kind */
    check: (kind) => kind in checks && checks[/** @type {keyof typeof checks} */ (kind)].take(),
    /** A verified event of this sender: false (and the sender blocked) over its rate. @param {string} pubkey */
    take(pubkey) {
      let s = senders.get(pubkey);
      if (!s) {
        s = { ...bucket(SENDER_RATE, now), blockedUntil: 0 };
        senders.set(pubkey, s);
        for (const [key, other] of senders) { // the oldest go first, never one that is blocked
          if (senders.size <= MAX_SENDERS) break;
          if (other.blockedUntil <= now()) senders.delete(key);
        }
      }
      if (s.take()) return true;
      s.blockedUntil = now() + SENDER_BLOCK_MS;
      return false;
    },
  };
}

/** @typedef {ReturnType<typeof senderLimiter>} Limiter */

/**
 * A relay's message, checked as a lobby event: ``{ok: true, heard}`` or ``{ok: false, why}``.
 * @param {unknown} data the WebSocket's message: ``["EVENT", subscription, event]``
 * @param {{limiter: Limiter, now?: () => number, difficulty?: number, onBlocked?: (pubkey: string) => void}} context
 *   ``now`` in ms; ``onBlocked``: a sender just went over its rate (its listing goes)
 * @returns {Promise<Parsed>}
 */
export async function parseLobbyEvent(data, context) {
  const now = Math.floor((context.now ?? Date.now)() / 1000);
  if (typeof data !== "string") return { ok: false, why: "malformed" };
  if (data.length > MAX_MESSAGE_CHARS) return { ok: false, why: "oversized" };
  let msg;
  try {
    msg = JSON.parse(data);
  } catch {
    return { ok: false, why: "malformed" };
  }
  if (!Array.isArray(msg) || msg.length !== 3 || msg[0] !== "EVENT" || typeof msg[1] !== "string") return { ok: false, why: "malformed" };
  const event = msg[2];
  if (!isEventShape(event)) return { ok: false, why: "malformed" };
  if (event.kind !== KIND_TABLE && event.kind !== KIND_LOOKING) return { ok: false, why: "kind" };
  if (event.created_at < now - MAX_AGE_S || event.created_at > now + FUTURE_SKEW_S) return { ok: false, why: "stale" };
  let content;
  try {
    content = JSON.parse(event.content);
  } catch {
    return { ok: false, why: "malformed" };
  }
  if (!isObject(content)) return { ok: false, why: "malformed" };
  if (content.v !== SITE_VERSION) return { ok: false, why: "version" };
  const preset = presetOf(content.game, content.preset);
  if (!preset) return { ok: false, why: "preset" };
  const topic = topicTag(preset.id);
  if (!event.tags.some((t) => t.length === 2 && t[0] === topic[0] && t[1] === topic[1])) return { ok: false, why: "preset" };
  if (!isContent(event.kind, content, preset, event.created_at)) return { ok: false, why: "malformed" };
  const { limiter } = context;
  if (limiter.seen(event.id)) return { ok: false, why: "duplicate" };
  if (limiter.blocked(event.pubkey)) return { ok: false, why: "rate" };
  if (await eventId(event) !== event.id) return { ok: false, why: "id" };
  if (event.kind === KIND_TABLE && !hasWork(event, context.difficulty ?? DIFFICULTY)) return { ok: false, why: "work" };
  if (!limiter.check(event.kind)) return { ok: false, why: "busy" };
  if (!await verifyHash(event.sig, event.id, event.pubkey)) return { ok: false, why: "signature" };
  limiter.saw(event.id);
  if (!limiter.take(event.pubkey)) {
    context.onBlocked?.(event.pubkey);
    return { ok: false, why: "rate" };
  }
  const at = event.created_at;
  return event.kind === KIND_TABLE
    ? { ok: true, heard: { kind: "table", pubkey: event.pubkey, at, ad: /** @type {TableAd} */ (content) } }
    : { ok: true, heard: { kind: "looking", pubkey: event.pubkey, at, ad: /** @type {Looking} */ (content) } };
}

/**
 * A host's announcement of its table, mined (NIP-13) and signed. Takes about a second of
 * hashing at DIFFICULTY, in batches (the page stays responsive); ``signal`` stops it.
 * @param {{preset: Preset, free: number, humans: number, code: string, opened: number, nopeek?: boolean}} table
 *   ``opened``: unix s; ``nopeek``: a no-peek table
 * @param {Keys} keys
 * @param {{now?: () => number, signal?: AbortSignal, difficulty?: number}} [options] ``now`` in ms
 * @returns {Promise<NostrEvent>}
 */
export async function makeAnnouncement(table, keys, options = {}) {
  const { preset } = table;
  /** @type {TableAd} */
  const ad = { v: SITE_VERSION, game: preset.game, preset: preset.id, free: table.free, humans: table.humans,
    code: table.code, opened: table.opened, ...(table.nopeek ? { nopeek: true } : {}) };
  const template = { pubkey: keys.pubkey, created_at: Math.floor((options.now ?? Date.now)() / 1000),
    kind: KIND_TABLE, tags: [topicTag(preset.id)], content: JSON.stringify(ad) };
  const { event } = await mine(template, options.difficulty ?? DIFFICULTY, { signal: options.signal });
  return sign(event, keys);
}

/**
 * A page's "looking for a table" ping, signed.
 * @param {Preset} preset
 * @param {Keys} keys
 * @param {{now?: () => number}} [options]
 * @returns {Promise<NostrEvent>}
 */
export async function makeLooking(preset, keys, options = {}) {
  /** @type {Looking} */
  const ad = { v: SITE_VERSION, game: preset.game, preset: preset.id };
  return sign({ created_at: Math.floor((options.now ?? Date.now)() / 1000), kind: KIND_LOOKING,
    tags: [topicTag(preset.id)], content: JSON.stringify(ad) }, keys);
}

/**
 * The relay subscription's filter for one preset's lobby, from now on.
 * @param {Preset} preset
 * @param {number} nowMs
 */
export function lobbyFilter(preset, nowMs) {
  return { kinds: [KIND_TABLE, KIND_LOOKING], "#t": [`${TOPIC}:${preset.id}`], since: Math.floor(nowMs / 1000) - MAX_AGE_S };
}

/**
 * @typedef {{pubkey: string, at: number, ad: TableAd}} Listed a table as last announced (``at``: its created_at, s)
 */

/**
 * The live tables heard: one per host key (the newest announcement wins), none older than
 * MAX_AGE_S, at most MAX_TABLES (a new key is not listed while it is full of live tables).
 * @param {() => number} [now] ms
 */
export function listing(now = Date.now) {
  /** @type {Map<string, Listed>} */
  const tables = new Map();
  const prune = () => {
    const oldest = Math.floor(now() / 1000) - MAX_AGE_S;
    for (const [key, t] of tables) if (t.at < oldest) tables.delete(key);
  };
  return {
    /** A checked announcement (parseLobbyEvent's ``heard``). @param {Heard} heard */
    add(heard) {
      if (heard.kind !== "table") return;
      const had = tables.get(heard.pubkey);
      if (had && had.at > heard.at) return;
      if (!had && tables.size >= MAX_TABLES) prune();
      if (!had && tables.size >= MAX_TABLES) return;
      tables.set(heard.pubkey, { pubkey: heard.pubkey, at: heard.at, ad: heard.ad });
    },
    /** A sender that flooded, or a host that is gone. @param {string} pubkey */
    forget(pubkey) {
      tables.delete(pubkey);
    },
    /** The live tables. @returns {Listed[]} */
    live() {
      prune();
      return [...tables.values()];
    },
  };
}

/**
 * Where to sit: the live table with the most humans, then the one opened first, skipping the
 * hosts tried already (a connection that did not form), the page's own key and the tables
 * that deal otherwise than the page (``nopeek``: no-peek or not); null for none.
 * @param {Listed[]} tables ``listing().live()``
 * @param {{tried?: Set<string>, self?: string, nopeek?: boolean}} [skip] host keys
 * @returns {Listed | null}
 */
export function choose(tables, skip = {}) {
  let best = null;
  for (const t of tables) {
    if (skip.tried?.has(t.pubkey) || t.pubkey === skip.self || Boolean(t.ad.nopeek) !== Boolean(skip.nopeek)) continue;
    if (!best || t.ad.humans > best.ad.humans || (t.ad.humans === best.ad.humans
      && (t.ad.opened < best.ad.opened || (t.ad.opened === best.ad.opened && t.pubkey < best.pubkey)))) best = t;
  }
  return best;
}
