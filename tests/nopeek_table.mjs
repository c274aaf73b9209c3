// No-peek tables of 2 to 6 pages (web/js/nopeek/session.js, one DealSession each) over an
// in-memory star relay, as the friends table runs them: the host's page is a seat and relays
// every seat's message to every other. Honest tables of each game, and each cheat.
//   node tests/nopeek_table.mjs SITE INPUT.json
// SITE holds js/nopeek/*.js and vendor/ as the build lays them out. INPUT.json:
//   {decks: {name: [codes]}, runs: [{table, cheat?}]}   table: one of TABLES, cheat: one of CHEATS; a
//   table's deck is its game's, or the one it names (Katko's two packs: every card twice)
// Prints one JSON object: per run, each page's events (its hand, the face-up cards, what it
// received, the faults, the verdict), the relay's log, what leaked, and the figures.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, inputPath] = process.argv.slice(2);
const load = (/** @type {string} */ path) => import(pathToFileURL(`${site}/${path}`).href);
const { DealSession } = await load("js/nopeek/session.js");
const { RelayGate, VERSION, canonical, signedText } = await load("js/nopeek/messages.js");
const group = await load("js/nopeek/group.js");
const deckJs = await load("js/nopeek/deck.js");
const { sign } = await load("js/nopeek/sign.js");
const sealJs = await load("js/nopeek/seal.js");
const escrowJs = await load("js/nopeek/escrow.js");
const input = JSON.parse(readFileSync(inputPath, "utf-8"));

/**
 * A table's seats and deal: `seats` the engine's seats with a person (the crypto seats),
 * `holders` per slot: a seat, "up" or "stock"; `deck` the name of its deck in the input, if not the game's.
 * @typedef {{game: string, players: number, seats: number[], layout: Array<number | "up" | "stock">,
 *   play: (t: Table) => void, deck?: string}} TableSpec
 */

/** Slots dealt round the seats in turn, `each` per seat; then `up` face-up slots; the rest stock.
 * @param {number} cards @param {Array<number | "up">} order the holders in dealing order @param {number} each @param {number} [up] */
function deal(cards, order, each, up = 0) {
  /** @type {Array<number | "up" | "stock">} */
  const layout = Array(cards).fill("stock");
  let slot = 0;
  for (let k = 0; k < each; k++) for (const h of order) layout[slot++] = h;
  for (let k = 0; k < up; k++) layout[slot++] = "up";
  return layout;
}

/** @param {Table} t @param {number} seat the seat's slots it holds now */
const holding = (t, seat) => t.pages.get(seat).holder.flatMap((/** @type {any} */ h, /** @type {number} */ slot) =>
  (h === t.seats.indexOf(seat) && !t.pages.get(seat).played.has(slot) ? [slot] : []));

