// Sealed messages between two seats of a no-peek deal: 1 to 64 bytes (a scalar, a share's
// point) from seat i to seat j that only i and j can read, with a tag that shows tampering.
// Both derive the same keys from their Diffie–Hellman point x_i·Y_j = x_j·Y_i; everything
// else is public. docs/no-peek.md, "Sealed messages", is the spec:
//
//   okm = HKDF-SHA256(ikm = enc(x_i·Y_j), salt = utf8("kortti-nopeek-v1|seal"),
//                     info = utf8(deal + "|" + i + "|" + j + "|" + purpose), L = 96)
//   box = plaintext XOR okm[0 : len(plaintext)]        (len ≤ 64; okm[0:64] is the pad)
//   tag = HMAC-SHA256(okm[64 : 96], box)
//
// One pad per (deal, i, j, purpose), never reused: the purpose names what is sealed
// ("escrow", "pass|<slot>"), so the caller never seals twice under one purpose. HKDF, HMAC
// and SHA-256 are the vendored @noble/hashes'. No DOM.

import { fromHex, mulSecret, toHex, utf8 } from "./group.js";

const HASHES = "../../vendor/noble-hashes-2.4.0/";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {{outputLen: number, blockLen: number}} Hash noble's hash function, as hkdf and hmac take it
 * @typedef {{deal: string, from: number, to: number, purpose: string}} SealContext who seals to whom,
 *   in which deal, and what (no "|" in deal; purpose may have one)
 * @typedef {{box: string, tag: string}} Sealed the box (as long as the plaintext) and its tag, hex
 */

// Top-level await, as group.js: a worker must listen before it imports this.
const { hkdf } = /** @type {{hkdf(hash: Hash, ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Uint8Array}} */ (
  await import(`${HASHES}hkdf.js`));
const { hmac } = /** @type {{hmac(hash: Hash, key: Uint8Array, message: Uint8Array): Uint8Array}} */ (
  await import(`${HASHES}hmac.js`));
const { sha256 } = /** @type {{sha256: Hash}} */ (await import(`${HASHES}sha2.js`));

/** The most a seal holds: one pad of 64 bytes. */
export const MAX_SEALED = 64;
const SALT = utf8("kortti-nopeek-v1|seal");

/** HKDF-SHA256 (RFC 5869), noble's. @param {Uint8Array} ikm @param {Uint8Array} salt @param {Uint8Array} info @param {number} length */
export function hkdfSha256(ikm, salt, info, length) {
  return hkdf(sha256, ikm, salt, info, length);
}

/** HMAC-SHA256 (RFC 2104, 4231), noble's. @param {Uint8Array} key @param {Uint8Array} message */
export function hmacSha256(key, message) {
  return hmac(sha256, key, message);
}

/** @param {SealContext} context */
function info({ deal, from, to, purpose }) {
  if (typeof deal !== "string" || deal.includes("|") || typeof purpose !== "string" || purpose === ""
      || ![from, to].every((s) => Number.isInteger(s) && s >= 0) || from === to) {
    throw new Error("a bad seal context");
  }
  return utf8(`${deal}|${from}|${to}|${purpose}`);
}

/** The pad and the tag's key, from the two seats' shared point. @param {Point} shared @param {SealContext} context */
function keys(shared, context) {
  const okm = hkdfSha256(shared.toBytes(), SALT, info(context), MAX_SEALED + 32);
  return { pad: okm.subarray(0, MAX_SEALED), macKey: okm.subarray(MAX_SEALED) };
}

/** @param {Uint8Array} data @param {Uint8Array} pad at least as long */
function xor(data, pad) {
  return data.map((b, i) => b ^ pad[i]);
}

/** @param {Uint8Array} a @param {Uint8Array} b: equal, in time that does not depend on where they differ */
function sameBytes(a, b) {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/**
 * Seals ``plaintext`` under the point both seats share (x_i·Y_j); see sealTo.
 * @param {Point} shared @param {Uint8Array} plaintext @param {SealContext} context @returns {Sealed}
 */
export function sealWithShared(shared, plaintext, context) {
  if (!(plaintext instanceof Uint8Array) || plaintext.length < 1 || plaintext.length > MAX_SEALED) {
    throw new Error(`a seal holds 1 to ${MAX_SEALED} bytes`);
  }
  const { pad, macKey } = keys(shared, context);
  const box = xor(plaintext, pad);
  return { box: toHex(box), tag: toHex(hmacSha256(macKey, box)) };
}

/**
 * The plaintext of a sealed message, or null if it is not a seal under this shared point and
 * context (a changed box or tag, another deal, seat or purpose, a malformed one).
 * @param {Point} shared @param {unknown} sealed @param {SealContext} context @returns {Uint8Array | null}
 */
export function openWithShared(shared, sealed, context) {
  if (typeof sealed !== "object" || sealed === null) return null;
  const { box: boxHex, tag: tagHex } = /** @type {{box?: unknown, tag?: unknown}} */ (sealed);
  if (typeof boxHex !== "string" || boxHex.length < 2 || boxHex.length > 2 * MAX_SEALED || boxHex.length % 2) return null;
  let box, tag;
  try {
    box = fromHex(boxHex, boxHex.length / 2);
    tag = fromHex(tagHex, 32);
  } catch {
    return null;
  }
  const { pad, macKey } = keys(shared, context);
  return sameBytes(hmacSha256(macKey, box), tag) ? xor(box, pad) : null;
}

/**
 * Seals ``plaintext`` (1 to 64 bytes) from this seat (its deal key ``secret``) to the seat
 * whose public key is ``theirKey``: only the two of them can open it.
 * @param {bigint} secret @param {Point} theirKey @param {Uint8Array} plaintext @param {SealContext} context
 * @returns {Sealed}
 */
export function seal(secret, theirKey, plaintext, context) {
  return sealWithShared(mulSecret(theirKey, secret), plaintext, context);
}

/**
 * Opens a seal between this seat and the other (either way: the context says who sealed it
 * to whom): the plaintext, or null if it is not a seal of this context.
 * @param {bigint} secret this seat's @param {Point} theirKey the other seat's
 * @param {unknown} sealed @param {SealContext} context
 */
export function unseal(secret, theirKey, sealed, context) {
  return openWithShared(mulSecret(theirKey, secret), sealed, context);
}
