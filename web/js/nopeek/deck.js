// The no-peek deal's deck: ElGamal on ristretto255 under the seats' joint key. Each seat's
// key, the open deck, a seat's shuffle stage, a decryption share and its check, and opening a
// card from every share. The card list comes from the engine (its deck order and codes):
// nothing here knows a game's rules. No DOM. docs/no-peek.md has the steps and formats.

import {
  IDENTITY, cardPoint, mulBase, mulSecret, pointFromHex, pointToHex, randomScalar, tabled,
} from "./group.js";
import { proveKey, proveShare, verifyKey, verifyShare } from "./proofs.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./proofs.js").Proof} Proof
 * @typedef {import("./proofs.js").Context} Context
 * @typedef {{c1: Point, c2: Point}} Ciphertext a card under the joint key: c2 − x·c1 is its point
 * @typedef {[string, string]} CiphertextJson its two points' encodings, c1 first
 * @typedef {{key: string, proof: Proof}} KeyEntry a seat's public key and its Schnorr proof
 * @typedef {{seat: number, deck: CiphertextJson[]}} StageEntry a seat's shuffle stage
 * @typedef {{seat: number, position: number, share: string, proof?: Proof}} ShareEntry its proof: a session's
 *   shares have one proof a message, checked as they came (the audit checks a share against its revealed key)
 */

/**
 * A seat's fresh key for one deal: the secret (kept, revealed at the audit) and the entry
 * it publishes.
 * @param {Context} context
 * @returns {{secret: bigint, entry: KeyEntry}}
 */
export function makeKey(context) {
  const secret = randomScalar();
  const key = mulBase(secret);
  return { secret, entry: { key: pointToHex(key), proof: proveKey(secret, key, context) } };
}

/**
 * Whether another seat's published key holds: a point, with its Schnorr proof.
 * @param {unknown} entry @param {Context} context the seat that sent it
 */
export function checkKey(entry, context) {
  if (typeof entry !== "object" || entry === null) return false;
  const { key, proof } = /** @type {{key?: unknown, proof?: unknown}} */ (entry);
  try {
    return verifyKey(pointFromHex(key), proof, context);
  } catch {
    return false;
  }
}

/** @type {{hex: string, point: Point} | null} the last joint key, so that its table is built once a deal */
let lastJoint = null;

/**
 * The joint key Σ Y_i, from the seats' public keys; the same point object (its table, once
 * built, kept) for the same keys as the last call: a seat's stage and its audit share it.
 * @param {Point[]} keys
 */
export function jointKey(keys) {
  const joint = keys.reduce((sum, key) => sum.add(key), IDENTITY);
  const hex = pointToHex(joint);
  if (lastJoint?.hex !== hex) lastJoint = { hex, point: joint };
  return lastJoint.point;
}

/**
 * The deck before any shuffle: (identity, M(card)) for each card, in the given order.
 * @param {string} game @param {string[]} cards the engine's codes in its deck order
 * @returns {Ciphertext[]}
 */
export function openDeck(game, cards) {
  return cards.map((card) => ({ c1: IDENTITY, c2: cardPoint(game, card) }));
}

/** @param {Ciphertext[]} deck @returns {CiphertextJson[]} */
export function deckToJson(deck) {
  return deck.map(({ c1, c2 }) => [pointToHex(c1), pointToHex(c2)]);
}

/** A deck from its JSON; a malformed one throws. @param {unknown} json @returns {Ciphertext[]} */
export function deckFromJson(json) {
  if (!Array.isArray(json)) throw new Error("a deck is a list");
  return json.map((pair) => {
    if (!Array.isArray(pair) || pair.length !== 2) throw new Error("a card is two points");
    return { c1: pointFromHex(pair[0]), c2: pointFromHex(pair[1]) };
  });
}

/** A uniform integer in [0, n), n ≤ 2^32, by rejection (no modulo bias). @param {number} n */
function randomBelow(n) {
  const limit = Math.floor(2 ** 32 / n) * n;
  for (;;) {
    const [v] = crypto.getRandomValues(new Uint32Array(1));
    if (v < limit) return v % n;
  }
}

/**
 * A seat's shuffle stage: the previous deck permuted (card i of the stage is card
 * permutation[i] of the previous one) and every card re-randomised: (c1 + r·B, c2 + r·Y).
 * The permutation and the randomisers are the seat's secrets.
 * @param {Ciphertext[]} previous
 * @param {Point} joint the joint key Y
 */
