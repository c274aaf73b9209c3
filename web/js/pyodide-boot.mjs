// PyScript's interpreter module for the page's worker (pyscript.json "interpreter"):
// Pyodide's own loadPyodide, with three things added. build.py puts PYODIDE (the pinned
// Pyodide's folder), SNAPSHOT ({url, size, sha256}), STDLIB ({url, full, missing}) and
// FALLBACK_PY (web/stdlib_fallback.py's text) above this line.
//
// 1. A return visit restores Python from the memory snapshot build.py made (engine, bots
//    and table controller already imported: web/snapshot_imports.py) instead of starting
//    the interpreter and importing. The snapshot is used only if it is already on this
//    device (the service worker's cache or the HTTP cache): a first visit never waits for
//    its download, it boots plainly and the service worker fetches the snapshot after the
//    page is ready (js/pwa.js). Whatever goes wrong (no snapshot, a damaged one, another
//    Pyodide build, a restore that throws) ends in a plain boot, never in no boot.
// 2. Pyodide's wasm is left to the browser's HTTP cache, where V8 keeps its compiled code
//    between visits (from the service worker's cache it would be compiled at every visit):
//    sw.js does not answer that request. Offline, when the network cannot answer it, the
//    same file is asked for again with "?offline", which sw.js answers from its cache.
// 3. The standard library is the build's cut (STDLIB.url: only what the page's Python was
//    found to reach, a fraction of the full python_stdlib.zip's bytes on a first visit). An
//    import of a module it left out (STDLIB.missing) fetches the full one in its place and
//    goes on (web/stdlib_fallback.py): never an ImportError for a module Pyodide has.
const pyodide = await import(PYODIDE + "pyodide.mjs");
export const version = pyodide.version;

const index = new URL(PYODIDE, import.meta.url);
// a file: URL is a path to Pyodide under Node (where tests/test_snapshot.py runs this module)
const INDEX_URL = index.protocol === "file:" ? decodeURIComponent(index.pathname) : index.href;
const WASM = "pyodide.asm.wasm";
const stdlibURL = new URL(STDLIB.url, import.meta.url);
const STDLIB_URL = stdlibURL.protocol === "file:" ? decodeURIComponent(stdlibURL.pathname) : stdlibURL.href;
// Node's file system, for the fallback under Node only (tests/test_stdlib.py); named in a
// variable, so TypeScript (checking the page's JS) does not look for Node's types
const NODE_FS = "node:fs";
const nodeFs = index.protocol === "file:" ? await import(NODE_FS) : null;

/** The full standard library's bytes, synchronously (an import cannot wait; a worker may block). */
function fullLibrary() {
  const url = new URL(STDLIB.full, import.meta.url);
  if (nodeFs) return new Uint8Array(nodeFs.readFileSync(url));
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url.href, false);
  xhr.responseType = "arraybuffer";
  xhr.send();
  if (xhr.status !== 200) throw new Error(`${url.pathname}: ${xhr.status}`);
  return new Uint8Array(xhr.response);
}

/** Puts the finder that fetches the full library on a miss last on sys.meta_path. */
function withFallback(py) {
  const ns = py.toPy({});
  try {
    py.runPython(FALLBACK_PY, { globals: ns });
    const install = ns.get("install");
    install(fullLibrary, JSON.stringify(STDLIB.missing), (line) => console.info(line));
    install.destroy();
  } finally {
    ns.destroy();
  }
  return py;
}

/** How the last boot went (read by worker.py's init, for the page, the tests and the bench). */
globalThis.korttiBoot = { kind: "plain", why: "" };

/** The snapshot's bytes if this device already has them and they are the build's, else null
 * with the reason. Never downloads: the service worker's cache is read directly (this
 * worker may start before the service worker controls it), then the HTTP cache with
 * "only-if-cached", which answers from the cache or fails at once. */
/** @returns {Promise<[Uint8Array | null, string]>} */
async function cachedSnapshot() {
  const url = new URL(SNAPSHOT.url, import.meta.url).href;
  let response;
  try {
    response = await globalThis.caches?.match(url);
  } catch { /* no Cache Storage here (a private window, say): try the HTTP cache */ }
  if (!response) {
    try {
      response = await fetch(url, { cache: "only-if-cached", mode: "same-origin" });
    } catch {
      return [null, "not cached"];
    }
  }
  if (!response.ok) return [null, `not cached (${response.status})`];
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length !== SNAPSHOT.size) return [null, `damaged (${bytes.length} bytes, not ${SNAPSHOT.size})`];
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== SNAPSHOT.sha256) return [null, "damaged (checksum)"];
  return [bytes, ""];
}

/** fetch, except that Pyodide's wasm falls back to the service worker's copy offline. */
function wasmFetch(plain) {
  return (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!new URL(url).pathname.endsWith(WASM)) return plain(input, init);
    return plain(input, init).catch(() => plain(url + "?offline", init));
  };
}

async function load(options) {
  const plain = globalThis.fetch;
  globalThis.fetch = wasmFetch(plain); // Pyodide starts its wasm fetch inside loadPyodide
  try {
    return await pyodide.loadPyodide(options);
  } finally {
    globalThis.fetch = plain;
  }
}

export async function loadPyodide(options = {}) {
  const base = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  const [snapshot, why] = await cachedSnapshot();
  if (snapshot) {
    try {
      const py = await load({ ...base, _loadSnapshot: snapshot });
      delete py._api.config._loadSnapshot; // Pyodide would keep the 30 MB alive
      // the snapshot froze the random module's state: every restore gets a fresh one
      const random = py.pyimport("random");
      random.seed();
      random.destroy();
      globalThis.korttiBoot = { kind: "snapshot", why: "" };
      return withFallback(py);
    } catch (e) {
      globalThis.korttiBoot = { kind: "plain", why: `restore failed: ${e && e.message ? e.message.split("\n")[0] : e}` };
    }
  } else {
    globalThis.korttiBoot = { kind: "plain", why };
  }
  return withFallback(await load(base));
}
