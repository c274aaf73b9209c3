// The no-peek deal's messages (docs/no-peek.md, "The messages"): one JSON text each, sent to
// every seat through the host's relay. Like web/js/net/protocol.js, nothing that arrives is
// trusted: a message is size-checked (a cap per kind), parsed and shape-checked here before
// the session reads it, and one of another version is refused by name. The signature, the
// sequence number and the step are the session's to check (session.js). No DOM.
//
// A message: {v, deal, seat, seq, kind, body, sig}. Its canonical text is its JSON with every
// object's keys sorted (by UTF-16 code units) and no spaces; ``sig`` is the sender's signature
// (sign.js) over the canonical text of the message without ``sig``. What is sent is the
// canonical text of the whole message.

/** Bumped when a message's shape changes: pages of two site versions do not deal together. */
export const VERSION = 2;

/** The most cards a no-peek deck has (Katko's two packs) and the most crypto seats (Katko's 20). */
export const MAX_CARDS = 104;
export const MAX_SEATS = 20;

/** The envelope's own bytes, at most ({v, deal, seat, seq, kind, sig} and the body's braces). */
const ENVELOPE = 512;

/** Bytes, at most, of one message of each kind: the envelope's plus its body's at the most
 * cards and seats (a point or a scalar is 66 bytes as a JSON string, a proof 150; a share
 * in a `shares` message, {"share":…,"slot":103}, 87). */
export const CAPS = {
  key: ENVELOPE + 512,
  escrow: ENVELOPE + MAX_SEATS * 512,
  stage: ENVELOPE + MAX_CARDS * 140,
  seed: ENVELOPE + 128,
  shares: ENVELOPE + 160 + MAX_CARDS * 104,
  show: ENVELOPE + MAX_SEATS * 256,
  hide: ENVELOPE + 32,
  give: ENVELOPE + 16 * 512,
  commit: ENVELOPE + 160,
  open: ENVELOPE + 2 * 1024 + 160,
  piece: ENVELOPE + 128,
  reveal: ENVELOPE + MAX_CARDS * 72 + 256,
  complaint: ENVELOPE + 512,
};

/** @typedef {keyof typeof CAPS} Kind */
export const KINDS = /** @type {Kind[]} */ (Object.keys(CAPS));

/** The most bytes a commitment may bind (Call Kitti's arrangement is a few dozen). */
export const MAX_COMMITTED = 1024;

/**
 * @typedef {{c: string, s: string}} Proof a Schnorr or Chaum–Pedersen proof, or a signature
 * @typedef {[string, string]} CiphertextJson
 * @typedef {{key: string, proof: Proof, seed: string}} KeyBody the deal key, its proof, and
 *   the commitment H(r) to the seat's part of the positions' seed
 * @typedef {{entry: object}} EscrowBody the deal key's escrow (escrow.js's entry)
 * @typedef {{deck: CiphertextJson[]}} StageBody
 * @typedef {{r: string}} SeedBody the revealed part of the seed (32 bytes, hex)
 * @typedef {{slot: number, share: string}} SlotShare
 * @typedef {{shares: SlotShare[], proof: Proof}} SharesBody every slot it does not own and that is not
 *   stock, and one proof of them all (proofs.js's batch)
 * @typedef {{seat: number, share: string, proof: Proof}} SeatShare a share of one card, by seat
 * @typedef {{slot: number, shares: SeatShare[]}} ShowBody every share of the card not yet public
 * @typedef {{slot: number}} HideBody
 * @typedef {{box: string, tag: string}} Sealed seal.js's box and tag, hex
 * @typedef {{slot: number, seat: number, share: Sealed, proof: Sealed}} SealedShare a share
 *   (seat's) and its proof (c then s, 64 bytes), each sealed to the receiver
 * @typedef {{to: number, slots: number[], sealed: SealedShare[]}} GiveBody
 * @typedef {{hash: string}} CommitBody
 * @typedef {{nonce: string, bytes: string}} OpenBody
 * @typedef {{for: number, piece: string}} PieceBody this seat's escrow piece of a seat that left
 * @typedef {{key: string, permutation: number[], randomisers: string[], r?: string}} RevealBody
 * @typedef {{about: number, what: "escrow", claim: object}} ComplaintBody escrow.js's complaint about a
 *   sealed piece (a wrong share needs none: every page checks every seat's shares)
 * @typedef {{v: number, deal: string, seat: number, seq: number, kind: Kind, body: any, sig: Proof}} Message
 * @typedef {{cards: number, seats: number[]}} Table what a body's shape depends on: the deck's
 *   size and the crypto seats
 * @typedef {"oversized" | "malformed" | "version" | "unknown" | "deal"} Refusal
 * @typedef {{ok: true, msg: Message, why?: undefined} | {ok: false, why: Refusal, msg?: undefined}} Parsed
 */

