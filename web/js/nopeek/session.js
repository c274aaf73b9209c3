// One seat's no-peek deal as a state machine driven by messages (docs/no-peek.md, "The
// session"): keys → escrows and stages in crypto-seat order → seeds → shares → play (show,
// hide, give, commit, open) → reveal → audit. Each method returns what to send (to every
// seat, through the host's relay) and what happened (events for the page). Nothing that
// arrives is trusted: messages.js checks its shape, this file its signature, its sequence
// number, its step, and every proof of a card this seat opens. No DOM, no clock, no transport.

import { cardTable, concat, fromHex, mulSecret, pointFromHex, pointToHex, scalarToHex, tabled, toHex } from "./group.js";
import {
  applyStage, checkKey, checkShare, deckFromJson, deckToJson, drawStage, jointKey, makeKey, makeShare, openDeck, prepareStage,
} from "./deck.js";
import { makeNonce, proveShares, verifyShares } from "./proofs.js";
import { sign, verifySignature } from "./sign.js";
import { seal, unseal } from "./seal.js";
import { checkComplaint, checkEscrow, checkPiece, complaint as escrowComplaint, makeEscrow, openPiece, recoverSecret } from "./escrow.js";
import { commitment, jointSeed, randomSeedPart, seedCommitment, slotPositions } from "./positions.js";
import { auditDeal } from "./deal-audit.js";
import { DEAL_ID, encode, parse, signedText } from "./messages.js";

/**
 * @typedef {import("./group.js").Point} Point
 * @typedef {import("./deck.js").Ciphertext} Ciphertext
 * @typedef {import("./messages.js").Message} Message
 * @typedef {import("./messages.js").Kind} Kind
 * @typedef {import("./messages.js").Proof} Proof
 * @typedef {import("./escrow.js").EscrowEntry} EscrowEntry
 * @typedef {number | "up" | "stock"} Holder a slot's holder: a crypto seat's index, face up, or the stock
 * @typedef {{slot: number, card: string}} SlotCard
 * @typedef {{kind: "progress", step: "keys" | "shuffle" | "seed" | "deal" | "audit", done: number, total: number}
 *   | {kind: "hand", cards: SlotCard[]}
 *   | {kind: "up", slot: number, card: string, seat: number | null}
 *   | {kind: "hidden", slot: number, seat: number}
 *   | {kind: "received", from: number, cards: SlotCard[]}
 *   | {kind: "opened", seat: number, cards: SlotCard[], atCheck: boolean}
 *   | {kind: "passed-in", seat: number, cards: SlotCard[]}
 *   | {kind: "committed", seat: number}
 *   | {kind: "disclosed", seat: number, bytes: Uint8Array}
 *   | {kind: "fault", seat: number | "relay", why: string, at: "once"}
 *   | {kind: "audit", verdict: import("./deal-audit.js").Verdict, hands: SlotCard[]}} Event
 * @typedef {{to: "all" | number, text: string}} Outgoing
 * @typedef {{send: Outgoing[], events: Event[]}} Step
 * @typedef {{share: string, proof: Proof}} ShareEntry a share with its own proof (shown, or passed)
 * @typedef {{from: number, to: number, seq: number, slots: number[], sealed: import("./messages.js").SealedShare[]}} Give
 */

/** Faults that void the deal: a seat sent something signed that is wrong (not a message to drop). */
export const VOIDING = new Set(["key-proof", "escrow", "seed", "share", "show", "give", "open", "complaint", "piece", "left"]);

export { commitment }; // positions.js's, as session.js has always exported it

/** A pass's seal purpose, one per (give message, slot, share's seat, part): never reused.
 * @param {number} seq @param {number} slot @param {number} seat @param {"share" | "proof"} part */
export function givePurpose(seq, slot, seat, part) {
  return `give|${seq}|${slot}|${seat}|${part}`;
}

/**
 * The stages that must be in before a seat reveals its seed: its own (it has shuffled; those
 * after it may know its part), but the first seat's only after the last stage, so that no
 * shuffler knows every part, and so the positions, while it shuffles. The reveals of the
 * others come during the shuffle: one trip, not two, between the last stage and the shares.
 * @param {number} i a crypto index @param {number} n the crypto seats
 */
export function seedAfter(i, n) {
  return i === 0 ? n : i + 1;
}

