// Boots the built site's worker Python under Node through the site's own pyodide-boot.mjs
// (tests/test_snapshot.py): node snapshot_boot.mjs BOOT_MODULE [SNAPSHOT_FILE|-]
// (site_boot.mjs; "-": no snapshot cached). Prints one JSON line: how it booted, why, whether
// the table's Python was already imported, and a draw from Python's unseeded random module.
import { bootSite } from "./site_boot.mjs";

const [bootModule, snapshotFile = "-"] = process.argv.slice(2);
const py = await bootSite(bootModule, snapshotFile);
const out = py.runPython(`
import json, random, sys
json.dumps({"imported": "table.controller" in sys.modules and "engine.bots.kocka.hard" in sys.modules,
            "draw": random.getrandbits(64)})
`);
console.log(JSON.stringify({ ...globalThis.korttiBoot, ...JSON.parse(out) }));
