// The host's side of a no-peek table (issue 50): the host's page is a seat like the others
// (net/nopeek-table.js) and also the table's relay: it numbers every seat's deal texts and
// moves in one order and hands each on to every other page (net/nopeek-relay.js), starts
// each deal, says who left, and decides the computer players' moves (their hands are face
// up to all; every page checks them in full). It sees no card it may not: a friend's
// texts are sealed or public, and its own seat's match is partial like every page's.
import { callPython } from "../engine.js";
import { createNoPeekPage } from "./nopeek-table.js";
import { createRelay } from "./nopeek-relay.js";

/**
 * @typedef {import("./nopeek-table.js").Config} Config
 * @typedef {import("./nopeek-table.js").Deal} Deal
 * @typedef {{sendTo(seat: number, kind: string, fields: Record<string, unknown>): void, readonly connected: Array<number | null>}} Friends
 *   the friends table's host (host.js)
 */

/**
 * @param {{friends: Friends, config: Config, guests: Record<string, string>, tableId: string,
 *   open: (reply: any) => void, push: (reply: any) => void, said?: (text: string) => void}} options
 *   ``config``: the host's seat's (its ``levels``: the computer players' seats), ``guests``: the
 *   friends' names by seat, ``tableId``: the match's (deal ids)
 */
export function createNoPeekHost({ friends, config, guests, tableId, open, push, said }) {
  const me = config.seat;
  /** the seats a person plays (the crypto seats): the host's and the friends' */
  const persons = Array.from({ length: config.players }, (_, s) => s).filter((s) => !(String(s) in (config.levels || {})));
  const gone = new Set();
  let deals = 0;
  const seatConfig = { ...config, np_host: true };
  const page = createNoPeekPage({ config: seatConfig, submit: (env) => take(me, env), open, push, said });
  const relay = createRelay({
    seats: () => persons.filter((s) => s === me || (!gone.has(s) && friends.connected.includes(s))),
    deliver: (seat, relayed) => {
      if (seat === me) page.take(relayed);
      else friends.sendTo(seat, "np", relayed);
    },
  });

  /** Every page (the host's too) hears it. @param {string} kind @param {Record<string, unknown>} fields */
  function toAll(kind, fields) {
    for (const seat of persons) if (seat !== me && !gone.has(seat)) friends.sendTo(seat, kind, fields);
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

  return {
    /** The next deal: its slots from the engine's deal, then every page's session starts. */
    async deal() {
      const plan = deals === 0 ? await callPython("np_plan", JSON.stringify({ ...config, guests })) : await callPython("np_next_plan");
      if (plan?.error) return plan;
      deals += 1;
      if (plan.names) seatConfig.names = plan.names; // (the first deal's: every seat's, bots' in the host's words)
      // the dealer the rules do not fix is drawn by the host's page (it sees no card by it)
      const start = plan.start ?? crypto.getRandomValues(new Uint32Array(1))[0] % config.players;
      const id = `${tableId}-${deals}`.replace(/[^A-Za-z0-9._:~-]/g, "").slice(-64);
      /** @type {Deal} */
      const deal = { id, seats: persons.filter((s) => !gone.has(s)), layout: plan.layout, cards: plan.cards, start, host: me };
      const shared = { game: config.game, players: config.players, options: config.options, names: seatConfig.names,
        levels: config.levels };
      toAll("np-deal", { deal, config: shared });
      page.deal(deal);
      return deal;
    },
    /** A friend's message of the no-peek kind (host.js). @param {number} seat @param {any} msg */
    take(seat, msg) { fromFriend(seat, { texts: msg.texts, ...(msg.move === undefined ? {} : { move: msg.move }) }); },
    /** A friend's page is gone: every page opens its hand from the escrow. @param {number} seat */
    left(seat) {
      if (gone.has(seat) || !persons.includes(seat)) return;
      gone.add(seat);
      toAll("np-left", { seat });
      page.left(seat);
    },
    page,
    get refusals() { return relay.refusals; },
  };
}
