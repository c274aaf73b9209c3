// The quick match's lobby messages (web/js/net/nostr.js, quick-lobby.js, quick-presets.js)
// run under Node, as the page runs them, for tests/test_quick_lobby.py:
//   node tests/quick_lobby_check.mjs SITE PYTHON_EVENTS.json
// SITE holds js/net/*.js and vendor/ as the build lays them out; PYTHON_EVENTS.json, events
// made and signed by the Python side (coincurve). Prints one JSON object: what each check
// found, and the JS-made events for the Python side to verify.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, pythonEvents] = process.argv.slice(2);
const load = (/** @type {string} */ path) => import(pathToFileURL(`${site}/${path}`).href);
const nostr = await load("js/net/nostr.js");
const lobby = await load("js/net/quick-lobby.js");
const { PRESETS } = await load("js/net/quick-presets.js");
const fromPython = JSON.parse(readFileSync(pythonEvents, "utf-8"));
const out = {};

// --- NIP-01 and NIP-13: the example event of NIP-13 (nostr-protocol/nips, 13.md), a real
// signed event whose id, signature and work are published
const NIP13_EVENT = {
  id: "000006d8c378af1779d2feebc7603a125d99eca0ccf1085959b307f64e5dd358",
  pubkey: "a48380f4cfcc1ad5378294fcac36439770f9c878dd880ffa94bb74ea54a6f243",
  created_at: 1651794653,
  kind: 1,
  tags: [["nonce", "776797", "20"]],
  content: "It's just me mining my own business",
  sig: "284622fc0a3f4f1303455d5175f7ba962a3300d136085b9566801bc2e0699de0c7e31e44c81fb40ad9049173742e904713c3594a1da0fc5d2382a25c11aba977",
};
out.nip01 = {
  id: await nostr.eventId(NIP13_EVENT),
  verified: await nostr.verify(NIP13_EVENT),
  tamperedVerified: await nostr.verify({ ...NIP13_EVENT, content: NIP13_EVENT.content + "!" }),
  otherSigVerified: await nostr.verify({ ...NIP13_EVENT, sig: NIP13_EVENT.sig.slice(0, 127) + "0" }),
};
out.nip13 = {
  // NIP-13's own examples: "000000000e9d…" has 36 leading zero bits, "002f…" 10, the event 21
  bits: ["000000000e9d97a1ab09fc381030b346cdd7a142ad57e6df0b46dc9bef6c7e2d", "002f", NIP13_EVENT.id, "f0", "8"]
    .map(nostr.leadingZeroBits),
  committed: nostr.committedTarget(NIP13_EVENT),
  work20: nostr.hasWork(NIP13_EVENT, 20),
  work21: nostr.hasWork(NIP13_EVENT, 21), // 21 bits, but it aimed at 20: not counted as 21
};

