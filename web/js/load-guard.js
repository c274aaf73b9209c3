// The guard in the head of the site's pages that run module scripts (the table, the rules
// pages, the embed frame, the authors' test page), inlined there by the build: a file of
// its own could fail to arrive like the rest. A page whose module scripts did not arrive
// would never start, and would say nothing: a request the browser cut (seen rarely as
// net::ERR_ABORTED), one that never answers, a file missing offline. It loads once more;
// if they fail again within a minute, it says so on the page and loads no more.
// A module script's failed fetch fires "error" on its element (no bubbling: caught on the
// way down); an exception inside a script does not. A page the service worker answers has
// its scripts in a moment: if the page's own module has not run 10 s on, it is stuck.

/**
 * @param {() => unknown} ready whether the page's own module has run
 * @param {() => void} say shows the page's words for "some files did not load"
 */
function korttiLoadGuard(ready, say) {
  let done = false;
  /** @param {string} why */
  const again = (why) => {
    if (done) return;
    done = true;
    console.warn(`kortti: ${why}`); // (a test's report lists it; the page itself goes on)
    const key = `kortti-reloaded-at ${location.pathname}`; // a frame's reload is not its page's
    const url = new URL(location.href);
    let last = 0;
    try {
      last = Number(sessionStorage.getItem(key)) || 0;
      sessionStorage.setItem(key, String(Date.now()));
    } catch { // storage off, as in a frame in another site's page: the address says it instead
      if (url.searchParams.has("again")) last = Date.now();
      url.searchParams.set("again", ""); // (the service worker answers by path: offline too)
    }
    if (Date.now() - last <= 60000) { // failed again: say so, once the page is there to say it in
      if (document.readyState === "loading") addEventListener("DOMContentLoaded", say, { once: true });
      else say();
    } else if (url.href === location.href) location.reload(); // (replace() would only move to its #hash)
    else location.replace(url);
  };
  addEventListener("error", (event) => {
    const script = event.target;
    if (script instanceof HTMLScriptElement && script.type === "module") again(`${script.src} did not load`);
  }, true);
  if (navigator.serviceWorker?.controller) setTimeout(() => ready() || again("the page's script has not run 10 s on"), 10000);
}

/**
 * The message where a page of text (a rules page, the authors' test page) shows it: first
 * in its main content, above what still reads without the script.
 * @param {string} text
 */
function korttiSayAboveMain(text) {
  const p = Object.assign(document.createElement("p"), { className: "load-failed", textContent: text });
  p.setAttribute("role", "alert");
  document.querySelector("main").prepend(p);
}
