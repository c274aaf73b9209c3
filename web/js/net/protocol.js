// The friends table's messages, one JSON text per data-channel message, both ways. The
// host's page runs the match; a friend's page sends only its own decisions and questions
// and gets only its own seat's tables (web/table/friends.py makes them). Nothing that
// arrives is trusted: every message is size-checked, parsed and shape-checked here before
// anything reads it, and a message of another version is refused by name.

/** Bumped when a message's shape changes: pages of two site versions do not sit together. */
export const VERSION = 1;

/** Bytes, at most, of one message: a friend's (decisions are short) and the host's (a table). */
export const MAX_FROM_GUEST = 8 * 1024;
export const MAX_FROM_HOST = 512 * 1024;
/** A no-peek table's deal texts (web/js/net/nopeek-relay.js): a stage or a seat's shares are
 * tens of KB; the relay checks each text's own size. */
export const MAX_NOPEEK = 512 * 1024;

/** Each side says it is there this often (ms), and takes the other as lost after ``LOST_MS``
 * of silence: a closed tab or a dropped network is seen in seconds, and the table never
 * waits on a peer that is gone. */
export const PING_MS = 2000;
export const LOST_MS = 9000;

/** A friend's messages per second the host takes, on average, and in one burst. */
export const RATE = { perSecond: 20, burst: 40 };

/** What a friend's page may ask the host's table for (web/table/friends.py: GUEST_CALLS,
 * and "timeout": the friend's turn timer ran out, ``guest_timeout``). */
export const GUEST_CALLS = ["act", "act_cards", "check_cards", "why", "category", "suggest", "ready", "timeout"];

/** The host gives a friend's own turn timer this much longer (ms) before it plays for the
 * seat itself: a friend's page that never says so (gone quiet, or changed) holds nobody up. */
export const TIMER_GRACE_MS = 3000;

/**
 * @typedef {{v: number, kind: "hello", name: string, lang: string, token: string}} Hello
 * @typedef {{v: number, kind: "call", id: number, call: string, args: Array<string|string[]>}} Call
 * @typedef {{v: number, kind: "bye"}} Bye
 * @typedef {{v: number, kind: "ready"}} Ready
 * @typedef {{v: number, kind: "ping"}} Ping
 * @typedef {{v: number, kind: "np", texts: Array<{to: "all" | number, text: string}>, move?: string}} NoPeekOut
 *   a no-peek table's deal texts and move, for the host's relay
 * @typedef {Hello | Call | Bye | Ready | Ping | NoPeekOut} FromGuest
 * @typedef {{v: number, kind: "welcome", seat: number, host: string, token: string}} Welcome
 * @typedef {{v: number, kind: "update", seq: number, reply: object}} Update
 * @typedef {{v: number, kind: "answer", id: number, seq: number, reply: object}} Answer
 * @typedef {{v: number, kind: "refused", id?: number, why: string}} Refused
 * @typedef {{v: number, kind: "closed", why: string}} Closed
 * @typedef {{v: number, kind: "table", host: string}} TableHere the host, to a peer met by the table code
 * @typedef {{v: number, kind: "np", from: number, n: number, texts: string[], move?: string}} NoPeekIn
 *   another seat's deal texts and move, as the relay numbered them
 * @typedef {{v: number, kind: "np-deal", deal: object, config: object}} NoPeekDeal a no-peek deal begins
 * @typedef {{v: number, kind: "np-left", seat: number, why?: "left" | "lost" | "silent"}} NoPeekLeft a seat's page is gone
 *   mid-deal: it left, lost its connection, or stopped answering the table (net/nopeek-watch.js)
 * @typedef {{v: number, kind: "np-join", at: object, config: object}} NoPeekJoin a friend joins the running
 *   deal in a face-up seat: the deal so far (nopeek-table.js's JoinAt)
 * @typedef {{v: number, kind: "np-refused", seat: number, why: string, reason?: string}} NoPeekRefused the relay
 *   refused a seat's text (or its move: the reason in the host's words)
 * @typedef {Welcome | Update | Answer | Refused | Closed | Ping | TableHere | NoPeekIn | NoPeekDeal | NoPeekLeft
 *   | NoPeekRefused | NoPeekJoin} FromHost
 * @typedef {{ok: true, msg: any, why?: undefined} | {ok: false, why: "oversized"|"malformed"|"version"|"unknown", msg?: undefined}} Parsed
 */

/** @type {(x: unknown, max: number) => boolean} */
const isText = (x, max) => typeof x === "string" && x.length <= max;
/** @type {(x: unknown) => boolean} */
const isCount = (x) => Number.isSafeInteger(x) && /** @type {number} */ (x) >= 0;

/** @typedef {(m: any) => boolean} Shape a kind's check, on a parsed object */

