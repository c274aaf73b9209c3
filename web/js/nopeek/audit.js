// The no-peek deal's audit, once every seat's deal key is known (revealed with its shuffle
// stage's permutation and randomisers, or opened by the others from its escrow): every key
// proof, every signed message, every escrow, every key against its public key, every shuffle
// stage against what its seat revealed (new[i] = prev[π(i)] + (r_i·B, r_i·Y): multiplications
// of B and of the joint key Y only, both tabled) and every decryption share. Returns the first
// fault in the order docs/no-peek.md gives, with the seat to blame, so that every page (and the
// tests' Python verifier) names the same one; and the seats whose key was opened from their
// escrow (named, not at fault). A session's audit (deal-audit.js) is this one plus its own
// steps. No DOM.

import {
  BASE, IDENTITY, cardPoint, mod, mulPublic, pointFromHex, pointToHex, scalarFromHex, tabled, toHex,
} from "./group.js";
import { deckFromJson, jointKey } from "./deck.js";
import { escrowProblem } from "./escrow.js";
import { verifyKey } from "./proofs.js";
import { openWithShared } from "./seal.js";
import { verifySignature } from "./sign.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./deck.js").Ciphertext} Ciphertext
 * @typedef {import("./deck.js").KeyEntry} KeyEntry
 * @typedef {import("./deck.js").StageEntry} StageEntry
 * @typedef {import("./deck.js").ShareEntry} ShareEntry
 * @typedef {import("./escrow.js").EscrowEntry} EscrowEntry
 * @typedef {{seat: number, text: string, sig: import("./sign.js").Signature}} SignedEntry a message as signed
 * @typedef {{key: string, permutation: number[] | null, randomisers: string[] | null}} Reveal a seat's
 *   revelations at the audit: its deal key, and its stage's permutation and randomisers (null for a
 *   seat whose key was opened from its escrow: its stage is checked by decryption)
 * @typedef {number | "up" | "stock"} Owner a position's owner: a seat, every seat ("up": face up to all,
 *   opened by every seat's share) or none ("stock": never opened during the deal)
 * @typedef {{v: 2, game: string, deal: string, cards: string[], keys: KeyEntry[], signed?: SignedEntry[],
 *   escrows: EscrowEntry[], stages: StageEntry[], owners: Owner[], shares: ShareEntry[],
 *   reveals: (Reveal | null)[]}} Transcript
 * @typedef {"format" | "key-proof" | "signature" | "escrow" | "left" | "key-mismatch" | "shuffle" | "share"} FaultKind
 * @typedef {{ok: true, opened: number[]} | {ok: false, kind: FaultKind, seat: number | null, why: string, opened: number[]}} Verdict
 *   opened: the seats whose key the others opened from its escrow (it did not reveal it: it left during the
 *   deal, or did not show it at the check), ascending: named, not at fault
 * @typedef {{secrets: bigint[] | null, rho: bigint[] | null, last: Ciphertext[] | null}} Known what the audit
 *   found before its first fault: every seat's checked secret key; the last stage and each card's randomiser
 *   ρ (C1 = ρ·B) once every stage held (ρ null if a stage was checked by decryption)
 */

/** What a fault says: its kind, the seat to blame, why. */
class Fault extends Error {
  /** @param {FaultKind} kind @param {number | null} seat @param {string} why */
  constructor(kind, seat, why) {
    super(why);
    this.kind = kind;
    this.seat = seat;
  }
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

/** @param {unknown} n @param {number} below @returns {n is number} */
function isIndex(n, below) {
  return Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) < below;
}

/** @param {unknown} list @param {number} size @returns {list is number[]} a permutation of 0 … size−1 */
function isPermutation(list, size) {
  if (!Array.isArray(list) || list.length !== size) return false;
  const seen = new Set();
  return list.every((i) => isIndex(i, size) && !seen.has(i) && seen.add(i));
}

/**
 * The audit of a whole deal, with every seat's revelations in ``transcript.reveals``.
 * @param {Transcript} transcript
 * @returns {Verdict}
 */
