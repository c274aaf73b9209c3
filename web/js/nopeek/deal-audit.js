// The audit of a whole no-peek deal as a session saw it (session.js's transcript), once every
// seat's key is known (revealed, or opened from the escrow of a seat that left or refused):
// the first fault in the order of docs/no-peek.md ("The audit of a session"), with the seat to
// blame, so that every page names the same one; and every slot's card. No DOM.

import { BASE, cardTable, mod, mulPublic, pointFromHex, pointToHex, scalarFromHex, tabled, toHex } from "./group.js";
import { deckFromJson, jointKey, openDeck } from "./deck.js";
import { openWithShared, unseal } from "./seal.js";
import { checkComplaint } from "./escrow.js";
import { verifyKey } from "./proofs.js";
import { jointSeed, seedCommitment, slotPositions } from "./positions.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./deck.js").Ciphertext} Ciphertext
 * @typedef {{share: string, proof: {c: string, s: string}}} ShareEntry
 * @typedef {{game: string, deal: string, cards: string[], seats: number[], layout: Array<number | "up" | "stock">,
 *   keys: Array<{key: string, proof: {c: string, s: string}, seed: string} | null>,
 *   escrows: Array<object | null>, stages: string[][][], seeds: Array<string | null>,
 *   shares: Array<Array<{slot: number} & ShareEntry> | null>,
 *   shows: Array<{slot: number, shares: Array<{seat: number} & ShareEntry>}>,
 *   gives: Array<{from: number, to: number, seq: number, slots: number[],
 *     sealed: Array<{slot: number, seat: number, share: {box: string, tag: string}, proof: {box: string, tag: string}}>}>,
 *   reveals: Array<{key: string, permutation: number[], randomisers: string[]} | null>,
 *   recovered: Array<string | null>, refused: number[],
 *   complaints: Array<{about: number, by: number, what: string, slot?: number, claim?: object}>}} Transcript
 *   (seats in it are crypto indices; ``seats`` maps them to the engine's)
 * @typedef {"format" | "key-proof" | "refused" | "key-mismatch" | "escrow" | "complaint" | "seed" | "shuffle"
 *   | "share" | "show" | "give"} FaultKind
 * @typedef {{ok: true} | {ok: false, kind: FaultKind, seat: number | null, why: string}} Verdict seat: the engine's
 */

class Fault extends Error {
  /** @param {FaultKind} kind @param {number | null} seat a crypto index @param {string} why */
  constructor(kind, seat, why) {
    super(why);
    this.kind = kind;
    this.seat = seat;
  }
}

/**
 * The deal's verdict and every slot's card (an empty list if the keys or the deck do not give them).
 * @param {Transcript} t
 * @param {Ciphertext[][]} [decks] the stages, decoded already (the session's): not decoded again
 * @returns {{verdict: Verdict, hands: Array<{slot: number, card: string}>}}
 */
export function auditDeal(t, decks) {
  /** @type {Array<{slot: number, card: string}>} */
  const hands = [];
  try {
    check(t, hands, decks);
    return { verdict: { ok: true }, hands };
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    return { verdict: { ok: false, kind: e.kind, seat: e.seat === null ? null : t.seats[e.seat], why: e.message }, hands };
  }
}

/**
 * @param {Transcript} t @param {Array<{slot: number, card: string}>} hands filled with every slot's card
 * @param {Ciphertext[][]} [decks]
 */
function check(t, hands, decks) {
  const { deal, game, cards } = t;
  const n = t.seats.length;
  const count = cards.length;
  if (t.keys.some((k) => !k) || t.stages.length !== n || t.seeds.some((s) => !s)) {
    throw new Fault("format", null, "the deal was not dealt whole");
  }
  const keys = /** @type {NonNullable<Transcript["keys"][number]>[]} */ (t.keys);
  // 1. every key's proof
  /** @type {Point[]} */
  const publicKeys = keys.map((k, i) => {
    const point = pointFromHex(k.key);
    if (!verifyKey(point, k.proof, { deal, seat: i })) throw new Fault("key-proof", i, "its key proof does not hold");
    return point;
  });
  // 2. every key known (revealed, or opened from the escrow of a seat that left) is its public key's
  const secrets = publicKeys.map((point, i) => {
    const text = t.reveals[i]?.key ?? t.recovered[i];
    if (!text) throw new Fault("refused", i, "its key is neither revealed nor opened from its escrow");
    let x;
    try {
      x = scalarFromHex(text);
    } catch {
      throw new Fault("key-mismatch", i, "its revealed key is not a scalar");
    }
    if (!mulPublic(BASE, x).equals(point)) throw new Fault("key-mismatch", i, "its revealed key is not its public key's");
    return x;
  });
  const x = mod(secrets.reduce((sum, k) => sum + k, 0n));
  // the stages, against what their seats revealed (its first fault is thrown in its turn, below)
  const names = cardTable(game, cards);
  const { last, rho, fault: stageFault } = checkStages(t, decks, tabled(jointKey(publicKeys)), x, names);
  // every slot's card, with the joint secret: what the deal was, whatever the checks find.
  // While every stage was revealed, a card's C1 is ρ·B (ρ its randomisers summed along the
  // permutations), so x·C1 = (x·ρ)·B: multiplications of B only
  const positions = slotPositions(jointSeed(deal, /** @type {string[]} */ (t.seeds)), count);
  /** @param {bigint} k @param {number} slot k·C1 of the slot's card */
  const times = (k, slot) => (rho ? mulPublic(BASE, mod(k * rho[positions[slot]])) : mulPublic(last[positions[slot]].c1, k));
  for (let slot = 0; slot < count; slot++) {
    const name = names.get(pointToHex(last[positions[slot]].c2.subtract(times(x, slot))));
    if (name !== undefined) hands.push({ slot, card: name });
  }
  // 3. a seat that did not reveal its key at the audit (its escrow was opened for it)
  for (const i of [...t.refused].sort((a, b) => a - b)) {
    throw new Fault("refused", i, "it did not reveal its key for the audit");
  }
  // 4. complaints about an escrow, as listed (each was checked at once on every page)
  for (const c of t.complaints) {
    if (c.what !== "escrow") continue;
    const entry = /** @type {import("./escrow.js").EscrowEntry} */ (t.escrows[c.about]);
    const found = checkComplaint(entry, c.claim, publicKeys[c.about], publicKeys[c.by], { deal });
    throw new Fault(found.seat === c.about ? "escrow" : "complaint", found.seat, found.why);
  }
  // 5. every escrow's pieces open, under the two seats' shared point (x_i·x_j)·B, to the scalar
  // its commitment says (audit.js's check)
  for (let i = 0; i < n; i++) {
    const entry = /** @type {import("./escrow.js").EscrowEntry | null} */ (t.escrows[i]);
    if (!entry) throw new Fault("format", i, "its escrow is missing");
    for (const piece of entry.pieces) {
      const shared = mulPublic(BASE, mod(secrets[i] * secrets[piece.to]));
      const bytes = openWithShared(shared, piece, { deal, from: i, to: piece.to, purpose: "escrow" });
      let right = false;
      try {
        right = bytes !== null && mulPublic(BASE, scalarFromHex(toHex(bytes))).equals(pointFromHex(piece.commitment));
      } catch {
        right = false;
      }
      if (!right) throw new Fault("escrow", i, `its escrow's piece for seat ${t.seats[piece.to]} is not the one it committed to`);
    }
  }
  // 6. every seed against its commitment
  for (let i = 0; i < n; i++) {
    if (seedCommitment(deal, i, /** @type {string} */ (t.seeds[i])) !== keys[i].seed) {
      throw new Fault("seed", i, "its seed is not the one it committed to");
    }
  }
  // 7. every stage against its revealed permutation and randomisers (checked above)
  if (stageFault) throw stageFault;
  /** @param {number} i @param {number} slot @param {string} share */
  const right = (i, slot, share) => {
    try {
      return pointFromHex(share).equals(times(secrets[i], slot));
    } catch {
      return false;
    }
  };
  // 8. every published share, seat by seat, slot by slot (a complaint's included)
  for (let i = 0; i < n; i++) {
    for (const s of t.shares[i] ?? []) {
      if (!right(i, s.slot, s.share)) throw new Fault("share", i, `its share of slot ${s.slot} is not its key's`);
    }
  }
  for (const c of t.complaints) {
    if (c.what === "share") throw new Fault("complaint", c.by, `it complained of a right share of slot ${c.slot}`);
  }
  // 9. every share a face-up card was shown with
  for (const show of t.shows) {
    for (const s of show.shares) {
      if (!right(s.seat, show.slot, s.share)) throw new Fault("show", s.seat, `its share of slot ${show.slot} is not its key's`);
    }
  }
  // 10. every share sealed in a pass: opened with the receiver's key
  for (const g of t.gives) {
    for (const s of g.sealed) {
      const seat = t.seats.indexOf(s.seat);
      const context = { deal, from: g.from, to: g.to, purpose: `give|${g.seq}|${s.slot}|${s.seat}|share` };
      const share = unseal(secrets[g.to], publicKeys[g.from], s.share, context);
      if (!share || share.length !== 32 || !right(seat, s.slot, toHexBytes(share))) {
        throw new Fault("give", g.from, `its pass sealed a wrong share of slot ${s.slot}`);
      }
    }
  }
}

/**
 * Every stage in turn against its seat's revelation: card k is card π(k) of the previous stage
 * re-randomised, (C1 + r_k·B, C2 + r_k·Y); a stage whose seat revealed nothing (it left: its key
 * came from its escrow) decrypts to the deck's cards. The last stage, each card's ρ (C1 = ρ·B)
 * while every stage was revealed, and the first fault.
 * @param {Transcript} t @param {Ciphertext[][] | undefined} decks the stages already decoded
 * @param {Point} joint tabled @param {bigint} x the joint secret @param {Map<string, string>} names
 * @returns {{last: Ciphertext[], rho: bigint[] | null, fault: Fault | null}}
 */
function checkStages(t, decks, joint, x, names) {
  const count = t.cards.length;
  let previous = openDeck(t.game, t.cards);
  /** @type {bigint[] | null} */
  let rho = t.cards.map(() => 0n);
  /** @type {Fault | null} */
  let fault = null;
  for (let i = 0; i < t.seats.length; i++) {
    let stage;
    try {
      stage = decks?.[i] ?? deckFromJson(t.stages[i]);
    } catch {
      stage = previous;
    }
    const revealed = t.reveals[i];
    if (fault) {
      // a stage after a faulty one: only its cards are needed, for the hands
    } else if (!revealed) {
      const opened = stage.map((c) => names.get(pointToHex(c.c2.subtract(mulPublic(c.c1, x)))));
      if (opened.includes(undefined) || new Set(opened).size !== count) fault = new Fault("shuffle", i, "its stage's cards are not the deck's");
      rho = null;
    } else {
      fault = checkStage(stage, previous, revealed, joint, i);
      if (rho && !fault) {
        /** @type {bigint[]} */
        const before = rho;
        rho = revealed.permutation.map((from, k) => mod(before[from] + scalarFromHex(revealed.randomisers[k])));
      }
    }
    previous = stage;
  }
  return { last: previous, rho: fault ? null : rho, fault };
}

/**
 * @param {Ciphertext[]} stage @param {Ciphertext[]} previous
 * @param {{permutation: number[], randomisers: string[]}} revealed @param {Point} joint @param {number} i
 * @returns {Fault | null}
 */
function checkStage(stage, previous, { permutation, randomisers }, joint, i) {
  const count = previous.length;
  if (new Set(permutation).size !== count || stage.length !== count) return new Fault("shuffle", i, "its permutation is not one");
  for (let k = 0; k < count; k++) {
    let r;
    try {
      r = scalarFromHex(randomisers[k]);
    } catch {
      return new Fault("shuffle", i, "a randomiser is not a scalar");
    }
    const from = previous[permutation[k]];
    if (!stage[k].c1.equals(from.c1.add(mulPublic(BASE, r))) || !stage[k].c2.equals(from.c2.add(mulPublic(joint, r)))) {
      return new Fault("shuffle", i, `its card ${k} is not the previous deck's card ${permutation[k]} re-randomised`);
    }
  }
  return null;
}

/** @param {Uint8Array} bytes */
function toHexBytes(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