/** @type {Record<string, TableSpec>} */
const TABLES = {
  // two pages: Kočka's deck, 8 cards each, the rest stock; one card each shown
  "two": { game: "kocka", players: 2, seats: [0, 1], layout: deal(32, [0, 1], 8), play(t) {
    for (const seat of t.seats) t.act(seat, (s) => s.show(holding(t, seat)[0]));
  } },
  // Kočka at four: 8 each, a pass of 3 to the left, then each shows a card it was given and one of its own
  "kocka": { game: "kocka", players: 4, seats: [0, 1, 2, 3], layout: deal(32, [0, 1, 2, 3], 8), play(t) {
    const passed = new Map(t.seats.map((seat) => [seat, holding(t, seat).slice(0, 3)]));
    for (const seat of t.seats) t.act(seat, (s) => s.give(passed.get(seat), (seat + 1) % 4));
    for (const seat of t.seats) {
      t.act(seat, (s) => s.show(passed.get((seat + 3) % 4)[1]));
      t.act(seat, (s) => s.show(holding(t, seat).at(-1)));
    }
  } },
  // Katte at six: 6 cards each of 52, the rest stock; face-down discards and face-up plays
  "katte": { game: "katte", players: 6, seats: [0, 1, 2, 3, 4, 5], layout: deal(52, [0, 1, 2, 3, 4, 5], 6), play(t) {
    for (const seat of t.seats) t.act(seat, (s) => s.show(holding(t, seat)[0]));
    for (const seat of [1, 3, 4]) t.act(seat, (s) => s.hide(holding(t, seat)[0]));
    for (const seat of [0, 2, 5]) t.act(seat, (s) => s.show(holding(t, seat)[0]));
  } },
  // Katko at four with a computer at seat 2 (its 5 cards face up) and a turned card face up
  "katko": { game: "katko", players: 4, seats: [0, 1, 3], layout: deal(52, [0, 1, "up", 3], 5, 1), play(t) {
    for (const seat of t.seats) t.act(seat, (s) => s.show(holding(t, seat)[2]));
  } },
  // Katko's two packs (104 slots, two of each card) at four, a computer at seat 2 face up and the
  // turned card up; each person plays two cards
  "katko-copies": { game: "katko", deck: "katko-two-packs", players: 4, seats: [0, 1, 3],
    layout: deal(104, [0, 1, "up", 3], 5, 1), play(t) {
      for (const seat of t.seats) t.act(seat, (s) => s.show(holding(t, seat)[0]));
      for (const seat of t.seats) t.act(seat, (s) => s.show(holding(t, seat).at(-1)));
    } },
  // Call Kitti at four: 13 each; each commits to its arrangement (its slots in order), then opens it
  "call-kitti": { game: "call-kitti", players: 4, seats: [0, 1, 2, 3], layout: deal(52, [0, 1, 2, 3], 13), play(t) {
    const arranged = new Map(t.seats.map((seat) => [seat, Uint8Array.from(holding(t, seat).reverse())]));
    for (const seat of t.seats) t.act(seat, (s) => s.commit(arranged.get(seat)));
    for (const seat of t.seats) t.act(seat, (s) => s.open());
    for (const seat of t.seats) t.act(seat, (s) => s.show(holding(t, seat)[0]));
  } },
};

class Table {
  /** @param {string} name @param {TableSpec} spec @param {Record<number, any>} classes a cheat's session class by seat
   * @param {number[]} holds the seats whose shares wait for their page's approve() */
  constructor(name, spec, classes = {}, holds = []) {
    this.name = name;
    this.spec = spec;
    this.seats = spec.seats;
    this.host = spec.seats[0];
    this.cards = input.decks[spec.deck ?? spec.game];
    this.gate = new RelayGate();
    /** @type {string[]} everything the relay carried */
    this.log = [];
    /** @type {Array<{to: number, from: number, text: string}>} */
    this.queue = [];
    /** @type {Map<number, any[]>} */
    this.events = new Map(spec.seats.map((s) => [s, []]));
    /** @type {Map<number, number>} each page's milliseconds in its session's calls */
    this.ms = new Map(spec.seats.map((s) => [s, 0]));
    /** @type {Map<number, number>} each page's milliseconds until its hand opened */
    this.handMs = new Map();
    /** @type {Map<number, number>} the milliseconds of the call that gave each page's verdict */
    this.auditMs = new Map();
    this.lastMs = 0;
    /** @type {Map<number, any>} */
    this.pages = new Map(spec.seats.map((seat) => {
      const Session = classes[seat] ?? DealSession;
      const options = { game: spec.game, deal: `t-${name}`, cards: this.cards, seats: spec.seats, me: seat, layout: spec.layout,
        hold: holds.includes(seat) };
      return [seat, this.timed(seat, () => new Session(options))];
    }));
    /** @type {Set<number>} seats whose page is gone */
    this.gone = new Set();
  }

  /** @template T @param {number} seat @param {() => T} work @returns {T} */
  timed(seat, work) {
    const start = performance.now();
    const out = work();
    this.lastMs = performance.now() - start;
    this.ms.set(seat, /** @type {number} */ (this.ms.get(seat)) + this.lastMs);
    return out;
  }

  /** A page's call, its messages onto the wire. @param {number} seat @param {(s: any) => any} call */
  act(seat, call) {
    const step = this.timed(seat, () => call(this.pages.get(seat)));
    this.take(seat, step);
    this.run();
  }

  /** @param {number} seat @param {{send: any[], events: any[]}} step */
  take(seat, step) {
    this.events.get(seat)?.push(...step.events);
    if (step.events.some((e) => e.kind === "hand")) this.handMs.set(seat, /** @type {number} */ (this.ms.get(seat)));
    if (step.events.some((e) => e.kind === "audit")) this.auditMs.set(seat, this.lastMs);
    for (const { text } of step.send) this.sendFrom(seat, text);
    if (!this.gone.has(seat)) this.timed(seat, () => this.pages.get(seat).idle()); // as the page's worker does, once it has replied
  }

