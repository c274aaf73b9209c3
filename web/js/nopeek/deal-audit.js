// The audit of a whole no-peek deal as a session saw it (session.js's transcript), once every
// seat's key is known (revealed, or opened from the escrow of a seat that did not reveal it):
// audit.js's audit of the deal's cryptography, with before it and after it only what is the
// session's own (docs/no-peek.md, "The audit of a session"): the seeds that fix each slot's
// position, the escrow pieces that opened a key, each seat's one proof of its shares (as checked
// when it came), the complaints, the shares a card was shown or passed with, the commitments.
// The first fault, with the seat to blame, so that every page names the same one; the seats
// whose key was opened (named, not at fault); and every slot's card. No DOM.

import { cardTable, mod, pointFromHex, pointToHex, scalarFromHex, scalarToHex, toHex, fromHex } from "./group.js";
import { deckFromJson } from "./deck.js";
import { unseal } from "./seal.js";
import { checkComplaint, checkPiece } from "./escrow.js";
import { checkDeal, timesCard } from "./audit.js";
import { commitment, jointSeed, seedCommitment, slotPositions } from "./positions.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./deck.js").Ciphertext} Ciphertext
 * @typedef {import("./escrow.js").EscrowEntry} EscrowEntry
 * @typedef {{share: string, proof: {c: string, s: string}}} ShareEntry a share with its own proof (shown)
 * @typedef {{game: string, deal: string, cards: string[], seats: number[], layout: Array<number | "up" | "stock">,
 *   keys: Array<{key: string, proof: {c: string, s: string}, seed: string} | null>,
 *   escrows: Array<EscrowEntry | null>, stages: import("./deck.js").CiphertextJson[][], seeds: Array<string | null>,
 *   shares: Array<Array<{slot: number, share: string}> | null>, sharesHold?: Array<boolean | null>,
 *   shows: Array<{slot: number, shares: Array<{seat: number} & ShareEntry>}>,
 *   gives: Array<{from: number, to: number, seq: number, slots: number[],
 *     sealed: Array<{slot: number, seat: number, share: {box: string, tag: string}, proof: {box: string, tag: string}}>}>,
 *   openings?: Array<{seat: number, hash: string, nonce: string, bytes: string}>,
 *   reveals: Array<{key: string, permutation: number[], randomisers: string[]} | null>,
 *   pieces?: Array<{for: number, by: number, piece: string}>,
 *   recovered?: Array<string | null>, refused?: number[],
 *   complaints: Array<{about: number, by: number, what: string, slot?: number, claim?: object}>}} Transcript
 *   (seats in it are crypto indices, but a pass's sealed shares' ``seat``: the engine's; ``seats`` maps
 *   them to the engine's)
 * @typedef {import("./audit.js").FaultKind | "seed" | "piece" | "complaint" | "show" | "give" | "open"} FaultKind
 * @typedef {{ok: true, opened: number[]} | {ok: false, kind: FaultKind, seat: number | null, why: string, opened: number[]}} Verdict
 *   seat and opened: the engine's seats; opened: the seats whose key the others opened from its escrow,
 *   ascending (named, not at fault)
 * @typedef {{hands: Array<{slot: number, card: string}>, opened: number[]}} Found every slot's card, and
 *   the seats (crypto indices) whose key was opened from its escrow, as far as the audit came
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
  /** @type {Found} */
  const found = { hands: [], opened: [] };
  const opened = () => found.opened.map((i) => t.seats[i]);
  try {
    check(t, found, decks);
    return { verdict: { ok: true, opened: opened() }, hands: found.hands };
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    const seat = e.seat === null ? null : t.seats[e.seat];
    return { verdict: { ok: false, kind: e.kind, seat, why: e.message, opened: opened() }, hands: found.hands };
  }
}

/**
 * @param {Transcript} t @param {Found} found filled in @param {Ciphertext[][] | undefined} decks
 */
