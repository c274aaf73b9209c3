// ristretto255 (RFC 9496) as the no-peek deal uses it: points and scalars, their hex
// encodings, hashing to a scalar, and the point of each card. The curve is the vendored
// @noble/curves (build.py), SHA-512 the vendored @noble/hashes: both synchronous, so the
// protocol's files run alike in a page, a worker or Node. No DOM. docs/no-peek.md is the spec.

const CURVES = "../../vendor/noble-curves-2.4.0/ed25519.js";
const CURVE_MSM = "../../vendor/noble-curves-2.4.0/abstract/curve.js";
const HASHES = "../../vendor/noble-hashes-2.4.0/sha2.js";

/**
 * A ristretto255 element: noble's RistrettoPoint, the methods used here.
 * @typedef {object} Point
 * @property {(other: Point) => Point} add
 * @property {(other: Point) => Point} subtract
 * @property {(k: bigint) => Point} multiply constant-time, 1 ≤ k < ℓ
 * @property {(k: bigint) => Point} multiplyUnsafe variable-time, 0 ≤ k < ℓ: public scalars only
 * @property {(windowSize?: number, isLazy?: boolean) => Point} precompute tables the point's
 *   multiples, once, for many multiplications of it
 * @property {(other: Point) => boolean} equals
 * @property {() => Uint8Array} toBytes
 */
/**
 * @typedef {{
 *   ristretto255: {Point: {BASE: Point, ZERO: Point, fromBytes(bytes: Uint8Array): Point}},
 *   ristretto255_hasher: {deriveToCurve(bytes: Uint8Array): Point},
 * }} NobleEd25519
 */

// Top-level await: a worker that imports this must set its onmessage before (a message that
// comes while a module graph with top-level await evaluates, with no listener, is lost).
const curves = /** @type {NobleEd25519} */ (await import(CURVES));
const hashes = /** @type {{sha512(data: Uint8Array): Uint8Array}} */ (await import(HASHES));
/** noble's Straus–Shamir Σ k_i·P_i (one doubling chain for every point): public scalars only */
const msm = /** @type {{mulAddUnsafe(c: unknown, points: Point[], scalars: bigint[]): Point}} */ (await import(CURVE_MSM));
const RistrettoPoint = curves.ristretto255.Point;

/** The group's order ℓ = 2^252 + 27742317777372353535851937790883648493 (RFC 9496 §4.1). */
export const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;
/** The generator B and the identity. */
export const BASE = RistrettoPoint.BASE;
export const IDENTITY = RistrettoPoint.ZERO;

/** Scalar multiplications done (keys, stages, shares, proofs, checks), for the benchmark. */
export const tally = { multiplications: 0 };

const encoder = new TextEncoder();

/** @param {string} text */
export function utf8(text) {
  return encoder.encode(text);
}

/** @param {Uint8Array} data */
export function sha512(data) {
  return hashes.sha512(data);
}

/** @param {Uint8Array[]} parts */
export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** @param {Uint8Array} bytes */
export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * @param {unknown} hex lowercase hex
 * @param {number} size the bytes it must hold
 */
export function fromHex(hex, size) {
  if (typeof hex !== "string" || hex.length !== 2 * size || !/^[0-9a-f]*$/.test(hex)) {
    throw new Error(`expected ${size} bytes as lowercase hex, got ${JSON.stringify(hex)?.slice(0, 80)}`);
  }
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** @param {Uint8Array} bytes the little-endian integer they encode */
function littleEndian(bytes) {
  let n = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) n = (n << 8n) | BigInt(bytes[i]);
  return n;
}

/** @param {bigint} n mod ℓ, into [0, ℓ) */
export function mod(n) {
  const r = n % ORDER;
  return r < 0n ? r + ORDER : r;
}

/** A scalar from 64 bytes: their little-endian value mod ℓ (RFC 9496 §4.4's reduction). @param {Uint8Array} bytes */
export function scalarFromWide(bytes) {
  return mod(littleEndian(bytes));
}

/** A fresh secret scalar in [1, ℓ): 64 random bytes reduced mod ℓ (0, at odds 2^-252, drawn again). */
export function randomScalar() {
  for (;;) {
    const k = scalarFromWide(crypto.getRandomValues(new Uint8Array(64)));
    if (k !== 0n) return k;
  }
}

/** SHA-512 of ``data`` as a scalar: the Fiat–Shamir challenge. @param {Uint8Array} data */
export function hashToScalar(data) {
  return scalarFromWide(sha512(data));
}

/** A scalar's encoding: 32 bytes little-endian, as hex. @param {bigint} k in [0, ℓ) */
export function scalarToHex(k) {
  const out = new Uint8Array(32);
  for (let i = 0, n = k; i < 32; i++, n >>= 8n) out[i] = Number(n & 255n);
  return toHex(out);
}

/** A scalar from its encoding; only canonical ones (< ℓ). @param {unknown} hex */
export function scalarFromHex(hex) {
  const k = littleEndian(fromHex(hex, 32));
  if (k >= ORDER) throw new Error("a scalar's encoding is not reduced mod ℓ");
  return k;
}

