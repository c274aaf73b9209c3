// A seat's cards at a no-peek table by the deal's slots (issue 50): the cards the deal opened to
// this seat, and the ones passed to it, that it still holds. Keyed by slot, not by card: with
// copies of a card in the deck (Katko's two packs) one hand may hold a card twice, each copy its
// own slot, and either copy is the card played. No DOM (tests run it under Node).

export class SlotHand {
  constructor() {
    /** @type {Map<number, string>} slot → card */
    this.slots = new Map();
  }

  /** @param {number} slot @param {string} card */
  set(slot, card) {
    this.slots.set(slot, card);
  }

  clear() {
    this.slots.clear();
  }

  /** A slot that holds ``card``, no longer held (it is played, laid down or passed); undefined
   * if no slot here holds it. @param {string} card @returns {number | undefined} */
  take(card) {
    for (const [slot, held] of this.slots) {
      if (held === card) {
        this.slots.delete(slot);
        return slot;
      }
    }
    return undefined;
  }

  /** The slots of these cards, still held (Call Kitti's arrangement, committed to as slots): a
   * card named twice takes two slots; undefined for a card not held.
   * @param {string[]} cards @returns {Array<number | undefined>} */
  slotsOf(cards) {
    const taken = new Set();
    return cards.map((card) => {
      for (const [slot, held] of this.slots) {
        if (held === card && !taken.has(slot)) {
          taken.add(slot);
          return slot;
        }
      }
      return undefined;
    });
  }

  /** Each card held and a slot of it (tests' hooks read the hand so). @returns {Record<string, number>} */
  byCard() {
    /** @type {Record<string, number>} */
    const out = {};
    for (const [slot, card] of this.slots) if (!(card in out)) out[card] = slot;
    return out;
  }
}
