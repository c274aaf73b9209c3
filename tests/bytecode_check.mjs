// Unpacks the page's zips as shipped (compiled, build.py's with_bytecode) in the pinned
// Pyodide under Node, where the page unpacks them, and reports (tests/test_bytecode.py):
//   node bytecode_check.mjs PYODIDE_DIR PLAY_PY SHIPPED_ZIP SOURCE_ZIP [SHIPPED_ZIP SOURCE_ZIP]...
// for every module of the shipped zips: how it was loaded, and whether the source hash in
// its .pyc is the hash of the source zip's file of the same name; then what PLAY_PY prints
// (a few deals played by the engine and the bots from the compiled modules).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, play, ...pairs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
let printed = "";
const py = await loadPyodide({ indexURL: `${dir}/`, stdout: (line) => { printed += line + "\n"; } });
for (let i = 0; i < pairs.length; i += 2) {
  py.FS.writeFile(`/tmp/shipped-${i / 2}.zip`, new Uint8Array(readFileSync(pairs[i])));
  py.FS.writeFile(`/tmp/source-${i / 2}.zip`, new Uint8Array(readFileSync(pairs[i + 1])));
}
py.FS.writeFile("/tmp/play.py", readFileSync(play));
const report = py.runPython(`
import importlib, importlib.util, json, os, sys, zipfile

os.makedirs("/home/pyodide", exist_ok=True)
os.chdir("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
modules = {}
for i in range(${pairs.length / 2}):
    with zipfile.ZipFile(f"/tmp/shipped-{i}.zip") as z:
        z.extractall("/home/pyodide")
        shipped = {n: z.read(n) for n in z.namelist()}
    with zipfile.ZipFile(f"/tmp/source-{i}.zip") as z:
        source = {n: z.read(n) for n in z.namelist()}
    for name, data in shipped.items():
        if name.endswith(".pyc"):
            module = name[:-4].replace("/", ".").removesuffix(".__init__")
            modules[module] = {"source_hash_matches": data[8:16] == importlib.util.source_hash(source.get(name[:-1], b"")),
                               "flags": int.from_bytes(data[4:8], "little")}
for module, facts in modules.items():
    facts["loader"] = type(importlib.import_module(module).__loader__).__name__
with open("/tmp/play.py") as f:
    exec(compile(f.read(), "play.py", "exec"), {"__name__": "play"})
json.dumps(modules)
`);
console.log(JSON.stringify({ modules: JSON.parse(report), played: printed }));
