// A seat's signature on a message of the no-peek deal, by its deal key: Schnorr over
// ristretto255, the challenge proofs.js's with kind "sig" and the message's SHA-512 after the
// points (docs/no-peek.md):
//
//   c = int_le(SHA-512(utf8("kortti-nopeek-v1|sig|" + deal + "|" + seat + "|")
//                      || enc(B) || enc(Y) || enc(R) || SHA-512(utf8(text)))) mod ℓ
//
// with R = k·B (k secret) and s = k + c·x mod ℓ; {c, s} as scalars in hex. The verifier
// rebuilds R = s·B − c·Y and hashes again. The text is the message's canonical JSON, as the
// protocol gives it: the signature is over exactly these characters. No DOM.

import { BASE, mod, mulBase, mulPublic, randomScalar, sha512, utf8 } from "./group.js";
import { challenge, decode, encode } from "./proofs.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./proofs.js").Proof} Signature the same two scalars, {c, s}
 * @typedef {import("./proofs.js").Context} Context the signer's seat, in which deal
 */

/**
 * The signature of ``text`` by the seat whose deal key is ``secret``.
 * @param {bigint} secret @param {Point} publicKey secret·B @param {string} text @param {Context} context
 * @returns {Signature}
 */
export function sign(secret, publicKey, text, context) {
  const k = randomScalar();
  const c = challenge("sig", context, [BASE, publicKey, mulBase(k)], sha512(utf8(text)));
  return encode(c, mod(k + c * secret));
}

/**
 * Whether ``signature`` is the seat's (publicKey's) on exactly ``text`` in this deal.
 * @param {Point} publicKey @param {string} text @param {unknown} signature @param {Context} context
 */
export function verifySignature(publicKey, text, signature, context) {
  const p = decode(signature);
  if (!p || typeof text !== "string") return false;
  const r = mulPublic(BASE, p.s).subtract(mulPublic(publicKey, p.c));
  return challenge("sig", context, [BASE, publicKey, r], sha512(utf8(text))) === p.c;
}
