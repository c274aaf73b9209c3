// The host's side of a friends table: one data channel per friend, each bound to one seat.
// The host's page runs the match in its worker; this file hands each friend's checked
// requests to it (``guest_call``: the controller checks them again, from that seat) and
// sends each friend only the replies made for that seat (``guests`` in every reply, taken
// out by engine.js). A friend whose channel closes hands the seat to a computer player at
// once (``guest_leave``): the table never waits on a lost peer.
import { call, relayGuests } from "../engine.js";
import * as protocol from "./protocol.js";

/** Refused messages from one friend before the host stops listening to that friend. */
const MAX_REFUSED = 50;
/** How long a friend's page has to say hello once the channel is open. */
const HELLO_MS = 10000;

/**
 * @typedef {{readyState: string, send(text: string): void, close(): void,
 *   onmessage: ((event: any) => void) | null, onclose: ((event?: any) => void) | null}} Channel
 *   an RTCDataChannel, or room.js's face on a peer met by the table code
 * @typedef {{seat: number | null, name: string, token: string, channel: Channel | null,
 *   lastId: number, rate: {take(): boolean}, refused: number, joined: boolean, ready: boolean, lang: string,
 *   heard: number}} Seat
 */

/**
 * The host: ``table.push(reply)`` draws a reply that came by itself on the host's table;
 * ``onChange()`` is told whenever who sits where changes (the invite dialog redraws).
 * @param {{push(reply: object): void, readonly model: any}} table
 * ``inRoom()``: no match yet (the room before the first deal): friends gather, none plays.
 * ``freeSeats()``: the seats a friend who comes by the table code may take, in order;
 * ``tokens``/``onTokens``: the friends' tokens by seat, kept by the caller (they outlive a reload).
 * ``words(lang)``: resolves once the worker has a language's words (a friend's, fetched when one joins).
 * ``noPeek``: a no-peek table's relay (net/nopeek-host.js): a friend's deal texts go to it,
 * and a friend gone mid-match is said to it (``left``).
 * @param {{hostName: string, inRoom?: () => boolean, onChange?: () => void, freeSeats?: () => number[],
 *   tokens?: Record<string, string>, onTokens?: (tokens: Record<string, string>) => void,
 *   words?: (lang: string) => Promise<unknown>,
 *   noPeek?: () => ({take(seat: number, msg: object): void, left(seat: number, why?: string): void, ready(seat: number): void,
 *     joined(seat: number): void} | null)}} options
 */