  /** A page's message: a guest's goes to the relay, which forwards it if its gate admits it; the host's to all.
   * @param {number} seat @param {string} text */
  sendFrom(seat, text) {
    this.log.push(text);
    if (seat === this.host) {
      for (const to of this.seats) if (to !== seat) this.queue.push({ to, from: seat, text });
      return;
    }
    this.queue.push({ to: this.host, from: seat, text });
    if (this.gate.admit(seat, text)) {
      for (const to of this.seats) if (to !== seat && to !== this.host) this.queue.push({ to, from: seat, text });
    }
  }

  /** What the relay delivers to one guest, as if from `from` (a cheating relay's). @param {number} to @param {number} from @param {string} text */
  relayTo(to, from, text) {
    this.log.push(text);
    this.queue.push({ to, from, text });
    this.run();
  }

  run() {
    for (let d = this.queue.shift(); d; d = this.queue.shift()) {
      const { to, from, text } = d;
      if (this.gone.has(to)) continue;
      const step = this.timed(to, () => this.pages.get(to).receive(from, text));
      this.take(to, step);
    }
  }

  start() {
    for (const seat of this.seats) {
      const step = this.timed(seat, () => this.pages.get(seat).start());
      this.take(seat, step);
    }
    this.run();
  }

  /** Every page: the seat left (its page is gone). @param {number} seat */
  leave(seat) {
    this.gone.add(seat);
    for (const s of this.seats) if (!this.gone.has(s)) this.act(s, (page) => page.left(seat));
  }

  finish(except = /** @type {number[]} */ ([])) {
    for (const seat of this.seats) if (!this.gone.has(seat) && !except.includes(seat)) this.act(seat, (s) => s.finish());
  }

  /** What a test checks. */
  report() {
    const pages = Object.fromEntries(this.seats.map((seat) => {
      const events = this.events.get(seat) ?? [];
      const of = (/** @type {string} */ kind) => events.filter((e) => e.kind === kind);
      return [seat, {
        hand: of("hand").flatMap((e) => e.cards), up: of("up").map(({ slot, card }) => ({ slot, card })),
        received: of("received"), opened: of("opened"), passedIn: of("passed-in"), hidden: of("hidden").map((e) => e.slot),
        disclosed: of("disclosed").map((e) => ({ seat: e.seat, bytes: Array.from(e.bytes) })),
        committed: of("committed").map((e) => e.seat),
        faults: of("fault").map(({ seat: s, why }) => ({ seat: s, why })),
        audits: of("audit").map(({ verdict, hands }) => ({ verdict, hands })),
        progress: [...new Set(of("progress").map((e) => e.step))],
        holding: this.gone.has(seat) ? [] : holding(this, seat),
      }];
    }));
    return { pages, log: this.log, leaks: this.leaks(), bytes: this.log.reduce((n, t) => n + t.length, 0),
      ms: Object.fromEntries(this.ms), handMs: Object.fromEntries(this.handMs), auditMs: Object.fromEntries(this.auditMs) };
  }

  /** Every share that must stay private, found in clear in the relay's log: the share of the
   * seat a card was dealt to while the card is not shown (passed or not: a pass seals it).
   * Computed from the sessions' secrets, which only the test holds; and, that this check can
   * fail, how many of the shown cards' shares it finds there (all of them). */
  leaks() {
    const any = this.pages.get(this.seats.find((s) => !this.gone.has(s)));
    if (!any.positions) return { leaked: [], shown: 0, shownFound: 0 };
    const all = this.log.join("\n");
    const leaked = [];
    let shown = 0;
    let shownFound = 0;
    for (let slot = 0; slot < this.cards.length; slot++) {
      for (const i of any.privateSeats(slot)) {
        const share = group.pointToHex(group.mulSecret(any.lastCard(slot).c1, this.pages.get(this.seats[i]).secret));
        if (any.shown.has(slot)) {
          shown++;
          shownFound += all.includes(share) ? 1 : 0;
        } else if (all.includes(share)) {
          leaked.push({ slot, seat: this.seats[i] });
        }
      }
    }
    return { leaked, shown, shownFound };
  }
}

/** Ben (1) passes 3 cards to Cy (2) before Cy leaves (``first``) or after its key was opened:
 * every page's session before it asks for them (the slots it holds shares of, every card its
 * events carried), then what ``openPassedTo`` opens on each; then the audit.
 * @param {Table} t @param {boolean} first */