export class DealSession {
  /**
   * @param {{game: string, deal: string, cards: string[], seats: number[], me: number,
   *   layout: Array<number | "up" | "stock">, relay?: number, hold?: boolean}} options the engine's deck order,
   *   the crypto seats (ascending engine seats), this page's seat, each slot's holder, the
   *   seat whose page relays (the host: seats[0] unless said), and ``hold``: this seat's shares
   *   wait for ``approve()`` (the page checks the host's layout against its own rules first)
   */
  constructor({ game, deal, cards, seats, me, layout, relay, hold = false }) {
    if (!DEAL_ID.test(deal)) throw new Error("a deal id is 1 to 64 of A-Z a-z 0-9 . _ : ~ -");
    if (seats.length < 1 || seats.some((s, i) => !Number.isSafeInteger(s) || (i > 0 && s <= seats[i - 1]))) {
      throw new Error("the crypto seats: one or more, ascending");
    }
    if (!seats.includes(me) || layout.length !== cards.length) throw new Error("this seat, or one holder per card");
    this.game = game;
    this.deal = deal;
    this.cards = cards;
    this.seats = seats;
    this.n = seats.length;
    this.me = seats.indexOf(me);
    this.relay = relay ?? seats[0];
    this.table = { cards: cards.length, seats };
    /** @type {Holder[]} who holds each slot as dealt */
    this.dealt = layout.map((h) => {
      if (h === "up" || h === "stock") return h;
      if (!seats.includes(h)) throw new Error(`slot holder ${h} is not a crypto seat`);
      return seats.indexOf(h);
    });
    /** @type {Holder[]} who holds each slot now (a pass moves it) */
    this.holder = [...this.dealt];
    this.names = cardTable(game, cards);
    /** @type {Step} */
    this.out = { send: [], events: [] };
    this.seq = 0;
    this.lastSeq = Array(this.n).fill(-1);
    /** @type {Array<{point: Point, key: string, proof: Proof, seed: string} | null>} */
    this.keys = Array(this.n).fill(null);
    /** @type {Array<EscrowEntry | null>} */
    this.escrows = Array(this.n).fill(null);
    /** @type {Array<bigint | null>} my piece of each seat's key */
    this.myPieces = Array(this.n).fill(null);
    /** @type {Ciphertext[][]} */
    this.stages = [];
    /** @type {string[]} */
    this.stageTexts = [];
    /** @type {Array<string | null>} */
    this.seeds = Array(this.n).fill(null);
    /** @type {number[] | null} */
    this.positions = null;
    /** @type {Array<Map<number, string> | null>} the shares each seat published, by slot */
    this.shares = Array(this.n).fill(null);
    /** @type {Array<boolean | null>} whether each seat's proof of its shares held here (checked as it came) */
    this.sharesHold = Array(this.n).fill(null);
    /** @type {Map<number, Map<number, ShareEntry>>} the shares of a slot that are not public, that this seat holds */
    this.held = new Map();
    /** @type {Map<number, Map<number, ShareEntry>>} the shares a show made public, by slot */
    this.shown = new Map();
    /** @type {Map<number, "shown" | "hidden" | "opened">} */
    this.played = new Map();
    /** @type {Give[]} */
    this.gives = [];
    /** @type {Array<{hash: string} | null>} each seat's commitment not yet opened */
    this.pending = Array(this.n).fill(null);
    /** @type {{nonce: Uint8Array, bytes: Uint8Array} | null} this seat's commitment's opening */
    this.myOpening = null;
    /** @type {Array<{seat: number, hash: string, nonce: string, bytes: string}>} */
    this.openings = [];
    /** @type {Map<number, Map<number, string>>} the escrow pieces published for a seat that left */
    this.pieces = new Map();
    /** @type {Set<number>} */
    this.gone = new Set();
    /** @type {Array<bigint | null>} a leaver's key, from its escrow */
    this.recovered = Array(this.n).fill(null);
    /** @type {Set<number>} seats whose escrow was opened once the audit began, without their reveal: named
     * by the verdict (its ``opened``), as every seat whose key was opened, not at fault */
    this.refused = new Set();
    /** @type {Array<{for: number, by: number, piece: string}>} the escrow pieces taken, in order */
    this.piecesTaken = [];
    /** @type {Array<{key: string, permutation: number[], randomisers: string[]} | null>} */
    this.reveals = Array(this.n).fill(null);
    /** @type {Array<{about: number, by: number, what: string, slot?: number, claim?: object}>} */
    this.complaints = [];
    this.auditing = false;
    this.audited = false;
    this.handOpened = false;
    /** @type {{seat: number, why: string} | null} the first fault that voids the deal */
    this.voided = null;
    // this seat's secrets
    const made = makeKey({ deal, seat: this.me });
    this.secret = made.secret;
    this.publicKey = pointFromHex(made.entry.key);
    this.keyEntry = made.entry;
    this.r = randomSeedPart();
    /** @type {{permutation: number[], randomisers: bigint[], masks: Ciphertext[]} | null} */
    this.prepared = null;
    /** @type {Ciphertext[] | null} this seat's stage as it made it (the one it sends) */
    this.ownStage = null;
    /** @type {ReturnType<typeof drawStage> | null} this seat's stage's half drawn ahead (idle) */
    this.drawn = null;
    /** @type {import("./proofs.js").Nonce | null} its shares' proof's nonce, drawn ahead (idle); used once */
    this.nonce = null;
    this.sent = { escrow: false, stage: false, seed: false, shares: false, reveal: false };
    /** this seat's shares wait for the page's approve() (keys, escrow, stage and seed go on meanwhile) */
    this.holding = hold;
  }

  // --- the page's calls

  /** Publishes this seat's key, its proof and its commitment to the seed. */
  start() {
    return this.step(() => this.post("key", { ...this.keyEntry, seed: seedCommitment(this.deal, this.me, this.r) }));
  }

