// The no-peek deal's zero-knowledge proofs, non-interactive by Fiat–Shamir: a seat's proof
// that it knows the secret key of its public key (Schnorr), and that a decryption share is
// its key applied to a card (Chaum–Pedersen, "DLEQ"). No DOM.
//
// The challenge, exactly (docs/no-peek.md; the tests' Python verifier computes the same):
//
//   c = int_le(SHA-512(utf8("kortti-nopeek-v1|" + kind + "|" + deal + "|" + seat + "|")
//                      || enc(P_1) || … || enc(P_n))) mod ℓ
//
// kind is "schnorr", "dleq" or "sig"; deal the deal's id (no "|" in it); seat its decimal
// number; enc(P) a point's 32-byte encoding (RFC 9496 §4.3.2); the points, in this order:
//   schnorr: B, Y, R                 (Y = x·B the public key, R = k·B)
//   dleq:    B, Y, C1, D, A1, A2     (D = x·C1 the share, A1 = k·B, A2 = k·C1)
//   sig:     B, Y, R, then SHA-512 of the signed text's UTF-8 (sign.js)
// A proof is {c, s} (scalars, 32 bytes little-endian as hex) with s = k + c·x mod ℓ; the
// verifier rebuilds R = s·B − c·Y (and A1 = s·B − c·Y, A2 = s·C1 − c·D) and checks that
// hashing them gives c again.

import {
  BASE, concat, encoded, hashToScalar, mod, mulBase, mulPublic, mulPublicDifference, mulSecret, randomScalar,
  scalarFromHex, scalarToHex, utf8,
} from "./group.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {{c: string, s: string}} Proof
 * @typedef {{deal: string, seat: number}} Context who proves, in which deal
 */

/**
 * @param {"schnorr" | "dleq" | "sig"} kind
 * @param {Context} context
 * @param {Point[]} points
 * @param {Uint8Array} [tail] bytes hashed after the points (a signature's message digest)
 */
export function challenge(kind, { deal, seat }, points, tail = new Uint8Array(0)) {
  if (deal.includes("|") || !Number.isInteger(seat) || seat < 0) throw new Error("a bad proof context");
  const head = utf8(`kortti-nopeek-v1|${kind}|${deal}|${seat}|`);
  return hashToScalar(concat([head, ...points.map(encoded), tail]));
}

/** @param {bigint} c @param {bigint} s @returns {Proof} */
export function encode(c, s) {
  return { c: scalarToHex(c), s: scalarToHex(s) };
}

/** A proof's two scalars, or null for anything else. @param {unknown} proof @returns {{c: bigint, s: bigint} | null} */
export function decode(proof) {
  if (typeof proof !== "object" || proof === null) return null;
  const { c, s } = /** @type {{c?: unknown, s?: unknown}} */ (proof);
  try {
    return { c: scalarFromHex(c), s: scalarFromHex(s) };
  } catch {
    return null;
  }
}

/**
 * Proof that the prover knows x with Y = x·B.
 * @param {bigint} x @param {Point} publicKey @param {Context} context
 */
export function proveKey(x, publicKey, context) {
  const k = randomScalar();
  const c = challenge("schnorr", context, [BASE, publicKey, mulBase(k)]);
  return encode(c, mod(k + c * x));
}

/** @param {Point} publicKey @param {unknown} proof @param {Context} context */
export function verifyKey(publicKey, proof, context) {
  const p = decode(proof);
  if (!p) return false;
  const r = mulPublic(BASE, p.s).subtract(mulPublic(publicKey, p.c));
  return challenge("schnorr", context, [BASE, publicKey, r]) === p.c;
}

/**
 * A proof's secret nonce k and its k·B: drawn ahead while a seat waits (DealSession.idle) or
 * when the proof is made; each is used for one proof only.
 * @typedef {{k: bigint, kB: Point}} Nonce
 * @returns {Nonce}
 */
export function makeNonce() {
  const k = randomScalar();
  return { k, kB: mulBase(k) };
}

/**
 * Proof that share = x·c1 for the x of publicKey = x·B.
 * @param {bigint} x @param {Point} publicKey @param {Point} c1 @param {Point} share @param {Context} context
 * @param {Nonce} [nonce] drawn ahead, used once
 */
export function proveShare(x, publicKey, c1, share, context, nonce = makeNonce()) {
  const { k, kB } = nonce;
  const c = challenge("dleq", context, [BASE, publicKey, c1, share, kB, mulSecret(c1, k)]);
  return encode(c, mod(k + c * x));
}

/**
 * @param {Point} publicKey (tabled by a caller that checks many of its proofs) @param {Point} c1
 * @param {Point} share @param {unknown} proof @param {Context} context
 */
export function verifyShare(publicKey, c1, share, proof, context) {
  const p = decode(proof);
  if (!p) return false;
  const a1 = mulPublic(BASE, p.s).subtract(mulPublic(publicKey, p.c));
  const a2 = mulPublicDifference(c1, p.s, share, p.c); // C1 and D have no table: one pass for both
  return challenge("dleq", context, [BASE, publicKey, c1, share, a1, a2]) === p.c;
}
