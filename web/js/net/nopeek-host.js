// The host's side of a no-peek table (issue 50): the host's page is a seat like the others
// (net/nopeek-table.js) and also the table's relay: it numbers every seat's deal texts and
// moves in one order and hands each on to every other page (net/nopeek-relay.js), starts
// each deal, says who left, and decides the computer players' moves (their hands are face
// up to all; every page checks them in full). It sees no card it may not: a friend's
// texts are sealed or public, and its own seat's match is partial like every page's.
import { callPython } from "../engine.js";
import { t } from "../i18n.js";
import { createNoPeekPage } from "./nopeek-table.js";
import { createRelay } from "./nopeek-relay.js";
import { watchSilence } from "./nopeek-watch.js";

/**
 * @typedef {import("./nopeek-table.js").Config} Config
 * @typedef {import("./nopeek-table.js").Deal} Deal
 * @typedef {{sendTo(seat: number, kind: string, fields: Record<string, unknown>): void, readonly connected: Array<number | null>,
 *   remove(seat: number, why?: string): void}} Friends the friends table's host (host.js)
 */

/**
 * @param {{friends: Friends, config: Config, guests: Record<string, string>, tableId: string,
 *   open: (reply: any) => void, push: (reply: any) => void, said?: (text: string) => void}} options
 *   ``config``: the host's seat's (its ``levels``: the computer players' seats), ``guests``: the
 *   friends' names by seat, ``tableId``: the match's (deal ids)
 */