  /**
   * A message from the transport.
   * @param {number} fromSeat the seat the transport says sent it
   * @param {unknown} text
   */
  receive(fromSeat, text) {
    return this.step(() => this.take(fromSeat, text));
  }

  /** This seat plays its card at ``slot`` face up: its share (and those it holds) to all. @param {number} slot */
  show(slot) {
    return this.step(() => {
      this.mustHold(slot);
      const shares = this.privateSeats(slot).map((i) => ({ seat: this.seats[i], ...this.knownShare(i, slot) }));
      this.post("show", { slot, shares });
    });
  }

  /** This seat lays its card at ``slot`` face down: the slot only. @param {number} slot */
  hide(slot) {
    return this.step(() => {
      this.mustHold(slot);
      this.post("hide", { slot });
    });
  }

  /**
   * This seat passes its cards at ``slots`` to ``toSeat``: the slots to all, and the shares
   * the receiver needs sealed to it.
   * @param {number[]} slots @param {number} toSeat
   */
  give(slots, toSeat) {
    return this.step(() => {
      const to = this.seats.indexOf(toSeat);
      if (to < 0 || to === this.me) throw new Error("a pass goes to another crypto seat");
      const sorted = [...slots].sort((a, b) => a - b);
      sorted.forEach((slot) => this.mustHold(slot));
      const theirKey = /** @type {Point} */ (this.keys[to]?.point);
      const sealed = sorted.flatMap((slot) => this.privateSeats(slot).filter((i) => i !== to).map((i) => {
        const { share, proof } = this.knownShare(i, slot);
        const context = { deal: this.deal, from: this.me, to };
        return {
          slot, seat: this.seats[i],
          share: seal(this.secret, theirKey, fromHex(share, 32), { ...context, purpose: givePurpose(this.seq, slot, this.seats[i], "share") }),
          proof: seal(this.secret, theirKey, concat([fromHex(proof.c, 32), fromHex(proof.s, 32)]),
            { ...context, purpose: givePurpose(this.seq, slot, this.seats[i], "proof") }),
        };
      }));
      this.post("give", { to: toSeat, slots: sorted, sealed });
    });
  }

  /** Commits to ``bytes`` (the game's: Call Kitti's arrangement) without showing them. @param {Uint8Array} bytes */
  commit(bytes) {
    return this.step(() => {
      if (this.pending[this.me]) throw new Error("a commitment is open already");
      if (bytes.length > 1024) throw new Error("at most 1,024 bytes");
      const nonce = crypto.getRandomValues(new Uint8Array(32));
      this.myOpening = { nonce, bytes: Uint8Array.from(bytes) };
      this.post("commit", { hash: commitment(this.deal, this.me, nonce, bytes) });
    });
  }

  /** Opens this seat's last commitment to all. */
  open() {
    return this.step(() => {
      if (!this.myOpening || !this.pending[this.me]) throw new Error("nothing committed");
      this.post("open", { nonce: toHex(this.myOpening.nonce), bytes: toHex(this.myOpening.bytes) });
    });
  }

  /** The page found the deal's layout the rules' own: this seat's shares may go (``hold``). */
  approve() {
    return this.step(() => {
      this.holding = false;
    });
  }

  /** The transport says ``seat`` is gone: this seat publishes its piece of that seat's key. @param {number} seat */
  left(seat) {
    return this.step(() => {
      const i = this.seats.indexOf(seat);
      if (i < 0 || i === this.me || this.gone.has(i)) return;
      this.gone.add(i);
      if (this.n === 2 || !this.escrows[i] || this.gone.size > 1) {
        // no escrow to open (two crypto seats, or it left before its escrow came), or a second
        // leaver (the first one's piece of its key never comes): its key cannot be opened, void
        this.fault(i, "left", true);
        return;
      }
      const piece = this.myPieces[i];
      if (piece !== null) this.post("piece", { for: seat, piece: scalarToHex(piece) });
    });
  }

  /** The deal is over: this seat reveals its key, its stage's permutation and randomisers. */
  finish() {
    return this.step(() => {
      if (this.sent.reveal) return;
      if (!this.prepared || !this.sent.stage) throw new Error("the deal has not been dealt");
      this.sent.reveal = true;
      this.post("reveal", {
        key: scalarToHex(this.secret), permutation: this.prepared.permutation,
        randomisers: this.prepared.randomisers.map(scalarToHex),
      });
    });
  }

  /**
   * Work this seat does ahead, while it waits for the others (the page's worker calls it after
   * each call, once the result is sent): once the deal starts, its stage's half that needs no
   * joint key (drawStage); once its stage is sent, the nonce of its shares' proof. Sends
   * nothing; a session that is never idle makes them when they are needed.
   */
  idle() {
    if (!this.drawn && !this.prepared) {
      this.drawn = drawStage(this.cards.length);
    } else if (this.sent.stage && !this.sent.shares && !this.nonce) {
      this.nonce = makeNonce();
    }
  }

  // --- what a page reads

