// The no-peek deal's cryptography (web/js/nopeek/) run under Node, as a page or worker runs
// it, for tests/test_nopeek.py and tools/bench_nopeek.py:
//   node tests/nopeek_check.mjs SITE INPUT.json
// SITE holds js/nopeek/*.js and vendor/ as the build lays them out. INPUT.json may ask for
//   vectors: {multiples, invalid, oneWayMap, cards: {game, codes}}  RFC 9496 Appendix A through group.js
//   deals: [{game, deal, seats, cards}]   whole deals: keys, every seat's stage, every share, each seat opening its cards
//   audits: [transcript]                  audit.js's verdicts (each transcript with its reveals)
//   kdf: {hkdf: [{ikm, salt, info, length}], hmac: [{key, data}]}   seal.js's HKDF and HMAC (hex in, hex out)
//   seals: [{secret, theirKey, plaintext, context}]    seal.js's seal (deterministic for given keys)
//   unseals: [{secret, theirKey, sealed, context}]     seal.js's unseal: hex or null
//   signs: [{secret, text, deal, seat}]                sign.js's signatures
//   verifies: [{key, text, sig, deal, seat}]           sign.js's verdicts
//   escrows: [{deal, owner, secret, others: [{seat, key, secret}]}]   an escrow made, each piece opened
//   complaints: [{deal, entry, ownerKey, seat, secret, claim?}]   a holder's openPiece, its complaint (or the
//                                         claim given), checkComplaint's verdict on it
// Prints one JSON object with what each part found.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { playDeal } from "./nopeek_deal.mjs";

const [site, inputPath] = process.argv.slice(2);
const load = (/** @type {string} */ path) => import(pathToFileURL(`${site}/${path}`).href);
const group = await load("js/nopeek/group.js");
const deck = await load("js/nopeek/deck.js");
const escrow = await load("js/nopeek/escrow.js");
const sign = await load("js/nopeek/sign.js");
const seal = await load("js/nopeek/seal.js");
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

if (input.deals) out.deals = input.deals.map((/** @type {any} */ spec) => playDeal({ group, deck, escrow, sign }, spec));

if (input.audits) {
  out.audits = input.audits.map((/** @type {any} */ transcript) => {
    const count = group.tally.multiplications;
    const start = performance.now();
    const cpu = process.cpuUsage();
    const verdict = audit(transcript);
    const used = process.cpuUsage(cpu);
    // the process's CPU time too (all its threads): on a loaded machine, nearer an idle core's wall time
    return { verdict, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000,
             multiplications: group.tally.multiplications - count };
  });
}

const hex = (/** @type {string} */ h) => group.fromHex(h, h.length / 2);
const point = (/** @type {string} */ h) => group.pointFromHex(h);
const scalar = (/** @type {string} */ h) => group.scalarFromHex(h);

if (input.kdf) {
  out.kdf = {
    hkdf: input.kdf.hkdf.map((/** @type {any} */ v) => group.toHex(seal.hkdfSha256(hex(v.ikm), hex(v.salt), hex(v.info), v.length))),
    hmac: input.kdf.hmac.map((/** @type {any} */ v) => group.toHex(seal.hmacSha256(hex(v.key), hex(v.data)))),
  };
}

if (input.seals) {
  out.seals = input.seals.map((/** @type {any} */ v) => seal.seal(scalar(v.secret), point(v.theirKey), hex(v.plaintext), v.context));
}

if (input.unseals) {
  out.unseals = input.unseals.map((/** @type {any} */ v) => {
    const opened = seal.unseal(scalar(v.secret), point(v.theirKey), v.sealed, v.context);
    return opened && group.toHex(opened);
  });
}

if (input.signs) {
  out.signs = input.signs.map((/** @type {any} */ v) =>
    sign.sign(scalar(v.secret), group.mulBase(scalar(v.secret)), v.text, { deal: v.deal, seat: v.seat }));
}

if (input.verifies) {
  out.verifies = input.verifies.map((/** @type {any} */ v) =>
    sign.verifySignature(point(v.key), v.text, v.sig, { deal: v.deal, seat: v.seat }));
}

if (input.escrows) {
  out.escrows = input.escrows.map((/** @type {any} */ v) => {
    const others = v.others.map((/** @type {any} */ o) => ({ seat: o.seat, key: point(o.key) }));
    const entry = escrow.makeEscrow(scalar(v.secret), v.owner, others, { deal: v.deal });
    const ownerKey = group.mulBase(scalar(v.secret));
    /** @type {Record<number, string | null>} */
    const opened = {};
    for (const o of v.others) {
      const piece = escrow.openPiece(entry, scalar(o.secret), o.seat, ownerKey, { deal: v.deal });
      opened[o.seat] = piece === null ? null : group.scalarToHex(piece);
    }
    const recovered = escrow.recoverSecret(entry, opened, ownerKey);
    return {
      entry, opened, checked: escrow.checkEscrow(entry, ownerKey, v.others.map((/** @type {any} */ o) => o.seat)),
      recovered: recovered === null ? null : group.scalarToHex(recovered),
      piecesChecked: v.others.map((/** @type {any} */ o) => escrow.checkPiece(entry, o.seat, opened[o.seat])),
    };
  });
}

if (input.complaints) {
  out.complaints = input.complaints.map((/** @type {any} */ v) => {
    const ownerKey = point(v.ownerKey);
    const mine = scalar(v.secret);
    const opened = escrow.openPiece(v.entry, mine, v.seat, ownerKey, { deal: v.deal });
    const claim = v.claim ?? escrow.complaint(v.entry, mine, v.seat, group.mulBase(mine), ownerKey, { deal: v.deal });
    return {
      opened: opened === null ? null : group.scalarToHex(opened), complaint: claim,
      verdict: escrow.checkComplaint(v.entry, claim, ownerKey, group.mulBase(mine), { deal: v.deal }),
    };
  });
}

console.log(JSON.stringify(out));
