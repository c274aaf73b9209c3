// Boots the built site's worker Python under Node through the site's own pyodide-boot.mjs
// (tests/test_snapshot.py): node snapshot_boot.mjs BOOT_MODULE [SNAPSHOT_FILE|-]
// Cache Storage is stood in for by a map holding SNAPSHOT_FILE under the snapshot's URL
// ("-": nothing cached). Prints one JSON line: how it booted, why, whether the table's
// Python was already imported, and a draw from Python's unseeded random module.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [bootModule, snapshotFile = "-"] = process.argv.slice(2);
const url = pathToFileURL(bootModule).href;
const text = readFileSync(bootModule, "utf-8");
const snapshotURL = new URL(JSON.parse(text.match(/^const SNAPSHOT = (.*);$/m)[1]).url, url).href;

globalThis.caches = {
  async match(request) {
    const key = String(request instanceof Request ? request.url : request);
    if (snapshotFile === "-" || key !== snapshotURL) return undefined;
    return new Response(readFileSync(snapshotFile));
  },
};

const { loadPyodide } = await import(url);
const py = await loadPyodide({ stdout: () => {}, stderr: () => {} });
const out = py.runPython(`
import json, random, sys
json.dumps({"imported": "table.controller" in sys.modules and "engine.bots.kocka.hard" in sys.modules,
            "draw": random.getrandbits(64)})
`);
console.log(JSON.stringify({ ...globalThis.korttiBoot, ...JSON.parse(out) }));