  /** Every public part of the deal so far, as the audit reads it (deal-audit.js's Transcript). */
  transcript() {
    return {
      game: this.game, deal: this.deal, cards: this.cards, seats: this.seats, layout: this.dealt,
      keys: this.keys.map((k) => (k ? { key: k.key, proof: k.proof, seed: k.seed } : null)),
      escrows: this.escrows, stages: this.stageTexts.map((t) => JSON.parse(t)), seeds: this.seeds,
      shares: this.shares.map((m) => (m ? [...m].map(([slot, share]) => ({ slot, share })) : null)),
      sharesHold: this.sharesHold,
      shows: [...this.shown].map(([slot, m]) => ({ slot, shares: [...m].map(([i, s]) => ({ seat: i, ...s })) })),
      gives: this.gives, openings: this.openings, reveals: this.reveals,
      pieces: this.piecesTaken, recovered: this.recovered.map((x) => (x === null ? null : scalarToHex(x))),
      refused: [...this.refused], complaints: this.complaints,
    };
  }

  /**
   * The seats whose message the deal waits on now (engine seats, this page's never): their
   * keys, escrows, the next stage, seeds and shares while it is dealt; the escrow pieces of a
   * leaver's key; the keys at the check once it began. None during the play (whose move it is
   * is the game's), once audited, or void. The host's page hands on a seat that stays silent
   * here (net/nopeek-watch.js).
   * @returns {number[]}
   */
  waitingOn() {
    if (this.voided || this.audited) return [];
    /** @type {Set<number>} crypto indices */
    const owed = new Set();
    const owe = (/** @type {number} */ i) => { if (i !== this.me && !this.gone.has(i)) owed.add(i); };
    const keysIn = this.keys.every(Boolean);
    this.seats.forEach((_, i) => {
      if (!this.keys[i]) owe(i);
      else if (keysIn && !this.escrows[i]) owe(i);
    });
    if (keysIn && this.escrows.every(Boolean)) {
      if (this.stages.length < this.n) owe(this.stages.length);
      this.seats.forEach((_, i) => {
        if (!this.seeds[i] && this.stages.length >= seedAfter(i, this.n)) owe(i);
        if (this.positions && !this.shares[i] && this.recovered[i] === null) owe(i);
      });
    }
    for (const owner of this.gone) {
      if (this.recovered[owner] !== null) continue;
      const got = this.pieces.get(owner) ?? new Map();
      this.seats.forEach((_, i) => { if (i !== owner && !got.has(i)) owe(i); });
    }
    if (this.auditing) this.seats.forEach((_, i) => { if (!this.reveals[i] && this.recovered[i] === null) owe(i); });
    return [...owed].sort((a, b) => a - b).map((i) => this.seats[i]);
  }

  // --- the machine

  /** @param {() => void} work @returns {Step} */
  step(work) {
    this.out = { send: [], events: [] };
    work();
    this.advance();
    return this.out;
  }

  /**
   * @param {Kind} kind @param {object} body
   */
  post(kind, body) {
    const seq = this.seq++;
    const context = { deal: this.deal, seat: this.me };
    const text = encode({ deal: this.deal, seat: this.seats[this.me], seq, kind, body },
      (t) => sign(this.secret, this.publicKey, t, context));
    this.out.send.push({ to: "all", text });
    const msg = /** @type {Message} */ (JSON.parse(text));
    const why = this.apply(this.me, msg);
    if (why) throw new Error(`this seat's own ${kind} fails: ${why}`);
    this.lastSeq[this.me] = seq;
  }

  /**
   * @param {number | "relay"} who a crypto index, or the relay
   * @param {string} why
   * @param {boolean} [voids] whether the deal cannot go on
   */
  fault(who, why, voids = VOIDING.has(why)) {
    const seat = who === "relay" ? "relay" : this.seats[who];
    this.out.events.push({ kind: "fault", seat, why, at: "once" });
    if (voids && who !== "relay" && !this.voided) this.voided = { seat: who, why };
  }

  /** @param {number} fromSeat @param {unknown} text */
  take(fromSeat, text) {
    const from = this.seats.indexOf(fromSeat);
    const iAmRelay = this.seats[this.me] === this.relay;
    if (from < 0 || from === this.me) {
      this.fault("relay", "sender");
      return;
    }
    const parsed = parse(text, this.deal, this.table);
    if (!parsed.ok) {
      this.fault(from, parsed.why);
      return;
    }
    const msg = parsed.msg;
    if (msg.seat !== fromSeat) {
      this.fault(iAmRelay ? from : "relay", "forged");
      return;
    }
    if (msg.seq <= this.lastSeq[from]) {
      this.fault(iAmRelay ? from : "relay", "replay");
      return;
    }
    let key = this.keys[from]?.point;
    if (msg.kind === "key" && !key) {
      try {
        key = pointFromHex(msg.body.key);
      } catch {
        this.fault(from, "malformed");
        return;
      }
    }
    if (!key) {
      this.fault(from, "order");
      return;
    }
    if (!verifySignature(key, signedText(msg), msg.sig, { deal: this.deal, seat: from })) {
      this.fault(from, "signature");
      return;
    }
    let why;
    try {
      why = this.apply(from, msg);
    } catch {
      why = "malformed"; // a body the checks above let through and that breaks a step: dropped, named
    }
    if (why) {
      this.fault(from, why);
      return;
    }
    this.lastSeq[from] = msg.seq;
  }

