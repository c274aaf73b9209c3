// What a no-peek page checks before it trusts the host's word (issue 50: peers are never
// trusted): the deal's layout against its own engine's plan, and that a move names exactly the
// cards its texts opened. Pure (tests run it under Node); the rules themselves stay in Python
// (web/table/nopeek.py's plan), this file only compares.

/**
 * @typedef {{layout: Array<number | "up" | "stock">, cards: string[], turned?: number | null,
 *   start: number | null}} Plan the engine's plan of the deal (NoPeekTable.plan), made with the
 *   deal's computer players
 * @typedef {import("./nopeek-table.js").Deal} Deal
 */

/**
 * Why the host's deal is not the rules' deal for this page's seat, or "" when it is: the
 * computer players (their hands face up) only seats outside the crypto seats, this seat among
 * those, every seat one or the other; the cards, each slot's holder and the turned card as the
 * plan has them; the dealer the plan's when the rules fix it, else a seat.
 * @param {Deal} deal @param {Plan} plan @param {number} me @param {number} players
 */
export function dealDiffers(deal, plan, me, players) {
  const bots = Object.keys(deal.levels ?? {}).map(Number);
  const seats = Array.isArray(deal.seats) ? deal.seats : [];
  if (!seats.includes(me) || bots.includes(me)) return "seat";
  if (bots.some((s) => seats.includes(s))) return "levels";
  for (let s = 0; s < players; s++) if (!seats.includes(s) && !bots.includes(s)) return "levels";
  if (seats.length + bots.length !== players) return "levels";
  if (!same(deal.cards, plan.cards)) return "cards";
  if (!same(deal.layout, plan.layout)) return "layout";
  if ((deal.turned ?? null) !== (plan.turned ?? null)) return "turned";
  const start = plan.start ?? null;
  if (start !== null ? deal.start !== start : !(Number.isSafeInteger(deal.start) && deal.start >= 0 && deal.start < players)) {
    return "start";
  }
  return "";
}

/** @param {unknown} a @param {unknown[]} b */
function same(a, b) {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Whether a move's cards are the ones its envelope opened: a hand face up to all shows nothing
 * (every page knows its cards); any other shows only cards it names, and names only cards its
 * texts showed, as a multiset (two copies of a card: named twice, shown twice), or cards every
 * page knows the mover holds (``faceUp``, Python's ``open_in``: a computer player's pass to a
 * person, face up: the mover's page has no slot of them to show). A card a face-up hand holds
 * is not the mover's: its own copy (Katko's two packs) is shown like any other.
 * @param {string} move the public form @param {string[]} shown the cards the envelope's texts
 *   showed @param {Set<string>} codes the deck's card codes (a move's other words are not cards)
 * @param {boolean} faceUpHand the mover's hand is face up to all (a computer player, a leaver)
 * @param {string[]} [faceUp] the cards every page knows the mover holds
 */
export function moveShowsWhatItNames(move, shown, codes, faceUpHand, faceUp = []) {
  if (faceUpHand) return shown.length === 0;
  const named = move.split(" ").slice(2).filter((w) => codes.has(w));
  const left = [...named];
  if (!shown.every((card) => take(left, card))) return false; // a card shown that the move does not name
  const open = [...faceUp];
  return left.every((card) => take(open, card)); // a card named that no text opened
}

/** Takes one ``card`` out of ``cards``: whether there was one. @param {string[]} cards @param {string} card */
function take(cards, card) {
  const k = cards.indexOf(card);
  if (k >= 0) cards.splice(k, 1);
  return k >= 0;
}