// --- BIP-340: rows of the official test vectors, as they are in bitcoin/bips,
// bip-0340/test-vectors.csv (commit 7e8b5dfc304c0e3cd646b54bc49e23fad692d11e):
// index, secret key, public key, aux_rand, message, signature, verification result, comment
const BIP340 = `
0,0000000000000000000000000000000000000000000000000000000000000003,F9308A019258C31049344F85F89D5229B531C845836F99B08601F113BCE036F9,0000000000000000000000000000000000000000000000000000000000000000,0000000000000000000000000000000000000000000000000000000000000000,E907831F80848D1069A5371B402410364BDF1C5F8307B0084C55F1CE2DCA821525F66A4A85EA8B71E482A74F382D2CE5EBEEE8FDB2172F477DF4900D310536C0,TRUE,
1,B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,0000000000000000000000000000000000000000000000000000000000000001,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6896BD60EEAE296DB48A229FF71DFE071BDE413E6D43F917DC8DCF8C78DE33418906D11AC976ABCCB20B091292BFF4EA897EFCB639EA871CFA95F6DE339E4B0A,TRUE,
2,C90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B14E5C9,DD308AFEC5777E13121FA72B9CC1B7CC0139715309B086C960E18FD969774EB8,C87AA53824B4D7AE2EB035A2B5BBBCCC080E76CDC6D1692C4B0B62D798E6D906,7E2D58D8B3BCDF1ABADEC7829054F90DDA9805AAB56C77333024B9D0A508B75C,5831AAEED7B44BB74E5EAB94BA9D4294C49BCF2A60728D8B4C200F50DD313C1BAB745879A5AD954A72C45A91C3A51D3C7ADEA98D82F8481E0E1E03674A6F3FB7,TRUE,
3,0B432B2677937381AEF05BB02A66ECD012773062CF3FA2549E44F58ED2401710,25D1DFF95105F5253C4022F628A996AD3A0D95FBF21D468A1B33F8C160D8F517,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF,7EB0509757E246F19449885651611CB965ECC1A187DD51B64FDA1EDC9637D5EC97582B9CB13DB3933705B32BA982AF5AF25FD78881EBB32771FC5922EFC66EA3,TRUE,test fails if msg is reduced modulo p or n
4,,D69C3509BB99E412E68B0FE8544E72837DFA30746D8BE2AA65975F29D22DC7B9,,4DF3C3F68FCC83B27E9D42C90431A72499F17875C81A599B566C9889B9696703,00000000000000000000003B78CE563F89A0ED9414F5AA28AD0D96D6795F9C6376AFB1548AF603B3EB45C9F8207DEE1060CB71C04E80F593060B07D28308D7F4,TRUE,
5,,EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B,FALSE,public key not on the curve
6,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,FFF97BD5755EEEA420453A14355235D382F6472F8568A18B2F057A14602975563CC27944640AC607CD107AE10923D9EF7A73C643E166BE5EBEAFA34B1AC553E2,FALSE,has_even_y(R) is false
7,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,1FA62E331EDBC21C394792D2AB1100A7B432B013DF3F6FF4F99FCB33E0E1515F28890B3EDB6E7189B630448B515CE4F8622A954CFE545735AAEA5134FCCDB2BD,FALSE,negated message
8,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769961764B3AA9B2FFCB6EF947B6887A226E8D7C93E00C5ED0C1834FF0D0C2E6DA6,FALSE,negated s value
13,,DFF1D77F2A671C5F36183726DB2341BE58FEAE1DA2DECED843240F7B502BA659,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E177769FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141,FALSE,sig[32:64] is equal to curve order
14,,FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC30,,243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89,6CFF5C3BA86C69EA4B7376F31A9BCB4F74C1976089B2D9963DA2E5543E17776969E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B,FALSE,public key is not a valid X coordinate because it exceeds the field size
`.trim().split("\n").map((line) => line.split(","));
out.bip340 = [];
for (const [index, secret, pub, aux, msg, sig, valid] of BIP340) {
  const lower = (/** @type {string} */ s) => s.toLowerCase();
  const row = { index: Number(index), verified: await nostr.verifyHash(lower(sig), lower(msg), lower(pub)), expected: valid === "TRUE" };
  if (secret) {
    row.signed = (await nostr.signHash(lower(msg), nostr.fromHex(lower(secret)), nostr.fromHex(lower(aux)))) === lower(sig);
  }
  out.bip340.push(row);
}

// --- events made here, for the Python side to check; mining timed at the real difficulty
const preset = PRESETS["katte-4"];
const keys = await nostr.newKeys();
const opened = Math.floor(Date.now() / 1000) - 60;
const table = { preset, free: 2, humans: 2, code: "maple-otter-bell-coast", opened };
const miningStarted = performance.now();
const announcement = await lobby.makeAnnouncement(table, keys);
const mining = [{ ms: Math.round(performance.now() - miningStarted), tries: 0 }];
for (let i = 0; i < 2; i++) { // the time per try, to state the expected time (2^DIFFICULTY tries on average)
  const begun = performance.now();
  const template = { ...announcement, created_at: announcement.created_at + 1 + i, tags: [["t", "kortti-quick:katte-4"]] };
  const { tries } = await nostr.mine(template, lobby.DIFFICULTY);
  mining.push({ ms: Math.round(performance.now() - begun), tries });
}
out.jsEvents = { announcements: [announcement], looking: await lobby.makeLooking(preset, keys), mining };
const wire = (/** @type {object} */ e) => JSON.stringify(["EVENT", "sub", e]);

// --- what the Python side made (coincurve), parsed as the page would
out.fromPython = {};
for (const [name, event] of Object.entries(fromPython.events)) {
  const got = await lobby.parseLobbyEvent(wire(event), { limiter: lobby.senderLimiter(), now: () => fromPython.now * 1000 });
  out.fromPython[name] = got.ok ? "ok" : got.why;
}
out.fromPythonVerified = {};
for (const [name, event] of Object.entries(fromPython.events)) out.fromPythonVerified[name] = await nostr.verify(event);

// --- every malformed field refused (at a low difficulty, so each case is mined at once)
const EASY = 4;
const now = Date.now();
const parse = (/** @type {unknown} */ data, context = {}) => lobby.parseLobbyEvent(data,
  { limiter: lobby.senderLimiter(), now: () => now, difficulty: EASY, ...context });