  /**
   * A checked, signed message's effect; a reason instead if it does not fit the deal (then it
   * changes nothing).
   * @param {number} i the sender's crypto index @param {Message} msg
   * @returns {string | null}
   */
  apply(i, msg) {
    const b = msg.body;
    const keysIn = this.keys.every(Boolean);
    const dealt = this.shares.every((s, j) => s || this.recovered[j] !== null);
    switch (msg.kind) {
      case "key": {
        if (this.keys[i]) return "order";
        if (i !== this.me && !checkKey(b, { deal: this.deal, seat: i })) return "key-proof";
        this.keys[i] = { point: pointFromHex(b.key), key: b.key, proof: b.proof, seed: b.seed };
        this.progress("keys", this.keys.filter(Boolean).length);
        return null;
      }
      case "escrow": {
        if (!keysIn || this.escrows[i]) return "order";
        const others = this.seats.map((_, j) => j).filter((j) => j !== i);
        if (b.entry.seat !== i || !checkEscrow(b.entry, /** @type {Point} */ (this.keys[i]?.point), others)) return "escrow";
        const entry = /** @type {EscrowEntry} */ (b.entry);
        this.escrows[i] = entry;
        if (i !== this.me && this.n > 2) {
          const ownerKey = /** @type {Point} */ (this.keys[i]?.point);
          const piece = openPiece(entry, this.secret, this.me, ownerKey, { deal: this.deal });
          if (piece === null) {
            this.fault(i, "escrow");
            const claim = escrowComplaint(entry, this.secret, this.me, this.publicKey, ownerKey, { deal: this.deal });
            this.post("complaint", { about: this.seats[i], what: "escrow", claim });
          } else {
            this.myPieces[i] = piece;
          }
        }
        return null;
      }
      case "stage": {
        if (!keysIn || i !== this.stages.length) return "order";
        let deck = i === this.me ? this.ownStage : null; // this seat's own points: not decoded again from its text
        try {
          deck ??= deckFromJson(b.deck);
        } catch {
          return "malformed";
        }
        this.stages.push(deck);
        this.stageTexts.push(JSON.stringify(b.deck));
        this.progress("shuffle", this.stages.length);
        const seeds = this.seeds.filter(Boolean).length;
        if (this.stages.length === this.n && seeds) this.progress("seed", seeds); // the ones that came during the shuffle
        return null;
      }
      case "seed": {
        if (this.stages.length < seedAfter(i, this.n) || this.seeds[i]) return "order";
        if (seedCommitment(this.deal, i, b.r) !== this.keys[i]?.seed) return "seed";
        this.seeds[i] = b.r;
        if (this.stages.length === this.n) this.progress("seed", this.seeds.filter(Boolean).length);
        if (this.seeds.every(Boolean)) {
          this.positions = slotPositions(jointSeed(this.deal, /** @type {string[]} */ (this.seeds)), this.cards.length);
        }
        return null;
      }
      case "shares": {
        if (!this.positions || this.shares[i]) return "order";
        const expected = this.dealt.flatMap((h, slot) => (h === i || h === "stock" ? [] : [slot]));
        const slots = b.shares.map((/** @type {{slot: number}} */ s) => s.slot);
        if (slots.length !== expected.length || slots.some((/** @type {unknown} */ s, /** @type {number} */ k) => s !== expected[k])) return "shares";
        // every page checks every other seat's one proof at once: a wrong share names its seat on every page alike
        const points = i === this.me ? [] : b.shares.map((/** @type {{share: string}} */ s) => pointFromHex(s.share)); // else malformed
        this.shares[i] = new Map(b.shares.map((/** @type {{slot: number, share: string}} */ s) => [s.slot, s.share]));
        this.progress("deal", this.shares.filter(Boolean).length);
        this.sharesHold[i] = i === this.me || this.sharesHeld(i, slots, points, b.proof);
        if (!this.sharesHold[i]) this.fault(i, "share");
        return null;
      }
      case "show": case "hide": case "give": {
        if (!dealt) return "order";
        const slots = msg.kind === "give" ? b.slots : [b.slot];
        if (slots.some((/** @type {number} */ s) => this.holder[s] !== i || this.played.has(s))) return msg.kind;
        if (msg.kind === "hide") {
          this.played.set(b.slot, "hidden");
          this.out.events.push({ kind: "hidden", slot: b.slot, seat: this.seats[i] });
          return null;
        }
        if (msg.kind === "show") return this.applyShow(i, b);
        return this.applyGive(i, msg.seq, b);
      }
      case "commit": {
        if (!dealt || this.pending[i]) return "order";
        this.pending[i] = { hash: b.hash };
        this.out.events.push({ kind: "committed", seat: this.seats[i] });
        return null;
      }
      case "open": {
        const pending = this.pending[i];
        if (!pending) return "order";
        const bytes = fromHex(b.bytes, b.bytes.length / 2);
        if (commitment(this.deal, i, fromHex(b.nonce, 32), bytes) !== pending.hash) return "open";
        this.pending[i] = null;
        this.openings.push({ seat: i, hash: pending.hash, nonce: b.nonce, bytes: b.bytes });
        this.out.events.push({ kind: "disclosed", seat: this.seats[i], bytes });
        return null;
      }
      case "piece": {
        const owner = this.seats.indexOf(b.for);
        const entry = this.escrows[owner];
        if (!entry || owner === i) return "order";
        const got = this.pieces.get(owner) ?? new Map();
        if (got.has(i)) return "order";
        if (!checkPiece(entry, i, b.piece)) return "piece";
        // the first piece for a seat says whether it left during the deal or did not show its key
        // at the check (named either way, not at fault): every page sees the relay's one order
        if (got.size === 0 && this.auditing && !this.reveals[owner]) this.refused.add(owner);
        got.set(i, b.piece);
        this.piecesTaken.push({ for: owner, by: i, piece: b.piece });
        this.pieces.set(owner, got);
        if (got.size === this.n - 1 && this.recovered[owner] === null) this.recover(owner, entry, got);
        return null;
      }
      case "reveal": {
        if (!this.sent.shares || this.reveals[i]) return "order";
        this.reveals[i] = { key: b.key, permutation: b.permutation, randomisers: b.randomisers };
        this.auditing = true;
        this.progress("audit", this.reveals.filter(Boolean).length);
        return null;
      }
      case "complaint": {
        const about = this.seats.indexOf(b.about);
        if (about === i) return "complaint";
        const entry = this.escrows[about];
        if (!entry) return "order";
        let verdict;
        try {
          verdict = checkComplaint(entry, b.claim, /** @type {Point} */ (this.keys[about]?.point), /** @type {Point} */ (this.keys[i]?.point), { deal: this.deal });
        } catch {
          return "complaint";
        }
        this.complaints.push({ about, by: i, what: "escrow", claim: b.claim });
        if (i !== this.me) this.fault(verdict.seat, verdict.seat === about ? "escrow" : "complaint");
        return null;
      }
      default:
        return "unknown";
    }
  }