export function createNoPeekHost({ friends, config, guests, tableId, open, push, said }) {
  const me = config.seat;
  /** the seats a person plays: the host's and the friends' (one who joins later too) */
  const persons = new Set(Array.from({ length: config.players }, (_, s) => s).filter((s) => !(String(s) in (config.levels || {}))));
  const gone = new Set();
  let deals = 0;
  /** the deal on (null before the first) */
  /** @type {Deal | null} */
  let current = null;
  /** the friends with a table for this deal (dealt in it, or joined it), and those "ready" for the next */
  const seated = new Set();
  const ready = new Set();
  let hostReady = false;
  let audited = false;
  /** the next deal is being dealt, asked from the summary (until its audit: asked again, nothing happens) */
  let redealt = false;
  const seatConfig = { ...config, np_host: true };
  const page = createNoPeekPage({ config: seatConfig, submit: (env) => take(me, env), open, push, said,
    next: (now) => next(now), verdict: (fair, over) => {
      audited = true;
      redealt = false;
      // a deal void before its end (a leaver): no summary to say "ready" on; the next deal
      // comes at once if there are still people to deal between
      if (!over && present().length > 1) {
        hostReady = true;
        for (const s of seated) ready.add(s);
      }
      tryDeal();
    } });
  /** The seats a person plays now, each at its page (the relay's seats; the next deal's crypto seats). */
  const present = () => [...persons].sort((a, b) => a - b).filter((s) => s === me || (!gone.has(s) && friends.connected.includes(s)));
  /** The next deal's computer players: every seat no person plays (a leaver's too), at its level. */
  const levelsNow = () => Object.fromEntries(Array.from({ length: config.players }, (_, s) => s)
    .filter((s) => !present().includes(s)).map((s) => [String(s), (config.levels || {})[String(s)] ?? "medium"]));
  const relay = createRelay({
    seats: present,
    deliver: (seat, relayed) => {
      if (seat === me) page.take(relayed);
      else friends.sendTo(seat, "np", relayed);
    },
  });

  /** Every page (the host's too) hears it. @param {string} kind @param {Record<string, unknown>} fields */
  function toAll(kind, fields) {
    for (const seat of present()) if (seat !== me) friends.sendTo(seat, kind, fields);
  }

  /** A page's texts and move, into the one order; a refused one is named on every page.
   * @param {number} seat @param {object} envelope */
  function take(seat, envelope) {
    const why = relay.take(seat, envelope);
    if (!why) return;
    toAll("np-refused", { seat, why });
    page.refused(seat, why);
  }

  /** A friend's texts and move: the move is checked on this page first, in the table's order
   * (a move this page refuses at once goes nowhere, and every page names it, so that no page
   * takes a move another refused). @param {number} seat @param {{texts: any[], move?: string}} envelope */
  function fromFriend(seat, envelope) {
    heard.set(seat, performance.now());
    page.inTurn(async () => {
      const move = envelope.move;
      const got = typeof move === "string" && Number(move.split(" ")[0]) === seat ? await callPython("np_check", move) : {};
      if (got?.refused) {
        toAll("np-refused", { seat, why: "move", reason: got.refused.text });
        page.refused(seat, "move", got.refused.text);
        return;
      }
      take(seat, envelope);
    });
  }

  /** when each friend's page last sent the table its texts or a move (the watch's "nothing from it") */
  /** @type {Map<number, number>} */
  const heard = new Map();
  // a friend's page the table waits on, silent past its limit (connected, but its texts or its
  // move never come): handed on as a leaver's, its channel closed with the reason
  const watch = watchSilence({
    waitingOn: () => page.waitingOn(),
    heard: (seat) => heard.get(seat) ?? -Infinity,
    friends: () => present().filter((s) => s !== me),
    turnSeconds: Number(config.turn_seconds || /** @type {any} */ (config.options)?.turn_seconds || 0),
    handOn: (seat) => friends.remove(seat, "silent"),
  });

  /** The table's config as every page sits with it (the friends' pages: with their own seat). */
  function shared() {
    return { game: config.game, players: config.players, options: config.options, names: seatConfig.names,
      levels: current?.levels ?? config.levels, id: tableId,
      ...(config.turn_seconds ? { turn_seconds: config.turn_seconds } : {}) };
  }

  /** The next deal: its slots from the engine's deal (the seats worked out again: who is at the
   * table now), then every page's session starts. */
  async function deal() {
    const levels = levelsNow();
    const plan = deals === 0 ? await callPython("np_plan", JSON.stringify({ ...config, levels, guests }))
      : await callPython("np_next_plan", JSON.stringify(levels));
    if (plan?.error) return plan;
    deals += 1;
    if (plan.names) seatConfig.names = plan.names; // (the first deal's: every seat's, bots' in the host's words)
    // the dealer the rules do not fix is drawn by the host's page (it sees no card by it)
    const start = plan.start ?? crypto.getRandomValues(new Uint32Array(1))[0] % config.players;
    const id = `${tableId}-${deals}`.replace(/[^A-Za-z0-9._:~-]/g, "").slice(-64);
    /** @type {Deal} */
    const dealt = { id, seats: present(), layout: plan.layout, cards: plan.cards, start, host: me, levels,
      turned: plan.turned ?? null };
    current = dealt;
    relay.newDeal();
    seated.clear();
    for (const s of dealt.seats) if (s !== me) seated.add(s);
    ready.clear();
    hostReady = false;
    audited = false;
    toAll("np-deal", { deal: dealt, config: shared() });
    page.deal(dealt);
    return dealt;
  }

  /** The host's "next deal" (``now``: "Deal now", without waiting for the friends' "ready"). @param {boolean} now */
  async function next(now) {
    if (redealt) return undefined; // (asked again while the next deal is dealt: a public table's timer)
    hostReady = true;
    if (now) return audited ? dealNow() : { error: t("web.nopeek.state.audit") };
    return tryDeal();
  }

  /** The next deal once the host asked, this page's audit is over and every friend at the
   * table is ready; else the host's summary says whom it waits for. */
  async function tryDeal() {
    if (!hostReady) return undefined;
    const waiting = [...seated].filter((s) => present().includes(s) && !ready.has(s));
    if (!waiting.length && audited) return dealNow();
    const reply = await callPython("np_wait_for", JSON.stringify(waiting), "true");
    if (reply?.model) push(reply);
    return reply;
  }

  async function dealNow() {
    redealt = true;
    const dealt = await deal();
    if ("error" in dealt) {
      redealt = false;
      return dealt;
    }
    // (the summary stays, nobody waited for, until the deal's hand comes: the table comes with it)
    return callPython("np_wait_for", "[]", "true");
  }

  return {
    deal,
    /** A friend's message of the no-peek kind (host.js). @param {number} seat @param {any} msg */
    take(seat, msg) { fromFriend(seat, { texts: msg.texts, ...(msg.move === undefined ? {} : { move: msg.move }) }); },
    /** A friend's page is gone: every page opens its hand from the escrow (a seat it played
     * face up goes back to its computer player), and says why (``why``, host.js's: "lost" its
     * connection, "silent" past its limit, else it left). @param {number} seat @param {string} [why] */
    left(seat, why = "left") {
      if (gone.has(seat) || !persons.has(seat)) return;
      gone.add(seat);
      seated.delete(seat);
      if (current && !current.seats.includes(seat)) {
        callPython("np_person_up", seat, "false").then((reply) => { if (reply?.model) push(reply); });
        return;
      }
      const said = why === "lost" || why === "silent" ? why : "left";
      toAll("np-left", { seat, why: said });
      page.left(seat, said);
      tryDeal();
    },
    /** A friend said "ready" for the next deal. @param {number} seat */
    ready(seat) {
      ready.add(seat);
      tryDeal();
    },
    /** A friend joins the running match (a computer player's seat: a leaver's, or a seat no
     * one took): it plays the seat face up until this deal ends (its hand is face up to all
     * already) and deals in the next. @param {number} seat */
    joined(seat) {
      const at = current && String(seat) in (current.levels ?? {}) ? page.joinAt(seat) : null;
      if (!at || !at.start.hand.length) { // (a leaver's seat, its hand opened mid-deal: from the next deal)
        persons.add(seat);
        gone.delete(seat);
        return;
      }
      page.inTurn(async () => {
        // (in the table's order: the moves so far, then every later one relayed to it too)
        persons.add(seat);
        gone.delete(seat);
        seated.add(seat);
        friends.sendTo(seat, "np-join", { at: page.joinAt(seat), config: shared() });
        const reply = await callPython("np_person_up", seat, "true");
        if (reply?.model) push(reply);
      });
    },
    page,
    get refusals() { return relay.refusals; },
    /** The table is left: the watch stops, and this page's seat. */
    close() {
      watch.stop();
      page.close();
    },
  };
}
