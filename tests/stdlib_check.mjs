// Runs Python in the pinned Pyodide under Node with a given standard library mounted and
// nothing else to fall back on (tests/test_stdlib.py):
//   node stdlib_check.mjs PYODIDE_DIR STDLIB_ZIP CODE_PY GLOBALS_JSON ZIP...
// The zips are unpacked where PyScript's `files` puts them; CODE_PY runs with GLOBALS_JSON's
// names set, and its last printed line is printed (or {error}: the traceback's last lines).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, stdlib, codeFile, globalsFile, ...zips] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const lines = [];
const py = await loadPyodide({ indexURL: `${dir}/`, stdLibURL: stdlib, stdout: (l) => lines.push(l) });
for (const zip of zips) py.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: "/home/pyodide" });
py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
for (const [name, value] of Object.entries(JSON.parse(readFileSync(globalsFile, "utf-8")))) {
  py.globals.set(name, py.toPy(value));
}
try {
  await py.runPythonAsync(readFileSync(codeFile, "utf-8"));
  console.log(lines.at(-1));
} catch (e) {
  // Python's own lines (the traceback's end), not Node's print of minified code
  console.log(JSON.stringify({ error: String(e && e.message || e).trim().split("\n").slice(-4).join("\n") }));
}
