// Makes the worker's memory snapshot under Node (build.py runs it):
//   node snapshot.mjs PYODIDE_DIR OUT_FILE IMPORTS_PY STDLIB_ZIP ZIP...
// Boots the pinned Pyodide with _makeSnapshot and the page's standard library (STDLIB_ZIP,
// the cut one: a restored heap has read its directory, so the page must mount the same), unpacks the zips where PyScript's
// `files` will put them (/home/pyodide), runs IMPORTS_PY (the imports the worker would
// do: engine, bots, table controller) and writes Pyodide's memory snapshot. The page's
// worker restores from it instead of starting Python and importing (js/pyodide-boot.mjs).
//
// Same inputs, same bytes: the hash seed is 0 and every source of entropy or time the
// interpreter reads while the snapshot is made is fixed here, never the machine's.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, out, importsFile, stdlib, ...zips] = process.argv.slice(2);
if (!dir || !out || !importsFile || !stdlib) {
  console.error("usage: node snapshot.mjs PYODIDE_DIR OUT_FILE IMPORTS_PY STDLIB_ZIP ZIP...");
  process.exit(2);
}

// entropy: a fixed stream (xorshift32) instead of the machine's, for reproducible bytes
let state = 0x2545f491;
globalThis.crypto.getRandomValues = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    bytes[i] = state & 0xff;
  }
  return array;
};
// clocks: frozen (import times, time.time() at import) so nothing time-dependent differs
const EPOCH = Date.UTC(2026, 0, 1);
Date.now = () => EPOCH;
performance.now = () => 0;

const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const quiet = () => {};
const py = await loadPyodide({
  indexURL: `${dir}/`,
  stdLibURL: stdlib,
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0", HOME: "/home/pyodide" },
  stdout: quiet,
  stderr: (line) => console.error(line),
});
// the zips go in as bytes and are unpacked by Python's zipfile: unpackArchive would
// leave JS objects in the heap, which a snapshot may not hold
zips.forEach((zip, i) => py.FS.writeFile(`/tmp/snapshot-${i}.zip`, new Uint8Array(readFileSync(zip))));
py.runPython(`
import os, sys, zipfile
for i in range(${zips.length}):
    with zipfile.ZipFile(f"/tmp/snapshot-{i}.zip") as z:
        z.extractall("/home/pyodide")
    os.remove(f"/tmp/snapshot-{i}.zip")
os.chdir("/home/pyodide")
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
del i, z
`);
// the imports run in a namespace of their own: __main__ is left as a plain boot leaves it
py.FS.writeFile("/tmp/snapshot_imports.py", readFileSync(importsFile));
py.runPython(`
with open("/tmp/snapshot_imports.py") as f:
    exec(compile(f.read(), "snapshot_imports.py", "exec"), {"__name__": "snapshot_imports"})
del f
import os
os.remove("/tmp/snapshot_imports.py")
del os
# the random module seeded itself from Emscripten's entropy (the machine's, under Node):
# a fixed state here, and a fresh one in the page after every restore (pyodide-boot.mjs)
import random
random.seed(0)
del random
`);
const snapshot = py.makeMemorySnapshot();

// a snapshot that cannot be restored would only ever fall back to a plain boot: say so now.
// (Pyodide restores into its initial heap of 30 MiB; a heap that grew larger does not fit.)
try {
  const restored = await loadPyodide({ indexURL: `${dir}/`, stdLibURL: stdlib, _loadSnapshot: snapshot, stdout: quiet });
  if (!restored.runPython(`import sys; "table.controller" in sys.modules`)) throw new Error("the table is not imported");
} catch (e) {
  console.error(`the snapshot (${snapshot.length} bytes) does not restore: ${String(e && e.message || e).split("\n")[0]}`);
  process.exit(1);
}
writeFileSync(out, snapshot);
