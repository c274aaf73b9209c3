// One page at a no-peek table (issue 50), the host's and each friend's alike: its seat's
// match in Python (web/table/nopeek.py: the seat's own cards and the public moves), its
// seat's deal in a module worker (web/js/nopeek/worker.js: the curve work off the page), and
// between them the deal's texts and the moves, as the host's relay orders them. Nothing that
// arrives is trusted: the session checks every text, Python every move it can see, and at
// the deal's end every card is opened and the whole deal audited (deal-audit.js, then the
// rules through engine/audit.py); every page says the same verdict in its own words.
import { callPython } from "../engine.js";
import { el, lang, t } from "../i18n.js";
import { SlotHand } from "./nopeek-hand.js";
import { dealDiffers, moveShowsWhatItNames } from "./nopeek-trust.js";
import { MAX_TEXTS } from "./nopeek-relay.js";
import { VOIDING } from "../nopeek/session.js";

/**
 * @typedef {{to: "all" | number, text: string}} Outgoing a deal text and where it goes
 * @typedef {{from: number, n: number, texts: string[], move?: string}} Envelope as the relay
 *   hands it on: the channel's seat, its number in the table's one order, the deal texts and
 *   the move in public form (a computer player's: from the host's seat)
 * @typedef {{id: string, seats: number[], layout: Array<number | "up" | "stock">, cards: string[],
 *   start: number, host: number, turned?: number | null, levels?: Record<string, string>}} Deal the
 *   host's deal: its id, the crypto seats, each slot's holder, the deck in the engine's order
 *   (every copy of a card its own slot), the dealer, the relaying seat, the slot of the card the
 *   rules turn up at the deal (face up: "up"), the computer players (their hands face up: the
 *   seats are worked out per deal)
 * @typedef {{game: string, players: number, options: object, names: string[], levels: Record<string, string>,
 *   seat: number, name: string, lang: string, np_host?: boolean, id?: string, turn_seconds?: number}} Config
 * @typedef {{deal: Deal, start: {start: number, hand: string[], known: Record<string, string[]>, turned: string | null},
 *   moves: string[], earlier: object[]}} JoinAt a running deal as a friend who joins it in a face-up seat
 *   learns it: the deal, as it began (the seat's hand among the face-up ones), every move so far in
 *   public form, the deals audited fair before it
 * @typedef {{slot: number, card: string}} SlotCard
 * @typedef {{move: string, slots: number[], arrange?: Array<number | "/" | undefined>}} MoveSent a move as it went
 *   round (public form), the slots of the cards it hid ("?") in order, and Call Kitti's arrangement as
 *   committed to: its words, a slot for each card
 */

/**
 * A move of the deal in full for the rules' audit, from every slot's card (``slots``): each card it
 * hid from its slot, an arrangement's from the slots it committed to (the discard too), a timeout with
 * the card its seat's page moved (``"2 timeout play QH"``, ``"2 timeout discard 3C"``: the audit
 * checks it is K-13's).
 * @param {MoveSent} sent @param {Record<string, string>} slots
 */
export function inFull({ move, slots: hidden, arrange }, slots) {
  const [seat, verb] = move.split(" ");
  if (verb === "timeout") { // the move the seat's page made: the audit checks it is the one the rules make (K-13)
    const card = move.split(" ")[2];
    if (card === undefined) return move; // a hand face up to all: every page made it
    return card === "?" ? `${seat} timeout discard ${slots[hidden[0]] ?? "?"}` : `${seat} timeout play ${card}`;
  }
  if (arrange) return `${seat} ${verb} ${arrange.map((w) => (w === "/" ? w : (w !== undefined && slots[w]) || "?")).join(" ")}`;
  let k = 0;
  return move.split(" ").map((w) => (w === "?" ? slots[hidden[k++]] ?? "?" : w)).join(" ");
}

/** The audit's faults (deal-audit.js's FaultKind, and the session's voiding faults) as their words. */
const VOID_WORDS = {
  format: "web.nopeek.void.format", "key-proof": "web.nopeek.void.forged", signature: "web.nopeek.void.forged",
  escrow: "web.nopeek.void.escrow", complaint: "web.nopeek.void.complaint",
  "key-mismatch": "web.nopeek.void.key", seed: "web.nopeek.void.seed", shuffle: "web.nopeek.void.shuffle",
  share: "web.nopeek.void.share", show: "web.nopeek.void.share", give: "web.nopeek.void.share",
  open: "web.nopeek.void.open", piece: "web.nopeek.void.escrow", left: "web.nopeek.void.left",
};

/** Why a seat was handed on (net/nopeek-host.js's ``left``), as the status line says it once its
 * cards are opened: its page left, lost its connection, or stopped answering the table. */
const LEFT_WORDS = { left: "web.nopeek.left", lost: "web.nopeek.left.lost", silent: "web.nopeek.left.silent" };