/** @type {WeakMap<Point, Uint8Array>} each point's encoding once known (decoded from it or
 * encoded once): a proof's challenge hashes the key, the card and the share again, each
 * encoding a square root */
const encodings = new WeakMap();

/** A point's encoding (RFC 9496 §4.3.2), 32 bytes; not to be changed by the caller. @param {Point} point */
export function encoded(point) {
  let bytes = encodings.get(point);
  if (!bytes) encodings.set(point, bytes = point.toBytes());
  return bytes;
}

/** A point's encoding (RFC 9496 §4.3.2), as hex. @param {Point} point */
export function pointToHex(point) {
  return toHex(encoded(point));
}

/** A point from its encoding; a non-canonical or invalid encoding throws (RFC 9496 §4.3.1). @param {unknown} hex */
export function pointFromHex(hex) {
  const bytes = fromHex(hex, 32);
  let point;
  try {
    point = RistrettoPoint.fromBytes(bytes);
  } catch {
    throw new Error(`not a ristretto255 encoding: ${hex}`);
  }
  encodings.set(point, bytes); // canonical: fromBytes takes only the one encoding of a point
  return point;
}

/** RFC 9496 §4.3.4's one-way map from 64 bytes to a point ("element derivation"; not RFC
 * 9380's hash_to_ristretto255, which first expands a message with a domain tag). @param {Uint8Array} bytes */
export function fromUniformBytes(bytes) {
  if (bytes.length !== 64) throw new Error("the one-way map takes 64 bytes");
  return curves.ristretto255_hasher.deriveToCurve(bytes);
}

/** @type {Map<string, Point>} every card's point once made (the open deck, the card table and the audit use them) */
const cardPoints = new Map();

/**
 * A card's point: fromUniformBytes(SHA-512("kortti-card-v1|" + game + "|" + card)), UTF-8.
 * @param {string} game the engine's game name ("kocka")
 * @param {string} card the engine's card code ("7h")
 */
export function cardPoint(game, card) {
  const name = `kortti-card-v1|${game}|${card}`;
  let point = cardPoints.get(name);
  if (!point) cardPoints.set(name, point = fromUniformBytes(sha512(utf8(name))));
  return point;
}

/**
 * The cards by their point's encoding, to name an opened card.
 * @param {string} game
 * @param {string[]} cards the deck's codes
 * @returns {Map<string, string>}
 */
export function cardTable(game, cards) {
  return new Map(cards.map((card) => [pointToHex(cardPoint(game, card)), card]));
}

const tabledPoints = new WeakSet();

/**
 * The point with its multiples tabled, for many multiplications of it: the joint key, by
 * every card's randomiser (noble tables B alike). 6-bit windows: measured here, a table of
 * 8-bit ones takes two to three times as long to build (20–35 ms) and its multiplications are
 * no faster. Tabled once per point object (tabling again would build the table again).
 * @param {Point} point @param {number} [window] bits: 6 for a point multiplied by every card;
 *   4 (a table a third the size, each multiplication half again as long) for a seat's key,
 *   multiplied a dozen times (its signatures, its proofs of this seat's cards)
 * @returns {Point}
 */
export function tabled(point, window = 6) {
  if (!tabledPoints.has(point)) {
    point.precompute(window, false);
    tabledPoints.add(point);
  }
  return point;
}

/** k·B, k secret. @param {bigint} k */
export function mulBase(k) {
  tally.multiplications++;
  return BASE.multiply(k);
}

/** k·P, k secret (constant-time). @param {Point} point @param {bigint} k in [1, ℓ) */
export function mulSecret(point, k) {
  tally.multiplications++;
  return point.multiply(k);
}

/** k·P, k public (a challenge, a response): variable-time, faster. @param {Point} point @param {bigint} k */
export function mulPublic(point, k) {
  tally.multiplications++;
  return point.multiplyUnsafe(mod(k));
}

/**
 * a·P − b·Q, a and b public, in one pass (noble's Straus–Shamir: the doublings shared): a
 * proof's check of a point with no table, about half the time of two multiplications.
 * @param {Point} p @param {bigint} a @param {Point} q @param {bigint} b
 */
export function mulPublicDifference(p, a, q, b) {
  tally.multiplications += 2;
  return msm.mulAddUnsafe(RistrettoPoint, [p, q], [mod(a), mod(-b)]);
}

/**
 * Σ k_i·P_i, every k_i public (a batch's weights), in one pass (noble's Straus: one chain of
 * doublings, as long as the longest scalar: 128 for a batch's weights). Pippenger's walks
 * every bit of ℓ whatever the scalars, slower at a batch's few dozen points.
 * @param {Point[]} points @param {bigint[]} scalars
 */
export function mulPublicSum(points, scalars) {
  tally.multiplications += points.length;
  return points.length === 0 ? IDENTITY : msm.mulAddUnsafe(RistrettoPoint, points, scalars.map(mod));
}