/** An announcement whose content is ``ad`` (the fields given over a good one's), mined and signed. */
const announce = async (/** @type {object} */ ad = {}, /** @type {object} */ event = {}, difficulty = EASY) => {
  const content = JSON.stringify({ v: 1, game: "katte", preset: "katte-4", free: 2, humans: 2, code: "maple-otter-bell-coast",
    opened: Math.floor(now / 1000) - 30, ...ad });
  const template = { pubkey: keys.pubkey, created_at: Math.floor(now / 1000), kind: lobby.KIND_TABLE,
    tags: [["t", "kortti-quick:katte-4"]], content, ...event };
  return nostr.sign((await nostr.mine(template, difficulty)).event, keys);
};
const good = await announce();
const cases = {
  good: wire(good),
  notText: 42,
  oversized: wire({ ...good, content: good.content + " ".repeat(3000) }),
  notJson: "[\"EVENT\", ",
  notEventMessage: JSON.stringify(["NOTICE", "sub", good]),
  extraField: wire({ ...good, extra: 1 }),
  missingSig: wire({ ...good, sig: undefined }),
  upperHexId: wire({ ...good, id: good.id.toUpperCase() }),
  createdAtText: wire({ ...good, created_at: String(good.created_at) }),
  tagsNotStrings: wire({ ...good, tags: [["t", 5]] }),
  tooManyTags: wire({ ...good, tags: [...good.tags, ["a", "1"], ["b", "2"], ["c", "3"], ["d", "4"]] }),
  otherKind: wire(await announce({}, { kind: 1 })),
  trysteroKind: wire(await announce({}, { kind: 22000 })),
  stale: wire(await announce({}, { created_at: Math.floor(now / 1000) - 26 })),
  future: wire(await announce({}, { created_at: Math.floor(now / 1000) + 30 })),
  contentNotJson: wire(await announce({}, { content: "{" })),
  contentArray: wire(await announce({}, { content: "[1]" })),
  otherVersion: wire(await announce({ v: 2 })),
  unknownGame: wire(await announce({ game: "poker" })),
  unknownPreset: wire(await announce({ preset: "katte-9" })),
  presetOfAnotherGame: wire(await announce({ preset: "kocka-4" })),
  topicOfAnotherPreset: wire(await announce({}, { tags: [["t", "kortti-quick:kocka-4"]] })),
  noTopic: wire(await announce({}, { tags: [] })),
  noHumans: wire(await announce({ humans: 0 })),
  fullTable: wire(await announce({ humans: 2, free: 0 })),
  moreSeatsThanTheTable: wire(await announce({ humans: 3, free: 2 })),
  fractionalSeats: wire(await announce({ free: 1.5 })),
  badCode: wire(await announce({ code: "maple-otter-bell-nothere" })),
  openedLater: wire(await announce({ opened: Math.floor(now / 1000) + 10 })),
  extraContent: wire(await announce({ note: "hi" })),
  wrongId: wire({ ...good, id: good.id.slice(0, 63) + (good.id.endsWith("0") ? "1" : "0") }),
  forgedContent: wire({ ...good, content: good.content.replace("\"free\":2", "\"free\":1") }),
  badSignature: wire({ ...good, sig: (await announce({ free: 1 })).sig }),
  otherPubkey: wire({ ...good, pubkey: (await nostr.newKeys()).pubkey }),
  noWork: wire(await announce({}, {}, 0)),
};
out.malformed = {};
for (const [name, data] of Object.entries(cases)) {
  const got = await parse(data, name === "noWork" ? { difficulty: 12 } : {});
  out.malformed[name] = got.ok ? "ok" : got.why;
}

// --- the listing: newest per host, stale ones gone, the choice
let clock = now;
const list = lobby.listing(() => clock);
/** @param {string} pubkey @param {object} ad @param {number} at */
const heard = (pubkey, ad, at) => ({ kind: /** @type {const} */ ("table"), pubkey, at,
  ad: { v: 1, game: "katte", preset: "katte-4", free: 1, humans: 1, code: "maple-otter-bell-coast", opened: 100, ...ad } });
const s = Math.floor(now / 1000);
list.add(heard("a", { humans: 1, opened: 50 }, s));
list.add(heard("b", { humans: 2, opened: 90 }, s));
list.add(heard("c", { humans: 2, opened: 80 }, s - 20));
list.add(heard("c", { humans: 1, opened: 80 }, s - 21)); // older than what is listed: ignored
out.listing = { chosen: lobby.choose(list.live())?.pubkey };
out.listing.chosenSkippingTried = lobby.choose(list.live(), { tried: new Set(["c"]) })?.pubkey;
out.listing.chosenSkippingSelf = lobby.choose(list.live(), { self: "c", tried: new Set(["b"]) })?.pubkey;
list.add(heard("b", { humans: 1, opened: 90 }, s + 1)); // b's newer word: a human left
out.listing.afterNewer = lobby.choose(list.live())?.pubkey;
clock = now + 6_000; // c's announcement is 26 s old now
out.listing.liveAfter6s = list.live().map((t) => t.pubkey).sort();
out.listing.noneLeft = lobby.choose(list.live(), { tried: new Set(["a", "b"]) });

