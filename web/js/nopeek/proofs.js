// The no-peek deal's zero-knowledge proofs, non-interactive by Fiat–Shamir: a seat's proof
// that it knows the secret key of its public key (Schnorr), and that a decryption share is
// its key applied to a card (Chaum–Pedersen, "DLEQ"). No DOM.
//
// The challenge, exactly (docs/no-peek.md; the tests' Python verifier computes the same):
//
//   c = int_le(SHA-512(utf8("kortti-nopeek-v1|" + kind + "|" + deal + "|" + seat + "|")
//                      || enc(P_1) || … || enc(P_n))) mod ℓ
//
// kind is "schnorr", "dleq", "batch" or "sig"; deal the deal's id (no "|" in it); seat its
// decimal number; enc(P) a point's 32-byte encoding (RFC 9496 §4.3.2); the points, in order:
//   schnorr: B, Y, R                 (Y = x·B the public key, R = k·B)
//   dleq:    B, Y, C1, D, A1, A2     (D = x·C1 the share, A1 = k·B, A2 = k·C1)
//   batch:   B, Y, M, Z, A1, A2      (a seat's shares of many cards at once: M = Σ w_i·C1_i,
//                                     Z = Σ w_i·D_i, A1 = k·B, A2 = k·M; the weights below)
//   sig:     B, Y, R, then SHA-512 of the signed text's UTF-8 (sign.js)
// A proof is {c, s} (scalars, 32 bytes little-endian as hex) with s = k + c·x mod ℓ; the
// verifier rebuilds R = s·B − c·Y (and A1 = s·B − c·Y, A2 = s·C1 − c·D) and checks that
// hashing them gives c again.

import {
  BASE, concat, encoded, hashToScalar, mod, mulBase, mulPublic, mulPublicDifference, mulPublicSum, mulSecret, randomScalar,
  scalarFromHex, scalarToHex, sha512, utf8,
} from "./group.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {{c: string, s: string}} Proof
 * @typedef {{deal: string, seat: number}} Context who proves, in which deal
 */

/**
 * @param {"schnorr" | "dleq" | "batch" | "sig"} kind
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

// One proof for a seat's shares of many cards (RFC 9497's composite proof, §2.2.1): the cards
// and shares weighed by w_i from a hash of the context and every point, so that the prover
// cannot choose them; then a Chaum–Pedersen proof that log_B(Y) = log_M(Z). A wrong share
// (D_i ≠ x·C1_i) makes Z ≠ x·M but with odds of 2^-128 a try. The weights, exactly:
//
//   seed = SHA-512(utf8("kortti-nopeek-v1|weights|" + deal + "|" + seat + "|")
//                  || enc(B) || enc(Y) || enc(C1_0) || enc(D_0) || … || enc(C1_(m−1)) || enc(D_(m−1)))
//   w_i  = int_le(SHA-512(seed || be32(i))[0 : 16])          (128 bits)

/**
 * The weights of a batch of shares.
 * @param {Point} publicKey @param {Point[]} c1s @param {Point[]} shares as many @param {Context} context
 * @returns {bigint[]}
 */
export function batchWeights(publicKey, c1s, shares, { deal, seat }) {
  if (deal.includes("|") || !Number.isInteger(seat) || seat < 0) throw new Error("a bad proof context");
  if (c1s.length !== shares.length) throw new Error("one share per card");
  const points = c1s.flatMap((c1, i) => [encoded(c1), encoded(shares[i])]);
  const seed = sha512(concat([utf8(`kortti-nopeek-v1|weights|${deal}|${seat}|`), encoded(BASE), encoded(publicKey), ...points]));
  return c1s.map((_, i) => {
    const index = new Uint8Array(4);
    new DataView(index.buffer).setUint32(0, i);
    const h = sha512(concat([seed, index]));
    let w = 0n;
    for (let b = 15; b >= 0; b--) w = (w << 8n) | BigInt(h[b]);
    return w;
  });
}

/**
 * One proof that every shares[i] = x·c1s[i], for the x of publicKey = x·B.
 * @param {bigint} x @param {Point} publicKey @param {Point[]} c1s @param {Point[]} shares
 * @param {Context} context @param {Nonce} [nonce] drawn ahead, used once
 */
export function proveShares(x, publicKey, c1s, shares, context, nonce = makeNonce()) {
  const weights = batchWeights(publicKey, c1s, shares, context);
  const m = mulPublicSum(c1s, weights);
  const { k, kB } = nonce;
  // Z = x·M: one multiplication (the verifier sums the shares instead)
  const c = challenge("batch", context, [BASE, publicKey, m, mulSecret(m, x), kB, mulSecret(m, k)]);
  return encode(c, mod(k + c * x));
}

/**
 * Whether the proof holds for these shares of these cards, in this order.
 * @param {Point} publicKey (tabled by a caller that checks many of its proofs) @param {Point[]} c1s
 * @param {Point[]} shares @param {unknown} proof @param {Context} context
 */
export function verifyShares(publicKey, c1s, shares, proof, context) {
  const p = decode(proof);
  if (!p || c1s.length !== shares.length) return false;
  const weights = batchWeights(publicKey, c1s, shares, context);
  const m = mulPublicSum(c1s, weights);
  const z = mulPublicSum(shares, weights);
  const a1 = mulPublic(BASE, p.s).subtract(mulPublic(publicKey, p.c));
  const a2 = mulPublicDifference(m, p.s, z, p.c);
  return challenge("batch", context, [BASE, publicKey, m, z, a1, a2]) === p.c;
}
