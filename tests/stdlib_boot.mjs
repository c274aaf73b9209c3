// Boots the built site's worker Python under Node through the site's own pyodide-boot.mjs
// (tests/test_stdlib.py), with the snapshot cached or not, then imports MODULES:
//   node stdlib_boot.mjs BOOT_MODULE SNAPSHOT_FILE|- MODULE...
// Prints one JSON line: how it booted, each module's file (or {error}), and what the
// console was told.
import { bootSite } from "./site_boot.mjs";

const [bootModule, snapshotFile, ...modules] = process.argv.slice(2);
const said = [];
console.info = (line) => said.push(String(line));

const py = await bootSite(bootModule, snapshotFile);
py.globals.set("modules_wanted", JSON.stringify(modules));
let files;
try {
  files = JSON.parse(py.runPython(`
import importlib, json
json.dumps({name: importlib.import_module(name).__file__ for name in json.loads(modules_wanted)})
`));
} catch (e) {
  // Python's own last line (ModuleNotFoundError: ...), not Node's print of minified code
  files = { error: String(e && e.message || e).split("\n").filter((l) => /Error: /.test(l)).pop() };
}
console.log(JSON.stringify({ kind: globalThis.korttiBoot.kind, files, said }));
