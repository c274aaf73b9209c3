// A friend's side of a friends table: the page draws the table with the same code as solo
// play (table.js), but its calls go over the data channel to the host's page, which runs
// the match; no Python is needed here. The host sends this seat's tables only.
import * as protocol from "./protocol.js";

const ANSWER_MS = 30000; // a request the host never answers: said, not waited on forever

/**
 * A reply from the host with every name in it checked as this page shows names (a host is a
 * stranger at a public table): the seats', the friends' and the waiting page's.
 * @param {any} reply
 */
function cleanNames(reply) {
  /** @param {any} list */
  const clean = (list) => {
    if (!Array.isArray(list)) return;
    for (const who of list) if (who && typeof who === "object" && "name" in who) who.name = protocol.cleanName(who.name) || "?";
  };
  clean(reply?.model?.seats);
  clean(reply?.model?.friends);
  clean(reply?.waiting?.friends);
  return reply;
}

/**
 * The friend's connection, once its data channel is open.
 * @param {RTCDataChannel} channel
 * @param {{name: string, lang: string, token: string,
 *   onWelcome(w: {seat: number, host: string, token: string}): void,
 *   onReply(reply: object): void, onClosed(why: string): void, text(key: string): string,
 *   onNoPeek?: (msg: any) => void}} hooks ``onNoPeek``: a no-peek table's messages (np, np-deal, np-left, np-refused)
 */
export function createGuest(channel, hooks) {
  let id = 0;
  /** @type {Map<number, (reply: any) => void>} */
  const pending = new Map();
  let closed = false;

  /** @type {(kind: string, fields: Record<string, unknown>) => void} */
  const send = (kind, fields) => {
    if (channel.readyState === "open") channel.send(protocol.encode(kind, fields));
  };

  // the host hears from this page every PING_MS, and is taken as lost after LOST_MS of silence
  let heard = performance.now();
  const beat = setInterval(() => {
    if (performance.now() - heard > protocol.LOST_MS) end("lost");
    else send("ping", {});
  }, protocol.PING_MS);
  // a tab closed (or a page left) says goodbye: the host hands the seat on at once
  const bye = () => { send("bye", {}); };
  addEventListener("pagehide", bye);

  channel.onmessage = (event) => {
    heard = performance.now();
    /** @type {any} */ (globalThis).korttiTap?.(event.data); // (tests and bug reports: every message as it came)
    const got = protocol.parse(event.data, "host");
    if (!got.ok) {
      // the host runs another version of the site: said plainly; anything else is dropped
      if (got.why === "version") end("version");
      return;
    }
    const msg = got.msg;
    if (msg.kind === "welcome") hooks.onWelcome(msg);
    else if (msg.kind === "update") hooks.onReply(cleanNames({ ...msg.reply, seq: msg.seq }));
    else if (msg.kind === "answer") {
      const reply = msg.reply && typeof msg.reply === "object" && !Array.isArray(msg.reply) && msg.reply.model
        ? cleanNames({ ...msg.reply, seq: msg.seq }) : msg.reply;
      pending.get(msg.id)?.(reply);
      pending.delete(msg.id);
    } else if (msg.kind === "refused") {
      if (msg.id !== undefined) {
        pending.get(msg.id)?.({ error: hooks.text("web.friends.error.request") });
        pending.delete(msg.id);
      } else hooks.onNoPeek?.({ kind: "np-refused", why: msg.why }); // (a no-peek text of this page's: said there)
    } else if (msg.kind === "closed") end(msg.why);
    else if (msg.kind.startsWith("np")) hooks.onNoPeek?.(msg);
  };
  channel.onclose = () => end("lost");

  /** @param {string} why */
  function end(why) {
    if (closed) return;
    closed = true;
    clearInterval(beat);
    removeEventListener("pagehide", bye);
    for (const resolve of pending.values()) resolve({ error: hooks.text("web.friends.lost") });
    pending.clear();
    try { channel.close(); } catch { /* already closed */ }
    hooks.onClosed(why);
  }

  /**
   * One request to the host's table: resolves to its answer (or an error in words).
   * @param {string} name
   * @param {Array<string | string[]>} args
   * @returns {Promise<any>}
   */
  function ask(name, args) {
    if (closed) return Promise.resolve({ error: hooks.text("web.friends.lost") });
    id += 1;
    const mine = id;
    return new Promise((resolve) => {
      pending.set(mine, resolve);
      send("call", { id: mine, call: name, args });
      setTimeout(() => {
        if (pending.delete(mine)) resolve({ error: hooks.text("web.friends.slow") });
      }, ANSWER_MS);
    });
  }

  /** @type {(json: unknown) => string[]} */
  const codes = (json) => {
    try {
      const list = JSON.parse(String(json));
      return Array.isArray(list) ? list.map(String) : [];
    } catch {
      return [];
    }
  };

  send("hello", { name: hooks.name, lang: hooks.lang, token: hooks.token });

  return {
    /** table.js's calls, as engine.js's ``call`` takes them: answered by the host. */
    /** @param {string} name @param {...unknown} args @returns {Promise<any>} */
    async call(name, ...args) {
      switch (name) {
        case "act": return ask("act", [String(args[0])]);
        case "act_cards": return ask("act_cards", [String(args[0]), codes(args[1])]);
        case "check_cards": return (await ask("check_cards", [String(args[0]), codes(args[1])]))?.text ?? "";
        case "category": return (await ask("category", [codes(args[0])]))?.text ?? "";
        case "why": return ask("why", [String(args[0])]);
        case "suggest": return (await ask("suggest", []))?.sets ?? null;
        case "timeout": return ask("timeout", []);
        case "ready": return ask("ready", []); // ready for the next deal (the host deals when all are)
        case "set_language": return null; // the host's page words this seat's table in the language the friend joined in
        default: return { error: hooks.text("web.friends.guest.no") }; // hints, undo, reviews: the host's page has them
      }
    },
    /** A no-peek table: this seat's deal texts and move, for the host's relay.
     * @param {{texts: Array<{to: "all" | number, text: string}>, move?: string}} envelope */
    noPeek(envelope) { send("np", envelope); },
    /** The friend is ready for the deal (the host's room waits for everyone). */
    ready() { send("ready", {}); },
    leave() {
      send("bye", {});
      end("left");
    },
    /** This page leaves a table it will not play at, saying why to its own page. @param {string} why */
    quit(why) {
      send("bye", {});
      end(why);
    },
    get closed() { return closed; },
  };
}
