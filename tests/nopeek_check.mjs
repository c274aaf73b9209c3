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
import { playDeal } from "./nopeek_deal.mjs";

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

if (input.deals) out.deals = input.deals.map((/** @type {any} */ spec) => playDeal({ group, deck }, spec));

if (input.audits) {
  out.audits = input.audits.map((/** @type {{transcript: any, secrets: string[]}} */ { transcript, secrets }) => {
    const count = group.tally.multiplications;
    const start = performance.now();
    const verdict = audit(transcript, secrets);
    return { verdict, ms: performance.now() - start, multiplications: group.tally.multiplications - count };
  });
}

console.log(JSON.stringify(out));
