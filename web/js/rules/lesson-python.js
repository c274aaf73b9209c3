// The page's side of the Python worker: started once, on demand (an example scrolled
// into view, or a click), shared by every example on the page, and by every page and
// embed frame of the site in this browser partition: the worker is a SharedWorker (one
// Pyodide for all of them). Where there is none (Chrome on Android, for one), or it cannot
// start here, or it runs another version of the site's Python, the page gets a plain
// Worker of its own. js/lesson-worker.js describes the messages.
let client = null;

const NAME = "kortti-python"; // the shared worker's name: change it if the messages change

/** A worker and the replies it owes: send(message) → Promise of the reply. A reply with
 * an error rejects; so does the worker failing to run at all (that error has .worker set). */
function channel(shared) {
  const url = new URL("./lesson-worker.js", import.meta.url);
  const worker = shared ? new SharedWorker(url, { type: "module", name: NAME }) : new Worker(url, { type: "module" });
  const port = shared ? /** @type {SharedWorker} */ (worker).port : /** @type {Worker} */ (worker);
  const waiting = new Map();
  let next = 1;
  let broken = null;
  port.onmessage = (event) => {
    const pending = waiting.get(event.data.id);
    if (!pending) return;
    waiting.delete(event.data.id);
    if (event.data.error) pending.reject(new Error(event.data.error));
    else pending.resolve(event.data);
  };
  worker.onerror = (event) => { // the script did not load or run (a shared one: or is not allowed here)
    broken = Object.assign(new Error(event.message || "the Python worker failed"), { worker: true });
    for (const p of waiting.values()) p.reject(broken);
    waiting.clear();
  };
  return {
    shared,
    send: (message) => new Promise((resolve, reject) => {
      if (broken) return reject(broken);
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ id, ...message });
    }),
    close() {
      if (shared) /** @type {MessagePort} */ (port).close();
      else /** @type {Worker} */ (worker).terminate();
    },
  };
}

/** A worker with Python ready for this config: the shared one if it can be. */
async function open(config) {
  if (typeof SharedWorker === "function") {
    let shared = null;
    try { shared = channel(true); } catch { /* not allowed here: a plain Worker */ }
    if (shared) {
      try {
        const reply = await shared.send({ config });
        if (!reply.stale) return { worker: shared, reply };
      } catch (e) {
        if (!e.worker) throw e; // Python itself failed to start: a second worker would fail too
      }
      shared.close();
    }
  }
  const worker = channel(false);
  return { worker, reply: await worker.send({ config }) };
}

export function startPython(base, pyodide) {
  if (client) return client;
  const root = new URL(base, location.href);
  const started = performance.now();
  const opened = open({
    pyodide: new URL(pyodide, root).href,
    boot: new URL("pyodide-boot.mjs", root).href,
    zips: [new URL("engine.zip", root).href, new URL("lesson.zip", root).href],
  });
  const ready = opened.then(({ worker, reply }) => {
    performance.mark("kortti:python-ready");
    client.seconds = (performance.now() - started) / 1000;
    const html = document.documentElement;
    html.dataset.python = "ready";
    // which interpreter serves this page, and how many times it booted (for the tests)
    html.dataset.pythonWorker = `${worker.shared ? "shared" : "dedicated"} ${reply.worker}`;
    html.dataset.pythonBoots = String(reply.boots);
    html.dataset.pythonBoot = reply.boot; // "snapshot" or "plain"
    return client;
  }, (e) => {
    document.documentElement.dataset.python = "failed";
    throw e;
  });
  document.documentElement.dataset.python = "starting";
  client = {
    ready,
    seconds: null,
    async call(request) {
      const { worker } = await opened;
      await ready;
      return JSON.parse((await worker.send({ request: JSON.stringify(request) })).result);
    },
  };
  return client;
}
