// What the page's scripts put on window, or find there, beyond the DOM's own types.
interface Window {
  /** The table's state for tests and bug reports (app.js). */
  kortti: any;
  /** The embed frame's settings, for its test page (rules/embed.js). */
  korttiEmbed: any;
  /** Older Safari's name for AudioContext (table/sound.js). */
  webkitAudioContext: typeof AudioContext;
}
/** Put above pyodide-boot.mjs by build.py: where Pyodide is, the memory snapshot, the cut
 * standard library (and the full one, with the modules the cut leaves out), and the Python
 * of the fallback to the full one (web/stdlib_fallback.py). */
declare const PYODIDE: string;
declare const SNAPSHOT: { url: string; size: number; sha256: string };
declare const STDLIB: { url: string; full: string; missing: string[] };
declare const FALLBACK_PY: string;
/** A shared worker's global scope (rules/lesson-worker.js): the DOM library types every
 * file as a page, so the one name that script tests for is declared here. */
declare const SharedWorkerGlobalScope: { prototype: object; new (): object } | undefined;