/** Each kind's shape, as the receiving side checks it. @type {Record<string, Shape>} */
const FROM_GUEST = {
  hello: (m) => isText(m.name, 64) && isText(m.lang, 8) && isText(m.token, 64),
  call: (m) => isCount(m.id) && GUEST_CALLS.includes(m.call) && Array.isArray(m.args) && m.args.length <= 2
    && m.args.every((/** @type {unknown} */ a) => isText(a, 400)
      || (Array.isArray(a) && a.length <= 20 && a.every((c) => isText(c, 8)))),
  bye: () => true,
  ready: () => true,
  ping: () => true,
  np: (m) => Array.isArray(m.texts) && m.texts.length <= 8 && (m.move === undefined || isText(m.move, 400))
    && m.texts.every((/** @type {any} */ x) => isObject(x) && isText(x.text, 64 * 1024) && (x.to === "all" || isCount(x.to))),
};
/** @type {Record<string, Shape>} */
const FROM_HOST = {
  welcome: (m) => isCount(m.seat) && isText(m.host, 64) && isText(m.token, 64),
  update: (m) => isCount(m.seq) && isObject(m.reply),
  answer: (m) => isCount(m.id) && isCount(m.seq) && (isObject(m.reply) || m.reply === null || typeof m.reply === "string"
    || Array.isArray(m.reply)),
  refused: (m) => isText(m.why, 400) && (m.id === undefined || isCount(m.id)),
  closed: (m) => isText(m.why, 40),
  ping: () => true,
  table: (m) => isText(m.host, 64),
  np: (m) => isCount(m.from) && isCount(m.n) && Array.isArray(m.texts) && m.texts.length <= 8
    && m.texts.every((/** @type {unknown} */ x) => isText(x, 64 * 1024)) && (m.move === undefined || isText(m.move, 400)),
  "np-deal": (m) => isObject(m.deal) && isObject(m.config),
  "np-left": (m) => isCount(m.seat) && (m.why === undefined || ["left", "lost", "silent"].includes(m.why)),
  "np-join": (m) => isObject(m.config) && isObject(m.at) && isObject(m.at.deal) && isObject(m.at.start)
    && Array.isArray(m.at.moves) && m.at.moves.length <= 500 && m.at.moves.every((/** @type {unknown} */ x) => isText(x, 400))
    && Array.isArray(m.at.earlier),
  "np-refused": (m) => isCount(m.seat) && isText(m.why, 40) && (m.reason === undefined || isText(m.reason, 400)),
};

/** @param {unknown} x */
function isObject(x) {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * A message as it arrived, checked: ``{ok, msg}`` or ``{ok: false, why}``.
 * @param {unknown} data the data channel's ``event.data``
 * @param {"guest"|"host"} from who sent it
 * @returns {Parsed}
 */
export function parse(data, from) {
  const max = from === "guest" ? MAX_FROM_GUEST : MAX_FROM_HOST;
  if (typeof data !== "string") return { ok: false, why: "malformed" };
  // (a no-peek deal text is larger than any other message: its kind is read before the size)
  const large = data.length > max || (from === "guest" && data.length > MAX_FROM_GUEST);
  if (data.length > Math.max(max, MAX_NOPEEK) || (large && !data.startsWith(`{"v":${VERSION},"kind":"np"`))) {
    return { ok: false, why: "oversized" };
  }
  let msg;
  try {
    msg = JSON.parse(data);
  } catch {
    return { ok: false, why: "malformed" };
  }
  if (!isObject(msg)) return { ok: false, why: "malformed" };
  if (msg.v !== VERSION) return { ok: false, why: "version" };
  if (large && msg.kind !== "np") return { ok: false, why: "oversized" };
  const shapes = from === "guest" ? FROM_GUEST : FROM_HOST;
  if (!Object.hasOwn(shapes, msg.kind)) return { ok: false, why: "unknown" };
  if (!shapes[msg.kind](msg)) return { ok: false, why: "malformed" };
  return { ok: true, msg };
}

/**
 * A message to send: the kind and its fields, with the version.
 * @param {string} kind
 * @param {Record<string, unknown>} [fields]
 */
export function encode(kind, fields = {}) {
  return JSON.stringify({ v: VERSION, kind, ...fields });
}

/**
 * A token bucket: ``take()`` is false once a sender goes over ``RATE`` (a flood).
 * @returns {{take(): boolean}}
 */
export function bucket(rate = RATE, now = () => performance.now()) {
  let tokens = rate.burst;
  let last = now();
  return {
    take() {
      const t = now();
      tokens = Math.min(rate.burst, tokens + ((t - last) / 1000) * rate.perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** The longest name shown, in characters (code points): the lobby's field takes as many. */
export const NAME_MAX = 24;
/** What a name may not hold: control characters, the direction marks and overrides that
 * would turn the text around it, line breaks of other kinds, the byte-order mark. (Joiners
 * stay: Devanagari and emoji need them.) web/table/friends.py's clean_name removes the same. */
const NOT_IN_NAMES = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\u2028\u2029]/gu;

/**
 * A name as every page shows it, wherever it came from (a stranger's hello, a host's
 * welcome, a table's seats): one line, trimmed, at most NAME_MAX characters; "" for none.
 * @param {unknown} name
 */
export function cleanName(name) {
  if (typeof name !== "string") return "";
  const line = name.slice(0, 256).replace(NOT_IN_NAMES, " ").replace(/\s+/g, " ").trim();
  return Array.from(line).slice(0, NAME_MAX).join("").trim();
}

/** A random token (a friend's seat is known by it when the friend comes back). */
export function token() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