export function shuffleStage(previous, joint) {
  const permutation = previous.map((_, i) => i);
  for (let i = permutation.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [permutation[i], permutation[j]] = [permutation[j], permutation[i]];
  }
  const randomisers = previous.map(() => randomScalar());
  // r·Y for every card: Y's multiples tabled once (about 10 ms) make each several times
  // faster than multiplying a point without them
  const tabledJoint = tabled(joint);
  const deck = permutation.map((from, i) => ({
    c1: previous[from].c1.add(mulBase(randomisers[i])),
    c2: previous[from].c2.add(mulSecret(tabledJoint, randomisers[i])),
  }));
  return { deck, permutation, randomisers };
}

/**
 * A seat's decryption share of a card, x·c1, with the proof that it is.
 * @param {bigint} secret @param {Point} publicKey @param {Point} c1 @param {Context} context
 * @param {import("./proofs.js").Nonce} [nonce] the proof's, if drawn ahead (used once)
 * @returns {{share: string, proof: Proof}}
 */
export function makeShare(secret, publicKey, c1, context, nonce) {
  const share = mulSecret(c1, secret);
  return { share: pointToHex(share), proof: proveShare(secret, publicKey, c1, share, context, nonce) };
}

/**
 * Whether a share sent by another seat is that seat's key applied to the card.
 * @param {Point} publicKey the sender's @param {Point} c1 @param {unknown} share @param {unknown} proof
 * @param {Context} context the sender's
 */
export function checkShare(publicKey, c1, share, proof, context) {
  try {
    return verifyShare(publicKey, c1, pointFromHex(share), proof, context);
  } catch {
    return false;
  }
}

/**
 * The card under a ciphertext, from the other seats' shares (checked) and this seat's key.
 * @param {Ciphertext} card
 * @param {Point[]} shares every other seat's x_j·c1
 * @param {bigint} secret this seat's
 * @param {Map<string, string>} table group.cardTable's
 */
export function openCard(card, shares, secret, table) {
  const own = mulSecret(card.c1, secret);
  const point = shares.reduce((rest, share) => rest.subtract(share), card.c2.subtract(own));
  const code = table.get(pointToHex(point));
  if (code === undefined) throw new Error("the shares open no card of this deck");
  return code;
}

/**
 * Who owns each deck position. Round-robin for now (position p to seat p mod seats); the
 * commit–reveal of positions replaces it.
 * @param {number} seats @param {number} count
 */
export function roundRobin(seats, count) {
  return Array.from({ length: count }, (_, p) => p % seats);
}

/**
 * The half of a seat's stage that needs no joint key: the permutation, the randomisers and each
 * card's r·B. A seat draws it while it waits for the others' keys (DealSession.idle), or with
 * the rest when they are in.
 * @param {number} count the deck's cards
 * @returns {{permutation: number[], randomisers: bigint[], c1: Point[]}}
 */
export function drawStage(count) {
  const permutation = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [permutation[i], permutation[j]] = [permutation[j], permutation[i]];
  }
  const randomisers = permutation.map(() => randomScalar());
  return { permutation, randomisers, c1: randomisers.map((r) => mulBase(r)) };
}

/**
 * A seat's stage, drawn before the previous deck comes: the permutation, the randomisers and
 * each card's mask (r·B, r·Y). A seat draws it as soon as the joint key is known, so that when
 * the previous stage comes its own is additions only (applyStage): its turn holds no one up.
 * @param {number} count the deck's cards
 * @param {Point} joint the joint key Y
 * @param {{permutation: number[], randomisers: bigint[], c1: Point[]}} [drawn] drawStage's, if drawn ahead
 * @returns {{permutation: number[], randomisers: bigint[], masks: Ciphertext[]}}
 */
export function prepareStage(count, joint, drawn = drawStage(count)) {
  const { permutation, randomisers, c1 } = drawn;
  if (permutation.length !== count) throw new Error("a stage drawn for another deck");
  const tabledJoint = tabled(joint);
  const masks = randomisers.map((r, i) => ({ c1: c1[i], c2: mulSecret(tabledJoint, r) }));
  return { permutation, randomisers, masks };
}

/**
 * The stage from the previous deck and a prepared one: new[i] = previous[π(i)] + mask[i].
 * @param {Ciphertext[]} previous
 * @param {{permutation: number[], masks: Ciphertext[]}} prepared
 * @returns {Ciphertext[]}
 */
export function applyStage(previous, { permutation, masks }) {
  return permutation.map((from, i) => ({ c1: previous[from].c1.add(masks[i].c1), c2: previous[from].c2.add(masks[i].c2) }));
}
