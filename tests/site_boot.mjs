// The built site's worker Python booted under Node through the site's own pyodide-boot.mjs
// (tests/snapshot_boot.mjs, tests/stdlib_boot.mjs). Cache Storage is stood in for by a map
// holding SNAPSHOT_FILE under the snapshot's URL ("-": nothing cached).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Pyodide booted by BOOT_MODULE (the site's pyodide-boot.mjs), with SNAPSHOT_FILE "cached" or not. */
export async function bootSite(bootModule, snapshotFile = "-") {
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
  return loadPyodide({ stdout: () => {}, stderr: () => {} });
}
