// The quick match's own connections to the Nostr relays: one WebSocket per relay, one
// subscription (the lobby's filter), and the page's few events published to each relay
// that is open. Trystero keeps its own sockets for the table codes; these carry only the
// lobby's events (quick-lobby.js makes and checks them), so that the page can check each
// event heard itself, signature and proof of work included.
//
// Kind to the relays: a socket that closes is opened again after a growing wait (5 s, then
// doubling, at most a minute), never in a tight loop, and every socket closes with the pool.

/** A relay that has not answered by then, with none other open, is said to be out of reach (ms). */
export const RELAY_CHECK_MS = 8000;
const RETRY_MS = [5_000, 10_000, 20_000, 40_000, 60_000];
const SUBSCRIPTION = "kortti-quick";

/**
 * @typedef {{publish(event: object): number, close(): void, readonly open: number}} Pool
 */

/**
 * Connect to ``urls`` and subscribe with ``filter`` (a NIP-01 filter, or one made at each
 * (re)connection: a ``since`` stays fresh).
 * ``onMessage(data)``: every message a relay sends, as it came (a string; the caller checks
 * it); ``onOpen()``: a relay is open (the first, or one back); ``onError("relays")``: none
 * answered within RELAY_CHECK_MS.
 * @param {string[]} urls
 * @param {{filter: () => object, onMessage: (data: unknown) => void, onOpen?: () => void,
 *   onError?: (why: string) => void}} options
 * @returns {Pool}
 */
export function relayPool(urls, options) {
  let closed = false;
  /** @type {Set<WebSocket>} */
  const open = new Set();
  /** @type {Set<WebSocket>} */
  const sockets = new Set();
  /** @type {Set<ReturnType<typeof setTimeout>>} */
  const timers = new Set();

  /** @param {string} url @param {number} failures */
  function connect(url, failures) {
    if (closed) return;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch {
      return; // (a malformed address: the settings keep only ws:// and wss://)
    }
    sockets.add(ws);
    let opened = false;
    ws.onopen = () => {
      opened = true;
      open.add(ws);
      ws.send(JSON.stringify(["REQ", SUBSCRIPTION, options.filter()]));
      options.onOpen?.();
    };
    ws.onmessage = (event) => { if (!closed) options.onMessage(event.data); };
    ws.onclose = () => {
      open.delete(ws);
      sockets.delete(ws);
      if (closed) return;
      const next = opened ? 0 : failures + 1;
      const timer = setTimeout(() => { timers.delete(timer); connect(url, next); }, RETRY_MS[Math.min(next, RETRY_MS.length - 1)]);
      timers.add(timer);
    };
  }

  for (const url of urls) connect(url, 0);
  const check = setTimeout(() => { if (!closed && !open.size) options.onError?.("relays"); }, RELAY_CHECK_MS);

  return {
    /** The event sent to every relay open now: how many that is. @param {object} event */
    publish(event) {
      const text = JSON.stringify(["EVENT", event]);
      for (const ws of open) ws.send(text);
      return open.size;
    },
    close() {
      closed = true;
      clearTimeout(check);
      for (const timer of timers) clearTimeout(timer);
      for (const ws of sockets) {
        try {
          if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(["CLOSE", SUBSCRIPTION]));
          ws.close();
        } catch { /* already closing */ }
      }
      sockets.clear();
      open.clear();
    },
    get open() { return open.size; },
  };
}