  /** A share with its own proof (shown or passed). @param {number} i @param {number} slot @param {ShareEntry} entry */
  shareHolds(i, slot, entry) {
    const c1 = this.lastCard(slot).c1;
    // the seat's key tabled at its first proof checked: each of its proofs (and signatures) then multiplies it faster
    const key = tabled(/** @type {Point} */ (this.keys[i]?.point), 4);
    return checkShare(key, c1, entry.share, entry.proof, { deal: this.deal, seat: i });
  }

  /**
   * Whether a seat's one proof of its shares holds (a test's colluding seat replaces it).
   * @param {number} i @param {number[]} slots @param {Point[]} shares @param {unknown} proof
   */
  sharesHeld(i, slots, shares, proof) {
    const key = tabled(/** @type {Point} */ (this.keys[i]?.point), 4);
    return verifyShares(key, slots.map((slot) => this.lastCard(slot).c1), shares, proof, { deal: this.deal, seat: i });
  }

  /** @param {number} slot the card at the slot's position of the last stage */
  lastCard(slot) {
    return this.stages[this.n - 1][/** @type {number[]} */ (this.positions)[slot]];
  }

  /** The seats whose share of a slot is not public: the seat it was dealt to (every other seat
   * published its share at the deal; a pass seals the dealt seat's to the receiver). @param {number} slot */
  privateSeats(slot) {
    const dealtTo = this.dealt[slot];
    return typeof dealtTo === "number" ? [dealtTo] : [];
  }

  /** A share this seat knows of a slot that is not public, with its own proof: its own (made now), one it was
   * given or shown, or a leaver's from its key. @param {number} i @param {number} slot @returns {ShareEntry} */
  knownShare(i, slot) {
    if (i === this.me) return makeShare(this.secret, this.publicKey, this.lastCard(slot).c1, { deal: this.deal, seat: this.me });
    const entry = this.held.get(slot)?.get(i) ?? this.shown.get(slot)?.get(i);
    if (entry) return entry;
    const x = this.recovered[i];
    if (x !== null) return makeShare(x, /** @type {Point} */ (this.keys[i]?.point), this.lastCard(slot).c1, { deal: this.deal, seat: i });
    throw new Error(`no share of seat ${this.seats[i]} for slot ${slot}`);
  }

  /**
   * The card at a slot from every seat's share (all known here), or null if they open none.
   * Only from checked shares: every seat's dealt shares were checked as they came (their one
   * proof), a shown or passed one when it came.
   * @param {number} slot
   */
  openSlot(slot) {
    if (this.sharesHold.some((holds) => holds === false)) return null;
    const card = this.lastCard(slot);
    let point = card.c2;
    for (let i = 0; i < this.n; i++) {
      // this seat's own share needs no proof here: its key applied to the card, nothing more
      point = point.subtract(i === this.me ? mulSecret(card.c1, this.secret)
        : pointFromHex(this.shares[i]?.get(slot) ?? this.knownShare(i, slot).share));
    }
    return this.names.get(pointToHex(point)) ?? null;
  }