export function createHost(table, options) {
  /** @type {Map<number, Seat>} */
  const seats = new Map();
  const waiting = new Set(); // channels by the table code, before their hello names a seat
  /** @type {Map<number, string>} each seat's friend's token (a friend who comes back shows it) */
  const tokens = new Map(Object.entries(options.tokens || {}).map(([k, v]) => [Number(k), String(v)]));
  let seq = 0;
  /** @type {Promise<unknown>} the friends' requests, one at a time, in arrival order */
  let work = Promise.resolve();
  /** @type {Array<{seat: number | null, why: string}>} what was refused, newest last (tests and bug reports) */
  const log = [];

  // each friend hears from the host, and is heard, every PING_MS; silence is a lost peer
  const beat = setInterval(() => {
    const now = performance.now();
    for (const s of seats.values()) {
      if (!s.channel) continue;
      if (now - s.heard > protocol.LOST_MS) drop(s, "lost");
      else if (s.channel.readyState === "open") send(s, "ping", {});
    }
  }, protocol.PING_MS);

  // each friend's turn timer, kept by the host too (a little longer than the friend's own)
  /** @type {Map<number, {decision: number, handle: ReturnType<typeof setTimeout>}>} */
  const timers = new Map();
  /** @param {number} seat @param {any} reply the friend's table, as relayed */
  function watchTimer(seat, reply) {
    const m = reply?.model;
    const timer = m?.mine ? m.timer : null;
    const old = timers.get(seat);
    if (old && (!timer || old.decision !== m.decision)) {
      clearTimeout(old.handle);
      timers.delete(seat);
    }
    if (!timer || timers.has(seat)) return;
    const decision = m.decision;
    const handle = setTimeout(() => {
      timers.delete(seat);
      const s = seats.get(seat);
      // still that decision, on the host's table: the host plays for the friend's seat
      if (s?.joined && table.model?.decision === decision) queue(() => request(s, { id: 0, call: "timeout" }));
    }, timer.seconds * 1000 + protocol.TIMER_GRACE_MS);
    timers.set(seat, { decision, handle });
  }

  // the host's page going away (a reload, a closed tab) tells every friend at once
  const goodbye = () => {
    for (const s of seats.values()) if (s.channel?.readyState === "open") send(s, "closed", { why: "host-left" });
  };
  addEventListener("pagehide", goodbye);

  relayGuests((/** @type {Record<string, object>} */ guests) => {
    seq += 1;
    for (const [key, reply] of Object.entries(guests)) {
      const s = seats.get(Number(key));
      if (s?.channel?.readyState === "open") send(s, "update", { seq, reply });
      watchTimer(Number(key), reply);
    }
  });

  /** @param {Seat} s @param {string} kind @param {Record<string, unknown>} fields */
  function send(s, kind, fields) {
    try {
      s.channel?.send(protocol.encode(kind, fields));
    } catch (e) {
      console.warn("kortti: a friend's channel refused a message:", e);
    }
  }

  /** @param {Seat} s @param {string} why @param {number} [id] */
  function refuse(s, why, id) {
    s.refused += 1;
    log.push({ seat: s.seat, why });
    if (log.length > 200) log.shift();
    send(s, "refused", id === undefined ? { why } : { id, why });
    if (s.refused > MAX_REFUSED) drop(s, "flood");
  }

  /** The seat a friend who came by the table code takes: the one its token names (a friend
   * coming back), else the first free one (``options.freeSeats()``, in order); null if none. */
  /** @param {string} token @returns {number | null} */
  function chooseSeat(token) {
    const free = options.freeSeats?.() ?? [];
    const busy = (/** @type {number} */ seat) => seats.get(seat)?.channel?.readyState === "open" && seats.get(seat)?.joined;
    for (const [seat, known] of tokens) if (token && known === token && !busy(seat)) return seat;
    const unclaimed = free.find((seat) => !busy(seat) && !tokens.has(seat));
    return unclaimed ?? free.find((seat) => !busy(seat)) ?? null;
  }

  /** A friend's channel is open: for ``seat`` (an invite), or for any free seat (``null``:
   * the table code; the seat is chosen at the friend's hello). The friend says hello, then plays. */
  /**
   * @param {number | null} seat
   * @param {Channel} channel
   */
  function attach(seat, channel, name = "") {
    const old = seat === null ? null : seats.get(seat);
    if (old?.channel && old.channel !== channel && old.channel.readyState === "open") {
      channel.send(protocol.encode("closed", { why: "taken" }));
      channel.close();
      return;
    }
    /** @type {Seat} */
    const s = { seat, name, token: seat === null ? "" : tokens.get(seat) || "", channel, lastId: -1,
      rate: protocol.bucket(), refused: 0, joined: false, ready: false, lang: "en", heard: performance.now() };
    if (seat !== null) seats.set(seat, s);
    else {
      waiting.add(s);
      // a peer met by the table code: the host says so (the code's other peers are friends)
      channel.send(protocol.encode("table", { host: options.hostName }));
    }
    const hello = setTimeout(() => { if (!s.joined) drop(s, "hello"); }, HELLO_MS);
    channel.onmessage = (/** @type {{data: unknown}} */ event) => {
      if (s.channel !== channel) return;
      s.heard = performance.now();
      /** @type {any} */ (globalThis).korttiTap?.(event.data); // (tests and bug reports: every message as it came)
      if (!s.rate.take()) return refuse(s, "flood");
      const got = protocol.parse(event.data, "guest");
      if (!got.ok) {
        if (got.why === "version") return drop(s, "version");
        return refuse(s, got.why);
      }
      const msg = got.msg;
      if (msg.kind === "hello") {
        if (s.joined) return refuse(s, "hello");
        clearTimeout(hello);
        if (s.seat === null) {
          waiting.delete(s);
          const chosen = chooseSeat(msg.token);
          if (chosen === null) {
            channel.send(protocol.encode("closed", { why: "full" }));
            channel.close();
            return undefined;
          }
          s.seat = chosen;
          s.token = tokens.get(chosen) || "";
          seats.get(chosen)?.channel?.close();
          seats.set(chosen, s);
        }
        return queue(() => join(s, msg));
      }
      if (!s.joined) return refuse(s, "hello");
      if (msg.kind === "ping") return undefined;
      if (msg.kind === "bye") return drop(s, "bye");
      if (msg.kind === "np") {
        const np = options.noPeek?.();
        if (!np) return refuse(s, "unknown");
        return np.take(Number(s.seat), msg);
      }
      if (msg.kind === "ready") {
        s.ready = true;
        options.noPeek?.()?.ready(Number(s.seat)); // (a no-peek match: ready for its next deal)
        return options.onChange?.();
      }
      // a request older than the last one (replayed or reordered) is refused, not run
      if (msg.id <= s.lastId) return refuse(s, "order", msg.id);
      s.lastId = msg.id;
      queue(() => request(s, msg));
    };
    channel.onclose = () => { if (s.channel === channel) drop(s, "closed"); };
  }

  /** @param {() => Promise<unknown> | unknown} job */
  function queue(job) {
    work = work.then(job).catch((e) => console.warn("kortti: a friend's request failed:", e));
    return work;
  }

  /** @param {Seat} s a seat chosen (its ``seat`` is set) @param {protocol.Hello} msg */
  async function join(s, msg) {
    // a friend who comes back shows the token the host gave (an invite for the seat is the
    // host's own choice, so a new face with it gets a new token)
    if (!s.token || msg.token !== s.token) s.token = protocol.token();
    tokens.set(Number(s.seat), s.token);
    options.onTokens?.(Object.fromEntries(tokens));
    s.name = protocol.cleanName(msg.name) || `${Number(s.seat) + 1}`;
    s.lang = msg.lang;
    // the friend's table is worded here, in the friend's language: its words first (offline
    // and not kept: the friend's table speaks English)
    await options.words?.(msg.lang).catch(() => {});
    send(s, "welcome", { seat: s.seat, host: options.hostName, token: s.token });
    s.joined = true;
    if (options.inRoom?.()) return options.onChange?.(); // seated when the host deals
    const np = options.noPeek?.();
    if (np) { // a no-peek match: the friend's own page plays the seat (face up until the next deal)
      np.joined(Number(s.seat));
      return options.onChange?.();
    }
    const reply = await call("guest_join", s.seat, s.name, msg.lang);
    if (reply?.error) {
      send(s, "closed", { why: "seat" });
      s.joined = false;
      s.channel?.close();
      return;
    }
    table.push(reply);
    options.onChange?.();
  }

  /** @param {Seat} s a seat chosen @param {{id: number, call: string, args?: unknown[]}} msg */
  async function request(s, msg) {
    const got = msg.call === "timeout" ? await call("guest_timeout", s.seat)
      : await call("guest_call", s.seat, JSON.stringify({ call: msg.call, args: msg.args }));
    if (s.channel?.readyState !== "open") return;
    if (msg.id) send(s, "answer", { id: msg.id, seq, reply: got?.reply ?? { error: "" } });
    else if (got?.reply?.model) send(s, "update", { seq, reply: got.reply }); // (the host's own timeout for the seat)
    if (got?.host) table.push(got.host);
  }

  /** @param {Seat} s @param {string} why */
  function drop(s, why) {
    if (waiting.delete(s)) {
      try { s.channel?.close(); } catch { /* gone */ }
      return;
    }
    if (s.seat === null || seats.get(s.seat) !== s || !s.channel) return;
    const channel = s.channel;
    s.channel = null;
    if (channel.readyState === "open" && why !== "closed" && why !== "bye") {
      try { channel.send(protocol.encode("closed", { why })); } catch { /* already going */ }
    }
    channel.close();
    if (s.joined && options.inRoom?.()) s.joined = false;
    const np = s.joined ? options.noPeek?.() : null;
    if (np) {
      // a no-peek table: the others open the friend's hand, the host's page plays it face up
      s.joined = false;
      np.left(Number(s.seat), why);
    } else if (s.joined) {
      s.joined = false;
      queue(async () => {
        const reply = await call("guest_leave", s.seat);
        if (reply && !reply.error) table.push(reply);
        options.onChange?.();
      });
    }
    options.onChange?.();
  }

  return {
    attach,
    /** A message to one friend's page (a no-peek table's relay), if its channel is open.
     * @param {number} seat @param {string} kind @param {Record<string, unknown>} fields */
    sendTo(seat, kind, fields) {
      const s = seats.get(seat);
      if (s?.joined && s.channel?.readyState === "open") send(s, kind, fields);
    },
    /** The host removes a friend: the seat goes to a computer player at once. ``why``: said to
     * the friend's page (a no-peek table's watch: "silent"). */
    /** @param {number} seat @param {string} [why] */
    remove(seat, why = "removed") {
      const s = seats.get(seat);
      if (s) drop(s, why);
    },
    /** Peers met by the table code that have not said hello yet (a stranger joining). */
    get connecting() { return waiting.size; },
    /** Who is connected, by seat. */
    get connected() { return [...seats.values()].filter((s) => s.joined).map((s) => s.seat); },
    /** The friends connected: seat, name, language, ready (the room's "Deal" waits for all). */
    get friends() {
      return [...seats.values()].filter((s) => s.joined).sort((a, b) => Number(a.seat) - Number(b.seat))
        .map((s) => ({ seat: s.seat, name: s.name, lang: s.lang, ready: s.ready }));
    },
    get refusals() { return log.slice(); },
    close() {
      clearInterval(beat);
      removeEventListener("pagehide", goodbye);
      for (const { handle } of timers.values()) clearTimeout(handle);
      for (const s of seats.values()) drop(s, "closed-by-host");
      relayGuests(null);
    },
  };
}