/** The session's progress, as the status line says it. */
const PROGRESS = { keys: "web.nopeek.state.keys", shuffle: "web.nopeek.state.shuffle", seed: "web.nopeek.state.seed",
  deal: "web.nopeek.state.deal", audit: "web.nopeek.state.audit" };

/**
 * The note before the first no-peek deal (the rules decisions a player sitting down should
 * know): every card shown after the deal, computer players face up, a leaver's hand opened.
 * @param {string} game @param {boolean} bots whether computer players sit at the table
 */
export function noPeekNote(game, bots) {
  return el("section", { id: "nopeek-note", class: "nopeek-note", "aria-labelledby": "nopeek-note-title" },
    el("h2", { id: "nopeek-note-title", text: t("web.nopeek.note.title") }),
    el("ul", {},
      el("li", { text: t("web.nopeek.note.check") }),
      ...(bots ? [el("li", { text: t("web.nopeek.note.bots") })] : []),
      el("li", { text: t("web.nopeek.note.leaver") })),
    el("p", {}, el("a", { href: `rules/${lang}/${game}.html#no-peek`, target: "_blank", rel: "noopener",
      text: t("web.nopeek.note.more") })));
}

/** The module worker that runs this page's DealSession: ``run(op, ...)`` resolves to {send, events}. */
function sessionWorker() {
  const worker = new Worker(new URL("../nopeek/worker.js", import.meta.url), { type: "module" });
  let id = 0;
  /** @type {Map<number, {ok: (v: any) => void, no: (e: Error) => void}>} */
  const waiting = new Map();
  worker.onmessage = (/** @type {MessageEvent<any>} */ event) => {
    const got = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (!got) return;
    if (event.data.error) got.no(new Error(event.data.error));
    else got.ok(event.data);
  };
  return {
    /** @param {string} op @param {{options?: object, args?: unknown[]}} [what] @returns {Promise<{send: Outgoing[], events: any[]}>} */
    run(op, what = {}) {
      id += 1;
      const mine = id;
      return new Promise((ok, no) => {
        waiting.set(mine, { ok, no });
        worker.postMessage({ id: mine, op, ...what });
      });
    },
    close() { worker.terminate(); },
  };
}

/**
 * A page's seat at a no-peek table.
 * @param {{config: Config, submit: (envelope: {texts: Outgoing[], move?: string}) => void,
 *   open: (reply: any) => void, push: (reply: any) => void, said?: (text: string) => void,
 *   python?: Promise<unknown> | null, ready?: () => void, next?: (now: boolean) => Promise<any>,
 *   verdict?: (fair: boolean, over: boolean) => void}} hooks
 *   ``submit``: to the host's relay (the host's own page: straight into it); ``open``: the
 *   seat's first table (the deal's hand came); ``push``: a later table, drawn in its turn;
 *   ``said``: the status line before the table is open; ``python``: resolves once this page's
 *   Python has booted (a friend's page boots it for the first no-peek deal); ``ready``: a friend's
 *   "ready" for the next deal, to the host; ``next(now)``: the host's "next deal" (``now``: without
 *   waiting); ``verdict(fair, over)``: this page's audit of the deal is over (or a fault voided it
 *   mid-deal: ``over`` false)
 */
