// The no-peek deal's audit, once every seat has revealed its key: every key proof, every
// revealed key against its public key, every shuffle stage (its cards, decrypted with the
// joint secret, are the deck's cards, each as often) and every decryption share (= x_j·c1).
// Returns the first fault in the order docs/no-peek.md gives, with the seat to blame, so that
// every page (and the tests' Python verifier) names the same one. No DOM.

import { BASE, cardPoint, mod, mulPublic, pointFromHex, pointToHex, scalarFromHex } from "./group.js";
import { deckFromJson } from "./deck.js";
import { verifyKey } from "./proofs.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./deck.js").KeyEntry} KeyEntry
 * @typedef {import("./deck.js").StageEntry} StageEntry
 * @typedef {import("./deck.js").ShareEntry} ShareEntry
 * @typedef {{v: 1, game: string, deal: string, cards: string[], keys: KeyEntry[], stages: StageEntry[],
 *   owners: number[], shares: ShareEntry[]}} Transcript
 * @typedef {"format" | "key-proof" | "key-mismatch" | "shuffle" | "share"} FaultKind
 * @typedef {{ok: true} | {ok: false, kind: FaultKind, seat: number | null, why: string}} Verdict
 */

/**
 * @param {FaultKind} kind @param {number | null} seat @param {string} why
 * @returns {Verdict}
 */
function fault(kind, seat, why) {
  return { ok: false, kind, seat, why };
}

/** @param {string[]} items @returns {Map<string, number>} */
function counted(items) {
  const out = new Map();
  for (const item of items) out.set(item, (out.get(item) ?? 0) + 1);
  return out;
}

/** @param {Map<string, number>} a @param {Map<string, number>} b */
function sameCounts(a, b) {
  return a.size === b.size && [...a].every(([item, n]) => b.get(item) === n);
}

/** @param {unknown} n @param {number} below */
function isIndex(n, below) {
  return Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) < below;
}

/**
 * The audit of a whole deal.
 * @param {Transcript} transcript
 * @param {unknown[]} secrets each seat's revealed secret key (hex), by seat
 * @returns {Verdict}
 */
export function audit(transcript, secrets) {
  const { game, deal, cards, keys, stages, owners, shares } = transcript;
  const seats = Array.isArray(keys) ? keys.length : 0;
  if (transcript.v !== 1 || typeof game !== "string" || typeof deal !== "string" || !Array.isArray(cards)
      || seats < 2 || !Array.isArray(stages) || stages.length !== seats || !Array.isArray(shares)
      || !Array.isArray(owners) || owners.length !== cards.length || !owners.every((s) => isIndex(s, seats))
      || !Array.isArray(secrets) || secrets.length !== seats) {
    return fault("format", null, "the transcript is not a whole deal's");
  }
  // 1. every key proof, by seat
  /** @type {Point[]} */
  const publicKeys = [];
  for (let seat = 0; seat < seats; seat++) {
    try {
      publicKeys.push(pointFromHex(keys[seat].key));
    } catch {
      return fault("key-proof", seat, "its public key is not a point");
    }
    if (!verifyKey(publicKeys[seat], keys[seat].proof, { deal, seat })) {
      return fault("key-proof", seat, "its key proof does not hold");
    }
  }
  // 2. every revealed key against its public key, by seat
  /** @type {bigint[]} */
  const secretKeys = [];
  for (let seat = 0; seat < seats; seat++) {
    try {
      secretKeys.push(scalarFromHex(secrets[seat]));
    } catch {
      return fault("key-mismatch", seat, "its revealed key is not a scalar");
    }
    if (!mulPublic(BASE, secretKeys[seat]).equals(publicKeys[seat])) {
      return fault("key-mismatch", seat, "its revealed key is not its public key's");
    }
  }
  // 3. every stage, in turn (stage i by seat i): its plaintexts are the deck's, as a multiset
  const joint = mod(secretKeys.reduce((sum, x) => sum + x, 0n));
  const deckCounts = counted(cards.map((card) => pointToHex(cardPoint(game, card))));
  let last = deckFromJson([]);
  for (let seat = 0; seat < seats; seat++) {
    if (stages[seat]?.seat !== seat) return fault("format", seat, `stage ${seat} is not seat ${seat}'s`);
    try {
      last = deckFromJson(stages[seat].deck);
    } catch {
      return fault("shuffle", seat, "its stage is not a deck of points");
    }
    if (last.length !== cards.length) return fault("shuffle", seat, "its stage has the wrong number of cards");
    const plain = last.map(({ c1, c2 }) => pointToHex(c2.subtract(mulPublic(c1, joint))));
    if (!sameCounts(counted(plain), deckCounts)) return fault("shuffle", seat, "its stage's cards are not the deck's");
  }
  // 4. every share as sent, in order: a seat, a position, once, and x_seat·c1 of the last stage
  const seen = new Set();
  for (const entry of shares) {
    const seat = entry?.seat;
    if (!isIndex(seat, seats)) return fault("format", null, "a share names no seat");
    const position = entry.position;
    if (!isIndex(position, cards.length) || seen.has(`${seat}/${position}`)) {
      return fault("share", seat, "a share names no position, or one already shared");
    }
    seen.add(`${seat}/${position}`);
    let share;
    try {
      share = pointFromHex(entry.share);
    } catch {
      return fault("share", seat, `its share of position ${position} is not a point`);
    }
    if (!share.equals(mulPublic(last[position].c1, secretKeys[seat]))) {
      return fault("share", seat, `its share of position ${position} is not its key's`);
    }
  }
  // 5. every share the deal needs: each position's, from every seat but its owner
  for (let position = 0; position < cards.length; position++) {
    for (let seat = 0; seat < seats; seat++) {
      if (seat !== owners[position] && !seen.has(`${seat}/${position}`)) {
        return fault("share", seat, `its share of position ${position} is missing`);
      }
    }
  }
  return { ok: true };
}
