// Finds the standard modules the page's Python reaches, under Node with the pinned
// Pyodide and its FULL standard library (build.py runs it, then cuts python_stdlib.zip to
// them):   node stdlib.mjs PYODIDE_DIR OUT_JSON REACH_PY CONTEXT_JSON WORKER_PY ZIP...
// The zips are unpacked where PyScript's `files` puts them (by Pyodide's unpackArchive,
// as PyScript does), WORKER_PY is put beside them as the module `worker`, and REACH_PY
// (web/stdlib_reach.py) runs through runPythonAsync (as PyScript runs the worker): its
// main, given CONTEXT_JSON's names as arguments. OUT_JSON gets the standard library's files of every
// module then loaded from it (paths inside the zip), Pyodide's own boot imports included.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, out, reachFile, contextFile, workerFile, ...zips] = process.argv.slice(2);
if (!dir || !out || !reachFile || !contextFile || !workerFile) {
  console.error("usage: node stdlib.mjs PYODIDE_DIR OUT_JSON REACH_PY CONTEXT_JSON WORKER_PY ZIP...");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const py = await loadPyodide({
  indexURL: `${dir}/`,
  env: { PYTHONHASHSEED: "0", HOME: "/home/pyodide" },
  stdout: () => {},
  stderr: (line) => console.error(line),
});
for (const zip of zips) py.unpackArchive(new Uint8Array(readFileSync(zip)), "zip", { extractDir: "/home/pyodide" });
py.FS.writeFile("/home/pyodide/worker.py", readFileSync(workerFile));
py.FS.writeFile("/tmp/reach.py", readFileSync(reachFile));
py.FS.writeFile("/tmp/context.json", readFileSync(contextFile));
await py.runPythonAsync(`
import json, sys
if "/home/pyodide" not in sys.path:
    sys.path.insert(0, "/home/pyodide")
with open("/tmp/reach.py") as f:
    reach = {"__name__": "stdlib_reach"}
    exec(compile(f.read(), "stdlib_reach.py", "exec"), reach)
with open("/tmp/context.json") as f:
    await reach["main"](**json.load(f))
`);
const files = py.runPython(`
import sys
stdlib = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
# frozen modules (os, codecs, importlib._bootstrap...) name their file but never read it
json.dumps(sorted({m.__file__[len(stdlib):] for m in list(sys.modules.values())
                   if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(stdlib)
                   and getattr(m.__spec__, "origin", None) != "frozen"}))
`);
writeFileSync(out, files);