/** @param {unknown} x */
function isObject(x) {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/** @param {unknown} x @param {number} bytes */
const isHex = (x, bytes) => typeof x === "string" && x.length === 2 * bytes && /^[0-9a-f]*$/.test(x);
/** @param {unknown} x */
const isPoint = (x) => isHex(x, 32);
/** @param {unknown} x */
const isProof = (x) => isObject(x) && Object.keys(/** @type {object} */ (x)).length === 2
  && isHex(/** @type {Proof} */ (x).c, 32) && isHex(/** @type {Proof} */ (x).s, 32);
/** @param {unknown} x @param {number} below */
const isIndex = (x, below) => Number.isSafeInteger(x) && /** @type {number} */ (x) >= 0 && /** @type {number} */ (x) < below;
/** A sealed box (seal.js): {box, tag}, lowercase hex, a box of 1 to 64 bytes and a tag of 32. @param {unknown} x */
const isSealed = (x) => isObject(x) && Object.keys(/** @type {object} */ (x)).length === 2
  && typeof (/** @type {any} */ (x).box) === "string" && /^([0-9a-f]{2}){1,64}$/.test(/** @type {any} */ (x).box)
  && isHex(/** @type {any} */ (x).tag, 32);
/** @param {unknown[]} xs strictly increasing numbers */
const increasing = (xs) => xs.every((x, i) => i === 0 || /** @type {number} */ (x) > /** @type {number} */ (xs[i - 1]));

/** @typedef {(body: any, table: Table) => boolean} Shape */

/** Each kind's body's fields, exactly (a field more is a malformed message: nothing rides along). */
const FIELDS = {
  key: ["key", "proof", "seed"], escrow: ["entry"], stage: ["deck"], seed: ["r"], shares: ["proof", "shares"],
  show: ["shares", "slot"], hide: ["slot"], give: ["sealed", "slots", "to"], commit: ["hash"], open: ["bytes", "nonce"],
  piece: ["for", "piece"], reveal: ["key", "permutation", "randomisers"], complaint: ["about", "what"],
};

/** @param {object} body @param {Kind} kind */
function hasFields(body, kind) {
  const keys = Object.keys(body).sort();
  const want = [...FIELDS[kind]];
  if (kind === "reveal" && keys.includes("r")) want.push("r");
  if (kind === "complaint") want.push("claim");
  want.sort();
  return keys.length === want.length && keys.every((k, i) => k === want[i]);
}

/** Each kind's body, as the receiving side checks it (the session checks what it means). @type {Record<Kind, Shape>} */
const SHAPES = {
  key: (b) => isPoint(b.key) && isProof(b.proof) && isHex(b.seed, 64),
  escrow: (b) => isObject(b.entry),
  stage: (b, t) => Array.isArray(b.deck) && b.deck.length === t.cards
    && b.deck.every((/** @type {unknown} */ c) => Array.isArray(c) && c.length === 2 && isPoint(c[0]) && isPoint(c[1])),
  seed: (b) => isHex(b.r, 32),
  shares: (b, t) => Array.isArray(b.shares) && b.shares.length <= t.cards && isProof(b.proof)
    && b.shares.every((/** @type {any} */ s) => isObject(s) && Object.keys(s).length === 2 && isIndex(s.slot, t.cards)
      && isPoint(s.share))
    && increasing(b.shares.map((/** @type {SlotShare} */ s) => s.slot)),
  show: (b, t) => isIndex(b.slot, t.cards) && Array.isArray(b.shares) && b.shares.length <= t.seats.length
    && b.shares.every((/** @type {any} */ s) => isObject(s) && Object.keys(s).length === 3 && t.seats.includes(s.seat)
      && isPoint(s.share) && isProof(s.proof))
    && increasing(b.shares.map((/** @type {SeatShare} */ s) => s.seat)),
  hide: (b, t) => isIndex(b.slot, t.cards),
  give: (b, t) => t.seats.includes(b.to) && Array.isArray(b.slots) && b.slots.length > 0 && b.slots.length <= 16
    && b.slots.every((/** @type {unknown} */ s) => isIndex(s, t.cards)) && increasing(b.slots)
    && Array.isArray(b.sealed) && b.sealed.length <= b.slots.length
    && b.sealed.every((/** @type {any} */ s) => isObject(s) && Object.keys(s).length === 4 && b.slots.includes(s.slot)
      && t.seats.includes(s.seat)
      && isSealed(s.share) && isSealed(s.proof)),
  commit: (b) => isHex(b.hash, 64),
  open: (b) => isHex(b.nonce, 32) && typeof b.bytes === "string" && b.bytes.length <= 2 * MAX_COMMITTED
    && b.bytes.length % 2 === 0 && /^[0-9a-f]*$/.test(b.bytes),
  piece: (b, t) => t.seats.includes(b.for) && isHex(b.piece, 32),
  reveal: (b, t) => isHex(b.key, 32) && Array.isArray(b.permutation) && b.permutation.length === t.cards
    && b.permutation.every((/** @type {unknown} */ p) => isIndex(p, t.cards))
    && Array.isArray(b.randomisers) && b.randomisers.length === t.cards
    && b.randomisers.every((/** @type {unknown} */ r) => isHex(r, 32)) && (b.r === undefined || isHex(b.r, 32)),
  complaint: (b, t) => t.seats.includes(b.about) && b.what === "escrow" && isObject(b.claim),
};

/** A deal id: no "|" (the proofs' contexts are joined by it), printable ASCII, at most 64. */
export const DEAL_ID = /^[A-Za-z0-9._:~-]{1,64}$/;

/**
 * The canonical JSON text of a value: objects' keys sorted, no spaces. Only what JSON holds
 * (no undefined values inside arrays; an object's undefined fields are left out).
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value)) {
    const entries = Object.entries(/** @type {Record<string, unknown>} */ (value)).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The text a message's signature covers: the canonical text of the message without ``sig``.
 * @param {Omit<Message, "sig"> | Message} msg
 */