// --- a flood: 10,000 listings from one key, among three real tables; the clock stands still
// (the worst case: the whole flood at once). Each flood event is distinct (its own table
// code) with a correct id; the first 20 are signed, and the rest carry a copied signature,
// since the key is ignored after its sixth event and they are dropped before it is read.
const flooder = await nostr.newKeys();
const real = [await nostr.newKeys(), await nostr.newKeys(), await nostr.newKeys()];
const codeWords = (await load("js/net/words.js")).WORDS;
/** @param {import("../web/js/net/nostr.js").Keys} k @param {object} ad */
const listingOf = async (k, ad, signIt = true) => {
  const template = { pubkey: k.pubkey, created_at: s, kind: lobby.KIND_TABLE, tags: [["t", "kortti-quick:katte-4"]],
    content: JSON.stringify({ v: 1, game: "katte", preset: "katte-4", free: 1, humans: 1, code: "maple-otter-bell-coast", opened: s - 100, ...ad }) };
  if (signIt) return nostr.sign(template, k);
  return { ...template, id: await nostr.eventId(template), sig: "" };
};
const flood = [];
let copiedSig = "";
for (let i = 0; i < 10_000; i++) {
  const code = [codeWords[i % 97], codeWords[(i >> 3) % 89], codeWords[(i >> 7) % 83], codeWords[(i >> 11) % 79]].join("-");
  const e = await listingOf(flooder, { humans: 3, code, opened: s - 3600 }, i < 20); // claims the best table
  if (i < 20) copiedSig = e.sig; else e.sig = copiedSig;
  flood.push(wire(e));
}
const reals = [await listingOf(real[0], { humans: 1, opened: s - 50 }), await listingOf(real[1], { humans: 2, opened: s - 40 }),
  await listingOf(real[2], { humans: 2, opened: s - 30 })];
const stream = [wire(reals[0]), ...flood.slice(0, 5000), wire(reals[1]), ...flood.slice(5000), wire(reals[2])];
const limiter = lobby.senderLimiter(() => now);
const floodList = lobby.listing(() => now);
const why = {};
const started = performance.now();
for (const data of stream) {
  const got = await lobby.parseLobbyEvent(data, { limiter, now: () => now, difficulty: 0, onBlocked: floodList.forget });
  if (got.ok) floodList.add(got.heard);
  why[got.ok ? "ok" : got.why] = (why[got.ok ? "ok" : got.why] ?? 0) + 1;
}
const chosen = lobby.choose(floodList.live());
out.flood = { ms: Math.round(performance.now() - started), events: stream.length, why,
  chosen: chosen?.pubkey === real[1].pubkey ? "real[1]" : chosen?.pubkey === flooder.pubkey ? "flooder" : String(chosen?.pubkey),
  listed: floodList.live().map((t) => (t.pubkey === flooder.pubkey ? "flooder" : `real[${real.findIndex((k) => k.pubkey === t.pubkey)}]`)).sort() };

// --- the limiter by itself: a host's pace passes, a burst beyond the rate does not
let t = 0;
const pace = lobby.senderLimiter(() => t);
const host = [];
for (let i = 0; i < 30; i++, t += 10_000) host.push(pace.take("host"));
const burst = [];
for (let i = 0; i < 8; i++) burst.push(pace.take("burst"));
out.limiter = { hostEvery10s: host.every(Boolean), burst, blockedAfterBurst: pace.blocked("burst"),
  blockedAfterAMinute: (t += 60_001, pace.blocked("burst")) };

// --- the same event from five relays: taken once, and the host is not taken for a flood
const copies = lobby.senderLimiter(() => now);
const once = wire(await announce());
out.copies = [];
for (let i = 0; i < 5; i++) {
  const got = await parse(once, { limiter: copies });
  out.copies.push(got.ok ? "ok" : got.why);
}
out.copies.push((await parse(wire(await announce({ free: 1 })), { limiter: copies })).ok ? "ok" : "refused");

out.presets = PRESETS;
// --- names, as every page shows them (protocol.js): the Python side cleans the same ones
const protocol = await load("js/net/protocol.js");
out.names = (fromPython.names ?? []).map((/** @type {unknown} */ n) => protocol.cleanName(n));

console.log(JSON.stringify(out));