function check(t, found, decks) {
  const { deal, game, cards } = t;
  const n = t.seats.length;
  // 1. the deal was dealt whole
  if (t.keys.some((k) => !k) || t.stages.length !== n || t.seeds.some((s) => !s) || t.escrows.some((e) => !e)) {
    throw new Fault("format", null, "the deal was not dealt whole");
  }
  const keys = /** @type {NonNullable<Transcript["keys"][number]>[]} */ (t.keys);
  // 2. every seed against its commitment: they fix each slot's position
  for (let i = 0; i < n; i++) {
    if (seedCommitment(deal, i, /** @type {string} */ (t.seeds[i])) !== keys[i].seed) {
      throw new Fault("seed", i, "its seed is not the one it committed to");
    }
  }
  const positions = slotPositions(jointSeed(deal, /** @type {string[]} */ (t.seeds)), cards.length);
  // 3. the key of a seat that did not reveal it: every piece of its escrow as published, each
  // its commitment's, summed
  const reveals = t.reveals.map((r, i) => r ?? openedKey(t, i));
  // 4. audit.js: the keys, the escrows, the stages and the dealt shares, each slot's card at its position
  /** @type {import("./audit.js").Owner[]} */
  const owners = cards.map(() => "stock");
  positions.forEach((position, slot) => { owners[position] = t.layout[slot]; });
  const shares = t.shares.flatMap((list, seat) => (list ?? []).map((s) => ({ seat, position: positions[s.slot], share: s.share })));
  const { verdict, known } = checkDeal({
    v: 2, game, deal, cards, keys: keys.map((k) => ({ key: k.key, proof: k.proof })), signed: [],
    escrows: /** @type {EscrowEntry[]} */ (t.escrows), stages: t.stages.map((deck, seat) => ({ seat, deck })),
    owners, shares, reveals,
  }, { decks });
  found.opened = verdict.opened;
  // every slot's card with the joint secret, whatever follows finds, once the keys held
  if (known.secrets) openHands(t, decks, known, positions, found.hands);
  if (verdict.ok === false) throw new Fault(verdict.kind, verdict.seat, verdict.why);
  const secrets = /** @type {bigint[]} */ (known.secrets);
  const publicKeys = keys.map((k) => pointFromHex(k.key));
  /** @param {number} i @param {number} slot @param {string} share */
  const right = (i, slot, share) => share === pointToHex(timesCard(known, secrets[i], positions[slot]));
  // 5. every seat's one proof of its shares, as the page checked it when it came (its shares are
  // right, step 4 says: the proof itself is wrong)
  const failed = (t.sharesHold ?? []).indexOf(false);
  if (failed >= 0) throw new Fault("share", failed, "its one proof of its shares does not hold");
  // 6. complaints about an escrow, as listed (judged by checkComplaint: the complainer, or the escrow's owner)
  for (const c of t.complaints) {
    const judged = checkComplaint(/** @type {EscrowEntry} */ (t.escrows[c.about]), c.claim, publicKeys[c.about],
      publicKeys[c.by], { deal });
    throw new Fault(judged.seat === c.about ? "escrow" : "complaint", judged.seat, judged.why);
  }
  // 7. every share a face-up card was shown with
  for (const show of t.shows) {
    for (const s of show.shares) {
      if (!right(s.seat, show.slot, s.share)) throw new Fault("show", s.seat, `its share of slot ${show.slot} is not its key's`);
    }
  }
  // 8. every share sealed in a pass: opened with the receiver's key
  for (const g of t.gives) {
    for (const s of g.sealed) {
      const context = { deal, from: g.from, to: g.to, purpose: `give|${g.seq}|${s.slot}|${s.seat}|share` };
      const share = unseal(secrets[g.to], publicKeys[g.from], s.share, context);
      if (!share || share.length !== 32 || !right(t.seats.indexOf(s.seat), s.slot, toHex(share))) {
        throw new Fault("give", g.from, `its pass sealed a wrong share of slot ${s.slot}`);
      }
    }
  }
  // 9. every commitment opened to what it committed to
  for (const o of t.openings ?? []) {
    if (commitment(deal, o.seat, fromHex(o.nonce, 32), fromHex(o.bytes, o.bytes.length / 2)) !== o.hash) {
      throw new Fault("open", o.seat, "it opened its commitment to other bytes");
    }
  }
}

/**
 * A key opened from its seat's escrow, as audit.js takes it (no permutation nor randomisers),
 * from every other seat's published piece, each checked against its commitment; null if a
 * piece is missing (the key was not opened).
 * @param {Transcript} t @param {number} owner
 */
function openedKey(t, owner) {
  const entry = /** @type {EscrowEntry} */ (t.escrows[owner]);
  const pieces = (t.pieces ?? []).filter((p) => p.for === owner);
  if (entry.pieces.length === 0) return null;
  let sum = 0n;
  for (const { to } of entry.pieces) {
    const piece = pieces.find((p) => p.by === to);
    if (!piece) return null;
    if (!checkPiece(entry, to, piece.piece)) throw new Fault("piece", to, `its piece of seat ${t.seats[owner]}'s key is not the one committed to`);
    sum += scalarFromHex(piece.piece);
  }
  return { key: scalarToHex(mod(sum)), permutation: null, randomisers: null };
}

/**
 * Every slot's card at its position of the last stage, with the joint secret.
 * @param {Transcript} t @param {Ciphertext[][] | undefined} decks @param {import("./audit.js").Known} known
 * @param {number[]} positions @param {Array<{slot: number, card: string}>} hands
 */
function openHands(t, decks, known, positions, hands) {
  let last = known.last;
  if (!last) {
    try {
      last = decks?.[t.seats.length - 1] ?? deckFromJson(t.stages[t.seats.length - 1]);
    } catch {
      return;
    }
  }
  const x = mod(/** @type {bigint[]} */ (known.secrets).reduce((sum, k) => sum + k, 0n));
  const names = cardTable(t.game, t.cards);
  const at = { ...known, last, rho: known.last ? known.rho : null };
  positions.forEach((position, slot) => {
    const name = names.get(pointToHex(last[position].c2.subtract(timesCard(at, x, position))));
    if (name !== undefined) hands.push({ slot, card: name });
  });
}
