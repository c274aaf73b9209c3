// The no-peek deal's cryptography (web/js/nopeek/) run under Node, as a page or worker runs
// it, for tests/test_nopeek.py and tools/bench_nopeek.py:
//   node tests/nopeek_check.mjs SITE INPUT.json
// SITE holds js/nopeek/*.js and vendor/ as the build lays them out. INPUT.json may ask for
//   vectors: {multiples, invalid, oneWayMap, cards: {game, codes}}  RFC 9496 Appendix A through group.js
//   deals: [{game, deal, seats, cards}]   whole deals: keys, every seat's stage, every share, each seat opening its cards
//   audits: [{transcript, secrets}]       audit.js's verdicts
// Prints one JSON object with what each part found.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, inputPath] = process.argv.slice(2);
const load = (/** @type {string} */ path) => import(pathToFileURL(`${site}/${path}`).href);
const group = await load("js/nopeek/group.js");
const deck = await load("js/nopeek/deck.js");
const { audit } = await load("js/nopeek/audit.js");
const input = JSON.parse(readFileSync(inputPath, "utf-8"));
/** @type {Record<string, any>} */
const out = {};

/** @param {() => unknown} f */
function rejects(f) {
  try {
    f();
    return false;
  } catch {
    return true;
  }
}

if (input.vectors) {
  const { multiples, invalid, oneWayMap, cards } = input.vectors;
  out.vectors = {
    // k·B encodes as the RFC's k-th encoding, which decodes to k·B and encodes back alike
    multiples: multiples.map((/** @type {string} */ hex, /** @type {number} */ k) => ({
      fromScalar: group.pointToHex(group.mulPublic(group.BASE, BigInt(k))),
      decodedEqual: group.pointFromHex(hex).equals(group.mulPublic(group.BASE, BigInt(k))),
      roundTrip: group.pointToHex(group.pointFromHex(hex)),
    })),
    invalidRejected: invalid.map((/** @type {string} */ hex) => rejects(() => group.pointFromHex(hex))),
    oneWayMap: oneWayMap.map((/** @type {string} */ hex) => group.pointToHex(group.fromUniformBytes(group.fromHex(hex, 64)))),
    cards: cards.codes.map((/** @type {string} */ code) => group.pointToHex(group.cardPoint(cards.game, code))),
  };
}

/**
 * One whole deal among `seats` seats, each seat's work timed and its multiplications counted
 * apart. Everything a seat receives comes as JSON, as it would over the wire.
 * @param {{game: string, deal: string, seats: number, cards: string[]}} spec
 */
function playDeal({ game, deal, seats, cards }) {
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
  // 2. stages, in seat order, each from the previous one as sent
  /** @type {{seat: number, deck: [string, string][]}[]} */
  const stages = [];
  let previous = deck.deckToJson(deck.openDeck(game, cards));
  for (let seat = 0; seat < seats; seat++) {
    previous = as(seat, () => deck.deckToJson(deck.shuffleStage(deck.deckFromJson(previous), joint).deck));
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
  const transcript = { v: 1, game, deal, cards, keys, stages, owners, shares };
  const secrets = made.map((m) => group.scalarToHex(m.secret));
  return { transcript, secrets, hands, ms, multiplications, bytes: JSON.stringify(transcript).length };
}

if (input.deals) out.deals = input.deals.map(playDeal);

if (input.audits) {
  out.audits = input.audits.map((/** @type {{transcript: any, secrets: string[]}} */ { transcript, secrets }) => {
    const count = group.tally.multiplications;
    const start = performance.now();
    const verdict = audit(transcript, secrets);
    return { verdict, ms: performance.now() - start, multiplications: group.tally.multiplications - count };
  });
}

console.log(JSON.stringify(out));