  /** The cards at these slots that their checked shares open. @param {number[]} slots @returns {SlotCard[]} */
  openSlots(slots) {
    return slots.flatMap((slot) => {
      const card = this.openSlot(slot);
      return card === null ? [] : [{ slot, card }];
    });
  }

  /** @param {number} i @param {any} b */
  applyShow(i, b) {
    const slot = /** @type {number} */ (b.slot);
    const expected = this.privateSeats(slot).map((j) => this.seats[j]);
    const given = b.shares.map((/** @type {{seat: number}} */ s) => s.seat);
    if (given.length !== expected.length || given.some((/** @type {unknown} */ s, /** @type {number} */ k) => s !== expected[k])) return "show";
    /** @type {Map<number, ShareEntry>} */
    const made = new Map();
    for (const s of b.shares) {
      const j = this.seats.indexOf(s.seat);
      const entry = { share: s.share, proof: s.proof };
      if (i !== this.me && !this.shareHolds(j, slot, entry)) return "show";
      made.set(j, entry);
    }
    this.shown.set(slot, made);
    this.played.set(slot, "shown");
    const card = this.openSlot(slot);
    if (card !== null) this.out.events.push({ kind: "up", slot, card, seat: this.seats[i] });
    return null;
  }

  /** @param {number} i @param {number} seq @param {any} b */
  applyGive(i, seq, b) {
    const to = this.seats.indexOf(b.to);
    if (to === i) return "give";
    const expected = b.slots.flatMap((/** @type {number} */ slot) => this.privateSeats(slot).filter((j) => j !== to)
      .map((j) => `${slot}/${this.seats[j]}`));
    const sealed = b.sealed.map((/** @type {{slot: number, seat: number}} */ s) => `${s.slot}/${s.seat}`);
    if (sealed.length !== expected.length || sealed.some((/** @type {unknown} */ s, /** @type {number} */ k) => s !== expected[k])) return "give";
    this.gives.push({ from: i, to, seq, slots: b.slots, sealed: b.sealed });
    for (const slot of b.slots) this.holder[slot] = to;
    if (to !== this.me) return null;
    // the receiver: open every sealed share, check its proof, open the cards
    const theirKey = /** @type {Point} */ (this.keys[i]?.point);
    for (const s of b.sealed) {
      const j = this.seats.indexOf(s.seat);
      const context = { deal: this.deal, from: i, to: this.me };
      const share = unseal(this.secret, theirKey, s.share, { ...context, purpose: givePurpose(seq, s.slot, s.seat, "share") });
      const proof = unseal(this.secret, theirKey, s.proof, { ...context, purpose: givePurpose(seq, s.slot, s.seat, "proof") });
      const entry = share && proof && share.length === 32 && proof.length === 64
        ? { share: toHex(share), proof: { c: toHex(proof.slice(0, 32)), s: toHex(proof.slice(32)) } } : null;
      if (!entry || !this.shareHolds(j, s.slot, entry)) {
        this.fault(i, "give");
        return null;
      }
      const held = this.held.get(s.slot) ?? new Map();
      held.set(j, entry);
      this.held.set(s.slot, held);
    }
    const cards = this.openSlots(b.slots);
    this.out.events.push({ kind: "received", from: this.seats[i], cards });
    return null;
  }

  /** A leaver's key from every other seat's piece; then the cards dealt to it that it still
   * holds, face up to all. The cards passed to it stay closed (Kočka, O-5: its passer's alone
   * until the exchange): the page opens them when its rules say so (``openPassedTo``).
   * @param {number} owner @param {EscrowEntry} entry @param {Map<number, string>} got */
  recover(owner, entry, got) {
    const x = recoverSecret(entry, Object.fromEntries(got), /** @type {Point} */ (this.keys[owner]?.point));
    if (x === null) return;
    this.recovered[owner] = x;
    if (!this.positions || !this.shares.every((s, j) => s || this.recovered[j] !== null)) return;
    const passedIn = new Set(this.gives.filter((g) => g.to === owner).flatMap((g) => g.slots));
    const cards = this.openHeld(owner, [...this.holder.keys()].filter((slot) => !passedIn.has(slot)));
    this.out.events.push({ kind: "opened", seat: this.seats[owner], cards, atCheck: this.refused.has(owner) });
  }

  /** The cards passed to a leaver (event ``passed-in``), opened with its opened key once the page
   * asks (Kočka: its rules' exchange came), those passed to it after its key was opened too.
   * @param {number} seat the leaver's (an engine seat) */
  openPassedTo(seat) {
    return this.step(() => {
      const owner = this.seats.indexOf(seat);
      const x = owner < 0 ? null : this.recovered[owner];
      if (x === null) throw new Error(`seat ${seat}'s key is not opened`);
      const gives = this.gives.filter((g) => g.to === owner);
      for (const g of gives) this.unsealFor(x, g);
      const cards = this.openHeld(owner, gives.flatMap((g) => g.slots));
      this.out.events.push({ kind: "passed-in", seat, cards });
    });
  }

