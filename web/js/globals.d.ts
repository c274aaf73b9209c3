// What the page's scripts put on window, or find there, beyond the DOM's own types.
interface Window {
  /** The table's state for tests and bug reports (app.js). */
  kortti: any;
  /** The embed frame's settings, for its test page (rules/embed.js). */
  korttiEmbed: any;
  /** Older Safari's name for AudioContext (table/sound.js). */
  webkitAudioContext: typeof AudioContext;
}
/** Put above pyodide-boot.mjs by build.py: where Pyodide is, and the memory snapshot. */
declare const PYODIDE: string;
declare const SNAPSHOT: { url: string; size: number; sha256: string };
/** A shared worker's global scope (rules/lesson-worker.js): the DOM library types every
 * file as a page, so the one name that script tests for is declared here. */
declare const SharedWorkerGlobalScope: { prototype: object; new (): object } | undefined;
