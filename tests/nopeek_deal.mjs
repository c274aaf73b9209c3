// One whole no-peek deal played by every seat in one process (web/js/nopeek/ as a page or
// worker runs it): keys, escrows (signed), every seat's stage, every share, each seat opening
// its own cards, and what each seat reveals at the audit.
// No imports, so that tests/nopeek_check.mjs (Node) and tests/browser/test_nopeek.py (a module
// worker in Chromium) run the same code on the modules they load.

/**
 * One whole deal among `seats` seats, each seat's work timed and its multiplications counted
 * apart. Everything a seat receives comes as JSON, as it would over the wire.
 * @param {{group: any, deck: any, escrow: any, sign: any}} modules web/js/nopeek/group.js, deck.js,
 *   escrow.js and sign.js, as loaded
 * @param {{game: string, deal: string, seats: number, cards: string[]}} spec
 */
export function playDeal({ group, deck, escrow, sign }, { game, deal, seats, cards }) {
  const ms = Array(seats).fill(0);
  const multiplications = Array(seats).fill(0);
  /** @template T @param {number} seat @param {() => T} work @returns {T} */
  const as = (seat, work) => {
    const count = group.tally.multiplications;
    const start = performance.now();
    const result = work();
    ms[seat] += performance.now() - start;
    multiplications[seat] += group.tally.multiplications - count;
    return result;
  };
  // 1. keys: each seat makes its own and checks every other seat's
  const made = Array.from({ length: seats }, (_, seat) => as(seat, () => deck.makeKey({ deal, seat })));
  const keys = made.map((m) => m.entry);
  const publicKeys = keys.map((entry) => group.pointFromHex(entry.key));
  for (let seat = 0; seat < seats; seat++) {
    as(seat, () => keys.forEach((entry, other) => {
      if (other !== seat && !deck.checkKey(entry, { deal, seat: other })) throw new Error(`seat ${other}'s key proof fails`);
    }));
  }
  const joint = deck.jointKey(publicKeys);
  // escrows: each seat's key in pieces to the others, the entry signed as its message's text;
  // each seat checks every other's (its sum; its own piece opens)
  const everyone = publicKeys.map((key, seat) => ({ seat, key }));
  /** @type {{seat: number, text: string, sig: {c: string, s: string}}[]} */
  const signed = [];
  const escrows = everyone.map(({ seat }) => as(seat, () => {
    const entry = escrow.makeEscrow(made[seat].secret, seat, everyone.filter((o) => o.seat !== seat), { deal });
    const text = JSON.stringify({ type: "escrow", ...entry });
    signed.push({ seat, text, sig: sign.sign(made[seat].secret, publicKeys[seat], text, { deal, seat }) });
    return entry;
  }));
  for (let seat = 0; seat < seats; seat++) {
    as(seat, () => escrows.forEach((entry, owner) => {
      if (owner === seat) return;
      const theirs = everyone.filter((o) => o.seat !== owner).map((o) => o.seat);
      if (!sign.verifySignature(publicKeys[owner], signed[owner].text, signed[owner].sig, { deal, seat: owner })
          || !escrow.checkEscrow(entry, publicKeys[owner], theirs)
          || (theirs.length > 1 && escrow.openPiece(entry, made[seat].secret, seat, publicKeys[owner], { deal }) === null)) {
        throw new Error(`seat ${owner}'s escrow fails`);
      }
    }));
  }
  // 2. stages, in seat order, each from the previous one as sent
  /** @type {{seat: number, deck: [string, string][]}[]} */
  const stages = [];
  /** @type {{permutation: number[], randomisers: bigint[]}[]} */
  const shuffles = [];
  let previous = deck.deckToJson(deck.openDeck(game, cards));
  for (let seat = 0; seat < seats; seat++) {
    previous = as(seat, () => {
      const stage = deck.shuffleStage(deck.deckFromJson(previous), joint);
      shuffles.push(stage);
      return deck.deckToJson(stage.deck);
    });
    stages.push({ seat, deck: previous });
  }
  // 3. shares: every seat, for every position it does not own
  const owners = deck.roundRobin(seats, cards.length);
  const final = deck.deckFromJson(previous);
  /** @type {{seat: number, position: number, share: string, proof: {c: string, s: string}}[]} */
  const shares = [];
  for (let seat = 0; seat < seats; seat++) {
    as(seat, () => final.forEach((/** @type {{c1: any}} */ card, /** @type {number} */ position) => {
      if (owners[position] !== seat) {
        shares.push({ seat, position, ...deck.makeShare(made[seat].secret, publicKeys[seat], card.c1, { deal, seat }) });
      }
    }));
  }
  // 4. each seat checks the shares of its own positions and opens them
  const table = group.cardTable(game, cards);
  const hands = Array.from({ length: seats }, (_, seat) => as(seat, () => owners.flatMap((owner, position) => {
    if (owner !== seat) return [];
    const theirs = shares.filter((s) => s.position === position);
    for (const s of theirs) {
      if (!deck.checkShare(publicKeys[s.seat], final[position].c1, s.share, s.proof, { deal, seat: s.seat })) {
        throw new Error(`seat ${s.seat}'s share of position ${position} fails its proof`);
      }
    }
    return [deck.openCard(final[position], theirs.map((s) => group.pointFromHex(s.share)), made[seat].secret, table)];
  })));
  // what each seat could open that it does not own, from every share published and its own
  // key (not timed: no seat does this in play)
  const peeked = Array.from({ length: seats }, (_, seat) => owners.flatMap((owner, position) => {
    if (owner === seat) return [];
    const published = shares.filter((s) => s.position === position && s.seat !== seat);
    try {
      return [deck.openCard(final[position], published.map((s) => group.pointFromHex(s.share)), made[seat].secret, table)];
    } catch {
      return [];
    }
  }));
  // 5. the audit's revelations: each seat's key, its stage's permutation and randomisers
  const reveals = made.map((m, seat) => ({
    key: group.scalarToHex(m.secret), permutation: shuffles[seat].permutation,
    randomisers: shuffles[seat].randomisers.map((/** @type {bigint} */ r) => group.scalarToHex(r)),
  }));
  const transcript = { v: 2, game, deal, cards, keys, signed, escrows, stages, owners, shares, reveals };
  const { reveals: _, ...played } = transcript;
  return { transcript, hands, peeked, ms, multiplications, bytes: JSON.stringify(played).length,
           revealBytes: JSON.stringify(reveals).length };
}