  /** A pass's sealed shares, opened with its receiver's key (a leaver's, opened from its escrow).
   * @param {bigint} x @param {Give} g */
  unsealFor(x, g) {
    const theirKey = /** @type {Point} */ (this.keys[g.from]?.point);
    for (const s of g.sealed) {
      const context = { deal: this.deal, from: g.from, to: g.to };
      const share = unseal(x, theirKey, s.share, { ...context, purpose: givePurpose(g.seq, s.slot, s.seat, "share") });
      const proof = unseal(x, theirKey, s.proof, { ...context, purpose: givePurpose(g.seq, s.slot, s.seat, "proof") });
      if (!share || !proof) continue;
      const held = this.held.get(s.slot) ?? new Map();
      held.set(this.seats.indexOf(s.seat), { share: toHex(share), proof: { c: toHex(proof.slice(0, 32)), s: toHex(proof.slice(32)) } });
      this.held.set(s.slot, held);
    }
  }

  /** The cards at these slots that ``owner`` still holds, opened (face up to all from now on).
   * @param {number} owner @param {number[]} slots @returns {SlotCard[]} */
  openHeld(owner, slots) {
    const cards = [];
    for (const slot of slots) {
      if (this.holder[slot] !== owner || this.played.has(slot)) continue;
      const card = this.openSlot(slot);
      if (card === null) continue;
      this.played.set(slot, "opened");
      cards.push({ slot, card });
    }
    return cards;
  }

  /** @param {number} slot */
  mustHold(slot) {
    if (this.holder[slot] !== this.me || this.played.has(slot)) throw new Error(`slot ${slot} is not in this seat's hand`);
  }

  /** @param {"keys" | "shuffle" | "seed" | "deal" | "audit"} step @param {number} done */
  progress(step, done) {
    this.out.events.push({ kind: "progress", step, done, total: this.n });
  }

  /** What this seat can send now, and the hand it can open. */
  advance() {
    const keysIn = this.keys.every(Boolean);
    if (keysIn && !this.sent.escrow) {
      this.sent.escrow = true;
      const joint = jointKey(this.keys.map((k) => /** @type {Point} */ (k?.point)));
      const others = this.keys.flatMap((k, j) => (j === this.me ? [] : [{ seat: j, key: /** @type {Point} */ (k?.point) }]));
      this.post("escrow", { entry: makeEscrow(this.secret, this.me, others, { deal: this.deal }) });
      this.prepared = prepareStage(this.cards.length, joint, this.drawn ?? undefined);
    }
    if (this.prepared && !this.sent.stage && this.stages.length === this.me) {
      this.sent.stage = true;
      const previous = this.me === 0 ? openDeck(this.game, this.cards) : this.stages[this.me - 1];
      this.ownStage = this.stageDeck(previous, this.prepared);
      this.post("stage", { deck: deckToJson(this.ownStage) });
    }
    if (this.stages.length >= seedAfter(this.me, this.n) && this.escrows.every(Boolean) && !this.sent.seed) {
      this.sent.seed = true;
      this.post("seed", { r: this.r });
    }
    if (this.positions && !this.sent.shares && !this.holding) {
      this.sent.shares = true;
      const slots = this.dealt.flatMap((h, slot) => (h === this.me || h === "stock" ? [] : [slot]));
      const c1s = slots.map((slot) => this.lastCard(slot).c1);
      const points = slots.map((slot, k) => this.dealShare(c1s[k], slot));
      const proof = proveShares(this.secret, this.publicKey, c1s, points, { deal: this.deal, seat: this.me }, this.nonce ?? undefined);
      this.post("shares", { shares: slots.map((slot, k) => ({ slot, share: pointToHex(points[k]) })), proof });
    }
    if (!this.handOpened && this.positions && this.shares.every(Boolean) && !this.voided) {
      this.handOpened = true;
      const mine = this.dealt.flatMap((h, slot) => (h === this.me ? [slot] : []));
      this.out.events.push({ kind: "hand", cards: this.openSlots(mine) });
      this.dealt.forEach((h, slot) => {
        if (h !== "up") return;
        const card = this.openSlot(slot);
        if (card !== null) this.out.events.push({ kind: "up", slot, card, seat: null });
      });
    }
    if (this.auditing && !this.audited && this.reveals.every((r, j) => r || this.recovered[j] !== null)) {
      this.audited = true;
      const { verdict, hands } = auditDeal(this.transcript(), this.stages);
      this.out.events.push({ kind: "audit", verdict, hands });
    }
  }

  /**
   * This seat's share of a card it deals to another seat or face up (a test's cheat replaces it).
   * @param {Point} c1 @param {number} _slot
   */
  dealShare(c1, _slot) {
    return mulSecret(c1, this.secret);
  }

  /**
   * This seat's stage from the previous deck (a test's cheating shuffler replaces it).
   * @param {Ciphertext[]} previous @param {{permutation: number[], masks: Ciphertext[]}} prepared
   */
  stageDeck(previous, prepared) {
    return applyStage(previous, prepared);
  }
}