export function audit(transcript) {
  return checkDeal(transcript).verdict;
}

/**
 * The audit, and what it found (a session's audit goes on from it).
 * @param {Transcript} transcript
 * @param {{decks?: Ciphertext[][]}} [options] the stages, decoded already (a session's): compared as
 *   points, not encoded again
 * @returns {{verdict: Verdict, known: Known}}
 */
export function checkDeal(transcript, { decks } = {}) {
  /** @type {Known} */
  const known = { secrets: null, rho: null, last: null };
  const reveals = Array.isArray(transcript?.reveals) ? transcript.reveals : [];
  const opened = reveals.flatMap((r, seat) => (isOpened(r) ? [seat] : []));
  try {
    check(transcript, known, decks);
    return { verdict: { ok: true, opened }, known };
  } catch (error) {
    if (!(error instanceof Fault)) throw error;
    return { verdict: { ok: false, kind: /** @type {FaultKind} */ (error.kind), seat: error.seat, why: error.message, opened }, known };
  }
}

/** A reveal of a key opened from its seat's escrow: the key, no permutation nor randomisers. @param {unknown} reveal */
function isOpened(reveal) {
  const r = /** @type {Partial<Reveal> | null} */ (reveal);
  return typeof r === "object" && r !== null && typeof r.key === "string" && r.permutation === null && r.randomisers === null;
}

/**
 * k·C1 of the last stage's card at ``position``: (k·ρ)·B while every stage was revealed (a
 * multiplication of B), else k·C1.
 * @param {Known} known (its ``last`` set) @param {bigint} k @param {number} position
 */
export function timesCard(known, k, position) {
  return known.rho ? mulPublic(BASE, mod(k * known.rho[position]))
    : mulPublic(/** @type {Ciphertext[]} */ (known.last)[position].c1, k);
}

/** @param {unknown} owner @param {number} seats */
function isOwner(owner, seats) {
  return owner === "up" || owner === "stock" || isIndex(owner, seats);
}

