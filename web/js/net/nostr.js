// Nostr events (NIP-01) and their proof of work (NIP-13), for the quick match's lobby on the
// public relays. SHA-256 is the browser's own (WebCrypto); the BIP-340 Schnorr signatures are
// the vendored @noble/secp256k1 (build.py; Trystero signs its events with the same). Pure: no
// relay, no page; quick-lobby.js says which events the lobby makes and takes.

/** Loaded when first needed (the lobby's quick match), as room.js loads Trystero. */
const NOBLE = "../../vendor/noble-secp256k1-3.2.0/index.js";
/** @type {Promise<any> | null} */
let noble = null;
/** The vendored secp256k1's BIP-340 Schnorr functions. */
async function schnorr() {
  noble ??= import(NOBLE);
  return (await noble).schnorr;
}

/**
 * @typedef {{pubkey: string, created_at: number, kind: number, tags: string[][], content: string}} Unsigned
 * @typedef {Unsigned & {id: string, sig: string}} NostrEvent
 * @typedef {{secretKey: Uint8Array, pubkey: string}} Keys a page's key for the lobby (fresh per page)
 */

const encoder = new TextEncoder();

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {string} hex lowercase hex of even length (checked by the caller) */
export function fromHex(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/**
 * The NIP-01 serialization an event's id is the hash of: ``[0, pubkey, created_at, kind,
 * tags, content]`` as JSON with no whitespace (JSON.stringify escapes exactly what NIP-01 asks).
 * @param {Unsigned} event
 */
export function serialize(event) {
  return JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content]);
}

/** @param {string} text */
async function sha256(text) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/**
 * The event's id: the SHA-256 of its serialization, in hex.
 * @param {Unsigned} event
 */
export async function eventId(event) {
  return toHex(await sha256(serialize(event)));
}

/** A fresh key pair (the page's lobby identity: nothing else is signed with it). @returns {Promise<Keys>} */
export async function newKeys() {
  const { secretKey, publicKey } = (await schnorr()).keygen();
  return { secretKey, pubkey: toHex(publicKey) };
}

/**
 * The event signed: its id and the BIP-340 signature of the id.
 * @param {Omit<Unsigned, "pubkey">} template
 * @param {Keys} keys
 * @returns {Promise<NostrEvent>}
 */
export async function sign(template, keys) {
  const event = { ...template, pubkey: keys.pubkey };
  const id = await eventId(event);
  return { ...event, id, sig: await signHash(id, keys.secretKey) };
}

/**
 * The BIP-340 signature (hex) of a 32-byte hash given in hex.
 * @param {string} hashHex
 * @param {Uint8Array} secretKey
 * @param {Uint8Array} [auxRand] fresh randomness when left out (BIP-340's test vectors give theirs)
 */
export async function signHash(hashHex, secretKey, auxRand) {
  return toHex(await (await schnorr()).signAsync(fromHex(hashHex), secretKey, auxRand));
}

/**
 * True when ``sigHex`` is ``pubkeyHex``'s BIP-340 signature of the 32-byte ``hashHex``; false
 * for anything malformed (a point off the curve, a value out of range), never a throw.
 * @param {string} sigHex
 * @param {string} hashHex
 * @param {string} pubkeyHex
 */
export async function verifyHash(sigHex, hashHex, pubkeyHex) {
  if (!HEX64.test(hashHex) || !HEX64.test(pubkeyHex) || !HEX128.test(sigHex)) return false;
  try {
    return await (await schnorr()).verifyAsync(fromHex(sigHex), fromHex(hashHex), fromHex(pubkeyHex));
  } catch {
    return false;
  }
}

const HEX64 = /^[0-9a-f]{64}$/;
const HEX128 = /^[0-9a-f]{128}$/;

/**
 * True when the event's id is the hash of its fields and its signature is the pubkey's
 * signature of that id. Any malformed field is false, never a throw.
 * @param {NostrEvent} event fields already shape-checked as strings and numbers
 */
export async function verify(event) {
  if (!HEX64.test(event.id) || !HEX64.test(event.pubkey) || !HEX128.test(event.sig)) return false;
  if (await eventId(event) !== event.id) return false;
  return verifyHash(event.sig, event.id, event.pubkey);
}

// --- NIP-13: proof of work -------------------------------------------------------------

/**
 * The number of leading zero bits of a hex id (NIP-13's difficulty).
 * @param {string} hex
 */
export function leadingZeroBits(hex) {
  let bits = 0;
  for (const c of hex) {
    const nibble = parseInt(c, 16);
    if (nibble === 0) {
      bits += 4;
    } else {
      bits += Math.clz32(nibble) - 28;
      break;
    }
  }
  return bits;
}

/**
 * The difficulty an event committed to: the target in its ``["nonce", n, target]`` tag, or 0
 * without one (NIP-13: a spammer who aimed lower and got lucky does not count as having
 * aimed higher).
 * @param {Unsigned} event
 */
export function committedTarget(event) {
  const tag = event.tags.find((t) => t[0] === "nonce");
  if (!tag || tag.length < 3 || !/^\d{1,3}$/.test(tag[2])) return 0;
  return Number(tag[2]);
}

/**
 * True when the event carries at least ``difficulty`` bits of work: its id has that many
 * leading zero bits and its nonce tag committed to at least that target.
 * @param {NostrEvent} event
 * @param {number} difficulty
 */
export function hasWork(event, difficulty) {
  return committedTarget(event) >= difficulty && leadingZeroBits(event.id) >= difficulty;
}

/** Hashes tried at once: each batch is one wait on WebCrypto, so the page stays responsive
 * between batches and a batch keeps the digests in flight together. */
const MINE_BATCH = 256;

/**
 * The template with a ``["nonce", n, target]`` tag whose id has ``target`` leading zero bits.
 * Asynchronous in batches (never a frozen page); ``signal`` stops it (the promise rejects).
 * @param {Unsigned} template
 * @param {number} target
 * @param {{signal?: AbortSignal}} [options]
 * @returns {Promise<{event: Unsigned, id: string, tries: number}>}
 */
export async function mine(template, target, options = {}) {
  const tags = template.tags.filter((t) => t[0] !== "nonce");
  /** @param {number} n @returns {Unsigned} */
  const withNonce = (n) => ({ ...template, tags: [...tags, ["nonce", String(n), String(target)]] });
  for (let start = 0; ; start += MINE_BATCH) {
    options.signal?.throwIfAborted();
    const batch = [];
    for (let n = start; n < start + MINE_BATCH; n++) batch.push(eventId(withNonce(n)));
    const ids = await Promise.all(batch);
    const hit = ids.findIndex((id) => leadingZeroBits(id) >= target);
    if (hit >= 0) return { event: withNonce(start + hit), id: ids[hit], tries: start + hit + 1 };
  }
}