export function createNoPeekPage({ config, submit, open, push, said, python = null, ready, next, verdict: judged }) {
  const session = sessionWorker();
  const me = config.seat;
  /** @type {Promise<unknown>} every step in the relay's order, one at a time */
  let work = Promise.resolve();
  /** the steps queued and not yet done (the host's watch: a page at work is not waiting on anyone) */
  let queued = 0;
  /** why each seat handed on was (LEFT_WORDS's keys) */
  /** @type {Map<number, string>} */
  const leftWhy = new Map();
  /** @type {Deal | null} */
  let deal = null;
  let seated = false;
  let finished = false;
  let audited = false;
  /** the host's deal is not the rules' deal: this page takes no part in it (its shares never go) */
  let distrusted = false;
  /** my cards by slot (the ones the deal opened to me and I still hold; two copies of a card, two slots) */
  const mine = new SlotHand();
  /** every move of the deal as it went round, with the slots of the cards it hid ("?") (Call
   * Kitti's arrangement: its slots, as committed to and opened at the shows) */
  /** @type {MoveSent[]} */
  let moves = [];
  /** a move that turns hands up (Katte's trick six, Call Kitti's shows) waits for them: how many
   * cards each seat still to show turns up, and what each has shown so far (the page's turn-up) */
  /** @type {Record<string, number> | null} */
  let waitFor = null;
  /** @type {Map<number, string[]>} */
  const turnedIn = new Map();
  /** the cards each seat turned up, in the order it showed them (the audit checks Call Kitti's
   * against the arrangement the seat committed to) */
  /** @type {Record<string, string[]>} */
  let shownBy = {};
  /** this seat's commitment (Call Kitti's arrangement) is still to be opened */
  let committed = false;
  /** Katte: the seats that showed their hand as an automatic win (K-5; the audit voids a deal
   * whose win nobody claimed) */
  /** @type {Set<number>} */
  const claimed = new Set();
  /** the computer players' (and leavers') seats: their hands face up */
  let faceUp = new Set(Object.keys(config.levels || {}).map(Number));
  /** the deal as it began, as this page knows it (a friend who joins mid-deal is told it) */
  /** @type {{start: number, known: Record<string, string[]>, turned: string | null} | null} */
  let begun = null;
  /** the deals audited fair, as the rules' audit gives them (the next deal's start follows from them) */
  /** @type {object[]} */
  const earlier = [];
  /** what happened, for tests and bug reports: faults, refusals, verdicts */
  /** @type {Array<{kind: string, seat?: number | string, why?: string, text?: string}>} */
  const log = [];
  let state = "";

  const name = (/** @type {number | string} */ seat) => (typeof seat === "number" ? config.names[seat] ?? `${seat + 1}` : String(seat));
  /** Whether this page deals in the deal on (a friend who joined it mid-deal plays a face-up seat, with no session) */
  const inDeal = () => Boolean(deal?.seats.includes(me));

  /** The status line: the table's, or (before the table opens) the room's. @param {string} text */
  function say(text) {
    state = text;
    const line = document.getElementById("nopeek-state");
    if (line && !document.getElementById("table")?.hidden) line.textContent = text;
    else said?.(text);
  }

  /** @param {() => Promise<unknown>} job */
  function queue(job) {
    queued += 1;
    work = work.then(job).catch((e) => {
      console.warn("kortti: the no-peek table failed:", e);
      say(t("web.error.python"));
    }).finally(() => { queued -= 1; });
    return work;
  }

  /** A reply of the seat's table: opened the first time, pushed after. @param {any} reply */
  function draw(reply) {
    if (!reply || reply.error || !reply.model) return;
    if (!seated) {
      seated = true;
      open(reply);
      say(state);
    } else push(reply);
  }

  /** The seat's own texts onto the wire. @param {Outgoing[]} texts @param {string} [move] */
  function send(texts, move) {
    if (texts.length || move) submit(move ? { texts, move } : { texts });
  }

  /**
   * What the session said: its progress, the hand, the cards opened; faults named.
   * @param {any[]} events @param {number} [from] the envelope's seat
   * @returns {Promise<{faulted: boolean, up: Map<number, string>, shown: string[], received: string[],
   *   committed: Set<number>, disclosed: Map<number, Uint8Array>}>}
   */
  async function events(events, from) {
    let faulted = false;
    /** @type {Set<number>} */
    const committedBy = new Set();
    /** @type {Map<number, Uint8Array>} */
    const disclosed = new Map();
    /** @type {Map<number, string>} */
    const up = new Map(); // slot → card, opened face up by this step
    /** @type {string[]} the cards a seat showed (not the face-up hands the deal opens) */
    const shown = [];
    /** @type {string[]} */
    const received = [];
    /** @type {SlotCard[] | null} */
    let hand = null;
    for (const e of events) {
      if (e.kind === "progress" && PROGRESS[/** @type {keyof PROGRESS} */ (e.step)]) {
        say(t(PROGRESS[/** @type {keyof PROGRESS} */ (e.step)], { done: e.done, total: e.total }));
      } else if (e.kind === "hand") {
        hand = e.cards;
      } else if (e.kind === "up") {
        up.set(e.slot, e.card);
        if (e.seat !== null) shown.push(e.card);
      } else if (e.kind === "committed") {
        committedBy.add(e.seat);
      } else if (e.kind === "disclosed") {
        disclosed.set(e.seat, e.bytes);
      } else if (e.kind === "received") {
        for (const c of e.cards) { mine.set(c.slot, c.card); received.push(c.card); }
      } else if (e.kind === "opened" && e.atCheck) {
        // a seat that did not show its key at the check: the others opened it, the deal is checked with it
        log.push({ kind: "opened", seat: e.seat, why: "check" });
        say(t("web.nopeek.opened", { name: name(e.seat) }));
      } else if (e.kind === "opened") {
        faceUp.add(e.seat);
        log.push({ kind: "opened", seat: e.seat });
        // the cards dealt to it that it holds (those passed to it open at the exchange: openPassed)
        draw(await openPassed(await callPython("np_left", e.seat, JSON.stringify(e.cards.map((/** @type {SlotCard} */ c) => c.card)))));
        const why = LEFT_WORDS[/** @type {keyof LEFT_WORDS} */ (leftWhy.get(e.seat) ?? "left")] ?? LEFT_WORDS.left;
        say(t(why, { name: name(e.seat) }));
      } else if (e.kind === "fault") {
        if (e.seat === from || e.seat === "relay") faulted = true;
        log.push({ kind: "fault", seat: e.seat, why: e.why });
        const words = VOID_WORDS[/** @type {keyof VOID_WORDS} */ (e.why)];
        const voids = words && e.why !== "shares";
        say(voids ? t(words, { name: name(e.seat) }) : t("web.nopeek.refused", { name: name(e.seat) }));
        // a fault that voids the deal before its end (a leaver whose key cannot be opened): no audit comes
        if (VOIDING.has(e.why) && e.seat !== "relay" && !audited) {
          audited = true;
          log.push({ kind: "void", seat: e.seat, why: e.why });
          await voided(state);
        }
      } else if (e.kind === "audit") {
        await verdict(e.verdict, e.hands);
      }
    }
    if (hand) await dealt(hand, up);
    return { faulted, up, shown, received, committed: committedBy, disclosed };
  }

  /** Kočka: a leaver's cards passed to it, which the session keeps closed (its passer's alone until
   * the exchange, O-5): once a reply of Python says the leaver's hand holds them (``open_passed``:
   * the exchange came), opened here and handed to Python, face up as its hand's. The last reply.
   * @param {any} reply */
  async function openPassed(reply) {
    let last = reply;
    for (const seat of (inDeal() && reply?.open_passed) || []) {
      const out = await session.run("openPassedTo", { args: [seat] });
      const cards = out.events.flatMap((/** @type {any} */ e) => (e.kind === "passed-in" ? e.cards : []));
      log.push({ kind: "passed-in", seat });
      const after = await callPython("np_left", seat, "[]", JSON.stringify(cards.map((/** @type {SlotCard} */ c) => c.card)));
      if (after?.model) last = after;
    }
    return last;
  }

  /** The hand opened: the seat sits (or the next deal starts) with it and the face-up hands.
   * @param {SlotCard[]} hand @param {Map<number, string>} up */
  async function dealt(hand, up) {
    const d = /** @type {Deal} */ (deal);
    mine.clear();
    for (const c of hand) mine.set(c.slot, c.card);
    /** @type {Record<string, string[]>} */
    const known = {};
    d.layout.forEach((holder, slot) => {
      if (holder !== "up" || slot === d.turned) return;
      const seat = slot % config.players;
      (known[seat] ??= []).push(/** @type {string} */ (up.get(slot)));
    });
    const turned = typeof d.turned === "number" ? up.get(d.turned) ?? null : null;
    const start = { start: d.start, hand: hand.map((c) => c.card), known, turned, levels: d.levels ?? config.levels ?? {} };
    begun = { start: d.start, known, turned };
    await python;
    const reply = seated ? await callPython("np_next_deal", JSON.stringify(start))
      : await callPython("np_sit", JSON.stringify({ ...config, levels: config.levels || {} }), JSON.stringify(start));
    if (reply?.error) {
      log.push({ kind: "error", text: reply.error });
      say(reply.error);
      return;
    }
    say("");
    draw(reply);
    if (reply.claim) await claim(reply);
    await maybeFinish(reply); // (a deal over at the deal: K-5, this seat's or a face-up hand's)
  }

  /** Katte: this seat's hand wins at the deal (K-5), which only this page sees: its six cards are
   * shown to claim it (every page ends the deal with them, np_claim); the deal is over here.
   * @param {{claim: string[]}} reply Python's */
  async function claim(reply) {
    /** @type {Outgoing[]} */
    const texts = [];
    for (const card of reply.claim) {
      const slot = slotOf(card);
      if (slot === undefined) continue;
      const step = await session.run("show", { args: [slot] });
      texts.push(...step.send);
      await events(step.events);
    }
    claimed.add(me);
    for (let i = 0; i < texts.length; i += MAX_TEXTS) send(texts.slice(i, i + MAX_TEXTS));
  }

  /** Katte: another seat showed its hand with no move: an automatic win claimed (K-5), checked
   * and applied by the engine (moves taken since the deal are undone: the deal had none).
   * @param {number} seat @param {string[]} cards */
  async function claimedBy(seat, cards) {
    const got = [...(turnedIn.get(seat) ?? []), ...cards];
    turnedIn.set(seat, got);
    const size = /** @type {Deal} */ (deal).layout.filter((holder) => holder === seat).length; // its hand as dealt
    if (got.length < size) return;
    turnedIn.delete(seat);
    const reply = await callPython("np_claim", seat, JSON.stringify(got));
    if (reply?.refused) {
      log.push({ kind: "refused", seat, why: reply.refused.reason, text: reply.refused.text });
      return say(t("web.nopeek.refused.move", { name: name(seat), reason: reply.refused.text }));
    }
    if (reply?.error) {
      log.push({ kind: "error", text: reply.error });
      return say(reply.error);
    }
    claimed.add(seat);
    if (reply.undone) moves = [];
    log.push({ kind: "claimed", seat });
    draw(reply);
    await maybeFinish(reply);
  }

  /** Every card opened: the rules' audit on the whole deal, then the verdict said.
   * @param {{ok: boolean, kind?: string, seat?: number | null}} v @param {SlotCard[]} hands */
  async function verdict(v, hands) {
    audited = true;
    if (!v.ok) {
      const key = VOID_WORDS[/** @type {keyof VOID_WORDS} */ (v.kind)] ?? "web.nopeek.void.format";
      log.push({ kind: "void", seat: v.seat ?? undefined, why: v.kind });
      say(t(key, { name: name(v.seat ?? "?") }));
      return voided(state);
    }
    const d = /** @type {Deal} */ (deal);
    const slots = Object.fromEntries(hands.map((c) => [c.slot, c.card]));
    const actions = moves.map((m) => inFull(m, slots));
    const got = await callPython("np_audit", JSON.stringify({ slots, layout: d.layout, turned: d.turned ?? null, start: d.start,
      actions, earlier, shown: shownBy, claimed: [...claimed] }));
    if (got.ok) {
      earlier.push(got.deal);
      log.push({ kind: "fair" });
      say(t("web.nopeek.state.fair"));
      // the deal counts now: its outcome and the audited record, as any table reports a deal
      if (got.model) draw({ model: got.model, moments: [], outcome: got.outcome, record: got.record });
      return judged?.(true, true);
    }
    log.push({ kind: "void", seat: got.seat, why: got.reason });
    say(t("web.nopeek.void.rule", { name: name(got.seat ?? "?"), reason: got.text ?? got.reason }));
    await voided(state);
  }

  /** The deal is void: it does not count, and what was said stays on the table. @param {string} said */
  async function voided(said) {
    const reply = await callPython("np_void", said);
    if (reply?.model) draw({ model: reply.model, moments: [] });
    judged?.(false, reply?.model?.next === "over");
  }

  /** After a table changed: the deal over → this seat reveals its key (once). @param {any} reply */
  async function maybeFinish(reply) {
    if (finished || !reply?.model || reply.model.next !== "over") return;
    finished = true;
    if (!inDeal()) return; // (a seat joined mid-deal: no key of this deal to show)
    const out = await session.run("finish");
    send(out.send);
    await events(out.events);
  }

  /**
   * Another seat's move and texts, in the relay's order.
   * @param {Envelope} env
   */
  async function take(env) {
    if (distrusted) return undefined;
    let faulted = false;
    /** @type {Map<number, string>} */
    const up = new Map();
    /** @type {string[]} */
    const received = [];
    /** @type {number[]} */
    const hidden = [];
    /** @type {Set<number>} */
    const committedBy = new Set();
    /** @type {Uint8Array | undefined} */
    let disclosed;
    /** @type {string[]} */
    const shownCards = [];
    for (const text of inDeal() ? env.texts : []) {
      const out = await session.run("receive", { args: [env.from, text] });
      send(out.send);
      const got = await events(out.events, env.from);
      faulted ||= got.faulted;
      got.up.forEach((card, slot) => up.set(slot, card));
      shownCards.push(...got.shown);
      received.push(...got.received);
      hidden.push(...slotsHidden(text));
      got.committed.forEach((s) => committedBy.add(s));
      disclosed = got.disclosed.get(env.from) ?? disclosed;
    }
    if (!env.move) return turnedUp(env.from, faulted, shownCards, disclosed);
    const seat = Number(env.move.split(" ")[0]);
    // a move comes on its own seat's channel, or a face-up hand's from the host's page
    const moverOk = seat === env.from || (env.from === deal?.host && faceUp.has(seat));
    // the cards a move names are the ones its texts opened, no more, no fewer, or ones every page
    // knows its seat holds (Python's, asked only then: a face-up hand's pass to it)
    // (a page not in the deal, a friend who joined it, has no session to open them: Python checks)
    const shows = (/** @type {string[]} */ open) => moveShowsWhatItNames(env.move, [...up.values()],
      new Set(deal?.cards ?? []), faceUp.has(seat), open);
    const matches = !inDeal() || shows([]) || (!faceUp.has(seat) && shows((await callPython("np_open_in", seat))?.cards ?? []));
    // an arrangement kept secret comes with its commitment (Call Kitti: opened at the shows)
    const committedOk = !/^\d+ arrange \?$/.test(env.move) || committedBy.has(seat);
    if (faulted || !moverOk || !matches || !committedOk) {
      log.push({ kind: "refused", seat, why: faulted ? "texts" : !moverOk ? "seat" : !matches ? "cards" : "commit" });
      return say(t("web.nopeek.refused", { name: name(seat) }));
    }
    const reply = await callPython("np_take", env.move);
    if (reply.refused) {
      log.push({ kind: "refused", seat, why: reply.refused.reason, text: reply.refused.text });
      return say(t("web.nopeek.refused.move", { name: name(seat), reason: reply.refused.text }));
    }
    moves.push({ move: env.move, slots: hidden });
    await waitOn(reply, reply.turned_up);
    let last = reply;
    if (received.length) {
      const after = await callPython("np_receive", JSON.stringify(received));
      if (after?.model) last = after;
    }
    last = await openPassed(last); // (the exchange came: a leaver's passed-in cards)
    if (env.from === me) return last; // (the host's page: a computer player's move, drawn by the caller)
    draw(last);
    await maybeFinish(last);
    return last;
  }

  /**
   * The host's deal against this page's own engine's plan (its computer players the deal's),
   * beside the keys and the shuffle (a friend's Python may still be booting): this seat's shares
   * go only once it holds; a deal that differs is said, naming the host, and taken no part in.
   * @param {Deal} d
   */
  async function checkDeal(d) {
    await python;
    const levels = d.levels ?? {};
    const plan = seated ? await callPython("np_next_plan", JSON.stringify(levels))
      : await callPython("np_plan", JSON.stringify({ ...config, levels }));
    if (deal !== d || distrusted) return; // (a newer deal came meanwhile, or this one is refused)
    const why = !plan || plan.error ? "plan" : dealDiffers(d, plan, me, config.players);
    if (why) return refuseDeal(d, why);
    await queue(async () => {
      if (deal !== d || distrusted) return;
      const out = await session.run("approve");
      send(out.send);
      await events(out.events);
    });
  }

  /** The host's deal is not the rules' deal: said, naming the host; this page takes no part.
   * @param {Deal} d @param {string} why */
  function refuseDeal(d, why) {
    if (distrusted) return;
    distrusted = true;
    log.push({ kind: "refused-deal", seat: d.host, why });
    say(t("web.nopeek.deal.refused", { name: name(d.host) }));
  }

  /** A committed arrangement's opening: its slots, or null if it is not a list of them. @param {Uint8Array} bytes */
  function arrangementSlots(bytes) {
    try {
      const words = JSON.parse(new TextDecoder().decode(bytes));
      return Array.isArray(words) && words.length <= 64 && words.every((w) => w === "/" || Number.isSafeInteger(w))
        ? /** @type {Array<number | "/">} */ (words) : null;
    } catch {
      return null;
    }
  }

  /** The slots a text hides (a face-down card, a pass): their cards come at the audit. @param {string} text */
  function slotsHidden(text) {
    try {
      const msg = JSON.parse(text);
      if (msg.kind === "hide") return [msg.body.slot];
      if (msg.kind === "give") return msg.body.slots;
    } catch { /* the session refused it */ }
    return [];
  }

  /**
   * This seat's move, applied by Python: its public form and the texts that reveal its cards.
   * @param {any} reply Python's, with ``send``
   */
  async function outgoing(reply) {
    let out = reply.send;
    delete reply.send;
    // (tests: a page that changes its own move before it goes, as a cheat's would)
    const tamper = /** @type {any} */ (globalThis).korttiNoPeekOutgoing;
    if (tamper) out = tamper(out, mine.byCard()) ?? out;
    /** @type {Outgoing[]} */
    const texts = [];
    /** @type {number[]} */
    const hidden = [];
    const run = async (/** @type {string} */ op, /** @type {unknown[]} */ args) => {
      const step = await session.run(op, { args });
      texts.push(...step.send);
      await events(step.events);
    };
    for (const card of out.show ?? []) {
      const slot = slotOf(card);
      if (slot !== undefined) await run("show", [slot]);
    }
    for (const card of out.hide ?? []) {
      const slot = slotOf(card);
      if (slot !== undefined) { await run("hide", [slot]); hidden.push(slot); }
    }
    if (out.give) {
      const slots = out.give.cards.map(slotOf).filter((/** @type {number | undefined} */ s) => s !== undefined);
      // (a leaver's seat is a crypto seat face up now: its pass is named, so shown, as to any face-up hand)
      if (deal?.seats.includes(out.give.seat) && !faceUp.has(out.give.seat)) {
        if (slots.length) await run("give", [slots, out.give.seat]);
        hidden.push(...slots);
      } else {
        for (const slot of slots) await run("show", [slot]); // to a hand face up to all: face up
      }
    }
    /** @type {Array<number | "/" | undefined> | undefined} */
    let arrange;
    if (out.commit) {
      // Call Kitti's arrangement as its slots (sets in show order, then the discard), committed to
      // before the bids; opened when the shows turn the sets up (the discard's card stays closed)
      const words = out.commit.split(" ").slice(2);
      const slots = mine.slotsOf(words.filter((/** @type {string} */ w) => w !== "/"));
      let i = 0;
      arrange = words.map((/** @type {string} */ w) => (w === "/" ? w : slots[i++]));
      if (arrange.every((s) => s !== undefined)) {
        await run("commit", [new TextEncoder().encode(JSON.stringify(arrange))]);
        committed = true;
      }
    }
    moves.push({ move: out.public, slots: out.public.includes("?") ? hidden : [], ...(arrange ? { arrange } : {}) });
    send(texts, out.public);
    await waitOn(reply, out.turned_up);
    await maybeFinish(reply);
  }

  /** The slot of a card of this seat's that leaves its hand. @param {string} card */
  function slotOf(card) {
    return mine.take(card);
  }

  /**
   * After a move this page applied (or holds back): the hands it turns up are awaited, and this
   * seat's own go out (Katte's last card at trick six, Call Kitti's sets at the shows: shown, after
   * the commitment's opening), as texts of their own after the move.
   * @param {any} reply Python's @param {string[] | undefined} own this seat's cards the move turns up
   */
  async function waitOn(reply, own) {
    if (reply?.wait) {
      waitFor = { ...reply.wait.cards };
      turnedIn.clear();
    }
    if (!own?.length) return;
    /** @type {Outgoing[]} */
    const texts = [];
    const run = async (/** @type {string} */ op, /** @type {unknown[]} */ args) => {
      const step = await session.run(op, { args });
      texts.push(...step.send);
      await events(step.events);
    };
    if (committed) {
      committed = false;
      await run("open", []);
    }
    for (const card of own) {
      const slot = slotOf(card);
      if (slot !== undefined) await run("show", [slot]);
    }
    shownBy[String(me)] = own.slice();
    for (let i = 0; i < texts.length; i += MAX_TEXTS) send(texts.slice(i, i + MAX_TEXTS));
  }

  /**
   * Cards a seat turned up (shown, with no move): the move that waits for them goes on once
   * every seat's have come. A show nothing waits for, or more cards than the move turns up, is
   * refused and named. ``opened``: the seat's commitment opened with them (its arrangement's slots).
   * @param {number} seat @param {boolean} faulted @param {string[]} cards @param {Uint8Array} [opened]
   */
  async function turnedUp(seat, faulted, cards, opened) {
    if (opened) {
      const entry = moves.find((m) => m.move === `${seat} arrange ?` && !m.arrange);
      const slots = arrangementSlots(opened);
      if (entry && slots) entry.arrange = slots; // (a wrong one: the audit finds the arrangement unreadable)
    }
    if (!cards.length) return;
    const want = waitFor?.[String(seat)];
    if (want === undefined && !faulted && config.game === "katte" && !claimed.has(seat)) return claimedBy(seat, cards);
    const got = [...(turnedIn.get(seat) ?? []), ...cards];
    if (faulted || want === undefined || got.length > want) {
      log.push({ kind: "refused", seat, why: "cards" });
      return say(t("web.nopeek.refused", { name: name(seat) }));
    }
    turnedIn.set(seat, got);
    if (got.length < want) return;
    delete (/** @type {Record<string, number>} */ (waitFor))[String(seat)];
    shownBy[String(seat)] = got;
    const reply = await callPython("np_show", seat, JSON.stringify(got));
    if (reply?.error) {
      log.push({ kind: "error", text: reply.error });
      return say(reply.error);
    }
    if (!reply?.wait) waitFor = null;
    draw(reply);
    await maybeFinish(reply);
  }

  return {
    /** The host's deal begins on this page: a new session. @param {Deal} d */
    deal(d) {
      return queue(async () => {
        deal = d;
        if (d.levels) faceUp = new Set(Object.keys(d.levels).map(Number));
        finished = false;
        audited = false;
        moves = [];
        mine.clear();
        waitFor = null;
        turnedIn.clear();
        shownBy = {};
        committed = false;
        claimed.clear();
        distrusted = false;
        void checkDeal(d); // (not awaited: the keys and the shuffle go on meanwhile)
        let out;
        try {
          out = await session.run("deal", { options: { game: config.game, deal: d.id, cards: d.cards, seats: d.seats,
            me, layout: d.layout, relay: d.host, hold: true } });
        } catch (e) { // (a deal the session cannot even lay out: not the rules' deal either)
          return refuseDeal(d, String(e));
        }
        if (distrusted) return; // (refused while the session started: nothing of it goes)
        send(out.send);
        await events(out.events);
      });
    },
    /** @param {Envelope} env */
    take(env) { return queue(() => take(env)); },
    /** A friend who joins a running deal in a face-up seat: it plays that seat face up until
     * the deal ends, and deals in the next. @param {JoinAt} at */
    join(at) {
      return queue(async () => {
        deal = at.deal;
        faceUp = new Set(Object.keys(at.deal.levels ?? {}).map(Number));
        finished = false;
        audited = false;
        moves = at.moves.map((move) => ({ move, slots: [] }));
        earlier.splice(0, earlier.length, ...at.earlier);
        await python;
        const reply = await callPython("np_join", JSON.stringify({ ...config, levels: at.deal.levels ?? {} }),
          JSON.stringify(at.start), JSON.stringify(at.moves));
        if (reply?.error) {
          log.push({ kind: "error", text: reply.error });
          return say(reply.error);
        }
        finished = reply.model?.next === "over";
        draw(reply);
      });
    },
    /** The relay's page: the deal on as a friend who joins it now learns it (its seat face up). @param {number} seat
     * @returns {JoinAt | null} */
    joinAt(seat) {
      if (!deal || !begun) return null;
      const { [String(seat)]: hand = [], ...known } = begun.known;
      return { deal: { ...deal, levels: { ...(deal.levels ?? {}) } }, start: { start: begun.start, hand, known, turned: begun.turned },
        moves: moves.map((m) => m.move), earlier: earlier.slice() };
    },
    /** The relay's page: a job in this page's order (a friend's move is checked here, at the
     * state every earlier move has made, before it goes round). @param {() => Promise<unknown>} job */
    inTurn(job) { return queue(job); },
    /** The host says a seat's page is gone: its escrow piece from this page. ``why``: it left,
     * lost its connection, or stopped answering (LEFT_WORDS). @param {number} seat @param {string} [why] */
    left(seat, why = "left") {
      leftWhy.set(seat, why);
      log.push({ kind: "left", seat, why });
      return queue(async () => {
        const out = await session.run("left", { args: [seat] });
        send(out.send);
        await events(out.events);
      });
    },
    /** The host's relay refused a seat's text (a forged one) or move: said on every page.
     * @param {number} seat @param {string} why @param {string} [reason] a move's, in the host's words */
    refused(seat, why, reason = "") {
      log.push({ kind: "refused", seat, why });
      if (seat === me) { // (this page's own: said to its player as theirs)
        return say(reason ? t("web.nopeek.refused.move.mine", { reason }) : t("web.nopeek.refused.mine"));
      }
      say(reason ? t("web.nopeek.refused.move", { name: name(seat), reason }) : t("web.nopeek.refused", { name: name(seat) }));
    },
    /** The table's calls (engine.js's ``useRemote``): the seat's own moves go round from here. */
    remote: {
      /** @param {string} call @param {...unknown} args @returns {Promise<any>} */
      call(call, ...args) {
        // (a turn timer run out: the rules' timeout or the seat's computer player, decided here)
        if (call === "act" || call === "act_cards" || call === "timeout") {
          return queue(async () => {
            const reply = await callPython(call, ...args);
            if (reply?.send) await outgoing(reply);
            return openPassed(reply); // (this seat's pass the last: the exchange)
          });
        }
        if (call === "bot_turn") return queue(() => botTurn());
        if (call === "ready" && ready) {
          ready();
          return callPython("np_ready");
        }
        if (call === "next_deal" && next) return next(args[0] === "now");
        if (["hint", "undo", "duplicate", "review_start", "review_one", "review", "leave_seat", "ready", "next_deal"].includes(call)) {
          return Promise.resolve({ error: t("web.friends.guest.no") });
        }
        return callPython(call, ...args);
      },
    },
    /** The host's page: the seats the table waits on now (never this one's), and whether for a
     * person's move (``turn``) or for a step of the deal or the check (the session's). None while
     * this page has steps queued: the table is at work here, not waiting on anyone.
     * @returns {Promise<{seats: number[], turn: boolean}>} */
    async waitingOn() {
      const none = { seats: [], turn: false };
      if (queued || !deal) return none;
      if (inDeal()) {
        const step = /** @type {{waiting?: number[]}} */ (await session.run("waiting"));
        if (step.waiting?.length) return { seats: step.waiting.filter((s) => s !== me), turn: false };
      }
      if (queued || !seated || finished) return none;
      const acting = await callPython("np_acting");
      return queued || !Array.isArray(acting) ? none : { seats: acting.filter((s) => s !== me), turn: true };
    },
    /** Tests and bug reports: what was said, refused and audited; the session's state line. */
    get log() { return log.slice(); },
    /** The deals audited fair, every card in them (tests: what each seat could know, when). */
    get audits() { return earlier.slice(); },
    /** Tests: every card code this seat's Python holds. */
    known() { return callPython("np_known"); },
    get state() { return state; },
    get audited() { return audited; },
    close() { session.close(); },
  };

  /** The host's page: a computer player's move, decided here on what every page knows, goes
   * round the table like any move; this page applies it as every other does. */
  async function botTurn() {
    const got = await callPython("np_bot");
    if (!got?.move) return got?.cancelled ? got : { cancelled: true };
    const env = { from: me, n: 0, texts: [], move: got.move };
    submit({ texts: [], move: got.move });
    const reply = await take(env);
    if (reply?.model) await maybeFinish(reply);
    return reply ?? { cancelled: true };
  }
}