/** @param {Transcript} transcript @param {Known} known @param {Ciphertext[][] | undefined} decks */
function check(transcript, known, decks) {
  const { game, deal, cards, keys, escrows, stages, owners, shares, reveals } = transcript;
  const signed = transcript.signed ?? [];
  const seats = Array.isArray(keys) ? keys.length : 0;
  // 1. the shapes
  if (transcript.v !== 2 || typeof game !== "string" || typeof deal !== "string" || !Array.isArray(cards)
      || seats < 1 || !Array.isArray(stages) || stages.length !== seats || !Array.isArray(shares)
      || !Array.isArray(owners) || owners.length !== cards.length || !owners.every((o) => isOwner(o, seats))
      || !Array.isArray(escrows) || escrows.length !== seats || !Array.isArray(signed)
      || !Array.isArray(reveals) || reveals.length !== seats) {
    throw new Fault("format", null, "the transcript is not a whole deal's");
  }
  // 2. every key proof, by seat
  /** @type {Point[]} */
  const publicKeys = [];
  for (let seat = 0; seat < seats; seat++) {
    try {
      publicKeys.push(pointFromHex(keys[seat]?.key));
    } catch {
      throw new Fault("key-proof", seat, "its public key is not a point");
    }
    if (!verifyKey(publicKeys[seat], keys[seat].proof, { deal, seat })) {
      throw new Fault("key-proof", seat, "its key proof does not hold");
    }
  }
  // 3. every signed message, as listed: the seat it names signed exactly its text
  for (const entry of signed) {
    const seat = entry?.seat;
    if (!isIndex(seat, seats)) throw new Fault("format", null, "a signed message names no seat");
    if (!verifySignature(publicKeys[seat], entry.text, entry.sig, { deal, seat })) {
      throw new Fault("signature", seat, "a message said to be its own does not carry its signature");
    }
  }
  // 4. every escrow as anyone sees it, by seat: its pieces' commitments add up to its key
  const everyone = publicKeys.map((_, seat) => seat);
  for (let seat = 0; seat < seats; seat++) {
    const problem = escrowProblem(escrows[seat], seat, publicKeys[seat], everyone.filter((s) => s !== seat));
    if (problem) throw new Fault("escrow", seat, problem);
  }
  // 5. every seat's key is known, by seat: revealed, or opened from its escrow (else it left
  // where its key could not be opened: two crypto seats, or a second leaver)
  for (let seat = 0; seat < seats; seat++) {
    if (typeof reveals[seat] !== "object" || reveals[seat] === null || Array.isArray(reveals[seat])) {
      throw new Fault("left", seat, "its key was neither revealed nor opened from its escrow");
    }
  }
  const revealed = /** @type {Reveal[]} */ (reveals);
  // 6. every revealed key against its public key, by seat
  /** @type {bigint[]} */
  const secretKeys = [];
  for (let seat = 0; seat < seats; seat++) {
    try {
      secretKeys.push(scalarFromHex(revealed[seat].key));
    } catch {
      throw new Fault("key-mismatch", seat, "its revealed key is not a scalar");
    }
    if (!mulPublic(BASE, secretKeys[seat]).equals(publicKeys[seat])) {
      throw new Fault("key-mismatch", seat, "its revealed key is not its public key's");
    }
  }
  known.secrets = secretKeys;
  // 7. every escrow's pieces, by seat and piece: each opens, under the two seats' shared point
  // (x_i·x_j)·B, to the scalar its commitment says
  for (let seat = 0; seat < seats; seat++) {
    for (const piece of escrows[seat].pieces) {
      const shared = mulPublic(BASE, mod(secretKeys[seat] * secretKeys[piece.to]));
      const bytes = openWithShared(shared, piece, { deal, from: seat, to: piece.to, purpose: "escrow" });
      let right = false;
      try {
        right = bytes !== null && mulPublic(BASE, scalarFromHex(toHex(bytes))).equals(pointFromHex(piece.commitment));
      } catch {
        right = false; // a piece ≥ ℓ
      }
      if (!right) throw new Fault("escrow", seat, `its escrow's piece for seat ${piece.to} is not the one it committed to`);
    }
  }
  // 8. every stage, in turn (stage i by seat i), against the seat's revealed permutation and
  // randomisers: each card's encoding is that of the card they make of the previous stage's; a
  // stage with none revealed (its seat's key opened from its escrow): its cards, decrypted
  // with the joint secret, are the deck's, each as often
  const joint = tabled(jointKey(publicKeys)); // r·Y for every card: Y's multiples tabled once
  /** @type {Ciphertext[]} */
  let previous = cards.map((card) => ({ c1: IDENTITY, c2: cardPoint(game, card) }));
  // each card's randomiser so far (c1 = ρ·B), while every stage has been revealed
  /** @type {bigint[] | null} */
  let rho = cards.map(() => 0n);
  for (let seat = 0; seat < seats; seat++) {
    if (stages[seat]?.seat !== seat) throw new Fault("format", seat, `stage ${seat} is not seat ${seat}'s`);
    const published = stages[seat].deck;
    if (!Array.isArray(published) || published.length !== cards.length) {
      throw new Fault("shuffle", seat, "its stage is not a deck of the deck's size");
    }
    const { permutation, randomisers } = revealed[seat];
    if (permutation === null && randomisers === null) {
      try {
        previous = decks?.[seat] ?? deckFromJson(published);
      } catch {
        throw new Fault("shuffle", seat, "its stage is not a deck of points");
      }
      checkByDecryption(previous, secretKeys, game, cards, seat);
      rho = null;
    } else {
      ({ stage: previous, rho } = checkAgainstReveal(published, decks?.[seat], previous, permutation, randomisers, joint, rho, seat));
    }
  }
  Object.assign(known, { last: previous, rho });
  // 9. every share as sent, in order: a seat, a position, once, and x_seat·c1 of the last stage
  // ((x_seat·ρ)·B when every stage was revealed)
  const seen = new Set();
  for (const entry of shares) {
    const seat = entry?.seat;
    if (!isIndex(seat, seats)) throw new Fault("format", null, "a share names no seat");
    const position = entry.position;
    if (!isIndex(position, cards.length) || seen.has(`${seat}/${position}`)) {
      throw new Fault("share", seat, "a share names no position, or one already shared");
    }
    seen.add(`${seat}/${position}`);
    if (entry.share !== pointToHex(timesCard(known, secretKeys[seat], position))) {
      throw new Fault("share", seat, `its share of position ${position} is not its key's`);
    }
  }
  // 10. every share the deal needs, from every seat that revealed its key (a key opened from its
  // escrow gave the others its shares): a seat's position's from every other seat, a face-up
  // one's from every seat, a stock position's from none
  for (let position = 0; position < cards.length; position++) {
    if (owners[position] === "stock") continue;
    for (let seat = 0; seat < seats; seat++) {
      if (seat !== owners[position] && !isOpened(revealed[seat]) && !seen.has(`${seat}/${position}`)) {
        throw new Fault("share", seat, `its share of position ${position} is missing`);
      }
    }
  }
}

