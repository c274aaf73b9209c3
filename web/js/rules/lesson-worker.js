// Python for the live examples, in a worker so no page ever waits on it: Pyodide (the
// site's own copy), the engine and the lesson package.
//
// ONE interpreter for every page and embed frame of the site in a browser partition: pages
// connect to this script as a SharedWorker (js/lesson-python.js), each through a MessagePort;
// where there is no SharedWorker, each page runs it as a plain Worker of its own. The
// messages are the same either way: a page sends {id, config} first and the reply says
// Python is ready ({id, ready, worker, boots, shared}) or why not ({id, error}), or that
// this interpreter runs another version of the site's Python ({id, stale}: the page then
// uses a plain Worker); then {id, request} (JSON text) gets {id, result} (JSON text) or
// {id, error}. Sharing is safe: lesson.call keeps no state between calls (each request
// carries its whole record; bots are seeded per call), and calls run one at a time.
// (Change the SharedWorker's name in lesson-python.js if these messages ever change.)
// (SharedWorkerGlobalScope exists only in a shared worker: globals.d.ts declares it)
const SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
const WORKER = Math.random().toString(36).slice(2, 10); // names this interpreter in replies
let boots = 0; // how many times this worker started Pyodide (1, unless a boot failed)
let pyodide = null; // Promise of the interpreter
let ready = null; // Promise of {call, key, zips} once a boot has begun; null again if it failed

const message = (e) => String((e && e.message) || e);
const keyOf = (config) => JSON.stringify([config.pyodide, config.boot, config.zips]);

async function fetchZips(urls) {
  return Promise.all(urls.map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
}

async function boot(config) {
  if (!pyodide) {
    boots += 1;
    // the site's boot module restores the table's memory snapshot when this device has it
    // (a return visit: Python is up in a fraction of the time), else boots plainly
    pyodide = config.boot
      ? import(config.boot).then(({ loadPyodide }) => loadPyodide({}))
      : import(config.pyodide + "pyodide.mjs").then(({ loadPyodide }) => loadPyodide({ indexURL: config.pyodide }));
    pyodide.catch(() => { pyodide = null; });
  }
  const py = await pyodide;
  const zips = await fetchZips(config.zips);
  for (const zip of zips) py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide" });
  py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')\nimport lesson");
  return { call: py.pyimport("lesson").call, key: keyOf(config), zips };
}

/** Whether the booted interpreter runs what a page asking with this config would get:
 * after the site is updated, a page of the new version may find the worker an old page
 * still keeps alive. The zips are small, and come from the cache. Offline: assume so. */
async function current(booted, config) {
  if (booted.key !== keyOf(config)) return false;
  let zips;
  try { zips = await fetchZips(config.zips); } catch { return true; }
  return zips.every((z, i) => z.length === booted.zips[i].length && z.every((b, j) => b === booted.zips[i][j]));
}

async function handle(data, reply) {
  const { id, config, request } = data;
  if (config) {
    try {
      const first = !ready;
      if (first) {
        ready = boot(config);
        ready.catch(() => { ready = null; }); // every waiting caller hears why; the next one retries
      }
      const booted = await ready;
      if (!first && !(await current(booted, config))) return reply({ id, stale: true });
      reply({ id, ready: true, worker: WORKER, boots, shared: SHARED, boot: globalThis.korttiBoot?.kind ?? "plain" });
    } catch (e) {
      reply({ id, error: message(e) });
    }
    return;
  }
  try {
    if (!ready) throw new Error("Python was not started");
    const { call } = await ready;
    reply({ id, result: call(request) });
  } catch (e) {
    reply({ id, error: message(e) });
  }
}

if (SHARED) {
  /** @type {any} */ (self).onconnect = (/** @type {MessageEvent} */ event) => {
    const port = event.ports[0];
    port.onmessage = (m) => handle(m.data, (answer) => port.postMessage(answer));
  };
} else {
  self.onmessage = (m) => handle(m.data, (answer) => self.postMessage(answer));
}
