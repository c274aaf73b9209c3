// The page's side of the Python worker (web/worker.py, PyScript's named worker "engine"):
// Pyodide, the engine, the bots and the table controller boot and run there, never on the
// page's main thread. Every call is a request with a JSON reply; nothing waits on Python
// but the promise of that reply.
/** @typedef {Record<string, (...args: unknown[]) => Promise<string | null | undefined>>} Exports the worker's */
/** @type {any} PyScript's <script> (its ``xworker`` is PyScript's) */
const script = document.querySelector('script[type="py"][name="engine"]');
/** @type {Promise<Exports> | null} the worker's exports, once PyScript has started it */
let booted = null;

function worker() {
  if (booted) return booted;
  booted = new Promise((resolve, reject) => {
    const poll = () => {
      // PyScript gives the <script> its xworker as soon as core.js has looked at the page
      if (script.xworker) return script.xworker.ready.then(() => resolve(script.xworker.sync), reject);
      setTimeout(poll, 20);
    };
    poll();
  });
  return booted;
}

/** The files the worker fetches as it boots (build.py lists them in the page), fetched now
 * into the HTTP cache, where the worker finds them (a request of the worker's for a file
 * still coming joins that download): on a phone's link the worker asks for them only
 * seconds later, after PyScript's chain of small requests. A page the service worker
 * controls has them at hand already: nothing is fetched then. Each body is read to its
 * end and dropped (a download cut short would not be kept). */
export function prefetchWorkerFiles() {
  if (navigator.serviceWorker?.controller) return;
  const list = document.getElementById("worker-files");
  /** @type {string[]} */
  let paths = [];
  try { paths = JSON.parse(list?.textContent ?? "[]"); } catch { return; }
  for (const path of paths) {
    fetch(path).then((r) => r.body?.pipeTo(new WritableStream())).catch(() => { /* the worker asks again */ });
  }
}

/** The rest of this work in a task of its own: the worker's reply arrives in PyScript's
 * message handler, and parsing and drawing it there made one long task of both. */
function nextTask() {
  const scheduler = /** @type {any} */ (globalThis).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((go) => setTimeout(go, 0));
}

// A friends table (web/js/net/): on a friend's page the table's calls go to the host's
// page, not to Python (the friend needs none); on the host's page every reply's
// ``guests`` (each friend's own table) is taken out here and sent on.
/** @type {{call(name: string, ...args: unknown[]): Promise<any>} | null} */
let remote = null;
/** @type {((guests: Record<string, object>, reply: object) => void) | null} */
let relay = null;

/**
 * A friend's page: ``r.call(name, ...args)`` answers the table's calls from now on (null: Python again).
 * @param {{call(name: string, ...args: unknown[]): Promise<any>} | null} r
 */
export function useRemote(r) { remote = r; }

/**
 * The host's page: ``fn(guests)`` gets each friend's reply, by seat, from every reply that has them.
 * @param {((guests: Record<string, object>, reply: object) => void) | null} fn
 */
export function relayGuests(fn) { relay = fn; }

/**
 * A call into the worker: resolves to the parsed JSON reply.
 * @param {string} name
 * @param {...unknown} args
 * @returns {Promise<any>}
 */
export async function call(name, ...args) {
  if (remote) return remote.call(name, ...args);
  return callPython(name, ...args);
}

/**
 * A call into this page's own Python worker, whoever answers the table's calls (a no-peek
 * table's page runs its seat's match here and takes some calls itself: net/nopeek-table.js).
 * @param {string} name
 * @param {...unknown} args
 * @returns {Promise<any>}
 */
export async function callPython(name, ...args) {
  const sync = await worker();
  const text = await sync[name](...args);
  await nextTask();
  const reply = text === undefined || text === null ? null : JSON.parse(text);
  // and the caller's drawing in another: the parse of a table's reply and its drawing in
  // one task were the longest task of a deal (114 ms on the loaded 2-core test machine)
  await nextTask();
  if (reply && typeof reply === "object" && reply.guests) {
    const guests = reply.guests;
    delete reply.guests;
    relay?.(guests, reply);
  }
  return reply;
}

/**
 * Python is ready: the worker booted and took the page's words (``init``: the catalogues the page
 * has, the words read across languages).
 * @param {{messages: object, across: object, lang: string, games: unknown}} data
 */
export function boot(data) {
  // (this page's own Python, whoever answers the table's calls: a friend's page boots it for
  // a no-peek table while the host's page still answers the rest)
  const ready = callPython("init", JSON.stringify(data));
  // then the bots, while the reader is still in the lobby (a long import, in the worker)
  ready.then(() => callPython("warm", JSON.stringify(data.games))).catch(() => {});
  return ready;
}