function passedToLeaver(t, first) {
  t.start();
  const pass = () => t.act(1, (s) => s.give(holding(t, 1).slice(0, 3), 2));
  if (first) pass();
  t.leave(2);
  if (!first) pass();
  /** @type {Record<number, {held: number[], cards: string[]}>} */
  const before = {};
  for (const seat of t.seats) {
    if (t.gone.has(seat)) continue;
    const page = t.pages.get(seat);
    const cards = (t.events.get(seat) ?? []).flatMap((/** @type {any} */ e) => (e.cards ?? []).map((/** @type {any} */ c) => c.card));
    before[seat] = { held: [...page.held.keys()], cards };
  }
  for (const seat of t.seats) if (!t.gone.has(seat)) t.act(seat, (s) => s.openPassedTo(2));
  t.finish();
  return { before };
}

/** A session class whose `dealShare` or `stageDeck` cheats. @param {(base: any) => any} extend */
const cheating = (extend) => extend(DealSession);

/** @type {Record<string, (table: string) => {classes?: Record<number, any>, holds?: number[], run: (t: Table) => any}>} */
const CHEATS = {
  // seat 1's stage has its card 3 twice, its card 7 gone
  swap: () => ({
    classes: { 1: cheating((Base) => class extends Base {
      /** @param {any} previous @param {any} prepared */
      stageDeck(previous, prepared) {
        const deck = super.stageDeck(previous, prepared);
        deck[7] = deck[3];
        return deck;
      }
    }) },
    run: (t) => { t.start(); t.spec.play(t); t.finish(); },
  }),
  // seat 2 deals seat 1's first slot another slot's share
  "wrong-share": () => ({
    classes: { 2: cheating((Base) => class extends Base {
      /** @param {any} c1 @param {number} slot */
      dealShare(c1, slot) {
        const wrong = this.dealt[slot] === 1 && !this.cheated;
        this.cheated ||= wrong;
        // its share of another card that is not its own (slot + 4 is seat 1's too): a right
        // share of the wrong card, which its proof gives away
        return super.dealShare(wrong ? this.lastCard(slot + 4).c1 : c1, slot);
      }
    }) },
    run: (t) => { t.start(); t.finish(); },
  }),
  // the same wrong share, and seat 1 takes every seat's shares as right: every other page still
  // checks seat 2's proof of its shares, and opens no card seat 1 shows
  collude: () => ({
    classes: {
      1: cheating((Base) => class extends Base {
        sharesHeld() {
          return true;
        }
      }),
      2: CHEATS["wrong-share"]("").classes?.[2],
    },
    run: (t) => {
      t.start();
      t.act(1, (s) => s.show(1));
      t.finish();
    },
  }),
  // seat 2 deals every share right but sends a proof of them that does not hold
  "bad-proof": () => ({
    classes: { 2: cheating((Base) => class extends Base {
      /** @param {string} kind @param {any} body */
      post(kind, body) {
        return super.post(kind, kind === "shares" ? { ...body, proof: { ...body.proof, s: group.scalarToHex(12345n) } } : body);
      }
    }) },
    run: (t) => { t.start(); t.spec.play(t); t.finish(); },
  }),
  // seat 0 passes 3 cards to seat 1 and seals it, for its second, its share of another card
  "bad-pass": () => ({
    classes: { 0: cheating((Base) => class extends Base {
      /** @param {number[]} slots @param {number} toSeat */
      give(slots, toSeat) {
        this.tampering = slots[1];
        try {
          return super.give(slots, toSeat);
        } finally {
          this.tampering = undefined;
        }
      }

      /** @param {number} i @param {number} slot */
      knownShare(i, slot) {
        return super.knownShare(i, slot === this.tampering ? slot + 4 : slot);
      }
    }) },
    run: (t) => {
      t.start();
      t.act(0, (s) => s.give(holding(t, 0).slice(0, 3), 1));
      t.finish();
    },
  }),
  // seat 2 sends a message with a signature not its key's; then one in seat 1's name (the relay drops it)
  forged: () => ({
    run: (t) => {
      t.start();
      const page = t.pages.get(2);
      const slot = holding(t, 2)[0];
      const stranger = deckJs.makeKey({ deal: page.deal, seat: 2 });
      const unsigned = { v: VERSION, deal: page.deal, seat: 2, seq: page.seq, kind: "show", body: { slot, shares: [] } };
      const key = group.pointFromHex(stranger.entry.key);
      t.sendFrom(2, canonical({ ...unsigned, sig: sign(stranger.secret, key, signedText(unsigned), { deal: page.deal, seat: 2 }) }));
      page.seq += 1; // the relay took that number: seat 2's own next message comes after it
      t.run();
      const asOne = { ...unsigned, seat: 1, seq: 99, kind: "hide", body: { slot: holding(t, 1)[0] } };
      t.sendFrom(2, canonical({ ...asOne, sig: sign(stranger.secret, key, signedText(asOne), { deal: page.deal, seat: 1 }) }));
      t.run();
      t.spec.play(t);
      t.finish();
    },
  }),
  // seat 2 sends, once the cards are dealt: a text over every cap, one that is not JSON, a message of
  // another version, of an unknown kind, of another deal, with a field more, and a stage out of
  // turn (signed by its own key): all refused, and the deal goes on
  garbage: () => ({
    run: (t) => {
      t.start();
      const page = t.pages.get(2);
      const context = { deal: page.deal, seat: page.me };
      /** @param {Record<string, unknown>} fields */
      const signed = (fields) => {
        const unsigned = { v: VERSION, deal: page.deal, seat: 2, seq: page.seq++, kind: "hide", body: { slot: 0 }, ...fields };
        return canonical({ ...unsigned, sig: sign(page.secret, page.publicKey, signedText(unsigned), context) });
      };
      const texts = [
        "x".repeat(40_000), "{not json", signed({ v: VERSION + 1 }), signed({ kind: "bogus" }), signed({ deal: "another-deal" }),
        signed({ kind: "hide", body: { slot: holding(t, 2)[0], card: "AS" } }),
        signed({ kind: "stage", body: { deck: JSON.parse(page.stageTexts[2]) } }),
      ];
      for (const text of texts) t.sendFrom(2, text);
      t.run();
      t.spec.play(t);
      t.finish();
    },
  }),
  // a relay that carries seat 3's message to seat 1 as seat 2's
  "relay-forged": () => ({
    run: (t) => {
      t.start();
      t.spec.play(t);
      const text = t.log.find((x) => JSON.parse(x).seat === 3 && JSON.parse(x).kind === "show");
      t.relayTo(1, 2, /** @type {string} */ (text));
      t.finish();
    },
  }),
  // the relay sends seat 1's key message again to every guest; then seat 1 sends its own again
  replay: () => ({
    run: (t) => {
      t.start();
      const old = /** @type {string} */ (t.log.find((x) => JSON.parse(x).seat === 1 && JSON.parse(x).kind === "key"));
      for (const seat of t.seats) if (seat !== t.host && seat !== 1) t.relayTo(seat, 1, old);
      t.sendFrom(1, old);
      t.run();
      t.spec.play(t);
      t.finish();
    },
  }),
  // every seat reveals but seat 2, which goes: its escrow is opened for the audit
  refuse: () => ({ run: (t) => { t.start(); t.spec.play(t); t.finish([2]); t.leave(2); } }),
  // seat 3 leaves once the cards are dealt, then seat 2: its key cannot be opened (seat 3's piece never comes)
  "two-leave": () => ({ run: (t) => { t.start(); t.leave(3); t.leave(2); t.finish(); } }),
  // seat 1 swaps a card in its stage and does not reveal at the check: found with its opened key
  "refuse-swap": () => ({
    classes: { 1: CHEATS.swap("").classes?.[1] },
    run: (t) => { t.start(); t.spec.play(t); t.finish([1]); t.leave(1); },
  }),
  // seat 1 seals seat 2 a piece of its key other than the one it committed to: seat 2 complains
  "bad-escrow": () => ({
    classes: { 1: cheating((Base) => class extends Base {
      /** @param {string} kind @param {any} body */
      post(kind, body) {
        if (kind === "escrow") {
          const piece = body.entry.pieces.find((/** @type {any} */ p) => p.to === 2);
          const wrong = group.fromHex(group.scalarToHex(12345n), 32);
          Object.assign(piece, sealJs.seal(this.secret, this.keys[2].point, wrong,
            { deal: this.deal, from: this.me, to: 2, purpose: "escrow" }));
        }
        return super.post(kind, body);
      }
    }) },
    run: (t) => { t.start(); t.finish(); },
  }),
  // seat 2 complains of seat 1's right piece of its escrow
  "false-complaint": () => ({
    run: (t) => {
      t.start();
      t.act(2, (s) => s.step(() => {
        const claim = escrowJs.complaint(s.escrows[1], s.secret, s.me, s.publicKey, s.keys[1].point, { deal: s.deal });
        s.post("complaint", { about: 1, what: "escrow", claim });
      }));
      t.finish();
    },
  }),
  // seat 3 leaves; seat 1 publishes a piece of its key other than its escrow's
  "bad-piece": () => ({
    run: (t) => {
      t.start();
      t.gone.add(3);
      const page = t.pages.get(1);
      const unsigned = { v: VERSION, deal: page.deal, seat: 1, seq: page.seq++, kind: "piece",
        body: { for: 3, piece: group.scalarToHex(12345n) } };
      t.sendFrom(1, canonical({ ...unsigned, sig: sign(page.secret, page.publicKey, signedText(unsigned), { deal: page.deal, seat: 1 }) }));
      t.run();
      for (const s of [0, 2]) t.act(s, (p) => p.left(3));
      t.finish();
    },
  }),
  // seat 2 commits to bytes, then opens the commitment to others
  "bad-open": () => ({
    run: (t) => {
      t.start();
      t.act(2, (s) => s.commit(Uint8Array.of(1, 2, 3)));
      const page = t.pages.get(2);
      const unsigned = { v: VERSION, deal: page.deal, seat: 2, seq: page.seq++, kind: "open",
        body: { nonce: group.toHex(/** @type {any} */ (page.myOpening).nonce), bytes: "010203ff" } };
      t.sendFrom(2, canonical({ ...unsigned, sig: sign(page.secret, page.publicKey, signedText(unsigned), { deal: page.deal, seat: 2 }) }));
      t.run();
      t.spec.play(t);
      t.finish();
    },
  }),
  // seat 1's page holds its shares until it approves the deal (it checks the host's layout
  // first): the keys, the shuffle and the seed go on; no hand opens and seat 1 deals no share
  // until then; then the deal goes on to a fair audit
  held: () => ({
    holds: [1],
    run: (t) => {
      t.start();
      const before = {
        kinds: t.log.filter((x) => JSON.parse(x).seat === 1).map((x) => JSON.parse(x).kind),
        hands: t.seats.filter((seat) => t.events.get(seat)?.some((e) => e.kind === "hand")),
        seeded: t.seats.filter((seat) => t.pages.get(seat).positions !== null),
      };
      t.act(1, (s) => s.approve());
      t.spec.play(t);
      t.finish();
      return { before };
    },
  }),
  // Kočka: Ben (1) passes to Cy (2), then Cy leaves; and Cy leaves, then Ben's pass (made before
  // its page heard) reaches the table. What each page's session holds then; then each page asks
  // for Cy's passed-in cards (its rules' exchange), and the deal goes on to its audit
  "pass-leave": () => ({ run: (t) => passedToLeaver(t, true) }),
  "leave-pass": () => ({ run: (t) => passedToLeaver(t, false) }),
  // seat 3 leaves after the deal: its hand opened to all; the others play on and finish
  leave: () => ({
    run: (t) => {
      t.start();
      t.leave(3);
      for (const seat of t.seats) if (seat !== 3) t.act(seat, (s) => s.show(holding(t, seat)[0]));
      t.finish();
    },
  }),
};

const out = input.runs.map((/** @type {{table: string, cheat?: string}} */ { table, cheat }) => {
  const spec = TABLES[table];
  const plan = cheat ? CHEATS[cheat](table) : { run: (/** @type {Table} */ t) => { t.start(); spec.play(t); t.finish(); } };
  const t = new Table(`${table}${cheat ? `-${cheat}` : ""}`, spec, plan.classes, plan.holds);
  let extra;
  try {
    extra = plan.run(t);
  } catch (e) {
    return { table, cheat, error: String(/** @type {Error} */ (e).stack), ...t.report() };
  }
  const host = t.pages.get(t.host);
  const secrets = t.seats.map((s) => group.scalarToHex(t.pages.get(s).secret));
  return { table, cheat, layout: spec.layout, seats: spec.seats, ...t.report(), transcript: host.transcript(), secrets, ...extra };
});
console.log(JSON.stringify(out));
