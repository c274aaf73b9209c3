// The host's relay of a no-peek table's deal texts (web/js/nopeek/session.js makes them and
// checks them: signatures, order, shapes). The host reads none of them and trusts none: it
// only forwards each, numbered, from the seat whose channel it came on, to everyone or to the
// one seat it names (a sealed text, which only that seat can open). What it checks is what a
// relay can: the envelope's size and shape, the sender's rate, a target that is a seat at the
// table. A text the relay refuses goes nowhere; the session of each page names a sender whose
// texts are bad, so the relay need not understand them.

import { bucket } from "./protocol.js";
import { RelayGate } from "../nopeek/messages.js";

/** Bytes, at most, of one deal text: a Katte stage (52 cards, two points each) or a seat's
 * shares with their proofs fit with room; a flood of big texts is held back by the rate. */
export const MAX_TEXT = 64 * 1024;
/** Texts in one envelope, at most (a pass's sealed shares go with its public text). */
export const MAX_TEXTS = 8;
/** A seat's deal texts per second the relay takes, on average and in one burst: a deal sends a
 * handful per seat, a move one or two. */
export const TEXT_RATE = { perSecond: 20, burst: 40 };

/**
 * @typedef {{to: "all" | number, text: string}} Outgoing a text and where it goes
 * @typedef {{from: number, n: number, texts: string[], move?: string}} Relayed as every page gets
 *   it: who sent it (the channel's seat, not what a text says), its number in the table's one
 *   order, the texts for that page and the move in public form that goes with them
 */

/** The longest move in public form (a hand record's line: a pass of three, an arrangement of thirteen). */
export const MAX_MOVE = 400;

/**
 * @param {{seats: () => number[], deliver: (seat: number, relayed: Relayed) => void,
 *   now?: () => number}} options
 *   ``seats()``: the seats with a page at the table now (the host's included);
 *   ``deliver(seat, relayed)``: send it to that seat's page (the host's own: to its worker)
 */
export function createRelay({ seats, deliver, now = () => performance.now() }) {
  let n = 0;
  let gate = new RelayGate();
  /** @type {Map<number, {take(): boolean}>} */
  const rates = new Map();
  /** @type {Array<{seat: number, why: string}>} what was refused, newest last (tests, bug reports) */
  const refused = [];

  /** @param {number} seat @param {string} why @returns {string} */
  function refuse(seat, why) {
    refused.push({ seat, why });
    if (refused.length > 100) refused.shift();
    return why;
  }

  return {
    /**
     * Texts (and a move) from the page at ``seat``, checked here: forwarded as one, numbered,
     * to every other page. "" if sent, else why it was refused (and nothing was sent): a
     * text that names another seat or repeats a number is "forged".
     * @param {number} seat @param {unknown} envelope
     */
    take(seat, envelope) {
      const present = seats();
      if (!present.includes(seat)) return refuse(seat, "seat");
      const { texts, move } = /** @type {{texts?: unknown, move?: unknown}} */ (envelope ?? {});
      if (!Array.isArray(texts) || texts.length > MAX_TEXTS || (texts.length === 0 && move === undefined)) return refuse(seat, "shape");
      if (move !== undefined && !(typeof move === "string" && move.length <= MAX_MOVE)) return refuse(seat, "shape");
      for (const out of texts) {
        if (typeof out !== "object" || out === null) return refuse(seat, "shape");
        const { to, text } = /** @type {{to?: unknown, text?: unknown}} */ (out);
        if (typeof text !== "string" || text.length > MAX_TEXT) return refuse(seat, "oversized");
        if (to !== "all" && !(typeof to === "number" && present.includes(to) && to !== seat)) return refuse(seat, "target");
      }
      let rate = rates.get(seat);
      if (!rate) rates.set(seat, (rate = bucket(TEXT_RATE, now)));
      if (!rate.take()) return refuse(seat, "flood");
      // the envelope's seat and order: a text that says it is another seat's, or comes again
      for (const { text } of /** @type {Outgoing[]} */ (texts)) if (!gate.admit(seat, text)) return refuse(seat, "forged");
      n += 1;
      for (const other of present) {
        if (other === seat) continue;
        const mineToo = /** @type {Outgoing[]} */ (texts).filter(({ to }) => to === "all" || to === other).map(({ text }) => text);
        deliver(other, { from: seat, n, texts: mineToo, ...(typeof move === "string" ? { move } : {}) });
      }
      return "";
    },
    /** A new deal: each seat's texts are numbered from the start again (its session is new). */
    newDeal() { gate = new RelayGate(); },
    /** The envelopes numbered so far. */
    get count() { return n; },
    get refusals() { return refused.slice(); },
  };
}
