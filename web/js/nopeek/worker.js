// The page's no-peek deal, in a module worker of its own: every curve operation (a shuffle
// stage, a seat's shares, the audit) runs here, so the page's main thread never waits on one
// (issue 50: "the curve work in a worker"). The page sends operations and gets back what
// session.js returns: the texts to send and the events to show. One deal at a time: "deal"
// starts a new session and forgets the last.
//
//   page -> worker: {id, op: "deal", options}            a new DealSession(options), then start()
//                   {id, op: "receive", args: [seat, text]}
//                   {id, op: "show" | "hide" | "give" | "commit" | "open" | "left" | "finish" | "approve"
//                        | "openPassedTo", args}          (openPassedTo: a leaver's passed-in cards, at the exchange)
//                   {id, op: "waiting"}                   the seats the deal waits on (session.waitingOn)
//   worker -> page: {id, send: [{to, text}], events: [...], waiting?: [seats]}  or  {id, error}
// After each reply the session does what work it can ahead (session.idle()), before the next.
//
// Listening first: an operation that comes while the modules load waits for them, not lost.

/** @typedef {{id: number, op: string, options?: any, args?: unknown[]}} Operation */

const OPS = new Set(["receive", "show", "hide", "give", "commit", "open", "left", "finish", "approve", "openPassedTo"]);
const loaded = import("./session.js");
/** @type {any} the deal's session, or null before the first */
let session = null;
/** @type {Promise<unknown>} the operations, one at a time, in the order they came */
let queue = Promise.resolve();

onmessage = (/** @type {MessageEvent<Operation>} */ event) => {
  const { id, op, options, args } = event.data;
  queue = queue.then(async () => {
    try {
      const { DealSession } = await loaded;
      let out;
      if (op === "deal") {
        session = new DealSession(options);
        out = session.start();
      } else if (op === "waiting") {
        out = { send: [], events: [], waiting: session?.waitingOn() ?? [] };
      } else if (OPS.has(op) && session) {
        out = session[op](...(args ?? []));
      } else {
        throw new Error(session ? `no operation ${op}` : "no deal yet");
      }
      postMessage({ id, send: out?.send ?? [], events: out?.events ?? [], ...(out?.waiting ? { waiting: out.waiting } : {}) });
    } catch (error) {
      postMessage({ id, error: String(error) });
      return;
    }
    try {
      session?.idle(); // the work it can do ahead, while the texts just sent travel
    } catch (error) {
      console.error("no-peek: the work ahead failed (it is done when needed instead)", error);
    }
  });
};