export function signedText(msg) {
  const { sig: _, ...rest } = /** @type {Message} */ (msg);
  return canonical(rest);
}

/**
 * A message as it arrived, checked for size, JSON, version, deal id and shape:
 * ``{ok, msg}`` or ``{ok: false, why}``. Not its signature nor its place in the deal.
 * @param {unknown} text
 * @param {string} deal this deal's id
 * @param {Table} table
 * @returns {Parsed}
 */
export function parse(text, deal, table) {
  if (typeof text !== "string") return { ok: false, why: "malformed" };
  if (text.length > Math.max(...Object.values(CAPS))) return { ok: false, why: "oversized" };
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return { ok: false, why: "malformed" };
  }
  if (!isObject(msg)) return { ok: false, why: "malformed" };
  if (msg.v !== VERSION) return { ok: false, why: "version" };
  if (!Object.hasOwn(SHAPES, msg.kind)) return { ok: false, why: "unknown" };
  if (text.length > CAPS[/** @type {Kind} */ (msg.kind)]) return { ok: false, why: "oversized" };
  if (msg.deal !== deal) return { ok: false, why: "deal" };
  const fields = ["body", "deal", "kind", "seat", "seq", "sig", "v"];
  if (Object.keys(msg).length !== fields.length || !fields.every((f) => Object.hasOwn(msg, f))
      || !table.seats.includes(msg.seat) || !Number.isSafeInteger(msg.seq) || msg.seq < 0
      || !isProof(msg.sig) || !isObject(msg.body) || !hasFields(msg.body, msg.kind)
      || !SHAPES[/** @type {Kind} */ (msg.kind)](msg.body, table)) {
    return { ok: false, why: "malformed" };
  }
  return { ok: true, msg: /** @type {Message} */ (msg) };
}

/**
 * The sender's message, signed: its canonical text to send.
 * @param {{deal: string, seat: number, seq: number, kind: Kind, body: object}} fields
 * @param {(text: string) => Proof} signer the sender's sign.js, over the text given
 */
export function encode({ deal, seat, seq, kind, body }, signer) {
  const unsigned = { v: VERSION, deal, seat, seq, kind, body };
  const text = canonical({ ...unsigned, sig: signer(canonical(unsigned)) });
  if (text.length > CAPS[kind]) throw new Error(`a ${kind} message of ${text.length} bytes is over its cap`);
  return text;
}

/**
 * The relay's gate (the host's transport, before it forwards a seat's message to every other
 * seat): a message passes only if it names the seat whose channel it came on and its ``seq``
 * is above that seat's last. So a page that is not the relay can blame the relay for a message
 * with another seat's ``seat`` or a ``seq`` it has seen. It reads the envelope only: the
 * pages check the rest.
 */
export class RelayGate {
  constructor() {
    /** @type {Map<number, number>} */
    this.last = new Map();
  }

  /** @param {number} fromSeat the channel's seat @param {unknown} text @returns {boolean} */
  admit(fromSeat, text) {
    if (typeof text !== "string" || text.length > Math.max(...Object.values(CAPS))) return false;
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return false;
    }
    if (!isObject(msg) || msg.seat !== fromSeat || !Number.isSafeInteger(msg.seq)) return false;
    if (msg.seq <= (this.last.get(fromSeat) ?? -1)) return false;
    this.last.set(fromSeat, msg.seq);
    return true;
  }
}