/**
 * A stage (as published) against its seat's revelation: card i is card π(i) of the previous
 * stage re-randomised by r_i, (c1 + r_i·B, c2 + r_i·Y), encoded (or, if the stage is decoded
 * already, equal as points). Returns the stage's points and each card's randomiser so far (ρ,
 * or null if a stage before was not revealed).
 * @param {unknown[]} published @param {Ciphertext[] | undefined} decoded @param {Ciphertext[]} previous
 * @param {unknown} permutation
 * @param {unknown} randomisers @param {Point} joint tabled @param {bigint[] | null} rho @param {number} seat
 * @returns {{stage: Ciphertext[], rho: bigint[] | null}}
 */
function checkAgainstReveal(published, decoded, previous, permutation, randomisers, joint, rho, seat) {
  const size = published.length;
  if (!isPermutation(permutation, size) || !Array.isArray(randomisers) || randomisers.length !== size) {
    throw new Fault("shuffle", seat, "its revealed permutation or randomisers are not one per card");
  }
  /** @type {bigint[]} */
  let r;
  try {
    r = randomisers.map((hex) => scalarFromHex(hex));
  } catch {
    throw new Fault("shuffle", seat, "a revealed randomiser is not a scalar");
  }
  const stage = permutation.map((from, i) => ({
    c1: previous[from].c1.add(mulPublic(BASE, r[i])),
    c2: previous[from].c2.add(mulPublic(joint, r[i])),
  }));
  for (let i = 0; i < size; i++) {
    const pair = published[i];
    const same = decoded ? decoded[i].c1.equals(stage[i].c1) && decoded[i].c2.equals(stage[i].c2)
      : Array.isArray(pair) && pair.length === 2 && pair[0] === pointToHex(stage[i].c1) && pair[1] === pointToHex(stage[i].c2);
    if (!same) {
      throw new Fault("shuffle", seat, `its stage's card ${i} is not the card its permutation and randomiser make`);
    }
  }
  return { stage, rho: rho ? permutation.map((from, i) => mod(rho[from] + r[i])) : null };
}

/**
 * A stage whose seat revealed no permutation: decrypted with the joint secret, its cards are
 * the deck's, each as often.
 * @param {Ciphertext[]} stage @param {bigint[]} secretKeys @param {string} game @param {string[]} cards
 * @param {number} seat
 */
function checkByDecryption(stage, secretKeys, game, cards, seat) {
  const x = mod(secretKeys.reduce((sum, k) => sum + k, 0n));
  const plain = stage.map(({ c1, c2 }) => pointToHex(c2.subtract(mulPublic(c1, x))));
  if (!sameCounts(counted(plain), counted(cards.map((card) => pointToHex(cardPoint(game, card)))))) {
    throw new Fault("shuffle", seat, "its stage's cards are not the deck's");
  }
}
